"""Cells of the tableau: keys, enumeration from the data, the cell that decides a step."""

from __future__ import annotations

import itertools

import pytest

from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.coup import Coup
from baccarat.core.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Action, Side, Tableau
from baccarat.learn.cells import (
    Cell,
    CellKind,
    banker_cells,
    cell_action,
    cell_of_step,
    check_quiz_tableau,
    hard_cells,
    hard_rows,
    natural_cells,
    player_cells,
    total_cells,
)
from baccarat.learn.errors import LearnError
from support.rules_oracle import banker_draws_by_the_book

ALL_CELLS = banker_cells() + player_cells() + natural_cells() + total_cells()


def test_the_banker_table_has_a_cell_per_total_and_third_card_and_one_for_player_stood() -> None:
    cells = banker_cells()
    assert len(cells) == 8 * 11 == len(set(cells))
    assert {c.total for c in cells} == set(range(8))
    assert sum(c.kind is CellKind.BANKER_STOOD for c in cells) == 8


def test_hard_cells_are_banker_3_to_6_against_a_third_card() -> None:
    assert hard_rows() == (3, 4, 5, 6)
    assert {(c.total, c.player_third) for c in hard_cells()} == {
        (t, v) for t in (3, 4, 5, 6) for v in range(10)
    }


def test_hard_rows_follow_the_data() -> None:
    # A variant whose Banker 6 always stands has one hard row fewer: no code change needed.
    rows = {t: "".join(a.value[0].upper() for a in PUNTO_BANCO.banker[t]) for t in range(10)}
    rows[6] = "S" * 10
    variant = Tableau.from_rows("v", player="DDDDDDSSSS", banker_player_stood="DDDDDDSSSS",
                                banker=rows)  # fmt: skip
    assert hard_rows(variant) == (3, 4, 5)


def test_every_key_reads_back_to_its_cell() -> None:
    assert len({c.key for c in ALL_CELLS}) == len(ALL_CELLS)
    for cell in ALL_CELLS:
        assert Cell.parse(cell.key) == cell


@pytest.mark.parametrize(
    "key", ["", "banker", "banker:3", "banker:3:10", "banker:x:1", "player:8:1", "player:10",
            "natural:-1", "total:19", "total:1x", "Banker:3:1", "banker:3:stood:1", "player: 3"],
)  # fmt: skip
def test_bad_keys_are_refused_quoting_the_key(key: str) -> None:
    with pytest.raises(LearnError, match="unknown cell"):
        Cell.parse(key)


@pytest.mark.parametrize(
    "args",
    [(CellKind.PLAYER, 10), (CellKind.TOTAL, 19), (CellKind.PLAYER, 3, 4),
     (CellKind.BANKER_THIRD, 3), (CellKind.BANKER_THIRD, 3, 10), (CellKind.NATURAL, True)],
)  # fmt: skip
def test_impossible_cells_are_refused(
    args: tuple[CellKind, int] | tuple[CellKind, int, int],
) -> None:
    with pytest.raises(LearnError):
        Cell(*args)


def test_cell_actions_agree_with_the_rules_as_the_seed_pages_state_them() -> None:
    for cell in banker_cells():
        expected = banker_draws_by_the_book(cell.total, cell.player_third)
        assert (cell_action(cell) is Action.DRAW) == expected, cell.key
    for cell in player_cells():
        assert (cell_action(cell) is Action.DRAW) == (cell.total <= 5)
    assert all(cell_action(cell) is Action.STAND for cell in natural_cells())
    assert all(cell_action(cell) is None for cell in total_cells())


def test_each_step_of_every_start_is_graded_on_its_own_cell() -> None:
    zero = Card(Rank.KING, Suit.CLUBS)
    for pt, bt, third in itertools.product(range(10), repeat=3):
        values = (0, 0, pt, bt, third, 4)
        coup = Coup.from_cards([Card(Rank(v), Suit.SPADES) if v else zero for v in values])
        player, banker = (cell_of_step(step) for step in coup.steps)
        if pt >= 8 or bt >= 8:
            assert (player, banker) == (Cell(CellKind.NATURAL, pt), Cell(CellKind.NATURAL, bt))
            continue
        assert player == Cell(CellKind.PLAYER, pt)
        assert banker == Cell.banker(bt, third if pt <= 5 else None)
        assert player.side is Side.PLAYER and banker.side is Side.BANKER


def test_the_quiz_refuses_a_tableau_with_choices() -> None:
    check_quiz_tableau(PUNTO_BANCO)
    with pytest.raises(LearnError, match="leaves a hand a choice"):
        check_quiz_tableau(CHEMIN_DE_FER)


def test_cells_sort_as_the_tableau_is_printed() -> None:
    cells = sorted(ALL_CELLS, key=lambda c: c.sort_key)
    assert cells[0] == Cell(CellKind.PLAYER, 0)
    assert cells[8:20] == [*(Cell.banker(0, v) for v in range(10)), Cell.banker(0, None),
                           Cell.banker(1, 0)]  # fmt: skip
