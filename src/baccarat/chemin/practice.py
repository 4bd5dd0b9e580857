"""A Chemin de Fer coup for the practice table: the learner holds the Player hand and decides on 5.

The coup is dealt in two steps so that a web request can stop for the learner's decision:
:func:`start_coup` takes the first four cards (Player, Banker, Player, Banker) and says whether the
learner must choose; :func:`finish_coup` takes the choice, deals the rest with the engine — the
Banker playing the game's optimal strategy — and returns the coup with a hint: what optimal play
does in the learner's situation, shown *after* the choice. Cards come from any ``draw()`` (a shoe's
order kept by the caller, or the infinite deck), so the coup is exactly the one the engine deals.

>>> import random, textwrap
>>> from baccarat.core.cards import parse_cards
>>> from baccarat.chemin.game import BANKER_DISCRETION, Composition
>>> from baccarat.chemin.solve import solve_chemin_de_fer
>>> solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
>>> cards = iter(parse_cards("2c 9d 3h 8s 4c Kd"))
>>> deal = start_coup(cards.__next__, solution)
>>> deal.needs_choice, deal.player_total
(True, 5)
>>> result = finish_coup(deal, Action.STAND, cards.__next__, solution, random.Random(1))
>>> result.coup.player.total, result.coup.banker.total, result.coup.winner.value
(5, 7, 'banker')
>>> print(textwrap.fill(result.hint.text, 90))
Optimal play draws on 5 with probability 9/11 (about 82 %) and stands otherwise: mixing
keeps the Banker from profiting from a fixed habit, so standing is part of optimal play.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.chemin.solve import Solution
from baccarat.chemin.strategy import StrategyError
from baccarat.chemin.tableau import tableau_action
from baccarat.core.cards import Card
from baccarat.core.coup import ChoicePoint, Coup, deal_coup, hand_total
from baccarat.core.tableau import Action, Side, Tableau
from baccarat.odds.composition import Composition
from baccarat.records import coup_record

__all__ = [
    "Hint",
    "PracticeDeal",
    "PracticeResult",
    "draw_advantage",
    "finish_coup",
    "reach_probability",
    "start_coup",
]


@dataclass(frozen=True, slots=True)
class PracticeDeal:
    """The first four cards of a coup, in shoe order (P1 B1 P2 B2), and the learner's situation."""

    cards: tuple[Card, ...]
    player_total: int
    natural: bool
    """Whether either hand has a natural (the coup is decided on these four cards)."""
    needs_choice: bool
    """Whether the learner must draw or stand now (no natural, and the rules leave a choice)."""

    @property
    def player_cards(self) -> tuple[Card, Card]:
        """The two cards the learner may look at."""
        return (self.cards[0], self.cards[2])

    @property
    def point(self) -> ChoicePoint:
        return ChoicePoint(Side.PLAYER, self.player_total)


@dataclass(frozen=True, slots=True)
class Hint:
    """What optimal play does in the learner's situation, and whether the choice was part of it."""

    point: ChoicePoint
    draw_probability: Fraction
    choice: Action
    agrees: bool
    text: str

    def to_data(self) -> dict[str, Any]:
        return {
            "total": self.point.total,
            "draw_probability": str(self.draw_probability),
            "choice": self.choice.value,
            "agrees": self.agrees,
            "text": self.text,
        }


@dataclass(frozen=True, slots=True)
class PracticeResult:
    """The finished coup, the learner's choice (None when the rules left none) and the hint."""

    coup: Coup
    choice: Action | None
    hint: Hint | None

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: the coup as ``baccarat deal --json`` writes it, the choice and the hint."""
        return {
            "coup": coup_record(self.coup),
            "choice": None if self.choice is None else self.choice.value,
            "hint": None if self.hint is None else self.hint.to_data(),
        }


def start_coup(draw: Callable[[], Card], solution: Solution) -> PracticeDeal:
    """Take the first four cards and say whether the learner must choose."""
    tableau = solution.game.tableau
    cards = (draw(), draw(), draw(), draw())
    player = hand_total(cards[0::2])
    banker = hand_total(cards[1::2])
    natural = tableau.is_natural(player) or tableau.is_natural(banker)
    needs = not natural and tableau.player[player] is Action.OPTION
    return PracticeDeal(cards, player, natural, needs)


def _hint(point: ChoicePoint, choice: Action, p: Fraction) -> Hint:
    if p == 1 or p == 0:
        best = "draws" if p == 1 else "stands"
        agrees = (choice is Action.DRAW) == (p == 1)
        text = f"Optimal play always {best} on {point.total} here" + (
            ": your choice agrees." if agrees else f": {choice.value}ing gives the Banker an edge."
        )
        return Hint(point, p, choice, agrees, text)
    percent = round(100 * p)
    chosen = "drawing" if choice is Action.DRAW else "standing"
    text = (
        f"Optimal play draws on {point.total} with probability {p} (about {percent} %) and stands "
        "otherwise: mixing keeps the Banker from profiting from a fixed habit, so "
        f"{chosen} is part of optimal play."
    )
    return Hint(point, p, choice, True, text)


def finish_coup(
    deal: PracticeDeal,
    choice: Action | None,
    draw: Callable[[], Card],
    solution: Solution,
    rng: random.Random,
) -> PracticeResult:
    """Deal the rest of the coup: the learner's ``choice`` on 5, the Banker's optimal strategy.

    ``choice`` must be ``DRAW`` or ``STAND`` when ``deal.needs_choice`` and None otherwise.
    """
    if deal.needs_choice and choice not in (Action.DRAW, Action.STAND):
        raise StrategyError(f"the Player holds {deal.player_total}: choose draw or stand")
    if not deal.needs_choice and choice is not None:
        why = "a natural is on the table" if deal.natural else "the rules decide this total"
        raise StrategyError(f"the Player holds {deal.player_total} and has no choice: {why}")
    banker = solution.banker.chooser(rng)

    def choose(point: ChoicePoint) -> Action:
        if point.side is Side.PLAYER:
            assert choice is not None  # the tableau asks only where deal.needs_choice
            return choice
        return banker(point)

    held: Iterator[Card] = iter(deal.cards)

    def cards() -> Card:
        return next(held, None) or draw()

    coup = deal_coup(cards, solution.game.tableau, choose)
    hint = None
    if choice is not None:
        point = deal.point
        assert tableau_action(solution.game.tableau, point) is Action.OPTION
        hint = _hint(point, choice, solution.player.probability(point))
    return PracticeResult(coup, choice, hint)


@functools.lru_cache(maxsize=64)
def _reach(
    counts: tuple[int, ...], infinite: bool, naturals: frozenset[int], total: int
) -> Fraction:
    size = sum(counts)
    ways = 0
    for p1 in range(10):
        p2 = (total - p1) % 10
        for b1 in range(10):
            for b2 in range(10):
                if (b1 + b2) % 10 in naturals:
                    continue
                if infinite:
                    ways += counts[p1] * counts[b1] * counts[p2] * counts[b2]
                    continue
                # Dealing order P1 B1 P2 B2: each card leaves one fewer of its value.
                left = list(counts)
                n = 1
                for v in (p1, b1, p2, b2):
                    n *= left[v]
                    left[v] -= 1
                ways += n
    taken = 0 if infinite else 1
    return Fraction(ways, size * (size - taken) * (size - 2 * taken) * (size - 3 * taken))


def reach_probability(contents: Composition, tableau: Tableau, total: int) -> Fraction:
    """The probability that the Player's first two cards make ``total`` and neither hand has a
    natural: how often the learner faces the choice on ``total`` (exact, per coup dealt).

    >>> from baccarat.core.tableau import CHEMIN_DE_FER
    >>> reach_probability(Composition.infinite_deck(), CHEMIN_DE_FER, 5)
    Fraction(2192, 28561)
    """
    if tableau.is_natural(total):
        return Fraction(0)
    return _reach(contents.value_counts, contents.infinite, tableau.natural_totals, total)


def draw_advantage(solution: Solution, point: ChoicePoint) -> Fraction:
    """How much more drawing at the Player's ``point`` is worth than standing, per unit staked, in
    the coups where the Player holds that total — against the Banker's optimal strategy.

    Zero where optimal play mixes (the Banker's strategy leaves the Player indifferent), positive
    where it always draws.

    >>> from baccarat.chemin.solve import solve_chemin_de_fer
    >>> from baccarat.chemin.tableau import parse_point
    >>> from baccarat.core.tableau import BANKER_DISCRETION
    >>> free = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    >>> draw_advantage(free, parse_point("P5"))
    Fraction(0, 1)
    """
    game = solution.game
    i = game.player_points.index(point)
    gain = game.player_draw_gain(game.banker_vector(solution.banker))[i]
    return gain / game.total / reach_probability(game.contents, game.tableau, point.total)
