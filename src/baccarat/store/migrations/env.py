"""Alembic environment: migrates the engine handed over by :func:`baccarat.store.db.migrate`.

Run only by Alembic; importing it elsewhere (doctest collection) does nothing.
"""

from __future__ import annotations

from alembic import context
from sqlalchemy import Engine

from baccarat.store.models import Base
from baccarat.store.schema import migration_connection


def run_migrations() -> None:
    """Upgrade (or downgrade) in one transaction on the engine passed in the config: on SQLite
    too, DDL included (see :func:`baccarat.store.schema.migration_connection`)."""
    engine = context.config.attributes.get("engine")
    if not isinstance(engine, Engine):
        raise RuntimeError("run migrations through baccarat.store.db.migrate(engine)")
    with migration_connection(engine) as connection:
        context.configure(
            connection=connection,
            target_metadata=Base.metadata,
            # SQLite cannot ALTER most things in place; batch mode copies the table instead.
            render_as_batch=connection.dialect.name == "sqlite",
            compare_type=True,
        )
        context.run_migrations()


if hasattr(context, "config"):
    run_migrations()
