"""``baccarat ruin``'s record: a plan's risk of ruin by horizon and bankroll, the bankroll for
each target risk, and its Kelly fractions (amounts in units of stake)."""

from __future__ import annotations

from typing import Annotated, Literal

from typing_extensions import TypedDict

from baccarat.records.declare import Length, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Count, Rational

__all__ = ["RuinRecord"]

Probability = Annotated[float, Range(0, 1)]


@shape
class KellyFigures(TypedDict):
    """The growth-optimal stake (Kelly 1956) and the growth it gives."""

    fraction: Annotated[float, Range(0)]
    """The fraction of the bankroll per unit staked; 0 without a positive expectation."""
    exact: Rational | None
    """The closed form where there is one (one win and one loss, pushes aside)."""
    growth: float
    """The expected logarithm of the bankroll's growth per coup at that fraction."""
    half_kelly_growth: float


@shape
class RuinLevel(TypedDict):
    """One level of the plan: its share of the coups, its stake, its net per unit staked."""

    share: Probability
    stake: Annotated[float, Range(0)]
    mean: Rational
    """The expected net per unit staked, exact."""
    variance: Annotated[float, Range(0)]
    kelly: KellyFigures


@shape
class RuinAt(TypedDict):
    """The chance of ruin from one bankroll."""

    bankroll: Annotated[float, Range(0)]
    probability: Probability
    interval: Annotated[list[float], Length(2, 2)]
    """A simulated horizon's 95 % interval, the Lundberg bounds, or the value twice."""
    exact: Rational | None
    """The exact fraction where a closed form gives it."""


@shape
class BankrollForRisk(TypedDict):
    """The smallest bankroll whose chance of ruin is at most the risk (null: none known)."""

    risk: Probability
    bankroll: Annotated[float, Range(0)] | None


@shape
class RuinHorizon(TypedDict):
    """Ruin within a number of coups (null: ever), and how it was found."""

    coups: Annotated[int, Range(1)] | None
    method: Literal[
        "certain",
        "closed-form",
        "characteristic-roots",
        "lundberg-bounds",
        "lattice-chain",
        "simulated",
    ]
    exact: bool
    """No sampling error (floats still round)."""
    ruin: list[RuinAt]
    bankroll_for_risk: list[BankrollForRisk]


@shape
class RuinRecord(TypedDict):
    """``baccarat ruin --json``: a flat bet's or a bet ramp's risk of ruin, the bankroll for
    each target risk, and the Kelly fractions (ruin: the bankroll below ``floor``)."""

    schema: Annotated[str, Tag(RecordType.RUIN)]
    rules: str
    decks: Annotated[int, Range(1)]
    paths: Annotated[int, Range(1)]
    seed: Count
    bet: str
    floor: Annotated[float, Range(above=0)]
    """The largest stake of the plan, in units: ruin is the bankroll below it."""
    mean: float
    """The plan's expected net per coup, in units."""
    variance: Annotated[float, Range(0)]
    levels: list[RuinLevel]
    kelly: KellyFigures
    """The plan's: the fraction of the bankroll one unit of the ramp should be."""
    horizons: list[RuinHorizon]
