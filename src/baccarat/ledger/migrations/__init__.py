"""Alembic migrations of the ledger schema, run programmatically by :func:`baccarat.ledger.db.migrate`."""
