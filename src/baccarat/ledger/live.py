"""A table's live state, with one owner: the shoe it deals from, the coups of the shoe it shows,
their roads and their counts, kept in memory between requests.

A deal would otherwise replay its shoe from the stored order, and a page would deal every coup of
the shoe again from its cards to draw one more bead. :class:`LiveTables` (one per service:
:attr:`baccarat.ledger.service.PlayService.live`) keeps each table's :class:`LiveTable`, and one
rule keeps it true: **an entry is used only when its shoe and coups dealt equal the database's**
(:attr:`LiveTable.position`); otherwise it is rebuilt from the records. So a restart, another
process dealing at the table (PostgreSQL) or a refused deal can only make it stale, never wrong.
Each entry has its own lock; the map of entries has a short one of its own, and no lock is held
while the database is waited on.

The shoe a table *shows* is the one its last coup came from (the next shoe is committed to as soon
as one ends, and shown from its first coup). A deal copies the live shoe and deals from the copy;
once its transaction has committed, :meth:`LiveTables.dealt` adds the coup (and says what it
changed on the roads). A coup shown again (the history, a replay) is rebuilt from its cards and
stakes unless its table's entry remembers it.

>>> import random
>>> from baccarat.store.db import Store
>>> from baccarat.ledger.service import PlayService
>>> service = PlayService(Store.open("sqlite://"), rng=random.Random(5))
>>> player = service.join().player_id
>>> table = service.table(player)
>>> _ = service.set_client_seed(player, table.id, "mine", table.next_shoe.commitment)
>>> outcome = service.deal(player, table.id, {"banker": 100_00})
>>> outcome.roads_change.bead, service.live.position(table.id)
(Position(column=0, row=0), (1, 1))
>>> with service.live.reading(table.id, (1, 1)) as live:
...     len(live.roads), live.tallies.coups
(1, 1)
"""

from __future__ import annotations

import copy
import dataclasses
import threading
from collections import OrderedDict
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from fractions import Fraction

from sqlalchemy.orm import Session

from baccarat.core.cards import full_deck
from baccarat.core.coup import Coup
from baccarat.core.distribution import FREQUENCY_VALUES
from baccarat.core.shoe import Shoe
from baccarat.core.tableau import Tableau
from baccarat.ledger import history, tables
from baccarat.ledger.views import CoupView, FairShoeView, ShoeView, TableView
from baccarat.roads import Roads
from baccarat.roads.model import RoadChange
from baccarat.store.models import CoupRecord, ShoeRecord, TableRecord

__all__ = ["LiveTable", "LiveTables", "Position", "Tallies"]

Position = tuple[int, int]
"""Where a table stands: its shown shoe's number and the coups dealt from it."""

_TALLIES = ("banker", "player", "tie", *FREQUENCY_VALUES, "player_pair", "banker_pair")

TABLES_KEPT = 512
"""Tables kept live per service, the least recently used dropped first."""
COUPS_REMEMBERED = 256
"""Coups of earlier shoes a table remembers for its history (a one-deck shoe has about eight)."""


@dataclass
class Tallies:
    """How many coups of a shoe counted for each statistic the table shows (for
    ``cards_per_coup``, the cards), kept by counting.

    >>> from baccarat.core.coup import Coup
    >>> from baccarat.core.cards import parse_cards
    >>> tallies = Tallies()
    >>> tallies.add(Coup.from_cards(parse_cards("9s 2h Kc 3d")))
    >>> tallies.shares()["player"], tallies.shares()["natural"]
    (Fraction(1, 1), Fraction(1, 1))
    """

    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_TALLIES, 0))
    coups: int = 0

    def add(self, coup: Coup) -> None:
        summary = coup.summary
        counts = self.counts
        counts[summary.winner.value] += 1
        for key, values in FREQUENCY_VALUES.items():
            counts[key] += values[summary.index]
        # Pair class index = player kind * 3 + banker kind; kind 0 is "no pair".
        pairs = coup.pairs.index
        counts["player_pair"] += pairs >= 3
        counts["banker_pair"] += pairs % 3 != 0
        self.coups += 1

    def shares(self) -> dict[str, Fraction]:
        """Every statistic so far as an exact share (empty before the first coup)."""
        if not self.coups:
            return {}
        return {key: Fraction(count, self.coups) for key, count in self.counts.items()}


@dataclass(eq=False)
class LiveTable:
    """One table's live state; read or changed only while :attr:`lock` is held."""

    table_id: int
    shoe_number: int = 0
    coups_dealt: int = 0
    shoe: Shoe | None = None
    """The shown shoe at :attr:`position` (None while unknown, or while its order waits for the
    player's client seed: such a shoe is never dealt from)."""
    coups: list[CoupView] | None = None
    """The shown shoe's coups in order (None while not loaded: a deal after a restart knows its
    shoe, not the coups before)."""
    roads: Roads = field(default_factory=Roads)
    tallies: Tallies = field(default_factory=Tallies)
    earlier: OrderedDict[int, CoupView] = field(default_factory=OrderedDict)
    """Coups of earlier shoes by id, newest last, for the history (bounded)."""
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)

    @property
    def position(self) -> Position:
        return self.shoe_number, self.coups_dealt

    def known(self) -> dict[int, CoupView]:
        """Every coup the entry holds, by id."""
        return {**self.earlier, **{view.id: view for view in self.coups or ()}}

    def coup(self, coup_id: int) -> CoupView | None:
        """A coup of this table the entry holds (this shoe's or a remembered earlier one)."""
        for view in self.coups or ():
            if view.id == coup_id:
                return view
        return self.earlier.get(coup_id)

    def start(self, number: int, coups: Sequence[CoupView]) -> None:
        """Show shoe ``number`` with these coups (its roads and counts made from them)."""
        for view in self.coups or ():
            self.earlier[view.id] = view
        while len(self.earlier) > COUPS_REMEMBERED:
            self.earlier.popitem(last=False)
        self.shoe_number, self.coups_dealt = number, len(coups)
        self.coups = []
        self.roads = Roads()
        self.tallies = Tallies()
        for view in coups:
            self.add(view)

    def add(self, view: CoupView) -> RoadChange:
        assert self.coups is not None
        self.coups.append(view)
        self.coups_dealt = view.number
        self.tallies.add(view.coup)
        return self.roads.add_coup(view.coup)


class LiveTables:
    """The live state of the tables one service deals at (see the module's description)."""

    def __init__(self, capacity: int = TABLES_KEPT) -> None:
        self._capacity = capacity
        self._tables: OrderedDict[int, LiveTable] = OrderedDict()
        self._lock = threading.Lock()

    def _entry(self, table_id: int) -> LiveTable:
        with self._lock:
            entry = self._tables.get(table_id)
            if entry is None:
                entry = self._tables[table_id] = LiveTable(table_id)
            self._tables.move_to_end(table_id)
            while len(self._tables) > self._capacity:
                self._tables.popitem(last=False)
            return entry

    def __len__(self) -> int:
        return len(self._tables)

    def position(self, table_id: int) -> Position | None:
        """Where the live state of ``table_id`` stands (None if it holds none)."""
        with self._lock:
            entry = self._tables.get(table_id)
        if entry is None:
            return None
        with entry.lock:
            return entry.position

    # Dealing

    def shoe_to_deal(self, table_id: int, record: ShoeRecord, tableau: Tableau) -> Shoe:
        """A shoe of its own for a deal from ``record``, at its stored position: a copy of the
        live one, or one replayed from the stored order.

        A shallow copy is enough: a shoe's mutable state is plain numbers and flags, and its
        order and starting counts never change once it is built.
        """
        entry = self._entry(table_id)
        with entry.lock:
            shoe = entry.shoe
            if shoe is not None and entry.position == (record.number, record.coups_dealt):
                return copy.copy(shoe)
        return _replayed(record, tableau)

    def dealt(self, shoe: Shoe, view: CoupView) -> RoadChange | None:
        """Keep the coup ``view`` just committed, dealt from ``shoe`` (now the stored one);
        what it changed on the roads, or None when the state did not hold the coups before it
        (it is then rebuilt when next read)."""
        entry = self._entry(view.table_id)
        with entry.lock:
            if (view.shoe_number, view.number) <= entry.position:
                return None  # a later coup was kept first: this one is already behind
            entry.shoe = shoe
            if view.number == 1:
                entry.start(view.shoe_number, ())
            elif entry.coups is None or entry.position != (view.shoe_number, view.number - 1):
                entry.shoe_number, entry.coups_dealt, entry.coups = (
                    view.shoe_number,
                    view.number,
                    None,
                )
                return None
            return entry.add(view)

    # Reading

    def table_view(self, session: Session, table: TableRecord) -> TableView:
        """The table as the player sees it: the shoe it shows and that shoe's coups, and the fair
        view of the shoe the next coup comes from; from the live state where it stands where
        the database says, else rebuilt from the records (and kept)."""
        rule_set = tables.rule_set_of(table)
        latest = tables.current_shoe(session, table.id)
        record = tables.shown_shoe(session, latest)
        target = (record.number, record.coups_dealt)
        entry = self._entry(table.id)
        with entry.lock:
            here = entry.position == target
            shoe = entry.shoe if here else None
            coups = tuple(entry.coups) if here and entry.coups is not None else None
            known = None if coups is not None else entry.known()
        if shoe is None and record.card_order:
            shoe = _replayed(record, rule_set.tableau)
        if coups is None:
            assert known is not None
            rows = tables.coups_of_shoe(session, record.id)
            coups = tuple(
                history.coup_views(session, table, rows, {record.id: record}, known=known.get)
            )
            with entry.lock:
                if entry.position <= target:  # never back past a deal kept meanwhile
                    entry.start(record.number, coups)
                    entry.shoe = shoe
        elif shoe is not None:
            with entry.lock:
                if entry.position == target and entry.shoe is None:
                    entry.shoe = shoe
        return TableView(
            id=table.id,
            rule_set=rule_set,
            decks=table.decks,
            # The live shoe is never changed (a deal deals from a copy), so it is read unlocked.
            shoe=ShoeView.of(record.number, shoe if shoe is not None else _unordered(record)),
            coups=coups,
            next_shoe=None if latest.finished else FairShoeView.of(latest),
        )

    def coup_views(
        self, session: Session, table: TableRecord, rows: list[CoupRecord]
    ) -> list[CoupView]:
        """These stored coups of ``table`` as the player sees them: as the live state holds
        them, the others rebuilt from their cards and stakes (and remembered)."""
        entry = self._entry(table.id)
        with entry.lock:
            known = {row.id: view for row in rows if (view := entry.coup(row.id)) is not None}
        missing = [row for row in rows if row.id not in known]
        if missing:
            made = history.coup_views(session, table, missing)
            with entry.lock:
                for view in made:
                    if entry.coup(view.id) is None:
                        entry.earlier[view.id] = view
                while len(entry.earlier) > COUPS_REMEMBERED:
                    entry.earlier.popitem(last=False)
            known |= {view.id: view for view in made}
        return [known[row.id] for row in rows]

    @contextmanager
    def reading(self, table_id: int, position: Position) -> Iterator[LiveTable | None]:
        """The live state of ``table_id``, held still while the block reads it, if it stands at
        ``position`` with its coups known; else None (the caller builds what it needs from the
        records)."""
        entry = self._entry(table_id)
        with entry.lock:
            held = entry.coups is not None and entry.position == position
            yield entry if held else None


def _replayed(record: ShoeRecord, tableau: Tableau) -> Shoe:
    """The shoe of ``record`` at its stored position, replayed from its order."""
    shoe = Shoe.from_order(tables.decode_cards(record.card_order), tables.shoe_rules(record))
    for _ in range(record.coups_dealt):
        shoe.deal_coup(tableau)
    return shoe


def _unordered(record: ShoeRecord) -> Shoe:
    """A shoe waiting for the player's contribution: nothing dealt or burned, the counts of a
    fresh shoe (what the panels show) in a fixed order, never dealt from."""
    rules = dataclasses.replace(tables.shoe_rules(record), burn=False)
    return Shoe.from_order(tuple(full_deck()) * record.decks, rules)
