"""Playing the game with the engine: seeded runs that check an exact value by simulation.

Every coup is dealt by :func:`~baccarat.core.coup.deal_coup` — the same engine as everywhere — from
the first six cards of a freshly shuffled shoe (the exact model's setting: the first coup of a
shoe), or card by card from the infinite deck. Each hand's choices come from its strategy's
chooser, mixed choices drawing on the same injected random source.

>>> import random
>>> from baccarat.chemin.game import BANKER_DISCRETION, ChoiceGame, Composition
>>> from baccarat.chemin.solve import solve
>>> solution = solve(ChoiceGame.of(Composition.infinite_deck(), BANKER_DISCRETION))
>>> run = simulate_value(solution.game, solution.player, solution.banker, 20_000, random.Random(7))
>>> run.coups, abs(run.z(solution.value)) < 4
(20000, True)
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction

from baccarat.chemin.game import ChoiceGame, GameError
from baccarat.chemin.strategy import Strategy
from baccarat.core.cards import Card
from baccarat.core.coup import ChoicePoint, deal_coup
from baccarat.core.summary import Winner
from baccarat.core.tableau import Action, Side
from baccarat.odds.composition import CARDS, Composition

PROGRESS_EVERY = 4096
"""Coups between two progress reports."""

__all__ = ["SimulatedValue", "card_source", "simulate_value"]


def _cards_of(contents: Composition) -> list[Card]:
    """Every card of the composition, as many times as it is counted (once each for the
    infinite deck, whose counts are weights)."""
    return [card for card, count in zip(CARDS, contents.counts, strict=True) for _ in range(count)]


def card_source(contents: Composition, rng: random.Random) -> Callable[[], Callable[[], Card]]:
    """A factory of per-coup card sources: each call gives the ``draw()`` for one new coup.

    For a finite shoe each coup is dealt from the top of a freshly shuffled shoe (six cards are
    drawn without replacement, all that a coup can use); for the infinite deck every card is drawn
    independently.
    """
    pool = _cards_of(contents)
    if contents.infinite:
        size = len(pool)

        def infinite() -> Callable[[], Card]:
            return lambda: pool[rng.randrange(size)]

        return infinite
    if len(pool) < 6:
        raise GameError(f"a coup can take six cards; {contents.describe()} has {len(pool)}")

    def fresh() -> Callable[[], Card]:
        return iter(rng.sample(pool, 6)).__next__

    return fresh


@dataclass(frozen=True, slots=True)
class SimulatedValue:
    """What a run of coups gave the Player: wins, losses, ties and the mean payoff per coup."""

    coups: int
    player_wins: int
    banker_wins: int
    ties: int
    interrupted: bool = False
    """Ctrl-C: the figures are for the coups dealt so far."""

    @property
    def mean(self) -> Fraction:
        """The Player's mean payoff per coup (+1 win, -1 loss, 0 tie)."""
        return Fraction(self.player_wins - self.banker_wins, self.coups)

    @property
    def standard_error(self) -> float:
        """The standard error of :attr:`mean` (sample variance of the ±1/0 payoffs)."""
        n = self.coups
        mean = float(self.mean)
        second = (self.player_wins + self.banker_wins) / n
        variance = max(second - mean * mean, 0.0) * n / max(n - 1, 1)
        return math.sqrt(variance / n)

    def z(self, value: Fraction | float) -> float:
        """How many standard errors the simulated mean lies from ``value``."""
        se = self.standard_error
        return (float(self.mean) - float(value)) / se if se > 0 else math.inf

    def to_data(self) -> dict[str, object]:
        data: dict[str, object] = {
            "coups": self.coups,
            "player_wins": self.player_wins,
            "banker_wins": self.banker_wins,
            "ties": self.ties,
            "mean": float(self.mean),
            "standard_error": self.standard_error,
        }
        if self.interrupted:
            data["interrupted"] = True
        return data


def simulate_value(
    game: ChoiceGame,
    player: Strategy,
    banker: Strategy,
    coups: int,
    rng: random.Random,
    progress: Callable[[int, int], None] | None = None,
) -> SimulatedValue:
    """Deal ``coups`` coups of ``game`` with the engine, each hand playing its strategy, telling
    ``progress(dealt, coups)`` as it goes. Ctrl-C keeps the coups dealt (after the first)."""
    if isinstance(coups, bool) or not isinstance(coups, int) or coups < 1:
        raise GameError(f"coups must be a whole number of at least 1, got {coups!r}")
    game.player_vector(player)  # both strategies must fit the game's choice points
    game.banker_vector(banker)
    choose = Strategy.combine(player, banker).chooser(rng)
    new_coup = card_source(game.contents, rng)
    tableau = game.tableau
    information = game.information
    # One tuple, replaced whole after each coup, so an interrupt never splits a coup's tally.
    tally = (0, 0, 0, 0)  # coups, Player wins, Banker wins, ties
    try:
        for _ in range(coups):
            draw = new_coup()
            dealt: list[Card] = []

            def recorded(draw: Callable[[], Card] = draw, dealt: list[Card] = dealt) -> Card:
                card = draw()
                dealt.append(card)
                return card

            def informed(point: ChoicePoint, dealt: list[Card] = dealt) -> Action:
                # The engine tells the Banker his total; the model may let him see his two
                # cards (the second and fourth dealt).
                if point.side is Side.BANKER:
                    seen = information.banker_view(dealt[1].value, dealt[3].value)
                    point = replace(point, cards=seen)
                return choose(point)

            winner = deal_coup(recorded, tableau, informed).winner
            tally = (
                tally[0] + 1,
                tally[1] + (winner is Winner.PLAYER),
                tally[2] + (winner is Winner.BANKER),
                tally[3] + (winner is Winner.TIE),
            )
            if progress is not None and tally[0] % PROGRESS_EVERY == 0:
                progress(tally[0], coups)
    except KeyboardInterrupt:
        if tally[0] == 0:
            raise
        return SimulatedValue(*tally, interrupted=True)
    return SimulatedValue(*tally)
