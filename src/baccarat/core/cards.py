"""Ranks, suits and cards: point values, parsing and formatting.

A card is written as its rank and suit: ``Ks``, ``Th`` (or ``10h``), ``9d``, ``Ac``; the Unicode
suits are accepted too (``K♠``). Output is always the two-character ASCII form.

>>> card = Card.parse("10h")
>>> card, card.value
(Card.parse('Th'), 0)
>>> [str(c) for c in parse_cards("K♠ 9d, Ac")]
['Ks', '9d', 'Ac']
>>> Card.parse("Qs").value, Card.parse("Ad").value, Card.parse("7c").value
(0, 1, 7)
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable
from dataclasses import dataclass

from baccarat.core.errors import CardError

__all__ = [
    "RANKS",
    "SUITS",
    "TEN_VALUED",
    "Card",
    "Colour",
    "Rank",
    "Suit",
    "format_cards",
    "full_deck",
    "parse_cards",
    "ranks_named",
    "tens_apart",
]


class Rank(enum.IntEnum):
    """A card's rank, numbered 1 (ace) to 13 (king)."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def value_points(self) -> int:
        """Baccarat point value: ace 1, two to nine at face value, ten and the court cards 0."""
        return int(self) if self <= 9 else 0

    @property
    def symbol(self) -> str:
        """One-character ASCII symbol: ``A 2 … 9 T J Q K``."""
        return "A23456789TJQK"[self - 1]

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank symbol; ``10`` is accepted for ten.

        >>> Rank.parse("t"), Rank.parse("10"), Rank.parse("A")
        (<Rank.TEN: 10>, <Rank.TEN: 10>, <Rank.ACE: 1>)
        """
        key = text.strip().upper()
        if key in _RANK_BY_SYMBOL:
            return _RANK_BY_SYMBOL[key]
        raise CardError("unknown_rank", text=text)


class Suit(enum.Enum):
    """A card's suit, with its ASCII letter as the value."""

    CLUBS = "c"
    DIAMONDS = "d"
    HEARTS = "h"
    SPADES = "s"

    @property
    def symbol(self) -> str:
        """The Unicode suit symbol."""
        return {"c": "♣", "d": "♦", "h": "♥", "s": "♠"}[self.value]

    @property
    def colour(self) -> Colour:
        """Diamonds and hearts are red, clubs and spades black.

        >>> Suit.HEARTS.colour, Suit.CLUBS.colour
        (<Colour.RED: 'red'>, <Colour.BLACK: 'black'>)
        """
        return Colour.RED if self in (Suit.DIAMONDS, Suit.HEARTS) else Colour.BLACK


class Colour(enum.Enum):
    """A card's colour, which its suit gives."""

    RED = "red"
    BLACK = "black"


_RANK_BY_SYMBOL: dict[str, Rank] = {r.symbol: r for r in Rank} | {"10": Rank.TEN}
_SUIT_BY_SYMBOL: dict[str, Suit] = {s.value: s for s in Suit} | {
    "♣": Suit.CLUBS, "♧": Suit.CLUBS,
    "♦": Suit.DIAMONDS, "♢": Suit.DIAMONDS,
    "♥": Suit.HEARTS, "♡": Suit.HEARTS,
    "♠": Suit.SPADES, "♤": Suit.SPADES,
}  # fmt: skip
_CARD_RE = re.compile(r"^(10|[A2-9TJQK])(.)$", re.IGNORECASE)

RANKS: tuple[Rank, ...] = tuple(Rank)
SUITS: tuple[Suit, ...] = tuple(Suit)
TEN_VALUED: tuple[Rank, ...] = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)
"""The ranks worth zero, which ``T`` stands for where ranks are written without J, Q and K."""


def tens_apart(symbols: str) -> bool:
    """Whether rank symbols write the ten-valued ranks apart: they name J, Q or K.

    >>> tens_apart("TA2345"), tens_apart("9TJQK")
    (False, True)
    """
    return any(c in "JQK" for c in symbols.upper())


def ranks_named(symbol: str, *, apart: bool) -> tuple[Rank, ...]:
    """The ranks a rank symbol names, as ``count --tags`` and ``odds --groups`` read ranks: ``T``
    (or ``10``) is every ten-valued rank (:data:`TEN_VALUED`) unless the ten-valued ranks are
    written ``apart`` (J, Q or K named too: :func:`tens_apart`), where it is the ten alone.

    >>> ranks_named("T", apart=False) == TEN_VALUED, ranks_named("t", apart=True)
    (True, (<Rank.TEN: 10>,))
    >>> ranks_named("5", apart=False)
    (<Rank.FIVE: 5>,)
    """
    rank = Rank.parse(symbol)
    return TEN_VALUED if rank is Rank.TEN and not apart else (rank,)


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One playing card. Its :attr:`value` is its baccarat point value."""

    rank: Rank
    suit: Suit

    @property
    def value(self) -> int:
        """Point value (0–9)."""
        return self.rank.value_points

    @property
    def colour(self) -> Colour:
        """Red (diamonds, hearts) or black (clubs, spades)."""
        return self.suit.colour

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card such as ``Ks``, ``10h``, ``Th`` or ``K♠`` (case does not matter).

        >>> Card.parse("js")
        Card.parse('Js')
        """
        match = _CARD_RE.match(text.strip())
        suit = _SUIT_BY_SYMBOL.get(match.group(2).lower()) if match else None
        if match is None or suit is None:
            raise CardError("unknown_card", text=text)
        return cls(_RANK_BY_SYMBOL[match.group(1).upper()], suit)

    def __str__(self) -> str:
        return self.rank.symbol + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"


def parse_cards(text: str) -> tuple[Card, ...]:
    """Read cards separated by spaces and/or commas.

    >>> parse_cards("7c,2s  Kd")
    (Card.parse('7c'), Card.parse('2s'), Card.parse('Kd'))
    >>> parse_cards("7c 2z")
    Traceback (most recent call last):
    ...
    baccarat.core.errors.CardError: unknown card '2z': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)
    """
    return tuple(Card.parse(token) for token in re.split(r"[\s,]+", text.strip()) if token)


def format_cards(cards: Iterable[Card]) -> str:
    """Write cards in the two-character ASCII form, separated by spaces.

    >>> format_cards(parse_cards("10h K♠"))
    'Th Ks'
    """
    return " ".join(str(card) for card in cards)


def full_deck() -> tuple[Card, ...]:
    """The 52 cards of one deck, in rank then suit order.

    >>> len(full_deck()), full_deck()[0], full_deck()[-1]
    (52, Card.parse('Ac'), Card.parse('Ks'))
    """
    return tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
