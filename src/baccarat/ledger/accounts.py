"""Players and their ledgers: guests, grants, the daily top-up, balances, appending entries.

:func:`player_view` is the standing the service answers with (a
:class:`~baccarat.ledger.views.PlayerView`).

Every function takes an open :class:`~sqlalchemy.orm.Session` inside a transaction (see
:meth:`baccarat.store.db.Store.transaction`) and a ``now`` so tests control the clock. Every
entry is written by :func:`append`, the one place that numbers entries, keeps the running
balance and chains each entry's hash to the one before it (:mod:`baccarat.core.chain`), so the
rules that protect the ledger live in one function.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import NamedTuple

from sqlalchemy import (
    BindParameter,
    ColumnElement,
    Table,
    and_,
    bindparam,
    func,
    insert,
    literal,
    select,
)
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from baccarat.core.chain import GENESIS, entry_hash
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import PlayerView, TopUpStatus
from baccarat.store.models import Entry, EntryKind, GrantNote, Player, UTCDateTime

__all__ = [
    "STARTING_BALANCE",
    "LastEntry",
    "Posting",
    "Standing",
    "append",
    "append_dated",
    "balance",
    "create_guest",
    "entries",
    "get_player",
    "last_entry",
    "last_seq",
    "lock_player",
    "net_since",
    "player_view",
    "standing",
    "top_up",
    "top_up_status",
]

STARTING_BALANCE = 10_000_00
"""A guest's welcome grant and the level a top-up restores: 10,000 points (in minor units)."""

_ENTRIES: Table = Entry.__table__  # type: ignore[assignment]


@dataclass(frozen=True, slots=True)
class Posting:
    """An entry to append: its kind, signed amount (minor units) and what it belongs to."""

    kind: EntryKind
    amount: int
    bet: str | None = None
    coup_id: int | None = None
    note: GrantNote | None = None


def get_player(session: Session, player_id: str) -> Player:
    """The player with this id, or ``not_found``."""
    player = session.get(Player, player_id)
    if player is None:
        raise LedgerError("not_found", what="player", key=player_id)
    return player


def lock_player(session: Session, player_id: str) -> Player:
    """The player, with a row lock held until the transaction ends (``SELECT … FOR UPDATE``).

    Every write to a player's ledger takes this lock first, so concurrent requests on one account
    run one after the other on PostgreSQL instead of racing for the next ``seq`` (the unique
    ``(player_id, seq)`` stays as the backstop). SQLite has no row locks and needs none: a
    :meth:`~baccarat.store.db.Store.transaction` there already holds the database's write lock.
    """
    player = session.scalars(_LOCK_PLAYER, {"player_id": player_id}).first()
    if player is None:
        raise LedgerError("not_found", what="player", key=player_id)
    return player


class LastEntry(NamedTuple):
    """The player's last entry: its number, the balance after it, its date and its chain hash."""

    seq: int
    balance: int
    at: datetime | None
    hash: str
    """What the next entry's hash chains to (:data:`~baccarat.core.chain.GENESIS` for none)."""


def last_entry(session: Session, player_id: str) -> LastEntry:
    """The player's last entry; ``(0, 0, None, GENESIS)`` for an empty ledger."""
    row = session.execute(_LAST_ENTRY, {"player_id": player_id}).first()
    if row is None:
        return LastEntry(0, 0, None, GENESIS)
    return LastEntry(row[0], row[1], row[2], row[3])


def balance(session: Session, player_id: str) -> int:
    """The player's balance in minor units: the last entry's running balance."""
    return last_entry(session, player_id)[1]


def last_seq(session: Session, player_id: str) -> int:
    """The number of the player's last entry (0 if none)."""
    return last_entry(session, player_id)[0]


def append(
    session: Session,
    player_id: str,
    postings: Sequence[Posting],
    now: datetime,
    last: LastEntry | None = None,
) -> list[Entry]:
    """Append entries in order, numbering them and carrying the running balance.

    Raises ``insufficient_points`` (nothing written) if the balance would go below zero at
    any entry, and ``balance_changed`` if another transaction appended to the same ledger
    since this one read it: the unique ``(player_id, seq)`` turns that race into an error rather
    than a lost update. ``last`` is :func:`last_entry` if the caller read it already in this
    transaction (it is read otherwise). An entry is never dated before the one it follows (``now``
    is raised to that date if the clock went back). Each entry's ``chain_hash`` chains it to the
    one before, in the same INSERT. Returns the entries written, as detached records (their
    ``id`` is not read back).
    """
    rows, _ = _append_rows(session, player_id, postings, now, last)
    return [Entry(**row) for row in rows]


def append_dated(
    session: Session,
    player_id: str,
    postings: Sequence[Posting],
    now: datetime,
    last: LastEntry | None = None,
) -> LastEntry:
    """:func:`append`, returning only the player's new last entry (dated ``now``, unless the
    clock went back): what a deal reads of them, without building a record per entry."""
    return _append_rows(session, player_id, postings, now, last)[1]


def _append_rows(
    session: Session,
    player_id: str,
    postings: Sequence[Posting],
    now: datetime,
    last: LastEntry | None,
) -> tuple[list[dict[str, object]], LastEntry]:
    """Write the entries as :func:`append` says; the rows written and the new last entry."""
    seq, before, last_at, chained = last if last is not None else last_entry(session, player_id)
    # Entries are dated in ledger order, even if the clock stepped back since the last one:
    # :func:`standing` finds "the balance before a time" by date and relies on it.
    now = max(now, last_at) if last_at is not None else now
    running = before
    rows: list[dict[str, object]] = []
    for posting in postings:
        running += posting.amount
        if running < 0:
            stake = -sum(p.amount for p in postings if p.kind is EntryKind.STAKE)
            raise LedgerError("insufficient_points", stake=stake, balance=before)
        seq += 1
        note = posting.note.value if posting.note is not None else None
        chained = entry_hash(
            chained,
            player_id=player_id,
            seq=seq,
            kind=posting.kind.value,
            amount=posting.amount,
            balance_after=running,
            created_at=now,
            coup_id=posting.coup_id,
            bet=posting.bet,
            note=note,
        )
        rows.append(
            {
                "player_id": player_id,
                "seq": seq,
                "kind": posting.kind.value,
                "amount": posting.amount,
                "balance_after": running,
                "created_at": now,
                "coup_id": posting.coup_id,
                "bet": posting.bet,
                "note": note,
                "chain_hash": chained,
            }
        )
    try:
        # One Core INSERT for all the rows (executemany): no ORM objects to track and no
        # RETURNING per row, which is most of what a deal's writes cost. Nothing reads the ids.
        session.execute(insert(_ENTRIES), rows)
    except IntegrityError as exc:
        text = str(exc.orig)
        if "ledger_entries.seq" in text or "uq_ledger_entries_player_id" in text:
            raise LedgerError("balance_changed") from exc
        raise
    return rows, LastEntry(seq, running, now, chained)


def create_guest(
    session: Session, now: datetime, starting_balance: int = STARTING_BALANCE
) -> Player:
    """A new guest who has confirmed being an adult, with the welcome grant in the ledger."""
    player = Player(id=secrets.token_hex(16), kind="guest", created_at=now, adult_confirmed_at=now)
    session.add(player)
    session.flush()
    append(
        session,
        player.id,
        [Posting(EntryKind.GRANT, starting_balance, note=GrantNote.WELCOME)],
        now,
    )
    return player


@dataclass(frozen=True, slots=True)
class Standing:
    """Where the player's ledger stands (see :func:`standing`)."""

    seq: int
    """The number of the last entry (0 for an empty ledger)."""
    balance: int
    net_since: int
    top_up_used_today: bool
    last_at: datetime | None = None
    """The date of the last entry."""
    last_hash: str = GENESIS
    """The chain hash of the last entry."""

    @property
    def last(self) -> LastEntry:
        """The last entry, as :func:`last_entry` gives it."""
        return LastEntry(self.seq, self.balance, self.last_at, self.last_hash)


def _day_start(now: datetime) -> datetime:
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def _top_up_today(today: datetime | BindParameter[datetime]) -> ColumnElement[bool]:
    """The entries that are a top-up granted since ``today`` (the start of a UTC day)."""
    return and_(
        _ENTRIES.c.kind == EntryKind.GRANT.value,
        _ENTRIES.c.note == GrantNote.TOP_UP.value,
        _ENTRIES.c.created_at >= today,
    )


def _play_since(since: datetime | BindParameter[datetime]) -> ColumnElement[bool]:
    """The entries of play (stakes, payouts, refunds; grants excluded) from ``since`` on."""
    return and_(_ENTRIES.c.created_at >= since, _ENTRIES.c.kind != EntryKind.GRANT.value)


def top_up_status(
    session: Session,
    player_id: str,
    now: datetime,
    starting_balance: int = STARTING_BALANCE,
    current_balance: int | None = None,
    used_today: bool | None = None,
) -> TopUpStatus:
    """May the player top up now? At most once per UTC day, only below the starting balance.

    ``current_balance`` and ``used_today`` (see :func:`standing`) save queries when the caller
    knows them.
    """
    today = _day_start(now)
    used = used_today
    if used is None:
        used = bool(session.scalar(_TOP_UPS_TODAY, {"player_id": player_id, "today": today}))
    known = current_balance if current_balance is not None else balance(session, player_id)
    amount = max(0, starting_balance - known)
    return TopUpStatus(
        available=not used and amount > 0,
        amount=amount,
        used_today=used,
        next_at=today + timedelta(days=1),
    )


def standing(session: Session, player_id: str, since: datetime | None, now: datetime) -> Standing:
    """The last entry, the net result of play since ``since`` (0 for None) and whether a top-up
    was granted today: what :func:`last_entry`, :func:`net_since` and :func:`top_up_status`
    read, in one query.

    The query costs the same however long the player's history or session: every part of it is
    one index seek. The net of play since ``since`` is the balance now, less the balance as it
    stood before ``since`` (the last entry dated earlier), less the grants since (few: a welcome
    and at most one top-up a day), instead of a sum over every entry since; the two agree
    because a player's entries are dated in ledger order (appended under the player's lock).
    """
    query = _STANDING if since is not None else _STANDING_NO_NET
    params = {"player_id": player_id, "today": _day_start(now), "since": since or now}
    row = session.execute(query, params).one()
    seq, balance_after, last_at, last_hash, before, granted, used = row
    balance_now = int(balance_after or 0)
    return Standing(
        seq=int(seq or 0),
        balance=balance_now,
        net_since=balance_now - int(before or 0) - int(granted or 0) if since is not None else 0,
        top_up_used_today=bool(used),
        last_at=last_at,
        last_hash=last_hash or GENESIS,
    )


# The statements every deal runs, built once: building and keying a statement costs more Python
# than executing it. The values are bound per call.
_LOCK_PLAYER = (
    select(Player)
    .where(Player.id == bindparam("player_id"))
    .with_for_update()
    .execution_options(populate_existing=True)
)
_LAST_ENTRY = (
    select(_ENTRIES.c.seq, _ENTRIES.c.balance_after, _ENTRIES.c.created_at, _ENTRIES.c.chain_hash)
    .where(_ENTRIES.c.player_id == bindparam("player_id"))
    .order_by(_ENTRIES.c.seq.desc())
    .limit(1)
)
_SINCE = bindparam("since", type_=UTCDateTime())
_LAST_SEQ = _LAST_ENTRY.with_only_columns(_ENTRIES.c.seq).scalar_subquery()
_LAST_BALANCE = _LAST_ENTRY.with_only_columns(_ENTRIES.c.balance_after).scalar_subquery()
_LAST_AT = _LAST_ENTRY.with_only_columns(_ENTRIES.c.created_at).scalar_subquery()
_LAST_HASH = _LAST_ENTRY.with_only_columns(_ENTRIES.c.chain_hash).scalar_subquery()
# The balance just before ``since``: the last entry dated earlier (index player, time, seq).
_BALANCE_BEFORE = (
    select(_ENTRIES.c.balance_after)
    .where(_ENTRIES.c.player_id == bindparam("player_id"), _ENTRIES.c.created_at < _SINCE)
    .order_by(_ENTRIES.c.created_at.desc(), _ENTRIES.c.seq.desc())
    .limit(1)
    .scalar_subquery()
)
# Grants since ``since`` and top-ups today read the grants only (index player, kind, time).
_GRANTED_SINCE = (
    select(func.coalesce(func.sum(_ENTRIES.c.amount), 0))
    .where(
        _ENTRIES.c.player_id == bindparam("player_id"),
        _ENTRIES.c.kind == EntryKind.GRANT.value,
        _ENTRIES.c.created_at >= _SINCE,
    )
    .scalar_subquery()
)
# (The top-ups are grants: the same index.)
_TOP_UPS_TODAY = (
    select(func.count())
    .select_from(_ENTRIES)
    .where(
        _ENTRIES.c.player_id == bindparam("player_id"),
        _top_up_today(bindparam("today", type_=UTCDateTime())),
    )
)
_USED_TODAY = _TOP_UPS_TODAY.scalar_subquery()
_STANDING = select(
    _LAST_SEQ, _LAST_BALANCE, _LAST_AT, _LAST_HASH, _BALANCE_BEFORE, _GRANTED_SINCE, _USED_TODAY
)
_STANDING_NO_NET = select(
    _LAST_SEQ, _LAST_BALANCE, _LAST_AT, _LAST_HASH, literal(0), literal(0), _USED_TODAY
)


def top_up(
    session: Session, player_id: str, now: datetime, starting_balance: int = STARTING_BALANCE
) -> Entry:
    """Grant the points that bring the balance back to the starting balance (the player asked).

    Raises ``top_up_used_today`` or ``top_up_not_needed``; nothing is written then.
    """
    lock_player(session, player_id)
    status = top_up_status(session, player_id, now, starting_balance)
    if status.used_today:
        raise LedgerError("top_up_used_today", next=status.next_at.strftime("%Y-%m-%d %H:%M UTC"))
    if status.amount == 0:
        raise LedgerError(
            "top_up_not_needed", balance=balance(session, player_id), starting=starting_balance
        )
    (entry,) = append(
        session,
        player_id,
        [Posting(EntryKind.GRANT, status.amount, note=GrantNote.TOP_UP)],
        now,
    )
    return entry


def net_since(session: Session, player_id: str, since: datetime) -> int:
    """Net result of play (stakes, payouts, refunds; grants excluded) from ``since`` on."""
    total = session.scalar(
        select(func.coalesce(func.sum(Entry.amount), 0)).where(
            Entry.player_id == player_id, _play_since(since)
        )
    )
    return int(total or 0)


def entries(session: Session, player_id: str, limit: int = 100) -> list[Entry]:
    """The player's most recent entries, newest first."""
    return list(
        session.scalars(
            select(Entry)
            .where(Entry.player_id == player_id)
            .order_by(Entry.seq.desc())
            .limit(limit)
        )
    )


def player_view(
    session: Session,
    player_id: str,
    since: datetime | None,
    now: datetime,
    starting_balance: int = STARTING_BALANCE,
    known: Standing | None = None,
) -> PlayerView:
    """The player's standing as the service answers it: balance, net of play since ``since``,
    the top-up. ``known``: the :func:`standing` if the caller has it (a deal has just made it),
    else it is read."""
    current = known if known is not None else standing(session, player_id, since, now)
    return PlayerView(
        username=get_player(session, player_id).username,
        player_id=player_id,
        balance=current.balance,
        last_seq=current.seq,
        net_since=current.net_since,
        top_up=top_up_status(
            session,
            player_id,
            now,
            starting_balance,
            current.balance,
            current.top_up_used_today,
        ),
    )
