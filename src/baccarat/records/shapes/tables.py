"""The game's tables as records: the roads of a shoe (``roads``), the quiz's rounds and heatmap
(``quiz.round``, ``quiz.heatmap``), the rule sets (``rule-sets``) and the draw rules
(``tableau``)."""

from __future__ import annotations

from typing import Annotated, Any, Literal, NotRequired, TypeAlias

from typing_extensions import TypedDict

from baccarat.core import tableau
from baccarat.records.declare import Length, OneOf, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Action, Card, Count, Points, Reason, Side, Total
from baccarat.records.shapes.coup import CoupRecord, StepParams

__all__ = [
    "QuizHeatmapRecord",
    "QuizRoundRecord",
    "RoadsRecord",
    "RuleSetsRecord",
    "TableauRecord",
]

# The roads

Mark: TypeAlias = Literal["red", "blue"]
"""A derived road's mark."""


@shape
class Bead(TypedDict):
    """A cell of the bead plate: the outcome, the pairs, a natural and the totals when known."""

    outcome: Literal["B", "P", "T"]
    banker_pair: bool
    player_pair: bool
    natural: bool
    player_total: Total | None
    banker_total: Total | None


@shape
class BigRoadCell(TypedDict):
    """A cell of the Big Road: the side, the ties after it, the pairs."""

    side: Literal["B", "P"]
    ties: Count
    banker_pair: bool
    player_pair: bool


@shape
class BigRoad(TypedDict):
    """The Big Road's columns."""

    columns: list[Annotated[list[BigRoadCell], Length(1)]]


@shape
class AskMarks(TypedDict):
    """The mark each derived road would add (null: none yet)."""

    big_eye_boy: Mark | None
    small_road: Mark | None
    cockroach_pig: Mark | None


@shape
class Ask(TypedDict):
    """The mark each derived road would add after a Banker or a Player win."""

    banker: AskMarks
    player: AskMarks


@shape
class Tally(TypedDict):
    """A count and its share of the coups (percent, two decimals)."""

    count: Count
    percent: Annotated[float, Range(0, 100)]


@shape
class Run(TypedDict):
    """A run of one side."""

    side: Literal["B", "P"]
    length: Annotated[int, Range(1)]


@shape
class Colours(TypedDict):
    """A derived road's red and blue marks."""

    red: Count
    blue: Count


@shape
class DerivedColours(TypedDict):
    """Each derived road's marks."""

    big_eye_boy: Colours
    small_road: Colours
    cockroach_pig: Colours


@shape
class RoadStatistics(TypedDict):
    """The panel's figures: counts with their share of the coups (percent, two decimals), runs,
    columns, the derived roads' marks."""

    coups: Count
    banker: Tally
    player: Tally
    tie: Tally
    banker_pairs: Tally
    player_pairs: Tally
    naturals: Tally
    columns: Count
    current_run: Run | None
    longest_run: Run | None
    longest_banker_run: Count
    longest_player_run: Count
    derived: DerivedColours


@shape
class RoadsRecord(TypedDict):
    """``baccarat roads --json``: every road and the ask icons."""

    schema: Annotated[str, Tag(RecordType.ROADS)]
    bead_plate: list[Annotated[list[Bead], Length(maximum=6)]]
    """Columns of six, top to bottom."""
    big_road: BigRoad
    big_eye_boy: list[Mark]
    small_road: list[Mark]
    cockroach_pig: list[Mark]
    ask: Ask
    statistics: RoadStatistics


# The quiz


@shape
class Question(TypedDict):
    """A question on one hand of a situation, its answer and why."""

    side: Side
    ask: Literal["action", "total"]
    cell: str
    """The quiz's cell key: player:<total>, banker:<total>:<third>|stood, natural:<total>."""
    cards: list[Card]
    prompt: str
    answer: Action | Total
    """draw / stand, or a total."""
    reason: Reason
    params: StepParams
    explanation: str


@shape
class Situation(TypedDict):
    """A coup of the quiz and its questions, on the cell it focuses on."""

    focus: str
    coup: CoupRecord
    questions: Annotated[list[Question], Length(1)]


@shape
class QuizRoundRecord(TypedDict):
    """``baccarat quiz --json``: one round per line; each situation is a coup and its
    questions."""

    schema: Annotated[str, Tag(RecordType.QUIZ_ROUND)]
    mode: str
    size: Annotated[int, Range(1)]
    time_limit: float | None
    reviews: Count
    situations: list[Situation]


@shape
class HeatCell(TypedDict):
    """A cell's right and wrong answers, its accuracy, its box and whether it is due."""

    cell: str
    action: Action
    right: Count
    wrong: Count
    accuracy: Annotated[float, Range(0, 1)] | None
    box: Count
    due: bool


@shape
class BankerRow(TypedDict):
    """The Banker's row of a total: a cell per Player's third card, and one for a stand."""

    total: Total
    cells: list[HeatCell]
    stood: HeatCell


@shape
class QuizHeatmapRecord(TypedDict):
    """``baccarat quiz --heatmap --json``: right and wrong answers per cell."""

    schema: Annotated[str, Tag(RecordType.QUIZ_HEATMAP)]
    thirds: list[Total]
    banker: list[BankerRow]
    player: list[HeatCell]
    naturals: list[HeatCell]
    right: Count
    wrong: Count


# The rule sets and the draw rules


@shape
class StakeLimits(TypedDict):
    """The smallest and the largest stake."""

    minimum: Points
    maximum: Points


@shape
class PayRule(TypedDict):
    """A line of a bet's pay table: when it applies and what it pays."""

    when: dict[str, Any]
    pays: str


@shape
class RuleSetBet(TypedDict):
    """A bet of a rule set: its pay table and its limits."""

    name: str
    title: str
    domain: str
    rules: list[PayRule]
    otherwise: Literal["lose"]
    limits: StakeLimits


@shape
class RuleSet(TypedDict):
    """A table's rules: its tableau, its limits and its bets."""

    name: str
    title: str
    description: str
    tableau: str
    limits: StakeLimits
    bets: list[RuleSetBet]


@shape
class RuleSetsRecord(TypedDict):
    """``baccarat rules --json``: each table's bets, pays and limits (choice_rule_sets, the
    Chemin de Fer tables, when no rule set is named)."""

    schema: Annotated[str, Tag(RecordType.RULE_SETS)]
    rule_sets: Annotated[list[RuleSet], Length(1)]
    choice_rule_sets: NotRequired[list[RuleSet]]


Cell: TypeAlias = Annotated[str, OneOf(*tableau.Action)]
"""A draw-table cell: draw, stand or the hand's option."""
Row: TypeAlias = Annotated[list[Cell], Length(10, 10)]


@shape
class TableauRecord(TypedDict):
    """``baccarat tableau --json``: naturals and every draw/stand cell."""

    schema: Annotated[str, Tag(RecordType.TABLEAU)]
    name: str
    natural_totals: list[Total]
    player: Row
    """By the Player's total 0-9."""
    banker_player_stood: Row
    """By the Banker's total, when the Player stood."""
    banker: Annotated[list[Row], Length(10, 10)]
    """By the Banker's total, then the Player's third card value."""
