"""Responsible play: reality-check interval, self-set limits (with raises pending), cool-off.

Revision ID: 0006_play_limits
Revises: 0005_accounts
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0006_play_limits"
down_revision: str | None = "0005_accounts"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the limit columns to ``players`` (no limits, a check every 60 minutes, for everyone)."""
    with op.batch_alter_table("players") as batch:
        batch.add_column(
            sa.Column("reality_check_minutes", sa.Integer(), server_default="60", nullable=False)
        )
        batch.add_column(sa.Column("session_limit_minutes", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("daily_coup_limit", sa.Integer(), nullable=True))
        batch.add_column(sa.Column("pending_limits", sa.Text(), nullable=True))
        batch.add_column(sa.Column("cool_off_until", sa.DateTime(timezone=True), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        for name in (
            "cool_off_until",
            "pending_limits",
            "daily_coup_limit",
            "session_limit_minutes",
            "reality_check_minutes",
        ):
            batch.drop_column(name)
