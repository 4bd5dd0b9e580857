"""Rate-limit buckets shared by every server process, Chemin de Fer coups per day, and when the
player last continued after a reality check.

Revision ID: 0007_shared_limits
Revises: 0006_play_limits
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0007_shared_limits"
down_revision: str | None = "0006_play_limits"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``rate_buckets`` and ``chemin_coups``; add ``players.reality_check_at``."""
    op.create_table(
        "rate_buckets",
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("tokens", sa.Float(), nullable=False),
        sa.Column("updated", sa.Float(), nullable=False),
        sa.Column("wait", sa.Float(), nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_rate_buckets")),
    )
    op.create_table(
        "chemin_coups",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("day", sa.Date(), nullable=False),
        sa.Column("coups", sa.Integer(), nullable=False),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_chemin_coups_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "day", name=op.f("pk_chemin_coups")),
    )
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("reality_check_at", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("reality_check_at")
    op.drop_table("chemin_coups")
    op.drop_table("rate_buckets")
