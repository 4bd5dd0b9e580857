"""Coups as the player sees them again: rebuilt from the stored cards and settled anew.

A stored coup keeps its cards only; its steps, its explanation and the settlement of the player's
bets are derived from those, the table's rule set and the stakes in the ledger whenever they are
shown (:func:`coup_views`); the live state (:mod:`baccarat.ledger.live`) keeps the ones a table
shows. Every function takes an open session.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from baccarat.core.coup import Coup
from baccarat.core.settle import Settlement, settle
from baccarat.ledger import tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import CoupView
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
    "stakes_of",
]


def stakes_of(
    session: Session, coup_ids: list[int], player_id: str | None = None
) -> dict[int, dict[str, int]]:
    """The stakes placed on these coups, from the ledger: coup id → bet → amount (minor units);
    with ``player_id``, that player's only (a room's coup has several players' stakes)."""
    stakes: dict[int, dict[str, int]] = {}
    # The three columns read, not whole entries: a shoe's page reads some 160 of them.
    query = select(Entry.coup_id, Entry.bet, Entry.amount).where(
        Entry.coup_id.in_(coup_ids), Entry.kind == EntryKind.STAKE.value
    )
    if player_id is not None:
        query = query.where(Entry.player_id == player_id)
    for coup_id, bet, amount in session.execute(query.order_by(Entry.seq)):
        if coup_id is not None and bet is not None:
            stakes.setdefault(coup_id, {})[bet] = -amount
    return stakes


def coup_views(
    session: Session,
    table: TableRecord,
    rows: list[CoupRecord],
    shoes: dict[int, ShoeRecord] | None = None,
    *,
    known: Callable[[int], CoupView | None] | None = None,
) -> list[CoupView]:
    """Rebuild coups of ``table`` from their cards and settle them again from the stakes in the
    ledger (``shoes``: shoe records already loaded, by id; ``known``: a coup already made, by id,
    or None: the live state's, so that only the others are dealt again)."""
    found = {row.id: view for row in rows if known and (view := known(row.id)) is not None}
    rows_left = [row for row in rows if row.id not in found]
    if rows_left:
        rule_set = tables.rule_set_of(table)
        shoes = dict(shoes or {})
        # A room's table is nobody's: its coups are shown unsettled (each player's own stakes
        # are theirs to see, read with the player: RoomService.my_result).
        ids = [row.id for row in rows_left]
        stakes = stakes_of(session, ids) if table.player_id is not None else {}
        for row in rows_left:
            shoe = shoes.get(row.shoe_id) or session.get(ShoeRecord, row.shoe_id)
            if shoe is None:
                raise LedgerError("not_found", what="shoe", key=row.shoe_id)
            shoes[row.shoe_id] = shoe
            placed = stakes.get(row.id)
            coup, settlement = rebuilt(
                row.cards, table.rules_toml, table.rule_set, tuple(placed.items()) if placed else ()
            )
            found[row.id] = CoupView(
                id=row.id,
                table_id=table.id,
                shoe_number=shoe.number,
                number=row.number,
                rule_set=rule_set,
                coup=coup,
                settlement=settlement,
                created_at=row.created_at,
                decks=table.decks,
            )
    return [found[row.id] for row in rows]


Stakes = tuple[tuple[str, int], ...]
"""A coup's stakes in the ledger's order (the settlement's): ``(("banker", 1000), ...)``."""


def rebuilt(
    cards: str, rules_toml: str | None, rule_set: str, stakes: Stakes
) -> tuple[Coup, Settlement | None]:
    """A stored coup dealt again from its cards and settled from its stakes.

    >>> coup, settlement = rebuilt("9s2hKc3d", None, "punto-banco", (("player", 100),))
    >>> coup.summary.winner.value, settlement.net
    ('player', 100)
    """
    rules = tables.rule_set_from_text(rules_toml, rule_set)
    coup = Coup.from_cards(tables.decode_cards(cards), rules.tableau)
    return coup, settle(coup, dict(stakes), rules) if stakes else None


Views = Callable[[Session, TableRecord, list[CoupRecord]], list[CoupView]]
"""What makes stored coups of a table into views: :func:`coup_views`, or the live state's
(:meth:`baccarat.ledger.live.LiveTables.coup_views`), which deals only the coups it lacks."""


def player_coup(
    session: Session, player_id: str, coup_id: int, views: Views = coup_views
) -> CoupView:
    """One coup of the player's; another player's (or no) coup is ``not_found``."""
    row = session.get(CoupRecord, coup_id) if is_record_id(coup_id) else None
    table = session.get(TableRecord, row.table_id) if row is not None else None
    if row is None or table is None or table.player_id != player_id:
        raise LedgerError("not_found", what="coup", key=coup_id)
    (view,) = views(session, table, [row])
    return view


def player_history(
    session: Session, player_id: str, since: datetime | None, limit: int, views: Views = coup_views
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
    shown = {
        view.id: view
        for table_id, rows in by_table.items()
        for view in views(session, owners[table_id], rows)
    }
    return [shown[row.id] for row, _ in found]
