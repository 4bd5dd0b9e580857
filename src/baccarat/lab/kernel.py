"""The lab's numba kernels: shoes dealt by the simulator's own code, a count kept over them.

Each shoe is stream ``i`` of the run's key, shuffled from the canonical shoe and dealt coup by
coup with the simulator's public dealing (:mod:`baccarat.sim.dealing`: the shuffle, the burn, the
coup and the shoe procedure's :func:`~baccarat.sim.dealing.coups_left`, which :func:`count_shoes`
writes out for speed), so the coups are the simulator's, card for card. Before each coup the
kernel reads the counter's *bucket*, tallies the coup's summary and pair classes under it, and
adds the target bet's net to that bucket's total for the shoe; then the cards of the coup are
counted.

* :func:`count_shoes`: the bucket is the running count, or the true count rounded down
  (``floor(RC × 52 / unseen)``), clipped to ``[lo, hi]``; the running count before the coup at
  position ``p`` is read off the shoe's prefix sums of tags, taken once after the shuffle.
* :func:`perfect_shoes`: the bucket is the target bet's exact edge in whole percent, from the
  cards the player has not seen, counted by :func:`baccarat.lab.sparse.wanted_counts` (or
  :func:`~baccarat.odds.exact.pair_counts`) before every coup; bucket ≥ 0 exactly when the
  exact expectation is positive (decided in exact integers).

At the end of each shoe every *trigger* (a row of ``stakes``: units staked at each bucket) gets
the shoe's units won, summed and squared, so the interval of units per shoe is exact for every
threshold at once; memory is the tallies alone, whatever the number of shoes.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from baccarat.lab.sparse import wanted_counts
from baccarat.odds import jitcache
from baccarat.odds.exact import pair_counts
from baccarat.sim import dealing
from baccarat.sim.dealing import CUT_CARD_IN, batch_limits, batch_size, coup, coups_left

# Before the first kernel: numba stamps each one's cache with every kernel source.
jitcache.install()

__all__ = ["count_shoes", "exact_edge", "perfect_shoes", "shoe_counts", "true_count_of"]

U64 = np.uint64
_3, _7 = (np.uint64(v) for v in (3, 7))
_M32 = np.int64(0xFFFFFFFF)


@njit(cache=True, nogil=True)
def _close_shoe(
    stakes: Any, u: Any, bmin: int, bmax: int, main: int, units: Any, squares: Any, hist: Any,
    hist_lo: int, hist_width: int,
) -> None:  # fmt: skip
    """Each trigger's units for the shoe just dealt (``u``: the target's net per bucket), and
    the first trigger's into the histogram of units per shoe (bins of ``hist_width`` from
    ``hist_lo``, the end bins holding everything beyond)."""
    for t in range(stakes.shape[0]):
        x = main
        for b in range(bmin, bmax + 1):
            x += stakes[t, b] * u[b]
        units[t] += x
        squares[t] += x * x
        if t == 0:
            h = (x - hist_lo) // hist_width
            hist[min(max(h, 0), hist.shape[0] - 1)] += 1
    for b in range(bmin, bmax + 1):
        u[b] = 0


@njit(cache=True, nogil=True)
def true_count_of(rc: int, unseen: int, per_deck: Any) -> Any:
    """``floor(rc * 52 / unseen)``: a float guess from ``per_deck[unseen] = 52 / unseen`` (a
    multiplication instead of a division), then made exact in integers (the guess is at most
    one off).

    >>> per_deck = 52.0 / np.arange(1, 417, dtype=np.float64)
    >>> int(true_count_of(-7, 104, np.concatenate(([0.0], per_deck))))
    -4
    """
    level = np.int64(np.floor(rc * per_deck[unseen]))
    if level * unseen > rc * 52:
        level -= 1
    elif (level + 1) * unseen <= rc * 52:
        level += 1
    return level


# Its parameters repeat the simulator kernel's and perfect_shoes': a numba kernel takes arrays
# and scalars (a jitclass would keep it out of numba's disk cache), so each kernel lists the
# arrays of what it tallies; the dealing itself is sim.dealing's, called, not repeated.
@njit(cache=True, nogil=True)
def count_shoes(
    k0: Any,
    k1: Any,
    first: int,
    count: int,
    template: Any,
    cut_index: int,
    burn: bool,
    one_more: bool,
    table: Any,
    tags: Any,
    start: int,
    true_count: bool,
    sees_burn_card: bool,
    lo: int,
    pay: Any,
    pay_pairs: Any,
    main: Any,
    stakes: Any,
    counts: Any,
    pairs: Any,
    units: Any,
    squares: Any,
    hist: Any,
    hist_lo: int,
    hist_width: int,
) -> int:
    """Deal shoes ``first`` to ``first + count - 1`` keeping the count; return the coups dealt.

    ``tags[code & 63]`` is the tag of a card byte; ``pay``/``pay_pairs``/``main`` are the target
    bet's and the flat main bet's nets by class, in whole units of the pays' common
    denominator; ``counts[bucket, class]`` and ``pairs[bucket, class]`` the tallies, bucket
    ``b`` standing for the count ``lo + b`` (the first and last hold everything beyond).
    """
    n = template.shape[0]
    k = batch_size(n)
    bounds, limits = batch_limits(n, k)
    a = np.zeros(n + 8, dtype=np.uint8)
    cum = np.zeros(n + 8, dtype=np.int64)
    no_swaps = np.empty(0, dtype=np.int64)
    buckets = counts.shape[0]
    u = np.zeros(buckets, dtype=np.int64)
    top = buckets - 1
    reads_pairs = np.any(pay_pairs != 0)
    has_main = np.any(main != 0)
    per_deck = np.zeros(n + 1)
    for i in range(1, n + 1):
        per_deck[i] = 52.0 / i
    cut = U64(cut_index)
    coups = 0
    # dealing.shuffle_shoe and coups_left written out here: called, they cost this loop about 5 %
    # (bench/bench_lab.py, how-dragon-7 on one thread); the procedure is coups_left's all the same.
    for index in range(first, first + count):
        for i in range(n):
            a[i] = template[i]
        s0, s1, s2, s3 = dealing.stream_state(k0, k1, U64(index))
        dealing.shuffle_fast(a, 0, n - 1, n, k, bounds, limits, no_swaps, s0, s1, s2, s3)
        # The running count before the coup at ``p`` is a difference of prefix sums of the
        # tags: one pass over the shoe instead of six look-ups a coup.
        total = np.int64(0)
        for i in range(n):
            cum[i] = total
            total += tags[a[i] & 63]
        for i in range(n, n + 8):
            cum[i] = total
        p = dealing.burn(a, burn)
        base: Any = start - cum[p]
        first_seen: Any = np.int64(p)
        if burn and sees_burn_card:
            base += tags[a[0] & 63]
            first_seen -= 1
        main_units = 0
        bmin = buckets - 1
        bmax = 0
        left = CUT_CARD_IN
        while left != 0:
            level: Any = base + cum[p]
            if true_count:
                level = true_count_of(level, n - (np.int64(p) - first_seen), per_deck)
            b = min(max(level - lo, 0), top)
            bmin = min(bmin, b)
            bmax = max(bmax, b)
            entry, pair = coup(a, p, table)
            s = np.int64(entry >> _3)
            q = np.int64(pair)
            counts[b, s] += 1
            if reads_pairs:
                pairs[b, q] += 1
                u[b] += pay_pairs[q]
            else:
                u[b] += pay[s]
            if has_main:
                main_units += main[s]
            p += entry & _7
            coups += 1
            if left > 0:
                left -= 1
            elif left < 0 and p > cut:
                left = 1 if one_more else 0
        _close_shoe(stakes, u, bmin, bmax, main_units, units, squares, hist, hist_lo, hist_width)
    return coups


@njit(cache=True, nogil=True)
def shoe_counts(
    order: Any, cut_index: int, burn: bool, one_more: bool, table: Any, tags: Any, start: int,
    sees_burn_card: bool, out: Any,
) -> int:  # fmt: skip
    """The running count and the cards seen before each coup of one given shoe order, into
    ``out[c] = (running count, cards seen)``; return the coups (for tests and replays)."""
    p = dealing.burn(order, burn)
    rc: Any = start
    seen: Any = 0
    if burn and sees_burn_card:
        rc += tags[order[0] & 63]
        seen = 1
    cut = U64(cut_index)
    coups = 0
    left = CUT_CARD_IN
    while left != 0 and coups < out.shape[0]:
        out[coups, 0] = rc
        out[coups, 1] = seen
        entry, _ = coup(order, p, table)
        used = entry & _7
        for i in range(np.int64(used)):
            rc += tags[order[p + U64(i)] & 63]
        seen += np.int64(used)
        p += used
        coups += 1
        left = coups_left(left, p, cut, one_more)
    return coups


@njit(cache=True, nogil=True)
def _positive(weights: Any, classes: Any) -> tuple[Any, float]:
    """Whether Σ weights·classes > 0, decided exactly (each count split into 32-bit halves so
    no product overflows), and the sum as a float."""
    hi = np.int64(0)
    lo = np.int64(0)
    approx = 0.0
    for i in range(classes.shape[0]):
        c = classes[i]
        w = weights[i]
        if w == 0 or c == 0:
            continue
        hi += w * (c >> 32)
        lo += w * (c & _M32)
        approx += float(w) * float(c)
    hi += lo >> 32  # an arithmetic shift: floor division by 2**32
    lo &= _M32
    return hi > 0 or (hi == 0 and lo > 0), approx


@njit(cache=True, nogil=True)
def exact_edge(
    values: Any, cards: Any, left: int, natural: Any, player_draws: Any, banker_stood: Any,
    banker_draws: Any, reads_summary: bool, scale: int, weights: Any, wanted: Any, stood: Any,
    drawn: Any, pay_pairs: Any, summary: Any, paired: Any,
) -> tuple[Any, int]:  # fmt: skip
    """Whether the bet's exact expectation from the unseen cards (``values`` by value,
    ``cards`` by the 52 cards, ``left`` in all) is positive, and its edge in whole percent
    rounded down. A summary bet is counted on its wanted classes only
    (:mod:`baccarat.lab.sparse`: ``weights`` are its pays less the base pay, the base last);
    ``summary`` (401) and ``paired`` (9) are scratch arrays."""
    total = 1
    for j in range(6):
        total *= left - j
    if reads_summary:
        for c in range(400):
            summary[c] = 0
        wanted_counts(
            values, natural, player_draws, banker_stood, banker_draws, wanted, stood, drawn,
            summary,
        )  # fmt: skip
        summary[400] = total
        good, ev = _positive(weights, summary)
    else:
        for c in range(9):
            paired[c] = 0
        pair_counts(cards, 1, paired)
        good, ev = _positive(pay_pairs, paired)
    return good, int(np.floor(100.0 * ev / (float(total) * scale)))


# The same flat parameters as count_shoes (see there why), with the perfect player's tables.
@njit(cache=True, nogil=True)
def perfect_shoes(
    k0: Any,
    k1: Any,
    first: int,
    count: int,
    template: Any,
    cut_index: int,
    burn: bool,
    one_more: bool,
    table: Any,
    natural: Any,
    player_draws: Any,
    banker_stood: Any,
    banker_draws: Any,
    card_index: Any,
    sees_burn_card: bool,
    lo: int,
    scale: int,
    weights: Any,
    wanted: Any,
    stood: Any,
    drawn: Any,
    pay: Any,
    pay_pairs: Any,
    main: Any,
    stakes: Any,
    counts: Any,
    pairs: Any,
    units: Any,
    squares: Any,
    hist: Any,
    hist_lo: int,
    hist_width: int,
) -> int:
    """:func:`count_shoes` for the computer that knows every card it has seen: before each coup
    the target bet's exact expectation from the unseen cards; bucket ``lo + b`` holds the coups
    whose exact edge lies in ``[b, b + 1)`` percent (``b ≥ 0`` exactly when it is positive).

    ``card_index[code]`` is a card byte's place among the 52 (rank-major), ``scale`` the pays'
    common denominator (``pay`` and ``pay_pairs`` are nets times ``scale``).
    """
    n = template.shape[0]
    k = batch_size(n)
    bounds, limits = batch_limits(n, k)
    a = np.zeros(n + 8, dtype=np.uint8)
    no_swaps = np.empty(0, dtype=np.int64)
    buckets = counts.shape[0]
    u = np.zeros(buckets, dtype=np.int64)
    full = np.zeros(52, dtype=np.int64)
    for i in range(n):
        full[card_index[template[i]]] += 1
    cards = np.zeros(52, dtype=np.int64)
    values = np.zeros(10, dtype=np.int64)
    summary = np.zeros(401, dtype=np.int64)
    paired = np.zeros(9, dtype=np.int64)
    reads_pairs = False
    reads_summary = False
    for i in range(9):
        reads_pairs = reads_pairs or pay_pairs[i] != 0
    for i in range(400):
        reads_summary = reads_summary or pay[i] != 0
    cut = U64(cut_index)
    coups = 0
    for index in range(first, first + count):
        dealing.shuffle_shoe(a, template, k0, k1, index, k, bounds, limits, no_swaps)
        p = dealing.burn(a, burn)
        for i in range(52):
            cards[i] = full[i]
        for v in range(10):
            values[v] = 0
        for i in range(52):
            values[i // 4 + 1 if i < 36 else 0] += full[i]
        unseen = n
        if burn and sees_burn_card:
            cards[card_index[a[0]]] -= 1
            values[a[0] & 15] -= 1
            unseen -= 1
        main_units = 0
        bmin = buckets - 1
        bmax = 0
        left = CUT_CARD_IN
        while left != 0:
            good, edge = exact_edge(
                values, cards, unseen, natural, player_draws, banker_stood, banker_draws,
                reads_summary, scale, weights, wanted, stood, drawn, pay_pairs, summary, paired,
            )  # fmt: skip
            level = max(edge, 0) if good else min(edge, -1)  # 0 and up: a positive edge
            b = min(max(level - lo, 0), buckets - 1)
            bmin = min(bmin, b)
            bmax = max(bmax, b)
            entry, pair = coup(a, p, table)
            s = np.int64(entry >> _3)
            q = np.int64(pair)
            counts[b, s] += 1
            pairs[b, q] += 1
            u[b] += pay[s] + pay_pairs[q]
            main_units += main[s]
            used = entry & _7
            for i in range(np.int64(used)):
                code = a[p + U64(i)]
                cards[card_index[code]] -= 1
                values[code & 15] -= 1
            unseen -= np.int64(used)
            p += used
            coups += 1
            left = coups_left(left, p, cut, one_more)
        _close_shoe(stakes, u, bmin, bmax, main_units, units, squares, hist, hist_lo, hist_width)
    return coups
