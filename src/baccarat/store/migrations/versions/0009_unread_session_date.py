"""Drop ``web_sessions.created_at``: written when a session started, read by nothing, and bound to
no other record the ledger check could compare it with (the other never-read columns, the coups'
stored results and the records' dates, are checked by ``baccarat ledger check`` instead).

Revision ID: 0009_unread_session_date
Revises: 0008_recent_indexes
Create Date: 2026-12-02
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0009_unread_session_date"
down_revision: str | None = "0008_recent_indexes"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Drop the column (SQLite copies the table: nothing refers to its rows)."""
    with op.batch_alter_table("web_sessions") as batch:
        batch.drop_column("created_at")


def downgrade() -> None:
    """Put the column back, dated when the downgrade runs (the start dates are gone)."""
    timestamp = sa.DateTime(timezone=True)
    with op.batch_alter_table("web_sessions") as batch:
        batch.add_column(sa.Column("created_at", timestamp, nullable=True))
    op.execute(sa.text("UPDATE web_sessions SET created_at = CURRENT_TIMESTAMP"))
    with op.batch_alter_table("web_sessions") as batch:
        batch.alter_column("created_at", existing_type=timestamp, nullable=False)
