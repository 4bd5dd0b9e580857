"""Quiz situations: real cards dealt by the engine so that a chosen cell of the rules decides.

A situation is built for a *focus* cell (a Banker cell, a Player row, a natural, a two-card sum):
cards are picked at random to reach the totals that cell needs, and the coup is dealt from them by
:meth:`Coup.from_cards` — so the right answers and their explanations are the engine's own steps,
never a second statement of the rules.

>>> import random
>>> situation = realize(Cell.banker(4, 6), random.Random(3))
>>> [q.cell.key for q in situation.questions][1], situation.questions[1].expected
('banker:4:6', <Action.DRAW: 'draw'>)
>>> situation.questions[1].step.reason.value
'banker_third_card_draws'
"""

from __future__ import annotations

import enum
import random
from dataclasses import dataclass

from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.coup import Coup, Step
from baccarat.core.tableau import PUNTO_BANCO, Action, Side, Tableau
from baccarat.learn.cells import (
    Cell,
    CellKind,
    cell_of_step,
    check_quiz_tableau,
    drawing_totals,
    non_natural_totals,
    standing_totals,
)
from baccarat.learn.errors import LearnError

__all__ = ["Ask", "Question", "Situation", "realize", "table_question"]


class Ask(enum.Enum):
    """What a question asks."""

    ACTION = "action"
    """Draw or stand? Answered with an :class:`Action`."""
    TOTAL = "total"
    """What is this hand's two-card total? Answered with a number 0–9."""


@dataclass(frozen=True, slots=True)
class Question:
    """One thing the learner answers, with the cell that grades it and the engine's step."""

    ask: Ask
    side: Side
    cell: Cell
    step: Step
    """The engine's decision for this hand: the right action and the rule that decided it."""
    cards: tuple[Card, ...]
    """This hand's first two cards."""

    @property
    def expected(self) -> Action | int:
        """The right answer: the hand's action, or its two-card total."""
        return self.step.action if self.ask is Ask.ACTION else self.step.total

    def is_right(self, answer: Action | int | None) -> bool:
        """Whether ``answer`` is the right one (None, no answer, never is)."""
        if self.ask is Ask.ACTION:
            return isinstance(answer, Action) and answer is self.step.action
        return isinstance(answer, int) and not isinstance(answer, bool) and answer == self.expected


@dataclass(frozen=True, slots=True)
class Situation:
    """A coup dealt for the quiz, the cell it was chosen for, and the questions it asks."""

    coup: Coup
    focus: Cell
    questions: tuple[Question, ...]

    @classmethod
    def from_coup(cls, coup: Coup, focus: Cell) -> Situation:
        """The questions of a coup: totals for a totals cell, else draw-or-stand, Player first."""
        ask = Ask.TOTAL if focus.kind is CellKind.TOTAL else Ask.ACTION
        questions = []
        for step in coup.steps:
            hand = coup.hand(step.side)
            cards = hand.cards[:2]
            # A totals question is graded on the sum it asks about, a decision on its cell.
            points = sum(card.value for card in cards)
            cell = Cell(CellKind.TOTAL, points) if ask is Ask.TOTAL else cell_of_step(step)
            questions.append(Question(ask, step.side, cell, step, cards))
        return cls(coup, focus, tuple(questions))

    @property
    def player_third(self) -> Card | None:
        """The Player's third card, shown once the Player's question is answered."""
        return self.coup.player.third_card


def table_question(coup: Coup, side: Side) -> Question:
    """The draw-or-stand question of ``side``'s decision in a coup dealt at the table.

    >>> from baccarat.core.cards import parse_cards
    >>> coup = Coup.from_cards(parse_cards("2c 4d 3h Kc 7s 9h"))
    >>> question = table_question(coup, Side.PLAYER)
    >>> question.cell.key, question.expected
    ('player:5', <Action.DRAW: 'draw'>)
    """
    for step in coup.steps:
        if step.side is side:
            cards = coup.hand(side).cards[:2]
            return Question(Ask.ACTION, side, cell_of_step(step), step, cards)
    raise LearnError(f"this coup has no {side.value} decision")


_VALUE_RANKS: dict[int, tuple[Rank, ...]] = {
    value: tuple(rank for rank in Rank if rank.value_points == value) for value in range(10)
}
_SUITS = tuple(Suit)


def _card(value: int, rng: random.Random) -> Card:
    """A random card worth ``value`` (ten and the court cards for 0)."""
    return Card(rng.choice(_VALUE_RANKS[value]), rng.choice(_SUITS))


def _any_card(rng: random.Random) -> Card:
    return Card(rng.choice(tuple(Rank)), rng.choice(_SUITS))


def _hand(total: int, rng: random.Random) -> tuple[Card, Card]:
    """Two random cards with the two-card total ``total``; the first card is any rank."""
    first = _any_card(rng)
    return first, _card((total - first.value) % 10, rng)


def _hand_with_sum(points: int, rng: random.Random) -> tuple[Card, Card]:
    """Two random cards whose values add up to exactly ``points`` (0–18)."""
    first = rng.randint(max(0, points - 9), min(9, points))
    return _card(first, rng), _card(points - first, rng)


def _deal(
    player: tuple[Card, Card],
    banker: tuple[Card, Card],
    player_third: int | None,
    tableau: Tableau,
    rng: random.Random,
    focus: Cell,
) -> Situation:
    # Shoe order is P B P B, then the Player's third card (if the Player draws), then the
    # Banker's. The fifth card is given the wanted value; when the Player stands it simply
    # becomes the Banker's card.
    fifth = _card(player_third, rng) if player_third is not None else _any_card(rng)
    cards = (player[0], banker[0], player[1], banker[1], fifth, _any_card(rng))
    return Situation.from_coup(Coup.from_cards(cards, tableau), focus)


def realize(cell: Cell, rng: random.Random, tableau: Tableau = PUNTO_BANCO) -> Situation:
    """A situation in which ``cell`` decides, with the other hand's cards chosen at random.

    For a Banker cell the Player's total is one that leads there (drawing totals before a third
    card, standing totals before "Player stood"); for a Player row the Banker's total is any
    non-natural one; for a natural cell a random side holds the total and the other hand a natural
    where this total is not one; for a totals cell a random side holds two cards with that sum.
    """
    check_quiz_tableau(tableau)
    sides = (Side.PLAYER, Side.BANKER)
    if cell.kind is CellKind.BANKER_THIRD:
        player_total = rng.choice(drawing_totals(tableau))
        return _deal(
            _hand(player_total, rng), _hand(cell.total, rng), cell.player_third, tableau, rng, cell
        )
    if cell.kind is CellKind.BANKER_STOOD:
        player_total = rng.choice(standing_totals(tableau))
        return _deal(_hand(player_total, rng), _hand(cell.total, rng), None, tableau, rng, cell)
    if cell.kind is CellKind.PLAYER:
        banker_total = rng.choice(non_natural_totals(tableau))
        third = rng.randrange(10)
        return _deal(_hand(cell.total, rng), _hand(banker_total, rng), third, tableau, rng, cell)
    if cell.kind is CellKind.NATURAL:
        naturals = sorted(tableau.natural_totals)
        if not naturals:
            raise LearnError(f"tableau {tableau.name!r} has no naturals to drill")
        other = rng.randrange(10) if tableau.is_natural(cell.total) else rng.choice(naturals)
        mine = _hand(cell.total, rng)
        theirs = _hand(other, rng)
        player, banker = (mine, theirs) if rng.choice(sides) is Side.PLAYER else (theirs, mine)
        return _deal(player, banker, None, tableau, rng, cell)
    mine = _hand_with_sum(cell.total, rng)
    theirs = _hand_with_sum(rng.randint(0, 18), rng)
    player, banker = (mine, theirs) if rng.choice(sides) is Side.PLAYER else (theirs, mine)
    return _deal(player, banker, None, tableau, rng, cell)
