"""Provably fair shoes at a table: the player's client seed, the shoes' history, their verification.

Each shoe is committed to (the SHA-256 of its server seed) before its first coup; the player may
set the client seed until then; once the shoe has finished its server seed is revealed and anyone
can recompute the order and every coup (:func:`baccarat.fair.verify`). Every function takes an
open session (inside a transaction holding the player's lock, for :func:`set_client_seed`).
"""

from __future__ import annotations

import random
from datetime import datetime

from sqlalchemy import select
from sqlalchemy.orm import Session

from baccarat.fair import Claim, Verification, verify
from baccarat.ledger import tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import FairShoeView
from baccarat.store.models import ShoeRecord, TableRecord

__all__ = ["set_client_seed", "shoe_history", "verify_shoe"]


def set_client_seed(
    session: Session,
    table: TableRecord,
    client_seed: str,
    rng: random.Random | None,
    now: datetime,
) -> ShoeRecord:
    """Give the table's next shoe the player's (checked) client seed; the shoe, whose order
    changed.

    A shoe not dealt from yet is reshuffled with it; a finished shoe without a successor (data
    from before provably fair shoes) gets its next shoe shuffled with it. Once a coup was dealt
    from the shoe it is ``client_seed_closed``.
    """
    record = tables.current_shoe(session, table.id)
    if record.finished:
        return tables.next_shoe(session, table, record, rng, now, client_seed)
    if not FairShoeView.of(record).client_seed_open:
        raise LedgerError("client_seed_closed", shoe=record.number)
    tables.reseed_shoe(record, client_seed)
    session.flush()
    return record


def shoe_history(session: Session, table: TableRecord) -> list[FairShoeView]:
    """The table's shoes, newest first: commitments, client seeds, and each finished shoe's
    revealed server seed."""
    return [
        FairShoeView.of(record)
        for record in session.scalars(
            select(ShoeRecord)
            .where(ShoeRecord.table_id == table.id)
            .order_by(ShoeRecord.number.desc())
        )
    ]


def verify_shoe(session: Session, table: TableRecord, number: int) -> Verification:
    """Recompute finished shoe ``number`` from its revealed seeds: the commitment shown before it
    and every coup dealt from it are checked.

    A shoe not finished yet (its seed is secret) or from before provably fair shoes is
    ``shoe_not_revealed``.
    """
    record = tables.shoe_by_number(session, table.id, number)
    if record is None:
        raise LedgerError("not_found", what="shoe", key=number)
    if not record.finished or record.server_seed is None or record.client_seed is None:
        raise LedgerError("shoe_not_revealed", shoe=number)
    claims = [
        Claim(tables.decode_cards(row.cards)) for row in tables.coups_of_shoe(session, record.id)
    ]
    return verify(
        record.server_seed,
        record.client_seed,
        record.number,
        tables.shoe_rules(record),
        commitment=record.commitment,
        coups=claims,
        tableau=tables.rule_set_of(table).tableau,
    )
