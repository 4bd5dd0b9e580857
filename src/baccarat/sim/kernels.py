"""The numba kernels: per-shoe random streams, an exactly uniform shuffle, dealing by table look-up.

Everything here is specified bit for bit (``docs/simulator.md``) and mirrored line for line by the
CUDA C source ``kernel.c``, so a shoe is the same whichever backend deals it:

* **Streams.** A run's seed becomes a 128-bit key ``(k0, k1)``; shoe ``i`` gets the xoshiro256**
  generator whose state is four splitmix64 outputs started from ``k0 ^ fmix64(i ^ k1)``.
* **Bounded integers.** Each 64-bit output is used as two 32-bit words, low half first. One word
  gives a *batch* of ``m`` indices with bounds ``b1 … bm`` (product ``P`` ≤ 2**27): multiply by
  ``b1``, the high 32 bits are the first index and the low 32 bits the word for the next one, and
  so on. This is Lemire's multiply-shift for the bound ``P`` in mixed radix, so rejecting the word
  when ``(r * P) mod 2**32 < 2**32 mod P`` makes every index tuple exactly equally likely
  (Brackett-Rozinsky and Lemire, "Batched ranged random integer generation", 2024). A rejected
  word is replaced by the next 32-bit word.
* **Shuffle.** Fisher–Yates from the top: position ``i`` swaps with ``i + u``, ``u`` uniform in
  ``[0, n - i)``, for ``i`` from 0 to ``n - 2``, in batches of :func:`batch_size` positions. Each
  shoe starts from the canonical order (:func:`baccarat.sim.tables.canonical_shoe`).
* **Dealing.** :func:`_coup` reads six bytes and one table entry; the shoe procedure is that of
  :class:`baccarat.core.shoe.Shoe`.

The functions run as plain Python too (``NUMBA_DISABLE_JIT=1``), with NumPy integer scalars, for
debugging and for the tests; callers wrap them in ``np.errstate(over="ignore")`` because the
generator relies on 64-bit wrap-around.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

__all__ = [
    "FIRST_COUP",
    "INFINITE",
    "INFINITE_UNIT",
    "LANES",
    "SHOE",
    "batch_limits",
    "batch_size",
    "deal_order",
    "run_shoes",
    "stream_order",
    "stream_state",
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

SHOE = 0
"""Mode: coups one after another to the cut card (and one more), shoe after shoe."""
FIRST_COUP = 1
"""Mode: the first coup of each freshly shuffled shoe (after the burn)."""
INFINITE = 2
"""Mode: independent cards; a stream ("unit") deals :data:`INFINITE_UNIT` coups."""
INFINITE_UNIT = 1024
"""Coups dealt from one stream in infinite mode."""


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
    """The xoshiro256** state of stream ``index`` under key ``(k0, k1)``."""
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
    at most 2**27, so that fewer than 1 word in 32 is rejected.

    >>> batch_size(416), batch_size(52), batch_size(2_000_000)
    (3, 4, 1)
    """
    k = 1
    while n ** (k + 1) <= 1 << 27:
        k += 1
    return k


@njit(cache=True, nogil=True)
def _shuffle(
    a: Any, start: int, end: int, n: int, k: int, swaps: Any, s0: Any, s1: Any, s2: Any, s3: Any
) -> Any:
    """Fisher–Yates steps for positions ``start`` to ``end - 1`` of ``a[:n]``, ``k`` per word.

    When ``swaps`` is not empty, position ``i``'s partner is written to ``swaps[i]`` (so a caller
    can restore the canonical order cheaply). This is the procedure as specified; the shoe mode
    uses :func:`_shuffle_fast`, the same words and swaps, faster.
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
    """:func:`_shuffle` from position ``i`` with a half-word already in hand (``half``, ``have``)."""
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
def batch_limits(n: int, k: int, start: int = 0) -> Any:
    """For each whole batch of a shuffle of ``n`` cards from position ``start`` (positions
    ``start + b*k`` to ``start + b*k + k - 1``): the product of its bounds and the least accepted
    low word, ``2**32 mod product``."""
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
def _shuffle_fast(
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
    """:func:`_shuffle` (same words, same swaps) with each whole batch's bound and rejection limit
    looked up (``bounds``, ``limits``: :func:`batch_limits` for this ``start``) and the
    three-index batch of 3 to 9 decks unrolled."""
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
            # the unrolled branch above (shoe mode) by about a quarter.
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
def _coup(a: Any, p: Any, table: Any) -> Any:
    """The coup whose first card is at ``a[p]``: (entry, pair class), all ``uint64``.

    ``entry`` is ``summary << 3 | cards used``. The bytes at ``p + 4`` and ``p + 5`` are read even
    when not drawn; the table ignores them then. (Unsigned positions spare numba's check for
    negative indices on every read.)
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
def _burn(a: Any, burn: bool) -> Any:
    """Where the first coup starts (``uint64``): after the first card and that many more (ten
    for a zero)."""
    if not burn:
        return _0
    value = U64(a[0]) & _15
    return _1 + (value if value else _10)


@njit(cache=True, nogil=True)
def _deal_shoe(
    a: Any,
    cut_index: int,
    burn: bool,
    one_more: bool,
    table: Any,
    counts: Any,
    pairs: Any,
    limit: int,
    record: Any,
) -> int:
    """Deal a shuffled shoe to its end (at most ``limit`` coups), tallying each coup.

    The cut card comes out in the coup that draws a card at or past ``cut_index``, i.e. the coup
    that ends past it; that coup is finished, then one more is dealt if ``one_more``. When
    ``record`` has rows, coup ``c`` is written to ``record[c]`` as (entry, pair class, start).
    """
    p = _burn(a, burn)
    cut = U64(cut_index)
    coups = 0
    remaining = -1  # coups still to deal once the cut card is out
    while coups < limit and remaining != 0:
        entry, pair = _coup(a, p, table)
        counts[entry >> _3] += 1
        pairs[pair] += 1
        if coups < record.shape[0]:
            record[coups, 0] = entry
            record[coups, 1] = pair
            record[coups, 2] = p
        p += entry & _7
        coups += 1
        if remaining > 0:
            remaining -= 1
        elif remaining < 0 and p > cut:
            remaining = 1 if one_more else 0
    return coups


@njit(cache=True, nogil=True)
def deal_order(
    order: Any, cut_index: int, burn: bool, one_more: bool, table: Any, record: Any
) -> int:
    """Deal a given shoe order (kernel bytes) with the shoe procedure; coups go to ``record``.

    This is the kernel's dealing, exposed so tests can compare it coup by coup with
    :meth:`baccarat.core.shoe.Shoe.deal_all`.
    """
    counts = np.zeros(400, dtype=np.int64)
    pairs = np.zeros(9, dtype=np.int64)
    return _deal_shoe(order, cut_index, burn, one_more, table, counts, pairs, 1 << 30, record)


@njit(cache=True, nogil=True)
def _first_coup_shuffle(
    a: Any, n: int, k: int, burn: bool, swaps: Any, s0: Any, s1: Any, s2: Any, s3: Any
) -> Any:
    """Shuffle only as far as the first coup reads; return where it starts and the positions
    shuffled.

    With the burn, the first card is shuffled alone (one call: the burn depends on it), then the
    cards up to the coup's sixth (a second call). A Fisher–Yates prefix is a uniformly random
    ordered sample of the shoe, so this first coup is distributed exactly as in a full shuffle.
    (The procedure as specified; :func:`_first_coup` does the same with looked-up batches.)
    """
    p: Any = 0
    start = 0
    if burn:
        s0, s1, s2, s3 = _shuffle(a, 0, 1, n, k, swaps, s0, s1, s2, s3)
        p = np.int64(_burn(a, burn))
        start = 1
    end = min(p + 6, n - 1)
    _shuffle(a, start, end, n, k, swaps, s0, s1, s2, s3)
    return p, end


@njit(cache=True, nogil=True)
def _first_coup(
    a: Any,
    template: Any,
    k: int,
    burn: bool,
    table: Any,
    swaps: Any,
    bounds: Any,
    limits: Any,
    s0: Any,
    s1: Any,
    s2: Any,
    s3: Any,
    six: Any,
) -> Any:
    """Deal the first coup of a stream's shoe (as :func:`_first_coup_shuffle` shuffles it, with
    ``bounds``/``limits`` the batches from position 1 with the burn, else 0) and put ``a`` back
    in canonical order; the coup's six cards are copied into ``six`` first unless it is empty
    (the card-level tallies read them)."""
    n = template.shape[0]
    # _first_coup_shuffle's burn, written out again: a shared helper returning the positions and
    # the stream costs this mode about an eighth of its speed.
    p: Any = 0
    start = 0
    if burn:
        s0, s1, s2, s3 = _shuffle(a, 0, 1, n, k, swaps, s0, s1, s2, s3)
        p = np.int64(_burn(a, burn))
        start = 1
    end = min(p + 6, n - 1)
    _shuffle_fast(a, start, end, n, k, bounds, limits, swaps, s0, s1, s2, s3)
    entry, pair = _coup(a, U64(p), table)
    for i in range(six.shape[0]):
        six[i] = a[p + i]
    for i in range(end):
        a[swaps[i]] = template[swaps[i]]
        a[i] = template[i]
    return entry, pair


@njit(cache=True, nogil=True)
def stream_order(mode: int, k0: Any, k1: Any, index: int, template: Any, burn: bool) -> Any:
    """The shoe as stream ``index`` deals it: fully shuffled in shoe mode; in first-coup mode
    shuffled only as far as the first coup reads (the rest is left as the swaps left it).

    For tests and replays: :meth:`baccarat.core.shoe.Shoe.from_order` deals the same coups.
    """
    n = template.shape[0]
    a = template.copy()
    s0, s1, s2, s3 = stream_state(k0, k1, U64(index))
    swaps = np.zeros(n, dtype=np.int64)
    if mode == SHOE:
        _shuffle(a, 0, n - 1, n, batch_size(n), swaps[:0], s0, s1, s2, s3)
    elif mode == FIRST_COUP:
        _first_coup_shuffle(a, n, batch_size(n), burn, swaps, s0, s1, s2, s3)
    return a


LANES = 4
"""Shoes dealt round-robin by the fast path, so that one shoe's look-ups overlap another's."""


@njit(cache=True, nogil=True)
def _tally_coup(a: Any, p: Any, table: Any, counts: Any, pairs: Any) -> Any:
    """Deal the coup at ``a[p]`` into the tallies; return where the next coup starts."""
    entry, pair = _coup(a, p, table)
    counts[entry >> _3] += 1
    pairs[pair] += 1
    return p + (entry & _7)


@njit(cache=True, nogil=True)
def _finish_lane(
    a: Any,
    p: int,
    fresh: bool,
    cut_index: int,
    one_more: bool,
    table: Any,
    counts: Any,
    pairs: Any,
) -> int:
    """Deal a shoe on from ``p`` to its end, as :func:`_deal_shoe` would; return the coups dealt.

    ``p > cut_index`` means the cut card came out in the coup just dealt, unless the shoe is
    ``fresh`` (no coup dealt yet): its first coup is dealt whatever, as :func:`_deal_shoe` does
    when the cut card lies before it.
    """
    coups = 0
    cut = U64(cut_index)
    if fresh:
        p = _tally_coup(a, p, table, counts, pairs)
        coups += 1
    while p <= cut:
        p = _tally_coup(a, p, table, counts, pairs)
        coups += 1
    if one_more:
        _tally_coup(a, p, table, counts, pairs)
        coups += 1
    return coups


@njit(cache=True, nogil=True)
def _shoes_interleaved(
    k0: Any,
    k1: Any,
    first: int,
    groups: int,
    template: Any,
    cut_index: int,
    burn: bool,
    one_more: bool,
    table: Any,
    counts: Any,
    pairs: Any,
) -> int:
    """Whole shoes ``first`` to ``first + 4*groups - 1``: the same tallies as dealing them one by
    one, faster. Each group of four is shuffled, then dealt a coup from each shoe in turn while
    no cut card has come out; the stragglers finish one by one.
    """
    n = template.shape[0]
    k = batch_size(n)
    bounds, limits = batch_limits(n, k)
    words = (n + 8 + 7) // 8
    spread = np.zeros(words, dtype=np.uint64)
    spread.view(np.uint8)[:n] = template
    shoes = np.zeros((LANES, words), dtype=np.uint64)
    cards = shoes.view(np.uint8)
    a0 = cards[0]
    a1 = cards[1]
    a2 = cards[2]
    a3 = cards[3]
    lane_counts = np.zeros((LANES, 400), dtype=np.int64)
    lane_pairs = np.zeros((LANES, 9), dtype=np.int64)
    c0 = lane_counts[0]
    c1 = lane_counts[1]
    c2 = lane_counts[2]
    c3 = lane_counts[3]
    q0 = lane_pairs[0]
    q1 = lane_pairs[1]
    q2 = lane_pairs[2]
    q3 = lane_pairs[3]
    no_swaps = np.empty(0, dtype=np.int64)
    cut = U64(cut_index)
    coups = 0
    for group in range(groups):
        for lane in range(LANES):
            for w in range(words):
                shoes[lane, w] = spread[w]
            s0, s1, s2, s3 = stream_state(k0, k1, U64(first + group * LANES + lane))
            _shuffle_fast(cards[lane], 0, n - 1, n, k, bounds, limits, no_swaps, s0, s1, s2, s3)
        p0 = _burn(a0, burn)
        p1 = _burn(a1, burn)
        p2 = _burn(a2, burn)
        p3 = _burn(a3, burn)
        rounds = 0
        while p0 <= cut and p1 <= cut and p2 <= cut and p3 <= cut:
            p0 = _tally_coup(a0, p0, table, c0, q0)
            p1 = _tally_coup(a1, p1, table, c1, q1)
            p2 = _tally_coup(a2, p2, table, c2, q2)
            p3 = _tally_coup(a3, p3, table, c3, q3)
            rounds += 1
        coups += LANES * rounds
        coups += _finish_lane(a0, p0, rounds == 0, cut_index, one_more, table, c0, q0)
        coups += _finish_lane(a1, p1, rounds == 0, cut_index, one_more, table, c1, q1)
        coups += _finish_lane(a2, p2, rounds == 0, cut_index, one_more, table, c2, q2)
        coups += _finish_lane(a3, p3, rounds == 0, cut_index, one_more, table, c3, q3)
    for lane in range(LANES):
        for c in range(400):
            counts[c] += lane_counts[lane, c]
        for c in range(9):
            pairs[c] += lane_pairs[lane, c]
    return coups


@njit(cache=True, nogil=True)
def run_shoes(
    mode: int,
    k0: Any,
    k1: Any,
    first: int,
    count: int,
    limit: int,
    template: Any,
    cut_index: int,
    burn: bool,
    one_more: bool,
    table: Any,
    counts: Any,
    pairs: Any,
) -> tuple[int, int]:
    """Deal shoes (streams) ``first`` to ``first + count - 1`` in order, stopping after ``limit``
    coups (``limit < 0``: no limit); tally into ``counts`` (400) and ``pairs`` (9); return the
    coups dealt and the shoes they came from.

    In infinite mode a stream is a unit of :data:`INFINITE_UNIT` coups and ``template`` is one deck.
    """
    n = template.shape[0]
    k = batch_size(n)
    coups = 0
    used = 0
    if limit < 0:
        if mode == SHOE:
            groups = count // LANES
            coups = _shoes_interleaved(
                k0, k1, first, groups, template, cut_index, burn, one_more, table, counts, pairs
            )
            first += groups * LANES
            count -= groups * LANES
            used = groups * LANES
        limit = 1 << 62
    a = np.zeros(n + 8, dtype=np.uint8)
    a[:n] = template
    no_record = np.empty((0, 3), dtype=np.int64)
    no_swaps = np.empty(0, dtype=np.int64)
    swaps = np.zeros(n, dtype=np.int64)
    bounds, limits = batch_limits(n, k)
    from_burn, limits_burn = batch_limits(n, k, 1 if burn else 0)
    no_six = np.empty(0, dtype=np.uint8)
    for index in range(first, first + count):
        if coups >= limit:
            break
        used += 1
        s0, s1, s2, s3 = stream_state(k0, k1, U64(index))
        if mode == SHOE:
            for i in range(n):
                a[i] = template[i]
            s0, s1, s2, s3 = _shuffle_fast(
                a, 0, n - 1, n, k, bounds, limits, no_swaps, s0, s1, s2, s3
            )
            coups += _deal_shoe(
                a, cut_index, burn, one_more, table, counts, pairs, limit - coups, no_record
            )
        elif mode == FIRST_COUP:
            entry, pair = _first_coup(
                a, template, k, burn, table, swaps, from_burn, limits_burn, s0, s1, s2, s3, no_six
            )
            counts[entry >> _3] += 1
            pairs[pair] += 1
            coups += 1
        else:
            coups += _infinite(
                template, table, counts, pairs, min(INFINITE_UNIT, limit - coups), s0, s1, s2, s3
            )
    return coups, used


@njit(cache=True, nogil=True)
def infinite_six(
    deck: Any, a: Any, s0: Any, s1: Any, s2: Any, s3: Any, half: Any, have: bool
) -> Any:
    """Six independent cards into ``a[:6]``, each uniform over the 52 of ``deck[:52]``, as two
    batches of three (bound 52**3), used or not; return the stream state after them."""
    bound = U64(52 * 52 * 52)
    for b in range(2):
        r, s0, s1, s2, s3, half, have = _word(s0, s1, s2, s3, half, have, bound)
        for q in range(3):
            product = r * U64(52)
            a[b * 3 + q] = deck[np.int64(product >> U64(32))]
            r = product & _M32
    return s0, s1, s2, s3, half, have


@njit(cache=True, nogil=True)
def _infinite(
    deck: Any, table: Any, counts: Any, pairs: Any, coups: int, s0: Any, s1: Any, s2: Any, s3: Any
) -> int:
    """``coups`` coups of independent cards (:func:`infinite_six` for each)."""
    a = np.empty(6, dtype=np.uint8)
    half = U64(0)
    have = False
    for _ in range(coups):
        s0, s1, s2, s3, half, have = infinite_six(deck, a, s0, s1, s2, s3, half, have)
        entry, pair = _coup(a, _0, table)
        counts[entry >> _3] += 1
        pairs[pair] += 1
    return coups
