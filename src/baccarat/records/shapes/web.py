"""The practice table's pieces its API answers share: the player's standing, a table with its
rule set, its shoe and its coups, a provably fair shoe (written by :mod:`baccarat.web.present`).
"""

from __future__ import annotations

from typing import Annotated, Literal

from typing_extensions import TypeAliasType, TypedDict

from baccarat.records.declare import Length, Range, shape
from baccarat.records.shapes.common import Card, Count, Points, Seed, Timestamp, Total
from baccarat.records.shapes.coup import CoupRecord

__all__ = [
    "FairShoe",
    "RankCounts",
    "WebBet",
    "WebCard",
    "WebPlayer",
    "WebRuleSet",
    "WebShoe",
    "WebTable",
]


@shape
class WebCard(TypedDict):
    """A card for the page."""

    code: Card
    rank: str
    suit: str
    suit_name: Literal["clubs", "diamonds", "hearts", "spades"]
    red: bool
    value: Total
    label: str


@shape
class TopUp(TypedDict):
    """Whether the player may restore the starting balance now, by how much, and when next."""

    available: bool
    amount: Points
    amount_text: str
    used_today: bool
    next_at: Timestamp


@shape
class WebPlayer(TypedDict):
    """The player's standing."""

    username: str | None
    balance: Points
    balance_text: str
    session_net: Points
    session_net_text: str
    top_up: TopUp


@shape
class WebBet(TypedDict):
    """A bet of the table: its pays and limits, in points and as the page writes them."""

    name: str
    title: str
    domain: str
    pays: list[str]
    pays_ratio: str
    minimum: Points
    maximum: Points
    minimum_text: str
    maximum_text: str
    main: bool


@shape
class WebRuleSet(TypedDict):
    """A rule set a table may be opened with, and its bets."""

    name: str
    title: str
    description: str
    bets: list[WebBet]


@shape
class RankCount(TypedDict):
    """How many cards of a rank."""

    rank: str
    name: str
    count: Count


RankCounts = TypeAliasType("RankCounts", Annotated[list[RankCount], Length(13, 13)])


@shape
class WebShoe(TypedDict):
    """The shoe as the player may see it: counts, never the order."""

    number: Annotated[int, Range(1)]
    decks: Annotated[int, Range(1)]
    size: Annotated[int, Range(1)]
    coups_dealt: Count
    cards_dealt: Count
    cards_remaining: Count
    cards_to_cut: int
    cut_card: Count
    cut_card_at: int
    penetration: float
    penetration_percent: str
    cut_card_out: bool
    finished: bool
    burn_card: WebCard | None
    burned: Count
    dealt: RankCounts
    remaining: RankCounts


@shape
class ShoeEvents(TypedDict):
    """When the commitment was shown, the contribution received and the first card dealt
    (null: not yet, or a shoe of scheme 1)."""

    commitment_shown: Timestamp | None
    contribution_received: Timestamp | None
    first_card: Timestamp | None


@shape
class FairShoe(TypedDict):
    """A provably fair shoe: the commitment, the client seed, the server seed once the shoe has
    ended."""

    number: Annotated[int, Range(1)]
    commitment: Seed
    client_seed: str | None
    """The player's contribution; null while the shoe waits for it."""
    client_seed_open: bool
    coups_dealt: Count
    finished: bool
    server_seed: Seed | None
    scheme: Literal[1, 2]
    """2: the order waits for the player's contribution, chosen after the commitment was
    shown; 1: a shoe from before (its client seed was known when its server seed was
    drawn)."""
    awaiting_contribution: bool
    """The shoe waits for the player's client seed before its first card."""
    events: ShoeEvents


@shape
class WebTable(TypedDict):
    """A table: rule set and bets, the shoe, the next shoe's commitment, this shoe's coups."""

    id: Annotated[int, Range(1)]
    decks: Annotated[int, Range(1)]
    rule_set: WebRuleSet
    shoe: WebShoe
    next_shoe: FairShoe | None
    coups: list[CoupRecord]
