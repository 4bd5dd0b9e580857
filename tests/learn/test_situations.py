"""Situations: dealt by the engine so that the chosen cell decides; answers are the engine's steps."""

from __future__ import annotations

import random

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.coup import Coup
from baccarat.core.tableau import CHEMIN_DE_FER, Action, Side
from baccarat.learn.cells import (
    Cell,
    CellKind,
    banker_cells,
    cell_action,
    natural_cells,
    player_cells,
    total_cells,
)
from baccarat.learn.errors import LearnError
from baccarat.learn.situations import Ask, realize
from support.rules_oracle import play_by_the_book

DECISION_CELLS = banker_cells() + player_cells() + natural_cells()


@pytest.mark.parametrize("cell", DECISION_CELLS, ids=lambda c: c.key)
def test_the_focus_cell_decides_one_of_the_questions(cell: Cell) -> None:
    rng = random.Random(cell.key)
    for _ in range(20):
        situation = realize(cell, rng)
        cells = [q.cell for q in situation.questions]
        assert cell in cells
        if cell.side is not None:
            assert cells[[Side.PLAYER, Side.BANKER].index(cell.side)] == cell


@pytest.mark.parametrize("cell", total_cells(), ids=lambda c: c.key)
def test_a_totals_situation_asks_the_sum_it_was_made_for(cell: Cell) -> None:
    rng = random.Random(cell.key)
    for _ in range(20):
        situation = realize(cell, rng)
        assert all(q.ask is Ask.TOTAL for q in situation.questions)
        assert cell in [q.cell for q in situation.questions]
        for q in situation.questions:
            assert q.cell.total == sum(card.value for card in q.cards)
            assert q.expected == q.cell.total % 10


@given(st.sampled_from(DECISION_CELLS), st.integers(0, 2**32))
def test_answers_are_the_engine_steps_and_agree_with_the_book(cell: Cell, seed: int) -> None:
    situation = realize(cell, random.Random(seed))
    coup = situation.coup
    player, banker = situation.questions
    assert (player.side, banker.side) == (Side.PLAYER, Side.BANKER)
    assert (player.step, banker.step) == coup.steps
    assert player.cards == coup.player.cards[:2] and banker.cards == coup.banker.cards[:2]
    # The coup dealt from the situation's own cards, and an independent statement of the rules.
    assert Coup.from_cards(coup.cards_in_order) == coup
    book_player, book_banker = play_by_the_book([c.value for c in coup.cards_in_order])
    assert (player.expected is Action.DRAW) == (len(book_player) == 3)
    assert (banker.expected is Action.DRAW) == (len(book_banker) == 3)
    for q in situation.questions:
        assert q.ask is Ask.ACTION
        assert q.expected is cell_action(q.cell)
        assert q.is_right(q.expected)
        assert not q.is_right(Action.DRAW if q.expected is Action.STAND else Action.STAND)
        assert not q.is_right(None) and not q.is_right(0)


def test_a_situation_can_hold_any_kind_of_hand_for_a_natural_cell() -> None:
    rng = random.Random(5)
    sides = {
        realize(Cell(CellKind.NATURAL, 9), rng).questions[0].cell.total >= 8 for _ in range(60)
    }
    assert sides == {True, False}  # the natural is sometimes the Player's, sometimes the Banker's


def test_totals_answers_are_whole_numbers_not_actions() -> None:
    question = realize(Cell(CellKind.TOTAL, 15), random.Random(1)).questions[0]
    assert not question.is_right(True)
    assert not question.is_right(Action.DRAW)


def test_realize_refuses_a_tableau_with_choices() -> None:
    with pytest.raises(LearnError, match="chemin"):
        realize(Cell.banker(5, 4), random.Random(0), CHEMIN_DE_FER)
