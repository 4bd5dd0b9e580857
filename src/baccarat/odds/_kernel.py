"""The enumeration kernels (numba). Private: call :func:`baccarat.odds.exact.exact_distribution`.

Both kernels count *ordered six-card sequences* of distinct physical cards (or, with ``depletion``
0, sequences drawn with replacement). A coup that uses ``k`` cards stands for every way of
completing it to six cards, so its count is multiplied by ``(n - k)(n - k - 1)…(n - 5)``.

The kernels are written so that the same code runs compiled (int64 arrays) and as plain Python
over ``dtype=object`` arrays of Python ints; the wrapper takes the second path when the counts
would not fit in 64 bits (shoes of more than 1,448 cards), and ``NUMBA_DISABLE_JIT=1`` takes it
for everything.
"""

from __future__ import annotations

from typing import Any

from numba import njit

from baccarat.odds import jitcache

# Before the first kernel: numba stamps each one's cache with every kernel source.
jitcache.install()

__all__ = ["pair_counts", "summary_counts"]

# numba compiles on first call and caches the machine code on disk (``cache=True``), so a new
# process pays the compilation once per machine, not once per run.


@njit(cache=True)
def summary_counts(
    values: Any,
    depletion: int,
    natural: Any,
    player_draws: Any,
    banker_draws_if_stood: Any,
    banker_draws: Any,
    out: Any,
) -> None:  # pragma: no cover - compiled; the Python twin runs under NUMBA_DISABLE_JIT tests
    """Add the count of each of the 400 summary classes to ``out``.

    ``values[v]`` is the number of cards worth ``v``; the four tables are the tableau's
    (``natural[t]``, ``player_draws[t]``, ``banker_draws_if_stood[t]``, ``banker_draws[t, v]``,
    true where that rule draws). Each side's first two cards are enumerated as an unordered
    pair of values with its multiplicity (2 for different values), which the product of counts
    does not depend on the order in which cards leave the shoe.
    """
    c = values.copy()
    d = depletion
    n = c.sum()
    complete4 = (n - 4 * d) * (n - 5 * d)
    complete5 = n - 5 * d
    for p1 in range(10):
        w1 = c[p1]
        if w1 <= 0:
            continue
        c[p1] -= d
        for p2 in range(p1, 10):
            w2 = c[p2]
            if w2 <= 0:
                continue
            c[p2] -= d
            wp = w1 * w2 * (1 if p1 == p2 else 2)
            pt = (p1 + p2) % 10
            for b1 in range(10):
                w3 = c[b1]
                if w3 <= 0:
                    continue
                c[b1] -= d
                for b2 in range(b1, 10):
                    w4 = c[b2]
                    if w4 <= 0:
                        continue
                    c[b2] -= d
                    w = wp * w3 * w4 * (1 if b1 == b2 else 2)
                    bt = (b1 + b2) % 10
                    if natural[pt] or natural[bt]:
                        out[pt * 40 + bt * 4] += w * complete4
                    elif player_draws[pt]:
                        for p3 in range(10):
                            w5 = c[p3]
                            if w5 <= 0:
                                continue
                            pf = (pt + p3) % 10
                            if banker_draws[bt, p3]:
                                c[p3] -= d
                                w35 = w * w5
                                base = pf * 40 + 3
                                for b3 in range(10):
                                    w6 = c[b3]
                                    if w6 > 0:
                                        out[base + ((bt + b3) % 10) * 4] += w35 * w6
                                c[p3] += d
                            else:
                                out[pf * 40 + bt * 4 + 2] += w * w5 * complete5
                    elif banker_draws_if_stood[bt]:
                        base = pt * 40 + 1
                        w35 = w * complete5
                        for b3 in range(10):
                            w5 = c[b3]
                            if w5 > 0:
                                out[base + ((bt + b3) % 10) * 4] += w35 * w5
                    else:
                        out[pt * 40 + bt * 4] += w * complete4
                    c[b2] += d
                c[b1] += d
            c[p2] += d
        c[p1] += d


@njit(cache=True)
def _side_kinds(
    s: Any, r: Any, m: Any, d: int
) -> tuple[Any, Any, Any]:  # pragma: no cover - compiled
    """Ordered two-card counts (none, pair, suited) for one side, from the sums the caller keeps.

    ``s`` is Σ n·(n−d) over the 52 cards (same card twice: suited), ``r`` the same over the 13
    ranks (same rank), ``m`` the number of cards.
    """
    return m * (m - d) - r, r - s, s


@njit(cache=True)
def pair_counts(cards: Any, depletion: int, out: Any) -> None:  # pragma: no cover - compiled
    """Add the counts of the 9 pair classes (Player kind × Banker kind) to ``out``.

    ``cards`` holds the 52 card counts, rank-major then suit. The Player's first two cards are
    enumerated only where they pair (a suited pair: 52 cases; same rank, other suit: 156); for
    each, the Banker's kinds follow in O(1) from running sums. The Player-no-pair row is the
    Banker marginal less the other two rows.
    """
    d = depletion
    n = cards.sum()
    s0 = cards[0] * 0
    r0 = cards[0] * 0
    ranks = cards[0:13].copy()
    for k in range(13):
        rk = cards[4 * k] + cards[4 * k + 1] + cards[4 * k + 2] + cards[4 * k + 3]
        ranks[k] = rk
        r0 += rk * (rk - d)
    for i in range(52):
        s0 += cards[i] * (cards[i] - d)
    m = n - 2 * d  # cards left for the Banker once the Player holds two
    rest = (n - 2 * d) * (n - 3 * d)
    complete = (n - 4 * d) * (n - 5 * d)
    # Banker marginal: any two ordered cards, times the ways to give the Player two of the rest.
    b0_none, b0_pair, b0_suited = _side_kinds(s0, r0, n, d)
    row_none = b0_none * rest
    row_pair = b0_pair * rest
    row_suited = b0_suited * rest
    for k in range(13):
        rk = ranks[k]
        fr = rk * (rk - d)
        for a in range(4):
            x = 4 * k + a
            nx = cards[x]
            # Player suited pair: two of card x.
            wx = nx * (nx - d)
            if wx > 0:
                s = s0 - nx * (nx - d) + (nx - 2 * d) * (nx - 3 * d)
                r = r0 - fr + (rk - 2 * d) * (rk - 3 * d)
                bn, bp, bs = _side_kinds(s, r, m, d)
                out[6] += wx * bn * complete
                out[7] += wx * bp * complete
                out[8] += wx * bs * complete
                row_none -= wx * bn
                row_pair -= wx * bp
                row_suited -= wx * bs
            # Player (unsuited) pair: card x then card y, same rank, other suit.
            for b in range(4):
                if b == a:
                    continue
                y = 4 * k + b
                ny = cards[y]
                wxy = nx * ny
                if wxy <= 0:
                    continue
                s = (
                    s0
                    - nx * (nx - d)
                    + (nx - d) * (nx - 2 * d)
                    - ny * (ny - d)
                    + (ny - d) * (ny - 2 * d)
                )
                r = r0 - fr + (rk - 2 * d) * (rk - 3 * d)
                bn, bp, bs = _side_kinds(s, r, m, d)
                out[3] += wxy * bn * complete
                out[4] += wxy * bp * complete
                out[5] += wxy * bs * complete
                row_none -= wxy * bn
                row_pair -= wxy * bp
                row_suited -= wxy * bs
    out[0] += row_none * complete
    out[1] += row_pair * complete
    out[2] += row_suited * complete
