"""Responsible play, as regulated free-play games do it, applied to points.

- **Reality checks**: every ``reality_check_minutes`` (60 by default, the player's choice) the
  table shows the time played and the net result, with "take a break" beside "continue"; the
  next one is due one interval after the play session started or after the last "continue"
  (:func:`continue_play`), whichever is later.
- **Self-set limits** on the length of a play session and on coups per UTC day. Lowering a limit
  (or setting one) applies at once; raising it (or removing it) waits 24 hours, so a decision made
  calmly cannot be undone in the heat of play.
- **Cool-off**: the player locks their own account for play for a chosen period; it cannot be
  shortened.
- No automatic top-ups: points come back only by the player's own daily button.

Every function takes an open session inside a transaction and a ``now``.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from baccarat.ledger.errors import LedgerError
from baccarat.store.models import CheminDay, CoupRecord, Player, TableRecord

__all__ = [
    "COOL_OFF_CHOICES",
    "RAISE_DELAY",
    "PlayLimits",
    "check_play",
    "continue_play",
    "cool_off",
    "count_coup_elsewhere",
    "coups_today",
    "limits",
    "session_limit",
    "set_limits",
]

RAISE_DELAY = timedelta(hours=24)
"""How long a raised (or removed) limit waits before it applies."""
COOL_OFF_CHOICES = {"1d": timedelta(days=1), "7d": timedelta(days=7), "30d": timedelta(days=30)}
"""The cool-off periods offered."""
_LIMITS = ("session_limit_minutes", "daily_coup_limit")
_RANGES = {
    "reality_check_minutes": (5, 240),
    "session_limit_minutes": (5, 24 * 60),
    "daily_coup_limit": (1, 10_000),
}


@dataclass(frozen=True, slots=True)
class PlayLimits:
    """A player's limits as they apply now, the raises still waiting, and any cool-off."""

    reality_check_minutes: int
    session_limit_minutes: int | None
    daily_coup_limit: int | None
    pending: dict[str, tuple[int | None, datetime]]
    """Raised limits waiting: name → (the new value, None for no limit; when it applies)."""
    cool_off_until: datetime | None
    coups_today: int
    """Coups dealt since the start of this UTC day (0 when not counted: see :func:`limits`)."""
    reality_check_at: datetime | None = None
    """When the player last answered a reality check with "continue"."""

    def next_reality_check(self, session_started: datetime) -> datetime:
        """When the next reality check is due for a play session that started then.

        >>> from datetime import UTC
        >>> start = datetime(2026, 1, 1, 9, 0, tzinfo=UTC)
        >>> limits = PlayLimits(60, None, None, {}, None, 0)
        >>> limits.next_reality_check(start).strftime("%H:%M")
        '10:00'
        >>> later = PlayLimits(60, None, None, {}, None, 0, start + timedelta(minutes=75))
        >>> later.next_reality_check(start).strftime("%H:%M")
        '11:15'
        """
        anchor = session_started
        if self.reality_check_at is not None and self.reality_check_at > anchor:
            anchor = self.reality_check_at
        return anchor + timedelta(minutes=self.reality_check_minutes)


def _pending(player: Player) -> dict[str, tuple[int | None, datetime]]:
    raw = json.loads(player.pending_limits) if player.pending_limits else {}
    return {name: (value, datetime.fromisoformat(at)) for name, (value, at) in raw.items()}


def _store_pending(player: Player, pending: dict[str, tuple[int | None, datetime]]) -> None:
    raw = {name: [value, at.isoformat()] for name, (value, at) in pending.items()}
    player.pending_limits = json.dumps(raw, sort_keys=True) if raw else None


def _apply_due(player: Player, now: datetime) -> None:
    """Apply the raises whose 24 hours are over (called by every read and write of limits)."""
    pending = _pending(player)
    due = {name: value for name, (value, at) in pending.items() if at <= now}
    if due:
        for name, value in due.items():
            setattr(player, name, value)
            del pending[name]
        _store_pending(player, pending)


def coups_today(session: Session, player_id: str, now: datetime) -> int:
    """Coups dealt to the player since the start of this UTC day: at their own tables (stored
    coups), and elsewhere (counted, :func:`count_coup_elsewhere`): at the Chemin de Fer practice
    table, and the coups of a room they had a stake on."""
    start = now.replace(hour=0, minute=0, second=0, microsecond=0)
    count = session.scalar(
        select(func.count())
        .select_from(CoupRecord)
        .join(TableRecord, CoupRecord.table_id == TableRecord.id)
        .where(TableRecord.player_id == player_id, CoupRecord.created_at >= start)
    )
    chemin = session.scalar(
        select(CheminDay.coups).where(CheminDay.player_id == player_id, CheminDay.day == now.date())
    )
    return int(count or 0) + int(chemin or 0)


def count_coup_elsewhere(session: Session, player_id: str, now: datetime) -> None:
    """Count one coup dealt to the player off their own tables (a Chemin de Fer practice coup, a
    room's coup they had a stake on) on this UTC day (the caller holds the player's
    lock, so the read and the write cannot race)."""
    day = session.get(CheminDay, (player_id, now.date()))
    if day is None:
        session.add(CheminDay(player_id=player_id, day=now.date(), coups=1))
    else:
        day.coups += 1
    session.flush()


def limits(
    session: Session, player: Player, now: datetime, *, count_coups: bool = True
) -> PlayLimits:
    """The player's limits now (due raises applied to the loaded player).

    ``count_coups=False`` leaves :attr:`PlayLimits.coups_today` at 0 instead of counting the
    day's coups (a query that grows with them), for a caller that needs the count only against
    a daily limit.
    """
    _apply_due(player, now)
    cooling = (
        player.cool_off_until if player.cool_off_until and player.cool_off_until > now else None
    )
    return PlayLimits(
        reality_check_minutes=player.reality_check_minutes,
        session_limit_minutes=player.session_limit_minutes,
        daily_coup_limit=player.daily_coup_limit,
        pending=_pending(player),
        cool_off_until=cooling,
        coups_today=coups_today(session, player.id, now) if count_coups else 0,
        reality_check_at=player.reality_check_at,
    )


def session_limit(session: Session, player: Player, now: datetime) -> int | None:
    """The player's session limit in minutes as it applies now (None: no limit)."""
    return limits(session, player, now, count_coups=False).session_limit_minutes


def _check_range(name: str, value: int | None) -> None:
    low, high = _RANGES[name]
    if value is not None and not low <= value <= high:
        raise LedgerError("bad_limit", limit=name, value=value, low=low, high=high)


def set_limits(
    session: Session,
    player: Player,
    now: datetime,
    *,
    reality_check_minutes: int,
    session_limit_minutes: int | None,
    daily_coup_limit: int | None,
) -> PlayLimits:
    """Set the reality-check interval (at once) and the limits (None: no limit).

    A lower limit, or a limit where there was none, applies at once and cancels a waiting raise;
    a higher one, or none where there was one, waits :data:`RAISE_DELAY`.
    """
    _check_range("reality_check_minutes", reality_check_minutes)
    _check_range("session_limit_minutes", session_limit_minutes)
    _check_range("daily_coup_limit", daily_coup_limit)
    _apply_due(player, now)
    player.reality_check_minutes = reality_check_minutes
    pending = _pending(player)
    for name, new in (
        ("session_limit_minutes", session_limit_minutes),
        ("daily_coup_limit", daily_coup_limit),
    ):
        current: int | None = getattr(player, name)
        if new == current:
            pending.pop(name, None)
        elif new is not None and (current is None or new < current):
            setattr(player, name, new)
            pending.pop(name, None)
        elif name not in pending or pending[name][0] != new:
            pending[name] = (new, now + RAISE_DELAY)
    _store_pending(player, pending)
    session.flush()
    return limits(session, player, now)


def continue_play(session: Session, player: Player, now: datetime) -> PlayLimits:
    """The player answered a reality check with "continue": the next one is an interval away."""
    player.reality_check_at = now
    session.flush()
    return limits(session, player, now)


def cool_off(session: Session, player: Player, period: str, now: datetime) -> PlayLimits:
    """Lock the account for play for ``period`` (a key of :data:`COOL_OFF_CHOICES`); a cool-off
    already running is only ever lengthened."""
    if period not in COOL_OFF_CHOICES:
        raise LedgerError("bad_limit", limit="cool_off", value=period, low="1d", high="30d")
    until = now + COOL_OFF_CHOICES[period]
    if player.cool_off_until is None or player.cool_off_until < until:
        player.cool_off_until = until
    session.flush()
    return limits(session, player, now)


def check_play(
    session: Session, player: Player, now: datetime, session_started: datetime | None
) -> None:
    """Refuse a coup during a cool-off, past the daily coup limit, or past the session limit."""
    current = limits(session, player, now, count_coups=False)  # counted below, if limited
    if current.cool_off_until is not None:
        raise LedgerError(
            "cooling_off", until=current.cool_off_until.strftime("%Y-%m-%d %H:%M UTC")
        )
    if (
        current.daily_coup_limit is not None
        and coups_today(session, player.id, now) >= current.daily_coup_limit
    ):
        # The count is by UTC day: its next start, which a page shows in the reader's zone.
        day = now.astimezone(UTC) if now.tzinfo else now.replace(tzinfo=UTC)
        midnight = day.replace(hour=0, minute=0, second=0, microsecond=0)
        raise LedgerError(
            "daily_coup_limit",
            limit=current.daily_coup_limit,
            at=(midnight + timedelta(days=1)).strftime("%Y-%m-%d %H:%M UTC"),
        )
    if (
        current.session_limit_minutes is not None
        and session_started is not None
        and now - session_started >= timedelta(minutes=current.session_limit_minutes)
    ):
        raise LedgerError("session_limit", minutes=current.session_limit_minutes)
