"""Provably fair shoes at a table: the player's contribution, the shoes' history, their
verification.

Every shoe is committed to (the SHA-256 of its server seed) when it is created, before anything
else happens to it; its order then waits for the player's contribution, the client seed, chosen
after the commitment was shown (the page's script draws one with Web Crypto as soon as it sees
the commitment, or the player types one); the first coup can only follow. The server never
proposes a client seed nor carries one over from the last shoe, so it cannot pick a server seed
that gives an order it likes. Each shoe records the moments of those three events, and the
verification of an ended shoe checks their order as well as the seeds and every coup
(:func:`baccarat.fair.verify`).

Shoes stored before this scheme (``fair_scheme`` 1: their client seed was random or carried
from the last shoe, known when their server seed was drawn) keep verifying as before; their
events were not recorded. Every function takes an open session (inside a transaction holding
the player's lock, for :func:`contribute`).
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from baccarat.fair import Claim, Verification, verify
from baccarat.ledger import tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import FairShoeView
from baccarat.store.models import ShoeRecord, TableRecord

__all__ = ["ShoeEvents", "contribute", "shoe_history", "verify_shoe"]


@dataclass(frozen=True, slots=True)
class ShoeEvents:
    """The order of a shoe's events, as its verification checks it."""

    scheme: int
    commitment_shown: datetime | None
    contribution_received: datetime | None
    first_card: datetime | None

    @property
    def in_order(self) -> bool | None:
        """Scheme 2: whether the commitment came first, the contribution after it and the first
        card last (None for a shoe of the old scheme, whose events were not recorded)."""
        if self.scheme < tables.FAIR_SCHEME:
            return None
        shown, received, first = (
            self.commitment_shown,
            self.contribution_received,
            self.first_card,
        )
        if shown is None or received is None:
            return False
        return shown <= received and (first is None or received <= first)

    def record(self) -> dict[str, Any]:
        def stamp(moment: datetime | None) -> str | None:
            return moment.isoformat() if moment is not None else None

        return {
            "scheme": self.scheme,
            "commitment_shown": stamp(self.commitment_shown),
            "contribution_received": stamp(self.contribution_received),
            "first_card": stamp(self.first_card),
            "in_order": self.in_order,
        }

    @classmethod
    def of(cls, record: ShoeRecord) -> ShoeEvents:
        return cls(
            scheme=record.fair_scheme,
            commitment_shown=record.committed_at,
            contribution_received=record.contributed_at,
            first_card=record.first_card_at,
        )


def contribute(
    session: Session,
    table: TableRecord,
    client_seed: str,
    rng: random.Random | None,
    now: datetime,
    commitment: str | None = None,
) -> ShoeRecord:
    """The player's contribution (a checked client seed) to the table's next shoe, which the
    order is computed from; the shoe.

    ``commitment``, when given, must be the shoe's (``commitment_changed`` otherwise: the page
    was showing another shoe). Once a coup was dealt from the shoe it is ``client_seed_closed``;
    before, a new contribution replaces the last one. A finished shoe without a successor (data
    from before provably fair shoes) gets its next shoe committed to, and the player must see
    that commitment first (``commitment_changed``).
    """
    record = tables.current_shoe(session, table.id)
    if record.finished:
        fresh = tables.next_shoe(session, table, record, rng, now)
        raise LedgerError(
            "commitment_changed",
            given=commitment or "-",
            shoe=fresh.number,
            commitment=fresh.commitment,
        )
    if not FairShoeView.of(record).client_seed_open:
        raise LedgerError("client_seed_closed", shoe=record.number)
    if commitment is not None and commitment != record.commitment:
        raise LedgerError(
            "commitment_changed",
            given=commitment[:64],
            shoe=record.number,
            commitment=record.commitment,
        )
    tables.contribute(record, client_seed, now)
    session.flush()
    return record


def shoe_history(session: Session, table: TableRecord) -> list[FairShoeView]:
    """The table's shoes, newest first: commitments, client seeds, the order of their events,
    and each finished shoe's revealed server seed."""
    return [
        FairShoeView.of(record)
        for record in session.scalars(
            select(ShoeRecord)
            .where(ShoeRecord.table_id == table.id)
            .order_by(ShoeRecord.number.desc())
        )
    ]


def verify_shoe(
    session: Session, table: TableRecord, number: int
) -> tuple[Verification, ShoeEvents]:
    """Recompute finished shoe ``number`` from its revealed seeds: the commitment shown before it
    and every coup dealt from it are checked; and the order of its events.

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
    verification = verify(
        record.server_seed,
        record.client_seed,
        record.number,
        tables.shoe_rules(record),
        commitment=record.commitment,
        coups=claims,
        tableau=tables.rule_set_of(table).tableau,
    )
    return verification, ShoeEvents.of(record)
