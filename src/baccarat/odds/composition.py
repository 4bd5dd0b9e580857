"""What is in the shoe: a count for every card (rank and suit), or the infinite deck.

Totals and draws depend only on card *values*; the pair bets need *ranks* and the Perfect Pair
needs *suits*. A :class:`Composition` therefore keeps one count per card of the 52, so every bet is
priced exactly. A fresh shoe of ``D`` decks holds ``D`` of each card.

When only counts per rank are known (a partly dealt shoe described by rank, the usual way a player
tracks it), the suits are taken **as even as possible**: a rank with ``4q + m`` cards left has ``q``
of each suit plus one more in the first ``m`` suits (clubs, diamonds, hearts, spades). Which suits
get the extra cards changes nothing: every bet is symmetric in the suits. Evenness does matter to
the Perfect Pair (an even spread makes a suited pair least likely); give exact cards (with
:meth:`Composition.parse` keys such as ``As``, or :meth:`Composition.without`) when they are known.

>>> shoe = Composition.decks(8)
>>> shoe.size, shoe.rank_counts[0], shoe.value_counts[0]
(416, 32, 128)
>>> print(Composition.parse("A:3, 5:2, Kh:1, Ks:1"))
A:3,5:2,Kh:1,Ks:1
>>> Composition.parse("A:3,5:3").rank_counts[:5]
(3, 0, 0, 0, 3)
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from baccarat.core.cards import RANKS, SUITS, Card, Rank
from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.numerals import ascii_numeral

__all__ = ["CARDS", "MIN_CARDS", "Composition", "CompositionError", "card_index"]

MIN_CARDS = 6
"""A coup can take six cards, and the analyzer counts ordered six-card sequences."""

CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for rank in RANKS for suit in SUITS)
"""The 52 distinct cards in the order of :attr:`Composition.counts` (rank, then suit)."""

_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


class CompositionError(TemplatedError):
    """A shoe composition that cannot exist or cannot be read."""

    templates: ClassVar[Mapping[str, str]] = {
        "composition_bad_card_count": "card counts must be whole numbers of at least 0: {bad}",
        "composition_count_not_integer": "a count must be a whole number: {what}:{count!r}",
        "composition_count_not_whole": (
            "cannot read composition {text!r}: count {count!r} for {key!r} is not a whole number"
        ),
        "composition_counts_length": "a composition needs a count for each of the 52 cards, got {count}",
        "composition_decks": "decks must be a whole number of at least 1, got {decks!r}",
        "composition_key_twice": "cannot read composition {text!r}: {key!r} is given twice",
        "composition_names_no_cards": "cannot read composition {text!r}: it names no cards",
        "composition_negative_count": "a count cannot be negative: {what}:{count}",
        "composition_negative_token": "a count cannot be negative: {token} (in {text!r})",
        "composition_no_more_of_card": "cannot remove {card}: the shoe holds no more of it",
        "composition_none_of_rank": "cannot remove a {rank}: the shoe holds none",
        "composition_not_key_count": "cannot read composition {text!r}: expected KEY:COUNT, got {token!r}",
        "composition_rank_and_card": (
            "cannot read composition {text!r}: rank {rank} is given both as a rank and by card"
        ),
        "composition_rank_counts_length": "expected 13 counts (A to K), got {count}",
        "composition_too_few_cards": (
            "a shoe of {count} card(s) ({composition}) cannot deal a coup: at least "
            "{least} cards are needed"
        ),
        "composition_uneven_infinite": "the infinite deck weighs every card equally",
        "composition_unknown_key": (
            "cannot read composition {text!r}: unknown rank or card {key!r} (expected A "
            "2-9 T/10 J Q K, or a card such as As)"
        ),
    }


def card_index(card: Card) -> int:
    """The position of ``card`` in :attr:`Composition.counts`: ``(rank - 1) * 4 + suit``.

    >>> card_index(Card.parse("Ac")), card_index(Card.parse("Ks"))
    (0, 51)
    """
    return (int(card.rank) - 1) * 4 + _SUIT_INDEX[card.suit]


def _even_suits(n: int) -> tuple[int, int, int, int]:
    q, m = divmod(n, 4)
    return (q + (m > 0), q + (m > 1), q + (m > 2), q)


@dataclass(frozen=True, slots=True)
class Composition:
    """The cards a coup is dealt from: a count per card, or the infinite deck.

    ``counts`` has 52 entries, rank-major (A, 2, …, K) and then suit (clubs, diamonds, hearts,
    spades), as in :data:`CARDS`. For the infinite deck (cards drawn with replacement, each of the
    52 equally likely on every draw) ``counts`` is all ones and ``infinite`` is true.
    Build one with :meth:`decks`, :meth:`infinite_deck`, :meth:`from_rank_counts`,
    :meth:`from_cards` or :meth:`parse`.
    """

    counts: tuple[int, ...]
    infinite: bool = False

    def __post_init__(self) -> None:
        if len(self.counts) != len(CARDS):
            raise CompositionError("composition_counts_length", count=len(self.counts))
        bad = [
            f"{card}:{n!r}"
            for card, n in zip(CARDS, self.counts, strict=True)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0
        ]
        if bad:
            raise CompositionError("composition_bad_card_count", bad=bad[0])
        if self.infinite and any(n != 1 for n in self.counts):
            raise CompositionError("composition_uneven_infinite")
        if not self.infinite and sum(self.counts) < MIN_CARDS:
            raise CompositionError(
                "composition_too_few_cards",
                count=sum(self.counts),
                composition=str(self),
                least=MIN_CARDS,
            )

    # --- constructors ------------------------------------------------------------------------

    @classmethod
    def decks(cls, decks: int) -> Composition:
        """A fresh shoe of ``decks`` full decks.

        >>> Composition.decks(0)
        Traceback (most recent call last):
        ...
        baccarat.odds.composition.CompositionError: decks must be a whole number of at least 1, got 0
        """
        if isinstance(decks, bool) or not isinstance(decks, int) or decks < 1:
            raise CompositionError("composition_decks", decks=decks)
        return cls((decks,) * len(CARDS))

    @classmethod
    def infinite_deck(cls) -> Composition:
        """The infinite deck: every card equally likely on every draw, whatever came before."""
        return cls((1,) * len(CARDS), infinite=True)

    @classmethod
    def from_rank_counts(cls, counts: Mapping[Rank, int] | Sequence[int]) -> Composition:
        """Cards left by rank (a mapping, or 13 counts A..K); suits as even as possible.

        >>> Composition.from_rank_counts([1] * 12 + [-1])
        Traceback (most recent call last):
        ...
        baccarat.odds.composition.CompositionError: a count cannot be negative: K:-1
        """
        if isinstance(counts, Mapping):
            by_rank = [counts.get(rank, 0) for rank in RANKS]
        else:
            by_rank = list(counts)
            if len(by_rank) != len(RANKS):
                raise CompositionError("composition_rank_counts_length", count=len(by_rank))
        for rank, n in zip(RANKS, by_rank, strict=True):
            _check_count(rank.symbol, n)
        return cls(tuple(c for n in by_rank for c in _even_suits(n)))

    @classmethod
    def from_cards(cls, cards: Iterable[Card]) -> Composition:
        """Exactly these cards (repeats allowed, as in a multi-deck shoe)."""
        counts = [0] * len(CARDS)
        for card in cards:
            counts[card_index(card)] += 1
        return cls(tuple(counts))

    @classmethod
    def parse(cls, text: str) -> Composition:
        """Read ``"A:31,2:32,…,K:32"``: ranks (``A 2-9 T/10 J Q K``) or cards (``As``) with counts.

        A rank spreads its count over the suits as evenly as possible; a card sets that card's
        count. Ranks and cards not named count zero. Separators: commas and/or spaces.

        >>> Composition.parse("A:31,Z:4")
        Traceback (most recent call last):
        ...
        baccarat.odds.composition.CompositionError: cannot read composition 'A:31,Z:4': unknown rank or card 'Z' (...)
        >>> Composition.parse("A:3,2:2")
        Traceback (most recent call last):
        ...
        baccarat.odds.composition.CompositionError: a shoe of 5 card(s) (A:3,2:2) cannot deal a coup: ...
        """
        tokens = [t for t in re.split(r"[\s,]+", text.strip()) if t]
        if not tokens:
            raise CompositionError("composition_names_no_cards", text=text)
        counts = [0] * len(CARDS)
        seen: set[str] = set()
        ranks_given: set[Rank] = set()
        cards_given: set[Rank] = set()

        for token in tokens:
            key, sep, raw = token.partition(":")
            if not sep or not key:
                raise CompositionError("composition_not_key_count", text=text, token=token)
            try:
                n = int(ascii_numeral(raw))
            except ValueError:
                raise CompositionError(
                    "composition_count_not_whole", text=text, count=raw, key=key
                ) from None
            if n < 0:
                raise CompositionError("composition_negative_token", token=token, text=text)
            norm = key.strip().upper()
            if norm in seen:
                raise CompositionError("composition_key_twice", text=text, key=key)
            seen.add(norm)
            target = _parse_key(key)
            if target is None:
                raise CompositionError("composition_unknown_key", text=text, key=key)
            if isinstance(target, Rank):
                if target in cards_given:
                    raise CompositionError(
                        "composition_rank_and_card", text=text, rank=target.symbol
                    )
                ranks_given.add(target)
                base = (int(target) - 1) * 4
                counts[base : base + 4] = _even_suits(n)
            else:
                if target.rank in ranks_given:
                    raise CompositionError(
                        "composition_rank_and_card", text=text, rank=target.rank.symbol
                    )
                cards_given.add(target.rank)
                counts[card_index(target)] = n
        return cls(tuple(counts))

    # --- views -------------------------------------------------------------------------------

    @property
    def size(self) -> int:
        """Cards in the shoe (52 for the infinite deck, whose counts are weights)."""
        return sum(self.counts)

    @property
    def rank_counts(self) -> tuple[int, ...]:
        """Counts per rank, A to K."""
        c = self.counts
        return tuple(sum(c[i : i + 4]) for i in range(0, len(c), 4))

    @property
    def value_counts(self) -> tuple[int, ...]:
        """Counts per point value 0-9 (tens and court cards are worth 0)."""
        values = [0] * 10
        for rank, n in zip(RANKS, self.rank_counts, strict=True):
            values[rank.value_points] += n
        return tuple(values)

    def count(self, card: Card) -> int:
        """How many of ``card`` the shoe holds."""
        return self.counts[card_index(card)]

    @property
    def full_decks(self) -> int | None:
        """``D`` when this is exactly a fresh shoe of ``D`` decks, else None."""
        first = self.counts[0]
        if self.infinite or any(n != first for n in self.counts):
            return None
        return first

    # --- changes -----------------------------------------------------------------------------

    def without(self, cards: Iterable[Card]) -> Composition:
        """The shoe after these cards have left it (for the infinite deck, the same deck).

        >>> Composition.decks(1).without([Card.parse("As")]).count(Card.parse("As"))
        0
        >>> Composition.decks(1).without([Card.parse("As")] * 2)
        Traceback (most recent call last):
        ...
        baccarat.odds.composition.CompositionError: cannot remove As: the shoe holds no more of it
        """
        if self.infinite:
            return self
        counts = list(self.counts)
        for card in cards:
            i = card_index(card)
            if counts[i] == 0:
                raise CompositionError("composition_no_more_of_card", card=str(card))
            counts[i] -= 1
        return Composition(tuple(counts))

    def without_rank(self, rank: Rank) -> Composition:
        """The shoe less one card of ``rank``, taken from its most plentiful suit.

        Taking the most plentiful suit keeps the suits as even as possible (the assumption used
        for rank counts); in a fresh shoe every suit is the same.
        """
        base = (int(rank) - 1) * 4
        suits = self.counts[base : base + 4]
        if max(suits) == 0:
            raise CompositionError("composition_none_of_rank", rank=rank.symbol)
        suit = SUITS[suits.index(max(suits))]
        return self.without([Card(rank, suit)])

    # --- text --------------------------------------------------------------------------------

    def describe(self) -> str:
        """A short title: ``8 decks``, ``infinite deck`` or the counts.

        >>> Composition.decks(1).describe(), Composition.infinite_deck().describe()
        ('1 deck', 'infinite deck')
        """
        if self.infinite:
            return "infinite deck"
        decks = self.full_decks
        if decks is not None:
            return f"{decks} deck" + ("s" if decks != 1 else "")
        return f"{self.size} cards: {self}"

    def __str__(self) -> str:
        """The counts as :meth:`parse` reads them back (ranks where the suits are even)."""
        if self.infinite:
            return "infinite"
        parts: list[str] = []
        for rank in RANKS:
            base = (int(rank) - 1) * 4
            suits = self.counts[base : base + 4]
            if sum(suits) == 0:
                continue
            if suits == _even_suits(sum(suits)):
                parts.append(f"{rank.symbol}:{sum(suits)}")
            else:
                parts += [
                    f"{rank.symbol}{suit.value}:{n}"
                    for suit, n in zip(SUITS, suits, strict=True)
                    if n
                ]
        return ",".join(parts)


def _check_count(what: str, n: object) -> None:
    if isinstance(n, bool) or not isinstance(n, int):
        raise CompositionError("composition_count_not_integer", what=what, count=n)
    if n < 0:
        raise CompositionError("composition_negative_count", what=what, count=n)


def _parse_key(key: str) -> Rank | Card | None:
    key = key.strip()
    try:
        return Rank.parse(key)
    except BaccaratError:
        pass
    try:
        return Card.parse(key)
    except BaccaratError:
        return None
