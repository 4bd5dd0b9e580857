"""The Chemin de Fer tableaux: options exactly where the traditional rules put them."""

from __future__ import annotations

from baccarat.core.cards import parse_cards
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.explain import explain_coup
from baccarat.core.tableau import (
    BANKER_DISCRETION,
    CHEMIN_DE_FER,
    PUNTO_BANCO,
    Action,
    Reason,
    Side,
)


def _option_cells(rows: tuple[tuple[Action, ...], ...]) -> set[tuple[int, int]]:
    return {(t, v) for t, row in enumerate(rows) for v, a in enumerate(row) if a is Action.OPTION}


def test_the_player_may_choose_on_five_only() -> None:
    for tableau in (CHEMIN_DE_FER, BANKER_DISCRETION):
        assert [t for t in range(8) if tableau.player[t] is Action.OPTION] == [5]
        assert all(tableau.player[t] is Action.DRAW for t in range(5))
        assert all(tableau.player[t] is Action.STAND for t in (6, 7))


def test_the_banker_options_are_the_two_traditional_cells() -> None:
    assert _option_cells(CHEMIN_DE_FER.banker) == {(3, 9), (5, 4)}
    assert Action.OPTION not in CHEMIN_DE_FER.banker_player_stood


def test_outside_its_options_the_banker_follows_a_fixed_rule() -> None:
    """Every forced cell of the Chemin de Fer table, written out from the printed rules."""
    draws_on = {3: set(range(8)), 4: set(range(2, 8)), 5: {5, 6, 7}, 6: {6, 7}, 7: set()}
    for total in range(8):
        for third in range(10):
            action = CHEMIN_DE_FER.banker[total][third]
            if (total, third) in {(3, 9), (5, 4)}:
                continue
            expected = total <= 2 or third in draws_on[total]
            assert (action is Action.DRAW) == expected, (total, third)
    # When the Player stood: draw on 0-5, stand on 6-7, as in Punto Banco.
    assert CHEMIN_DE_FER.banker_player_stood[:8] == PUNTO_BANCO.banker_player_stood[:8]


def test_full_discretion_leaves_every_banker_situation_open() -> None:
    assert _option_cells(BANKER_DISCRETION.banker[:8]) == {
        (t, v) for t in range(8) for v in range(10)
    }
    assert all(a is Action.OPTION for a in BANKER_DISCRETION.banker_player_stood[:8])


def test_dealing_asks_for_both_choices_and_records_them() -> None:
    asked: list[ChoicePoint] = []

    def choose(point: ChoicePoint) -> Action:
        asked.append(point)
        return Action.DRAW

    # Player 2+3 = 5 (option) draws a 4; Banker 2+3 = 5 against a 4 (option) draws.
    coup = Coup.from_cards(parse_cards("2c 2d 3h 3s 4c 9d"), CHEMIN_DE_FER, choose)
    assert asked == [ChoicePoint(Side.PLAYER, 5), ChoicePoint(Side.BANKER, 5, 4)]
    assert [(s.reason, s.chosen) for s in coup.steps] == [
        (Reason.PLAYER_OPTION, True),
        (Reason.BANKER_OPTION, True),
    ]
    assert explain_coup(coup) == [
        "Player has 5, where the rules leave a choice: the Player's hand chose to draw.",
        "Banker has 5, where the rules leave a choice: the Banker's hand chose to draw.",
    ]


def test_forced_cells_never_ask() -> None:
    def refuse(point: ChoicePoint) -> Action:
        raise AssertionError(f"asked at {point}")

    # Player 6 stands; Banker 6 stands when the Player stood: no choice anywhere.
    coup = Coup.from_cards(parse_cards("3c 3d 3h 3s"), CHEMIN_DE_FER, refuse)
    assert [s.chosen for s in coup.steps] == [False, False]
