"""The exact analyzer's enumeration, kept to the classes one bet tells apart (computer-perfect play).

A bet that loses on most coups (Dragon 7, Panda 8, a natural) pays something else on a few of
the 400 summary classes only. Its expectation from a composition is

    Σ_k pay_k · count_k = base · total + Σ_{k wanted} (pay_k − base) · count_k,

``base`` being the pay of the classes it does not tell apart and ``total`` the six-card total,
so only the *wanted* classes need counting. :func:`wanted_counts` walks the enumeration of
:func:`baccarat.odds._kernel.summary_counts` (the same loops, the same depletion, the same
completion factors), but where a hand draws a third card it tries only the cards that lead to a
wanted class (:func:`third_card_lists`): for Dragon 7 one Banker card in ten, which is most of
the work. ``tests/lab/test_sparse.py`` checks it against the analyzer class by class.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from baccarat.odds import jitcache

# Before the first kernel: numba stamps each one's cache with every kernel source.
jitcache.install()

__all__ = ["sparse_weights", "third_card_lists", "wanted_counts"]


def sparse_weights(pay: Sequence[int]) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.bool_]]:
    """For a bet's whole-number pays by class: the weights ``pay − base`` with ``base`` (the
    most common pay) last, and which classes are wanted (those whose pay is not ``base``).

    >>> weights, wanted = sparse_weights([-1] * 398 + [40, 0])
    >>> int(weights[-1]), int(weights[398]), int(wanted.sum())
    (-1, 41, 2)
    """
    base = Counter(pay).most_common(1)[0][0]
    weights = np.array([p - base for p in pay] + [base], dtype=np.int64)
    wanted = np.array([p != base for p in pay], dtype=np.bool_)
    return weights, wanted


def third_card_lists(wanted: npt.NDArray[np.bool_]) -> tuple[npt.NDArray[np.int64], ...]:
    """For each (Player total, Banker two-card total): how many Banker third cards lead to a
    wanted class, then those cards; once where the Player stood (``cards = 2``), once where he
    drew (his total is then his final one)."""
    stood = np.zeros((10, 10, 11), dtype=np.int64)
    drawn = np.zeros((10, 10, 11), dtype=np.int64)
    for lists, player_cards in ((stood, 1), (drawn, 3)):
        for pt in range(10):
            for bt in range(10):
                cards = [
                    v for v in range(10) if wanted[pt * 40 + ((bt + v) % 10) * 4 + player_cards]
                ]
                lists[pt, bt, 0] = len(cards)
                lists[pt, bt, 1 : 1 + len(cards)] = cards
    return stood, drawn


@njit(cache=True, nogil=True)
def wanted_counts(
    values: Any,
    natural: Any,
    player_draws: Any,
    banker_draws_if_stood: Any,
    banker_draws: Any,
    wanted: Any,
    stood: Any,
    drawn: Any,
    out: Any,
) -> None:
    """Add to ``out`` the count of each wanted summary class (the others stay as they are),
    counted as :func:`baccarat.odds._kernel.summary_counts` counts them (a real shoe)."""
    c = values.copy()
    n = c.sum()
    complete4 = (n - 4) * (n - 5)
    complete5 = n - 5
    for p1 in range(10):
        w1 = c[p1]
        if w1 <= 0:
            continue
        c[p1] -= 1
        for p2 in range(p1, 10):
            w2 = c[p2]
            if w2 <= 0:
                continue
            c[p2] -= 1
            wp = w1 * w2 * (1 if p1 == p2 else 2)
            pt = (p1 + p2) % 10
            for b1 in range(10):
                w3 = c[b1]
                if w3 <= 0:
                    continue
                c[b1] -= 1
                for b2 in range(b1, 10):
                    w4 = c[b2]
                    if w4 <= 0:
                        continue
                    c[b2] -= 1
                    w = wp * w3 * w4 * (1 if b1 == b2 else 2)
                    bt = (b1 + b2) % 10
                    if natural[pt] or natural[bt]:
                        if wanted[pt * 40 + bt * 4]:
                            out[pt * 40 + bt * 4] += w * complete4
                    elif player_draws[pt]:
                        for p3 in range(10):
                            w5 = c[p3]
                            if w5 <= 0:
                                continue
                            pf = (pt + p3) % 10
                            if banker_draws[bt, p3]:
                                m = drawn[pf, bt, 0]
                                if m == 0:
                                    continue
                                c[p3] -= 1
                                w35 = w * w5
                                for j in range(1, m + 1):
                                    b3 = drawn[pf, bt, j]
                                    w6 = c[b3]
                                    if w6 > 0:
                                        out[pf * 40 + ((bt + b3) % 10) * 4 + 3] += w35 * w6
                                c[p3] += 1
                            elif wanted[pf * 40 + bt * 4 + 2]:
                                out[pf * 40 + bt * 4 + 2] += w * w5 * complete5
                    elif banker_draws_if_stood[bt]:
                        m = stood[pt, bt, 0]
                        w35 = w * complete5
                        for j in range(1, m + 1):
                            b3 = stood[pt, bt, j]
                            w5 = c[b3]
                            if w5 > 0:
                                out[pt * 40 + ((bt + b3) % 10) * 4 + 1] += w35 * w5
                    elif wanted[pt * 40 + bt * 4]:
                        out[pt * 40 + bt * 4] += w * complete4
                    c[b2] += 1
                c[b1] += 1
            c[p2] += 1
        c[p1] += 1
