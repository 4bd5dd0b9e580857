"""Idempotency keys of deal requests: a retried deal returns its first coup.

Revision ID: 0003_deal_keys
Revises: 0002_quiz_cells
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0003_deal_keys"
down_revision: str | None = "0002_quiz_cells"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``deal_keys`` (see :class:`baccarat.store.models.DealKey`)."""
    op.create_table(
        "deal_keys",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("key", sa.String(length=64), nullable=False),
        sa.Column("coup_id", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["coup_id"], ["coups.id"], name=op.f("fk_deal_keys_coup_id_coups")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_deal_keys_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "key", name=op.f("pk_deal_keys")),
    )


def downgrade() -> None:
    op.drop_table("deal_keys")
