"""Accounts and server-side sessions: a username and an argon2 hash on players; web_sessions.

Revision ID: 0005_accounts
Revises: 0004_fair_shoes
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0005_accounts"
down_revision: str | None = "0004_fair_shoes"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the account columns and ``web_sessions`` (see :class:`baccarat.store.models.WebSession`)."""
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("username", sa.String(length=32), nullable=True))
        batch.add_column(sa.Column("password_hash", sa.String(length=255), nullable=True))
        batch.create_unique_constraint(op.f("uq_players_username"), ["username"])
    timestamp = sa.DateTime(timezone=True)
    op.create_table(
        "web_sessions",
        sa.Column("id", sa.String(length=64), nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("created_at", timestamp, nullable=False),
        sa.Column("ended_at", timestamp, nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_web_sessions_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_web_sessions")),
    )
    op.create_index(op.f("ix_web_sessions_player_id"), "web_sessions", ["player_id"])


def downgrade() -> None:
    op.drop_index(op.f("ix_web_sessions_player_id"), table_name="web_sessions")
    op.drop_table("web_sessions")
    with op.batch_alter_table("players") as batch:
        batch.drop_constraint(op.f("uq_players_username"), type_="unique")
        batch.drop_column("password_hash")
        batch.drop_column("username")
