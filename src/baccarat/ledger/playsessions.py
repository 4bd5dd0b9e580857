"""Play sessions, kept on the server per player: what the session clock, the session limit and
the reality checks count.

A play session starts with the player's first coup (at the table or the Chemin de Fer practice
table) and lives while coups keep coming: it ends when the player ends it, or once it has gone
:data:`DEFAULT_IDLE` (a setting) without a coup. Because it is the player's record, not a
cookie's, clearing cookies, opening a second browser or calling the API carries on the same
session and its limit.

A session the player ends after it reached their own session limit is a break, not a way round
the limit: the next one can start only once the idle time has passed since its last coup, as
if it had idled out (``play_break``).

Every function takes an open session inside a transaction holding the player's lock (reads
excepted) and a ``now``.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta

from sqlalchemy import Connection, Table, bindparam, insert, select, update
from sqlalchemy.orm import Session

from baccarat.ledger.errors import LedgerError
from baccarat.store.models import PlaySessionRecord

__all__ = ["DEFAULT_IDLE", "Play", "end", "for_coup", "latest", "live_start", "played"]

DEFAULT_IDLE = timedelta(minutes=30)
"""How long a play session lasts without a coup (``play_session_idle_minutes``)."""


# Asked on every coup: built once (building the statement cost as much as running it).
_LATEST = (
    select(PlaySessionRecord)
    .where(PlaySessionRecord.player_id == bindparam("player_id"))
    .order_by(PlaySessionRecord.id.desc())
    .limit(1)
)


def latest(session: Session, player_id: str) -> PlaySessionRecord | None:
    """The player's latest play session, live or not."""
    return session.scalars(_LATEST, {"player_id": player_id}).first()


@dataclass(frozen=True, slots=True)
class Play:
    """A play session as a coup reads it: its id and its times (the row, not a record: a coup
    writes its last coup with one statement, :func:`played`)."""

    id: int
    started_at: datetime
    last_played_at: datetime
    ended_at: datetime | None = None


def _live(record: PlaySessionRecord | Play | None, now: datetime, idle: timedelta) -> bool:
    return record is not None and _live_times(record.last_played_at, record.ended_at, now, idle)


def _live_times(
    last_played_at: datetime, ended_at: datetime | None, now: datetime, idle: timedelta
) -> bool:
    return ended_at is None and now - last_played_at < idle


_PLAY_SESSIONS: Table = PlaySessionRecord.__table__  # type: ignore[assignment]
# The deal route asks this on every coup: built once, Core (no record is needed), as latest().
_LATEST_TIMES = (
    select(_PLAY_SESSIONS.c.started_at, _PLAY_SESSIONS.c.last_played_at, _PLAY_SESSIONS.c.ended_at)
    .where(_PLAY_SESSIONS.c.player_id == bindparam("player_id"))
    .order_by(_PLAY_SESSIONS.c.id.desc())
    .limit(1)
)
# Every coup reads its play session so: the row as a Play, no record built.
_LATEST_PLAY = _LATEST_TIMES.add_columns(_PLAY_SESSIONS.c.id)
_START_PLAY = insert(_PLAY_SESSIONS).returning(_PLAY_SESSIONS.c.id)


def live_start(
    session: Session | Connection, player_id: str, now: datetime, idle: timedelta
) -> datetime | None:
    """When the player's live play session started (None: there is none; the next coup starts
    one). Reads only (a connection for one statement will do)."""
    row = session.execute(_LATEST_TIMES, {"player_id": player_id}).first()
    if row is None:
        return None
    started_at, last_played_at, ended_at = row
    return started_at if _live_times(last_played_at, ended_at, now, idle) else None


def for_coup(
    session: Session,
    player_id: str,
    now: datetime,
    idle: timedelta,
    session_limit_minutes: int | None,
) -> Play:
    """The play session a coup dealt now belongs to: the live one, else a new one (refused with
    ``play_break`` while the break after a session ended at its limit lasts)."""
    row = session.execute(_LATEST_PLAY, {"player_id": player_id}).first()
    record = Play(row[3], row[0], row[1], row[2]) if row is not None else None
    if record is not None and _live(record, now, idle):
        return record
    if (
        record is not None
        and record.ended_at is not None
        and session_limit_minutes is not None
        and record.ended_at - record.started_at >= timedelta(minutes=session_limit_minutes)
        and now < record.last_played_at + idle
    ):
        until = record.last_played_at + idle
        raise LedgerError("play_break", until=until.strftime("%Y-%m-%d %H:%M UTC"))
    values = {"player_id": player_id, "started_at": now, "last_played_at": now}
    return Play(session.execute(_START_PLAY, values).scalar_one(), now, now)


# Written on every coup as one statement: a changed record would make the commit run the ORM's
# whole flush for this one column (about 60 % of a deal's commit, in cProfile).
_PLAYED = (
    update(_PLAY_SESSIONS)
    .where(_PLAY_SESSIONS.c.id == bindparam("session_id"))
    .values(last_played_at=bindparam("now"))
)


def played(session: Session, play: Play, now: datetime) -> None:
    """A coup was dealt in ``play`` now: it idles out from here."""
    if now > play.last_played_at:
        session.execute(_PLAYED, {"session_id": play.id, "now": now})


def end(session: Session, player_id: str, now: datetime, idle: timedelta) -> bool:
    """The player ends their live play session (the next coup starts another, after a break if
    this one reached the limit); whether there was one."""
    record = latest(session, player_id)
    if record is None or not _live(record, now, idle):
        return False
    record.ended_at = now
    session.flush()
    return True
