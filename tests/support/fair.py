"""Clients that contribute each shoe's client seed, as the table page's script does.

Every shoe's order waits for the player's contribution, chosen after its commitment was shown
(issue 21); a program that deals answers the refusal ``contribution_needed`` with a seed of its
own and deals again. These use a seed named after the table and the shoe, so a seeded test stays
reproducible.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from baccarat.ledger.dealing import Since
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.ledger.views import DealOutcome

__all__ = ["ContributingService", "client_seed_for"]


def client_seed_for(table_id: int, shoe: int) -> str:
    """The client seed these clients contribute to shoe ``shoe`` of table ``table_id``."""
    return f"client-{table_id}-{shoe}"


class ContributingService(PlayService):
    """A :class:`PlayService` whose :meth:`deal` contributes a shoe's client seed when the shoe
    waits for one (after seeing its commitment in the refusal), then deals."""

    def deal(
        self,
        player_id: str,
        table_id: int,
        stakes: Mapping[str, int],
        since: datetime | Since | None = None,
        idempotency_key: str | None = None,
    ) -> DealOutcome:
        try:
            return super().deal(player_id, table_id, stakes, since, idempotency_key)
        except LedgerError as exc:
            if exc.code != "contribution_needed":
                raise
            shoe, commitment = int(str(exc.params["shoe"])), str(exc.params["commitment"])
        self.set_client_seed(player_id, table_id, client_seed_for(table_id, shoe), commitment)
        return super().deal(player_id, table_id, stakes, since, idempotency_key)
