"""The simulator's numba kernels: shoes, first coups and independent cards dealt into tallies.

Each kernel deals with :mod:`baccarat.sim.dealing` (the streams, the shuffle, the burn, the coup and
the shoe procedure, specified bit for bit in ``docs/simulator.md`` and mirrored by the CUDA C
source ``kernel.c``), so a shoe is the same whichever backend deals it. What is here is how the
simulator walks its shoes: the three modes, the interleaved fast path and the first coup dealt
from a partial shuffle.

The functions run as plain Python too (``NUMBA_DISABLE_JIT=1``), with NumPy integer scalars, for
debugging and for the tests; callers wrap them in ``np.errstate(over="ignore")`` because the
generator relies on 64-bit wrap-around.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from baccarat.odds import jitcache
from baccarat.sim import dealing
from baccarat.sim.config import INFINITE_UNIT, LANES
from baccarat.sim.dealing import batch_limits, batch_size, shuffle, shuffle_fast, stream_state

# Before the first kernel: numba stamps each one's cache with every kernel source.
jitcache.install()

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
_0, _3, _7 = (np.uint64(v) for v in (0, 3, 7))

SHOE = 0
"""Mode: coups one after another to the cut card (and one more), shoe after shoe."""
FIRST_COUP = 1
"""Mode: the first coup of each freshly shuffled shoe (after the burn)."""
INFINITE = 2
"""Mode: independent cards; a stream ("unit") deals :data:`INFINITE_UNIT` coups."""


@njit(cache=True, nogil=True)
def deal_order(
    order: Any, cut_index: int, burn: bool, one_more: bool, table: Any, record: Any
) -> int:
    """Deal a given shoe order (kernel bytes) with the shoe procedure; coups go to ``record``.

    This is the kernels' dealing (:func:`baccarat.sim.dealing.deal_shoe`), for tests and replays
    to compare coup by coup with :meth:`baccarat.core.shoe.Shoe.deal_all`.
    """
    counts = np.zeros(400, dtype=np.int64)
    pairs = np.zeros(9, dtype=np.int64)
    return dealing.deal_shoe(
        order, cut_index, burn, one_more, table, counts, pairs, 1 << 30, record
    )


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
        s0, s1, s2, s3 = shuffle(a, 0, 1, n, k, swaps, s0, s1, s2, s3)
        p = np.int64(dealing.burn(a, burn))
        start = 1
    end = min(p + 6, n - 1)
    shuffle(a, start, end, n, k, swaps, s0, s1, s2, s3)
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
        s0, s1, s2, s3 = shuffle(a, 0, 1, n, k, swaps, s0, s1, s2, s3)
        p = np.int64(dealing.burn(a, burn))
        start = 1
    end = min(p + 6, n - 1)
    shuffle_fast(a, start, end, n, k, bounds, limits, swaps, s0, s1, s2, s3)
    entry, pair = dealing.coup(a, U64(p), table)
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
        shuffle(a, 0, n - 1, n, batch_size(n), swaps[:0], s0, s1, s2, s3)
    elif mode == FIRST_COUP:
        _first_coup_shuffle(a, n, batch_size(n), burn, swaps, s0, s1, s2, s3)
    return a


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
    """Deal a shoe on from ``p`` to its end, as :func:`baccarat.sim.dealing.deal_shoe` would;
    return the coups dealt.

    ``p`` is where the coup after the last one dealt starts, unless the shoe is ``fresh`` (no
    coup dealt yet): its first coup is dealt whatever, as ``deal_shoe`` does when the cut card
    lies before it.
    """
    cut = U64(cut_index)
    left = dealing.CUT_CARD_IN
    if not fresh:
        left = dealing.coups_left(left, p, cut, one_more)
    coups = 0
    while left != 0:
        p = dealing.tally_coup(a, p, table, counts, pairs)
        coups += 1
        left = dealing.coups_left(left, p, cut, one_more)
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
            shuffle_fast(cards[lane], 0, n - 1, n, k, bounds, limits, no_swaps, s0, s1, s2, s3)
        p0 = dealing.burn(a0, burn)
        p1 = dealing.burn(a1, burn)
        p2 = dealing.burn(a2, burn)
        p3 = dealing.burn(a3, burn)
        rounds = 0
        # A coup from each while every cut card is in (dealing.coups_left would say CUT_CARD_IN).
        while p0 <= cut and p1 <= cut and p2 <= cut and p3 <= cut:
            p0 = dealing.tally_coup(a0, p0, table, c0, q0)
            p1 = dealing.tally_coup(a1, p1, table, c1, q1)
            p2 = dealing.tally_coup(a2, p2, table, c2, q2)
            p3 = dealing.tally_coup(a3, p3, table, c3, q3)
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
        if mode == SHOE:
            dealing.shuffle_shoe(a, template, k0, k1, index, k, bounds, limits, no_swaps)
            coups += dealing.deal_shoe(
                a, cut_index, burn, one_more, table, counts, pairs, limit - coups, no_record
            )
            continue
        s0, s1, s2, s3 = stream_state(k0, k1, U64(index))
        if mode == FIRST_COUP:
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
def _infinite(
    deck: Any, table: Any, counts: Any, pairs: Any, coups: int, s0: Any, s1: Any, s2: Any, s3: Any
) -> int:
    """``coups`` coups of independent cards (:func:`baccarat.sim.dealing.infinite_six` for each)."""
    a = np.empty(6, dtype=np.uint8)
    half = U64(0)
    have = False
    for _ in range(coups):
        s0, s1, s2, s3, half, have = dealing.infinite_six(deck, a, s0, s1, s2, s3, half, have)
        entry, pair = dealing.coup(a, _0, table)
        counts[entry >> _3] += 1
        pairs[pair] += 1
    return coups
