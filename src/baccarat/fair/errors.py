"""Errors of provably fair shoes: every one is a :class:`~baccarat.core.errors.BaccaratError`.

>>> from baccarat.fair.seeds import check_server_seed
>>> check_server_seed("xyz")
Traceback (most recent call last):
...
baccarat.fair.errors.SeedError: server seed must be 64 hexadecimal digits (32 bytes), got 'xyz' (3 characters)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from baccarat.core.errors import TemplatedError

__all__ = [
    "ClaimError",
    "FairError",
    "SeedError",
]


class FairError(TemplatedError):
    """Bad input to a provably fair shoe: a shoe number, a deck count, a tableau."""

    templates: ClassVar[Mapping[str, str]] = {
        "shoe_number": "shoe number must be a whole number from 1 to {most}, got {number!r}",
    }


class SeedError(FairError):
    """A server seed, client seed or commitment that is malformed."""

    templates: ClassVar[Mapping[str, str]] = {
        "client_seed_format": (
            "client seed must be 1 to {most} printable ASCII characters (letters, digits, "
            "punctuation, spaces), got {seed!r} ({length} characters)"
        ),
        "client_seed_spaces": "client seed must not start or end with a space, got {seed!r}",
        "commitment_format": (
            "commitment must be 64 hexadecimal digits ({size} bytes), got {text!r} "
            "({length} characters)"
        ),
        "server_seed_format": (
            "server seed must be 64 hexadecimal digits ({size} bytes), got {text!r} "
            "({length} characters)"
        ),
    }


class ClaimError(FairError):
    """A dealt coup handed in for verification that cannot be read."""

    templates: ClassVar[Mapping[str, str]] = {
        # A claim's refusal with its place in the list of coups handed in.
        "claim_at_coup": "coup {number}: {error}",
        # A claim's refusal with the line of the file it stands on.
        "claim_at_line": "line {number}: {error}",
        "claim_cards": '{field} must be a list of card strings such as ["7c", "Kd"], got {value!r}',
        "claim_hand_size": "{field} must hold 2 or 3 cards, got {count} ({shown!r})",
        "claim_no_cards": "a coup needs its cards in shoe order, got {text!r}",
        "claim_not_json": "not a JSON object ({reason} at column {column}): {text!r}",
        "claim_shape": (
            "a coup record needs player.cards and banker.cards (as baccarat deal --json "
            "prints) or cards in shoe order, got {record!r}"
        ),
    }


# The refusals a player meets (`baccarat verify`, the client-seed form) are templates, so the
# command line and the pages say them in the reader's language; ``str()`` is the English.
