"""The database schema: players, their ledger, tables, shoes, coups, and the quiz's progress.

Every table of the application's database is declared here, on one :class:`Base`, so the schema
the models describe is the one the migrations (:mod:`baccarat.store.migrations`) build; the
ledger (:mod:`baccarat.ledger`) and the quiz's database store (:mod:`baccarat.store.quiz`) use it.

The ledger is a list of immutable entries per player (stake, payout, refund, grant), numbered
``seq = 1, 2, 3 …`` per player. Each entry carries the balance after it, so the balance is the
last entry's ``balance_after`` and equals the sum of all amounts (an invariant a ledger check can
verify), and a hash that chains it to the player's entry before it (``chain_hash``:
:mod:`baccarat.core.chain`), so an entry edited by hand in the database shows. Two constraints
make concurrent writers safe without locks: ``(player_id, seq)`` is unique, so two transactions
that read the same last entry cannot both append after it, and ``balance_after >= 0`` makes a
negative balance impossible whatever the code above does.

The shoe's card order is stored so that a restart does not lose a shoe; nothing ever sends it to
a browser. A coup stores the cards it used in dealing order; its steps, explanations and
settlement are derived from those and the table's rule set whenever they are shown.
"""

from __future__ import annotations

import enum
from datetime import UTC, date, datetime

from sqlalchemy import (
    BigInteger,
    Boolean,
    CheckConstraint,
    Date,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    SmallInteger,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
)
from sqlalchemy.engine import Dialect
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

__all__ = [
    "MAX_ID",
    "Base",
    "CheminDay",
    "CoupRecord",
    "DealKey",
    "Entry",
    "EntryKind",
    "GrantNote",
    "LoginFailure",
    "PlaySessionRecord",
    "Player",
    "QuizCellRow",
    "RateBucket",
    "RoomBet",
    "RoomEvent",
    "RoomRecord",
    "RoomSeat",
    "RoomSeed",
    "ShoeRecord",
    "TableRecord",
    "WebSession",
    "is_record_id",
    "utcnow",
]

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


MAX_ID = 2**31 - 1
"""The largest id a record can have (the ``Integer`` key is 32 bits on PostgreSQL)."""


def is_record_id(value: object) -> bool:
    """Whether ``value`` can be the id of a stored record (so a lookup may be tried).

    >>> is_record_id(7), is_record_id(0), is_record_id(2**63), is_record_id(True)
    (True, False, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_ID


def utcnow() -> datetime:
    """The current time, timezone-aware, in UTC."""
    return datetime.now(UTC)


class UTCDateTime(TypeDecorator[datetime]):
    """A timestamp stored in UTC and always read back timezone-aware.

    SQLite keeps no zone; PostgreSQL's ``timestamptz`` does. Either way the application sees aware
    UTC datetimes, so comparisons never mix naive and aware values.
    """

    impl = DateTime(timezone=True)
    cache_ok = True

    def process_bind_param(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        if value.tzinfo is None:
            raise ValueError(f"naive datetime {value!r}: pass an aware (UTC) datetime")
        return value.astimezone(UTC)

    def process_result_value(self, value: datetime | None, dialect: Dialect) -> datetime | None:
        if value is None:
            return None
        return value.replace(tzinfo=UTC) if value.tzinfo is None else value.astimezone(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


class EntryKind(enum.Enum):
    """What a ledger entry records. A stake is negative; the other kinds are positive."""

    STAKE = "stake"
    """Points put on a bet when the coup is dealt."""
    PAYOUT = "payout"
    """What a winning bet returns: the stake and the winnings."""
    REFUND = "refund"
    """A stake returned unchanged (a push)."""
    GRANT = "grant"
    """Points given to the player: the welcome grant or a daily top-up."""


class GrantNote(enum.Enum):
    """Why points were granted."""

    WELCOME = "welcome"
    TOP_UP = "top_up"


class Player(Base):
    """A player: for now a guest, known by a random id kept in a signed cookie."""

    __tablename__ = "players"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    kind: Mapped[str] = mapped_column(String(16), default="guest")
    """``guest`` now; accounts will add their own kind without changing guests."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    adult_confirmed_at: Mapped[datetime] = mapped_column(UTCDateTime())
    """When the player confirmed being 18 or older (the gate)."""
    username: Mapped[str | None] = mapped_column(String(32), unique=True)
    """An account's login name, stored in lowercase (None for a guest)."""
    password_hash: Mapped[str | None] = mapped_column(String(255))
    """The argon2id hash of an account's password (None for a guest)."""
    reality_check_minutes: Mapped[int] = mapped_column(Integer, default=60, server_default="60")
    """How often the table shows the time played and the net result (the player's choice)."""
    session_limit_minutes: Mapped[int | None] = mapped_column(Integer)
    """The longest play session the player allows themself (None: no limit)."""
    daily_coup_limit: Mapped[int | None] = mapped_column(Integer)
    """The most coups per UTC day the player allows themself (None: no limit)."""
    pending_limits: Mapped[str | None] = mapped_column(Text)
    """Raised limits waiting out their 24 hours (JSON: limit → [value or null, ISO time])."""
    cool_off_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """The account is locked for play until then (the player's own cool-off)."""
    reality_check_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When the player last answered a reality check with "continue": the next one is due one
    interval later (or one interval after the play session started, if that is later)."""


class WebSession(Base):
    """A signed-in browser: the SHA-256 of the random token in its cookie, checked on every
    request, so logging out (or changing the password elsewhere) ends it at once."""

    __tablename__ = "web_sessions"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), index=True)
    # No start date: nothing read it (migration 0009 dropped it).
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    last_seen_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When the session was last used (to the hour: see ``ledger.auth``); a session idle longer
    than the setting (30 days by default) has expired. Migration 0011 dated the sessions open
    then to that moment."""


class PlaySessionRecord(Base):
    """A play session: what the session clock, the session limit and the reality checks count.

    Kept on the server per player, never in a cookie, so neither clearing cookies, a second
    browser nor the API starts a new one: it starts with the player's first coup, and ends when
    the player ends it or after its own idle time without a coup (``ledger.playsessions``).
    """

    __tablename__ = "play_sessions"
    __table_args__ = (Index("ix_play_sessions_player_id_id", "player_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    started_at: Mapped[datetime] = mapped_column(UTCDateTime())
    last_played_at: Mapped[datetime] = mapped_column(UTCDateTime())
    """The session's last coup (its start, before one): it idles out from there."""
    ended_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When the player ended it (None: it ends by idling)."""


class LoginFailure(Base):
    """Failed log-ins counted per account and per address, for the exponential back-off.

    ``key`` is ``account:`` and the username, or ``address:`` and a hash of the address;
    ``failures`` counts the failures since the counter last rested (an hour without one), and no
    attempt is checked before ``blocked_until`` (``ledger.throttle``).
    """

    __tablename__ = "login_failures"

    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    failures: Mapped[int] = mapped_column(Integer)
    last_failure: Mapped[datetime] = mapped_column(UTCDateTime())
    blocked_until: Mapped[datetime] = mapped_column(UTCDateTime())


class Entry(Base):
    """One immutable ledger entry (amounts in minor units: 1 point = 100)."""

    __tablename__ = "ledger_entries"
    __table_args__ = (
        UniqueConstraint("player_id", "seq"),
        CheckConstraint("balance_after >= 0", name="balance_not_negative"),
        CheckConstraint("seq >= 1", name="seq_positive"),
        CheckConstraint(
            "(kind = 'stake' AND amount < 0) OR (kind IN ('payout', 'refund', 'grant') AND amount > 0)",
            name="amount_sign",
        ),
        CheckConstraint("(kind = 'grant') = (note IS NOT NULL)", name="grant_note"),
        CheckConstraint("(kind = 'grant') = (coup_id IS NULL AND bet IS NULL)", name="coup_link"),
        # Every deal reads the balance as it stood when the session began, and the grants since
        # (``accounts.standing``): one seek each in these, whatever the length of the history.
        Index("ix_ledger_entries_player_id_created_at", "player_id", "created_at", "seq"),
        Index("ix_ledger_entries_player_id_kind", "player_id", "kind", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    # No separate index on player_id: the unique (player_id, seq) index leads with it.
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"))
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    amount: Mapped[int] = mapped_column(BigInteger)
    balance_after: Mapped[int] = mapped_column(BigInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    coup_id: Mapped[int | None] = mapped_column(ForeignKey("coups.id"), index=True)
    bet: Mapped[str | None] = mapped_column(String(64))
    """The bet a stake, payout or refund belongs to (its name in the rule set)."""
    note: Mapped[str | None] = mapped_column(String(16))
    """For a grant: a :class:`GrantNote` value."""
    chain_hash: Mapped[str] = mapped_column(String(64))
    """SHA-256 (hex) of this entry's fields and the chain hash of the player's entry before it
    (:func:`baccarat.core.chain.entry_hash`): written with the entry, verified by the ledger
    check, so an entry changed, moved or removed by hand in the database shows."""


class TableRecord(Base):
    """A player's table: a rule set and a deck count, dealt from one shoe after another."""

    __tablename__ = "game_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    player_id: Mapped[str | None] = mapped_column(ForeignKey("players.id"), index=True)
    """The player whose table it is; None for a room's table (:class:`RoomRecord`), shared by
    everyone seated there."""
    rule_set: Mapped[str] = mapped_column(String(64))
    decks: Mapped[int] = mapped_column(SmallInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)
    rules_toml: Mapped[str | None] = mapped_column(Text)
    """The rule set as it was when the table opened, as TOML (None for a table opened before
    tables kept it: the built-in rule set of that name)."""


class ShoeRecord(Base):
    """A shoe of a table: its card order (server-side only) and how far it has been dealt."""

    __tablename__ = "shoes"
    __table_args__ = (
        UniqueConstraint("table_id", "number"),
        CheckConstraint("coups_dealt >= 0", name="coups_dealt_not_negative"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    """1 for the table's first shoe, then 2, 3, …"""
    decks: Mapped[int] = mapped_column(SmallInteger)
    cut_card: Mapped[int] = mapped_column(SmallInteger)
    burn: Mapped[bool] = mapped_column(Boolean)
    one_more_coup: Mapped[bool] = mapped_column(Boolean)
    card_order: Mapped[str] = mapped_column(Text)
    """Every card in dealing order, two characters each (``Ks9dAc…``). Never leaves the server.
    Empty for a scheme-2 shoe still waiting for the player's contribution."""
    server_seed: Mapped[str | None] = mapped_column(String(64))
    """The provably fair shoe's server seed (64 hex digits): the order is
    :func:`baccarat.fair.fair_order` of it, :attr:`client_seed` and :attr:`number`. Shown only
    once the shoe has finished. None for shoes shuffled before provably fair shoes."""
    client_seed: Mapped[str | None] = mapped_column(String(64))
    """The client seed (the player's own, or a random one); the player may change it until the
    shoe's first coup."""
    commitment: Mapped[str | None] = mapped_column(String(64))
    """SHA-256 of the server seed, shown before the shoe is dealt."""
    fair_scheme: Mapped[int] = mapped_column(SmallInteger, server_default="1")
    """1: the client seed was known when the server seed was drawn (shoes before migration
    0011: a random one, or the player's carried from the last shoe); 2: the player's
    contribution, chosen after the commitment was shown, which the order waits for."""
    committed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """Scheme 2: when the commitment was stored, and shown to anyone asking from then on."""
    contributed_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """Scheme 2: when the player's contribution (the client seed) was received."""
    first_card_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """Scheme 2: when the shoe's first coup was dealt (its first card out)."""
    coups_dealt: Mapped[int] = mapped_column(Integer, default=0)
    """The shoe's position: replaying this many coups from the order restores the shoe."""
    finished: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class CoupRecord(Base):
    """A dealt coup: the cards it used, in dealing order (P1 B1 P2 B2, then third cards)."""

    __tablename__ = "coups"
    __table_args__ = (
        UniqueConstraint("shoe_id", "number"),
        # The daily coup limit counts a table's coups since midnight (see ``limits.coups_today``).
        Index("ix_coups_table_id_created_at", "table_id", "created_at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), index=True)
    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    """1 for the shoe's first coup, then 2, 3, …"""
    cards: Mapped[str] = mapped_column(String(12))
    """The 4 to 6 cards of the coup, two characters each, in dealing order."""
    winner: Mapped[str] = mapped_column(String(6))
    summary_index: Mapped[int] = mapped_column(SmallInteger)
    pair_index: Mapped[int] = mapped_column(SmallInteger)
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class DealKey(Base):
    """An idempotency key a player sent with a deal, and the coup that deal produced.

    Written in the deal's own transaction, so a key is stored exactly when its coup is: a retried
    request finds the key and gets the first result back instead of a second coup.
    """

    __tablename__ = "deal_keys"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(64), primary_key=True)
    coup_id: Mapped[int] = mapped_column(ForeignKey("coups.id"))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class CheminDay(Base):
    """How many Chemin de Fer practice coups a player was dealt on one UTC day.

    Those coups live in the server's memory only (no points are staked on them), but they are
    coups all the same for the player's daily coup limit, which counts these with the table's.
    """

    __tablename__ = "chemin_coups"

    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    day: Mapped[date] = mapped_column(Date, primary_key=True)
    coups: Mapped[int] = mapped_column(Integer)


class RateBucket(Base):
    """A token bucket of the rate limits, shared by every server process on this database.

    ``key`` is the limit and a hash of the address or session; ``tokens`` what was left at
    ``updated`` (seconds since the epoch); ``wait`` the answer to the last request: 0 if it took a
    token, else the seconds until one is there. One ``INSERT … ON CONFLICT DO UPDATE … RETURNING``
    refills, takes and answers at once (:mod:`baccarat.ledger.ratelimit`).
    """

    __tablename__ = "rate_buckets"

    key: Mapped[str] = mapped_column(String(80), primary_key=True)
    tokens: Mapped[float] = mapped_column(Float)
    updated: Mapped[float] = mapped_column(Float)
    wait: Mapped[float] = mapped_column(Float)


class QuizCellRow(Base):
    """A player's record on one cell of the quiz's tableau (a
    :class:`~baccarat.learn.progress.CellRecord`; read and written by
    :class:`~baccarat.store.quiz.DatabaseStore`)."""

    __tablename__ = "quiz_cells"
    __table_args__ = (
        CheckConstraint("right_answers >= 0 AND wrong_answers >= 0", name="counts_not_negative"),
        CheckConstraint("box >= 0", name="box_not_negative"),
    )

    player_id: Mapped[str] = mapped_column(String(32), ForeignKey("players.id"), primary_key=True)
    cell: Mapped[str] = mapped_column(String(24), primary_key=True)
    """The cell's key (``banker:4:6``, ``player:5``, ``natural:9`` …)."""
    right_answers: Mapped[int] = mapped_column(Integer)
    wrong_answers: Mapped[int] = mapped_column(Integer)
    box: Mapped[int] = mapped_column(SmallInteger)
    due: Mapped[float] = mapped_column(Float)
    """When the schedule wants the cell again, in seconds since the epoch."""
    seen: Mapped[float] = mapped_column(Float)


class RoomRecord(Base):
    """A shared table: one shoe dealt for everyone seated, in betting windows
    (:mod:`baccarat.ledger.rooms`). Its shoes and coups are its :attr:`table_id`'s.

    The row is the room's lock: whoever changes its state (a bet, a deal, a seat) locks it first,
    so a bet and the deal that closes its window never interleave. :attr:`dealer` holds a lease
    until :attr:`lease_until`: the one server process that deals its coups while the lease lasts.
    """

    __tablename__ = "rooms"
    __table_args__ = (CheckConstraint("window_seconds > 0", name="window_positive"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    name: Mapped[str] = mapped_column(String(64), unique=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("game_tables.id"), unique=True)
    window_seconds: Mapped[int] = mapped_column(SmallInteger)
    """How long each betting window stays open."""
    reveal_seconds: Mapped[int] = mapped_column(SmallInteger, default=6)
    """The pause after a coup (its cards shown one by one) before the next window's countdown."""
    round: Mapped[int] = mapped_column(Integer, default=0)
    """The number of the current betting window (or of the last one while paused)."""
    phase: Mapped[str] = mapped_column(String(8), default="paused")
    """``betting`` while a window is open, ``paused`` while nobody is seated."""
    opens_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When the current window's countdown starts (after the last coup's reveal)."""
    closes_at: Mapped[datetime | None] = mapped_column(UTCDateTime())
    """When the current window closes and its coup is dealt."""
    dealer: Mapped[str | None] = mapped_column(String(80))
    lease_until: Mapped[datetime | None] = mapped_column(UTCDateTime())
    created_at: Mapped[datetime] = mapped_column(UTCDateTime(), default=utcnow)


class RoomSeat(Base):
    """A player in a room: seated (may bet) or watching, last seen at :attr:`seen_at`."""

    __tablename__ = "room_seats"

    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    seated: Mapped[bool] = mapped_column(Boolean)
    seen_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RoomBet(Base):
    """A stake placed in a room's betting window, waiting for the window's coup.

    Nothing is charged when it is placed: the coup's deal takes every stake of the window and
    pays it in its own transaction (the entries of a coup are written together, as at a private
    table), then removes the bets it settled.
    """

    __tablename__ = "room_bets"
    __table_args__ = (CheckConstraint("stake > 0", name="stake_positive"),)

    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"), primary_key=True)
    round: Mapped[int] = mapped_column(Integer, primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    bet: Mapped[str] = mapped_column(String(64), primary_key=True)
    stake: Mapped[int] = mapped_column(BigInteger)
    placed_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RoomSeed(Base):
    """A player's contribution to a room's shoe, received before its first coup: the shoe's
    client seed combines them all (:func:`baccarat.fair.combine_client_seeds`)."""

    __tablename__ = "room_seeds"

    shoe_id: Mapped[int] = mapped_column(ForeignKey("shoes.id"), primary_key=True)
    player_id: Mapped[str] = mapped_column(ForeignKey("players.id"), primary_key=True)
    client_seed: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())


class RoomEvent(Base):
    """What happened in a room, in order (its id): what every screen of the room is sent, and
    what a screen that reconnects reads again from the one it saw last."""

    __tablename__ = "room_events"
    __table_args__ = (Index("ix_room_events_room_id_id", "room_id", "id"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    room_id: Mapped[int] = mapped_column(ForeignKey("rooms.id"))
    kind: Mapped[str] = mapped_column(String(16))
    body: Mapped[str] = mapped_column(Text)
    """The event's JSON."""
    created_at: Mapped[datetime] = mapped_column(UTCDateTime())
