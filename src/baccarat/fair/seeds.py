"""Seeds and commitments: what the server keeps secret, what it shows, what the player chooses.

* The **server seed** is 32 bytes from the operating system's CSPRNG, written as 64 lowercase
  hexadecimal digits. It stays secret until the shoe has ended.
* The **commitment** is the SHA-256 digest of the server seed's 32 *bytes* (not of its 64-digit
  text), written as 64 lowercase hexadecimal digits. It is shown before the shoe is dealt, so the
  server cannot change the seed afterwards.
* The **client seed** is chosen by the player: 1 to 64 printable ASCII characters (space to
  tilde), without spaces at either end, and enters the shuffle as its ASCII bytes. ASCII keeps it
  the same bytes on every keyboard and in every browser (no Unicode normalisation to agree on).

>>> seed = "00" * 32
>>> commitment(seed)
'66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925'
>>> commitment(seed) == hashlib.sha256(bytes(32)).hexdigest()
True
>>> len(new_server_seed()), len(new_client_seed())
(64, 16)
"""

from __future__ import annotations

import hashlib
import hmac
import re
import secrets
from collections.abc import Iterable

from baccarat.fair.errors import FairError, SeedError

__all__ = [
    "CLIENT_SEED_MAX_LENGTH",
    "MAX_SHOE_NUMBER",
    "SEED_BYTES",
    "check_client_seed",
    "check_commitment",
    "check_server_seed",
    "check_shoe_number",
    "combine_client_seeds",
    "commitment",
    "commitment_matches",
    "new_client_seed",
    "new_server_seed",
    "server_seed_bytes",
]

SEED_BYTES = 32
"""Bytes in a server seed: as many as the HMAC-SHA256 key block uses without hashing it first."""
CLIENT_SEED_MAX_LENGTH = 64
MAX_SHOE_NUMBER = 2**64 - 1
"""The shoe number is encoded in 8 bytes."""

_HEX64 = re.compile(r"[0-9a-fA-F]{64}")
_CLIENT_SEED = re.compile(r"[\x20-\x7e]{1,64}")


def new_server_seed() -> str:
    """A fresh server seed: 32 bytes from the OS CSPRNG, as 64 lowercase hex digits."""
    return secrets.token_hex(SEED_BYTES)


def new_client_seed() -> str:
    """A client seed for a player who does not choose one: 8 random bytes as 16 hex digits.

    The player may replace it with any seed of their own before the shoe is dealt; only a seed the
    player chose (or at least saw) after seeing the commitment protects them against a server that
    searches for a server seed favourable to a client seed it already knows.
    """
    return secrets.token_hex(8)


def _hex64(text: object, what: str, code: str) -> str:
    if not isinstance(text, str):
        raise SeedError(f"{what} must be a string of 64 hexadecimal digits, got {text!r}")
    if _HEX64.fullmatch(text) is None:
        raise SeedError(code, size=SEED_BYTES, text=text, length=len(text))
    return text.lower()


def check_server_seed(seed: str) -> str:
    """The server seed in its canonical form (lowercase), or a :class:`SeedError` quoting it.

    >>> check_server_seed("AB" * 32) == "ab" * 32
    True
    """
    return _hex64(seed, "server seed", "server_seed_format")


def check_commitment(text: str) -> str:
    """A commitment in its canonical form (lowercase), or a :class:`SeedError` quoting it."""
    return _hex64(text, "commitment", "commitment_format")


def check_client_seed(seed: str) -> str:
    """The client seed unchanged if it is valid, else a :class:`SeedError` quoting it.

    >>> check_client_seed("lucky 7")
    'lucky 7'
    >>> check_client_seed(" lucky")
    Traceback (most recent call last):
    ...
    baccarat.fair.errors.SeedError: client seed must not start or end with a space, got ' lucky'
    """
    if not isinstance(seed, str):
        raise SeedError(f"client seed must be a string, got {seed!r}")
    if _CLIENT_SEED.fullmatch(seed) is None:
        raise SeedError(
            "client_seed_format", most=CLIENT_SEED_MAX_LENGTH, seed=seed, length=len(seed)
        )
    if seed != seed.strip(" "):
        raise SeedError("client_seed_spaces", seed=seed)
    return seed


def check_shoe_number(number: int) -> int:
    """The shoe number if it is a whole number from 1 to 2**64 - 1, else a :class:`FairError`.

    >>> check_shoe_number(0)
    Traceback (most recent call last):
    ...
    baccarat.fair.errors.FairError: shoe number must be a whole number from 1 to 18446744073709551615, got 0
    """
    if (
        isinstance(number, bool)
        or not isinstance(number, int)
        or not 1 <= number <= MAX_SHOE_NUMBER
    ):
        raise FairError("shoe_number", most=MAX_SHOE_NUMBER, number=number)
    return number


def server_seed_bytes(seed: str) -> bytes:
    """The 32 bytes a server seed stands for (the HMAC key and the input of the commitment)."""
    return bytes.fromhex(check_server_seed(seed))


def commitment(server_seed: str) -> str:
    """SHA-256 of the server seed's 32 bytes, as 64 lowercase hex digits (shown before the shoe)."""
    return hashlib.sha256(server_seed_bytes(server_seed)).hexdigest()


def commitment_matches(server_seed: str, shown: str) -> bool:
    """Whether ``shown`` (a commitment, any case) is the commitment of ``server_seed``.

    >>> commitment_matches("00" * 32, commitment("00" * 32).upper())
    True
    >>> commitment_matches("00" * 31 + "01", commitment("00" * 32))
    False
    """
    # compare_digest: not secret here, but it costs nothing and a reader need not wonder.
    return hmac.compare_digest(commitment(server_seed), check_commitment(shown))


ROOM_SEEDS_PREFIX = b"baccarat room client seeds v1\n"
"""What the combined client seed of a room's shoe hashes first (names the scheme's version)."""


def combine_client_seeds(seeds: Iterable[str]) -> str:
    """The client seed of a room's shoe, made of every contribution received before its first
    coup: SHA-256 of :data:`ROOM_SEEDS_PREFIX` then the seeds sorted (as ASCII bytes) and each
    followed by a newline, as 64 lowercase hex digits (a valid client seed itself).

    Sorting makes the result independent of the order of arrival, so anyone holding the list can
    recompute it; a newline never occurs in a client seed, so no two lists give the
    same bytes (two players may choose the same seed: both count).
    A shoe nobody contributed to combines the empty list. ``docs/fair.md`` has the scheme.

    >>> combine_client_seeds(["b", "a"]) == combine_client_seeds(["a", "b"])
    True
    >>> combine_client_seeds([]) == hashlib.sha256(ROOM_SEEDS_PREFIX).hexdigest()
    True
    >>> combine_client_seeds(["a", "a"]) != combine_client_seeds(["a"])
    True
    """
    checked = sorted(check_client_seed(seed) for seed in seeds)
    digest = hashlib.sha256(ROOM_SEEDS_PREFIX)
    for seed in checked:
        digest.update(seed.encode("ascii") + b"\n")
    return digest.hexdigest()
