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

import re
import string
from collections.abc import Callable, Mapping
from typing import ClassVar

from baccarat.core.points import english_amount, format_points

__all__ = [
    "COMMAND_PLACES",
    "MAX_SHOWN",
    "PLACES",
    "BaccaratError",
    "CardError",
    "ShoeError",
    "TableauError",
    "TemplatedError",
    "quoted_fields",
    "shown_input",
]


class BaccaratError(ValueError):
    """Base class of every error the package raises for bad input."""


UNTRANSLATED = "error"
"""The code of a refusal given as an English sentence (its ``detail``), with no template yet."""
_CODE = re.compile(r"[a-z][a-z0-9_]*")

MAX_SHOWN = 80
"""The most characters of its input a message quotes; a longer input is cut, with an ellipsis."""


def shown_input(text: str) -> str:
    """``text`` as a message quotes it: at most :data:`MAX_SHOWN` characters, then ``…``.

    >>> shown_input("7c 2s"), len(shown_input("9c " * 1000))
    ('7c 2s', 81)
    """
    return text if len(text) <= MAX_SHOWN else text[:MAX_SHOWN] + "…"


PLACES = frozenset({"path"})
"""Parameters that name a file, quoted whole: a person copies them to act on the message, and
the system bounds their length. A database URL or a server's address is input like any other
(nothing bounds an option's value): quoted, it is cut to :data:`MAX_SHOWN` characters, a
password hidden first (:func:`baccarat.store.schema.shown_url`)."""

COMMAND_PLACES = frozenset({"url", "address"})
"""Parameters cut where a message quotes them (``{url!r}``) but whole where it writes them bare
in a command to copy (``baccarat ledger repair --database {url}``, ``dask worker {address}``):
a command cut short would not work."""


def quoted_fields(template: str) -> frozenset[str]:
    """The parameters ``template`` quotes as input (``{text!r}``), a place's name apart.

    >>> sorted(quoted_fields("unknown card {text!r} in {path!r}"))
    ['text']
    >>> sorted(quoted_fields("cannot open the database {url!r}: {reason}"))
    ['url']
    """
    return frozenset(
        name
        for _, name, _, conversion in string.Formatter().parse(template)
        if name and conversion == "r" and name not in PLACES
    )


class TemplatedError(BaccaratError):
    """An error of one kind, with a stable ``code`` and the ``params`` its message is made from.

    Each kind of error (a card, a shoe, a bet, a stake, ...) is one class that callers catch; its
    messages are data: ``templates`` maps each code to its English template, as the explanations
    map reason codes to sentences. Another layer looks up the same template in a language and
    renders it with :meth:`render`, so a page or the command line shows the message in the reader's
    language while ``str()`` stays English. The parameters listed under a code in ``points`` are
    amounts in minor units shown as a number of points (the template says ``points`` itself);
    those in ``amounts`` are shown with their unit (``1 point``, ``0.5 points``); a parameter that
    is itself a :class:`TemplatedError` is rendered in turn.

    >>> class LateError(TemplatedError):
    ...     templates = {"late": "stake of {stake} on {bet!r} came after the deal"}
    ...     amounts = {"late": frozenset({"stake"})}
    >>> err = LateError("late", stake=150, bet="tie")
    >>> str(err), err.code, err.params
    ("stake of 1.5 points on 'tie' came after the deal", 'late', {'stake': 150, 'bet': 'tie'})

    A sentence instead of a code is a refusal with no template yet, shown as it is:

    >>> str(LateError("the shoe is closed")), LateError("the shoe is closed").code
    ('the shoe is closed', 'error')
    """

    templates: ClassVar[Mapping[str, str]] = {}
    points: ClassVar[Mapping[str, frozenset[str]]] = {}
    amounts: ClassVar[Mapping[str, frozenset[str]]] = {}

    def __init__(self, code: str, /, **params: object) -> None:
        if code not in self.templates:
            # A bare word is a misspelt code; a sentence is a message with no template yet.
            if params or _CODE.fullmatch(code):
                raise KeyError(f"{type(self).__name__} has no message {code!r}")
            code, params = UNTRANSLATED, {"detail": code}
        self.code = code
        self.params: Mapping[str, object] = params
        super().__init__(self.render(self.template, format_points, english_amount, str))

    @property
    def template(self) -> str:
        """The English template of this error's code."""
        return "{detail}" if self.code == UNTRANSLATED else self.templates[self.code]

    def __reduce__(self) -> tuple[Callable[..., TemplatedError], tuple[object, ...]]:
        # Rebuilt from its code and parameters (not the message), so a refusal raised in a worker
        # process (the simulator's, Dask's) unpickles as itself; the default passes the message.
        return _rebuild, (type(self), self.code, dict(self.params))

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
        as_points = self.points.get(self.code, frozenset())
        as_amounts = self.amounts.get(self.code, frozenset())
        # The input a message quotes is cut to its first MAX_SHOWN characters, in every language.
        quoted = quoted_fields(self.template) | quoted_fields(template)
        shown: dict[str, object] = {}
        for key, value in self.params.items():
            if overrides and key in overrides:
                shown[key] = overrides[key]
            elif isinstance(value, TemplatedError):
                shown[key] = nested(value)
            elif isinstance(value, int) and not isinstance(value, bool) and key in as_points:
                shown[key] = points(value)
            elif isinstance(value, int) and not isinstance(value, bool) and key in as_amounts:
                shown[key] = amount(value)
            elif key in quoted and key in COMMAND_PLACES and isinstance(value, str):
                shown[key], shown[f"{key}__quoted"] = value, shown_input(value)
            elif key in quoted and isinstance(value, str):
                shown[key] = shown_input(value)
            else:
                shown[key] = value
        return _quoted_apart(template, quoted & COMMAND_PLACES).format(**shown)


def _quoted_apart(template: str, names: frozenset[str]) -> str:
    """``template`` with each ``{name!r}`` of ``names`` read from ``name__quoted`` (the value cut
    short), the bare ``{name}`` left to the whole value.

    >>> _quoted_apart("at {url!r}: repair --database {url}", frozenset({"url"}))
    'at {url__quoted!r}: repair --database {url}'
    """
    if not names:
        return template
    parts: list[str] = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        parts.append(literal.replace("{", "{{").replace("}", "}}"))
        if name is None:
            continue
        field = f"{name}__quoted" if conversion == "r" and name in names else name
        parts.append(
            "{"
            + field
            + (f"!{conversion}" if conversion else "")
            + (f":{spec}" if spec else "")
            + "}"
        )
    return "".join(parts)


def _rebuild(cls: type[TemplatedError], code: str, params: dict[str, object]) -> TemplatedError:
    return cls(str(params["detail"])) if code == UNTRANSLATED else cls(code, **params)


class CardError(TemplatedError):
    """A card or list of cards that cannot be parsed or is impossible."""

    templates: ClassVar[Mapping[str, str]] = {
        # A line of ``deal --cards -`` that is not a coup (``detail``: why).
        "cards_line": "line {number}: {detail}",
        "extra_cards": "a coup uses at most 6 cards, got {count}: {cards!r}",
        "not_enough_banque_cards": (
            "not enough cards for a Banque coup: got {count}, a coup needs {least} to {most}"
        ),
        # Fewer cards than a coup of the game needs (``cards``: the cards given, or empty).
        "not_enough_cards": (
            "not enough cards for a coup: got {count} ({cards!r}), a coup needs {least} to {most}"
        ),
        # Cards given for one coup past its last card (``cards``: those left over).
        "unused_cards": "the coup uses {used} of the {count} cards given: {cards!r} is left over",
        "unknown_card": "unknown card {text!r}: expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)",
        "unknown_rank": "unknown rank {text!r}: expected one of A 2-9 T/10 J Q K",
    }


class ShoeError(TemplatedError):
    """A shoe that cannot be built (decks, cut card) or cannot deal what was asked."""

    templates: ClassVar[Mapping[str, str]] = {
        "bad_decks": "decks must be a whole number of at least 1, got {decks!r}",
        "cut_card_outside": (
            "cut card {cut_card!r} is outside the shoe: with {decks} deck(s) it must lie "
            "{least} to {most} cards from the end"
        ),
        "shoe_ended": "the shoe has ended: the cut card came out; shuffle a new shoe",
        "shoe_order_size": "a {decks}-deck shoe holds {size} cards, the order given has {given}",
        "shoe_ran_out": "the shoe ran out of cards in the middle of a coup",
    }


class TableauError(TemplatedError):
    """Draw-rule data that is malformed."""

    templates: ClassVar[Mapping[str, str]] = {
        # A tableau with a choice, which the exact analyzer cannot price.
        "choice_tableau": (
            "tableau {tableau!r} leaves a hand a choice (an option cell): the exact "
            "analyzer needs fixed rules, so settle each option as draw or stand first"
        ),
        "no_fixed_answer": "tableau {tableau!r} leaves a hand a choice: no fixed answer",
    }
