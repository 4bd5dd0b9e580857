"""Provably fair shoes: commit to a server seed, mix in the player's seed, shuffle, reveal, verify.

The whole scheme, byte for byte, with test vectors, is in ``docs/fair.md``. In short:

* before a shoe is dealt the server shows ``commitment(server_seed)`` (SHA-256 of the seed's
  32 bytes) and the player may set a client seed;
* the order is :func:`fair_order` ``(server_seed, client_seed, shoe_number, rules)``: a
  Fisher–Yates shuffle whose indices are drawn without bias from an HMAC-SHA256 stream keyed by the
  server seed;
* when the shoe ends, the server reveals the seed and anyone can :func:`verify` the shoe.

>>> seed = new_server_seed()
>>> shown = commitment(seed)                       # before the shoe
>>> shoe = fair_shoe(seed, "my seed", 1)           # deal from it as from any core Shoe
>>> coups = list(shoe.deal_all())
>>> verify(seed, "my seed", 1, commitment=shown, coups=coups).ok  # after the reveal
True

Standard library only (``hashlib``, ``hmac``, ``secrets``) on top of the core.
"""

from __future__ import annotations

from baccarat.fair.errors import ClaimError, FairError, SeedError
from baccarat.fair.seeds import (
    check_client_seed,
    check_commitment,
    check_server_seed,
    check_shoe_number,
    combine_client_seeds,
    commitment,
    commitment_matches,
    new_client_seed,
    new_server_seed,
)
from baccarat.fair.shuffle import MAX_DECKS, FairShoe, fair_order, fair_shoe
from baccarat.fair.verify import Claim, Mismatch, Verification, read_claims, verify

__all__ = [
    "MAX_DECKS",
    "Claim",
    "ClaimError",
    "FairError",
    "FairShoe",
    "Mismatch",
    "SeedError",
    "Verification",
    "check_client_seed",
    "check_commitment",
    "check_server_seed",
    "check_shoe_number",
    "combine_client_seeds",
    "commitment",
    "commitment_matches",
    "fair_order",
    "fair_shoe",
    "new_client_seed",
    "new_server_seed",
    "read_claims",
    "verify",
]
