"""The shoe: decks, shuffle, burn, cut card, and dealing coups to the end of the shoe.

The procedure, which the simulator reproduces exactly:

1. The shoe is shuffled (an injected random source: the operating system's CSPRNG by default,
   ``random.Random(seed)`` for reproducible runs) or given in an explicit order.
2. Burn (on by default): the first card is turned face up and that many more cards are burned face
   down, ten for a card worth zero.
3. The cut card lies ``cut_card`` cards from the end. It *comes out* when a coup draws a card at
   or past it. That coup is finished; by default one more coup is dealt; then the shoe ends. The
   shoe never reshuffles in the middle of a coup.

>>> import random
>>> shoe = Shoe.shuffled(ShoeRules(decks=1), random.Random(7))
>>> coups = list(shoe.deal_all())
>>> shoe.finished, len(coups) > 0, shoe.cut_card_out
(True, True, True)
>>> sum(shoe.dealt_counts().values()) + sum(shoe.remaining_counts().values())
52
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from baccarat.core.cards import Card, Rank, full_deck
from baccarat.core.coup import Chooser, Coup, deal_coup
from baccarat.core.errors import ShoeError
from baccarat.core.tableau import PUNTO_BANCO, Tableau

__all__ = [
    "DEFAULT_CUT_CARD",
    "DEFAULT_DECKS",
    "MAX_COUP_CARDS",
    "Shoe",
    "ShoeRules",
    "shuffled_order",
]


MAX_COUP_CARDS = 6
DEFAULT_DECKS = 8
"""The shoe every command, table and study deals when none is named: the casino standard."""
DEFAULT_CUT_CARD = 14
"""Cards behind the cut card when none is named (the published studies place it 14 to 16)."""

_DECK: tuple[Card, ...] = full_deck()
_CODE: dict[Card, int] = {card: code for code, card in enumerate(_DECK)}
"""Each card's number (0 to 51), by which a shoe counts its cards: a ``Counter`` of bytes counts
in C, while counting the cards themselves calls their Python ``__hash__`` once per card (a shoe
is counted on every deal and again for its odds panel: hundreds of cards each time)."""
_RANK_OF_CODE: tuple[Rank, ...] = tuple(card.rank for card in _DECK)


@dataclass(frozen=True, slots=True)
class ShoeRules:
    """How a shoe is made and dealt.

    >>> ShoeRules(decks=0)
    Traceback (most recent call last):
    ...
    baccarat.core.errors.ShoeError: decks must be a whole number of at least 1, got 0
    """

    decks: int = DEFAULT_DECKS
    cut_card: int = DEFAULT_CUT_CARD
    """Cards behind the cut card."""
    burn: bool = True
    one_more_coup: bool = True
    """Deal one more coup after the coup in which the cut card came out."""

    def __post_init__(self) -> None:
        if isinstance(self.decks, bool) or not isinstance(self.decks, int) or self.decks < 1:
            raise ShoeError("bad_decks", decks=self.decks)
        size = self.decks * 52
        least = self.min_cut_card
        if (
            isinstance(self.cut_card, bool)
            or not isinstance(self.cut_card, int)
            or not least <= self.cut_card < size
        ):
            raise ShoeError(
                "cut_card_outside",
                cut_card=self.cut_card,
                decks=self.decks,
                least=least,
                most=size - 1,
            )

    @property
    def min_cut_card(self) -> int:
        """The fewest cards behind the cut card that can finish the coup (and the one more)."""
        return MAX_COUP_CARDS * (2 if self.one_more_coup else 1)

    @property
    def size(self) -> int:
        """Cards in the shoe."""
        return self.decks * 52


def shuffled_order(rules: ShoeRules, rng: random.Random | None = None) -> tuple[Card, ...]:
    """The cards of a shoe in a fresh random order; ``rng`` defaults to the OS CSPRNG.

    A caller that must keep the order (a server restoring a shoe after a restart, a provably fair
    shoe that commits to it) shuffles here and deals with :meth:`Shoe.from_order`.
    ``random.shuffle`` is an exact Fisher–Yates shuffle over rejection-sampled indices, so every
    order is equally likely (as far as the source allows).

    >>> order = shuffled_order(ShoeRules(decks=2), random.Random(1))
    >>> len(order), Counter(order) == Counter(full_deck() * 2)
    (104, True)
    """
    cards = list(full_deck() * rules.decks)
    (rng if rng is not None else random.SystemRandom()).shuffle(cards)
    return tuple(cards)


class Shoe:
    """A shoe being dealt. Its order is private: only dealt cards and counts are exposed."""

    def __init__(self, order: Sequence[Card], rules: ShoeRules = ShoeRules()) -> None:
        """Take cards in dealing order (top first). Prefer :meth:`shuffled` or :meth:`from_order`."""
        if len(order) != rules.size:
            raise ShoeError("shoe_order_size", decks=rules.decks, size=rules.size, given=len(order))
        self.rules = rules
        self._order: tuple[Card, ...] = tuple(order)
        self._codes = bytes(_CODE[card] for card in self._order)
        """The order as card numbers (:data:`_CODE`), for counting."""
        self._start = Counter(self._order)
        self._cut_index = len(self._order) - rules.cut_card
        self._pos = 0
        self._coups_after_cut: int | None = None
        self._cut_out = False
        self._coups = 0
        self.burned: tuple[Card, ...] = ()
        if rules.burn:
            self._burn()

    @classmethod
    def shuffled(cls, rules: ShoeRules = ShoeRules(), rng: random.Random | None = None) -> Shoe:
        """A freshly shuffled shoe (see :func:`shuffled_order`); ``rng`` defaults to the OS CSPRNG."""
        return cls(shuffled_order(rules, rng), rules)

    @classmethod
    def from_order(cls, order: Sequence[Card], rules: ShoeRules = ShoeRules()) -> Shoe:
        """A shoe in a known order (replays, provably fair shoes, tests)."""
        return cls(order, rules)

    def _take(self) -> Card:
        if self._pos >= len(self._order):
            raise ShoeError("shoe_ran_out")
        card = self._order[self._pos]
        self._pos += 1
        return card

    def _burn(self) -> None:
        first = self._take()
        extra = first.value or 10
        self.burned = (first, *(self._take() for _ in range(extra)))

    @property
    def cut_card_out(self) -> bool:
        """Whether the cut card has come out."""
        return self._cut_out

    @property
    def finished(self) -> bool:
        """Whether the shoe has ended (no more coups are dealt from it)."""
        return self._coups_after_cut == 0

    @property
    def coups_dealt(self) -> int:
        return self._coups

    @property
    def cards_dealt(self) -> int:
        """Cards out of the shoe, burned cards included."""
        return self._pos

    @property
    def cards_remaining(self) -> int:
        return len(self._order) - self._pos

    @property
    def cards_to_cut(self) -> int:
        """Cards left before the cut card (0 once it is reached)."""
        return max(0, self._cut_index - self._pos)

    @property
    def penetration(self) -> float:
        """Share of the shoe dealt so far (burn included)."""
        return self._pos / len(self._order)

    def deal_coup(self, tableau: Tableau = PUNTO_BANCO, choose: Chooser | None = None) -> Coup:
        """Deal the next coup; after the shoe has ended this is an error.

        ``choose`` decides where the tableau leaves a hand a choice (Chemin de Fer), as in
        :func:`~baccarat.core.coup.deal_coup`.
        """
        if self.finished:
            raise ShoeError("shoe_ended")
        cut_before = self._cut_out

        def draw() -> Card:
            if self._pos >= self._cut_index:
                self._cut_out = True
            return self._take()

        coup = deal_coup(draw, tableau, choose)
        self._coups += 1
        if self._coups_after_cut is not None:
            self._coups_after_cut -= 1
        elif self._cut_out and not cut_before:
            self._coups_after_cut = 1 if self.rules.one_more_coup else 0
        return coup

    def deal_all(
        self, tableau: Tableau = PUNTO_BANCO, choose: Chooser | None = None
    ) -> Iterator[Coup]:
        """Deal coups until the shoe ends (``choose``: as in :meth:`deal_coup`)."""
        while not self.finished:
            yield self.deal_coup(tableau, choose)

    def dealt_counts(self) -> dict[Rank, int]:
        """Cards out of the shoe by rank (burned cards included)."""
        return _by_rank_code(Counter(self._codes[: self._pos]))

    def remaining_counts(self) -> dict[Rank, int]:
        """Cards still in the shoe by rank."""
        return _by_rank_code(Counter(self._codes[self._pos :]))

    def unseen_cards(self) -> Counter[Card]:
        """Cards a player has not seen, card by card: those in the shoe and those burned face down.

        This is the composition a player should use for the odds of the next coup (suits
        included, for the suited-pair bets).
        """
        return Counter(
            {card: n for card, n in zip(_DECK, self.unseen_card_counts(), strict=True) if n}
        )

    def unseen_card_counts(self) -> tuple[int, ...]:
        """:meth:`unseen_cards` as 52 counts, one per card of :func:`full_deck` in its order
        (rank, then suit): the composition's own form, with no card looked up."""
        codes = Counter(self._codes[self._pos :])
        # The burned cards are the first of the order; the first of them was shown.
        codes.update(self._codes[1 : len(self.burned)])
        return tuple(codes[code] for code in range(len(_DECK)))

    def unseen_counts(self) -> dict[Rank, int]:
        """:meth:`unseen_cards` by rank."""
        return _by_rank(self.unseen_cards())

    def starting_counts(self) -> dict[Rank, int]:
        return _by_rank(self._start)


def _by_rank_code(codes: Counter[int]) -> dict[Rank, int]:
    """:func:`_by_rank` of cards counted by their numbers (:data:`_CODE`)."""
    counts = dict.fromkeys(Rank, 0)
    for code, n in codes.items():
        counts[_RANK_OF_CODE[code]] += n
    return counts


def _by_rank(cards: Counter[Card]) -> dict[Rank, int]:
    counts = dict.fromkeys(Rank, 0)
    for card, n in cards.items():
        counts[card.rank] += n
    return counts
