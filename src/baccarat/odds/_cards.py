"""The card-level enumeration kernel (numba). Private: call :func:`baccarat.odds.cards.card_counts`.

The kernel walks the coup's card *values* in dealing order (P1 B1 P2 B2 over 0-9, then the third
cards where the tableau draws), as the summary kernel does, but keeps the positions apart. What a
bet reads beyond values is priced without enumerating it: each card test is a list of *terms*,
each term a set of allowed card types per position (a 52-bit mask), and a term's weight at a leaf
is a product of falling factorials over those types (:func:`_ways`). For every signature the
weights of the subsets of its card tests give, by a Möbius transform, the weight of each pattern
of test bits, added to the signature's counts at the leaf's class.

Counts are over ordered six-card sequences, like the summary kernel's: a coup of ``k`` cards
counts once for every way to complete it to six. The code runs compiled over int64 arrays and as
plain Python over ``dtype=object`` arrays of Python ints (shoes past 64 bits,
``NUMBA_DISABLE_JIT=1``); card-type masks are int64 either way.

Every array handed to a compiled function costs a reference count each way, so the hot path is
one function, and the helpers it calls per leaf take few arrays.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba import njit

from baccarat.odds import jitcache

# Before the first kernel: numba stamps each one's cache with every kernel source.
jitcache.install()

__all__ = ["ABSENT", "ANY", "NOT_DEALT", "PRESENT", "card_counts"]

ANY = 0
"""A term's position that may be dealt or not (its mask applies when dealt)."""
PRESENT = 1
"""A term's position that must be dealt (in its mask)."""
NOT_DEALT = 2
"""A term's third card that must not be dealt."""
ABSENT = 10
"""The value bit of a position not dealt, in a value test's mask."""
RM, PC, FREE = 0, 1, 2
"""The planes of the term table: the mask met with each value's cards, its number of card
types, and whether it holds every card of that value."""


@njit(cache=True)
def _injective(
    rms: Any, m: int, cards: Any, d: int, counts: Any, choice: Any, one: Any
) -> Any:  # pragma: no cover - compiled
    """Ways to give each of ``m`` positions a different physical card of its mask ``rms[i]``.

    A depth-first walk over the card types with the counts left (``counts[0]``; ``counts[1]``
    holds the running products), for masks that overlap without nesting, which the finest-first
    product of :func:`_ways` cannot count.
    """
    rem = counts[0]
    weight = counts[1]
    for t in range(52):
        rem[t] = cards[t]
    total = one - one
    depth = 0
    choice[0] = -1
    weight[0] = one
    while depth >= 0:
        t = choice[depth]
        if t >= 0:
            rem[t] += d  # give back the card this depth held
        t += 1
        while t < 52 and ((rms[depth] >> t) & 1 == 0 or rem[t] <= 0):
            t += 1
        if t >= 52:
            choice[depth] = -1
            depth -= 1
            continue
        choice[depth] = t
        w = weight[depth] * rem[t]
        rem[t] -= d
        if depth == m - 1:
            total += w
        else:
            depth += 1
            weight[depth] = w
            choice[depth] = -1
    return total


@njit(cache=True)
def _ways(
    term: int,
    vals: Any,
    npos: int,
    d: int,
    values: Any,
    cards: Any,
    table: Any,
    tcnt: Any,
    index: Any,
    counts: Any,
) -> Any:  # pragma: no cover - compiled
    """The weight of ``term`` over positions ``0 .. npos-1`` whose values are ``vals`` (-1: not
    dealt), each card dealt there drawn from the composition.

    Per value, the constrained positions are counted first through their masks — nested or apart,
    finest first; otherwise by :func:`_injective` — and the free ones then take any card of that
    value left. Presence is not checked here. ``index`` (int64 rows: positions, masks, choices)
    and ``counts`` (two rows of the count type) are scratch.
    """
    one = counts[0, 0] * 0 + 1
    grp = index[0]
    rms = index[1]
    w = one
    done = 0
    for first in range(npos):
        v = vals[first]
        if v < 0 or (done >> v) & 1:
            continue
        done |= 1 << v
        q = 0
        f = 0
        for p in range(first, npos):
            if vals[p] != v:
                continue
            if table[term, p, v, FREE]:
                f += 1
            elif tcnt[term, p, v] <= 0:
                return one - one
            else:
                j = q  # insert in order of the number of card types: finest first
                while j > 0 and table[term, grp[j - 1], v, PC] > table[term, p, v, PC]:
                    grp[j] = grp[j - 1]
                    j -= 1
                grp[j] = p
                q += 1
        laminar = True
        for i in range(q):
            rms[i] = table[term, grp[i], v, RM]
        for i in range(q):
            for j in range(i + 1, q):
                both = rms[i] & rms[j]
                if both != 0 and both != rms[i] and both != rms[j]:
                    laminar = False
        if laminar:
            for i in range(q):
                inside = 0
                for j in range(i):
                    if rms[j] & rms[i] == rms[j]:
                        inside += 1
                w *= tcnt[term, grp[i], v] - inside * d
        else:
            w *= _injective(rms, q, cards, d, counts, index[2], one)
        for i in range(f):
            w *= values[v] - (q + i) * d
        if w == 0:
            return w
    return w


@njit(cache=True)
def card_counts(
    cards: Any,
    values: Any,
    depletion: int,
    symmetric: bool,
    allowed: Any,
    prefix_ok: Any,
    tableau: Any,
    terms: Any,
    alive: Any,
    sigs: Any,
    vts: Any,
    out: Any,
    work: Any,
) -> None:  # pragma: no cover - compiled
    """Add the counts of every signature's classes to ``out`` (see :mod:`baccarat.odds.cards`).

    ``allowed[slot]`` holds the values (bits 0-9; bit 10: not dealt) a condition leaves to each
    position and ``prefix_ok[pt * 10 + bt]`` the two-card totals it leaves; leaves outside them
    are skipped (their counts are not needed). With ``symmetric`` each side's first two cards are
    enumerated as an unordered pair with its multiplicity, which every signature must allow.
    """
    natural, player_draws, banker_draws_if_stood, banker_draws = tableau
    t_req, table, tcnt, t_sub, t_third = terms
    alive_start, alive_terms = alive
    s_base, s_leaf, s_third, s_k, s_sub0, s_vt, s_off, s_n, s_g0, scatter = sigs
    vt_kind, vt_pos, vt_mask, vt_over, vt_bit = vts
    wsub, tw, g, gpre, leaf_cont, leaf_comp, counts = work
    live = np.zeros(max(t_sub.shape[0], 1), dtype=np.int64)
    index = np.zeros((3, 52), dtype=np.int64)
    leaf_p3 = np.zeros(leaf_cont.shape[0], dtype=np.int64)
    leaf_b3 = np.zeros(leaf_cont.shape[0], dtype=np.int64)
    bits_pre = np.zeros(s_k.shape[0], dtype=np.int64)
    d = depletion
    zero = values[0] * 0
    one = zero + 1
    c = values.copy()
    n = zero
    for v in range(10):
        n += values[v]
    complete4 = (n - 4 * d) * (n - 5 * d)
    complete5 = n - 5 * d
    nsig = s_k.shape[0]
    leaves = False
    for sig in range(nsig):
        leaves = leaves or s_leaf[sig]
    none_p3 = (allowed[4] >> ABSENT) & 1 == 1
    none_b3 = (allowed[5] >> ABSENT) & 1 == 1
    vals = np.full(6, -1, dtype=np.int64)
    for p1 in range(10):
        w1 = c[p1]
        if w1 <= 0 or (allowed[0] >> p1) & 1 == 0:
            continue
        c[p1] -= d
        for p2 in range(p1 if symmetric else 0, 10):
            w2 = c[p2]
            if w2 <= 0 or (allowed[2] >> p2) & 1 == 0:
                continue
            c[p2] -= d
            mp = 2 if symmetric and p1 != p2 else 1
            pt = (p1 + p2) % 10
            for b1 in range(10):
                w3 = c[b1]
                if w3 <= 0 or (allowed[1] >> b1) & 1 == 0:
                    continue
                c[b1] -= d
                for b2 in range(b1 if symmetric else 0, 10):
                    w4 = c[b2]
                    bt = (b1 + b2) % 10
                    if w4 <= 0 or (allowed[3] >> b2) & 1 == 0 or not prefix_ok[pt * 10 + bt]:
                        continue
                    c[b2] -= d
                    mult = mp * (2 if symmetric and b1 != b2 else 1)
                    w_one = w1 * w2 * w3 * w4
                    vals[0] = p1
                    vals[1] = b1
                    vals[2] = p2
                    vals[3] = b2
                    vals[4] = -1
                    vals[5] = -1

                    # --- The terms alive on this prefix, weighed over its four cards.
                    for i in range(wsub.shape[0]):
                        wsub[i] = zero
                    thirds = 0
                    key = p1 * 1000 + b1 * 100 + p2 * 10 + b2
                    for i in range(alive_start[key], alive_start[key + 1]):
                        term = alive_terms[i]
                        x = _ways(term, vals, 4, d, values, cards, table, tcnt, index, counts)
                        if t_third[term]:
                            tw[term] = x
                            live[thirds] = term
                            thirds += 1
                        else:
                            wsub[t_sub[term]] += x

                    # --- Value tests on the first four cards, and the signatures they settle.
                    for sig in range(nsig):
                        bits = 0
                        for i in range(s_vt[sig], s_vt[sig + 1]):
                            if vt_pos[i] >> 4 != 0:
                                continue  # reads a third card: at the leaves
                            ok = True
                            first = -1
                            for p in range(4):
                                if (vt_pos[i] >> p) & 1 == 1:
                                    x4 = vals[p]
                                    if vt_kind[i] == 0:
                                        ok = ok and (vt_mask[i] >> x4) & 1 == 1
                                    elif first < 0:
                                        first = x4
                                    else:
                                        ok = ok and x4 == first
                            if ok:
                                bits |= 1 << vt_bit[i]
                        bits_pre[sig] = bits
                        if s_third[sig]:
                            continue
                        k = s_k[sig]
                        width = 1 << k
                        g[0] = w_one
                        for u in range(1, width):
                            g[u] = wsub[s_sub0[sig] + u - 1]
                        for i in range(k):  # Möbius: "at least these" to "exactly these"
                            bit = 1 << i
                            for u in range(width):
                                if u & bit:
                                    g[u ^ bit] -= g[u]
                        if s_leaf[sig]:
                            for u in range(width):
                                gpre[s_g0[sig] + u] = g[u]
                            continue
                        for u in range(width):
                            if g[u] != 0:
                                at = s_off[sig] + (bits | scatter[s_g0[sig] + u])
                                out[at] += g[u] * mult * complete4

                    # --- The third cards the tableau calls for: the leaves of this prefix.
                    nleaf = 0
                    if leaves:
                        stand = bool(natural[pt] or natural[bt]) or not (
                            player_draws[pt] or banker_draws_if_stood[bt]
                        )
                        if stand:
                            if none_p3 and none_b3:
                                leaf_p3[0] = -1
                                leaf_b3[0] = -1
                                leaf_cont[0] = complete4
                                leaf_comp[0] = complete4
                                nleaf = 1
                        elif player_draws[pt]:
                            for p3 in range(10):
                                w5 = c[p3]
                                if w5 <= 0 or (allowed[4] >> p3) & 1 == 0:
                                    continue
                                if banker_draws[bt, p3]:
                                    c[p3] -= d
                                    for b3 in range(10):
                                        w6 = c[b3]
                                        if w6 <= 0 or (allowed[5] >> b3) & 1 == 0:
                                            continue
                                        leaf_p3[nleaf] = p3
                                        leaf_b3[nleaf] = b3
                                        leaf_cont[nleaf] = w5 * w6
                                        leaf_comp[nleaf] = one
                                        nleaf += 1
                                    c[p3] += d
                                elif none_b3:
                                    leaf_p3[nleaf] = p3
                                    leaf_b3[nleaf] = -1
                                    leaf_cont[nleaf] = w5 * complete5
                                    leaf_comp[nleaf] = complete5
                                    nleaf += 1
                        elif none_p3:
                            for b3 in range(10):
                                w6 = c[b3]
                                if w6 <= 0 or (allowed[5] >> b3) & 1 == 0:
                                    continue
                                leaf_p3[nleaf] = -1
                                leaf_b3[nleaf] = b3
                                leaf_cont[nleaf] = w6 * complete5
                                leaf_comp[nleaf] = complete5
                                nleaf += 1

                    # --- Each leaf, for every signature that reads a base or a third card.
                    for leaf in range(nleaf):
                        vals[4] = leaf_p3[leaf]
                        vals[5] = leaf_b3[leaf]
                        cont = leaf_cont[leaf]
                        completion = leaf_comp[leaf]
                        p3 = 10 if vals[4] < 0 else vals[4]
                        b3 = 10 if vals[5] < 0 else vals[5]
                        base_key = ((pt * 10 + bt) * 11 + p3) * 11 + b3
                        for sig in range(nsig):
                            if not s_leaf[sig]:
                                continue
                            bits = bits_pre[sig]
                            for i in range(s_vt[sig], s_vt[sig + 1]):
                                if vt_pos[i] >> 4 == 0:
                                    continue  # read on the prefix
                                ok = True
                                first = -1
                                for p in range(6):
                                    if (vt_pos[i] >> p) & 1 == 0:
                                        continue
                                    x6 = vals[p]
                                    if vt_kind[i] == 0:
                                        if x6 >= 0:
                                            ok = ok and (vt_mask[i] >> x6) & 1 == 1
                                        else:
                                            ok = ok and (
                                                vt_over[i] or (vt_mask[i] >> ABSENT) & 1 == 1
                                            )
                                    elif x6 < 0:
                                        ok = ok and vt_over[i]
                                    elif first < 0:
                                        first = x6
                                    else:
                                        ok = ok and x6 == first
                                if ok:
                                    bits |= 1 << vt_bit[i]
                            at = s_off[sig] + ((base_key << s_n[sig]) if s_base[sig] else 0)
                            k = s_k[sig]
                            width = 1 << k
                            if not s_third[sig]:
                                for u in range(width):
                                    x = gpre[s_g0[sig] + u]
                                    if x != 0:
                                        out[at + (bits | scatter[s_g0[sig] + u])] += x * cont * mult
                                continue
                            g[0] = w_one * cont
                            for u in range(1, width):
                                g[u] = wsub[s_sub0[sig] + u - 1] * cont
                            for i in range(thirds):
                                term = live[i]
                                u = t_sub[term] - s_sub0[sig] + 1
                                if u < 1 or u >= width:
                                    continue
                                ok = True
                                for p in range(4, 6):
                                    req = t_req[term, p]
                                    if req == PRESENT and vals[p] < 0:
                                        ok = False
                                    if req == NOT_DEALT and vals[p] >= 0:
                                        ok = False
                                if not ok:
                                    continue
                                x = tw[term]
                                exact = True
                                # A third card's factor in dealing order: exact when each earlier
                                # card of its value lies in a mask inside or apart from its own.
                                for p in range(4, 6):
                                    v = vals[p]
                                    if v < 0 or x == 0:
                                        continue
                                    free = table[term, p, v, FREE]
                                    earlier = 0
                                    inside = 0
                                    for j in range(p):
                                        if vals[j] != v:
                                            continue
                                        earlier += 1
                                        if free:
                                            continue
                                        if table[term, j, v, FREE]:
                                            exact = False
                                        else:
                                            a = table[term, j, v, RM]
                                            both = a & table[term, p, v, RM]
                                            if both == a:
                                                inside += 1
                                            elif both != 0:
                                                exact = False
                                    if free:
                                        x *= values[v] - earlier * d
                                    else:
                                        x *= tcnt[term, p, v] - inside * d
                                if not exact:
                                    x = _ways(
                                        term, vals, 6, d, values, cards, table, tcnt, index, counts
                                    )
                                g[u] += x * completion
                            for i in range(k):
                                bit = 1 << i
                                for u in range(width):
                                    if u & bit:
                                        g[u ^ bit] -= g[u]
                            for u in range(width):
                                if g[u] != 0:
                                    out[at + (bits | scatter[s_g0[sig] + u])] += g[u] * mult
                    vals[4] = -1
                    vals[5] = -1
                    c[b2] += d
                c[b1] += d
            c[p2] += d
        c[p1] += d
