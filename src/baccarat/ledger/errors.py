"""Errors of the ledger and table services.

Each error has a stable ``code`` and the ``params`` its message was made from, so the web layer
can show it in the player's language (a template per code) while the English ``str()`` stays
useful in logs and on the command line. Which HTTP status answers each is the web layer's choice
(its table of statuses), not the ledger's.

>>> err = InsufficientPointsError(stake=500_00, balance=120_00)
>>> err.code, err.params["stake"], str(err)
('insufficient_points', 50000, 'the stakes total 500 points but the balance is 120 points')
"""

from __future__ import annotations

from typing import ClassVar

from baccarat.core.errors import TemplatedError
from baccarat.i18n.markers import N_

__all__ = [
    "AlreadyRegisteredError",
    "BadCredentialsError",
    "BadIdempotencyKeyError",
    "BadLimitError",
    "BadStakeError",
    "BadUsernameError",
    "BalanceChangedError",
    "ClientSeedClosedError",
    "CoolingOffError",
    "DailyCoupLimitError",
    "IdempotencyKeyRequiredError",
    "IdempotencyKeyReusedError",
    "InsufficientPointsError",
    "LedgerError",
    "NoStakesError",
    "NotFoundError",
    "RuleSetNotPlayableError",
    "SessionLimitError",
    "ShoeNotRevealedError",
    "TableBusyError",
    "TopUpNotNeededError",
    "TopUpUsedTodayError",
    "UsernameTakenError",
    "WeakPasswordError",
]


class LedgerError(TemplatedError):
    """A request the ledger or a table refuses; nothing was written."""

    code: ClassVar[str] = "ledger_error"
    points = frozenset({"stake", "balance", "starting"})
    """Parameters that are amounts in minor units, shown as points in messages."""


class InsufficientPointsError(LedgerError):
    code = "insufficient_points"
    template = N_("the stakes total {stake} points but the balance is {balance} points")


class BadStakeError(LedgerError):
    """A stake the table refuses (unknown or unoffered bet, outside the limits): the rule set's
    own error (rendered in the reader's language with it) is in ``detail``."""

    code = "bad_stake"
    template = N_("this stake cannot be placed: {detail}")


class NoStakesError(LedgerError):
    code = "no_stakes"
    template = N_("place at least one bet before dealing")


class TableBusyError(LedgerError):
    """Another deal at the same table committed first; nothing was written."""

    code = "table_busy"
    template = N_("a coup is already being dealt at table {table}; nothing was charged")


class BalanceChangedError(LedgerError):
    """Another request changed the same balance first; nothing was written."""

    code = "balance_changed"
    template = N_("the balance changed while this request ran; nothing was charged, try again")


class BadIdempotencyKeyError(LedgerError):
    """An idempotency key that is not 1 to 64 letters, digits, ``-`` or ``_``."""

    code = "bad_idempotency_key"
    template = N_('the idempotency key "{key}" is not valid: use 1 to 64 letters, digits, - or _')


class IdempotencyKeyRequiredError(LedgerError):
    """A deal through the API without an ``Idempotency-Key``: it could not be told from a retry,
    so it is refused and nothing is dealt."""

    code = "idempotency_key_required"
    template = N_(
        "a deal needs an Idempotency-Key header (a new random key per deal, the same key when "
        "retrying it); nothing was dealt"
    )


class IdempotencyKeyReusedError(LedgerError):
    """A key already used for another deal (other table or other stakes); nothing was written."""

    code = "idempotency_key_reused"
    template = N_(
        'the idempotency key "{key}" was already used for a different deal; '
        "send a new key for a new deal"
    )


class ClientSeedClosedError(LedgerError):
    """The client seed can change only before a shoe's first coup."""

    code = "client_seed_closed"
    template = N_(
        "shoe {shoe} is already being dealt: a client seed can be set only before a shoe's "
        "first coup (it will apply from the next shoe if you set it when this one ends)"
    )


class ShoeNotRevealedError(LedgerError):
    """A shoe whose server seed is still secret (or that has none), so it cannot be verified."""

    code = "shoe_not_revealed"
    template = N_(
        "shoe {shoe} cannot be verified yet: its server seed is revealed when the shoe ends"
    )


class BadUsernameError(LedgerError):
    code = "bad_username"
    template = N_(
        'a username has 3 to 32 letters, digits, dots, dashes or underscores; "{username}" does not'
    )


class WeakPasswordError(LedgerError):
    code = "weak_password"
    template = N_("a password needs {min} to {max} characters")


class UsernameTakenError(LedgerError):
    code = "username_taken"
    template = N_('the username "{username}" is taken; choose another')


class AlreadyRegisteredError(LedgerError):
    code = "already_registered"
    template = N_("this player already has an account ({username}); log out to register another")


class BadCredentialsError(LedgerError):
    """Unknown username or wrong password: the same answer for both, so names cannot be probed."""

    code = "bad_credentials"
    template = N_("the username or the password is not right")


class BadLimitError(LedgerError):
    code = "bad_limit"
    template = N_("{limit} must be from {low} to {high}, not {value}")


class CoolingOffError(LedgerError):
    """The player's own cool-off: no play until it ends."""

    code = "cooling_off"
    template = N_("you chose a break from play: the table opens again at {until}")


class DailyCoupLimitError(LedgerError):
    code = "daily_coup_limit"
    template = N_("you reached your own limit of {limit} coups today (UTC); play again tomorrow")


class SessionLimitError(LedgerError):
    code = "session_limit"
    template = N_(
        "this session reached your own limit of {minutes} minutes; take a break and start a "
        "new session later"
    )


class RuleSetNotPlayableError(LedgerError):
    """A rule set whose hands choose (Chemin de Fer): the practice table deals fixed rules only."""

    code = "rule_set_not_playable"
    template = N_(
        "the rule set {rule_set} lets the hands choose when to draw; "
        "this table deals games with fixed draw rules only"
    )


class NotFoundError(LedgerError):
    code = "not_found"
    template = N_("no {what} {key} here")


class TopUpUsedTodayError(LedgerError):
    code = "top_up_used_today"
    template = N_(
        "the daily top-up was already used today (UTC); the next one is possible from {next}"
    )


class TopUpNotNeededError(LedgerError):
    code = "top_up_not_needed"
    template = N_(
        "the balance of {balance} points is already at or above the starting {starting} points"
    )
