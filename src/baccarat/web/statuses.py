"""The HTTP status that answers each refusal of the ledger: a web matter, so it lives here.

The ledger's errors (:mod:`baccarat.ledger.errors`) say what was refused and why; this table says
how the web answers it: 401 unknown credentials, 403 the player's own limits, 404 not found, 409
the state forbids it now, 422 a request or a stake not valid, 428 a deal without an idempotency
key. An error not listed answers as its nearest listed base class, and a plain
:class:`~baccarat.ledger.errors.LedgerError` as 400.

>>> from baccarat.ledger.errors import NotFoundError, TableBusyError
>>> ledger_status(TableBusyError(table=1)), ledger_status(NotFoundError(what="coup", key=9))
(409, 404)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from baccarat.ledger.errors import (
    AlreadyRegisteredError,
    BadCredentialsError,
    BadIdempotencyKeyError,
    BadLimitError,
    BadStakeError,
    BadUsernameError,
    BalanceChangedError,
    ClientSeedClosedError,
    CoolingOffError,
    DailyCoupLimitError,
    IdempotencyKeyRequiredError,
    IdempotencyKeyReusedError,
    InsufficientPointsError,
    LedgerError,
    NoStakesError,
    NotFoundError,
    RuleSetNotPlayableError,
    SessionLimitError,
    ShoeNotRevealedError,
    TableBusyError,
    TopUpNotNeededError,
    TopUpUsedTodayError,
    UsernameTakenError,
    WeakPasswordError,
)

__all__ = ["LEDGER_STATUSES", "ledger_status"]

LEDGER_STATUSES: Mapping[type[LedgerError], int] = MappingProxyType(
    {
        LedgerError: 400,
        BadCredentialsError: 401,
        CoolingOffError: 403,
        DailyCoupLimitError: 403,
        SessionLimitError: 403,
        NotFoundError: 404,
        TableBusyError: 409,
        BalanceChangedError: 409,
        ClientSeedClosedError: 409,
        ShoeNotRevealedError: 409,
        UsernameTakenError: 409,
        AlreadyRegisteredError: 409,
        TopUpUsedTodayError: 409,
        TopUpNotNeededError: 409,
        InsufficientPointsError: 422,
        BadStakeError: 422,
        NoStakesError: 422,
        BadIdempotencyKeyError: 422,
        IdempotencyKeyReusedError: 422,
        BadUsernameError: 422,
        WeakPasswordError: 422,
        BadLimitError: 422,
        RuleSetNotPlayableError: 422,
        IdempotencyKeyRequiredError: 428,
    }
)
"""The status of each ledger error class."""


def ledger_status(exc: LedgerError) -> int:
    """The HTTP status that answers ``exc``: its class's in :data:`LEDGER_STATUSES`, or its
    nearest base class's."""
    for cls in type(exc).__mro__:
        if cls in LEDGER_STATUSES:
            return LEDGER_STATUSES[cls]
    return LEDGER_STATUSES[LedgerError]
