"""Indexes on a player's entries by time and by kind, and on a table's coups by time, so that what
a deal reads of the past (the balance when the session began, the grants since, today's coups)
costs one seek however long the history.

Revision ID: 0008_recent_indexes
Revises: 0007_shared_limits
Create Date: 2026-12-01
"""

from __future__ import annotations

from alembic import op

revision: str = "0008_recent_indexes"
down_revision: str | None = "0007_shared_limits"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create the three indexes."""
    op.create_index(
        "ix_ledger_entries_player_id_created_at",
        "ledger_entries",
        ["player_id", "created_at", "seq"],
    )
    op.create_index(
        "ix_ledger_entries_player_id_kind", "ledger_entries", ["player_id", "kind", "created_at"]
    )
    op.create_index("ix_coups_table_id_created_at", "coups", ["table_id", "created_at"])


def downgrade() -> None:
    op.drop_index("ix_coups_table_id_created_at", table_name="coups")
    op.drop_index("ix_ledger_entries_player_id_kind", table_name="ledger_entries")
    op.drop_index("ix_ledger_entries_player_id_created_at", table_name="ledger_entries")
