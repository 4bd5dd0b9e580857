"""A tamper-evident ledger: ``ledger_entries.chain_hash``, each entry's hash chained to the
player's entry before it (:mod:`baccarat.core.chain`).

The column is added empty, filled for every entry already stored (per player, in ``seq`` order,
so an upgraded ledger checks clean), then made NOT NULL. Entries are immutable (triggers refuse
an UPDATE): the triggers are lifted for the fill only and put back as migration 0001 made them.
On SQLite the NOT NULL rebuilds the table (batch mode), which drops its triggers too.

Revision ID: 0012_ledger_chain
Revises: 0011_trust
Create Date: 2026-12-03
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

from baccarat.core.chain import GENESIS, entry_hash

revision: str = "0012_ledger_chain"
down_revision: str | None = "0011_trust"
branch_labels: str | None = None
depends_on: str | None = None

_IMMUTABLE = "ledger entries are immutable: append a new entry instead"
_CHUNK = 5_000
"""Entries read and hashed per round trip: memory stays flat however long the ledger."""

_ENTRIES = sa.table(
    "ledger_entries",
    sa.column("id", sa.Integer()),
    sa.column("player_id", sa.String()),
    sa.column("seq", sa.Integer()),
    sa.column("kind", sa.String()),
    sa.column("amount", sa.BigInteger()),
    sa.column("balance_after", sa.BigInteger()),
    sa.column("created_at", sa.DateTime(timezone=True)),
    sa.column("coup_id", sa.Integer()),
    sa.column("bet", sa.String()),
    sa.column("note", sa.String()),
    sa.column("chain_hash", sa.String()),
)


def upgrade() -> None:
    """Add the column, fill it with the triggers lifted, make it NOT NULL, restore them."""
    postgresql = op.get_context().dialect.name == "postgresql"
    with op.batch_alter_table("ledger_entries") as batch:
        batch.add_column(sa.Column("chain_hash", sa.String(length=64), nullable=True))
    if postgresql:
        op.execute("ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_immutable")
    else:
        op.execute("DROP TRIGGER ledger_entries_no_update")
        op.execute("DROP TRIGGER ledger_entries_no_delete")
    _fill()
    with op.batch_alter_table("ledger_entries") as batch:
        batch.alter_column("chain_hash", existing_type=sa.String(length=64), nullable=False)
    if postgresql:
        op.execute("ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_immutable")
    else:
        _sqlite_triggers()


def _fill() -> None:
    """Every stored entry's chain hash, per player in ``seq`` order, a chunk at a time."""
    bind = op.get_bind()
    ordered = sa.select(
        _ENTRIES.c.id,
        _ENTRIES.c.player_id,
        _ENTRIES.c.seq,
        _ENTRIES.c.kind,
        _ENTRIES.c.amount,
        _ENTRIES.c.balance_after,
        _ENTRIES.c.created_at,
        _ENTRIES.c.coup_id,
        _ENTRIES.c.bet,
        _ENTRIES.c.note,
    ).order_by(_ENTRIES.c.player_id, _ENTRIES.c.seq)
    update = (
        _ENTRIES.update()
        .where(_ENTRIES.c.id == sa.bindparam("entry_id"))
        .values(chain_hash=sa.bindparam("hash"))
    )
    player: str | None = None
    previous = GENESIS
    after: tuple[str, int] | None = None
    while True:
        query = ordered.limit(_CHUNK)
        if after is not None:
            query = query.where(sa.tuple_(_ENTRIES.c.player_id, _ENTRIES.c.seq) > sa.tuple_(*after))
        rows = bind.execute(query).all()
        if not rows:
            return
        hashes = []
        for entry_id, player_id, seq, kind, amount, balance, at, coup_id, bet, note in rows:
            if player_id != player:
                player, previous = player_id, GENESIS
            previous = entry_hash(
                previous,
                player_id=player_id,
                seq=seq,
                kind=kind,
                amount=amount,
                balance_after=balance,
                created_at=_aware(at),
                coup_id=coup_id,
                bet=bet,
                note=note,
            )
            hashes.append({"entry_id": entry_id, "hash": previous})
        bind.execute(update, hashes)
        after = (rows[-1][1], rows[-1][2])


def _aware(at: datetime) -> datetime:
    """A stored date as the application reads it: SQLite keeps no zone, and every date is UTC."""
    return at.replace(tzinfo=UTC) if at.tzinfo is None else at.astimezone(UTC)


def _sqlite_triggers() -> None:
    """The triggers of migration 0001 that refuse any UPDATE or DELETE of an entry."""
    for action in ("UPDATE", "DELETE"):
        op.execute(
            f"CREATE TRIGGER ledger_entries_no_{action.lower()} BEFORE {action} "
            f"ON ledger_entries BEGIN SELECT RAISE(ABORT, '{_IMMUTABLE}'); END"
        )


def downgrade() -> None:
    """Drop the column (and, on SQLite, put back the triggers the rebuild drops)."""
    postgresql = op.get_context().dialect.name == "postgresql"
    if not postgresql:
        op.execute("DROP TRIGGER ledger_entries_no_update")
        op.execute("DROP TRIGGER ledger_entries_no_delete")
    with op.batch_alter_table("ledger_entries") as batch:
        batch.drop_column("chain_hash")
    if not postgresql:
        _sqlite_triggers()
