"""Errors of provably fair shoes: every one is a :class:`~baccarat.core.errors.BaccaratError`.

>>> from baccarat.fair.seeds import check_server_seed
>>> check_server_seed("xyz")
Traceback (most recent call last):
...
baccarat.fair.errors.ServerSeedFormatError: server seed must be 64 hexadecimal digits (32 bytes), got 'xyz' (3 characters)
"""

from __future__ import annotations

from baccarat.core.errors import BaccaratError, TemplatedError

__all__ = [
    "ClaimAtCoupError",
    "ClaimAtLineError",
    "ClaimCardsError",
    "ClaimError",
    "ClaimHandSizeError",
    "ClaimNoCardsError",
    "ClaimNotJsonError",
    "ClaimShapeError",
    "ClientSeedFormatError",
    "ClientSeedSpacesError",
    "CommitmentFormatError",
    "FairError",
    "SeedError",
    "ServerSeedFormatError",
    "ShoeNumberError",
]


class FairError(BaccaratError):
    """Bad input to a provably fair shoe: a shoe number, a deck count, a tableau."""


class SeedError(FairError):
    """A server seed, client seed or commitment that is malformed."""


class ClaimError(FairError):
    """A dealt coup handed in for verification that cannot be read."""


# The refusals a player meets (`baccarat verify`, the client-seed form) are templates, so the
# command line and the pages say them in the reader's language; ``str()`` is the English.


class ServerSeedFormatError(SeedError, TemplatedError):
    code = "server_seed_format"
    template = "server seed must be 64 hexadecimal digits ({size} bytes), got {text!r} ({length} characters)"


class CommitmentFormatError(SeedError, TemplatedError):
    code = "commitment_format"
    template = "commitment must be 64 hexadecimal digits ({size} bytes), got {text!r} ({length} characters)"


class ClientSeedFormatError(SeedError, TemplatedError):
    code = "client_seed_format"
    template = (
        "client seed must be 1 to {most} printable ASCII characters "
        "(letters, digits, punctuation, spaces), got {seed!r} ({length} characters)"
    )


class ClientSeedSpacesError(SeedError, TemplatedError):
    code = "client_seed_spaces"
    template = "client seed must not start or end with a space, got {seed!r}"


class ShoeNumberError(FairError, TemplatedError):
    code = "shoe_number"
    template = "shoe number must be a whole number from 1 to {most}, got {number!r}"


class ClaimCardsError(ClaimError, TemplatedError):
    code = "claim_cards"
    template = '{field} must be a list of card strings such as ["7c", "Kd"], got {value!r}'


class ClaimHandSizeError(ClaimError, TemplatedError):
    code = "claim_hand_size"
    template = "{field} must hold 2 or 3 cards, got {count} ({shown!r})"


class ClaimShapeError(ClaimError, TemplatedError):
    code = "claim_shape"
    template = (
        "a coup record needs player.cards and banker.cards (as baccarat deal --json prints) or "
        "cards in shoe order, got {record!r}"
    )


class ClaimNotJsonError(ClaimError, TemplatedError):
    code = "claim_not_json"
    template = "not a JSON object ({reason} at column {column}): {text!r}"


class ClaimNoCardsError(ClaimError, TemplatedError):
    code = "claim_no_cards"
    template = "a coup needs its cards in shoe order, got {text!r}"


class ClaimAtLineError(ClaimError, TemplatedError):
    """A claim's refusal with the line of the file it stands on."""

    code = "claim_at_line"
    template = "line {number}: {error}"


class ClaimAtCoupError(ClaimError, TemplatedError):
    """A claim's refusal with its place in the list of coups handed in."""

    code = "claim_at_coup"
    template = "coup {number}: {error}"
