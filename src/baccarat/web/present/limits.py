"""Responsible play as data: a player's limits for the API and for the limits and break pages.

>>> from datetime import UTC, datetime, timedelta
>>> at = datetime(2026, 1, 2, 9, 0, tzinfo=UTC)
>>> limits = PlayLimits(60, None, 200, {"daily_coup_limit": (500, at)}, None, 12)
>>> limits_data(limits)["pending"]
{'daily_coup_limit': {'value': 500, 'applies_at': '2026-01-02T09:00:00+00:00'}}
>>> page = responsible_play(limits, timedelta(minutes=30))
>>> page["play_idle_minutes"], page["pending"][0]["limit"], page["choices"][0]
(30, 'the most coups per day', ('1d', 'one day'))
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from baccarat.ledger.limits import PlayLimits
from baccarat.web.i18n import _
from baccarat.web.present.labels import PERIOD_NAMES, limit_name

__all__ = ["idle_minutes", "limits_data", "responsible_play"]


_COUNTS = ("reality_check_minutes", "session_limit_minutes", "daily_coup_limit", "coups_today")
"""The limits and counts sent as they are (None: no limit)."""


def limits_data(limits: PlayLimits) -> dict[str, Any]:
    """The limits as the API sends them (and the pages show them): moments in ISO 8601."""
    moments = {"cool_off_until": limits.cool_off_until, "reality_check_at": limits.reality_check_at}
    return {
        **{name: getattr(limits, name) for name in _COUNTS},
        "pending": {
            name: {"value": value, "applies_at": at.isoformat()}
            for name, (value, at) in limits.pending.items()
        },
        **{name: at.isoformat() if at else None for name, at in moments.items()},
    }


def idle_minutes(play_idle: timedelta) -> int:
    """The idle time that ends a play session, in whole minutes.

    >>> idle_minutes(timedelta(minutes=30, seconds=59))
    30
    """
    return int(play_idle.total_seconds() // 60)


def responsible_play(limits: PlayLimits, play_idle: timedelta) -> dict[str, Any]:
    """What the limits and break pages show: the limits, the raises waiting (by name, in the
    page's language), the cool-off and its choices, and when an idle play session ends."""
    return {
        "limits": limits_data(limits),
        "play_idle_minutes": idle_minutes(play_idle),
        "choices": [(key, _(label)) for key, label in PERIOD_NAMES.items()],
        "cool_off_until": limits.cool_off_until,
        "pending": [
            {"limit": limit_name(name), "value": value, "at": at}
            for name, (value, at) in limits.pending.items()
        ],
    }
