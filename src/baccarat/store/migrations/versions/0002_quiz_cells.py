"""Quiz progress: a player's record on each cell of the tableau.

Revision ID: 0002_quiz_cells
Revises: 0001
Create Date: 2026-11-30
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision: str = "0002_quiz_cells"
down_revision: str | None = "0001"
branch_labels: str | None = None
depends_on: str | None = None


def upgrade() -> None:
    """Create ``quiz_cells`` (see :class:`baccarat.store.models.QuizCellRow`)."""
    op.create_table(
        "quiz_cells",
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("cell", sa.String(length=24), nullable=False),
        sa.Column("right_answers", sa.Integer(), nullable=False),
        sa.Column("wrong_answers", sa.Integer(), nullable=False),
        sa.Column("box", sa.SmallInteger(), nullable=False),
        sa.Column("due", sa.Float(), nullable=False),
        sa.Column("seen", sa.Float(), nullable=False),
        sa.CheckConstraint(
            "right_answers >= 0 AND wrong_answers >= 0",
            name=op.f("ck_quiz_cells_counts_not_negative"),
        ),
        sa.CheckConstraint("box >= 0", name=op.f("ck_quiz_cells_box_not_negative")),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_quiz_cells_player_id_players")
        ),
        sa.PrimaryKeyConstraint("player_id", "cell", name=op.f("pk_quiz_cells")),
    )


def downgrade() -> None:
    op.drop_table("quiz_cells")
