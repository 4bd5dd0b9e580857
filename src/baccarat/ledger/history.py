"""Tables and coups as the player sees them again: rebuilt from the stored cards and settled anew.

A stored coup keeps its cards only; its steps, its explanation and the settlement of the player's
bets are derived from those, the table's rule set and the stakes in the ledger whenever they are
shown (:func:`coup_views`). Every function takes an open session.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from baccarat.core.coup import Coup
from baccarat.core.settle import settle
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

__all__ = ["coup_views", "player_coup", "player_history", "stakes_of", "table_view"]


def stakes_of(session: Session, coup_ids: list[int]) -> dict[int, dict[str, int]]:
    """The stakes placed on these coups, from the ledger: coup id → bet → amount (minor units)."""
    stakes: dict[int, dict[str, int]] = {}
    for entry in session.scalars(
        select(Entry)
        .where(Entry.coup_id.in_(coup_ids), Entry.kind == EntryKind.STAKE.value)
        .order_by(Entry.seq)
    ):
        if entry.coup_id is not None and entry.bet is not None:
            stakes.setdefault(entry.coup_id, {})[entry.bet] = -entry.amount
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
        coup = Coup.from_cards(tables.decode_cards(row.cards), rule_set.tableau)
        placed = stakes.get(row.id)
        views.append(
            CoupView(
                id=row.id,
                table_id=table.id,
                shoe_number=shoe.number,
                number=row.number,
                rule_set=rule_set,
                coup=coup,
                settlement=settle(coup, placed, rule_set) if placed else None,
                created_at=row.created_at,
            )
        )
    return views


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
