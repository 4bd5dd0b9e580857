"""Add ``game_tables.rules_toml``: the rule set a table was opened with, as TOML.

A table may offer a rule set read from a file (``baccarat serve --rules-dir``); keeping its text
keeps the table's history, settlement and verification right when the file later changes. The
tables opened before keep none: their rule set is the built-in one of their ``rule_set`` name.

Revision ID: 0010_table_rule_sets
Revises: 0009_unread_session_date
Create Date: 2026-12-03
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0010_table_rule_sets"
down_revision: str | None = "0009_unread_session_date"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Add the column, empty for the tables already open."""
    with op.batch_alter_table("game_tables") as batch:
        batch.add_column(sa.Column("rules_toml", sa.Text(), nullable=True))


def downgrade() -> None:
    """Drop the column (a table opened with a file's rule set then reads the built-in of its name)."""
    with op.batch_alter_table("game_tables") as batch:
        batch.drop_column("rules_toml")
