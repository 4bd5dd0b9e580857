"""Where a card lies in a coup and what a bet may read of it: positions, groups and attributes.

A coup deals up to six cards, each at a :class:`Position` named as a table names them: ``P1``
``B1`` ``P2`` ``B2`` (the first four, always dealt) and ``P3`` ``B3`` (the third cards, dealt
only when the tableau draws). A :class:`Group` names several positions at once (every card dealt,
or one side's), and a :class:`CardAttribute` is what a bet reads of a card: its rank, suit,
colour or point value.

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> coup = Coup.from_cards(parse_cards("7c 2s Kd 3h 4c"))
>>> Position.B3.card_of(coup), Position.P3.card_of(coup), Position.parse("b1")
(Card.parse('4c'), None, <Position.B1: 'B1'>)
>>> CardAttribute.COLOUR.of(Position.B2.card_of(coup)), [str(p) for p in Group.BANKER.positions]
(<Colour.RED: 'red'>, ['B1', 'B2', 'B3'])
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING

from baccarat.core.cards import RANKS, SUITS, Card, Colour, Rank, Suit
from baccarat.core.tableau import Side

if TYPE_CHECKING:
    from baccarat.core.coup import Coup

__all__ = ["AttributeValue", "CardAttribute", "Group", "Position"]


class Position(enum.Enum):
    """A card's place in the coup, in dealing order: P1 B1 P2 B2, then the third cards P3 B3."""

    P1 = "P1"
    B1 = "B1"
    P2 = "P2"
    B2 = "B2"
    P3 = "P3"
    B3 = "B3"

    @property
    def slot(self) -> int:
        """0-5: the order in which the positions are named (P3 is dealt before B3)."""
        return _SLOTS[self]

    @property
    def side(self) -> Side:
        return Side.PLAYER if self.value[0] == "P" else Side.BANKER

    @property
    def third(self) -> bool:
        """Whether this is a third card, which the coup may not deal."""
        return self in (Position.P3, Position.B3)

    def card_of(self, coup: Coup) -> Card | None:
        """The card at this position in ``coup`` (None for a third card not dealt)."""
        cards = coup.hand(self.side).cards
        number = int(self.value[1]) - 1
        return cards[number] if number < len(cards) else None

    @classmethod
    def parse(cls, text: object) -> Position | None:
        """The position written ``P1``..``B3`` (any case), or None."""
        if not isinstance(text, str):
            return None
        return _BY_NAME.get(text.strip().upper())

    def __str__(self) -> str:
        return self.value


_SLOTS = {position: slot for slot, position in enumerate(Position)}
_BY_NAME = {position.value: position for position in Position}


class Group(enum.Enum):
    """Several positions named at once: a relation over a group reads the cards dealt there."""

    ALL = "all"
    """Every card the coup deals (four to six)."""
    PLAYER = "player"
    """The Player's cards (two or three)."""
    BANKER = "banker"
    """The Banker's cards (two or three)."""

    @property
    def positions(self) -> tuple[Position, ...]:
        if self is Group.ALL:
            return tuple(Position)
        side = Side.PLAYER if self is Group.PLAYER else Side.BANKER
        return tuple(p for p in Position if p.side is side)


AttributeValue = Rank | Suit | Colour | int
"""What an attribute of a card can be: a rank, a suit, a colour or a point value."""


class CardAttribute(enum.Enum):
    """What a bet may read of one card."""

    RANK = "rank"
    """``A``, ``2``..``9``, ``T``, ``J``, ``Q``, ``K``."""
    SUIT = "suit"
    """``c``, ``d``, ``h``, ``s`` (clubs, diamonds, hearts, spades)."""
    COLOUR = "colour"
    """``red`` (diamonds and hearts) or ``black`` (clubs and spades)."""
    VALUE = "value"
    """The point value, 0-9."""

    @property
    def choices(self) -> tuple[AttributeValue, ...]:
        """Every value this attribute can take, in order."""
        return _ATTRIBUTE_CHOICES[self]

    def of(self, card: Card) -> AttributeValue:
        """This attribute of ``card``."""
        if self is CardAttribute.RANK:
            return card.rank
        if self is CardAttribute.SUIT:
            return card.suit
        if self is CardAttribute.COLOUR:
            return card.colour
        return card.value

    def parse(self, raw: object) -> AttributeValue | None:
        """One value as written in TOML (``"K"``, ``"h"``, ``"red"``, ``5``), or None if unreadable.

        >>> CardAttribute.RANK.parse("10"), CardAttribute.SUIT.parse("Hearts")
        (<Rank.TEN: 10>, <Suit.HEARTS: 'h'>)
        >>> CardAttribute.VALUE.parse(True), CardAttribute.COLOUR.parse("green")
        (None, None)
        """
        if self is CardAttribute.VALUE:
            ok = isinstance(raw, int) and not isinstance(raw, bool) and 0 <= raw <= 9
            return raw if ok else None  # type: ignore[return-value]
        if not isinstance(raw, str):
            return None
        text = raw.strip().lower()
        if self is CardAttribute.RANK:
            return _RANK_NAMES.get(text)
        if self is CardAttribute.SUIT:
            return _SUIT_NAMES.get(text)
        return next((c for c in Colour if c.value == text), None)


_ATTRIBUTE_CHOICES: dict[CardAttribute, tuple[AttributeValue, ...]] = {
    CardAttribute.RANK: RANKS,
    CardAttribute.SUIT: SUITS,
    CardAttribute.COLOUR: tuple(Colour),
    CardAttribute.VALUE: tuple(range(10)),
}
_RANK_NAMES = {r.symbol.lower(): r for r in RANKS} | {"10": Rank.TEN}
_SUIT_NAMES = {s.value: s for s in SUITS} | {s.name.lower(): s for s in SUITS}
