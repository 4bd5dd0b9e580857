"""The answers of the practice table's JSON API (``api.*``) and the server's first line
(``serve``): what FastAPI documents each route's answer with, in ``/openapi.json``."""

from __future__ import annotations

from typing import Annotated, Literal, NotRequired

from typing_extensions import TypedDict

from baccarat.records.declare import Length, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.checks import VerificationRecord
from baccarat.records.shapes.common import Count, Points, Timestamp
from baccarat.records.shapes.coup import CoupRecord
from baccarat.records.shapes.tables import RoadsRecord
from baccarat.records.shapes.web import FairShoe, WebPlayer, WebRuleSet, WebShoe, WebTable

__all__ = [
    "ApiAccount",
    "ApiCoup",
    "ApiDeal",
    "ApiHistory",
    "ApiLimits",
    "ApiLoggedOut",
    "ApiMe",
    "ApiOdds",
    "ApiPasswordChanged",
    "ApiPlayer",
    "ApiRoads",
    "ApiRuleSets",
    "ApiSession",
    "ApiShoes",
    "ApiTable",
    "ApiVerification",
    "ServeRecord",
]


@shape
class ServeRecord(TypedDict):
    """``baccarat serve --json``: the first line, before serving."""

    schema: Annotated[str, Tag(RecordType.SERVE)]
    url: str
    database: str


# The player


@shape
class ApiSession(TypedDict):
    """``POST /api/session``: the guest player who passed the gate, and the session's token."""

    schema: Annotated[str, Tag(RecordType.API_SESSION)]
    player: WebPlayer
    csrf_token: str
    """The session's anti-forgery token (send it as X-CSRF-Token)."""


@shape
class ApiMe(TypedDict):
    """``GET /api/me``: the player's standing, since when the session runs, and its token."""

    schema: Annotated[str, Tag(RecordType.API_ME)]
    player: WebPlayer
    session_started: Timestamp
    csrf_token: str
    """The session's anti-forgery token (send it as X-CSRF-Token)."""


@shape
class ApiPlayer(TypedDict):
    """``POST /api/me/top-up``: the player's standing after the top-up."""

    schema: Annotated[str, Tag(RecordType.API_PLAYER)]
    player: WebPlayer


@shape
class ApiAccount(TypedDict):
    """``POST /api/account/register``, ``POST /api/account/login``: the player, and the new
    session's token."""

    schema: Annotated[str, Tag(RecordType.API_ACCOUNT)]
    player: WebPlayer
    csrf_token: str
    """The session's anti-forgery token (send it as X-CSRF-Token)."""


@shape
class ApiPasswordChanged(TypedDict):
    """``POST /api/account/password``: the password is changed."""

    schema: Annotated[str, Tag(RecordType.API_PASSWORD_CHANGED)]
    changed: Literal[True]


@shape
class ApiLoggedOut(TypedDict):
    """``POST /api/account/logout``; ``POST /api/account/logout-everywhere`` adds how many
    sessions ended."""

    schema: Annotated[str, Tag(RecordType.API_LOGGED_OUT)]
    logged_out: Literal[True]
    sessions_ended: NotRequired[Count]


@shape
class PendingLimit(TypedDict):
    """A raised limit waiting its 24 hours."""

    value: int | None
    applies_at: Timestamp


@shape
class PlayLimits(TypedDict):
    """The reality-check interval, the limits (null: none), the raises waiting, any cool-off."""

    reality_check_minutes: Annotated[int, Range(1)]
    session_limit_minutes: Annotated[int, Range(1)] | None
    daily_coup_limit: Annotated[int, Range(1)] | None
    coups_today: Count
    pending: dict[str, PendingLimit]
    """Raised limits waiting their 24 hours: name → the new value (null: no limit) and when it
    applies."""
    cool_off_until: Timestamp | None
    reality_check_at: Timestamp | None


@shape
class PlaySession(TypedDict):
    """The player's play session on the server (the session clock and limit count it): when
    the live one started, null when none is live (the next coup starts one)."""

    started: Timestamp | None
    idle_minutes: Annotated[int, Range(1)]


@shape
class ApiLimits(TypedDict):
    """``GET`` and ``PUT /api/me/limits``, ``POST /api/me/reality-check``, ``POST
    /api/me/cool-off``, ``POST /api/me/play-session/end``: the limits and the play session."""

    schema: Annotated[str, Tag(RecordType.API_LIMITS)]
    limits: PlayLimits
    play_session: PlaySession


# The tables


@shape
class ApiRuleSets(TypedDict):
    """``GET /api/rule-sets``: every rule set a table may be opened with."""

    schema: Annotated[str, Tag(RecordType.API_RULE_SETS)]
    rule_sets: Annotated[list[WebRuleSet], Length(1)]


@shape
class ApiTable(TypedDict):
    """A table: ``POST /api/tables``, ``GET /api/tables/...``, ``POST .../client-seed``."""

    schema: Annotated[str, Tag(RecordType.API_TABLE)]
    table: WebTable


@shape
class ApiDeal(TypedDict):
    """``POST /api/tables/{id}/deal``: the coup, the balance before and after, the shoe and
    the player's standing."""

    schema: Annotated[str, Tag(RecordType.API_DEAL)]
    coup: CoupRecord
    balance_before: Points
    balance_after: Points
    balance_text: str
    shoe: WebShoe
    new_shoe: bool
    replayed: bool
    player: WebPlayer


@shape
class ApiShoes(TypedDict):
    """``GET /api/tables/{id}/shoes``: the table's shoes, newest first."""

    schema: Annotated[str, Tag(RecordType.API_SHOES)]
    shoes: list[FairShoe]


@shape
class VerifiedEvents(TypedDict):
    """The order of the shoe's events: the commitment shown, then the player's contribution,
    then the first card (in_order; null for a shoe of scheme 1, which recorded none)."""

    scheme: Literal[1, 2]
    commitment_shown: Timestamp | None
    contribution_received: Timestamp | None
    first_card: Timestamp | None
    in_order: bool | None


@shape
class ApiVerification(TypedDict):
    """``GET /api/tables/{id}/shoes/{number}/verify`` (and a room's): the ended shoe recomputed
    from its seeds, and the order of its events."""

    schema: Annotated[str, Tag(RecordType.API_VERIFICATION)]
    verification: VerificationRecord
    events: VerifiedEvents
    contributions: NotRequired[list[str]]
    """A room's shoe: the client seeds the players contributed before its first coup, sorted;
    the shoe's client seed combines them (``baccarat verify --contribution``)."""


@shape
class ApiRoads(TypedDict):
    """``GET /api/tables/{id}/roads``: the roads of the current shoe, and the coup id behind
    every bead."""

    schema: Annotated[str, Tag(RecordType.API_ROADS)]
    coup_ids: list[Annotated[int, Range(1)]]
    roads: RoadsRecord
    """The roads of the shoe as data (the baccarat.roads record)."""


@shape
class OddsRow(TypedDict):
    """A bet's house edge for the next coup, for a full shoe, and the change, as shown."""

    bet: str
    title: str
    now: str
    full: str
    change: str


@shape
class OddsPanel(TypedDict):
    """The odds panel: a row per bet, and whether the next coup comes from a fresh shoe."""

    rows: list[OddsRow]
    new_shoe: bool


@shape
class StatisticsRow(TypedDict):
    """A figure of the shoe observed beside its exact value, as shown."""

    key: str
    label: str
    observed: str
    exact: str


@shape
class Observed(TypedDict):
    """A figure observed and its exact value, as shown."""

    observed: str
    exact: str


@shape
class StatisticsPanel(TypedDict):
    """The statistics panel: its rows, the cards per coup, the coups dealt."""

    rows: list[StatisticsRow]
    cards_per_coup: Observed
    coups: Count


@shape
class ApiOdds(TypedDict):
    """``GET /api/tables/{id}/odds``: every bet's exact house edge for the next coup, and the
    shoe's statistics."""

    schema: Annotated[str, Tag(RecordType.API_ODDS)]
    odds: OddsPanel
    statistics: StatisticsPanel


@shape
class ApiCoup(TypedDict):
    """``GET /api/coups/{id}``: one coup of the player's, for replay."""

    schema: Annotated[str, Tag(RecordType.API_COUP)]
    coup: CoupRecord


@shape
class ApiHistory(TypedDict):
    """``GET /api/history``: the player's coups, newest first."""

    schema: Annotated[str, Tag(RecordType.API_HISTORY)]
    coups: list[CoupRecord]
