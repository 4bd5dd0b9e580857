"""Errors of provably fair shoes: every one is a :class:`~baccarat.core.errors.BaccaratError`.

>>> from baccarat.fair.seeds import check_server_seed
>>> check_server_seed("xyz")
Traceback (most recent call last):
...
baccarat.fair.errors.SeedError: server seed must be 64 hexadecimal digits (32 bytes), got 'xyz' (3 characters)
"""

from __future__ import annotations

from baccarat.core.errors import BaccaratError

__all__ = ["ClaimError", "FairError", "SeedError"]


class FairError(BaccaratError):
    """Bad input to a provably fair shoe: a shoe number, a deck count, a tableau."""


class SeedError(FairError):
    """A server seed, client seed or commitment that is malformed."""


class ClaimError(FairError):
    """A dealt coup handed in for verification that cannot be read."""
