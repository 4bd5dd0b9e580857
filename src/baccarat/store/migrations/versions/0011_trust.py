"""Trust, second round: play sessions and log-in failures on the server, sessions that expire,
and shoes whose order waits for the player's contribution.

- ``play_sessions``: the play session (the session clock and limit count it) per player, no
  longer a cookie.
- ``login_failures``: failed log-ins per account and per address, for the back-off.
- ``web_sessions.last_seen_at``: a log-in session idle too long expires; the sessions open now
  are dated to this migration.
- ``shoes.fair_scheme`` (1 for every shoe stored before: its client seed was known when its
  server seed was drawn; they keep verifying as before), ``committed_at``, ``contributed_at``
  and ``first_card_at`` (the order of events a scheme-2 shoe's verification checks).

Revision ID: 0011_trust
Revises: 0010_table_rule_sets
Create Date: 2026-12-02
"""

from __future__ import annotations

from datetime import UTC, datetime

import sqlalchemy as sa
from alembic import op

revision: str = "0011_trust"
down_revision: str | None = "0010_table_rule_sets"
branch_labels: str | None = None
depends_on: str | None = None

_STAMP = sa.DateTime(timezone=True)


def upgrade() -> None:
    """Create the two tables, add the columns, date the open sessions, mark the old shoes."""
    op.create_table(
        "play_sessions",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("player_id", sa.String(length=32), nullable=False),
        sa.Column("started_at", _STAMP, nullable=False),
        sa.Column("last_played_at", _STAMP, nullable=False),
        sa.Column("ended_at", _STAMP, nullable=True),
        sa.ForeignKeyConstraint(
            ["player_id"], ["players.id"], name=op.f("fk_play_sessions_player_id_players")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_play_sessions")),
    )
    op.create_index("ix_play_sessions_player_id_id", "play_sessions", ["player_id", "id"])
    op.create_table(
        "login_failures",
        sa.Column("key", sa.String(length=80), nullable=False),
        sa.Column("failures", sa.Integer(), nullable=False),
        sa.Column("last_failure", _STAMP, nullable=False),
        sa.Column("blocked_until", _STAMP, nullable=False),
        sa.PrimaryKeyConstraint("key", name=op.f("pk_login_failures")),
    )
    with op.batch_alter_table("web_sessions") as batch:
        batch.add_column(sa.Column("last_seen_at", _STAMP, nullable=True))
    sessions = sa.table("web_sessions", sa.column("last_seen_at", _STAMP))
    op.execute(sessions.update().values(last_seen_at=datetime.now(UTC)))
    with op.batch_alter_table("shoes") as batch:
        batch.add_column(
            sa.Column("fair_scheme", sa.SmallInteger(), server_default="1", nullable=False)
        )
        batch.add_column(sa.Column("committed_at", _STAMP, nullable=True))
        batch.add_column(sa.Column("contributed_at", _STAMP, nullable=True))
        batch.add_column(sa.Column("first_card_at", _STAMP, nullable=True))


def downgrade() -> None:
    """Drop them again (a scheme-2 shoe then reads as an old one)."""
    with op.batch_alter_table("shoes") as batch:
        batch.drop_column("first_card_at")
        batch.drop_column("contributed_at")
        batch.drop_column("committed_at")
        batch.drop_column("fair_scheme")
    with op.batch_alter_table("web_sessions") as batch:
        batch.drop_column("last_seen_at")
    op.drop_table("login_failures")
    op.drop_index("ix_play_sessions_player_id_id", table_name="play_sessions")
    op.drop_table("play_sessions")
