"""The provably fair shuffle: an HMAC-SHA256 byte stream, rejection sampling, Fisher–Yates.

Everything here is specified byte for byte in ``docs/fair.md`` so that anyone can re-implement it:

1. **Stream.** Block ``k`` (``k = 0, 1, 2, …``) is ``HMAC-SHA256(key, message(k))`` where the key is
   the server seed's 32 bytes and ``message(k)`` is the concatenation of

   ========================  ======================================================
   ``b"baccarat-fair-v1"``   16 ASCII bytes: names the scheme and its version
   ``len(client)``           2 bytes, unsigned big-endian: the client seed's length
   ``client``                the client seed's ASCII bytes
   ``shoe``                  8 bytes, unsigned big-endian: the shoe number (1, 2, …)
   ``k``                     8 bytes, unsigned big-endian: the block counter
   ========================  ======================================================

   The stream is block 0, block 1, … concatenated; it is read 4 bytes at a time as unsigned
   big-endian words (8 words a block, none straddling two blocks).
2. **Uniform integer below n.** Read a word ``w``; accept it if ``w < 2**32 - 2**32 % n`` and
   return ``w % n``, else read another word. Every accepted range holds each remainder the same
   number of times, so the result is exactly uniform (no modulo bias).
3. **Fisher–Yates.** Start from the shoe in its *fresh order*: deck after deck, each in
   :func:`~baccarat.core.cards.full_deck` order (``Ac Ad Ah As 2c … Ks``). For ``i`` from
   ``N - 1`` down to ``1``: ``j = uniform below (i + 1)``; swap the cards at ``i`` and ``j``.
   Position 0 is the top of the shoe, the first card out (the burn card, when the shoe burns).

>>> order = fair_order("00" * 32, "player", 1, ShoeRules(decks=1))
>>> " ".join(str(card) for card in order[:6])
'4c Ah Jd 6c Qs Kc'
"""

from __future__ import annotations

import hmac
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TypeVar

from baccarat.core.cards import Card, full_deck
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.fair.errors import FairError
from baccarat.fair.seeds import (
    check_client_seed,
    check_server_seed,
    check_shoe_number,
    commitment,
    new_client_seed,
    new_server_seed,
    server_seed_bytes,
)

__all__ = [
    "DOMAIN",
    "MAX_DECKS",
    "STANDARD_SHOE",
    "WORD_BYTES",
    "FairShoe",
    "HmacStream",
    "accept_word",
    "fair_order",
    "fair_shoe",
    "fisher_yates",
    "fresh_order",
    "hmac_block",
    "message",
    "uniform_below",
]

DOMAIN = b"baccarat-fair-v1"
"""The first 16 bytes of every HMAC message: a different scheme or version never collides."""
WORD_BYTES = 4
MAX_DECKS = 8
"""The largest shoe the tables deal (and a bound on the work one verification can ask for)."""
STANDARD_SHOE = ShoeRules()
"""The default: eight decks, cut card 14 from the end, burn, one more coup."""

T = TypeVar("T")


def message(client_seed: str, shoe_number: int, counter: int) -> bytes:
    """The HMAC message of block ``counter`` (see the module docstring for the layout).

    >>> message("ab", 1, 2).hex(" ", 4)
    '62616363 61726174 2d666169 722d7631 00026162 00000000 00000001 00000000 00000002'
    """
    client = check_client_seed(client_seed).encode("ascii")
    return (
        DOMAIN
        + len(client).to_bytes(2, "big")
        + client
        + check_shoe_number(shoe_number).to_bytes(8, "big")
        + counter.to_bytes(8, "big")
    )


def hmac_block(server_seed: str, client_seed: str, shoe_number: int, counter: int) -> bytes:
    """Block ``counter`` of the stream: 32 bytes of HMAC-SHA256."""
    return hmac.digest(
        server_seed_bytes(server_seed), message(client_seed, shoe_number, counter), "sha256"
    )


class HmacStream:
    """The byte stream of one shoe: HMAC-SHA256 blocks 0, 1, 2, … read in order.

    >>> stream = HmacStream("00" * 32, "player", 1)
    >>> stream.read(4) + stream.read(28) == hmac_block("00" * 32, "player", 1, 0)
    True
    >>> stream.read(1) == hmac_block("00" * 32, "player", 1, 1)[:1], stream.blocks
    (True, 2)
    """

    __slots__ = ("_buffer", "_key", "_prefix", "blocks")

    def __init__(self, server_seed: str, client_seed: str, shoe_number: int) -> None:
        self._key = server_seed_bytes(server_seed)
        # Everything of the message but the counter, encoded once.
        self._prefix = message(client_seed, shoe_number, 0)[:-8]
        self._buffer = b""
        self.blocks = 0
        """Blocks computed so far (the counter of the next one)."""

    def read(self, n: int) -> bytes:
        """The next ``n`` bytes of the stream."""
        while len(self._buffer) < n:
            block = self._prefix + self.blocks.to_bytes(8, "big")
            self._buffer += hmac.digest(self._key, block, "sha256")
            self.blocks += 1
        taken, self._buffer = self._buffer[:n], self._buffer[n:]
        return taken


def accept_word(word: int, n: int, word_bytes: int = WORD_BYTES) -> int | None:
    """The uniform integer below ``n`` that ``word`` gives, or None when the word is rejected.

    A word of ``b`` bytes is uniform on ``0 … 2**(8b) - 1``. The largest multiple of ``n`` not above
    ``2**(8b)`` is ``limit``; words below it hold every remainder ``limit / n`` times, the rest
    (fewer than ``n``) are rejected, so accepted words give each of ``0 … n - 1`` equally often.

    >>> [accept_word(w, 3, word_bytes=1) for w in (0, 1, 2, 253, 254, 255)]
    [0, 1, 2, 1, 2, None]
    """
    space = 1 << (8 * word_bytes)
    if not 1 <= n <= space:
        raise FairError(f"cannot draw below {n!r} from {word_bytes}-byte words")
    limit = space - space % n
    return word % n if word < limit else None


def uniform_below(n: int, read: Callable[[int], bytes], word_bytes: int = WORD_BYTES) -> int:
    """A uniform integer in ``0 … n - 1``, reading words of ``word_bytes`` bytes from ``read``.

    >>> words = iter([bytes([255]), bytes([7])])
    >>> uniform_below(10, lambda size: next(words), word_bytes=1)  # 255 is rejected (250 and up)
    7
    """
    while True:
        drawn = accept_word(int.from_bytes(read(word_bytes), "big"), n, word_bytes)
        if drawn is not None:
            return drawn


def fisher_yates(items: Sequence[T], below: Callable[[int], int]) -> list[T]:
    """Shuffle a copy of ``items``: for ``i`` from the last index down to 1, swap ``i`` with
    ``j = below(i + 1)``. Each sequence of draws gives a different order, so uniform draws give
    every order with the same probability.

    >>> fisher_yates("abcd", lambda n: 0)  # j = 0 each time: each card in turn goes to the top
    ['b', 'c', 'd', 'a']
    """
    cards = list(items)
    for i in range(len(cards) - 1, 0, -1):
        j = below(i + 1)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _check_decks(rules: ShoeRules) -> ShoeRules:
    if not isinstance(rules, ShoeRules):
        raise FairError(f"expected shoe rules (ShoeRules), got {rules!r}")
    if rules.decks > MAX_DECKS:
        raise FairError(f"a provably fair shoe has 1 to {MAX_DECKS} decks, got {rules.decks}")
    return rules


def fresh_order(rules: ShoeRules) -> tuple[Card, ...]:
    """The shoe before shuffling: deck after deck, each in ``full_deck()`` order.

    >>> fresh_order(ShoeRules(decks=1))[:5]
    (Card.parse('Ac'), Card.parse('Ad'), Card.parse('Ah'), Card.parse('As'), Card.parse('2c'))
    """
    return full_deck() * _check_decks(rules).decks


def fair_order(
    server_seed: str, client_seed: str, shoe_number: int, rules: ShoeRules = STANDARD_SHOE
) -> tuple[Card, ...]:
    """The order of shoe ``shoe_number``, top card first: a deterministic, unbiased function of the
    three inputs (and the number of decks in ``rules``).

    >>> order = fair_order("00" * 32, "player", 1)
    >>> len(order), order == fair_order("00" * 32, "player", 1), order == fair_order("00" * 32, "player", 2)
    (416, True, False)
    """
    stream = HmacStream(server_seed, client_seed, shoe_number)
    start = fresh_order(rules)
    return tuple(fisher_yates(start, lambda n: uniform_below(n, stream.read)))


def fair_shoe(
    server_seed: str, client_seed: str, shoe_number: int, rules: ShoeRules = STANDARD_SHOE
) -> Shoe:
    """A core :class:`~baccarat.core.shoe.Shoe` dealt from :func:`fair_order` (burn and cut card
    as ``rules`` say).

    >>> shoe = fair_shoe("00" * 32, "player", 1, ShoeRules(decks=1))
    >>> [str(card) for card in shoe.burned]
    ['4c', 'Ah', 'Jd', '6c', 'Qs']
    """
    return Shoe.from_order(fair_order(server_seed, client_seed, shoe_number, rules), rules)


@dataclass(frozen=True, slots=True)
class FairShoe:
    """The inputs of one provably fair shoe, checked; the server seed never shows in its repr.

    The life of a shoe at a table: :meth:`new` before it is dealt (show :attr:`commitment`); the
    player may replace the client seed (:meth:`with_client_seed`) until the first card is dealt;
    deal from :meth:`shoe`; when the shoe has ended, reveal :attr:`server_seed`.

    >>> fair = FairShoe.new(shoe_number=3, rules=ShoeRules(decks=6))
    >>> fair = fair.with_client_seed("my own seed")
    >>> fair
    FairShoe(client_seed='my own seed', shoe_number=3, rules=ShoeRules(decks=6, cut_card=14, burn=True, one_more_coup=True))
    >>> fair.commitment == commitment(fair.server_seed)
    True
    >>> fair.shoe().rules.decks
    6
    """

    server_seed: str = field(repr=False)
    client_seed: str
    shoe_number: int
    rules: ShoeRules = STANDARD_SHOE

    def __post_init__(self) -> None:
        object.__setattr__(self, "server_seed", check_server_seed(self.server_seed))
        check_client_seed(self.client_seed)
        check_shoe_number(self.shoe_number)
        _check_decks(self.rules)

    @classmethod
    def new(
        cls, shoe_number: int, rules: ShoeRules = STANDARD_SHOE, client_seed: str | None = None
    ) -> FairShoe:
        """A shoe with a fresh server seed and (unless given) a random client seed."""
        return cls(
            new_server_seed(),
            new_client_seed() if client_seed is None else client_seed,
            shoe_number,
            rules,
        )

    def with_client_seed(self, client_seed: str) -> FairShoe:
        """The same shoe with the player's client seed (only before the first card is dealt)."""
        return replace(self, client_seed=client_seed)

    @property
    def commitment(self) -> str:
        """The SHA-256 commitment to show before the shoe is dealt."""
        return commitment(self.server_seed)

    def order(self) -> tuple[Card, ...]:
        """The shoe's cards, top first."""
        return fair_order(self.server_seed, self.client_seed, self.shoe_number, self.rules)

    def shoe(self) -> Shoe:
        """A fresh core :class:`~baccarat.core.shoe.Shoe` in this order."""
        return Shoe.from_order(self.order(), self.rules)
