"""Errors of the domain core.

Every error is a :class:`ValueError` subclass and quotes the input that caused it, so a caller can
show it to a user as it is:

>>> from baccarat.core.cards import Card
>>> Card.parse("1x")
Traceback (most recent call last):
...
baccarat.core.errors.CardError: unknown card '1x': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)
"""

from __future__ import annotations


class BaccaratError(ValueError):
    """Base class of every error the package raises for bad input."""


class CardError(BaccaratError):
    """A card or list of cards that cannot be parsed or is impossible."""


class ShoeError(BaccaratError):
    """A shoe that cannot be built (decks, cut card) or cannot deal what was asked."""


class TableauError(BaccaratError):
    """Draw-rule data that is malformed."""
