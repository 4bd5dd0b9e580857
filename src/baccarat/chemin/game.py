"""Chemin de Fer as a two-person zero-sum game, from exact probabilities.

The Player and the Banker stake the same amount; the Player's payoff is +1 when his hand wins,
-1 when it loses and 0 on a tie (the private game: no commission). Each decides only where the
tableau leaves a choice, knowing only what the rules let a hand see: the Player his own two-card
total, the Banker his own total and the Player's third card (or that the Player stood). Card
removal is in the probabilities, not in the information: the hands do not condition on the
composition of their cards (the "Model 1" of the literature).

**Why the game is small.** Given the Player's action, the situations in which the Banker decides
are disjoint events, and each is decided once per coup; likewise the Player decides once. So the
expected payoff is *bilinear*: with ``x_i`` the Player's probability of drawing at his choice point
``i`` and ``q_k`` the Banker's at his choice point ``k``,

    E(x, q) = c0 + Σ_i c_i x_i + Σ_k q_k (d_k + Σ_i e_ik x_i).

:class:`CoupModel` enumerates every deal exactly once (four cards, then the Player's third card,
then the Banker's) and keeps, for each Player total and action and each Banker situation, the
payoff if the Banker stands and if he draws. :class:`ChoiceGame` folds the tableau's forced cells
into the coefficients above. All numbers are integers over the count of ordered six-card sequences
(``n(n-1)…(n-5)``, or ``52⁶`` for the infinite deck), so every value is an exact fraction.

>>> game = ChoiceGame.of(Composition.infinite_deck(), BANKER_DISCRETION)
>>> len(game.player_points), len(game.banker_points)
(1, 88)
>>> from baccarat.chemin.strategy import Strategy
>>> player = Strategy.of({"P5": "9/11"})
>>> game.guaranteed(player)  # what drawing on 5 with probability 9/11 guarantees the Player
Fraction(-679568, 53094899)
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from baccarat.chemin.information import Information
from baccarat.chemin.strategy import Strategy, StrategyError
from baccarat.chemin.tableau import (
    BANKER_DISCRETION,
    CHEMIN_DE_FER,
    choice_points,
    decision_points,
    point_key,
    tableau_action,
)
from baccarat.core.coup import ChoicePoint
from baccarat.core.errors import BaccaratError
from baccarat.core.tableau import Action, Side, Tableau
from baccarat.odds.composition import Composition

__all__ = [
    "BANKER_DISCRETION",
    "CHEMIN_DE_FER",
    "ChoiceGame",
    "Composition",
    "CoupModel",
    "GameError",
    "Information",
]


class GameError(BaccaratError):
    """A game that cannot be built from what was given."""


Cell = tuple[int, Action, ChoicePoint]
"""(the Player's two-card total, the Player's action, the Banker's decision situation)."""


def _sign(player: int, banker: int) -> int:
    return (player > banker) - (player < banker)


@dataclass(frozen=True)
class CoupModel:
    """Exact payoff numerators of every path through a coup, for one shoe.

    ``cells[(t, a, point)] = (if_stand, if_draw)``: the sum over deals in which the Player holds
    ``t``, takes action ``a`` and the Banker reaches ``point``, of probability × payoff, if the
    Banker stands there and if he draws — both as integers over :attr:`total`. ``natural`` is the
    same sum over coups that end on a natural. Both actions are kept for every Player total, so one
    model serves any tableau with these naturals.
    """

    contents: Composition
    natural_totals: frozenset[int]
    total: int
    natural: int
    cells: Mapping[Cell, tuple[int, int]] = field(hash=False, compare=False)
    information: Information = Information.TOTALS

    @classmethod
    def of(
        cls,
        contents: Composition,
        natural_totals: frozenset[int] = frozenset({8, 9}),
        information: Information = Information.TOTALS,
    ) -> CoupModel:
        """Enumerate the coups of ``contents`` (cached per composition by card value).

        ``information`` is what the hands see of their cards: with
        :attr:`~baccarat.chemin.information.Information.BANKER_CARDS` the Banker's situations are
        also told apart by the values of his two cards (``ChoicePoint.cards``).
        """
        if not isinstance(contents, Composition):
            raise GameError(f"expected a Composition, got {type(contents).__name__}")
        if not isinstance(information, Information):
            raise GameError(f"expected an Information model, got {information!r}")
        total, natural, cells = _enumerate(
            contents.value_counts, contents.infinite, natural_totals, information
        )
        return cls(contents, natural_totals, total, natural, cells, information)


@functools.lru_cache(maxsize=64)
def _enumerate(
    counts: tuple[int, ...],
    infinite: bool,
    natural_totals: frozenset[int],
    information: Information = Information.TOTALS,
) -> tuple[int, int, Mapping[Cell, tuple[int, int]]]:
    n = list(counts)
    size = sum(n)
    take = 0 if infinite else 1  # cards a draw removes
    if not infinite and size < 6:
        raise GameError(f"a coup can take six cards; {size} is too few")

    def completion(k: int) -> int:
        """Ways to complete k cards to an ordered six-card sequence."""
        ways = 1
        for i in range(k, 6):
            ways *= size - take * i
        return ways

    c4, c5 = completion(4), completion(5)
    # Group the 10^4 ordered first-four-card values by what matters next: both totals, what the
    # Banker sees of his cards and what is left in the shoe (for the infinite deck, no shoe).
    groups: dict[tuple[int, int, tuple[int, int] | None, tuple[int, ...]], int] = {}
    for p1 in range(10):
        w1 = n[p1]
        if not w1:
            continue
        n[p1] -= take
        for b1 in range(10):
            w2 = w1 * n[b1]
            if not w2:
                continue
            n[b1] -= take
            for p2 in range(10):
                w3 = w2 * n[p2]
                if not w3:
                    continue
                n[p2] -= take
                for b2 in range(10):
                    w4 = w3 * n[b2]
                    if not w4:
                        continue
                    n[b2] -= take
                    seen = information.banker_view(b1, b2)
                    key = ((p1 + p2) % 10, (b1 + b2) % 10, seen, tuple(n))
                    groups[key] = groups.get(key, 0) + w4
                    n[b2] += take
                n[p2] += take
            n[b1] += take
        n[p1] += take

    natural = 0
    cells: dict[Cell, list[int]] = {}

    def add(cell: Cell, stand: int, draw: int) -> None:
        acc = cells.setdefault(cell, [0, 0])
        acc[0] += stand
        acc[1] += draw

    def banker_draws(player: int, banker: int, left: Sequence[int]) -> int:
        """Σ over the Banker's third card of (cards of that value left) × payoff."""
        return sum(left[x] * _sign(player, (banker + x) % 10) for x in range(10) if left[x])

    for (pt, bt, seen, left), weight in groups.items():
        if pt in natural_totals or bt in natural_totals:
            natural += weight * c4 * _sign(pt, bt)
            continue
        stood = ChoicePoint(Side.BANKER, bt, None, seen)
        add(
            (pt, Action.STAND, stood),
            weight * c4 * _sign(pt, bt),
            weight * c5 * banker_draws(pt, bt, left),
        )
        rest = list(left)
        for y in range(10):
            if not left[y]:
                continue
            w5 = weight * left[y]
            final = (pt + y) % 10
            rest[y] -= take
            add(
                (pt, Action.DRAW, ChoicePoint(Side.BANKER, bt, y, seen)),
                w5 * c5 * _sign(final, bt),
                w5 * banker_draws(final, bt, rest),
            )
            rest[y] += take

    frozen = {cell: (s, d) for cell, (s, d) in cells.items()}
    return completion(0), natural, MappingProxyType(frozen)


@dataclass(frozen=True)
class ChoiceGame:
    """The zero-sum game a tableau with options defines on a shoe, in bilinear form.

    ``player_points`` (index ``i``) and ``banker_points`` (index ``k``) are the choice points;
    ``constant``, ``player_gain[i]``, ``banker_gain[k]`` and ``cross[i][k]`` are the numerators (over
    :attr:`total`) of ``c0``, ``c_i``, ``d_k`` and ``e_ik`` in the module's formula: the Player's
    expectation when every choice stands, what drawing at ``i`` adds, what the Banker's drawing at
    ``k`` adds, and how the Player's drawing at ``i`` changes the latter.
    """

    model: CoupModel = field(compare=False)
    tableau: Tableau
    player_points: tuple[ChoicePoint, ...]
    banker_points: tuple[ChoicePoint, ...]
    constant: int
    player_gain: tuple[int, ...]
    banker_gain: tuple[int, ...]
    cross: tuple[tuple[int, ...], ...]

    @classmethod
    def of(
        cls,
        contents: Composition,
        tableau: Tableau = CHEMIN_DE_FER,
        information: Information = Information.TOTALS,
    ) -> ChoiceGame:
        """The game of ``tableau`` on a shoe holding ``contents``, the hands seeing
        ``information`` of their cards."""
        model = CoupModel.of(contents, tableau.natural_totals, information)
        return cls.from_model(model, tableau)

    @classmethod
    def from_model(cls, model: CoupModel, tableau: Tableau) -> ChoiceGame:
        if model.natural_totals != tableau.natural_totals:
            raise GameError(f"tableau {tableau.name!r} has other naturals than the model")
        points = [q for p in choice_points(tableau) for q in model.information.refine(p)]
        player = tuple(p for p in points if p.side is Side.PLAYER)
        banker = tuple(p for p in points if p.side is Side.BANKER)
        p_index = {p.total: i for i, p in enumerate(player)}
        b_index = {p: k for k, p in enumerate(banker)}
        forced_player = {
            p.total: tableau_action(tableau, p)
            for p in decision_points(tableau)
            if p.side is Side.PLAYER and p.total not in p_index
        }
        constant = model.natural
        c = [0] * len(player)
        d = [0] * len(banker)
        e = [[0] * len(banker) for _ in player]
        for (total, action, point), (if_stand, if_draw) in model.cells.items():
            i = p_index.get(total)
            if i is None and forced_player[total] is not action:
                continue  # the Player never takes this action on this total
            k = b_index.get(point)
            if k is None:
                # A forced Banker cell: its payoff is fixed once the Player's action is.
                fixed = if_draw if tableau_action(tableau, point) is Action.DRAW else if_stand
                delta = 0
            else:
                fixed, delta = if_stand, if_draw - if_stand
            if i is None:
                constant += fixed
                if k is not None:
                    d[k] += delta
            elif action is Action.STAND:
                # x_i = P(draw): standing weighs (1 - x_i).
                constant += fixed
                c[i] -= fixed
                if k is not None:
                    d[k] += delta
                    e[i][k] -= delta
            else:
                c[i] += fixed
                if k is not None:
                    e[i][k] += delta
        return cls(
            model,
            tableau,
            player,
            banker,
            constant,
            tuple(c),
            tuple(d),
            tuple(tuple(row) for row in e),
        )

    @property
    def total(self) -> int:
        """The common denominator of every payoff (ordered six-card sequences)."""
        return self.model.total

    @property
    def contents(self) -> Composition:
        return self.model.contents

    @property
    def information(self) -> Information:
        """What the hands see of their cards when they choose."""
        return self.model.information

    def describe(self) -> str:
        """``Chemin de Fer (chemin-de-fer), 8 decks``."""
        return f"{self.tableau.name}, {self.contents.describe()}"

    # --- strategies as vectors ------------------------------------------------------------------

    def player_vector(self, strategy: Strategy) -> tuple[Fraction, ...]:
        """The Player's probabilities of drawing, in :attr:`player_points` order."""
        return self._vector(strategy, self.player_points, Side.PLAYER)

    def banker_vector(self, strategy: Strategy) -> tuple[Fraction, ...]:
        """The Banker's probabilities of drawing, in :attr:`banker_points` order."""
        return self._vector(strategy, self.banker_points, Side.BANKER)

    def _vector(
        self, strategy: Strategy, points: tuple[ChoicePoint, ...], side: Side
    ) -> tuple[Fraction, ...]:
        stray = [point_key(p) for p in strategy.draw if p.side is side and p not in set(points)]
        if stray:
            raise StrategyError(
                f"the {side.value} has no choice at {', '.join(stray)} in {self.tableau.name!r}"
            )
        return tuple(strategy.probability(p) for p in points)

    def player_strategy(self, draw: Sequence[Fraction], name: str = "") -> Strategy:
        return Strategy(dict(zip(self.player_points, draw, strict=True)), name)

    def banker_strategy(self, draw: Sequence[Fraction], name: str = "") -> Strategy:
        return Strategy(dict(zip(self.banker_points, draw, strict=True)), name)

    # --- payoffs ----------------------------------------------------------------------------------

    def payoff(self, player: Strategy, banker: Strategy) -> Fraction:
        """The Player's exact expectation per unit staked when both play these strategies."""
        x = self.player_vector(player)
        q = self.banker_vector(banker)
        return self._payoff(x, q)

    def _payoff(self, x: Sequence[Fraction], q: Sequence[Fraction]) -> Fraction:
        value = Fraction(self.constant)
        value += sum((ci * xi for ci, xi in zip(self.player_gain, x, strict=True)), Fraction(0))
        for k, qk in enumerate(q):
            if qk:
                value += qk * (
                    self.banker_gain[k] + sum(self.cross[i][k] * x[i] for i in range(len(x)))
                )
        return value / self.total

    def banker_draw_gain(self, x: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """For each Banker choice point, what drawing there adds to the *Player's* expectation
        (numerators over :attr:`total`): the Banker draws where it is negative."""
        return tuple(
            self.banker_gain[k] + sum((self.cross[i][k] * x[i] for i in range(len(x))), Fraction(0))
            for k in range(len(self.banker_points))
        )

    def player_draw_gain(self, q: Sequence[Fraction]) -> tuple[Fraction, ...]:
        """For each Player choice point, what drawing there adds to his expectation (numerators)."""
        return tuple(
            self.player_gain[i] + sum((self.cross[i][k] * q[k] for k in range(len(q))), Fraction(0))
            for i in range(len(self.player_points))
        )

    def guaranteed(self, player: Strategy) -> Fraction:
        """What the Player's strategy guarantees: his expectation against the Banker's best reply.

        The Banker's reply is per situation (drawing at one point changes nothing elsewhere), so the
        minimum over his 2^n pure strategies is a sum of n independent minima.
        """
        x = self.player_vector(player)
        value = Fraction(self.constant) + sum(
            (ci * xi for ci, xi in zip(self.player_gain, x, strict=True)), Fraction(0)
        )
        value += sum((min(g, Fraction(0)) for g in self.banker_draw_gain(x)), Fraction(0))
        return value / self.total

    def conceded(self, banker: Strategy) -> Fraction:
        """What the Banker's strategy concedes at most: the Player's expectation against it when the
        Player replies as well as he can."""
        q = self.banker_vector(banker)
        value = Fraction(self.constant) + sum(
            (dk * qk for dk, qk in zip(self.banker_gain, q, strict=True)), Fraction(0)
        )
        value += sum((max(g, Fraction(0)) for g in self.player_draw_gain(q)), Fraction(0))
        return value / self.total

    def banker_best_reply(self, player: Strategy, name: str = "") -> Strategy:
        """The Banker's pure best reply (standing where both are as good)."""
        gains = self.banker_draw_gain(self.player_vector(player))
        return self.banker_strategy([Fraction(int(g < 0)) for g in gains], name)

    def player_best_reply(self, banker: Strategy, name: str = "") -> Strategy:
        """The Player's pure best reply (drawing where both are as good)."""
        gains = self.player_draw_gain(self.banker_vector(banker))
        return self.player_strategy([Fraction(int(g >= 0)) for g in gains], name)
