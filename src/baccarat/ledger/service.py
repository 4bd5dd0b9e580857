"""The practice table's service layer: every operation is one transaction and returns plain data.

The web pages, the JSON API and the benchmark all go through :class:`PlayService`; none of them
touches a database session. Each method opens the transaction (or the read) and hands it to the
module of its responsibility, which holds that responsibility's SQL:

- players and points, accounts and sessions: :mod:`~baccarat.ledger.accounts`,
  :mod:`~baccarat.ledger.auth`;
- responsible play: :mod:`~baccarat.ledger.limits`;
- tables, shoes and coups: :mod:`~baccarat.ledger.tables`, :mod:`~baccarat.ledger.history`, and
  the deal, :mod:`~baccarat.ledger.dealing`;
- provably fair shoes: :mod:`~baccarat.ledger.fairshoes`.

What it answers is in :mod:`~baccarat.ledger.views`.

>>> from baccarat.store.db import Store
>>> service = PlayService(Store.open("sqlite://"))
>>> player = service.join()
>>> table = service.table(player.player_id)
>>> service.deal(player.player_id, table.id, {"banker": 100_00})
Traceback (most recent call last):
...
baccarat.ledger.errors.LedgerError: shoe 1 waits for your client seed, ...
>>> seed = "drawn by the player after seeing the commitment"
>>> _ = service.set_client_seed(player.player_id, table.id, seed, table.next_shoe.commitment)
>>> outcome = service.deal(player.player_id, table.id, {"banker": 100_00})
>>> outcome.balance_before, outcome.coup.number, outcome.player.balance == outcome.balance_after
(1000000, 1, True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import replace
from datetime import datetime, timedelta
from typing import TypeVar

from sqlalchemy.orm import Session

from baccarat.core.rules import DEFAULT_RULE_SET, RULE_SETS, RuleSet, get_rule_set
from baccarat.core.shoe import DEFAULT_DECKS, ShoeRules
from baccarat.fair import Verification, check_client_seed
from baccarat.ledger import (
    accounts,
    auth,
    dealing,
    fairshoes,
    history,
    limits,
    playsessions,
    tables,
    throttle,
)
from baccarat.ledger.accounts import STARTING_BALANCE
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.limits import PlayLimits
from baccarat.ledger.live import LiveTables
from baccarat.ledger.roomservice import RoomService
from baccarat.ledger.views import CoupView, DealOutcome, FairShoeView, PlayerView, TableView
from baccarat.store.db import Store
from baccarat.store.models import TableRecord, utcnow

__all__ = ["SESSION_IDLE", "PlayService"]

SESSION_IDLE = timedelta(days=30)
"""How long a log-in session lasts unused (the ``session_idle_days`` setting)."""

T = TypeVar("T")


class _SessionEndedError(Exception):
    """The log-in session a deal came with is not live: nothing is dealt."""


class PlayService:
    """The operations of the practice table. Thread-safe: each call is its own transaction.

    ``rng`` shuffles new shoes (the OS CSPRNG when None); ``clock`` gives the time (UTC);
    ``session_idle`` is how long a log-in session lasts unused, ``play_idle`` how long a play
    session lasts without a coup.
    """

    def __init__(
        self,
        store: Store,
        *,
        starting_balance: int = STARTING_BALANCE,
        rng: random.Random | None = None,
        clock: Callable[[], datetime] = utcnow,
        rule_sets: Mapping[str, RuleSet] | None = None,
        session_idle: timedelta = SESSION_IDLE,
        play_idle: timedelta = playsessions.DEFAULT_IDLE,
    ) -> None:
        self.store = store
        self.session_idle = session_idle
        self.play_idle = play_idle
        self.rule_sets: Mapping[str, RuleSet] = rule_sets if rule_sets is not None else RULE_SETS
        """The rule sets a new table may be opened with (:mod:`baccarat.ledger.rulesets`)."""
        self.starting_balance = starting_balance
        self.rng = rng
        self.clock = clock
        self.live = LiveTables()
        """Every table's live state: its shoe, the coups and roads of the shoe it shows."""
        self.rooms = RoomService(self)
        """The shared tables (:mod:`baccarat.ledger.rooms`)."""

    # Players and points

    def join(self) -> PlayerView:
        """A new guest player (who has passed the 18+ gate), granted the starting balance."""
        now = self.clock()
        with self.store.transaction() as db:
            player = accounts.create_guest(db, now, self.starting_balance)
            return accounts.player_view(db, player.id, None, now, self.starting_balance)

    def player(self, player_id: str, since: datetime | None = None) -> PlayerView:
        """The player's balance and top-up status, and the net result of play since ``since``."""
        now = self.clock()
        with self.store.reading() as db:
            accounts.get_player(db, player_id)
            return accounts.player_view(db, player_id, since, now, self.starting_balance)

    def top_up(self, player_id: str, since: datetime | None = None) -> PlayerView:
        """Bring the balance back to the starting balance (once per UTC day, player's request)."""
        now = self.clock()
        with self.store.transaction() as db:
            player = accounts.get_player(db, player_id)
            cooling = limits.limits(db, player, now).cool_off_until
            if cooling is not None:
                raise LedgerError("cooling_off", until=cooling.strftime("%Y-%m-%d %H:%M UTC"))
            accounts.top_up(db, player_id, now, self.starting_balance)
            return accounts.player_view(db, player_id, since, now, self.starting_balance)

    # Responsible play

    def limits(self, player_id: str) -> PlayLimits:
        """The player's reality-check interval, limits (and raises waiting), cool-off."""
        now = self.clock()
        with self.store.reading() as db:
            return limits.limits(db, accounts.get_player(db, player_id), now)

    def set_limits(
        self,
        player_id: str,
        *,
        reality_check_minutes: int,
        session_limit_minutes: int | None,
        daily_coup_limit: int | None,
    ) -> PlayLimits:
        """Set the limits: lower ones at once, raised ones after 24 hours."""
        now = self.clock()
        with self.store.transaction() as db:
            return limits.set_limits(
                db,
                accounts.lock_player(db, player_id),
                now,
                reality_check_minutes=reality_check_minutes,
                session_limit_minutes=session_limit_minutes,
                daily_coup_limit=daily_coup_limit,
            )

    def cool_off(self, player_id: str, period: str) -> PlayLimits:
        """Lock the account for play for the chosen period (1d, 7d, 30d)."""
        now = self.clock()
        with self.store.transaction() as db:
            return limits.cool_off(db, accounts.lock_player(db, player_id), period, now)

    def continue_play(self, player_id: str) -> PlayLimits:
        """The player saw a reality check and chose to continue (the next is an interval away)."""
        now = self.clock()
        with self.store.transaction() as db:
            return limits.continue_play(db, accounts.lock_player(db, player_id), now)

    def play_practice_coup(
        self, player_id: str, since: datetime | None, play: Callable[[datetime], T]
    ) -> T:
        """A coup dealt outside the ledger (the Chemin de Fer practice table), under the same
        limits as a deal: refused during a cool-off, past the daily coup limit or past the
        session limit (the server's play session, or ``since`` if earlier), else ``play(start)``
        deals it in the play session that started at ``start`` and it counts towards the coups
        of the day. If ``play`` raises, nothing is counted."""
        now = self.clock()
        with self.store.transaction() as db:
            player = accounts.lock_player(db, player_id)
            session = playsessions.for_coup(
                db, player_id, now, self.play_idle, limits.session_limit(db, player, now)
            )
            started = session.started_at if since is None else min(session.started_at, since)
            limits.check_play(db, player, now, started)
            dealt = play(session.started_at)
            limits.count_coup_elsewhere(db, player_id, now)
            playsessions.played(db, session, now)
            return dealt

    def play_started(self, player_id: str) -> datetime | None:
        """When the player's live play session started (None: none; the next coup starts one)."""
        with self.store.single_read() as connection:
            return playsessions.live_start(connection, player_id, self.clock(), self.play_idle)

    def end_play(self, player_id: str) -> bool:
        """The player ends their play session; whether one was live."""
        with self.store.transaction() as db:
            accounts.lock_player(db, player_id)
            return playsessions.end(db, player_id, self.clock(), self.play_idle)

    # Accounts and sessions

    def start_session(self, player_id: str) -> str:
        """A new signed-in session for the player (after the gate); the token for the cookie."""
        with self.store.transaction() as db:
            accounts.get_player(db, player_id)
            return auth.start_session(db, player_id, self.clock())

    def session_player(self, token: str) -> str | None:
        """The player of a live session token (or of a cookie from before sessions, for a guest
        who never had a session: :func:`baccarat.ledger.auth.legacy_guest`), or None.

        A session unused for :attr:`session_idle` has expired; its last use is written again
        at most once per :data:`~baccarat.ledger.auth.SEEN_EVERY`.
        """
        now = self.clock()
        with self.store.single_read() as connection:
            found = auth.session_player(connection, token, now, self.session_idle)
        if found is not None:
            player_id, stale = found
            if stale:
                with self.store.transaction() as db:
                    auth.seen(db, token, now)
            return player_id
        with self.store.reading() as db:
            return auth.legacy_guest(db, token)

    def end_all_sessions(self, player_id: str) -> int:
        """Log out everywhere: every session of the player ends, this one too; how many."""
        with self.store.transaction() as db:
            return auth.end_all_sessions(db, player_id, self.clock())

    def end_session(self, token: str) -> None:
        """Log out: the session's token stops working at once."""
        with self.store.transaction() as db:
            auth.end_session(db, token, self.clock())

    def register(self, player_id: str, username: str, password: str) -> PlayerView:
        """Give the guest an account (username and password): the same player and balance."""
        now = self.clock()
        with self.store.transaction() as db:
            auth.register(db, player_id, username, password, now)
            return accounts.player_view(db, player_id, None, now, self.starting_balance)

    def log_in(
        self, username: str, password: str, address: str | None = None
    ) -> tuple[PlayerView, str]:
        """Check the credentials and open a session on this device: the player and the token.

        Throttled per account and per ``address`` (:mod:`~baccarat.ledger.throttle`): the
        attempt is counted as a failure first, in its own transaction, and taken back if the
        password is right; during a back-off it is ``login_throttled`` unchecked.
        """
        now = self.clock()
        keys = throttle.keys_for(username, address)
        with self.store.transaction() as db:
            throttle.attempt(db, keys, now)
        with self.store.transaction() as db:
            player_id, token = auth.log_in(db, username, password, now)
            throttle.succeeded(db, keys)
            return accounts.player_view(db, player_id, None, now, self.starting_balance), token

    def change_password(self, player_id: str, token: str, old: str, new: str) -> None:
        """Change the password; the player's other sessions end, this one stays."""
        with self.store.transaction() as db:
            auth.change_password(db, player_id, token, old, new, self.clock())

    # Tables

    def open_table(
        self, player_id: str, rule_set: str = DEFAULT_RULE_SET, decks: int = DEFAULT_DECKS
    ) -> TableView:
        """Open a new table with this rule set and deck count; it becomes the player's current one."""
        # An offered table, or a built-in one (a choice game is found, and refused, by name).
        rules = self.rule_sets.get(rule_set) or get_rule_set(rule_set)
        if rules.tableau.has_options:
            raise LedgerError("rule_set_not_playable", rule_set=rules.name)
        ShoeRules(decks=decks)  # a bad deck count is refused before anything is written
        with self.store.transaction() as db:
            accounts.get_player(db, player_id)
            table = tables.open_table(db, player_id, rules, decks, self.rng, self.clock())
            return self.live.table_view(db, table)

    def table(self, player_id: str, table_id: int | None = None) -> TableView:
        """The player's table ``table_id``, or the current one (a default table is opened if none)."""
        with self.store.reading() as db:
            accounts.get_player(db, player_id)
            if table_id is not None:
                table: TableRecord | None = tables.get_table(db, player_id, table_id)
            else:
                table = tables.current_table(db, player_id)
            if table is None:
                found = None
            elif not tables.current_shoe(db, table.id).finished:
                return self.live.table_view(db, table)
            else:
                found = table.id
        if found is None:
            return self.open_table(player_id)
        # A shoe that ended without a successor (data from before provably fair shoes): the next
        # one is committed to now, so its commitment is shown before anything is dealt from it.
        with self.store.transaction() as db:
            table = tables.get_table(db, player_id, found)
            latest = tables.current_shoe(db, table.id)
            if latest.finished:
                tables.next_shoe(db, table, latest, self.rng, self.clock())
            return self.live.table_view(db, table)

    # Dealing

    def deal(
        self,
        player_id: str,
        table_id: int,
        stakes: Mapping[str, int],
        since: datetime | dealing.Since | None = None,
        idempotency_key: str | None = None,
    ) -> DealOutcome:
        """Take the stakes, deal one coup, settle it: one transaction, all or nothing
        (:func:`baccarat.ledger.dealing.deal`).

        ``stakes`` maps bet names to minor units. Refused with nothing written: no stakes
        (``no_stakes``), a stake the table does not take (``bad_stake``),
        stakes above the balance (``insufficient_points``), another deal at this table
        or another change to this balance committing first (``table_busy``,
        ``balance_changed``).
        The outcome includes the player's standing after the deal, with the net since ``since``
        (:attr:`~baccarat.ledger.dealing.Since.PLAY_SESSION`: the start of the coup's play
        session, read in the deal's own transaction).

        ``idempotency_key``: a deal sent again with a key this player already used for it (a
        retry, a double click) deals and charges nothing and returns the first outcome
        (``replayed``); the same key with another table or other stakes is refused
        (``idempotency_key_reused``). The key is stored in the deal's own transaction, so
        it exists exactly when the coup does.
        """
        return self._deal(lambda _db, _now: player_id, table_id, stakes, since, idempotency_key)

    def deal_in_session(
        self,
        token: str,
        table_id: int,
        stakes: Mapping[str, int],
        since: datetime | dealing.Since | None = None,
        idempotency_key: str | None = None,
    ) -> DealOutcome | None:
        """:meth:`deal` for the player of the log-in session ``token``, checked as
        :meth:`session_player` checks it but in the deal's own transaction (one connection and
        one transaction for the busiest request, not two); None, with nothing dealt, if the
        session is not live. The session's last use, when due, is written with the deal (a
        refused deal writes it at the next request)."""
        try:
            return self._deal(
                lambda db, now: self._player_in(db, now, token),
                table_id,
                stakes,
                since,
                idempotency_key,
            )
        except _SessionEndedError:
            return None

    def _player_in(self, db: Session, now: datetime, token: str) -> str:
        """The player of the live session ``token``, read in ``db``'s transaction."""
        found = auth.session_player(db, token, now, self.session_idle)
        if found is None:
            legacy = auth.legacy_guest(db, token)
            if legacy is None:
                raise _SessionEndedError
            return legacy
        player_id, stale = found
        if stale:
            auth.seen(db, token, now)
        return player_id

    def _deal(
        self,
        player: Callable[[Session, datetime], str],
        table_id: int,
        stakes: Mapping[str, int],
        since: datetime | dealing.Since | None,
        idempotency_key: str | None,
    ) -> DealOutcome:
        # Checked before any database work; whose deal it is, is read in the transaction.
        checked = dealing.check_request("", table_id, stakes, since, idempotency_key)
        now = self.clock()
        with dealing.busy_on_conflict(table_id), self.store.transaction() as db:
            request = replace(checked, player_id=player(db, now))
            dealt = dealing.deal(
                db,
                request,
                now,
                rng=self.rng,
                live=self.live,
                starting_balance=self.starting_balance,
                play_idle=self.play_idle,
            )
        if dealt.shoe is None:
            return dealt.outcome
        # Committed: the dealt shoe is now the stored one and the coup part of the table's shoe.
        change = self.live.dealt(dealt.shoe, dealt.outcome.coup)
        return replace(dealt.outcome, roads_change=change)

    # Provably fair shoes

    def set_client_seed(
        self, player_id: str, table_id: int, client_seed: str, commitment: str | None = None
    ) -> FairShoeView:
        """The player's contribution to the table's next shoe: its client seed, chosen after its
        commitment was shown (:func:`baccarat.ledger.fairshoes.contribute`); the order is
        computed from it. ``commitment``, if given, must be the shoe's. Returns that shoe as the
        player may see it (:meth:`table` shows the whole table).

        Refused with ``client_seed_closed`` once a coup was dealt from that shoe, with
        ``commitment_changed`` for another shoe's commitment; a malformed seed is a
        :class:`~baccarat.fair.SeedError`. Nothing is written then.
        """
        check_client_seed(client_seed)
        with self.store.transaction() as db:
            accounts.lock_player(db, player_id)
            table = tables.get_table(db, player_id, table_id)
            try:
                record = fairshoes.contribute(
                    db, table, client_seed, self.rng, self.clock(), commitment
                )
            except LedgerError as exc:
                if exc.code != "commitment_changed":
                    raise
                # Kept: a next shoe committed to for an ended one must stay committed to.
                refused: LedgerError | None = exc
            else:
                refused = None
                return FairShoeView.of(record)
        assert refused is not None
        raise refused

    def shoe_history(self, player_id: str, table_id: int) -> list[FairShoeView]:
        """The table's shoes, newest first: commitments, client seeds, and each finished shoe's
        revealed server seed."""
        with self.store.reading() as db:
            return fairshoes.shoe_history(db, tables.get_table(db, player_id, table_id))

    def verify_shoe(
        self, player_id: str, table_id: int, number: int
    ) -> tuple[Verification, fairshoes.ShoeEvents]:
        """Recompute a finished shoe from its revealed seeds with :func:`baccarat.fair.verify`:
        the commitment shown before it and every coup dealt from it are checked, and the order of
        its events (commitment shown, contribution received, first card).

        A shoe not finished yet (its seed is secret) or from before provably fair shoes is
        ``shoe_not_revealed``.
        """
        with self.store.reading() as db:
            return fairshoes.verify_shoe(db, tables.get_table(db, player_id, table_id), number)

    # History

    def coup(self, player_id: str, coup_id: int) -> CoupView:
        """One coup of the player's (for replay): cards, steps and the settlement of the bets."""
        with self.store.reading() as db:
            return history.player_coup(db, player_id, coup_id, self.live.coup_views)

    def history(
        self, player_id: str, *, since: datetime | None = None, limit: int = 200
    ) -> list[CoupView]:
        """The player's coups at every table, newest first (``since``: only coups dealt after)."""
        with self.store.reading() as db:
            return history.player_history(db, player_id, since, limit, self.live.coup_views)
