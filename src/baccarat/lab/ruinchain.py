"""Risk of ruin over a lattice of bankroll states: exact where the chain or its roots give it,
simulated with an interval where they do not.

:func:`ruin_curve` answers, for one plan and one horizon, the chance of ruin from every bankroll
(:class:`RuinCurve`), by the first of these that applies:

* ``certain``: a plan that cannot lose is never ruined; over an infinite horizon, a plan without
  a positive expectation is ruined for sure (its walk reaches every level below: Feller 1968,
  XIV.2 and XII.2).
* ``closed-form``: moves of −1, 0, +1 lattice units: the gambler's ruin, exact fractions.
* ``characteristic-roots`` (infinite horizon): ``ψ(y) = Σ c_j z_j^(y+L)`` over the ``L`` roots
  inside the unit circle of ``z^L (E[z^X] − 1) = 0``, the ``c_j`` fixed by ``ψ = 1`` on the ``L``
  states below the floor (Feller 1968, XIV.8). The answer is checked against the Cramér–Lundberg
  bounds; ``lundberg-bounds`` is what is left when the check fails or the polynomial is too large.
* ``lattice-chain`` (N coups): ``ψ_n(y) = Σ p_i ψ_(n−1)(y + x_i)`` backwards from ``ψ_0 = 0``,
  every bankroll at once (the absorbing Markov chain on the lattice; float64, no sampling error).
* ``simulated`` (N coups, too many states): the largest drawdown of many paths, a 95 % Wilson
  interval on each probability.

>>> from fractions import Fraction
>>> from baccarat.lab.ruin import Steps
>>> coin = Steps.of({1: Fraction(1, 2), -1: Fraction(1, 2)})
>>> curve = ruin_curve(coin, Fraction(1), coups=2)
>>> curve.method, curve.at_bankroll(Fraction(1)).probability, curve.at_bankroll(Fraction(2)).probability
(<Method.CHAIN: 'lattice-chain'>, 0.5, 0.25)
>>> ruin_curve(coin, Fraction(1)).method
<Method.CERTAIN: 'certain'>
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from baccarat.lab.ruin import Lattice, RuinError, Steps, adjustment_coefficient, gamblers_ruin

__all__ = [
    "CHAIN_BUDGET",
    "MAX_ROOTS_DEGREE",
    "SIMULATION_BUDGET",
    "Estimate",
    "Method",
    "RuinCurve",
    "chain_ruin",
    "root_ruin",
    "ruin_curve",
    "simulated_drawdowns",
]

CHAIN_BUDGET = 1_500_000_000
"""State updates the lattice chain may do (a few seconds); past it the horizon is simulated."""
SIMULATION_BUDGET = 400_000_000
"""Path-coups one simulation may deal; past it a horizon is refused."""
MAX_ROOTS_DEGREE = 600
"""The largest characteristic polynomial whose roots are found (its companion matrix's size)."""
_Z95 = 1.959963984540054


class Method(StrEnum):
    """How a probability of ruin was found (the output says which)."""

    CERTAIN = "certain"
    CLOSED_FORM = "closed-form"
    ROOTS = "characteristic-roots"
    BOUNDS = "lundberg-bounds"
    CHAIN = "lattice-chain"
    SIMULATED = "simulated"

    @property
    def exact(self) -> bool:
        """No sampling error (the chain and the roots still round in float64)."""
        return self not in (Method.SIMULATED, Method.BOUNDS)


@dataclass(frozen=True)
class Estimate:
    """A probability of ruin with its interval: a 95 % confidence interval when simulated, the
    Cramér–Lundberg bounds for ``lundberg-bounds``, the value itself otherwise."""

    probability: float
    low: float
    high: float
    exact: Fraction | None = None


@dataclass(frozen=True)
class RuinCurve:
    """The chance of ruin within ``coups`` (``None``: ever) from any bankroll, for one plan."""

    lattice: Lattice
    floor: Fraction
    coups: int | None
    method: Method
    at_position: Callable[[int], Estimate]
    """The estimate at a lattice state (whole lattice units above the floor)."""
    search_top: int
    """A state whose chance of ruin is below any risk asked for (or the last one known)."""

    def at_bankroll(self, bankroll: Fraction) -> Estimate:
        y = self.lattice.position(bankroll, self.floor)
        return Estimate(1.0, 1.0, 1.0, Fraction(1)) if y < 0 else self.at_position(y)

    def bankroll_for(self, risk: float) -> Fraction | None:
        """The smallest bankroll (a lattice state) whose chance of ruin is at most ``risk``;
        ``None`` when none is (ruin is certain)."""
        if self.at_position(self.search_top).probability > risk:
            return None
        low, high = -1, self.search_top
        while high - low > 1:
            middle = (low + high) // 2
            if self.at_position(middle).probability <= risk:
                high = middle
            else:
                low = middle
        return self.floor + high * self.lattice.unit


def chain_ruin(lattice: Lattice, coups: int, top: int) -> npt.NDArray[np.float64]:
    """``ψ_N(y)`` for ``y = 0 … top``: the chance of ruin within ``coups`` coups, backwards over
    the lattice (``ψ_n`` is 0 from ``L·n`` up: no ``n`` coups lose more)."""
    loss, win = lattice.largest_loss, lattice.largest_win
    moves = lattice.moves
    weights = [float(p) for p in lattice.probabilities]
    psi = np.zeros(0)
    for n in range(1, coups + 1):
        size = min(loss * n, top + 1 + win * (coups - n))
        new = np.zeros(size)
        for m, w in zip(moves, weights, strict=True):
            below = min(size, max(0, -m))  # states this move takes under the floor
            new[:below] += w
            start, stop = max(0, -m), min(size, len(psi) - m)
            if stop > start:
                new[start:stop] += w * psi[start + m : stop + m]
        psi = new
    out = np.zeros(top + 1)
    out[: min(len(psi), top + 1)] = psi[: top + 1]
    return out


def chain_work(lattice: Lattice, coups: int, top: int) -> int:
    """The state updates :func:`chain_ruin` does."""
    loss, win = lattice.largest_loss, lattice.largest_win
    cross = (top + 1 + win * coups) / (loss + win) if loss + win else 0
    full = min(coups, int(cross))
    work = loss * full * (full + 1) // 2 + (coups - full) * (top + 1 + win * coups)
    return work * len(lattice.moves)


def root_ruin(lattice: Lattice) -> Callable[[int], complex] | None:
    """``ψ(y)`` over an infinite horizon by the characteristic roots, or ``None`` when the
    polynomial is too large or its roots do not come out as the theory says."""
    loss, win = lattice.largest_loss, lattice.largest_win
    degree = loss + win
    if degree > MAX_ROOTS_DEGREE:
        return None
    coefficients = np.zeros(degree + 1)  # of z^0 … z^degree
    for m, p in zip(lattice.moves, lattice.probabilities, strict=True):
        coefficients[m + loss] += float(p)
    coefficients[loss] -= 1.0
    roots = np.roots(coefficients[::-1])
    inside = roots[np.abs(roots) < 1 - 1e-9]
    if len(inside) != loss:
        return None
    vandermonde = np.vander(inside, loss, increasing=True).T  # row w: z_j^w
    try:
        c = np.linalg.solve(vandermonde, np.ones(loss, dtype=complex))
    except np.linalg.LinAlgError:
        return None

    def psi(y: int) -> complex:
        return complex(np.sum(c * inside ** (y + loss)))

    return psi


def _bounds(rho: float, loss: int, y: int) -> tuple[float, float]:
    return math.exp(-rho * (y + loss)), math.exp(-rho * (y + 1))


def _infinite(lattice: Lattice, floor: Fraction, risk: float) -> RuinCurve:
    rho = adjustment_coefficient(lattice)
    loss = lattice.largest_loss
    top = max(1, math.ceil(math.log(1 / risk) / rho))
    if set(lattice.moves) <= {-1, 0, 1}:
        up = dict(zip(lattice.moves, lattice.probabilities, strict=True))
        p = up.get(1, Fraction()) / (1 - up.get(0, Fraction()))

        def closed(y: int) -> Estimate:
            value = math.exp((y + 1) * math.log((1 - p) / p))
            exact = gamblers_ruin(p, y) if y <= 2000 else None
            return Estimate(value, value, value, exact)

        return RuinCurve(lattice, floor, None, Method.CLOSED_FORM, closed, top)
    psi = root_ruin(lattice)
    if psi is not None and _trusted(psi, rho, loss, top):
        roots = psi

        def by_roots(y: int) -> Estimate:
            value = min(1.0, max(0.0, roots(y).real))
            return Estimate(value, value, value)

        return RuinCurve(lattice, floor, None, Method.ROOTS, by_roots, top)

    def bounded(y: int) -> Estimate:
        low, high = _bounds(rho, loss, y)
        return Estimate(high, low, high)

    return RuinCurve(lattice, floor, None, Method.BOUNDS, bounded, top)


def _trusted(psi: Callable[[int], complex], rho: float, loss: int, top: int) -> bool:
    for y in {0, 1, top // 2, top}:
        value = psi(y)
        low, high = _bounds(rho, loss, y)
        slack = 1e-9 + 1e-6 * high
        if abs(value.imag) > slack or not low - slack <= value.real <= high + slack:
            return False
    return True


def simulated_drawdowns(
    lattice: Lattice, coups: int, paths: int, seed: int
) -> npt.NDArray[np.int64]:
    """Each path's largest fall below its start within ``coups`` coups, in lattice units."""
    rng = np.random.default_rng(seed)
    cumulative = np.cumsum([float(p) for p in lattice.probabilities])
    cumulative[-1] = 1.0
    moves = np.array(lattice.moves, dtype=np.int64)
    drawdowns = np.zeros(paths, dtype=np.int64)
    block_paths = max(1, min(paths, 4_000_000 // max(1, min(coups, 4000))))
    for first in range(0, paths, block_paths):
        count = min(block_paths, paths - first)
        level = np.zeros(count, dtype=np.int64)
        lowest = np.zeros(count, dtype=np.int64)
        done = 0
        while done < coups:
            width = min(4000, coups - done)
            steps = moves[np.searchsorted(cumulative, rng.random((count, width)), side="right")]
            path = level[:, None] + np.cumsum(steps, axis=1)
            lowest = np.minimum(lowest, path.min(axis=1))
            level = path[:, -1]
            done += width
        drawdowns[first : first + count] = -lowest
    return drawdowns


def _wilson(hits: int, n: int) -> tuple[float, float]:
    p = hits / n
    z2 = _Z95 * _Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = _Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def _finite(
    lattice: Lattice, floor: Fraction, coups: int, top: int, paths: int, seed: int
) -> RuinCurve:
    top = min(top, lattice.largest_loss * coups)
    if chain_work(lattice, coups, top) <= CHAIN_BUDGET:
        psi = chain_ruin(lattice, coups, top)

        def chained(y: int) -> Estimate:
            value = float(psi[y]) if y <= top else 0.0
            return Estimate(value, value, value)

        return RuinCurve(lattice, floor, coups, Method.CHAIN, chained, top)
    if paths * coups > SIMULATION_BUDGET:
        raise RuinError("ruin_too_much_work", coups=coups, bankroll=str(floor + top * lattice.unit))
    ordered = np.sort(simulated_drawdowns(lattice, coups, paths, seed))

    def simulated(y: int) -> Estimate:
        hits = paths - int(np.searchsorted(ordered, y + 1, side="left"))
        low, high = _wilson(hits, paths)
        return Estimate(hits / paths, low, high)

    return RuinCurve(lattice, floor, coups, Method.SIMULATED, simulated, int(ordered[-1]))


def ruin_curve(
    steps: Steps,
    floor: Fraction,
    *,
    coups: int | None = None,
    top: Fraction = Fraction(1000),
    risk: float = 1e-6,
    paths: int = 20_000,
    seed: int = 0,
) -> RuinCurve:
    """The chance of ruin (the bankroll below ``floor``) within ``coups`` coups, or ever, from
    every bankroll up to ``top`` units (``risk``: the smallest risk a bankroll is sought for)."""
    lattice = steps.lattice()
    search_top = max(1, lattice.position(top, floor))
    if not lattice.largest_loss:
        zero = Estimate(0.0, 0.0, 0.0, Fraction(0))
        return RuinCurve(lattice, floor, coups, Method.CERTAIN, lambda y: zero, 0)
    if coups is None:
        if lattice.mean <= 0:
            one = Estimate(1.0, 1.0, 1.0, Fraction(1))
            return RuinCurve(lattice, floor, None, Method.CERTAIN, lambda y: one, 0)
        return _infinite(lattice, floor, risk)
    return _finite(lattice, floor, coups, search_top, paths, seed)
