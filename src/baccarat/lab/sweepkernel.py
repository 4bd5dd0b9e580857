"""The sweep kernel: one deal of each shoe priced at every cut card and every bet ramp at once.

The shoe under a cut card lying ``c`` cards from the end is a prefix of the shoe under any cut
card nearer the end (the shuffle, the burn and every coup are the same until the cut card comes
out), so the kernel shuffles and deals each shoe once, to the deepest cut card, and closes the
shoe of each cut card when that cut card's procedure (:func:`~baccarat.sim.dealing.coups_left`)
ends it. The count is :func:`baccarat.lab.kernel.count_shoes`' (a running count, or the true
count rounded down), and so is each coup's bucket.

At each close, every *trigger* (a row of ``stakes``: units staked at each bucket, one row per
threshold and ramp) gets the shoe's units won ``x`` and units staked ``s``, and the sums of
``x``, ``x²``, ``s²`` and ``x·s`` over shoes: the interval of units per shoe and of the
advantage (units won per unit staked, a ratio of two means) both follow exactly.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from baccarat.lab.kernel import true_count_of
from baccarat.odds import jitcache
from baccarat.sim import dealing
from baccarat.sim.dealing import CUT_CARD_IN, batch_limits, batch_size, coup, coups_left

jitcache.install()

__all__ = ["sweep_shoes"]

U64 = np.uint64
_3, _7 = (np.uint64(v) for v in (3, 7))


@njit(cache=True, nogil=True)
def _close(
    c: int, stakes: Any, u: Any, n: Any, bmin: int, bmax: int, coups_at: Any, sums: Any
) -> None:
    """Close cut card ``c``'s shoe: its coups by bucket into ``coups_at[c]``, and each
    trigger's units won and staked into ``sums[c, t] = (Σx, Σx², Σs², Σx·s)``."""
    for b in range(bmin, bmax + 1):
        coups_at[c, b] += n[b]
    for t in range(stakes.shape[0]):
        x = np.int64(0)
        s = np.int64(0)
        for b in range(bmin, bmax + 1):
            x += stakes[t, b] * u[b]
            s += stakes[t, b] * n[b]
        sums[c, t, 0] += x
        sums[c, t, 1] += x * x
        sums[c, t, 2] += s * s
        sums[c, t, 3] += x * s


@njit(cache=True, nogil=True)
def sweep_shoes(
    k0: Any,
    k1: Any,
    first: int,
    count: int,
    template: Any,
    cut_indices: Any,
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
    stakes: Any,
    coups_at: Any,
    sums: Any,
) -> int:
    """Deal shoes ``first`` to ``first + count - 1`` once each, priced at every cut card
    (``cut_indices``: each one's position) and trigger; return the coups dealt to the
    deepest cut card.

    ``coups_at[c, b]`` counts the coups at bucket ``b`` (the count ``lo + b``, the ends
    holding everything beyond) under cut card ``c``; ``sums[c, t]`` holds trigger ``t``'s
    sums (see :func:`_close`), the nets in whole units of the pays' common denominator.
    """
    n = template.shape[0]
    k = batch_size(n)
    bounds, limits = batch_limits(n, k)
    a = np.zeros(n + 8, dtype=np.uint8)
    no_swaps = np.empty(0, dtype=np.int64)
    buckets = coups_at.shape[1]
    cuts = cut_indices.shape[0]
    u = np.zeros(buckets, dtype=np.int64)
    here = np.zeros(buckets, dtype=np.int64)
    left = np.zeros(cuts, dtype=np.int64)
    top = buckets - 1
    reads_pairs = np.any(pay_pairs != 0)
    per_deck = np.zeros(n + 1)
    for i in range(1, n + 1):
        per_deck[i] = 52.0 / i
    coups = 0
    for index in range(first, first + count):
        dealing.shuffle_shoe(a, template, k0, k1, index, k, bounds, limits, no_swaps)
        p = dealing.burn(a, burn)
        rc: Any = np.int64(start)
        first_seen: Any = np.int64(p)
        if burn and sees_burn_card:
            rc += tags[a[0] & 63]
            first_seen -= 1
        bmin = top
        bmax = 0
        for c in range(cuts):
            left[c] = CUT_CARD_IN
        open_cuts = cuts
        while open_cuts > 0:
            level: Any = rc
            if true_count:
                level = true_count_of(rc, n - (np.int64(p) - first_seen), per_deck)
            b = min(max(level - lo, 0), top)
            bmin = min(bmin, b)
            bmax = max(bmax, b)
            entry, pair = coup(a, p, table)
            here[b] += 1
            if reads_pairs:
                u[b] += pay_pairs[np.int64(pair)]
            else:
                u[b] += pay[np.int64(entry >> _3)]
            used = entry & _7
            for i in range(np.int64(used)):
                rc += tags[a[p + U64(i)] & 63]
            p += used
            coups += 1
            for c in range(cuts):
                if left[c] != 0:
                    left[c] = coups_left(left[c], p, U64(cut_indices[c]), one_more)
                    if left[c] == 0:
                        _close(c, stakes, u, here, bmin, bmax, coups_at, sums)
                        open_cuts -= 1
        for b in range(bmin, bmax + 1):
            u[b] = 0
            here[b] = 0
    return coups
