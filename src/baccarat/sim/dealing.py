"""How a kernel deals: per-shoe random streams, the exactly uniform shuffle, the burn, the coup and
the shoe procedure (numba, ``nogil``), for every kernel that deals shoes (the simulator's
:mod:`baccarat.sim.kernels` and :mod:`baccarat.sim.cards`, the lab's :mod:`baccarat.lab.kernel`).

Everything here is specified bit for bit (``docs/simulator.md``) and mirrored line for line by the
CUDA C source ``kernel.c``, so a shoe is the same whichever backend or kernel deals it:

* **Streams.** A run's seed becomes a 128-bit key ``(k0, k1)``; shoe ``i`` gets the xoshiro256**
  generator whose state is four splitmix64 outputs started from ``k0 ^ fmix64(i ^ k1)``
  (:func:`stream_state`).
* **Bounded integers.** Each 64-bit output is used as two 32-bit words, low half first. One word
  gives a *batch* of ``m`` indices with bounds ``b1 … bm`` (product ``P`` ≤ 2**27): multiply by
  ``b1``, the high 32 bits are the first index and the low 32 bits the word for the next one, and
  so on. This is Lemire's multiply-shift for the bound ``P`` in mixed radix, so rejecting the word
  when ``(r * P) mod 2**32 < 2**32 mod P`` makes every index tuple exactly equally likely
  (Brackett-Rozinsky and Lemire, "Batched ranged random integer generation", 2024). A rejected
  word is replaced by the next 32-bit word.
* **Shuffle.** Fisher–Yates from the top: position ``i`` swaps with ``i + u``, ``u`` uniform in
  ``[0, n - i)``, for ``i`` from 0 to ``n - 2``, in batches of :func:`batch_size` positions
  (:func:`shuffle`, and :func:`shuffle_fast`: the same words and swaps, faster). Each shoe starts
  from the canonical order (:func:`baccarat.sim.tables.canonical_shoe`; :func:`shuffle_shoe`).
* **Dealing.** :func:`coup` reads six bytes and one table entry. The shoe procedure is that of
  :class:`baccarat.core.shoe.Shoe`: :func:`burn`, then coups until the cut card comes out, then
  one more (:func:`coups_left` decides; :func:`deal_shoe` deals a whole shoe with it).

A kernel with its own per-coup work deals a shoe as :func:`deal_shoe` does::

    p = burn(a, burns)
    left = CUT_CARD_IN
    while left != 0:
        entry, pair = coup(a, p, table)
        ...  # the kernel's own work on the coup
        p += entry & 7
        left = coups_left(left, p, cut, one_more)

The functions run as plain Python too (``NUMBA_DISABLE_JIT=1``), with NumPy integer scalars, for
debugging and for the tests; callers wrap them in ``np.errstate(over="ignore")`` because the
generator relies on 64-bit wrap-around.

>>> from baccarat.sim.tables import canonical_shoe, coup_table
>>> template = canonical_shoe(8)
>>> a = np.zeros(template.shape[0] + 8, dtype=np.uint8)
>>> k = batch_size(416)
>>> bounds, limits = batch_limits(416, k)
>>> with np.errstate(over="ignore"):
...     _ = shuffle_shoe(a, template, U64(1), U64(2), 0, k, bounds, limits, np.empty(0, np.int64))
>>> counts, pairs = np.zeros(400, np.int64), np.zeros(9, np.int64)
>>> no_record = np.empty((0, 3), np.int64)
>>> coups = deal_shoe(a, 416 - 14, True, True, coup_table(), counts, pairs, 1 << 30, no_record)
>>> bool(70 < coups == counts.sum() == pairs.sum() < 90)
True
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from baccarat.sim.config import BATCH_BOUND

__all__ = [
    "CUT_CARD_IN",
    "batch_limits",
    "batch_size",
    "burn",
    "coup",
    "coups_left",
    "deal_shoe",
    "infinite_six",
    "shuffle",
    "shuffle_fast",
    "shuffle_shoe",
    "stream_state",
    "tally_coup",
]

U64 = np.uint64
_M32 = np.uint64(0xFFFFFFFF)
_TWO32 = np.uint64(1 << 32)
_0, _1, _2, _3, _4, _5, _7, _10 = (np.uint64(v) for v in (0, 1, 2, 3, 4, 5, 7, 10))
_15 = np.uint64(15)
_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_SM1 = np.uint64(0xBF58476D1CE4E5B9)
_SM2 = np.uint64(0x94D049BB133111EB)
_FM1 = np.uint64(0xFF51AFD7ED558CCD)
_FM2 = np.uint64(0xC4CEB9FE1A85EC53)

# The pair kind of two cards from the XOR of their bytes: 0 none, 1 same rank (the low six bits
# agree), 2 same rank and suit (every bit agrees). One look-up instead of two comparisons.
_PAIR_KIND = np.array([int(x & 63 == 0) + int(x == 0) for x in range(256)], dtype=np.uint8)
_PAIR_KIND_3 = _PAIR_KIND * np.uint8(3)  # the Player's kind, already times 3

CUT_CARD_IN = -1
"""What :func:`coups_left` answers while the cut card is still in the shoe."""


@njit(cache=True, nogil=True)
def _fmix64(x: Any) -> Any:
    """MurmurHash3's 64-bit finaliser: a bijection, so distinct shoes get distinct seeds."""
    x ^= x >> U64(33)
    x *= _FM1
    x ^= x >> U64(33)
    x *= _FM2
    x ^= x >> U64(33)
    return x


@njit(cache=True, nogil=True)
def _splitmix(x: Any) -> Any:
    """The splitmix64 output for an (already advanced) state ``x``."""
    z = (x ^ (x >> U64(30))) * _SM1
    z = (z ^ (z >> U64(27))) * _SM2
    return z ^ (z >> U64(31))


@njit(cache=True, nogil=True)
def stream_state(k0: Any, k1: Any, index: Any) -> Any:
    """The xoshiro256** state of stream ``index`` under key ``(k0, k1)``.

    >>> with np.errstate(over="ignore"):
    ...     state = stream_state(U64(1), U64(2), U64(0))
    >>> len(state), state == stream_state(U64(1), U64(2), U64(1))
    (4, False)
    """
    x = k0 ^ _fmix64(U64(index) ^ k1)
    x += _GOLDEN
    s0 = _splitmix(x)
    x += _GOLDEN
    s1 = _splitmix(x)
    x += _GOLDEN
    s2 = _splitmix(x)
    x += _GOLDEN
    s3 = _splitmix(x)
    return s0, s1, s2, s3


@njit(cache=True, nogil=True)
def _rotl(x: Any, k: int) -> Any:
    return (x << U64(k)) | (x >> U64(64 - k))


@njit(cache=True, nogil=True)
def _next64(s0: Any, s1: Any, s2: Any, s3: Any) -> Any:
    """One xoshiro256** output and the next state."""
    result = _rotl(s1 * U64(5), 7) * U64(9)
    t = s1 << U64(17)
    s2 ^= s0
    s3 ^= s1
    s1 ^= s2
    s0 ^= s3
    s2 ^= t
    s3 = _rotl(s3, 45)
    return result, s0, s1, s2, s3


@njit(cache=True, nogil=True)
def _next32(s0: Any, s1: Any, s2: Any, s3: Any, half: Any, have: bool) -> Any:
    """The next 32-bit word: the high half held over (``half``, ``have``), else the low half of a
    fresh 64-bit output, whose high half is then held over."""
    if have:
        return half, s0, s1, s2, s3, half, False
    w, s0, s1, s2, s3 = _next64(s0, s1, s2, s3)
    return w & _M32, s0, s1, s2, s3, w >> U64(32), True


@njit(cache=True, nogil=True)
def _word(s0: Any, s1: Any, s2: Any, s3: Any, half: Any, have: bool, bound: Any) -> Any:
    """An accepted 32-bit word for a batch whose bounds multiply to ``bound``.

    ``half``/``have`` hold the unused high half of the last 64-bit output.
    """
    while True:
        r, s0, s1, s2, s3, half, have = _next32(s0, s1, s2, s3, half, have)
        low = (r * bound) & _M32
        # 2**32 mod bound is below bound: the modulo is needed only for the rare low word.
        if low >= bound or low >= (_TWO32 - bound) % bound:
            return r, s0, s1, s2, s3, half, have


@njit(cache=True, nogil=True)
def batch_size(n: int) -> int:
    """Indices drawn per 32-bit word when shuffling ``n`` cards: the most whose bounds multiply to
    at most :data:`~baccarat.sim.config.BATCH_BOUND`, so that fewer than 1 word in 32 is rejected.

    >>> batch_size(416), batch_size(52), batch_size(2_000_000)
    (3, 4, 1)
    """
    k = 1
    while n ** (k + 1) <= BATCH_BOUND:
        k += 1
    return k


@njit(cache=True, nogil=True)
def batch_limits(n: int, k: int, start: int = 0) -> Any:
    """For each whole batch of a shuffle of ``n`` cards from position ``start`` (positions
    ``start + b*k`` to ``start + b*k + k - 1``): the product of its bounds and the least accepted
    low word, ``2**32 mod product``.

    >>> bounds, limits = batch_limits(52, 4)
    >>> len(bounds), int(bounds[0]) == 52 * 51 * 50 * 49, int(limits[0]) == 2**32 % int(bounds[0])
    (12, True, True)
    """
    batches = (n - 1 - start) // k
    bounds = np.empty(batches, dtype=np.uint64)
    limits = np.empty(batches, dtype=np.uint64)
    for b in range(batches):
        bound = U64(1)
        for q in range(k):
            bound *= U64(n - start - b * k - q)
        bounds[b] = bound
        limits[b] = (_TWO32 - bound) % bound
    return bounds, limits


@njit(cache=True, nogil=True)
def shuffle(
    a: Any, start: int, end: int, n: int, k: int, swaps: Any, s0: Any, s1: Any, s2: Any, s3: Any
) -> Any:
    """Fisher–Yates steps for positions ``start`` to ``end - 1`` of ``a[:n]``, ``k`` per word;
    return the stream's state after them.

    When ``swaps`` is not empty, position ``i``'s partner is written to ``swaps[i]`` (so a caller
    can restore the canonical order cheaply). This is the procedure as specified; the shoe mode
    uses :func:`shuffle_fast`, the same words and swaps, faster.

    >>> a = np.arange(52, dtype=np.uint8)
    >>> state = [U64(s) for s in stream_state(U64(1), U64(2), U64(0))]
    >>> with np.errstate(over="ignore"):
    ...     _ = shuffle(a, 0, 51, 52, 4, np.empty(0, np.int64), *state)
    >>> sorted(a.tolist()) == list(range(52)), a.tolist() == list(range(52))
    (True, False)
    """
    return _shuffle_from(a, start, end, n, k, swaps, U64(0), False, s0, s1, s2, s3)


@njit(cache=True, nogil=True)
def _shuffle_from(
    a: Any,
    i: int,
    end: int,
    n: int,
    k: int,
    swaps: Any,
    half: Any,
    have: bool,
    s0: Any,
    s1: Any,
    s2: Any,
    s3: Any,
) -> Any:
    """:func:`shuffle` from position ``i`` with a half-word already in hand (``half``, ``have``)."""
    record = swaps.shape[0] > 0
    while i < end:
        m = min(k, end - i)
        bound = U64(1)
        for q in range(m):
            bound *= U64(n - i - q)
        r, s0, s1, s2, s3, half, have = _word(s0, s1, s2, s3, half, have, bound)
        for q in range(m):
            product = r * U64(n - i - q)
            j = i + q + np.int64(product >> U64(32))
            r = product & _M32
            if record:
                swaps[i + q] = j
            card = a[j]
            a[j] = a[i + q]
            a[i + q] = card
        i += m
    return s0, s1, s2, s3


@njit(cache=True, nogil=True)
def shuffle_fast(
    a: Any,
    start: int,
    end: int,
    n: int,
    k: int,
    bounds: Any,
    limits: Any,
    swaps: Any,
    s0: Any,
    s1: Any,
    s2: Any,
    s3: Any,
) -> Any:
    """:func:`shuffle` (same words, same swaps) with each whole batch's bound and rejection limit
    looked up (``bounds``, ``limits``: :func:`batch_limits` for this ``start``) and the
    three-index batch of 3 to 9 decks unrolled.

    >>> a, b = np.arange(416, dtype=np.int64), np.arange(416, dtype=np.int64)
    >>> bounds, limits = batch_limits(416, 3)
    >>> no_swaps = np.empty(0, np.int64)
    >>> state = [U64(s) for s in stream_state(U64(1), U64(2), U64(0))]
    >>> with np.errstate(over="ignore"):
    ...     _ = shuffle(a, 0, 415, 416, 3, no_swaps, *state)
    ...     _ = shuffle_fast(b, 0, 415, 416, 3, bounds, limits, no_swaps, *state)
    >>> bool((a == b).all())
    True
    """
    half = U64(0)
    have = False
    record = swaps.shape[0] > 0
    i = start
    b = 0
    while b < bounds.shape[0] and i + k <= end:
        bound = bounds[b]
        limit = limits[b]
        while True:  # _word, with the modulo looked up
            r, s0, s1, s2, s3, half, have = _next32(s0, s1, s2, s3, half, have)
            if (r * bound) & _M32 >= limit:
                break
        if k == 3 and not record:
            b0 = U64(n - i)
            x = r * b0
            j = i + np.int64(x >> U64(32))
            card = a[j]
            a[j] = a[i]
            a[i] = card
            x = (x & _M32) * (b0 - U64(1))
            j = i + 1 + np.int64(x >> U64(32))
            card = a[j]
            a[j] = a[i + 1]
            a[i + 1] = card
            x = (x & _M32) * (b0 - U64(2))
            j = i + 2 + np.int64(x >> U64(32))
            card = a[j]
            a[j] = a[i + 2]
            a[i + 2] = card
        else:
            # _shuffle_from's batch, written out again: calling one shared helper from here slows
            # the unrolled branch above (shoe mode) by about a quarter (bench/bench_sim.py).
            for q in range(k):
                product = r * U64(n - i - q)
                j = i + q + np.int64(product >> U64(32))
                r = product & _M32
                if record:
                    swaps[i + q] = j
                card = a[j]
                a[j] = a[i + q]
                a[i + q] = card
        i += k
        b += 1
    return _shuffle_from(a, i, end, n, k, swaps, half, have, s0, s1, s2, s3)


@njit(cache=True, nogil=True)
def shuffle_shoe(
    a: Any,
    template: Any,
    k0: Any,
    k1: Any,
    index: int,
    k: int,
    bounds: Any,
    limits: Any,
    swaps: Any,
) -> Any:
    """Shoe ``index`` of the key ``(k0, k1)``: ``template`` (the canonical shoe) copied into
    ``a`` and shuffled whole by :func:`shuffle_fast` (``k``, ``bounds``, ``limits``: the batches of
    :func:`batch_size` and :func:`batch_limits` for the shoe); return the stream's state after it.

    >>> template = np.arange(52, dtype=np.uint8)
    >>> a = np.zeros(60, dtype=np.uint8)
    >>> bounds, limits = batch_limits(52, 4)
    >>> with np.errstate(over="ignore"):
    ...     _ = shuffle_shoe(a, template, U64(1), U64(2), 0, 4, bounds, limits, np.empty(0, np.int64))
    >>> sorted(a[:52].tolist()) == list(range(52)), a[52:].tolist()
    (True, [0, 0, 0, 0, 0, 0, 0, 0])
    """
    n = template.shape[0]
    for i in range(n):
        a[i] = template[i]
    s0, s1, s2, s3 = stream_state(k0, k1, U64(index))
    return shuffle_fast(a, 0, n - 1, n, k, bounds, limits, swaps, s0, s1, s2, s3)


@njit(cache=True, nogil=True)
def burn(a: Any, burns: bool) -> Any:
    """Where the first coup starts (``uint64``): after the first card and that many more (ten
    for a zero), when the shoe ``burns``; else at 0.

    >>> int(burn(np.array([3, 0], np.uint8), True)), int(burn(np.array([0x10], np.uint8), True))
    (4, 11)
    >>> int(burn(np.array([3], np.uint8), False))
    0
    """
    if not burns:
        return _0
    value = U64(a[0]) & _15
    return _1 + (value if value else _10)


@njit(cache=True, nogil=True)
def coup(a: Any, p: Any, table: Any) -> Any:
    """The coup whose first card is at ``a[p]``: (entry, pair class), all ``uint64``.

    ``entry`` is ``summary << 3 | cards used`` (``table``:
    :func:`baccarat.sim.tables.coup_table`); the pair class is ``3 × Player's + Banker's``, each
    0 (no pair), 1 (a pair) or 2 (a suited pair). The bytes at ``p + 4`` and ``p + 5`` are read
    even when not drawn; the table ignores them then. (Unsigned positions spare numba's check for
    negative indices on every read.)

    >>> from baccarat.core.cards import Card
    >>> from baccarat.sim.tables import codes_from_cards, coup_table, describe_entry
    >>> cards = codes_from_cards(Card.parse(c) for c in "9h 5s 9d 2c Kh 3s".split())
    >>> entry, pair = coup(cards, U64(0), coup_table())
    >>> describe_entry(int(entry)), int(pair)
    ((Summary(player_total=8, banker_total=7, player_cards=2, banker_cards=2), 4), 3)
    """
    c0 = U64(a[p])
    c1 = U64(a[p + _1])
    c2 = U64(a[p + _2])
    c3 = U64(a[p + _3])
    pt = (c0 & _15) + (c2 & _15)
    bt = (c1 & _15) + (c3 & _15)
    pt -= _10 if pt >= _10 else _0
    bt -= _10 if bt >= _10 else _0
    fifth = U64(a[p + _4]) & _15
    sixth = U64(a[p + _5]) & _15
    entry = U64(table[pt * U64(1000) + bt * U64(100) + fifth * _10 + sixth])
    return entry, U64(_PAIR_KIND_3[c0 ^ c2]) + U64(_PAIR_KIND[c1 ^ c3])


@njit(cache=True, nogil=True)
def coups_left(left: int, p: Any, cut: Any, one_more: bool) -> int:
    """The shoe procedure: after a coup that ended before position ``p``, how many coups the shoe
    still deals, given ``left`` from the coup before (:data:`CUT_CARD_IN` at the start).

    The cut card (``cut``: its position) comes out in the coup that draws a card at or past it,
    i.e. the coup that ends past it; that coup is finished, then one more is dealt if
    ``one_more``. The answer is :data:`CUT_CARD_IN` while the cut card is in, then 1 or 0, and 0
    ends the shoe.

    >>> coups_left(CUT_CARD_IN, 300, 400, True), coups_left(CUT_CARD_IN, 401, 400, True)
    (-1, 1)
    >>> coups_left(1, 405, 400, True), coups_left(CUT_CARD_IN, 401, 400, False)
    (0, 0)
    """
    if left > 0:
        return left - 1
    if left < 0 and p > cut:
        return 1 if one_more else 0
    return left


@njit(cache=True, nogil=True)
def tally_coup(a: Any, p: Any, table: Any, counts: Any, pairs: Any) -> Any:
    """Deal the coup at ``a[p]`` into the tallies (``counts`` by summary class, ``pairs`` by pair
    class); return where the next coup starts.

    >>> from baccarat.core.cards import Card
    >>> from baccarat.sim.tables import codes_from_cards, coup_table
    >>> cards = codes_from_cards(Card.parse(c) for c in "9h 5s 9d 2c Kh 3s".split())
    >>> counts, pairs = np.zeros(400, np.int64), np.zeros(9, np.int64)
    >>> int(tally_coup(cards, U64(0), coup_table(), counts, pairs)), int(pairs[3])
    (4, 1)
    """
    entry, pair = coup(a, p, table)
    counts[entry >> _3] += 1
    pairs[pair] += 1
    return p + (entry & _7)


@njit(cache=True, nogil=True)
def deal_shoe(
    a: Any,
    cut_index: int,
    burns: bool,
    one_more: bool,
    table: Any,
    counts: Any,
    pairs: Any,
    limit: int,
    record: Any,
) -> int:
    """Deal a shuffled shoe to its end (at most ``limit`` coups), tallying each coup; return the
    coups dealt.

    The shoe procedure: :func:`burn`, then coups until :func:`coups_left` says the shoe is over.
    When ``record`` has rows, coup ``c`` is written to ``record[c]`` as (entry, pair class,
    start); an empty ``record`` keeps none. The module's example deals a whole shoe.
    """
    p = burn(a, burns)
    cut = U64(cut_index)
    coups = 0
    left = CUT_CARD_IN
    while coups < limit and left != 0:
        entry, pair = coup(a, p, table)
        counts[entry >> _3] += 1
        pairs[pair] += 1
        if coups < record.shape[0]:
            record[coups, 0] = entry
            record[coups, 1] = pair
            record[coups, 2] = p
        p += entry & _7
        coups += 1
        left = coups_left(left, p, cut, one_more)
    return coups


@njit(cache=True, nogil=True)
def infinite_six(
    deck: Any, a: Any, s0: Any, s1: Any, s2: Any, s3: Any, half: Any, have: bool
) -> Any:
    """Six independent cards into ``a[:6]``, each uniform over the 52 of ``deck[:52]``, as two
    batches of three (bound 52**3), used or not; return the stream state after them.

    >>> six = np.zeros(6, dtype=np.uint8)
    >>> state = [U64(s) for s in stream_state(U64(1), U64(2), U64(0))]
    >>> with np.errstate(over="ignore"):
    ...     _ = infinite_six(np.arange(52, dtype=np.uint8), six, *state, U64(0), False)
    >>> bool((six < 52).all())
    True
    """
    bound = U64(52 * 52 * 52)
    for b in range(2):
        r, s0, s1, s2, s3, half, have = _word(s0, s1, s2, s3, half, have, bound)
        for q in range(3):
            product = r * U64(52)
            a[b * 3 + q] = deck[np.int64(product >> U64(32))]
            r = product & _M32
    return s0, s1, s2, s3, half, have
