"""The application's database: one schema, its migrations, and the stores built on them.

:mod:`~baccarat.store.models` declares every table (the ledger's and the quiz's) on one metadata,
:mod:`~baccarat.store.migrations` builds it with Alembic, and :mod:`~baccarat.store.db` opens the
engine and runs every unit of work (:class:`~baccarat.store.db.Store`). The ledger
(:mod:`baccarat.ledger`) writes through it; :mod:`~baccarat.store.quiz` keeps the quiz's progress
in it. Nothing here knows the ledger's rules, and the quiz knows nothing of the database.
"""
