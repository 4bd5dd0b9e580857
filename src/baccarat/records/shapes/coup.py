"""The coup: ``baccarat.coup/1``, the one form of a coup for every command and the web API
(written by :func:`baccarat.records.coup_record`; the web adds the fields marked *web only*)."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from baccarat.core.bets import BetResult
from baccarat.records.declare import Length, OneOf, Pattern, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import (
    Action,
    Card,
    Points,
    Reason,
    Side,
    Timestamp,
    Total,
    Winner,
)

__all__ = ["BetLine", "CoupRecord", "DealtCard", "Hand", "Settlement", "Step", "StepParams"]


@shape
class Hand(TypedDict):
    """A hand: its cards, its totals, whether it drew, whether its first two cards pair."""

    cards: Annotated[list[Card], Length(2, 3)]
    total: Total
    two_card_total: Total
    drew: bool
    """Whether the hand took a third card."""
    pair: bool
    """Whether its first two cards are of one rank."""


@shape
class DealtCard(TypedDict):
    """A card in dealing order: the hand it went to, its value, the hand's total with it."""

    code: Card
    side: Side
    value: Total
    total: Total
    """The hand's total with this card."""
    rank: NotRequired[str]
    """(web only) Rank symbol."""
    suit: NotRequired[str]
    """(web only) Suit symbol."""
    suit_name: NotRequired[Literal["clubs", "diamonds", "hearts", "spades"]]
    """(web only)"""
    red: NotRequired[bool]
    """(web only)"""
    label: NotRequired[str]
    """(web only) Spoken label: "Ten of hearts"."""
    announce: NotRequired[str]
    """(web only) Spoken announcement of the card and the new total."""


@shape
class StepParams(TypedDict):
    """The figures of the rule that decided a step."""

    side: Side
    total: Total
    """The hand's two-card total."""
    low: Total
    """The low end of the range of the rule that applied."""
    high: Total
    """The high end of that range."""
    player_third: NotRequired[Total]
    """The value of the Player's third card, when the Banker decided after it."""
    card: NotRequired[Card]
    """The card drawn."""
    card_value: NotRequired[Total]
    """The value of the card drawn."""
    options: NotRequired[Literal["draw,stand"]]
    """When the rules left the hand a choice: the choices."""
    choice: NotRequired[Action]
    """The choice made."""


@shape
class Step(TypedDict):
    """A hand's decision: draw or stand, the rule's reason and figures, its sentence and cell."""

    side: Side
    action: Action
    reason: Reason
    params: StepParams
    text: str
    """The step explained in a sentence."""
    cell: Annotated[str, Pattern("^(n|p-[0-9]|b-[0-9]-([0-9]|s))$")]
    """The draw-table cell that decided it: n (naturals), p-<total>, b-<total>-<Player's third
    card value> or b-<total>-s (the Player stood)."""


@shape
class BetLine(TypedDict):
    """One bet's settlement: its stake, its result, the amount returned and the net."""

    bet: str
    stake: Points
    result: Annotated[str, OneOf(*BetResult)]
    returned: Points
    net: Points
    title: NotRequired[str]
    """(web only)"""
    result_text: NotRequired[str]
    """(web only)"""
    celebrate: NotRequired[bool]
    """(web only)"""
    text: NotRequired[str]
    """(web only) The bet's settlement in a sentence."""


@shape
class Settlement(TypedDict):
    """Each bet settled on the coup, and the totals, in points."""

    bets: Annotated[list[BetLine], Length(1)]
    staked: Points
    returned: Points
    net: Points
    net_text: NotRequired[str]
    """(web only) The net, signed, in the page's number format."""
    celebrate: NotRequired[bool]
    """(web only) Whether the coup won points overall."""


@shape
class CoupRecord(TypedDict):
    """One coup: both hands, the cards in dealing order with each hand's running total, every
    step with the rule that decided it, the winner and the result; the shoe and coup numbers,
    the rule set and the settlement when they are known. The web adds the ledger's facts and
    display fields (marked web only); a field that is not known is left out, never null."""

    schema: Annotated[str, Tag(RecordType.COUP)]
    id: NotRequired[Annotated[int, Range(0)]]
    """(web only) The coup's id in the ledger."""
    table_id: NotRequired[Annotated[int, Range(0)]]
    """(web only) The table's id."""
    dealt_at: NotRequired[Timestamp]
    """(web only) When it was dealt."""
    shoe: NotRequired[Annotated[int, Range(1)]]
    """The shoe's number at the table, from 1."""
    number: NotRequired[Annotated[int, Range(1)]]
    """The coup's number in its shoe, from 1."""
    rule_set: NotRequired[str]
    """The rule set the coup was dealt and settled under."""
    player: Hand
    banker: Hand
    cards: Annotated[list[DealtCard], Length(4, 6)]
    """Every card in dealing order: P1 B1 P2 B2, then each third card after the step that
    drew it."""
    steps: Annotated[list[Step], Length(1, 2)]
    """Each hand's decision, in order."""
    winner: Winner
    natural: bool
    """Whether a natural ended the coup."""
    cards_used: Annotated[int, Range(4, 6)]
    """How many cards the coup took."""
    result: str
    """The result in a sentence: "Banker wins, 9 to 7.", "Tie, 6 to 6.", with "A natural: no
    third cards." after a natural."""
    settlement: NotRequired[Settlement]
    """When bets were settled on the coup."""
    winner_letter: NotRequired[str]
    """(web only) The winner's bead letter in the page's language."""
