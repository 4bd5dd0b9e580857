"""The practice table's service layer: every operation is one transaction and returns plain data.

The web pages, the JSON API and the benchmark all go through :class:`PlayService`; none of them
touches a database session. A deal validates the stakes against the rule set and the balance,
takes the stakes, deals the coup from the table's shoe, settles it with
:func:`baccarat.core.settle.settle` and writes the coup, the payouts and the shoe's new position,
all in one transaction: it commits whole or not at all, and a refused request writes nothing.
"""

from __future__ import annotations

import copy
import random
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from typing import TypeVar

from sqlalchemy import Table, bindparam, insert, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from baccarat.core.bets import BetError, BetResult
from baccarat.core.cards import Card, Rank
from baccarat.core.coup import Coup
from baccarat.core.rules import DEFAULT_RULE_SET, RuleSet, get_rule_set
from baccarat.core.settle import Settlement, StakeError, check_stakes, settle
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.fair import Claim, Verification, check_client_seed, verify
from baccarat.ledger import accounts, auth, limits, tables
from baccarat.ledger.accounts import STARTING_BALANCE, Posting, TopUpStatus
from baccarat.ledger.errors import (
    BadIdempotencyKeyError,
    BadStakeError,
    ClientSeedClosedError,
    CoolingOffError,
    IdempotencyKeyReusedError,
    InsufficientPointsError,
    NoStakesError,
    NotFoundError,
    RuleSetNotPlayableError,
    ShoeNotRevealedError,
    TableBusyError,
)
from baccarat.ledger.limits import PlayLimits
from baccarat.store.db import Store
from baccarat.store.models import (
    CoupRecord,
    DealKey,
    Entry,
    EntryKind,
    ShoeRecord,
    TableRecord,
    is_record_id,
    utcnow,
)

__all__ = [
    "DEFAULT_DECKS",
    "CoupView",
    "DealOutcome",
    "FairShoeView",
    "PlayService",
    "PlayerView",
    "ShoeView",
    "TableView",
]

DEFAULT_DECKS = 8

_DEAL_KEYS: Table = DealKey.__table__  # type: ignore[assignment]
# Built once, like the other statements of a deal (see ledger.tables); values bound per call.
_DEAL_KEY = select(_DEAL_KEYS.c.coup_id).where(
    _DEAL_KEYS.c.player_id == bindparam("player_id"), _DEAL_KEYS.c.key == bindparam("key")
)
_INSERT_DEAL_KEY = insert(_DEAL_KEYS)

_KEY = re.compile(r"[A-Za-z0-9_-]{1,64}")
"""An idempotency key: what a UUID, a random token or a counter looks like, and nothing else."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's standing: balance, the top-up, and the net result of play since a moment."""

    player_id: str
    balance: int
    last_seq: int
    net_since: int
    """Net of stakes, payouts and refunds since the moment asked for (0 if none was)."""
    top_up: TopUpStatus
    username: str | None = None
    """The account's username; None for a guest."""


@dataclass(frozen=True, slots=True)
class ShoeView:
    """What anyone at the table can see of a shoe: counts, penetration, the cut card. No order."""

    number: int
    decks: int
    size: int
    cut_card: int
    """Cards behind the cut card."""
    coups_dealt: int
    cards_dealt: int
    cards_remaining: int
    cards_to_cut: int
    penetration: float
    cut_card_out: bool
    finished: bool
    burn_card: Card | None
    """The burn card turned face up (the others are burned face down)."""
    burned: int
    """Cards burned, the face-up one included."""
    dealt_counts: Mapping[Rank, int]
    remaining_counts: Mapping[Rank, int]
    _shoe: Shoe = field(repr=False, compare=False)
    """A private copy of the shoe at this moment, for :attr:`unseen_cards` (never sent)."""

    @property
    def unseen_cards(self) -> Mapping[Card, int]:
        """How many of each card the player has not seen (in the shoe or burned face down): the
        composition the next coup is dealt from, as far as the player can know. Counts only.

        Counted when asked (the odds panel), not for every deal: counting a shoe card by card
        costs more than the rest of the view.
        """
        return self._shoe.unseen_cards()

    @classmethod
    def of(cls, number: int, shoe: Shoe) -> ShoeView:
        dealt = shoe.dealt_counts()
        # What is left is what the shoe started with less what came out: one count, not two.
        remaining = {rank: n - dealt[rank] for rank, n in shoe.starting_counts().items()}
        return cls(
            number=number,
            decks=shoe.rules.decks,
            size=shoe.rules.size,
            cut_card=shoe.rules.cut_card,
            coups_dealt=shoe.coups_dealt,
            cards_dealt=shoe.cards_dealt,
            cards_remaining=shoe.cards_remaining,
            cards_to_cut=shoe.cards_to_cut,
            penetration=shoe.penetration,
            cut_card_out=shoe.cut_card_out,
            finished=shoe.finished,
            burn_card=shoe.burned[0] if shoe.burned else None,
            burned=len(shoe.burned),
            dealt_counts=dealt,
            remaining_counts=remaining,
            # A shallow copy suffices (see ShoeCache.view): the live shoe deals on after this.
            _shoe=copy.copy(shoe),
        )


@dataclass(frozen=True, slots=True)
class CoupView:
    """A dealt coup with the player's bets on it, settled."""

    id: int
    table_id: int
    shoe_number: int
    number: int
    """The coup's number in its shoe (1 for the first)."""
    rule_set: RuleSet
    """The rule set of the table it was dealt at (which settled it)."""
    coup: Coup
    settlement: Settlement | None
    """The bets and how each ended (None if the player had no bet on the coup)."""
    created_at: datetime


@dataclass(frozen=True, slots=True)
class FairShoeView:
    """A provably fair shoe as the player may see it: never the order, the server seed only once
    the shoe has finished."""

    number: int
    commitment: str | None
    """SHA-256 of the server seed (None for a shoe shuffled before provably fair shoes)."""
    client_seed: str | None
    coups_dealt: int
    finished: bool
    server_seed: str | None
    """Revealed when the shoe has finished; None before."""

    @property
    def client_seed_open(self) -> bool:
        """Whether the player may still set the client seed (no coup dealt yet)."""
        return self.coups_dealt == 0 and not self.finished and self.commitment is not None

    @classmethod
    def of(cls, record: ShoeRecord) -> FairShoeView:
        return cls(
            number=record.number,
            commitment=record.commitment,
            client_seed=record.client_seed,
            coups_dealt=record.coups_dealt,
            finished=record.finished,
            server_seed=record.server_seed if record.finished else None,
        )


@dataclass(frozen=True, slots=True)
class TableView:
    """A table: its rule set, its current shoe and the coups dealt from that shoe."""

    id: int
    rule_set: RuleSet
    decks: int
    shoe: ShoeView
    coups: tuple[CoupView, ...]
    """The coups of the current shoe, oldest first (the roads are drawn from these)."""
    next_shoe: FairShoeView | None = None
    """The shoe the next coup is dealt from, as far as it may be shown (its commitment and client
    seed before its first coup); None only for data from before provably fair shoes."""


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a deal did: the coup and its settlement, the balance before and after, the shoe now."""

    coup: CoupView
    balance_before: int
    balance_after: int
    shoe: ShoeView
    new_shoe: bool
    """True when this coup was the first of a freshly shuffled shoe (the roads start again)."""
    player: PlayerView
    """The player's standing once the deal committed."""
    replayed: bool = False
    """True when this is the first result of a deal sent again with the same idempotency key
    (nothing was dealt or charged this time; ``player`` is the standing now)."""


T = TypeVar("T")


class PlayService:
    """The operations of the practice table. Thread-safe: each call is its own transaction.

    ``rng`` shuffles new shoes (the OS CSPRNG when None); ``clock`` gives the time (UTC).
    """

    def __init__(
        self,
        store: Store,
        *,
        starting_balance: int = STARTING_BALANCE,
        rng: random.Random | None = None,
        clock: Callable[[], datetime] = utcnow,
        shoe_cache: tables.ShoeCache | None = None,
    ) -> None:
        self.store = store
        self.starting_balance = starting_balance
        self.rng = rng
        self.clock = clock
        self.shoes = shoe_cache if shoe_cache is not None else tables.ShoeCache()

    # Players and points

    def join(self) -> PlayerView:
        """A new guest player (who has passed the 18+ gate), granted the starting balance."""
        now = self.clock()
        with self.store.transaction() as db:
            player = accounts.create_guest(db, now, self.starting_balance)
            return self._player_view(db, player.id, None, now)

    def player(self, player_id: str, since: datetime | None = None) -> PlayerView:
        """The player's balance and top-up status, and the net result of play since ``since``."""
        now = self.clock()
        with self.store.reading() as db:
            accounts.get_player(db, player_id)
            return self._player_view(db, player_id, since, now)

    def top_up(self, player_id: str, since: datetime | None = None) -> PlayerView:
        """Bring the balance back to the starting balance (once per UTC day, player's request)."""
        now = self.clock()
        with self.store.transaction() as db:
            player = accounts.get_player(db, player_id)
            cooling = limits.limits(db, player, now).cool_off_until
            if cooling is not None:
                raise CoolingOffError(until=cooling.strftime("%Y-%m-%d %H:%M UTC"))
            accounts.top_up(db, player_id, now, self.starting_balance)
            return self._player_view(db, player_id, since, now)

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
        self, player_id: str, since: datetime | None, play: Callable[[], T]
    ) -> T:
        """A coup dealt outside the ledger (the Chemin de Fer practice table), under the same
        limits as a deal: refused during a cool-off, past the daily coup limit or past the
        session limit (the session started at ``since``), else ``play()`` deals it and it counts
        towards the coups of the day. If ``play`` raises, nothing is counted."""
        now = self.clock()
        with self.store.transaction() as db:
            player = accounts.lock_player(db, player_id)
            limits.check_play(db, player, now, since)
            dealt = play()
            limits.count_chemin_coup(db, player_id, now)
            return dealt

    # Accounts and sessions

    def start_session(self, player_id: str) -> str:
        """A new signed-in session for the player (after the gate); the token for the cookie."""
        with self.store.transaction() as db:
            accounts.get_player(db, player_id)
            return auth.start_session(db, player_id, self.clock())

    def session_player(self, token: str) -> str | None:
        """The player of a live session token (or of a cookie from before sessions, for a guest
        who never had a session: :func:`baccarat.ledger.auth.legacy_guest`), or None."""
        with self.store.single_read() as connection:
            found = auth.session_player(connection, token)
        if found is not None:
            return found
        with self.store.reading() as db:
            return auth.legacy_guest(db, token)

    def end_session(self, token: str) -> None:
        """Log out: the session's token stops working at once."""
        with self.store.transaction() as db:
            auth.end_session(db, token, self.clock())

    def register(self, player_id: str, username: str, password: str) -> PlayerView:
        """Give the guest an account (username and password): the same player and balance."""
        now = self.clock()
        with self.store.transaction() as db:
            auth.register(db, player_id, username, password, now)
            return self._player_view(db, player_id, None, now)

    def log_in(self, username: str, password: str) -> tuple[PlayerView, str]:
        """Check the credentials and open a session on this device: the player and the token."""
        now = self.clock()
        with self.store.transaction() as db:
            player_id, token = auth.log_in(db, username, password, now)
            return self._player_view(db, player_id, None, now), token

    def change_password(self, player_id: str, token: str, old: str, new: str) -> None:
        """Change the password; the player's other sessions end, this one stays."""
        with self.store.transaction() as db:
            auth.change_password(db, player_id, token, old, new, self.clock())

    def _player_view(
        self,
        db: Session,
        player_id: str,
        since: datetime | None,
        now: datetime,
        standing: accounts.Standing | None = None,
    ) -> PlayerView:
        """The player's standing (read, unless the caller knows it: a deal has just made it)."""
        if standing is None:
            standing = accounts.standing(db, player_id, since, now)
        return PlayerView(
            username=accounts.get_player(db, player_id).username,
            player_id=player_id,
            balance=standing.balance,
            last_seq=standing.seq,
            net_since=standing.net_since,
            top_up=accounts.top_up_status(
                db,
                player_id,
                now,
                self.starting_balance,
                standing.balance,
                standing.top_up_used_today,
            ),
        )

    # Tables

    def open_table(
        self, player_id: str, rule_set: str = DEFAULT_RULE_SET, decks: int = DEFAULT_DECKS
    ) -> TableView:
        """Open a new table with this rule set and deck count; it becomes the player's current one."""
        rules = get_rule_set(rule_set)
        if rules.tableau.has_options:
            raise RuleSetNotPlayableError(rule_set=rules.name)
        ShoeRules(decks=decks)  # a bad deck count is refused before anything is written
        with self.store.transaction() as db:
            accounts.get_player(db, player_id)
            table = tables.open_table(db, player_id, rules.name, decks, self.rng, self.clock())
            return self._table_view(db, table)

    def table(self, player_id: str, table_id: int | None = None) -> TableView:
        """The player's table ``table_id``, or the current one (a default table is opened if none)."""
        with self.store.reading() as db:
            accounts.get_player(db, player_id)
            if table_id is not None:
                return self._table_view(db, tables.get_table(db, player_id, table_id))
            table = tables.current_table(db, player_id)
            if table is not None:
                return self._table_view(db, table)
        return self.open_table(player_id)

    def _table_view(self, db: Session, table: TableRecord) -> TableView:
        rule_set = get_rule_set(table.rule_set)
        latest = tables.current_shoe(db, table.id)
        record = latest
        if latest.coups_dealt == 0 and latest.number > 1:
            # The next shoe is shuffled and committed to as soon as the last one ends; until its
            # first coup the table still shows the shoe that ended (its roads, its counts).
            shown = db.scalars(
                select(ShoeRecord).where(
                    ShoeRecord.table_id == table.id, ShoeRecord.number == latest.number - 1
                )
            ).first()
            record = shown if shown is not None else latest
        shoe = self.shoes.view(record, rule_set.tableau)
        coups = self._coup_views(
            db, table, tables.coups_of_shoe(db, record.id), {record.id: record}
        )
        return TableView(
            id=table.id,
            rule_set=rule_set,
            decks=table.decks,
            shoe=ShoeView.of(record.number, shoe),
            coups=tuple(coups),
            next_shoe=None if latest.finished else FairShoeView.of(latest),
        )

    # Dealing

    def deal(
        self,
        player_id: str,
        table_id: int,
        stakes: Mapping[str, int],
        since: datetime | None = None,
        idempotency_key: str | None = None,
    ) -> DealOutcome:
        """Take the stakes, deal one coup, settle it: one transaction, all or nothing.

        ``stakes`` maps bet names to minor units. Refused with nothing written: no stakes
        (:class:`NoStakesError`), a stake the table does not take (:class:`BadStakeError`),
        stakes above the balance (:class:`InsufficientPointsError`), another deal at this table
        or another change to this balance committing first (:class:`TableBusyError`,
        :class:`BalanceChangedError`).
        The outcome includes the player's standing after the deal, with the net since ``since``.

        ``idempotency_key``: a deal sent again with a key this player already used for it (a
        retry, a double click) deals and charges nothing and returns the first outcome
        (``replayed``); the same key with another table or other stakes is refused
        (:class:`IdempotencyKeyReusedError`). The key is stored in the deal's own transaction, so
        it exists exactly when the coup does.
        """
        stakes = dict(stakes)
        if idempotency_key is not None and not _KEY.fullmatch(idempotency_key):
            raise BadIdempotencyKeyError(key=idempotency_key[:80])
        if not stakes:
            raise NoStakesError()
        now = self.clock()
        try:
            with self.store.transaction() as db:
                # Serialise every writer of this ledger from here to the commit.
                player = accounts.lock_player(db, player_id)
                if idempotency_key is not None:
                    done = db.scalar(_DEAL_KEY, {"player_id": player_id, "key": idempotency_key})
                    if done is not None:
                        return self._replay(
                            db, player_id, idempotency_key, done, table_id, stakes, since, now
                        )
                # The player's own limits: cool-off, coups per day, session length.
                limits.check_play(db, player, now, since)
                table, record = tables.table_and_shoe(db, player_id, table_id)
                rule_set = get_rule_set(table.rule_set)
                try:
                    check_stakes(stakes, rule_set)
                except (BetError, StakeError) as exc:
                    raise BadStakeError(detail=exc) from None
                standing = accounts.standing(db, player_id, since, now)
                before = standing.balance
                staked = sum(stakes.values())
                if staked > before:
                    raise InsufficientPointsError(stake=staked, balance=before)

                new_shoe = record.coups_dealt == 0 and record.number > 1
                if record.finished:  # ended before the next shoe was shuffled with it (old data)
                    new_shoe = True
                    record = tables.new_shoe(
                        db,
                        table,
                        tables.shoe_rules(record),
                        record.number + 1,
                        self.rng,
                        now,
                        record.client_seed,
                    )
                shoe = self.shoes.take(record, rule_set.tableau)
                coup = shoe.deal_coup(rule_set.tableau)
                tables.advance_shoe(db, record, shoe)
                if shoe.finished:
                    # Shuffle the next shoe now, so its commitment is shown before it is dealt
                    # (and the player can set a client seed for it); the player's seed carries on.
                    tables.new_shoe(
                        db,
                        table,
                        tables.shoe_rules(record),
                        record.number + 1,
                        self.rng,
                        now,
                        record.client_seed,
                    )
                coup_id = tables.record_coup(db, table, record, coup, now)
                settlement = settle(coup, stakes, rule_set)
                postings = _postings(settlement, coup_id)
                written = accounts.append(db, player_id, postings, now, standing.last)
                dated = written[-1].created_at  # ``now``, unless the clock went back
                if idempotency_key is not None:
                    db.execute(
                        _INSERT_DEAL_KEY,
                        {
                            "player_id": player_id,
                            "key": idempotency_key,
                            "coup_id": coup_id,
                            "created_at": now,
                        },
                    )
                after = before + settlement.net
                outcome = DealOutcome(
                    coup=CoupView(
                        id=coup_id,
                        table_id=table.id,
                        shoe_number=record.number,
                        number=record.coups_dealt,
                        rule_set=rule_set,
                        coup=coup,
                        settlement=settlement,
                        created_at=now,
                    ),
                    balance_before=before,
                    balance_after=after,
                    shoe=ShoeView.of(record.number, shoe),
                    new_shoe=new_shoe,
                    player=self._player_view(
                        db,
                        player_id,
                        since,
                        now,
                        accounts.Standing(
                            seq=standing.seq + len(postings),
                            balance=after,
                            # This deal's entries are in the net since ``since`` exactly when
                            # they are not dated before it. A deal grants nothing.
                            net_since=standing.net_since
                            + (settlement.net if since is not None and dated >= since else 0),
                            top_up_used_today=standing.top_up_used_today,
                            last_at=dated,
                        ),
                    ),
                )
        except IntegrityError as exc:
            # Another deal at this table shuffled the next shoe or stored the coup first.
            if _unique_violation(exc, ("shoes", "coups")):
                raise TableBusyError(table=table_id) from exc
            raise
        # Committed: the dealt shoe is now the stored one and can serve the next deal.
        self.shoes.put(record.id, shoe)
        return outcome

    def _replay(
        self,
        db: Session,
        player_id: str,
        key: str,
        coup_id: int,
        table_id: int,
        stakes: Mapping[str, int],
        since: datetime | None,
        now: datetime,
    ) -> DealOutcome:
        """The outcome of the deal already made with ``key`` (which produced ``coup_id``),
        rebuilt from the records."""
        row = db.get(CoupRecord, coup_id)
        table = db.get(TableRecord, row.table_id) if row is not None else None
        record = db.get(ShoeRecord, row.shoe_id) if row is not None else None
        if row is None or table is None or record is None:
            raise NotFoundError(what="coup", key=coup_id)
        (view,) = self._coup_views(db, table, [row], {record.id: record})
        placed = {bet.bet: bet.stake for bet in view.settlement.bets} if view.settlement else {}
        if table.id != table_id or placed != dict(stakes):
            raise IdempotencyKeyReusedError(key=key)
        amounts = list(
            db.execute(
                select(Entry.amount, Entry.balance_after)
                .where(Entry.player_id == player_id, Entry.coup_id == row.id)
                .order_by(Entry.seq)
            )
        )
        # The shoe as it stood right after that coup: replayed from its order, never sent.
        tableau = view.rule_set.tableau
        shoe = Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))
        for _ in range(row.number):
            shoe.deal_coup(tableau)
        return DealOutcome(
            coup=view,
            balance_before=amounts[0][1] - amounts[0][0],
            balance_after=amounts[-1][1],
            shoe=ShoeView.of(record.number, shoe),
            new_shoe=row.number == 1 and record.number > 1,
            player=self._player_view(db, player_id, since, now),
            replayed=True,
        )

    # Provably fair shoes

    def set_client_seed(self, player_id: str, table_id: int, client_seed: str) -> TableView:
        """Use the player's client seed for the table's next shoe (before its first coup).

        Refused with :class:`ClientSeedClosedError` once a coup was dealt from that shoe; a
        malformed seed is a :class:`~baccarat.fair.SeedError`. Nothing is written then.
        """
        check_client_seed(client_seed)
        with self.store.transaction() as db:
            accounts.lock_player(db, player_id)
            table = tables.get_table(db, player_id, table_id)
            record = tables.current_shoe(db, table.id)
            if record.finished:
                record = tables.new_shoe(
                    db,
                    table,
                    tables.shoe_rules(record),
                    record.number + 1,
                    self.rng,
                    self.clock(),
                    client_seed,
                )
            elif not FairShoeView.of(record).client_seed_open:
                raise ClientSeedClosedError(shoe=record.number)
            else:
                tables.reseed_shoe(record, client_seed)
                db.flush()
            self.shoes.drop(record.id)
            return self._table_view(db, table)

    def shoe_history(self, player_id: str, table_id: int) -> list[FairShoeView]:
        """The table's shoes, newest first: commitments, client seeds, and each finished shoe's
        revealed server seed."""
        with self.store.reading() as db:
            table = tables.get_table(db, player_id, table_id)
            return [
                FairShoeView.of(record)
                for record in db.scalars(
                    select(ShoeRecord)
                    .where(ShoeRecord.table_id == table.id)
                    .order_by(ShoeRecord.number.desc())
                )
            ]

    def verify_shoe(self, player_id: str, table_id: int, number: int) -> Verification:
        """Recompute a finished shoe from its revealed seeds with :func:`baccarat.fair.verify`:
        the commitment shown before it and every coup dealt from it are checked.

        A shoe not finished yet (its seed is secret) or from before provably fair shoes is
        :class:`ShoeNotRevealedError`.
        """
        with self.store.reading() as db:
            table = tables.get_table(db, player_id, table_id)
            record = db.scalars(
                select(ShoeRecord).where(
                    ShoeRecord.table_id == table.id, ShoeRecord.number == number
                )
            ).first()
            if record is None:
                raise NotFoundError(what="shoe", key=number)
            if not record.finished or record.server_seed is None or record.client_seed is None:
                raise ShoeNotRevealedError(shoe=number)
            claims = [
                Claim(tables.decode_cards(row.cards)) for row in tables.coups_of_shoe(db, record.id)
            ]
            return verify(
                record.server_seed,
                record.client_seed,
                record.number,
                tables.shoe_rules(record),
                commitment=record.commitment,
                coups=claims,
                tableau=get_rule_set(table.rule_set).tableau,
            )

    # History

    def coup(self, player_id: str, coup_id: int) -> CoupView:
        """One coup of the player's (for replay): cards, steps and the settlement of the bets."""
        with self.store.reading() as db:
            row = db.get(CoupRecord, coup_id) if is_record_id(coup_id) else None
            table = db.get(TableRecord, row.table_id) if row is not None else None
            if row is None or table is None or table.player_id != player_id:
                raise NotFoundError(what="coup", key=coup_id)
            (view,) = self._coup_views(db, table, [row])
            return view

    def history(
        self, player_id: str, *, since: datetime | None = None, limit: int = 200
    ) -> list[CoupView]:
        """The player's coups at every table, newest first (``since``: only coups dealt after)."""
        with self.store.reading() as db:
            query = (
                select(CoupRecord, TableRecord)
                .join(TableRecord, CoupRecord.table_id == TableRecord.id)
                .where(TableRecord.player_id == player_id)
                .order_by(CoupRecord.id.desc())
                .limit(limit)
            )
            if since is not None:
                query = query.where(CoupRecord.created_at >= since)
            found = list(db.execute(query))
            by_table: dict[int, list[CoupRecord]] = {}
            owners: dict[int, TableRecord] = {}
            for row, table in found:
                by_table.setdefault(table.id, []).append(row)
                owners[table.id] = table
            views = {
                view.id: view
                for table_id, rows in by_table.items()
                for view in self._coup_views(db, owners[table_id], rows)
            }
            return [views[row.id] for row, _ in found]

    def _coup_views(
        self,
        db: Session,
        table: TableRecord,
        rows: list[CoupRecord],
        shoes: dict[int, ShoeRecord] | None = None,
    ) -> list[CoupView]:
        """Rebuild coups from their cards and settle them again from the stakes in the ledger."""
        if not rows:
            return []
        rule_set = get_rule_set(table.rule_set)
        shoes = dict(shoes or {})
        stakes: dict[int, dict[str, int]] = {}
        for entry in db.scalars(
            select(Entry)
            .where(
                Entry.coup_id.in_([row.id for row in rows]),
                Entry.kind == EntryKind.STAKE.value,
            )
            .order_by(Entry.seq)
        ):
            if entry.coup_id is not None and entry.bet is not None:
                stakes.setdefault(entry.coup_id, {})[entry.bet] = -entry.amount
        views = []
        for row in rows:
            shoe = shoes.get(row.shoe_id) or db.get(ShoeRecord, row.shoe_id)
            if shoe is None:
                raise NotFoundError(what="shoe", key=row.shoe_id)
            shoes[row.shoe_id] = shoe
            coup = Coup.from_cards(tables.decode_cards(row.cards), rule_set.tableau)
            placed = stakes.get(row.id)
            settlement = settle(coup, placed, rule_set) if placed else None
            views.append(
                CoupView(
                    id=row.id,
                    table_id=table.id,
                    shoe_number=shoe.number,
                    number=row.number,
                    rule_set=rule_set,
                    coup=coup,
                    settlement=settlement,
                    created_at=row.created_at,
                )
            )
        return views


def _postings(settlement: Settlement, coup_id: int) -> list[Posting]:
    """The ledger entries of a settled coup: every stake first, then what each bet returned."""
    postings = [
        Posting(EntryKind.STAKE, -bet.stake, bet=bet.bet, coup_id=coup_id)
        for bet in settlement.bets
    ]
    for bet in settlement.bets:
        if bet.returned > 0:
            kind = EntryKind.PAYOUT if bet.result is BetResult.WIN else EntryKind.REFUND
            postings.append(Posting(kind, bet.returned, bet=bet.bet, coup_id=coup_id))
    return postings


def _unique_violation(exc: IntegrityError, tables_named: tuple[str, ...]) -> bool:
    """Whether ``exc`` is a unique-constraint violation on one of these tables (either dialect).

    SQLite says ``UNIQUE constraint failed: shoes.table_id, …``; PostgreSQL names the constraint
    (``uq_shoes_table_id``), which the naming convention prefixes with the table name.
    """
    text = str(exc.orig)
    unique = "UNIQUE constraint failed" in text or "duplicate key" in text
    return unique and any(f"{name}." in text or f"uq_{name}_" in text for name in tables_named)
