"""A deal: the stakes checked and taken, one coup dealt and settled, all in one transaction.

:func:`deal` runs inside the caller's transaction, in named steps: lock the player's ledger,
answer a retried request from its first result, check the player's own limits, check the stakes
against the table's rule set and the balance, find the shoe to deal from, deal the coup (and start
the next shoe when it ends this one), store the coup, settle it and write its entries, store the
idempotency key. A refused request raises before anything is written; the transaction then rolls
back whole. :func:`busy_on_conflict` turns another deal at the same table committing first into
``table_busy``.
"""

from __future__ import annotations

import dataclasses
import random
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from enum import Enum

from sqlalchemy import Table, bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from baccarat.core.bets import BetResult
from baccarat.core.conditions import BetError
from baccarat.core.coup import Coup
from baccarat.core.rules import RuleSet
from baccarat.core.settle import Settlement, StakeError, check_stakes, settle
from baccarat.core.shoe import Shoe
from baccarat.ledger import accounts, limits, playsessions, tables
from baccarat.ledger.accounts import Posting, Standing
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.live import LiveTables
from baccarat.ledger.views import DealOutcome, FairShoeView, ShoeView
from baccarat.odds.winnable import unwinnable
from baccarat.store.models import CoupRecord, DealKey, Entry, EntryKind, ShoeRecord, TableRecord

__all__ = [
    "DealRequest",
    "Dealt",
    "Since",
    "busy_on_conflict",
    "check_request",
    "check_table_stakes",
    "deal",
    "postings",
    "standing_covering",
]

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""An idempotency key: what a UUID, a random token or a counter looks like, and nothing else."""

_DEAL_KEYS: Table = DealKey.__table__  # type: ignore[assignment]
# Built once, like the other statements of a deal (see ledger.tables); values bound per call.
_DEAL_KEY = select(_DEAL_KEYS.c.coup_id).where(
    _DEAL_KEYS.c.player_id == bindparam("player_id"), _DEAL_KEYS.c.key == bindparam("key")
)
_INSERT_DEAL_KEY = insert(_DEAL_KEYS)


class Since(Enum):
    """A ``since`` the deal reads itself, in its own transaction."""

    PLAY_SESSION = "play_session"
    """The start of the play session the coup is dealt in: the live one, or the one it starts
    (the table's own answer; the route need not read the session first)."""


@dataclass(frozen=True, slots=True)
class DealRequest:
    """A deal asked for: whose, at which table, the stakes (bet → minor units), the moment the
    play session started (for the limits and the net since), the idempotency key if any."""

    player_id: str
    table_id: int
    stakes: dict[str, int]
    since: datetime | None = None
    key: str | None = None
    since_play: bool = False
    """``since`` is the start of the coup's play session (:attr:`Since.PLAY_SESSION`), read by
    :func:`deal` once it holds the player's lock."""


def check_request(
    player_id: str,
    table_id: int,
    stakes: Mapping[str, int],
    since: datetime | Since | None = None,
    key: str | None = None,
) -> DealRequest:
    """The request, refused before any database work if its key is malformed or it has no stakes.

    >>> check_request("p", 1, {"banker": 100}, key="k-1").stakes
    {'banker': 100}
    >>> check_request("p", 1, {})
    Traceback (most recent call last):
    ...
    baccarat.ledger.errors.LedgerError: place at least one bet before dealing
    """
    if key is not None and not _KEY.fullmatch(key):
        raise LedgerError("bad_idempotency_key", key=key[:80])
    if not stakes:
        raise LedgerError("no_stakes")
    if since is Since.PLAY_SESSION:
        return DealRequest(player_id, table_id, dict(stakes), None, key, since_play=True)
    return DealRequest(player_id, table_id, dict(stakes), since, key)


@dataclass(frozen=True, slots=True)
class Dealt:
    """What :func:`deal` did, and the live shoe to keep once its transaction has committed."""

    outcome: DealOutcome
    shoe: Shoe | None = None
    """The shoe the coup was dealt from, dealt on: the stored one once the transaction commits
    (None for a replayed request: nothing dealt)."""


@contextmanager
def busy_on_conflict(table_id: int) -> Iterator[None]:
    """Around a deal's transaction: another deal at this table that shuffled the next shoe or
    stored the coup first (a unique violation, at a write or at the commit) is
    ``table_busy``."""
    try:
        yield
    except IntegrityError as exc:
        if _unique_violation(exc, ("shoes", "coups")):
            raise LedgerError("table_busy", table=table_id) from exc
        raise


def deal(
    db: Session,
    request: DealRequest,
    now: datetime,
    *,
    rng: random.Random | None,
    live: LiveTables,
    starting_balance: int,
    play_idle: timedelta = playsessions.DEFAULT_IDLE,
) -> Dealt:
    """Deal ``request`` in the open transaction ``db`` (see the module's description).

    ``rng`` shuffles a next shoe (the OS CSPRNG when None); ``live`` holds the live shoes.
    The session limit counts from the start of the player's play session on the server
    (:mod:`~baccarat.ledger.playsessions`, idle after ``play_idle``), or from ``request.since``
    if that is earlier: what a client sends can shorten a limit, never lengthen it.
    """
    # Serialise every writer of this ledger from here to the commit.
    player = accounts.lock_player(db, request.player_id)
    key = request.key
    if key is not None:
        done = db.scalar(_DEAL_KEY, {"player_id": request.player_id, "key": key})
        if done is not None:
            if request.since_play:
                started = playsessions.live_start(db, request.player_id, now, play_idle)
                request = replace(request, since=started or now, since_play=False)
            return Dealt(_replay(db, live, request, key, done, now, starting_balance))
    # The player's own limits: cool-off, coups per day, session length (its server record).
    play = playsessions.for_coup(
        db, request.player_id, now, play_idle, limits.session_limit(db, player, now)
    )
    if request.since_play:
        request = replace(request, since=play.started_at, since_play=False)
    started = play.started_at if request.since is None else min(play.started_at, request.since)
    limits.check_play(db, player, now, started)
    table, record, rule_set = _table_taking(db, request)
    standing = standing_covering(db, request.player_id, request.stakes, request.since, now)
    record, new_shoe = _shoe_to_deal(db, table, record, rng, now)
    if tables.awaiting_contribution(record):
        # Provably fair: no card before the player's contribution to this shoe's order.
        raise LedgerError("contribution_needed", shoe=record.number, commitment=record.commitment)
    if record.coups_dealt == 0 and record.first_card_at is None:
        record.first_card_at = now  # the shoe's events: commitment, contribution, first card
    shoe, coup = _deal_coup(db, live, table, record, rule_set)
    upcoming = record
    if shoe.finished:
        # Commit to the next shoe now, so its commitment is shown before the player chooses
        # their contribution to it (no client seed carries on).
        upcoming = tables.next_shoe(db, table, record, rng, now)
    stored = tables.record_coup(db, table, record, coup, rule_set, now)
    settlement = settle(coup, request.stakes, rule_set)
    after = _write_entries(db, request, settlement, stored.id, now, standing)
    if request.key is not None:
        _store_key(db, request, request.key, stored.id, now)
    playsessions.played(db, play, now)
    outcome = DealOutcome(
        coup=dataclasses.replace(stored, settlement=settlement),
        balance_before=standing.balance,
        balance_after=after.balance,
        shoe=ShoeView.of(record.number, shoe),
        new_shoe=new_shoe,
        player=accounts.player_view(
            db, request.player_id, request.since, now, starting_balance, after
        ),
        next_shoe=FairShoeView.of(upcoming),
    )
    return Dealt(outcome, shoe)


def _table_taking(db: Session, request: DealRequest) -> tuple[TableRecord, ShoeRecord, RuleSet]:
    """The player's table, its latest shoe and its rule set, which must take the stakes."""
    table, record = tables.table_and_shoe(db, request.player_id, request.table_id)
    rule_set = tables.rule_set_of(table)
    check_table_stakes(request.stakes, rule_set, table.decks)
    return table, record, rule_set


def check_table_stakes(stakes: Mapping[str, int], rule_set: RuleSet, decks: int) -> None:
    """Stakes a table of ``rule_set`` and ``decks`` takes (every table and every room): within
    the rule set's bets and limits, none on a bet its shoe can never pay (``bad_stake``)."""
    try:
        check_stakes(stakes, rule_set)
        never = unwinnable(rule_set, decks)
        for name in stakes:
            if name in never:
                raise StakeError("stake_cannot_win", bet=name, decks=decks)
    except (BetError, StakeError) as exc:
        raise LedgerError("bad_stake", detail=exc) from None


def standing_covering(
    db: Session, player_id: str, stakes: Mapping[str, int], since: datetime | None, now: datetime
) -> Standing:
    """The player's standing, whose balance must cover the stakes (``insufficient_points``)."""
    standing = accounts.standing(db, player_id, since, now)
    staked = sum(stakes.values())
    if staked > standing.balance:
        raise LedgerError("insufficient_points", stake=staked, balance=standing.balance)
    return standing


def _shoe_to_deal(
    db: Session,
    table: TableRecord,
    record: ShoeRecord,
    rng: random.Random | None,
    now: datetime,
) -> tuple[ShoeRecord, bool]:
    """The shoe the coup comes from, and whether the coup is the first of a fresh shoe."""
    if record.finished:  # ended before the next shoe was shuffled with it (old data)
        return tables.next_shoe(db, table, record, rng, now), True
    return record, record.coups_dealt == 0 and record.number > 1


def _deal_coup(
    db: Session, live: LiveTables, table: TableRecord, record: ShoeRecord, rule_set: RuleSet
) -> tuple[Shoe, Coup]:
    """Deal one coup from (a copy of) the live shoe of ``record`` and store the shoe's new
    position."""
    shoe = live.shoe_to_deal(table.id, record, rule_set.tableau)
    coup = shoe.deal_coup(rule_set.tableau)
    tables.advance_shoe(db, record, shoe)
    return shoe, coup


def _write_entries(
    db: Session,
    request: DealRequest,
    settlement: Settlement,
    coup_id: int,
    now: datetime,
    standing: Standing,
) -> Standing:
    """Take the stakes and pay what the bets returned (the coup's entries); the standing after."""
    entries = postings(settlement, coup_id)
    last = accounts.append_dated(db, request.player_id, entries, now, standing.last)
    dated = last.at or now  # the entries were just dated: never None
    since = request.since
    return Standing(
        seq=standing.seq + len(entries),
        balance=standing.balance + settlement.net,
        # This deal's entries are in the net since ``since`` exactly when they are not dated
        # before it. A deal grants nothing.
        net_since=standing.net_since
        + (settlement.net if since is not None and dated >= since else 0),
        top_up_used_today=standing.top_up_used_today,
        last_at=dated,
        last_hash=last.hash,
    )


def _store_key(db: Session, request: DealRequest, key: str, coup_id: int, now: datetime) -> None:
    """Remember the coup this key produced, in the deal's own transaction."""
    db.execute(
        _INSERT_DEAL_KEY,
        {"player_id": request.player_id, "key": key, "coup_id": coup_id, "created_at": now},
    )


def _replay(
    db: Session,
    live: LiveTables,
    request: DealRequest,
    key: str,
    coup_id: int,
    now: datetime,
    starting_balance: int,
) -> DealOutcome:
    """The outcome of the deal already made with ``key`` (which produced ``coup_id``), rebuilt
    from the records; the same key for another table or other stakes is refused."""
    row = db.get(CoupRecord, coup_id)
    table = db.get(TableRecord, row.table_id) if row is not None else None
    record = db.get(ShoeRecord, row.shoe_id) if row is not None else None
    if row is None or table is None or record is None:
        raise LedgerError("not_found", what="coup", key=coup_id)
    (view,) = live.coup_views(db, table, [row])
    placed = {bet.bet: bet.stake for bet in view.settlement.bets} if view.settlement else {}
    if table.id != request.table_id or placed != request.stakes:
        raise LedgerError("idempotency_key_reused", key=key)
    amounts = list(
        db.execute(
            select(Entry.amount, Entry.balance_after)
            .where(Entry.player_id == request.player_id, Entry.coup_id == row.id)
            .order_by(Entry.seq)
        )
    )
    # The shoe as it stood right after that coup: replayed from its order, never sent.
    tableau = view.rule_set.tableau
    shoe = Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))
    for _ in range(row.number):
        shoe.deal_coup(tableau)
    return DealOutcome(
        coup=view,
        balance_before=amounts[0][1] - amounts[0][0],
        balance_after=amounts[-1][1],
        shoe=ShoeView.of(record.number, shoe),
        new_shoe=row.number == 1 and record.number > 1,
        player=accounts.player_view(db, request.player_id, request.since, now, starting_balance),
        replayed=True,
    )


def postings(settlement: Settlement, coup_id: int) -> list[Posting]:
    """The ledger entries of a settled coup: every stake first, then what each bet returned."""
    entries = [
        Posting(EntryKind.STAKE, -bet.stake, bet=bet.bet, coup_id=coup_id)
        for bet in settlement.bets
    ]
    for bet in settlement.bets:
        if bet.returned > 0:
            kind = EntryKind.PAYOUT if bet.result is BetResult.WIN else EntryKind.REFUND
            entries.append(Posting(kind, bet.returned, bet=bet.bet, coup_id=coup_id))
    return entries


def _unique_violation(exc: IntegrityError, tables_named: tuple[str, ...]) -> bool:
    """Whether ``exc`` is a unique-constraint violation on one of these tables (either dialect).

    SQLite says ``UNIQUE constraint failed: shoes.table_id, …``; PostgreSQL names the constraint
    (``uq_shoes_table_id``), which the naming convention prefixes with the table name.
    """
    text = str(exc.orig)
    unique = "UNIQUE constraint failed" in text or "duplicate key" in text
    return unique and any(f"{name}." in text or f"uq_{name}_" in text for name in tables_named)
