"""Initial schema: players, the immutable ledger, tables, shoes and coups.

Revision ID: 0001
Revises:
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | None = None
depends_on: str | None = None

_IMMUTABLE = "ledger entries are immutable: append a new entry instead"


def upgrade() -> None:
    """Create the tables, and triggers that refuse any UPDATE or DELETE of a ledger entry."""
    timestamp = sa.DateTime(timezone=True)
    op.create_table(
        "players",
        sa.Column("id", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("created_at", timestamp, nullable=False),
        sa.Column("adult_confirmed_at", timestamp, nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
    )
    op.create_table(
        "game_tables",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("rule_set", sa.String(length=64), nullable=False),
        sa.Column("decks", sa.SmallInteger(), nullable=False),
        sa.Column("created_at", timestamp, nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_game_tables_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_game_tables")),
    )
    op.create_index(op.f("ix_game_tables_player_id"), "game_tables", ["player_id"])
    op.create_table(
        "shoes",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("decks", sa.SmallInteger(), nullable=False),
        sa.Column("cut_card", sa.SmallInteger(), nullable=False),
        sa.Column("burn", sa.Boolean(), nullable=False),
        sa.Column("one_more_coup", sa.Boolean(), nullable=False),
        sa.Column("card_order", sa.Text(), nullable=False),
        sa.Column("coups_dealt", sa.Integer(), nullable=False),
        sa.Column("finished", sa.Boolean(), nullable=False),
        sa.Column("created_at", timestamp, nullable=False),
        sa.CheckConstraint("coups_dealt >= 0", name=op.f("ck_shoes_coups_dealt_not_negative")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_shoes_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_shoes")),
        sa.UniqueConstraint("table_id", "number", name=op.f("uq_shoes_table_id")),
    )
    op.create_index(op.f("ix_shoes_table_id"), "shoes", ["table_id"])
    op.create_table(
        "coups",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("shoe_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("cards", sa.String(length=12), nullable=False),
        sa.Column("winner", sa.String(length=6), nullable=False),
        sa.Column("summary_index", sa.SmallInteger(), nullable=False),
        sa.Column("pair_index", sa.SmallInteger(), nullable=False),
        sa.Column("created_at", timestamp, nullable=False),
        sa.ForeignKeyConstraint(["shoe_id"], ["shoes.id"], name=op.f("fk_coups_shoe_id_shoes")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_coups_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_coups")),
        sa.UniqueConstraint("shoe_id", "number", name=op.f("uq_coups_shoe_id")),
    )
    op.create_index(op.f("ix_coups_shoe_id"), "coups", ["shoe_id"])
    op.create_index(op.f("ix_coups_table_id"), "coups", ["table_id"])
    op.create_table(
        "ledger_entries",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("amount", sa.BigInteger(), nullable=False),
        sa.Column("balance_after", sa.BigInteger(), nullable=False),
        sa.Column("created_at", timestamp, nullable=False),
        sa.Column("coup_id", sa.Integer(), nullable=True),
        sa.Column("bet", sa.String(length=64), nullable=True),
        sa.Column("note", sa.String(length=16), nullable=True),
        sa.CheckConstraint(
            "(kind = 'grant') = (coup_id IS NULL AND bet IS NULL)",
            name=op.f("ck_ledger_entries_coup_link"),
        ),
        sa.CheckConstraint(
            "(kind = 'grant') = (note IS NOT NULL)", name=op.f("ck_ledger_entries_grant_note")
        ),
        sa.CheckConstraint(
            "(kind = 'stake' AND amount < 0) OR "
            "(kind IN ('payout', 'refund', 'grant') AND amount > 0)",
            name=op.f("ck_ledger_entries_amount_sign"),
        ),
        sa.CheckConstraint(
            "balance_after >= 0", name=op.f("ck_ledger_entries_balance_not_negative")
        ),
        sa.CheckConstraint("seq >= 1", name=op.f("ck_ledger_entries_seq_positive")),
        sa.ForeignKeyConstraint(
            ["coup_id"], ["coups.id"], name=op.f("fk_ledger_entries_coup_id_coups")
        ),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_ledger_entries_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_ledger_entries")),
        sa.UniqueConstraint("player_id", "seq", name=op.f("uq_ledger_entries_player_id")),
    )
    op.create_index(op.f("ix_ledger_entries_coup_id"), "ledger_entries", ["coup_id"])

    if op.get_context().dialect.name == "postgresql":
        op.execute(
            "CREATE FUNCTION ledger_entries_immutable() RETURNS trigger LANGUAGE plpgsql AS "
            f"$$ BEGIN RAISE EXCEPTION '{_IMMUTABLE}'; END $$"
        )
        op.execute(
            "CREATE TRIGGER ledger_entries_immutable BEFORE UPDATE OR DELETE ON ledger_entries "
            "FOR EACH ROW EXECUTE FUNCTION ledger_entries_immutable()"
        )
    else:
        for action in ("UPDATE", "DELETE"):
            op.execute(
                f"CREATE TRIGGER ledger_entries_no_{action.lower()} BEFORE {action} "
                f"ON ledger_entries BEGIN SELECT RAISE(ABORT, '{_IMMUTABLE}'); END"
            )


def downgrade() -> None:
    """Drop everything (the ledger with it)."""
    if op.get_context().dialect.name == "postgresql":
        op.execute("DROP TRIGGER ledger_entries_immutable ON ledger_entries")
        op.execute("DROP FUNCTION ledger_entries_immutable()")
    op.drop_table("ledger_entries")
    op.drop_table("coups")
    op.drop_table("shoes")
    op.drop_table("game_tables")
    op.drop_table("players")
