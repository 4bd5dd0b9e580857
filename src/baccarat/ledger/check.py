"""The ledger check: every account adds up, every coup is settled exactly once and in full.

:func:`check_ledger` reads everything (one pass over the entries in ``(player, seq)`` order, one
over the coups) and reports each discrepancy it finds; an empty list means

- every player's entries are numbered ``1, 2, …`` without a gap, each ``balance_after`` is the
  running sum of the amounts so far and never negative (so the balance, the last one, equals the
  sum of all the entries), and none is dated before the entry it follows (the net of a session
  is read by date: :func:`baccarat.ledger.accounts.standing`);
- every coup has entries, and they are exactly what :func:`baccarat.core.settle.settle` gives for
  its cards and its stakes: every stake, then every payout or refund, none missing, none extra
  (a coup dealt but not settled, or settled twice, is reported);
- every shoe's stored position equals the number of coups stored for it, numbered ``1 … n``.

The database constraints make most of these impossible to break; the check proves it on the data
itself, after a crash for example (``baccarat ledger check``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func, select

from baccarat.core.coup import Coup
from baccarat.core.errors import BaccaratError
from baccarat.core.rules import get_rule_set
from baccarat.core.settle import settle
from baccarat.i18n.markers import N_
from baccarat.ledger import tables
from baccarat.ledger.dealing import postings
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, Entry, EntryKind, ShoeRecord, TableRecord

__all__ = ["Discrepancy", "LedgerReport", "check_ledger"]


# What each discrepancy says, as templates: the command line shows them in the reader's language,
# the JSON gives the code and the parameters.
SEQ_GAP = N_("entry {entry} where {due} was due")
RUNNING_BALANCE = N_("entry {entry} says balance {balance}, the entries sum to {total}")
NEGATIVE_BALANCE = N_("entry {entry}: {balance}")
DATE_ORDER = N_("entry {entry} is dated {at}, before the entry it follows ({previous})")
NO_STAKE = N_("a coup with no stake")
NOT_A_COUP = N_("cards {cards!r} are not a coup")
WRONG_SETTLEMENT = N_("entries {entries} but the settlement gives {expected}")
MISSING_COUP = N_("entries for a missing coup")
SHOE_POSITION = N_(
    "the shoe says {dealt} coups dealt; {stored} are stored, numbered {first}–{last}"
)


@dataclass(frozen=True, slots=True)
class Discrepancy:
    """One thing that does not add up: where (a player, a coup or a shoe) and what.

    >>> Discrepancy("seq_gap", "p1", SEQ_GAP, {"entry": 4, "due": 3}).detail
    'entry 4 where 3 was due'
    """

    code: str
    """``seq_gap``, ``running_balance``, ``negative_balance``, ``entry_date_order``,
    ``coup_unsettled``, ``coup_settlement``, ``shoe_position``."""
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
class LedgerReport:
    """What the check read and what it found."""

    players: int
    entries: int
    coups: int
    shoes: int
    balances: dict[str, int] = field(repr=False)
    """Every player's balance (the last entry's running balance), in minor units."""
    discrepancies: list[Discrepancy]

    @property
    def ok(self) -> bool:
        return not self.discrepancies


Line = tuple[str, int, str | None]
"""An entry as the settlement check compares it: kind, amount, bet."""


def check_ledger(store: Store) -> LedgerReport:
    """Check every account, coup and shoe in ``store`` (see the module's description).

    >>> from baccarat.ledger.service import PlayService
    >>> service = PlayService(Store.open("sqlite://"))
    >>> player = service.join().player_id
    >>> _ = service.deal(player, service.table(player).id, {"banker": 100_00})
    >>> report = check_ledger(service.store)
    >>> report.ok, report.players, report.coups
    (True, 1, 1)
    """
    found: list[Discrepancy] = []
    balances: dict[str, int] = {}
    by_coup: dict[int, list[Line]] = {}
    players = entries = 0
    with store.reading() as db:
        player: str | None = None
        seq = running = 0
        last_at: datetime | None = None
        rows = db.execute(
            select(
                Entry.player_id,
                Entry.seq,
                Entry.kind,
                Entry.amount,
                Entry.balance_after,
                Entry.coup_id,
                Entry.bet,
                Entry.created_at,
            ).order_by(Entry.player_id, Entry.seq)
        )
        for player_id, entry_seq, kind, amount, balance_after, coup_id, bet, at in rows:
            entries += 1
            if player_id != player:
                player, seq, running, last_at = player_id, 0, 0, None
                players += 1
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
            balances[player_id] = balance_after
            if coup_id is not None:
                by_coup.setdefault(coup_id, []).append((kind, amount, bet))

        coups = 0
        owners = dict(db.execute(select(TableRecord.id, TableRecord.player_id)).all())
        rule_sets = dict(db.execute(select(TableRecord.id, TableRecord.rule_set)).all())
        for coup_id, table_id, cards in db.execute(
            select(CoupRecord.id, CoupRecord.table_id, CoupRecord.cards).order_by(CoupRecord.id)
        ):
            coups += 1
            owner = owners.get(table_id)
            lines = by_coup.pop(coup_id, [])
            if not any(kind == EntryKind.STAKE.value for kind, _, _ in lines):
                found.append(Discrepancy("coup_unsettled", owner, NO_STAKE, coup_id=coup_id))
                continue
            rule_set = get_rule_set(rule_sets[table_id])
            try:
                coup = Coup.from_cards(tables.decode_cards(cards), rule_set.tableau)
            except (BaccaratError, KeyError):
                found.append(
                    Discrepancy(
                        "coup_settlement",
                        owner,
                        NOT_A_COUP,
                        {"cards": cards},
                        coup_id=coup_id,
                    )
                )
                continue
            stakes = {bet or "": -amount for kind, amount, bet in lines if amount < 0}
            expected = [
                (p.kind.value, p.amount, p.bet)
                for p in postings(settle(coup, stakes, rule_set), coup_id)
            ]
            if Counter(lines) != Counter(expected):
                found.append(
                    Discrepancy(
                        "coup_settlement",
                        owner,
                        WRONG_SETTLEMENT,
                        {"entries": str(sorted(lines)), "expected": str(sorted(expected))},
                        coup_id=coup_id,
                    )
                )
        for coup_id in by_coup:
            found.append(Discrepancy("coup_unsettled", None, MISSING_COUP, coup_id=coup_id))

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
        shoes = 0
        for shoe_id, table_id, dealt in db.execute(
            select(ShoeRecord.id, ShoeRecord.table_id, ShoeRecord.coups_dealt)
        ):
            shoes += 1
            n, lo, hi = counts.get(shoe_id, (0, 1, 0))
            if not (n == dealt and lo == 1 and hi == n) and not (n == 0 and dealt == 0):
                found.append(
                    Discrepancy(
                        "shoe_position",
                        owners.get(table_id),
                        SHOE_POSITION,
                        {"dealt": dealt, "stored": n, "first": lo, "last": hi},
                        shoe_id=shoe_id,
                    )
                )
    return LedgerReport(
        players=players,
        entries=entries,
        coups=coups,
        shoes=shoes,
        balances=balances,
        discrepancies=found,
    )
