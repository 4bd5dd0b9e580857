"""Errors of the ledger and table services.

Each error has a stable ``code`` and the ``params`` its message was made from, so the web layer
can show it in the player's language (a template per code) while the English ``str()`` stays
useful in logs and on the command line. Which HTTP status answers each is the web layer's choice
(its table of statuses), not the ledger's.

>>> err = LedgerError("insufficient_points", stake=500_00, balance=120_00)
>>> err.code, err.params["stake"], str(err)
('insufficient_points', 50000, 'the stakes total 500 points but the balance is 120 points')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from baccarat.core.errors import TemplatedError

__all__ = [
    "LedgerError",
]


class LedgerError(TemplatedError):
    """A request the ledger or a table refuses; nothing was written."""

    templates: ClassVar[Mapping[str, str]] = {
        "already_registered": "this player already has an account ({username}); log out to register another",
        # Unknown username or wrong password: the same answer for both, so names cannot be probed.
        "bad_credentials": "the username or the password is not right",
        # An idempotency key that is not 1 to 64 letters, digits, ``-`` or ``_``.
        "bad_idempotency_key": 'the idempotency key "{key}" is not valid: use 1 to 64 letters, digits, - or _',
        "bad_limit": "{limit} must be from {low} to {high}, not {value}",
        # A number a request carries (a deck count, a limit, an id) that is not ASCII digits in
        # range; ``text`` is the input, cut short.
        "bad_number": "{what} must be a whole number from {low} to {high}, not {text}",
        # A stake the table refuses (unknown or unoffered bet, outside the limits): the rule set's
        # own error (rendered in the reader's language with it) is in ``detail``.
        "bad_stake": "this stake cannot be placed: {detail}",
        "bad_username": (
            "a username has 3 to 32 letters, digits, dots, dashes or underscores; "
            '"{username}" does not'
        ),
        # Another request changed the same balance first; nothing was written.
        "balance_changed": "the balance changed while this request ran; nothing was charged, try again",
        # The client seed can change only before a shoe's first coup.
        "client_seed_closed": (
            "shoe {shoe} is already being dealt: a client seed can be set only before a "
            "shoe's first coup (it will apply from the next shoe if you set it when this "
            "one ends)"
        ),
        # The player's own cool-off: no play until it ends.
        "cooling_off": "you chose a break from play: the table opens again at {until}",
        "daily_coup_limit": (
            "you reached your own limit of {limit} coups for today; the count starts again at {at}"
        ),
        # A deal through the API without an ``Idempotency-Key``: it could not be told from a retry,
        # so it is refused and nothing is dealt.
        "idempotency_key_required": (
            "a deal needs an Idempotency-Key header (a new random key per deal, the same "
            "key when retrying it); nothing was dealt"
        ),
        # A key already used for another deal (other table or other stakes); nothing was written.
        "idempotency_key_reused": (
            'the idempotency key "{key}" was already used for a different deal; send a new '
            "key for a new deal"
        ),
        "insufficient_points": "the stakes total {stake} points but the balance is {balance} points",
        "no_stakes": "place at least one bet before dealing",
        "not_found": "no {what} {key} here",
        # A rule set whose hands choose (Chemin de Fer): the practice table deals fixed rules only.
        "rule_set_not_playable": (
            "the rule set {rule_set} lets the hands choose when to draw; this table deals "
            "games with fixed draw rules only"
        ),
        "session_limit": (
            "this session reached your own limit of {minutes} minutes; take a break and "
            "start a new session later"
        ),
        # A shoe whose server seed is still secret (or that has none), so it cannot be verified.
        "shoe_not_revealed": (
            "shoe {shoe} cannot be verified yet: its server seed is revealed when the shoe ends"
        ),
        # A room's betting window closed (its coup is being dealt) before the stakes arrived.
        "window_closed": (
            "the betting window of {room} has closed; nothing was charged. Bet in the next one"
        ),
        # Watching a room: a player sits down to bet.
        "not_seated": "take a seat at {room} to bet; watchers cannot place stakes",
        "room_exists": 'a room called "{name}" already exists',
        "room_name": "a room's name has 1 to {most} characters, not {length}",
        "room_window": "a room's betting window lasts 1 to {most} seconds, not {seconds}",
        "room_reveal": "a room's pause after a coup lasts 0 to {most} seconds, not {seconds}",
        # Another deal at the same table committed first; nothing was written.
        "table_busy": "a coup is already being dealt at table {table}; nothing was charged",
        "top_up_not_needed": (
            "the balance of {balance} points is already at or above the starting {starting} points"
        ),
        "top_up_used_today": (
            "the daily top-up was already used today (UTC); the next one is possible from {next}"
        ),
        "username_taken": 'the username "{username}" is taken; choose another',
        "weak_password": "a password needs {min} to {max} characters",
        # One of the most common passwords (zxcvbn's list), whatever its length.
        "common_password": "this password is one of the most common passwords; choose another",
        # zxcvbn's estimate: ``score`` 0 (guessed at once) to 4 (very hard to guess).
        "guessable_password": (
            "this password is too easy to guess (strength {score} of 4, at least {least} is "
            "needed): use a few unrelated words"
        ),
        # Too many failed log-ins for the account or from the address: the back-off's wait.
        "login_throttled": (
            "too many failed log-ins for this account or from this address: wait {seconds} s "
            "before trying again (the password was not checked)"
        ),
        # The last play session reached the player's own limit and was ended; the break lasts
        # the play session's idle time from its last coup.
        "play_break": (
            "your last play session reached your own limit; a new one can start at {until}"
        ),
        # A provably fair shoe (scheme 2) is dealt only once the player has contributed the
        # client seed, after its commitment was shown.
        "contribution_needed": (
            "shoe {shoe} waits for your client seed, chosen now that its commitment {commitment} "
            "is shown: type one, or let the page pick one; nothing was dealt"
        ),
        # A contribution sent for a commitment that is not the shoe's (an old page).
        "commitment_changed": (
            "the commitment {given} is not the one of shoe {shoe} ({commitment}); reload the "
            "page and send your client seed again"
        ),
    }
    points: ClassVar[Mapping[str, frozenset[str]]] = {
        "insufficient_points": frozenset({"balance", "stake"}),
        "top_up_not_needed": frozenset({"balance", "starting"}),
    }
