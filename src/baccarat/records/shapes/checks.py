"""The records of a check: a provably fair shoe verified (``verification``) and the ledger
checked (``ledger.check``)."""

from __future__ import annotations

from typing import Annotated, Any

from typing_extensions import TypedDict

from baccarat.records.declare import Pattern, Range, Tag, shape
from baccarat.records.schema import RecordType
from baccarat.records.shapes.common import Card, Count, Seed, ShoeRules
from baccarat.records.shapes.coup import CoupRecord

__all__ = ["LedgerCheckRecord", "VerificationRecord"]


@shape
class Mismatch(TypedDict):
    """The first field of a coup that is not what the shoe deals."""

    coup: Annotated[int, Range(1)]
    field: str
    found: str
    expected: str
    shoe_card: Annotated[int, Range(1)] | None
    message: str


@shape
class VerificationRecord(TypedDict):
    """``baccarat verify --json`` (and the API's verify): the inputs, the commitment, the order
    and every coup."""

    schema: Annotated[str, Tag(RecordType.VERIFICATION)]
    ok: bool
    server_seed: Seed
    client_seed: str
    shoe: Annotated[int, Range(1)]
    rules: ShoeRules
    commitment: Seed
    """The commitment recomputed from the server seed."""
    commitment_given: str | None
    """The commitment given to check (null: none given)."""
    commitment_ok: bool | None
    order: list[Card]
    """The shoe's order."""
    burned: list[Card]
    coups_in_shoe: Count
    coups_checked: Count
    mismatch: Mismatch | None
    """The first mismatch (null: none found)."""
    coups: list[CoupRecord]
    """Every coup of the shoe."""


@shape
class Discrepancy(TypedDict):
    """Something the ledger holds that does not add up: its code, where, its figures, why."""

    code: str
    player_id: str | None
    coup_id: int | None
    shoe_id: int | None
    params: dict[str, Any]
    detail: str


@shape
class LedgerHead(TypedDict):
    """A player's last entry: its number and its chain hash (keep it to anchor the chain)."""

    seq: Annotated[int, Range(1)]
    hash: Annotated[str, Pattern("^[0-9a-f]{64}$")]


@shape
class LedgerCheckRecord(TypedDict):
    """``baccarat ledger check --json``: the counts, every discrepancy and every player's head."""

    schema: Annotated[str, Tag(RecordType.LEDGER_CHECK)]
    ok: bool
    players: Count
    entries: Count
    coups: Count
    shoes: Count
    points: int
    discrepancies: list[Discrepancy]
    heads: dict[str, LedgerHead]
    """Every player's last entry and its chain hash, by player id: kept elsewhere, they are what
    ``ledger check --anchor`` proves the ledger still holds."""
