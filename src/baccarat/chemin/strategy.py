"""Strategies for the hands that choose: fixed (pure) or mixed, as exact probabilities of drawing.

A :class:`Strategy` gives, for each choice point it covers, the probability of drawing there (a
behavioural strategy: each choice point is its own information set, decided independently). A pure
strategy has probabilities 0 or 1; a mixed one needs a random source when it plays, and that source
is always injected (a seeded ``random.Random`` for reproducible runs). Its :meth:`Strategy.chooser`
is the :data:`~baccarat.core.coup.Chooser` the engine asks at every option.

>>> import random
>>> from fractions import Fraction
>>> from baccarat.chemin.tableau import parse_point
>>> s = Strategy.of({"P5": Fraction(9, 11)}, name="Kemeny-Snell Player")
>>> s.probability(parse_point("P5")), s.is_pure
(Fraction(9, 11), False)
>>> choose = s.chooser(random.Random(1))
>>> draws = sum(choose(parse_point("P5")) is Action.DRAW for _ in range(11000))
>>> abs(draws - 9000) < 300  # 9/11 of 11000, give or take three standard deviations
True
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from baccarat.chemin.tableau import ChoiceError, parse_point, point_key, point_label, resolve
from baccarat.core.coup import ChoicePoint, Chooser
from baccarat.core.numerals import ascii_numeral
from baccarat.core.tableau import Action, Tableau

__all__ = ["Strategy", "StrategyError"]


class StrategyError(ChoiceError):
    """A strategy that is malformed, or asked about a choice it does not cover."""


def _probability(value: object, where: str) -> Fraction:
    if isinstance(value, Action):
        if value not in (Action.DRAW, Action.STAND):
            raise StrategyError(f"{where}: a choice is draw or stand, got {value!r}")
        return Fraction(int(value is Action.DRAW))
    if isinstance(value, bool) or not isinstance(value, int | Fraction | str):
        raise StrategyError(
            f"{where}: a probability of drawing is an exact number such as 1, 0 or '9/11', "
            f"got {value!r}"
        )
    try:
        p = Fraction(ascii_numeral(value) if isinstance(value, str) else value)
    except (ValueError, ZeroDivisionError):
        raise StrategyError(f"{where}: cannot read probability {value!r}") from None
    if not 0 <= p <= 1:
        raise StrategyError(f"{where}: a probability of drawing lies in 0-1, got {value!r}")
    return p


@dataclass(frozen=True)
class Strategy:
    """The probability of drawing at each choice point the strategy covers."""

    draw: Mapping[ChoicePoint, Fraction] = field(hash=False)
    name: str = ""

    def __post_init__(self) -> None:
        checked = {point: _probability(p, point_key(point)) for point, p in dict(self.draw).items()}
        object.__setattr__(self, "draw", MappingProxyType(checked))

    @classmethod
    def of(
        cls, draw: Mapping[str, Fraction | int | str | Action] | None = None, *, name: str = ""
    ) -> Strategy:
        """From keys such as ``P5`` or ``B6-`` (see :func:`~baccarat.chemin.tableau.point_key`)."""
        draw = draw or {}
        return cls({parse_point(k): _probability(v, k) for k, v in draw.items()}, name)

    @classmethod
    def pure(cls, actions: Mapping[ChoicePoint, Action], name: str = "") -> Strategy:
        """A fixed strategy: draw or stand at each choice point."""
        return cls({p: _probability(a, point_key(p)) for p, a in actions.items()}, name)

    @classmethod
    def always(cls, points: Iterable[ChoicePoint], action: Action, name: str = "") -> Strategy:
        """The same action at every one of ``points``."""
        return cls.pure(dict.fromkeys(points, action), name)

    @classmethod
    def combine(cls, *strategies: Strategy, name: str = "") -> Strategy:
        """One strategy covering the (disjoint) choice points of several, e.g. both hands'."""
        merged: dict[ChoicePoint, Fraction] = {}
        for strategy in strategies:
            overlap = [point_key(p) for p in strategy.draw if p in merged]
            if overlap:
                raise StrategyError(f"two strategies decide at {', '.join(overlap)}")
            merged.update(strategy.draw)
        return cls(merged, name or " + ".join(s.name for s in strategies if s.name))

    @property
    def points(self) -> tuple[ChoicePoint, ...]:
        return tuple(self.draw)

    @property
    def is_pure(self) -> bool:
        """Whether every choice is fixed (probability 0 or 1)."""
        return all(p in (0, 1) for p in self.draw.values())

    @property
    def mixed_points(self) -> tuple[ChoicePoint, ...]:
        """The choice points where the strategy randomises."""
        return tuple(point for point, p in self.draw.items() if 0 < p < 1)

    def probability(self, point: ChoicePoint) -> Fraction:
        """The probability of drawing at ``point``."""
        p = self.draw.get(point)
        if p is None:
            covered = ", ".join(point_key(q) for q in self.draw) or "nothing"
            raise StrategyError(
                f"strategy {self.name or '(unnamed)'} has no choice for {point_label(point)} "
                f"({point_key(point)}); it covers {covered}"
            )
        return p

    def action(self, point: ChoicePoint) -> Action:
        """The fixed action at ``point`` (a mixed choice there is an error: use :meth:`chooser`)."""
        p = self.probability(point)
        if 0 < p < 1:
            raise StrategyError(
                f"at {point_key(point)} the strategy draws with probability {p}: it needs a random "
                "source (use chooser(rng))"
            )
        return Action.DRAW if p == 1 else Action.STAND

    def chooser(self, rng: random.Random | None = None) -> Chooser:
        """The engine's chooser for this strategy; a mixed strategy needs ``rng``.

        A mixed choice draws with exactly its probability: ``p = a/b`` draws when a uniform integer
        in ``0..b-1`` falls below ``a``.
        """
        if rng is None and not self.is_pure:
            mixed = ", ".join(point_key(p) for p in self.mixed_points)
            raise StrategyError(f"a mixed strategy (at {mixed}) needs a random source")

        def choose(point: ChoicePoint) -> Action:
            p = self.probability(point)
            if p == 0 or p == 1:
                return Action.DRAW if p == 1 else Action.STAND
            assert rng is not None
            return Action.DRAW if rng.randrange(p.denominator) < p.numerator else Action.STAND

        return choose

    def resolved(self, tableau: Tableau) -> Tableau:
        """The fixed tableau this pure strategy plays (see :func:`~baccarat.chemin.tableau.resolve`).

        With both hands' choices in one strategy (:meth:`combine`), the result goes straight into
        the exact analyzer or the simulator.
        """
        if not self.is_pure:
            raise StrategyError("only a pure strategy resolves to a fixed tableau")
        return resolve(tableau, {p: self.action(p) for p in self.draw})

    def to_data(self) -> dict[str, str]:
        """``{point_key: probability}``, probabilities as exact strings (``"9/11"``)."""
        return {point_key(p): str(v) for p, v in self.draw.items()}
