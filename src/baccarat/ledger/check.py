"""The ledger check: every account adds up, every coup is settled exactly once and in full.

:func:`check_ledger` reads everything (one pass over the entries in ``(player, seq)`` order, one
over the coups, one over the shoes) and reports each discrepancy it finds; an empty list means

- every player's entries are numbered ``1, 2, …`` without a gap, each ``balance_after`` is the
  running sum of the amounts so far and never negative (so the balance, the last one, equals the
  sum of all the entries), and none is dated before the entry it follows (the net of a session
  is read by date: :func:`baccarat.ledger.accounts.standing`); the first is not dated before the
  player was created and passed the 18+ gate (``created_at``, ``adult_confirmed_at``);
- every entry's ``chain_hash`` is :func:`baccarat.core.chain.entry_hash` of its fields and the
  hash of the player's entry before it: the first entry of a player whose hash does not follow
  is reported (an entry changed, moved, removed or inserted by hand in the database), and each
  player's last entry and its hash are the report's :attr:`LedgerReport.heads`; ``anchors``
  (heads kept from an earlier check) must still be found in the chain, which catches a chain
  rewritten whole or cut back after they were kept;
- every coup has entries (a room's coup may have none: nobody bet on it), and each player's are
  exactly what :func:`baccarat.core.settle.settle` gives for its cards and that player's stakes:
  every stake, then every payout or refund, none missing, none extra (a coup dealt but not
  settled, or settled twice, is reported); and its stored ``winner``,
  ``summary_index`` and ``pair_index`` are those of its cards;
- every shoe's stored position equals the number of coups stored for it, numbered ``1 … n``; a
  table's first shoe is not dated before the table, and a later shoe not before the coup that
  ended the shoe before it (it is shuffled by that coup's deal);
- every idempotency key is dated with the coup it names (both are written by one deal);
- every table's stored rule set (the TOML it was opened with) reads, and under the name the
  table gives it; the coups of a table whose rules do not read are not settled again.

Those are the columns nothing else reads back: the check is what keeps them honest. The database
constraints make most of these impossible to break; the check proves it on the data itself,
after a crash for example (``baccarat ledger check``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from baccarat.core.chain import GENESIS, entry_hash
from baccarat.core.coup import Coup
from baccarat.core.errors import BaccaratError
from baccarat.core.rules import RuleSet
from baccarat.core.settle import settle
from baccarat.i18n.markers import N_
from baccarat.ledger import tables
from baccarat.ledger.dealing import postings
from baccarat.store.db import Store
from baccarat.store.models import (
    CoupRecord,
    DealKey,
    Entry,
    EntryKind,
    Player,
    ShoeRecord,
    TableRecord,
)

__all__ = ["Discrepancy", "Head", "LedgerReport", "check_ledger"]


# What each discrepancy says, as templates: the command line shows them in the reader's language,
# the JSON gives the code and the parameters.
SEQ_GAP = N_("entry {entry} where {due} was due")
RUNNING_BALANCE = N_("entry {entry} says balance {balance}, the entries sum to {total}")
NEGATIVE_BALANCE = N_("entry {entry}: {balance}")
DATE_ORDER = N_("entry {entry} is dated {at}, before the entry it follows ({previous})")
CHAIN_BROKEN = N_(
    "entry {entry} does not match the hash chain: it, or the entry before it, was changed, moved "
    "or removed outside the ledger"
)
CHAIN_ANCHOR = N_(
    "entry {entry} no longer has the hash kept for it ({kept}): the chain was rewritten or cut "
    "back since"
)
GATE_DATE = N_(
    "the first entry is dated {at}, before the player was created ({created}) or passed the "
    "gate ({gate})"
)
NO_STAKE = N_("a coup with no stake")
NOT_A_COUP = N_("cards {cards!r} are not a coup")
WRONG_SETTLEMENT = N_("entries {entries} but the settlement gives {expected}")
COUP_RECORD = N_("the stored {column} is {stored}; the cards give {expected}")
MISSING_COUP = N_("entries for a missing coup")
SHOE_POSITION = N_(
    "the shoe says {dealt} coups dealt; {stored} are stored, numbered {first}–{last}"
)
TABLE_DATE = N_("the first shoe is dated {at}, before its table ({table_at})")
SHOE_DATE = N_(
    "shoe {number} is dated {at}, before the coup that ended shoe {previous} ({ended_at})"
)
KEY_DATE = N_("idempotency key {key} is dated {at}, its coup {coup_at}")
BAD_RULES = N_("table {table}: the rule set it was opened with does not read: {detail}")
RULES_NAME = N_("table {table} names rule set {stored!r}, but its stored rules are {kept!r}")


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """One thing that does not add up: where (a player, a coup or a shoe) and what.

    >>> Discrepancy("seq_gap", "p1", SEQ_GAP, {"entry": 4, "due": 3}).detail
    'entry 4 where 3 was due'
    """

    code: str
    """``seq_gap``, ``running_balance``, ``negative_balance``, ``entry_date_order``,
    ``gate_date``, ``chain_broken``, ``chain_anchor``, ``coup_unsettled``, ``coup_settlement``,
    ``coup_record``, ``shoe_position``, ``table_date``, ``shoe_date``, ``deal_key_date``,
    ``table_rules``."""
    player_id: str | None
    template: str
    """What is wrong, in English with ``{parameters}`` (one of this module's templates)."""
    params: Mapping[str, object] = field(default_factory=dict)
    coup_id: int | None = None
    shoe_id: int | None = None

    @property
    def detail(self) -> str:
        """What is wrong, in English."""
        return self.template.format(**self.params)


@dataclass(frozen=True, slots=True)
class Head:
    """A player's last entry: its number and its chain hash, what to keep to anchor the chain."""

    seq: int
    hash: str


@dataclass(frozen=True, slots=True)
class LedgerReport:
    """What the check read and what it found."""

    players: int
    entries: int
    coups: int
    shoes: int
    balances: dict[str, int] = field(repr=False)
    """Every player's balance (the last entry's running balance), in minor units."""
    discrepancies: list[Discrepancy]
    heads: dict[str, Head] = field(default_factory=dict, repr=False)
    """Every player's last entry and its stored chain hash (see :func:`check_ledger`)."""

    @property
    def ok(self) -> bool:
        return not self.discrepancies


Line = tuple[str, int, str | None]
"""An entry as the settlement check compares it: kind, amount, bet."""


@dataclass(slots=True)
class _Pass:
    """What the passes have found so far and what a later pass needs of an earlier one."""

    found: list[Discrepancy] = field(default_factory=list)
    balances: dict[str, int] = field(default_factory=dict)
    heads: dict[str, Head] = field(default_factory=dict)
    anchors: Mapping[str, Head] = field(default_factory=dict)
    by_coup: dict[int, dict[str, list[Line]]] = field(default_factory=dict)
    """Each coup's entries by player (from the entries' pass, for the coups' pass)."""
    owners: dict[int, str | None] = field(default_factory=dict)
    """Each table's player (None: a room's table, shared by the players seated there)."""
    ended: dict[int, tuple[int, datetime]] = field(default_factory=dict)
    """Each shoe's last stored coup: its number and date (from the coups' pass)."""
    players: int = 0
    entries: int = 0
    coups: int = 0
    shoes: int = 0


def check_ledger(store: Store, anchors: Mapping[str, Head] | None = None) -> LedgerReport:
    """Check every account, coup and shoe in ``store`` (see the module's description);
    ``anchors``: heads of an earlier report, each of which must still be in its player's chain.

    >>> from baccarat.ledger.service import PlayService
    >>> service = PlayService(Store.open("sqlite://"))
    >>> player = service.join().player_id
    >>> table = service.table(player)
    >>> _ = service.set_client_seed(player, table.id, "mine", table.next_shoe.commitment)
    >>> _ = service.deal(player, table.id, {"banker": 100_00}, idempotency_key="k")
    >>> report = check_ledger(service.store)
    >>> report.ok, report.players, report.coups
    (True, 1, 1)
    """
    state = _Pass(anchors=anchors or {})
    with store.reading() as db:
        _check_entries(db, state)
        _check_coups(db, state)
        _check_shoes(db, state)
        _check_deal_keys(db, state)
    return LedgerReport(
        players=state.players,
        entries=state.entries,
        coups=state.coups,
        shoes=state.shoes,
        balances=state.balances,
        discrepancies=state.found,
        heads=state.heads,
    )


def _check_entries(db: Session, state: _Pass) -> None:
    """Every player's entries: numbered, summed, dated in order, none before the gate, chained."""
    found = state.found
    joined = {pid: (created, gate) for pid, created, gate in db.execute(_PLAYER_DATES)}
    player: str | None = None
    seq = running = 0
    last_at: datetime | None = None
    previous, intact = GENESIS, True
    for row in db.execute(_ENTRIES):
        player_id, entry_seq, kind, amount, balance_after, coup_id, bet, at, note, stored = row
        state.entries += 1
        if player_id != player:
            player, seq, running, last_at = player_id, 0, 0, None
            previous, intact = GENESIS, True
            state.players += 1
            created, gate = joined.get(player_id, (at, at))
            if at < created or at < gate:
                found.append(
                    Discrepancy(
                        "gate_date",
                        player_id,
                        GATE_DATE,
                        {
                            "at": at.isoformat(),
                            "created": created.isoformat(),
                            "gate": gate.isoformat(),
                        },
                    )
                )
        if last_at is not None and at < last_at:
            found.append(
                Discrepancy(
                    "entry_date_order",
                    player_id,
                    DATE_ORDER,
                    {"entry": entry_seq, "at": at.isoformat(), "previous": last_at.isoformat()},
                )
            )
        last_at = at
        seq += 1
        if entry_seq != seq:
            found.append(
                Discrepancy("seq_gap", player_id, SEQ_GAP, {"entry": entry_seq, "due": seq})
            )
            seq = entry_seq
        running += amount
        if balance_after != running:
            found.append(
                Discrepancy(
                    "running_balance",
                    player_id,
                    RUNNING_BALANCE,
                    {"entry": entry_seq, "balance": balance_after, "total": running},
                )
            )
            running = balance_after
        if balance_after < 0:
            found.append(
                Discrepancy(
                    "negative_balance",
                    player_id,
                    NEGATIVE_BALANCE,
                    {"entry": entry_seq, "balance": balance_after},
                )
            )
        state.balances[player_id] = balance_after
        if coup_id is not None:
            by_player = state.by_coup.setdefault(coup_id, {})
            by_player.setdefault(player_id, []).append((kind, amount, bet))
        expected = entry_hash(
            previous,
            player_id=player_id,
            seq=entry_seq,
            kind=kind,
            amount=amount,
            balance_after=balance_after,
            created_at=at,
            coup_id=coup_id,
            bet=bet,
            note=note,
        )
        if intact and stored != expected:
            # The first break only: every hash after it chains to a link already in doubt.
            found.append(Discrepancy("chain_broken", player_id, CHAIN_BROKEN, {"entry": entry_seq}))
            intact = False
        previous = stored
        _check_anchor(state, player_id, entry_seq, stored)
        state.heads[player_id] = Head(entry_seq, stored)
    for player_id, anchor in state.anchors.items():
        head = state.heads.get(player_id)
        if head is None or head.seq < anchor.seq:
            params = {"entry": anchor.seq, "kept": anchor.hash}
            found.append(Discrepancy("chain_anchor", player_id, CHAIN_ANCHOR, params))


def _check_anchor(state: _Pass, player_id: str, seq: int, stored: str) -> None:
    """The entry a kept head names still has the hash kept for it."""
    anchor = state.anchors.get(player_id)
    if anchor is not None and anchor.seq == seq and anchor.hash != stored:
        params = {"entry": seq, "kept": anchor.hash}
        state.found.append(Discrepancy("chain_anchor", player_id, CHAIN_ANCHOR, params))


def _table_rule_sets(db: Session, state: _Pass) -> dict[int, RuleSet]:
    """Each table's rule set as it was opened: its TOML, or (older tables) the built-in one; a
    table whose stored rules do not read, or read under another name, is reported."""
    found: dict[int, RuleSet] = {}
    rows = db.execute(select(TableRecord.id, TableRecord.rule_set, TableRecord.rules_toml))
    for table_id, name, text in rows.all():
        owner = state.owners.get(table_id)
        try:
            rule_set = tables.rule_set_from_text(text, name)
        except BaccaratError as exc:
            params = {"table": table_id, "detail": str(exc)}
            state.found.append(Discrepancy("table_rules", owner, BAD_RULES, params))
            continue
        if rule_set.name != name:
            params = {"table": table_id, "stored": name, "kept": rule_set.name}
            state.found.append(Discrepancy("table_rules", owner, RULES_NAME, params))
        found[table_id] = rule_set
    return found


def _check_coups(db: Session, state: _Pass) -> None:
    """Every coup: settled exactly by its entries, its stored result that of its cards."""
    found = state.found
    state.owners = dict(db.execute(select(TableRecord.id, TableRecord.player_id)).all())
    rule_sets = _table_rule_sets(db, state)
    for coup_id, table_id, shoe_id, number, cards, *stored, at in db.execute(_COUPS):
        state.coups += 1
        if number >= state.ended.get(shoe_id, (0, at))[0]:
            state.ended[shoe_id] = (number, at)
        owner = state.owners.get(table_id)
        by_player = state.by_coup.pop(coup_id, {})
        staked = any(
            kind == EntryKind.STAKE.value for lines in by_player.values() for kind, _, _ in lines
        )
        # A room's coup (its table has no owner) may be dealt with nobody's stake on it.
        if not staked and (table_id not in state.owners or owner is not None):
            found.append(Discrepancy("coup_unsettled", owner, NO_STAKE, coup_id=coup_id))
            continue
        rule_set = rule_sets.get(table_id)
        if rule_set is None:
            continue  # reported once, as its table's
        try:
            coup = Coup.from_cards(tables.decode_cards(cards), rule_set.tableau)
        except (BaccaratError, KeyError):
            found.append(
                Discrepancy("coup_settlement", owner, NOT_A_COUP, {"cards": cards}, coup_id=coup_id)
            )
            continue
        wrong = False
        for player_id, lines in sorted(by_player.items()):
            stakes = {bet or "": -amount for kind, amount, bet in lines if amount < 0}
            expected = [
                (p.kind.value, p.amount, p.bet)
                for p in postings(settle(coup, stakes, rule_set), coup_id)
            ]
            if Counter(lines) != Counter(expected):
                wrong = True
                found.append(
                    Discrepancy(
                        "coup_settlement",
                        player_id,
                        WRONG_SETTLEMENT,
                        {"entries": str(sorted(lines)), "expected": str(sorted(expected))},
                        coup_id=coup_id,
                    )
                )
        if wrong:
            continue
        # One discrepancy per coup: its result is compared once its cards settle its entries.
        derived = (coup.winner.value, coup.summary.index, coup.pairs.index)
        for column, kept, due in zip(_RESULT_COLUMNS, stored, derived, strict=True):
            if kept != due:
                params = {"column": column, "stored": kept, "expected": due}
                found.append(
                    Discrepancy("coup_record", owner, COUP_RECORD, params, coup_id=coup_id)
                )
    for coup_id in state.by_coup:
        found.append(Discrepancy("coup_unsettled", None, MISSING_COUP, coup_id=coup_id))


def _check_shoes(db: Session, state: _Pass) -> None:
    """Every shoe: its position that of its stored coups, dated after what shuffled it."""
    found = state.found
    counts = {
        shoe_id: (n, lo, hi)
        for shoe_id, n, lo, hi in db.execute(
            select(
                CoupRecord.shoe_id,
                func.count(),
                func.min(CoupRecord.number),
                func.max(CoupRecord.number),
            ).group_by(CoupRecord.shoe_id)
        )
    }
    opened = dict(db.execute(select(TableRecord.id, TableRecord.created_at)).all())
    previous: dict[int, int] = {}  # table → the id of its shoe before the one being read
    for shoe_id, table_id, number, dealt, at in db.execute(_SHOES):
        state.shoes += 1
        owner = state.owners.get(table_id)
        n, lo, hi = counts.get(shoe_id, (0, 1, 0))
        if not (n == dealt and lo == 1 and hi == n) and not (n == 0 and dealt == 0):
            found.append(
                Discrepancy(
                    "shoe_position",
                    owner,
                    SHOE_POSITION,
                    {"dealt": dealt, "stored": n, "first": lo, "last": hi},
                    shoe_id=shoe_id,
                )
            )
        table_at = opened.get(table_id)
        if number == 1 and table_at is not None and at < table_at:
            opening = {"at": at.isoformat(), "table_at": table_at.isoformat()}
            found.append(Discrepancy("table_date", owner, TABLE_DATE, opening, shoe_id=shoe_id))
        before = previous.get(table_id)
        ended = state.ended.get(before) if before is not None else None
        if number > 1 and ended is not None and at < ended[1]:
            params: dict[str, object] = {
                "number": number,
                "at": at.isoformat(),
                "previous": number - 1,
                "ended_at": ended[1].isoformat(),
            }
            found.append(Discrepancy("shoe_date", owner, SHOE_DATE, params, shoe_id=shoe_id))
        previous[table_id] = shoe_id


def _check_deal_keys(db: Session, state: _Pass) -> None:
    """Every idempotency key: dated with its coup (one deal writes both)."""
    for player_id, key, coup_id, at, coup_at in db.execute(_DEAL_KEYS):
        if at != coup_at:
            params = {"key": key, "at": at.isoformat(), "coup_at": coup_at.isoformat()}
            state.found.append(
                Discrepancy("deal_key_date", player_id, KEY_DATE, params, coup_id=coup_id)
            )


_RESULT_COLUMNS = ("winner", "summary_index", "pair_index")
_PLAYER_DATES = select(Player.id, Player.created_at, Player.adult_confirmed_at)
_ENTRIES = select(
    Entry.player_id,
    Entry.seq,
    Entry.kind,
    Entry.amount,
    Entry.balance_after,
    Entry.coup_id,
    Entry.bet,
    Entry.created_at,
    Entry.note,
    Entry.chain_hash,
).order_by(Entry.player_id, Entry.seq)
_COUPS = select(
    CoupRecord.id,
    CoupRecord.table_id,
    CoupRecord.shoe_id,
    CoupRecord.number,
    CoupRecord.cards,
    CoupRecord.winner,  # the stored result: _RESULT_COLUMNS, in this order
    CoupRecord.summary_index,
    CoupRecord.pair_index,
    CoupRecord.created_at,
).order_by(CoupRecord.id)
_SHOES = select(
    ShoeRecord.id,
    ShoeRecord.table_id,
    ShoeRecord.number,
    ShoeRecord.coups_dealt,
    ShoeRecord.created_at,
).order_by(ShoeRecord.table_id, ShoeRecord.number)
_DEAL_KEYS = (
    select(
        DealKey.player_id, DealKey.key, DealKey.coup_id, DealKey.created_at, CoupRecord.created_at
    )
    .join(CoupRecord, CoupRecord.id == DealKey.coup_id)
    .order_by(DealKey.player_id, DealKey.key)
)
