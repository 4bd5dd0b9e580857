"""Tables and coups as the player sees them again: rebuilt from the stored cards and settled anew.

A stored coup keeps its cards only; its steps, its explanation and the settlement of the player's
bets are derived from those, the table's rule set and the stakes in the ledger whenever they are
shown (:func:`coup_views`). Every function takes an open session.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from baccarat.core.coup import Coup
from baccarat.core.settle import Settlement, settle
from baccarat.ledger import tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import CoupView, FairShoeView, ShoeView, TableView
from baccarat.store.models import (
    CoupRecord,
    Entry,
    EntryKind,
    ShoeRecord,
    TableRecord,
    is_record_id,
)

__all__ = [
    "coup_views",
    "player_coup",
    "player_history",
    "rebuilt",
    "remember_coup",
    "stakes_of",
    "table_view",
]


def stakes_of(session: Session, coup_ids: list[int]) -> dict[int, dict[str, int]]:
    """The stakes placed on these coups, from the ledger: coup id → bet → amount (minor units)."""
    stakes: dict[int, dict[str, int]] = {}
    # The three columns read, not whole entries: a shoe's page reads some 160 of them.
    for coup_id, bet, amount in session.execute(
        select(Entry.coup_id, Entry.bet, Entry.amount)
        .where(Entry.coup_id.in_(coup_ids), Entry.kind == EntryKind.STAKE.value)
        .order_by(Entry.seq)
    ):
        if coup_id is not None and bet is not None:
            stakes.setdefault(coup_id, {})[bet] = -amount
    return stakes


def coup_views(
    session: Session,
    table: TableRecord,
    rows: list[CoupRecord],
    shoes: dict[int, ShoeRecord] | None = None,
) -> list[CoupView]:
    """Rebuild coups of ``table`` from their cards and settle them again from the stakes in the
    ledger (``shoes``: shoe records already loaded, by id)."""
    if not rows:
        return []
    rule_set = tables.rule_set_of(table)
    shoes = dict(shoes or {})
    stakes = stakes_of(session, [row.id for row in rows])
    views = []
    for row in rows:
        shoe = shoes.get(row.shoe_id) or session.get(ShoeRecord, row.shoe_id)
        if shoe is None:
            raise LedgerError("not_found", what="shoe", key=row.shoe_id)
        shoes[row.shoe_id] = shoe
        placed = stakes.get(row.id)
        coup, settlement = rebuilt(
            row.cards, table.rules_toml, table.rule_set, tuple(placed.items()) if placed else ()
        )
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


Stakes = tuple[tuple[str, int], ...]
"""A coup's stakes in the ledger's order (the settlement's): ``(("banker", 1000), ...)``."""

_Key = tuple[str, str | None, str, Stakes]
"""What a coup is rebuilt from: its stored cards, the table's rules (TOML, name), its stakes."""

_REMEMBERED = 8192
"""Coups kept rebuilt: some 80 a shoe, so the current shoes of about a hundred tables."""
_rebuilt_coups: OrderedDict[_Key, tuple[Coup, Settlement | None]] = OrderedDict()
_rebuilt_lock = threading.Lock()


def remember_coup(
    table: TableRecord, cards: str, stakes: Stakes, coup: Coup, settlement: Settlement | None
) -> None:
    """Keep a coup as dealt (``cards`` as stored), so that showing it again deals nothing.

    What is kept is a pure function of the key (the cards, the table's rules, the stakes), so it
    stays true whether or not the deal's transaction commits."""
    _keep((cards, table.rules_toml, table.rule_set, stakes), (coup, settlement))


def _keep(key: _Key, made: tuple[Coup, Settlement | None]) -> None:
    with _rebuilt_lock:
        _rebuilt_coups[key] = made
        _rebuilt_coups.move_to_end(key)
        if len(_rebuilt_coups) > _REMEMBERED:
            _rebuilt_coups.popitem(last=False)


def rebuilt(
    cards: str, rules_toml: str | None, rule_set: str, stakes: Stakes
) -> tuple[Coup, Settlement | None]:
    """A stored coup dealt again from its cards and settled from its stakes (both frozen), or as
    remembered: a shoe is shown again and again (the table page, its panels, the answer to a
    client seed: some 80 coups each time).

    >>> coup, settlement = rebuilt("9s2hKc3d", None, "punto-banco", (("player", 100),))
    >>> coup.summary.winner.value, settlement.net
    ('player', 100)
    """
    key: _Key = (cards, rules_toml, rule_set, stakes)
    with _rebuilt_lock:
        found = _rebuilt_coups.get(key)
        if found is not None:
            _rebuilt_coups.move_to_end(key)
            return found
    rules = tables.rule_set_from_text(rules_toml, rule_set)
    coup = Coup.from_cards(tables.decode_cards(cards), rules.tableau)
    made = coup, settle(coup, dict(stakes), rules) if stakes else None
    _keep(key, made)
    return made


def player_coup(session: Session, player_id: str, coup_id: int) -> CoupView:
    """One coup of the player's; another player's (or no) coup is ``not_found``."""
    row = session.get(CoupRecord, coup_id) if is_record_id(coup_id) else None
    table = session.get(TableRecord, row.table_id) if row is not None else None
    if row is None or table is None or table.player_id != player_id:
        raise LedgerError("not_found", what="coup", key=coup_id)
    (view,) = coup_views(session, table, [row])
    return view


def player_history(
    session: Session, player_id: str, since: datetime | None, limit: int
) -> list[CoupView]:
    """The player's coups at every table, newest first (``since``: only coups dealt after)."""
    query = (
        select(CoupRecord, TableRecord)
        .join(TableRecord, CoupRecord.table_id == TableRecord.id)
        .where(TableRecord.player_id == player_id)
        .order_by(CoupRecord.id.desc())
        .limit(limit)
    )
    if since is not None:
        query = query.where(CoupRecord.created_at >= since)
    found = list(session.execute(query))
    by_table: dict[int, list[CoupRecord]] = {}
    owners: dict[int, TableRecord] = {}
    for row, table in found:
        by_table.setdefault(table.id, []).append(row)
        owners[table.id] = table
    views = {
        view.id: view
        for table_id, rows in by_table.items()
        for view in coup_views(session, owners[table_id], rows)
    }
    return [views[row.id] for row, _ in found]


def table_view(session: Session, table: TableRecord, shoes: tables.ShoeCache) -> TableView:
    """The table as the player sees it: the shoe it shows and that shoe's coups, and the fair
    view of the shoe the next coup comes from."""
    rule_set = tables.rule_set_of(table)
    latest = tables.current_shoe(session, table.id)
    record = tables.shown_shoe(session, latest)
    shoe = shoes.view(record, rule_set.tableau)
    coups = coup_views(
        session, table, tables.coups_of_shoe(session, record.id), {record.id: record}
    )
    return TableView(
        id=table.id,
        rule_set=rule_set,
        decks=table.decks,
        shoe=ShoeView.of(record.number, shoe),
        coups=tuple(coups),
        next_shoe=None if latest.finished else FairShoeView.of(latest),
    )
