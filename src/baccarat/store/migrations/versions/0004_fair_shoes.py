"""Provably fair shoes: each shoe's server seed, client seed and commitment.

Revision ID: 0004_fair_shoes
Revises: 0003_deal_keys
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0004_fair_shoes"
down_revision: str | None = "0003_deal_keys"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the seeds to ``shoes`` (NULL for shoes shuffled before: those cannot be verified)."""
    with op.batch_alter_table("shoes") as batch:
        batch.add_column(sa.Column("server_seed", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("client_seed", sa.String(length=64), nullable=True))
        batch.add_column(sa.Column("commitment", sa.String(length=64), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("shoes") as batch:
        batch.drop_column("commitment")
        batch.drop_column("client_seed")
        batch.drop_column("server_seed")
