"""Alembic migrations of the schema in :mod:`baccarat.store.models`.

Run by :func:`baccarat.store.db.migrate`.
"""
