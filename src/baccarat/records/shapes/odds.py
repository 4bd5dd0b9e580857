"""The analyzer's and the simulator's records: exact odds (``odds``), a PAR sheet
(``par-sheet``), the effects of removal (``odds.eor``) and a simulation (``simulation``)."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from baccarat.records.declare import Doc, Keys, Length, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Composition, Count, ExactOrFloat, Fraction

__all__ = [
    "ExactAnalysis",
    "FrequencyFigures",
    "OddsEorRecord",
    "OddsRecord",
    "OutcomeFigures",
    "ParSheetRecord",
    "SimulationRecord",
]


@shape
class OutcomeFigures(TypedDict):
    """The probability of each outcome of a coup."""

    banker: float
    player: float
    tie: float


@shape
class FrequencyFigures(TypedDict):
    """How often a coup ends on a natural, each hand draws, and how many cards it takes."""

    natural: float
    player_draws: float
    banker_draws: float
    both_draw: float
    cards_per_coup: float
    cards_4: float
    cards_5: float
    cards_6: float


@shape
class ExactOutcomes(TypedDict):
    """The probability of each outcome, exact."""

    banker: Fraction
    player: Fraction
    tie: Fraction


@shape
class ExactFrequencies(TypedDict):
    """The frequencies, exact."""

    natural: Fraction
    player_draws: Fraction
    banker_draws: Fraction
    both_draw: Fraction
    cards_per_coup: Fraction
    cards_4: Fraction
    cards_5: Fraction
    cards_6: Fraction


@shape
class ExactAnalysis(TypedDict):
    """The outcomes and the frequencies as exact fractions."""

    outcomes: ExactOutcomes
    frequencies: ExactFrequencies


@shape
class ExactBetFigures(TypedDict):
    """A bet's figures as exact fractions."""

    win: Fraction
    push: Fraction
    lose: Fraction
    ev: Fraction
    house_edge: Fraction
    house_edge_excluding_pushes: Fraction | None
    variance: Fraction
    hit_frequency: Fraction


@shape
class BetFigures(TypedDict):
    """A bet's figures per unit staked, as floats; sd (a square root) a float only; exact: the
    same figures as exact fractions."""

    # Described by Doc, not docstrings: pydantic reads a TypedDict's docstrings in its own
    # source only, and OddsBet and ParSheetBet inherit these fields.
    title: str
    win: Annotated[float, Doc("The probability that the bet wins.")]
    push: float
    lose: float
    ev: Annotated[float, Doc("The expected net per unit staked.")]
    house_edge: float
    house_edge_excluding_pushes: Annotated[
        float | None,
        Doc("The edge among the coups that do not push the bet (null: it always pushes)."),
    ]
    variance: float
    hit_frequency: float
    sd: Annotated[float, Doc("The standard deviation (a square root: a float only).")]
    exact: ExactBetFigures


@shape
class OutcomeCombinations(TypedDict):
    """How many card sequences end in each outcome."""

    banker: Count
    player: Count
    tie: Count


@shape
class BetCombinations(TypedDict):
    """How many card sequences win, push and lose the bet."""

    win: Count
    push: Count
    lose: Count


@shape
class OddsBet(BetFigures):
    """A bet's figures and the sequences behind them."""

    combinations: BetCombinations
    """The card sequences behind win, push and lose."""


@shape
class ExactExcludingTies(TypedDict):
    """Banker and Player among the coups that are not ties, exact."""

    banker: NotRequired[Fraction]
    player: NotRequired[Fraction]


@shape
class ExcludingTies(TypedDict):
    """Banker and Player among the coups that are not ties."""

    banker: NotRequired[float]
    player: NotRequired[float]
    exact: ExactExcludingTies


@shape
class Given(TypedDict):
    """What the figures are conditional on: the options as written, the condition in words and
    the sequences that meet it."""

    given: NotRequired[str]
    seen: NotRequired[dict[str, str]]
    groups: NotRequired[dict[str, str]]
    condition: str
    total: Annotated[int, Range(1)]


@shape
class OddsRecord(TypedDict):
    """``baccarat odds --json``: the coup outcomes, the frequencies and every bet (keyed by id),
    each figure as a float and, under exact, as a "num/den" fraction; the combinations
    (six-card sequences) of every outcome and of each bet's win, push and loss; the outcomes
    excluding ties; and, with --given or --seen, what was given (every figure is then
    conditional on it). --exact changes the tables of odds, not its JSON."""

    schema: Annotated[str, Tag(RecordType.ODDS)]
    rules: str
    composition: Composition
    cards: Annotated[int, Range(1)] | None
    """The cards in the shoe (null: an infinite shoe)."""
    total: Annotated[int, Range(1)]
    """The card sequences the figures count."""
    outcomes: OutcomeFigures
    frequencies: FrequencyFigures
    exact: ExactAnalysis
    bets: Annotated[dict[str, OddsBet], Length(1)]
    combinations: OutcomeCombinations
    outcomes_excluding_ties: ExcludingTies
    given: NotRequired[Given]
    """With --given, --seen or --groups: what every figure is conditional on."""


# "return" is a keyword: these two are written as calls.
ExactParRow = TypedDict(
    "ExactParRow", {"probability": Fraction, "return": Fraction, "variance": Fraction}
)
ParRow = TypedDict(
    "ParRow",
    {
        "outcome": str,
        "pays": str,
        "combinations": Count,
        "probability": float,
        "return": float,
        "variance": float,
        "exact": ExactParRow,
    },
)
shape(ExactParRow)
shape(ParRow)


@shape
class ParSheetBet(BetFigures):
    """A bet's figures and its pay table's rows."""

    rows: Annotated[list[ParRow], Length(1)]


@shape
class ParSheetRecord(TypedDict):
    """``baccarat par-sheet --json``: the odds record of the shoe and rule set (floats, and
    exact fractions under exact), each bet keyed by id with its pay-table rows, and the coup
    outcomes' counts."""

    schema: Annotated[str, Tag(RecordType.PAR_SHEET)]
    rules: str
    title: str
    shoe: str
    composition: Composition
    cards: Annotated[int, Range(1)] | None
    total: Annotated[int, Range(1)]
    outcomes: OutcomeFigures
    frequencies: FrequencyFigures
    exact: ExactAnalysis
    combinations: OutcomeCombinations
    bets: Annotated[dict[str, ParSheetBet], Length(1)]


@shape
class OddsEorRecord(TypedDict):
    """``baccarat odds --eor --json``: each bet's house edge and the change when one card of a
    rank is removed (numbers; with --exact, "num/den" strings)."""

    schema: Annotated[str, Tag(RecordType.ODDS_EOR)]
    rules: str
    composition: Composition
    house_edge: dict[str, ExactOrFloat]
    effects: Annotated[dict[str, dict[str, ExactOrFloat]], Keys("^[A2-9TJQK]$")]
    """By rank symbol (A 2-9 T J Q K), then by bet."""


@shape
class SimulatedBet(TypedDict):
    """A bet's net per unit observed, its standard error, its exact value and the z-score."""

    net_per_unit: float
    se: float
    exact_ev: float | None
    z: float | None


@shape
class SimulationRecord(TypedDict):
    """``baccarat simulate --json``: observed figures beside the exact ones."""

    schema: Annotated[str, Tag(RecordType.SIMULATION)]
    coups: Count
    seconds: float
    coups_per_second: float
    mode: Literal["shoe", "first-coup", "infinite"]
    decks: Annotated[int, Range(1)] | None
    cut_card: Count | None
    burn: bool | None
    rules: str
    seed: int | None
    backend: str
    workers: Annotated[int, Range(1)]
    shoes: Count | None
    interrupted: bool
    outcomes: dict[str, float]
    """Each outcome's share of the coups observed."""
    frequencies: dict[str, float]
    ci95: dict[str, Annotated[list[float], Length(2, 2)]]
    """Each figure's 95 % confidence interval: [low, high]."""
    exact: dict[str, float | None]
    """Each figure's exact value (null: none for these rules)."""
    z: dict[str, float | None]
    """How many standard errors each figure lies from its exact value."""
    bets: dict[str, SimulatedBet]
