"""The lab's and the solvers' records: a counting study (``count``), betting systems
(``systems``), and Chemin de Fer and Banque solved (``solve.chemin-de-fer``,
``solve.banque``)."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired, TypeAlias

from typing_extensions import TypedDict

from baccarat.records.declare import Doc, Length, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Count, Rational

__all__ = [
    "CountRecord",
    "CountSweepRecord",
    "SolveBanqueRecord",
    "SolveCheminDeFerRecord",
    "SystemsRecord",
]

# A counting study

Interval: TypeAlias = Annotated[list[float], Length(2, 2)]
"""A 95 % confidence interval: [low, high]."""


@shape
class Strategy(TypedDict):
    """A counting strategy as data (or computer-perfect play), and the shoe it was run on."""

    name: str
    tags: Annotated[list[int], Length(13, 13)]
    """Tags A, 2, ..., 9, T, J, Q, K."""
    start: int
    balanced: NotRequired[bool]
    count: Literal["true", "running"]
    rounding: NotRequired[Literal["floor"] | None]
    """floor for a true count."""
    threshold: int
    """The count from which the strategy bets."""
    spread: NotRequired[list[Annotated[list[int], Length(2, 2)]] | None]
    bet: str
    main_bet: NotRequired[str | None]
    rules: str
    decks: Annotated[int, Range(1)]
    cut_card: Count
    burn: NotRequired[bool]
    one_more_coup: NotRequired[bool]
    cut_rule: NotRequired[Literal["drawn", "reached"]]
    """When the cut card comes out: in the coup that draws a card behind it (drawn), or in the
    coup that leaves cut_card cards or fewer (reached)."""
    sees_burn_card: NotRequired[bool]
    source: NotRequired[str]


# mypy does not read PEP 728's extra_items yet; pydantic does (additionalProperties).
@shape
class Intervals(TypedDict, extra_items=Interval):  # type: ignore[call-arg]
    """The 95 % confidence intervals, by figure: units_per_shoe, and any other."""

    units_per_shoe: Interval


@shape
class CountLevel(TypedDict):
    """The coups met at one count and what betting on them won."""

    level: int
    """The count (true or running), or the exact edge in whole percent (perfect play)."""
    end: Literal[-1, 0, 1]
    """-1: this level or less; 1: this level or more; 0: exactly."""
    coups: Count
    frequency: float
    edge: float | None
    se: NotRequired[float | None]
    units: float
    units_per_shoe: float


@shape
class ThresholdFigures(TypedDict):
    """What betting from one threshold on gives."""

    threshold: int
    bets: Count
    bets_per_shoe: float
    bet_share: float
    staked: Count
    edge_when_betting: float | None
    units_per_shoe: float
    sd_per_shoe: float
    main_units_per_shoe: float
    ci95: Intervals


@shape
class CountRecord(TypedDict):
    """``baccarat count --json``: a counting strategy (or computer-perfect play) over many
    shoes."""

    schema: Annotated[str, Tag(RecordType.COUNT)]
    strategy: Strategy
    perfect: bool
    bet: str
    seed: Count
    shoes: Count
    coups: Count
    seconds: float
    backend: NotRequired[str]
    workers: NotRequired[Annotated[int, Range(1)]]
    interrupted: NotRequired[bool]
    threshold: NotRequired[int]
    bets: NotRequired[Count]
    bets_per_shoe: float
    bet_share: float
    staked: NotRequired[Count]
    edge_when_betting: float | None
    units_per_shoe: float
    sd_per_shoe: NotRequired[float]
    main_units_per_shoe: NotRequired[float]
    ci95: Intervals
    """units_per_shoe: mean ± 1.96 standard errors over shoes."""
    by_count: list[CountLevel]
    """A row per count met."""
    units_histogram: list[tuple[int, Count]]
    """[units won in a shoe, shoes]: bins of one unit from -200 to 200; the first and last
    hold everything beyond."""
    scan: NotRequired[list[ThresholdFigures]]
    """With --threshold-scan: each threshold's figures and interval."""
    best_threshold: NotRequired[int]


# A counting sweep


@shape
class SweepPoint(TypedDict):
    """One grid point of a sweep: a threshold, a ramp and a cut card, and what they gave."""

    threshold: int
    ramp: Annotated[list[Annotated[int, Range(1)]], Length(1)]
    """Units staked at the threshold, one count above, and so on (the last from there up)."""
    cut_card: Count
    """The cut card's place, in cards from the end of the shoe."""
    penetration: Annotated[float, Range(0, 1)]
    """The share of the shoe dealt before the cut card."""
    shoes: Count
    coups: Count
    bets: Count
    bets_per_shoe: float
    staked: Count
    """Units staked in all."""
    staked_per_shoe: float
    advantage: float | None
    """Units won per unit staked (None where nothing was staked)."""
    units_per_shoe: float
    sd_per_shoe: float
    ci95: Intervals
    """units_per_shoe: mean ± 1.96 standard errors over shoes; advantage: the ratio's delta
    method interval."""


@shape
class CountSweepRecord(TypedDict):
    """``baccarat count --json`` with ranges (several thresholds, --penetration or --ramp):
    every grid point priced on the same shoes."""

    schema: Annotated[str, Tag(RecordType.COUNT_SWEEP)]
    strategy: Strategy
    """The strategy swept (its cut card the deepest one's)."""
    bet: str
    seed: Count
    shoes: Count
    coups: Count
    """Coups dealt to the deepest cut card."""
    seconds: float
    backend: str
    workers: Annotated[int, Range(1)]
    interrupted: bool
    thresholds: list[int]
    ramps: list[str]
    cut_cards: list[Count]
    points: list[SweepPoint]
    """By cut card, then threshold, then ramp."""


# Betting systems

Share: TypeAlias = Annotated[float, Range(0, 1)]


@shape
class HouseEdges(TypedDict):
    """Each side's exact house edge."""

    banker: float
    player: float


@shape
class SystemResult(TypedDict):
    """A system's session results, in units of the base stake."""

    system: Literal[
        "flat", "martingale", "paroli", "fibonacci", "dalembert", "1-3-2-6", "follow-the-road"
    ]
    mean: float
    """Mean result of a session, in units."""
    sd: Annotated[float, Range(0)]
    quantiles: Annotated[list[float], Length(5, 5)]
    """5, 25, 50, 75 and 95 % of the session results, in units."""
    risk_of_ruin: Share
    behind: Share
    """Share of sessions that end behind."""
    stopped_winning: Share
    staked: Annotated[float, Range(0)]
    edge_times_staked: float
    """Each side's exact house edge times its mean total staked (negative: a loss)."""
    z: float


@shape
class SystemsRecord(TypedDict):
    """``baccarat systems --json``: each system's session results (in units of the base
    stake), risk of ruin and the edge times the total staked."""

    schema: Annotated[str, Tag(RecordType.SYSTEMS)]
    unit_points: Annotated[float, Range(above=0)]
    """The base stake in points; bankroll, table_min, table_max and stop_win are in units."""
    sessions: Annotated[int, Range(1)]
    shoes_per_session: Annotated[int, Range(1)]
    bankroll: Annotated[float, Range(0)]
    table_min: Annotated[float, Range(0)]
    table_max: Annotated[float, Range(0)]
    stop_win: Annotated[float, Range(0)] | None
    bet: Literal["banker", "player"]
    seed: Count
    seconds: Annotated[float, Range(0)]
    interrupted: NotRequired[bool]
    """Ctrl-C: the figures are for the sessions played so far."""
    house_edge: HouseEdges
    systems: list[SystemResult]


# The solvers

DrawChance: TypeAlias = Annotated[Rational, Doc('A probability of drawing, exact: "9/11".')]


@shape
class Mixed(TypedDict):
    """A choice point where the best play is mixed: the chance of drawing, the situation."""

    draw: Rational
    situation: str


@shape
class SolvedSimulation(TypedDict):
    """The strategies played against each other in a simulation."""

    coups: Annotated[int, Range(1)]
    player_wins: Count
    banker_wins: Count
    ties: Count
    mean: float
    standard_error: float
    z: float
    interrupted: NotRequired[bool]
    """Ctrl-C: the figures are for the coups dealt so far."""


@shape
class Solution(TypedDict):
    """Each side's optimal strategy under one tableau and the game's value."""

    tableau: str
    shoe: str
    value: Rational
    value_float: float
    lp_value: float
    player: dict[str, DrawChance]
    """The Player's strategy: the probability of drawing at each choice point ("P5")."""
    banker: dict[str, DrawChance]
    """The Banker's strategy."""
    mixed: dict[str, Mixed]
    simulation: NotRequired[SolvedSimulation]


@shape
class Solutions(TypedDict):
    """The game solved under the rules' tableau, free, or free and seeing the Banker's cards."""

    rules: NotRequired[Solution]
    free: NotRequired[Solution]
    cards: NotRequired[Solution]
    """The free Banker deciding on his two cards' values (Downton and Lockwood's game)."""


@shape
class SolveCheminDeFerRecord(TypedDict):
    """``baccarat solve chemin-de-fer --json``: each side's optimal strategy and the game's
    value."""

    schema: Annotated[str, Tag(RecordType.SOLVE_CHEMIN_DE_FER)]
    shoe: str
    solutions: Solutions


@shape
class Hands(TypedDict):
    """A figure for each of the Player hands of Banque, exact."""

    right: Rational
    left: Rational


@shape
class HandsFloat(TypedDict):
    """A figure for each of the Player hands of Banque."""

    right: float
    left: float


@shape
class HandSimulation(TypedDict):
    """A hand's mean result in a simulation, its standard error and the z-score."""

    mean: float
    standard_error: float
    z: float


@shape
class BanqueSimulation(TypedDict):
    """The Banker's reply played in a simulation."""

    right: HandSimulation
    left: HandSimulation
    coups: Annotated[int, Range(1)]
    interrupted: NotRequired[bool]
    """Ctrl-C: the figures are for the coups dealt so far."""


@shape
class SolveBanqueRecord(TypedDict):
    """``baccarat solve banque --json``: the Banker's best reply to both Player hands and his
    edge."""

    schema: Annotated[str, Tag(RecordType.SOLVE_BANQUE)]
    player_draw_on_option: Hands
    banker_edge: Hands
    banker_edge_float: HandsFloat
    banker: dict[str, DrawChance]
    stakes: Hands
    simulation: NotRequired[BanqueSimulation]
