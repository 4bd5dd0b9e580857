"""Errors of the domain core.

Every error is a :class:`ValueError` subclass and quotes the input that caused it, so a caller can
show it to a user as it is:

>>> from baccarat.core.cards import Card
>>> Card.parse("1x")
Traceback (most recent call last):
...
baccarat.core.errors.UnknownCardError: unknown card '1x': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar

__all__ = [
    "BaccaratError",
    "CardError",
    "NotEnoughCardsError",
    "ShoeError",
    "TableauError",
    "TemplatedError",
    "UnknownCardError",
    "UnknownRankError",
]


class BaccaratError(ValueError):
    """Base class of every error the package raises for bad input."""


def _english_amount(minor: int) -> str:
    from baccarat.core.money import format_points  # money imports this module

    text = format_points(minor)
    return f"{text} point" if text == "1" else f"{text} points"


def _plain_points(minor: int) -> str:
    from baccarat.core.money import format_points

    return format_points(minor)


class TemplatedError(BaccaratError):
    """An error with a stable ``code`` and the ``params`` its message is made from.

    The English ``template`` is data, like the explanation templates: another layer looks up the
    same template in a language and renders it with :meth:`render`, so a page or the command line
    shows the message in the reader's language while ``str()`` stays English. Parameters named in
    ``points`` are amounts in minor units shown as a number of points (the template says
    ``points`` itself); those in ``amounts`` are shown with their unit (``1 point``,
    ``0.5 points``); a parameter that is itself a :class:`TemplatedError` is rendered in turn.

    >>> class LateError(TemplatedError):
    ...     code = "late"
    ...     template = "stake of {stake} on {bet!r} came after the deal"
    ...     amounts = frozenset({"stake"})
    >>> err = LateError(stake=150, bet="tie")
    >>> str(err), err.code, err.params
    ("stake of 1.5 points on 'tie' came after the deal", 'late', {'stake': 150, 'bet': 'tie'})
    """

    code: ClassVar[str] = "error"
    template: ClassVar[str] = "{detail}"
    points: ClassVar[frozenset[str]] = frozenset()
    amounts: ClassVar[frozenset[str]] = frozenset()

    def __init__(self, **params: object) -> None:
        self.params: Mapping[str, object] = params
        super().__init__(self.render(self.template, _plain_points, _english_amount, str))

    def __reduce__(self) -> tuple[Callable[..., TemplatedError], tuple[object, ...]]:
        # Rebuilt from its parameters (not the message), so a refusal raised in a worker process
        # (the simulator's, Dask's) unpickles as itself; the default passes the message instead.
        return _rebuild, (type(self), dict(self.params))

    def render(
        self,
        template: str,
        points: Callable[[int], str],
        amount: Callable[[int], str],
        nested: Callable[[TemplatedError], str],
        overrides: Mapping[str, object] | None = None,
    ) -> str:
        """``template`` (this error's, or its translation) filled with the parameters; those in
        ``overrides`` are shown as given there (a word in the reader's language)."""
        shown: dict[str, object] = {}
        for key, value in self.params.items():
            if overrides and key in overrides:
                shown[key] = overrides[key]
            elif isinstance(value, TemplatedError):
                shown[key] = nested(value)
            elif isinstance(value, int) and not isinstance(value, bool) and key in self.points:
                shown[key] = points(value)
            elif isinstance(value, int) and not isinstance(value, bool) and key in self.amounts:
                shown[key] = amount(value)
            else:
                shown[key] = value
        return template.format(**shown)


def _rebuild(cls: type[TemplatedError], params: dict[str, object]) -> TemplatedError:
    return cls(**params)


class CardError(BaccaratError):
    """A card or list of cards that cannot be parsed or is impossible."""


class UnknownRankError(CardError, TemplatedError):
    code = "unknown_rank"
    template = "unknown rank {text!r}: expected one of A 2-9 T/10 J Q K"


class UnknownCardError(CardError, TemplatedError):
    code = "unknown_card"
    template = "unknown card {text!r}: expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)"


class NotEnoughCardsError(CardError, TemplatedError):
    """Fewer cards than a coup of the game needs (``cards``: the cards given, or empty)."""

    code = "not_enough_cards"
    template = (
        "not enough cards for a coup: got {count} ({cards!r}), a coup needs {least} to {most}"
    )


class ShoeError(BaccaratError):
    """A shoe that cannot be built (decks, cut card) or cannot deal what was asked."""


class TableauError(BaccaratError):
    """Draw-rule data that is malformed."""
