"""The ledger: players, immutable entries (stake, payout, refund, grant), tables, shoes and coups.

Balances are derived from the entries; every write is one transaction through
:class:`~baccarat.store.db.Store`; the schema is migrated by Alembic at start-up.
"""
