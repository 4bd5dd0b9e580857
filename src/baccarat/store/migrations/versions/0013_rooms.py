"""Rooms: shared tables where everyone seated bets on one shoe (:mod:`baccarat.ledger.rooms`).

Adds ``rooms``, ``room_seats``, ``room_bets``, ``room_seeds`` and ``room_events``, and lets a
table have no owner (``game_tables.player_id`` NULL): a room's table belongs to no player. On
SQLite that change rebuilds ``game_tables`` (batch mode), inside the migration's transaction.

Revision ID: 0013_rooms
Revises: 0012_ledger_chain
Create Date: 2026-12-07
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0013_rooms"
down_revision: str | None = "0012_ledger_chain"
branch_labels: str | None = None
depends_on: str | None = None


def _stamp(name: str, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def upgrade() -> None:
    """Create the room tables; a table's owner becomes optional."""
    with op.batch_alter_table("game_tables") as batch:
        batch.alter_column("player_id", existing_type=sa.String(length=32), nullable=True)
    op.create_table(
        "rooms",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("name", sa.String(length=64), nullable=False),
        sa.Column("table_id", sa.Integer(), nullable=False),
        sa.Column("window_seconds", sa.SmallInteger(), nullable=False),
        sa.Column("reveal_seconds", sa.SmallInteger(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("phase", sa.String(length=8), nullable=False),
        _stamp("opens_at", nullable=True),
        _stamp("closes_at", nullable=True),
        sa.Column("dealer", sa.String(length=80), nullable=True),
        _stamp("lease_until", nullable=True),
        _stamp("created_at"),
        sa.CheckConstraint("window_seconds > 0", name=op.f("ck_rooms_window_positive")),
        sa.ForeignKeyConstraint(
            ["table_id"], ["game_tables.id"], name=op.f("fk_rooms_table_id_game_tables")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rooms")),
        sa.UniqueConstraint("name", name=op.f("uq_rooms_name")),
        sa.UniqueConstraint("table_id", name=op.f("uq_rooms_table_id")),
    )
    op.create_table(
        "room_seats",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("seated", sa.Boolean(), nullable=False),
        _stamp("seen_at"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_room_seats_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_room_seats_room_id_rooms")
        ),
        sa.PrimaryKeyConstraint("room_id", "player_id", name=op.f("pk_room_seats")),
    )
    op.create_table(
        "room_bets",
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("round", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("bet", sa.String(length=64), nullable=False),
        sa.Column("stake", sa.BigInteger(), nullable=False),
        _stamp("placed_at"),
        sa.CheckConstraint("stake > 0", name=op.f("ck_room_bets_stake_positive")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_room_bets_player_id_players")
        ),
        sa.ForeignKeyConstraint(["room_id"], ["rooms.id"], name=op.f("fk_room_bets_room_id_rooms")),
        sa.PrimaryKeyConstraint("room_id", "round", "player_id", "bet", name=op.f("pk_room_bets")),
    )
    op.create_table(
        "room_seeds",
        sa.Column("shoe_id", sa.Integer(), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("client_seed", sa.String(length=64), nullable=False),
        _stamp("created_at"),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_room_seeds_player_id_players")
        ),
        sa.ForeignKeyConstraint(
            ["shoe_id"], ["shoes.id"], name=op.f("fk_room_seeds_shoe_id_shoes")
        ),
        sa.PrimaryKeyConstraint("shoe_id", "player_id", name=op.f("pk_room_seeds")),
    )
    op.create_table(
        "room_events",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("room_id", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=16), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        _stamp("created_at"),
        sa.ForeignKeyConstraint(
            ["room_id"], ["rooms.id"], name=op.f("fk_room_events_room_id_rooms")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_room_events")),
    )
    op.create_index("ix_room_events_room_id_id", "room_events", ["room_id", "id"])


def downgrade() -> None:
    """Drop the rooms (their tables' shoes and coups stay, owned by nobody)."""
    op.drop_index("ix_room_events_room_id_id", table_name="room_events")
    for name in ("room_events", "room_seeds", "room_bets", "room_seats", "rooms"):
        op.drop_table(name)
