"""The HTTP status that answers each refusal: a web matter, so it lives here.

The ledger's and the Chemin de Fer table's errors say what was refused and why; this table says
how the web answers each code: 401 unknown credentials, 403 the player's own limits, 404 not
found, 409 the state forbids it now, 422 a request or a stake not valid, 428 a deal without an
idempotency key, 429 a log-in while its back-off runs. A code not listed answers as its kind does: a
:class:`~baccarat.ledger.errors.LedgerError` 400, a Chemin de Fer refusal 409, anything else 422.

>>> from baccarat.ledger.errors import LedgerError
>>> status_of(LedgerError("table_busy", table=1)), status_of(LedgerError("not_found", what="coup", key=9))
(409, 404)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from baccarat.chemin.table import CheminError
from baccarat.core.errors import TemplatedError
from baccarat.ledger.errors import LedgerError

__all__ = ["KIND_STATUSES", "STATUSES", "status_of"]

STATUSES: Mapping[str, int] = MappingProxyType(
    {
        "bad_credentials": 401,
        "cooling_off": 403,
        "daily_coup_limit": 403,
        "session_limit": 403,
        "not_found": 404,
        "table_busy": 409,
        "window_closed": 409,
        "not_seated": 409,
        "room_exists": 409,
        "balance_changed": 409,
        "client_seed_closed": 409,
        "shoe_not_revealed": 409,
        "username_taken": 409,
        "already_registered": 409,
        "top_up_used_today": 409,
        "top_up_not_needed": 409,
        "insufficient_points": 422,
        "bad_stake": 422,
        "room_name": 422,
        "room_window": 422,
        "room_reveal": 422,
        "no_stakes": 422,
        "bad_idempotency_key": 422,
        "idempotency_key_reused": 422,
        "bad_username": 422,
        "weak_password": 422,
        "common_password": 422,
        "guessable_password": 422,
        "login_throttled": 429,
        "play_break": 403,
        "contribution_needed": 409,
        "commitment_changed": 409,
        "bad_limit": 422,
        "bad_number": 422,
        "rule_set_not_playable": 422,
        "idempotency_key_required": 428,
        "chemin_decks": 422,
        "chemin_banker_play": 422,
        "chemin_draw_or_stand": 422,
        "quiz_no_coups": 409,
    }
)
"""The status of each refusal, by code."""

KIND_STATUSES: Mapping[type[TemplatedError], int] = MappingProxyType(
    {LedgerError: 400, CheminError: 409}
)
"""The status of a code not in :data:`STATUSES`, by its kind."""


def status_of(exc: Exception) -> int:
    """The HTTP status that answers ``exc``: its code's, else its kind's, else 422."""
    if isinstance(exc, TemplatedError):
        if exc.code in STATUSES:
            return STATUSES[exc.code]
        for kind, status in KIND_STATUSES.items():
            if isinstance(exc, kind):
                return status
    return 422
