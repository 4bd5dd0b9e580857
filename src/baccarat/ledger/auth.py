"""Accounts and sessions: a guest registers a username and a password (argon2id) and keeps the
balance; logging in on another device opens a session there; sessions are checked on every
request and end at once on log-out or when the password changes.

A session token is 32 random bytes, sent only in the (signed, HttpOnly) cookie; the database
keeps its SHA-256, so a copy of the database lets no one sign in. A session unused for longer
than the idle time (30 days by default, the ``session_idle_days`` setting) has expired; its
last use is written at most once per :data:`SEEN_EVERY`, so a request does not write each time.
"Log out everywhere" (:func:`end_all_sessions`) ends every session of the player.

A new password is refused when it is shorter than 10 characters, one of the 30,000 most common
passwords (:func:`common_passwords`, zxcvbn's list), or easy to guess by zxcvbn's estimate
(a score under :data:`MIN_STRENGTH` of 4, the username counted as known to a guesser). Every function takes an open
session inside a transaction (and a ``now`` where it dates something), as in
:mod:`baccarat.ledger.accounts`.
"""

from __future__ import annotations

import functools
import hashlib
import re
import secrets
from datetime import datetime, timedelta

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Connection, Table, bindparam, select, update
from sqlalchemy.orm import Session

from baccarat.ledger.accounts import lock_player
from baccarat.ledger.errors import LedgerError
from baccarat.store.models import Player, WebSession

__all__ = [
    "MIN_STRENGTH",
    "PASSWORD_LENGTHS",
    "SEEN_EVERY",
    "change_password",
    "check_password",
    "check_username",
    "common_passwords",
    "end_all_sessions",
    "end_session",
    "legacy_guest",
    "log_in",
    "register",
    "session_player",
    "start_session",
]

_USERNAME = re.compile(r"[A-Za-z0-9_.-]{3,32}")
PASSWORD_LENGTHS = (10, 256)
"""The shortest and the longest password accepted (in characters)."""

_HASHER = PasswordHasher()  # argon2id with the library's recommended costs


@functools.cache
def reference_hash() -> str:
    """A hash of a password nobody has, checked for an unknown name so that a log-in takes as
    long whether or not the name exists (made once: a server makes it while warming up)."""
    return _HASHER.hash("a password nobody has, for unknown names")


def check_username(username: str) -> str:
    """The username in its stored form (lowercase), or ``bad_username``.

    >>> check_username("Punto_Banco")
    'punto_banco'
    """
    if not isinstance(username, str) or _USERNAME.fullmatch(username) is None:
        raise LedgerError("bad_username", username=str(username)[:40])
    return username.lower()


@functools.cache
def common_passwords() -> frozenset[str]:
    """The 30,000 most common passwords (zxcvbn's list, lowercase): refused whatever their
    length. Read when first needed: the list is large, and most requests never check a
    password."""
    from zxcvbn.frequency_lists import FREQUENCY_LISTS

    return frozenset(FREQUENCY_LISTS["passwords"])


MIN_STRENGTH = 3
"""The least zxcvbn score accepted (0 to 4; 3 is "safely unguessable" for an online attack)."""
_ESTIMATED = 72
"""zxcvbn estimates at most this many characters (the rest only makes a password stronger)."""
SEEN_EVERY = timedelta(hours=1)
"""A session's last use is written again once it is this old."""


def check_password(password: str, username: str | None = None) -> str:
    """The password unchanged if it is long enough, not common and hard to guess; else
    ``weak_password``, ``common_password`` or ``guessable_password``.

    >>> try:
    ...     check_password("1111111111")
    ... except LedgerError as refused:
    ...     print(refused.code, refused.params)
    guessable_password {'score': 0, 'least': 3}
    >>> check_password("password123")
    Traceback (most recent call last):
    ...
    baccarat.ledger.errors.LedgerError: this password is one of the most common passwords; choose another
    """
    low, high = PASSWORD_LENGTHS
    if not isinstance(password, str) or not low <= len(password) <= high:
        raise LedgerError("weak_password", min=low, max=high)
    if password.lower() in common_passwords():
        raise LedgerError("common_password")
    known = [username] if username else []
    from zxcvbn import zxcvbn  # with its dictionaries: read when a password is first checked

    score = int(zxcvbn(password[:_ESTIMATED], user_inputs=known)["score"])
    if score < MIN_STRENGTH:
        raise LedgerError("guessable_password", score=score, least=MIN_STRENGTH)
    return password


def _token_id(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def start_session(session: Session, player_id: str, now: datetime) -> str:
    """A new session for the player; returns the token for the cookie (kept only hashed)."""
    token = secrets.token_urlsafe(32)
    session.add(WebSession(id=_token_id(token), player_id=player_id, last_seen_at=now))
    session.flush()
    return token


def session_player(
    session: Session | Connection, token: str, now: datetime, idle: timedelta
) -> tuple[str, bool] | None:
    """The player of a live session and whether its last use should be written again
    (:func:`seen`), or None (unknown, ended or expired token)."""
    row = session.execute(_LIVE_SESSION, {"id": _token_id(token)}).first()
    if row is None:
        return None
    player_id, last_seen = row
    if last_seen is not None and last_seen.tzinfo is None:  # SQLite keeps no zone: it is UTC
        last_seen = last_seen.replace(tzinfo=now.tzinfo)
    if last_seen is None or now - last_seen > idle:
        return None
    return str(player_id), now - last_seen >= SEEN_EVERY


def seen(session: Session, token: str, now: datetime) -> None:
    """Write that the session was used now (it expires an idle time from here)."""
    session.execute(
        update(WebSession)
        .where(WebSession.id == _token_id(token), WebSession.ended_at.is_(None))
        .values(last_seen_at=now)
    )


_SESSIONS: Table = WebSession.__table__  # type: ignore[assignment]
# Every request of a signed-in player runs this one: built once, Core (no record is needed).
_LIVE_SESSION = select(_SESSIONS.c.player_id, _SESSIONS.c.last_seen_at).where(
    _SESSIONS.c.id == bindparam("id"), _SESSIONS.c.ended_at.is_(None)
)


_LEGACY = re.compile(r"[0-9a-f]{32}")


def legacy_guest(session: Session, value: str) -> str | None:
    """The guest a cookie from before sessions names (it held the signed player id), or None.

    Accepted only for a guest who has never had a session, so browsers from before keep their
    points; registering (which starts a session) or any new session ends that path for good.
    """
    if _LEGACY.fullmatch(value) is None:
        return None
    player = session.get(Player, value)
    if player is None or player.kind != "guest":
        return None
    had = session.scalar(select(WebSession.id).where(WebSession.player_id == value).limit(1))
    return None if had is not None else player.id


def end_session(session: Session, token: str, now: datetime) -> None:
    """Log out: the token stops working at once."""
    session.execute(
        update(WebSession)
        .where(WebSession.id == _token_id(token), WebSession.ended_at.is_(None))
        .values(ended_at=now)
    )


def end_all_sessions(session: Session, player_id: str, now: datetime) -> int:
    """Log out everywhere: every session of the player ends at once (this one too); how many."""
    result = session.execute(
        update(WebSession)
        .where(WebSession.player_id == player_id, WebSession.ended_at.is_(None))
        .values(ended_at=now)
    )
    return int(getattr(result, "rowcount", 0) or 0)


def register(
    session: Session, player_id: str, username: str, password: str, now: datetime
) -> Player:
    """Turn the guest ``player_id`` into an account: same player, same ledger, same balance."""
    name = check_username(username)
    check_password(password, name)
    player = lock_player(session, player_id)
    if player.username is not None:
        raise LedgerError("already_registered", username=player.username)
    taken = session.scalar(select(Player.id).where(Player.username == name))
    if taken is not None:
        raise LedgerError("username_taken", username=name)
    player.username = name
    player.password_hash = _HASHER.hash(password)
    player.kind = "account"
    session.flush()
    return player


def log_in(session: Session, username: str, password: str, now: datetime) -> tuple[str, str]:
    """Check the credentials and open a session: ``(player_id, token)``.

    An unknown name costs the same argon2 verification as a wrong password, and both answer
    ``bad_credentials``, so the answer does not tell which names exist.
    """
    name = username.lower() if isinstance(username, str) else ""
    player = session.scalars(select(Player).where(Player.username == name)).first()
    stored = player.password_hash if player is not None else None
    try:
        _HASHER.verify(stored or reference_hash(), password)
    except (VerificationError, InvalidHashError):
        raise LedgerError("bad_credentials") from None
    if player is None or stored is None:
        raise LedgerError("bad_credentials")
    if _HASHER.check_needs_rehash(stored):
        player.password_hash = _HASHER.hash(password)
    return player.id, start_session(session, player.id, now)


def change_password(
    session: Session, player_id: str, token: str, old: str, new: str, now: datetime
) -> None:
    """Change an account's password; every other session of the player ends (this one stays)."""
    player = lock_player(session, player_id)
    check_password(new, player.username)
    if player.password_hash is None:
        raise LedgerError("bad_credentials")
    try:
        _HASHER.verify(player.password_hash, old)
    except (VerificationError, InvalidHashError):
        raise LedgerError("bad_credentials") from None
    player.password_hash = _HASHER.hash(new)
    session.execute(
        update(WebSession)
        .where(
            WebSession.player_id == player_id,
            WebSession.id != _token_id(token),
            WebSession.ended_at.is_(None),
        )
        .values(ended_at=now)
    )
