"""The JSON API over the same service as the pages (OpenAPI at ``/docs``).

Amounts are exact decimal strings of points (``"12.5"``, ``"0.95"``); stakes may be sent as
whole numbers or such strings. Every refusal is a 4xx with ``{"code", "detail"}`` and charges
nothing: 401 before the 18+ gate, 404 for another player's table or coup, 409 when the state
forbids it (another deal at the table in progress, top-up used today), 422 for stakes the table or
the balance refuses, 400 for malformed JSON, 403 ``csrf`` for a call with the session cookie but
without its ``X-CSRF-Token``, 428 for a deal without an ``Idempotency-Key``. Every answer that
is not a refusal names its form first, ``"schema": "baccarat.api.<name>/1"`` (docs/json.md).
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Header, Path, Query, Request, Response
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, WithJsonSchema
from starlette.concurrency import run_in_threadpool

from baccarat.core.amounts import parse_amount
from baccarat.core.rules import DEFAULT_RULE_SET
from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.ledger.dealing import Since
from baccarat.ledger.views import TableView
from baccarat.records import RecordType, tagged
from baccarat.records.shapes import (
    ApiCoup,
    ApiDeal,
    ApiHistory,
    ApiMe,
    ApiOdds,
    ApiPlayer,
    ApiRoads,
    ApiRuleSets,
    ApiSession,
    ApiShoes,
    ApiTable,
    ApiVerification,
)
from baccarat.roads import Roads
from baccarat.roads.records import roads_document
from baccarat.store.models import MAX_ID
from baccarat.web.answers import Answer, answer
from baccarat.web.deps import (
    CookieSecure,
    GateRequiredError,
    PlayerId,
    Service,
    SessionInfo,
    SessionToken,
    SettingsDep,
    Signer,
)
from baccarat.web.i18n import _
from baccarat.web.numbers import STAKE_SCHEMA, checked, documented
from baccarat.web.pages import csrf_token, render_fragment
from baccarat.web.present.coup import web_coup
from baccarat.web.present.growth import deal_growth
from baccarat.web.present.panels import (
    full_shoe_distribution,
    odds_context,
    statistics_context,
)
from baccarat.web.present.table import (
    deal_data,
    fair_shoe_data,
    player_data,
    rule_set_data,
    table_data,
)
from baccarat.web.routers.gate import player_cookie


class ErrorOut(BaseModel):
    """Every refusal: a stable code and a sentence in the page's language (nothing was done)."""

    code: str = Field(description="For example insufficient_points, not_found, rate_limited.")
    detail: str


ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorOut, "description": text}
    for status, text in (
        (400, "Malformed JSON."),
        (401, "No live session (pass the gate or log in)."),
        (403, "Refused: another site's request or no CSRF token, a cool-off or a limit, under 18."),
        (404, "No such record of this player's."),
        (409, "The state forbids it now (another deal first, top-up used, shoe not ended)."),
        (422, "The request or a stake is not valid."),
        (429, "Too many requests: see Retry-After."),
    )
}
"""The refusals any API route may answer, documented in the OpenAPI schema."""

router = APIRouter(prefix="/api", tags=["api"], responses=ERRORS)

RecordId = Annotated[int, Path(ge=1, le=MAX_ID, description="A record id.")]
IDEMPOTENCY_HEADER = "Idempotency-Key"
IdempotencyKey = Annotated[
    str,
    Header(
        alias=IDEMPOTENCY_HEADER,
        min_length=1,
        max_length=64,
        pattern="^[A-Za-z0-9_-]+$",
        description="Required: a new random key per deal (a UUID, say); without one the deal is "
        "refused (428 idempotency_key_required) and nothing is dealt. The same key sent again (a "
        "retry after a lost answer, a double click) deals and charges nothing and answers the "
        "first result, with the header Idempotent-Replayed: true.",
    ),
]


class SessionIn(BaseModel):
    """Confirmation that the player is 18 or older (the gate)."""

    model_config = ConfigDict(extra="forbid")
    adult: bool = Field(description="true: I am 18 or older.")


class TableIn(BaseModel):
    """A table to open: a rule set and a deck count."""

    model_config = ConfigDict(extra="forbid")
    rule_set: str = Field(
        DEFAULT_RULE_SET, description="One of the rule sets /api/rule-sets lists."
    )
    decks: Annotated[int, checked("decks", 1, 8), documented(1, 8)] = Field(
        DEFAULT_DECKS, description="Decks in the shoe (1 to 8)."
    )


class ClientSeedIn(BaseModel):
    """The player's contribution to the table's next shoe: a client seed chosen after its
    commitment was shown (before its first coup), and that commitment."""

    model_config = ConfigDict(extra="forbid")
    client_seed: str = Field(
        min_length=1,
        max_length=64,
        pattern="^[\\x20-\\x7e]+$",
        description="1 to 64 printable ASCII characters, no space at either end: chosen by the "
        "client (16 random bytes as hex, say), never proposed by the server.",
        examples=["my lucky seed"],
    )
    commitment: str | None = Field(
        None,
        min_length=64,
        max_length=64,
        pattern="^[0-9a-f]{64}$",
        description="The shoe's commitment the seed answers (next_shoe.commitment): if it is not "
        "the shoe's, 409 commitment_changed and nothing is set.",
    )


class DealIn(BaseModel):
    """The stakes for one coup: bet name → points (a whole number or a decimal string)."""

    model_config = ConfigDict(extra="forbid")
    stakes: dict[str, Annotated[Any, WithJsonSchema(STAKE_SCHEMA)]] = Field(
        description='For example {"banker": 100, "tie": "12.5"}: a JSON integer or canonical '
        "ASCII digits with at most two decimals (no sign, padding, exponent or boolean; 422 "
        "amount_* otherwise); zero stakes are ignored.",
        examples=[{"banker": 100, "tie": 10}],
    )


@router.post("/session", status_code=201, response_model=answer(ApiSession))
def start(
    body: SessionIn, service: Service, signer: Signer, secure: CookieSecure, response: Response
) -> Answer | JSONResponse:
    """Pass the 18+ gate: creates a guest player with the starting points (a signed cookie) and
    answers the session's anti-forgery token (send it as ``X-CSRF-Token`` from now on)."""
    if not body.adult:
        detail = _("This practice table is for adults (18 or older) only.")
        return JSONResponse({"code": "adults_only", "detail": detail}, status_code=403)
    player = service.join()
    token = service.start_session(player.player_id)
    player_cookie(response, signer.player(token), secure)
    return tagged(
        RecordType.API_SESSION, {"player": player_data(player), "csrf_token": signer.csrf(token)}
    )


@router.get("/me", response_model=answer(ApiMe))
def me(
    service: Service, player_id: PlayerId, session: SessionInfo, token: SessionToken, signer: Signer
) -> Answer:
    """Balance, the net result since the session started, whether a top-up is available, and
    the session's anti-forgery token (the ``X-CSRF-Token`` of every call that changes state)."""
    player = service.player(player_id, since=session.started)
    body = {
        "player": player_data(player),
        "session_started": session.started.isoformat(),
        "csrf_token": signer.csrf(token),
    }
    return tagged(RecordType.API_ME, body)


@router.post("/me/top-up", response_model=answer(ApiPlayer))
def top_up(service: Service, player_id: PlayerId, session: SessionInfo) -> Answer:
    """Restore the starting balance: the player's own action, at most once per UTC day."""
    player = service.top_up(player_id, since=session.started)
    return tagged(RecordType.API_PLAYER, {"player": player_data(player)})


@router.get("/rule-sets", response_model=answer(ApiRuleSets))
def rule_sets(service: Service) -> Answer:
    """Every rule set a table may be opened with: its bets, their pays and limits."""
    body = {"rule_sets": [rule_set_data(rs) for rs in service.rule_sets.values()]}
    return tagged(RecordType.API_RULE_SETS, body)


def _table(table: TableView) -> Answer:
    return tagged(RecordType.API_TABLE, {"table": table_data(table)})


@router.post("/tables", status_code=201, response_model=answer(ApiTable))
def open_table(body: TableIn, service: Service, player_id: PlayerId) -> Answer:
    """Open a table (a new shoe is shuffled); it becomes the player's current table."""
    return _table(service.open_table(player_id, body.rule_set, body.decks))


@router.get("/tables/current", response_model=answer(ApiTable))
def current_table(service: Service, player_id: PlayerId) -> Answer:
    """The player's current table (a default one is opened the first time)."""
    return _table(service.table(player_id))


@router.get("/tables/{table_id}", response_model=answer(ApiTable))
def get_table(table_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """A table: rule set and bets, the shoe (counts only, never the order), this shoe's coups."""
    return _table(service.table(player_id, table_id))


DEAL_RESPONSES: dict[int | str, dict[str, Any]] = {
    200: {
        "content": {
            "text/html": {
                "schema": {"type": "string"},
                "example": '<script type="application/json" id="deal-data">…</script>',
            }
        },
        "description": "The deal (application/json); with Accept: text/html, the table page's "
        "answer: the same record as data in a script element, and the parts of the panels the "
        "coup changed, rendered as the page renders them.",
    },
    428: {"model": ErrorOut, "description": "No Idempotency-Key: nothing was dealt."},
}


def wants_html(request: Request) -> bool:
    """Whether the request asks for HTML first (the table page's script does).

    >>> from starlette.requests import Request
    >>> wants_html(Request({"type": "http", "headers": [(b"accept", b"text/html")]}))
    True
    >>> wants_html(Request({"type": "http", "headers": [(b"accept", b"*/*")]}))
    False
    """
    accept = request.headers.get("accept", "")
    return accept.split(",", 1)[0].split(";", 1)[0].strip().lower() == "text/html"


@router.post("/tables/{table_id}/deal", response_model=answer(ApiDeal), responses=DEAL_RESPONSES)
async def deal(
    request: Request,
    table_id: RecordId,
    body: DealIn,
    service: Service,
    token: SessionToken,
    response: Response,
    idempotency_key: IdempotencyKey,
    settings: SettingsDep,
) -> Answer | Response:
    """Take the stakes, deal one coup and settle it, in one transaction.

    The answer carries the coup's record (``baccarat.coup/1``: the cards in dealing order with
    running totals, each draw or stand with its explanation and draw-table cell, the result and
    the settlement of every bet), the balance before and after, and the shoe. Stakes are read by
    the strict grammar in its canonical writing (``100``, ``12.5``; never ``1,000``). With
    ``Accept: text/html`` the answer is the table page's (see the 200 response); refusals are
    JSON either way.
    """
    # The one strict grammar (canonical writing only: this is the API), before any other work.
    parsed = {bet: parse_amount(value) for bet, value in body.stakes.items()}
    stakes = {bet: minor for bet, minor in parsed.items() if minor}
    html = wants_html(request)

    def work() -> tuple[Answer | Response, bool]:
        # The session check, the play session, the deal and the answer in one go (the busiest
        # route): the session is checked in the deal's own transaction, not in a read before.
        # The net since is counted from the start of the coup's play session, as SessionInfo
        # shows it: read by the deal under the player's lock.
        outcome = service.deal_in_session(
            token, table_id, stakes, since=Since.PLAY_SESSION, idempotency_key=idempotency_key
        )
        if outcome is None:
            raise GateRequiredError()
        data = tagged(RecordType.API_DEAL, deal_data(outcome))
        if not html:
            return data, outcome.replayed
        growth = deal_growth(service.live, outcome, data, exact_odds=settings.exact_odds)
        page = render_fragment(
            request, "_deal.html", deal=data, growth=growth, csrf_token=csrf_token(request)
        )
        return page, outcome.replayed

    if service.store.embedded:
        # SQLite runs in this process and lets one writer in at a time, so a thread buys no
        # concurrency here; under load the trip to the pool and the threads queueing for the
        # GIL and the write lock only cost CPU, even with four threads (bench/bench_load.py;
        # CHANGELOG.md has the figures). A database server is waited on instead, and that wait
        # belongs in a thread, off the event loop: one of the few (``Settings.threads``) the
        # application allows, so the threads do not fight for the GIL.
        reply, replayed = work()
    else:
        reply, replayed = await run_in_threadpool(work)
    headers = reply.headers if isinstance(reply, Response) else response.headers
    if replayed:
        headers["Idempotent-Replayed"] = "true"
    return reply


Prefer = Annotated[
    str | None,
    Header(
        description="``return=minimal`` (RFC 7240): answer 204 with no body instead of the "
        "table, as the table page does (it reads only whether the seed was taken)."
    ),
]


def prefers_minimal(prefer: str | None) -> bool:
    """Whether a ``Prefer`` header (RFC 7240: preferences separated by commas, each perhaps
    with parameters after a semicolon, names case-insensitive) asks for ``return=minimal``."""
    for preference in (prefer or "").split(","):
        name, _, value = preference.partition(";")[0].partition("=")
        if name.strip().lower() == "return" and value.strip().strip('"').lower() == "minimal":
            return True
    return False


@router.post(
    "/tables/{table_id}/client-seed",
    # Declared, not read off the annotation (it admits the 204): serialised by pydantic-core
    # (without a response model FastAPI walks the table's 80 coups in Python, twice as slow).
    response_model=answer(ApiTable),
    responses={
        200: {"description": "Taken: the table as it now stands."},
        204: {"description": "Taken; the table is not sent (Prefer: return=minimal)."},
    },
)
def client_seed(
    table_id: RecordId,
    body: ClientSeedIn,
    service: Service,
    player_id: PlayerId,
    prefer: Prefer = None,
) -> Answer | Response:
    """Contribute the client seed of the shoe the next coup is dealt from, once its commitment
    has been shown and before its first coup (409 ``client_seed_closed`` after,
    ``commitment_changed`` for another shoe's commitment). A deal from a shoe without one is 409
    ``contribution_needed``. The commitment stays: the server seed was fixed before. The answer
    is the table, or nothing (204) with ``Prefer: return=minimal``."""
    service.set_client_seed(player_id, table_id, body.client_seed, body.commitment)
    if prefers_minimal(prefer):
        return Response(status_code=204, headers={"Preference-Applied": "return=minimal"})
    return _table(service.table(player_id, table_id))


@router.get("/tables/{table_id}/shoes", response_model=answer(ApiShoes))
def shoes(table_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """The table's shoes, newest first: each commitment and client seed, and the server seed of
    every shoe that has ended. Never a shoe's order before it has ended."""
    shoes = [fair_shoe_data(shoe) for shoe in service.shoe_history(player_id, table_id)]
    return tagged(RecordType.API_SHOES, {"shoes": shoes})


@router.get("/tables/{table_id}/shoes/{number}/verify", response_model=answer(ApiVerification))
def verify_shoe(
    table_id: RecordId,
    number: Annotated[int, Path(ge=1, le=MAX_ID, description="The shoe's number at the table.")],
    service: Service,
    player_id: PlayerId,
) -> Answer:
    """Recompute an ended shoe from its revealed seeds (``baccarat.fair.verify``): the commitment
    shown before it and every coup dealt from it (409 ``shoe_not_revealed`` before it ends); and
    the order of its events: the commitment shown, then the contribution, then the first card
    (``events.in_order``; null for a shoe of the old scheme, which recorded none)."""
    result, events = service.verify_shoe(player_id, table_id, number)
    body = {
        "verification": tagged(RecordType.VERIFICATION, result.record()),
        "events": events.record(),
    }
    return tagged(RecordType.API_VERIFICATION, body)


@router.get("/tables/{table_id}/roads", response_model=answer(ApiRoads))
def roads(table_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """The roads of the current shoe as data (the ``baccarat.roads`` record: every board's cells,
    the ask marks, the statistics), and the coup id behind every bead."""
    table = service.table(player_id, table_id)
    drawn = Roads.from_coups(view.coup for view in table.coups)
    body = {
        "coup_ids": [view.id for view in table.coups],
        "roads": tagged(RecordType.ROADS, roads_document(drawn)),
    }
    return tagged(RecordType.API_ROADS, body)


@router.get("/tables/{table_id}/odds", response_model=answer(ApiOdds))
def odds(table_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """Every bet's exact house edge for the next coup, from the cards not yet seen."""
    table = service.table(player_id, table_id)
    body = {
        **odds_context(table),
        **statistics_context(table, full_shoe_distribution(table.decks, table.rule_set.tableau)),
    }
    return tagged(RecordType.API_ODDS, body)


@router.get("/coups/{coup_id}", response_model=answer(ApiCoup))
def coup(coup_id: RecordId, service: Service, player_id: PlayerId) -> Answer:
    """One coup of the player's, for replay: cards, steps, explanations, settlement."""
    return tagged(RecordType.API_COUP, {"coup": web_coup(service.coup(player_id, coup_id))})


@router.get("/history", response_model=answer(ApiHistory))
def history(
    service: Service,
    player_id: PlayerId,
    session: SessionInfo,
    scope: Annotated[str, Query(pattern="^(session|all)$")] = "session",
) -> Answer:
    """The player's coups, newest first: this session's (default) or all (the latest 200)."""
    since = session.started if scope == "session" else None
    coups = [web_coup(view) for view in service.history(player_id, since=since)]
    return tagged(RecordType.API_HISTORY, {"coups": coups})
