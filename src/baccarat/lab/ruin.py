"""Risk of ruin and bet sizing, the exact part: a coup's step, its lattice, closed forms, Kelly.

A *step* is what one coup does to the bankroll, in units: every net with its exact probability
(:class:`Steps`; a bet's comes from the exact analyzer, a bet ramp's is the mixture of its
levels). The player is *ruined* once the bankroll falls below the *floor*, the largest stake the
plan bets (it can no longer place its bet). Every net is a multiple of one lattice unit
(:meth:`Steps.lattice`: 1/20 of a unit for Banker's 0.95), so the bankroll lives on a lattice of
states and ruin is a question about a random walk on it.

* A walk whose moves are −1, 0 or +1 lattice units has the gambler's ruin in closed form
  (:func:`gamblers_ruin`; Feller 1968, XIV.2): with ``p`` the chance of a step up and ``q`` of a
  step down, ruin from ``y`` steps above the floor is ``(q/p)^(y+1)`` if ``p > q``, else 1.
* Any walk with a positive mean has an *adjustment coefficient* ``ρ > 0``, the root of
  ``E[exp(−ρX)] = 1`` (:func:`adjustment_coefficient`), and the Cramér–Lundberg bounds hold:
  ``exp(−ρ(y+L)) ≤ ψ(y) ≤ exp(−ρ(y+1))``, with ``L`` the largest loss in lattice units.
* The Kelly fraction (Kelly 1956; Thorp 2006) is the fraction of the bankroll per unit staked that
  maximises the expected logarithm of the bankroll (:func:`kelly`): ``p/a − q/b`` for a bet that
  wins ``b`` or loses ``a`` (pushes aside), 0 for a bet without a positive expectation.

>>> banker = Steps.of({Fraction(19, 20): Fraction(46, 100), 0: Fraction(10, 100),
...                    -1: Fraction(44, 100)})
>>> banker.lattice().unit, banker.lattice().moves
(Fraction(1, 20), (-20, 0, 19))
>>> gamblers_ruin(Fraction(1, 2), 10), gamblers_ruin(Fraction(2, 3), 3)
(Fraction(1, 1), Fraction(1, 16))
>>> kelly(Steps.of({1: Fraction(3, 5), -1: Fraction(2, 5)})).exact
Fraction(1, 5)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar

from baccarat.core.errors import TemplatedError

__all__ = [
    "Kelly",
    "Lattice",
    "RuinError",
    "Steps",
    "adjustment_coefficient",
    "gamblers_ruin",
    "kelly",
]

Number = int | Fraction


class RuinError(TemplatedError):
    """A bankroll, a risk, a ramp or a horizon the risk-of-ruin tools cannot use."""

    templates: ClassVar[Mapping[str, str]] = {
        "ruin_number": "{option} must be a number such as 100 or 2.5, got {text!r}",
        "ruin_positive": "{option} must be more than 0, got {text!r}",
        "ruin_too_large": "{option} must be at most {most}, got {text!r}",
        "ruin_risk": "{option} must be a probability between 0 and 1 (both left out), got {text!r}",
        "ruin_ramp": (
            "--ramp expects SHARE:STAKE or SHARE:STAKE:ADVANTAGE joined by commas, shares "
            "adding up to 1, such as 0.9:0,0.1:4:0.05; got {text!r}"
        ),
        "ruin_no_stake": "the plan never bets: give a level with a stake above 0",
        "ruin_advantage": (
            "an advantage of {advantage} is out of reach of {bet!r}: its pays allow "
            "{lowest} to {highest}"
        ),
        "ruin_too_much_work": (
            "{coups} coups from a bankroll of {bankroll} units is too much work to compute "
            "or simulate: ask for fewer coups, a smaller bankroll or fewer --paths"
        ),
        "ruin_bankroll_below_floor": (
            "--bankroll {bankroll} is below the largest stake of the plan ({floor} units)"
        ),
    }


@dataclass(frozen=True)
class Lattice:
    """A step in whole lattice units: ``moves[i]`` units with ``probabilities[i]``; one lattice
    unit is ``unit`` units of stake. The moves share no common factor (their gcd is 1)."""

    unit: Fraction
    moves: tuple[int, ...]
    probabilities: tuple[Fraction, ...]

    @property
    def largest_loss(self) -> int:
        """``L``: the most lattice units one coup can lose (0 if none)."""
        return max(0, -self.moves[0])

    @property
    def largest_win(self) -> int:
        """``U``: the most lattice units one coup can win (0 if none)."""
        return max(0, self.moves[-1])

    @property
    def mean(self) -> Fraction:
        return sum((m * p for m, p in zip(self.moves, self.probabilities, strict=True)), Fraction())

    def position(self, bankroll: Fraction, floor: Fraction) -> int:
        """The bankroll's state: whole lattice units above the floor (−1 when below it)."""
        if bankroll < floor:
            return -1
        return math.floor((bankroll - floor) / self.unit)


@dataclass(frozen=True)
class Steps:
    """What one coup does to the bankroll: each net (in units) with its exact probability, in
    increasing order of net, nets distinct and probabilities above 0 adding up to 1."""

    outcomes: tuple[tuple[Fraction, Fraction], ...]

    @classmethod
    def of(cls, nets: Mapping[Any, Number] | Iterable[tuple[Number, Number]]) -> Steps:
        """Steps from ``{net: probability}`` (equal nets merged, zero probabilities dropped)."""
        pairs = nets.items() if isinstance(nets, Mapping) else nets
        merged: dict[Fraction, Fraction] = {}
        for net, probability in pairs:
            if probability < 0:
                raise ValueError(f"a probability below 0: {probability}")
            merged[Fraction(net)] = merged.get(Fraction(net), Fraction()) + Fraction(probability)
        if sum(merged.values()) != 1:
            raise ValueError(f"probabilities add up to {sum(merged.values())}, not 1")
        return cls(tuple(sorted((n, p) for n, p in merged.items() if p)))

    @classmethod
    def mixture(cls, parts: Iterable[tuple[Fraction, Steps]]) -> Steps:
        """Each of ``parts`` with its share (the shares add up to 1)."""
        return cls.of((net, share * p) for share, steps in parts for net, p in steps.outcomes)

    def scaled(self, stake: Fraction) -> Steps:
        """The steps of ``stake`` units on the bet whose steps per unit these are."""
        return Steps.of((stake * net, p) for net, p in self.outcomes)

    @property
    def mean(self) -> Fraction:
        return sum((n * p for n, p in self.outcomes), Fraction())

    @property
    def variance(self) -> Fraction:
        return sum((n * n * p for n, p in self.outcomes), Fraction()) - self.mean**2

    def lattice(self) -> Lattice:
        """The lattice of these steps: the largest unit every net is a whole multiple of."""
        denominator = math.lcm(*(n.denominator for n, _ in self.outcomes))
        whole = [int(n * denominator) for n, _ in self.outcomes]
        factor = math.gcd(*whole) or 1
        return Lattice(
            Fraction(factor, denominator),
            tuple(w // factor for w in whole),
            tuple(p for _, p in self.outcomes),
        )


def gamblers_ruin(p: Fraction, above: int, target: int | None = None) -> Fraction:
    """The chance that a walk of ±1 steps (up with ``p``, down otherwise) ever goes ``above``+1
    steps down, exactly; with ``target``, before it first goes ``target − above`` steps up
    (Feller 1968, XIV.2, with ``z = above + 1`` and ``a = target + 1``).

    >>> gamblers_ruin(Fraction(1, 2), 4, target=9)  # fair: 1 − z/a
    Fraction(1, 2)
    >>> gamblers_ruin(Fraction(18, 37), 100)  # a negative expectation is ruin for sure
    Fraction(1, 1)
    """
    q = 1 - p
    z = above + 1
    if target is None:
        return Fraction(1) if p <= q else (q / p) ** z
    a = target + 1
    if p == q:
        return 1 - Fraction(z, a)
    r = q / p
    return (r**z - r**a) / (1 - r**a)


def adjustment_coefficient(lattice: Lattice) -> float:
    """``ρ > 0`` with ``E[exp(−ρX)] = 1`` (``X`` in lattice units), for a walk with a positive
    mean and some loss: Lundberg's adjustment coefficient (Asmussen and Albrecher 2010, IV).

    >>> round(adjustment_coefficient(Steps.of({1: Fraction(3, 5), -1: Fraction(2, 5)}).lattice()), 6)
    0.405465
    """
    if lattice.mean <= 0 or not lattice.largest_loss:
        raise ValueError("the adjustment coefficient needs a positive mean and some loss")
    moves = [float(m) for m in lattice.moves]
    weights = [float(p) for p in lattice.probabilities]

    def log_mgf(rho: float) -> float:
        exponents = [-rho * m for m in moves]
        top = max(exponents)
        return top + math.log(
            sum(w * math.exp(e - top) for w, e in zip(weights, exponents, strict=True))
        )

    high = 1.0
    while log_mgf(high) <= 0:
        high *= 2
    low = 0.0
    # log E[exp(−ρX)] is convex, 0 at 0 and falling there: bisect on its second zero.
    for _ in range(200):
        middle = (low + high) / 2
        if log_mgf(middle) <= 0:
            low = middle
        else:
            high = middle
        if high - low <= 1e-15 * high:
            break
    return (low + high) / 2


@dataclass(frozen=True)
class Kelly:
    """The growth-optimal fraction of the bankroll per unit of stake, and the growth it gives.

    ``fraction`` is 0 for steps without a positive mean (no stake makes the bankroll grow);
    ``exact`` is the closed form where there is one (a single win and a single loss, pushes
    aside); ``growth`` is the expected logarithm of the bankroll's growth per coup at
    ``fraction``, and ``half_growth`` at half of it.
    """

    fraction: float
    growth: float
    half_growth: float
    exact: Fraction | None


def _log_growth(steps: Steps, f: float) -> float:
    return sum(float(p) * math.log1p(f * float(n)) for n, p in steps.outcomes)


def kelly(steps: Steps) -> Kelly:
    """The Kelly fraction of ``steps`` (Kelly 1956; Thorp 2006, section 2).

    >>> k = kelly(Steps.of({40: Fraction(1, 40), -1: Fraction(39, 40)}))
    >>> k.exact, round(k.growth, 6)
    (Fraction(1, 1600), 8e-06)
    >>> kelly(Steps.of({Fraction(19, 20): Fraction(1, 2), -1: Fraction(1, 2)})).fraction
    0.0
    """
    if steps.mean <= 0:
        return Kelly(0.0, 0.0, 0.0, Fraction(0))
    wins = [(n, p) for n, p in steps.outcomes if n > 0]
    losses = [(n, p) for n, p in steps.outcomes if n < 0]
    if not losses:
        # Nothing can be lost: every stake grows the bankroll, there is no optimum below all of it.
        return Kelly(math.inf, math.inf, math.inf, None)
    exact: Fraction | None = None
    if len(wins) == 1 and len(losses) == 1:
        (b, p), (minus_a, q) = wins[0], losses[0]
        a = -minus_a
        exact = (p * b - q * a) / (a * b * (p + q))
        f = float(exact)
    else:
        # The growth is concave in f: bisect on its derivative, below the stake that can ruin.
        ceiling = 1 / float(-losses[0][0])
        low, high = 0.0, ceiling
        for _ in range(200):
            middle = (low + high) / 2
            slope = sum(float(p) * float(n) / (1 + middle * float(n)) for n, p in steps.outcomes)
            if slope > 0:
                low = middle
            else:
                high = middle
        f = (low + high) / 2
    return Kelly(f, _log_growth(steps, f), _log_growth(steps, f / 2), exact)
