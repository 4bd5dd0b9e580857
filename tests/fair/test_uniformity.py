"""The shuffle's uniformity, tested statistically: a position × rank chi-square over many shoes.

For a uniformly random order of a shoe of N cards, the table ``counts[position][rank]`` summed over
S independent shoes has expected counts ``E = S · 4D / N = S / 13`` in every cell, and both margins
are fixed (each position holds one card per shoe; each rank 4D cards). One shoe's table is a
fixed-margin (hypergeometric) contingency table, whose covariance is N/(N − 1) times the
projection of rank (N − 1)(13 − 1); so, by the central limit theorem over shoes, Pearson's
statistic ``X² = Σ (O − E)² / E`` satisfies ``X² · (N − 1)/N ~ χ²`` with (N − 1)·12 degrees of
freedom. (Without the factor the test would sit about 2 % high for one deck.)

The seeds are fixed, so the test is deterministic. The threshold is the χ² distribution's own:
a shuffle that were truly uniform would fail — on either tail: too regular is as suspect as too
irregular — with probability 2·10⁻⁶ for a random choice of seeds. The same statistic is shown to
flag two classic mistakes (a naive shuffle, and indices taken modulo n from single bytes) far
beyond that threshold, so the test has the power to catch what it is for.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import pytest
from scipy.stats import chi2

from baccarat.core.cards import Card, Rank
from baccarat.core.shoe import ShoeRules
from baccarat.fair.shuffle import (
    HmacStream,
    fair_order,
    fisher_yates,
    fresh_order,
    uniform_below,
)

SEED = bytes(range(32)).hex()
ALPHA = 1e-6
"""False-alarm rate on each tail."""


def position_rank_test(orders: Sequence[Sequence[Card]]) -> tuple[float, int, float, float]:
    """(corrected X², degrees of freedom, upper-tail p, lower-tail p) of the position × rank table."""
    size = len(orders[0])
    counts = [[0] * len(Rank) for _ in range(size)]
    for order in orders:
        for position, card in enumerate(order):
            counts[position][card.rank - 1] += 1
    expected = len(orders) / len(Rank)
    x2 = sum((count - expected) ** 2 / expected for row in counts for count in row)
    statistic = x2 * (size - 1) / size
    df = (size - 1) * (len(Rank) - 1)
    return statistic, df, float(chi2.sf(statistic, df)), float(chi2.cdf(statistic, df))


@pytest.mark.parametrize(("decks", "shoes"), [(1, 4000), (8, 600)])
def test_every_rank_is_equally_likely_at_every_position(decks: int, shoes: int) -> None:
    # 4000 one-deck shoes: 308 expected per cell; 600 eight-deck shoes: 46 per cell.
    rules = ShoeRules(decks=decks)
    orders = [fair_order(SEED, "uniformity", shoe, rules) for shoe in range(1, shoes + 1)]
    statistic, df, upper, lower = position_rank_test(orders)
    assert upper > ALPHA, f"X² = {statistic:.1f} on {df} df: p = {upper:.2e}, too irregular"
    assert lower > ALPHA, f"X² = {statistic:.1f} on {df} df: p = {lower:.2e}, too regular"


def _biased_orders(
    shuffle: Callable[[list[Card], HmacStream], list[Card]], shoes: int
) -> list[list[Card]]:
    rules = ShoeRules(decks=1)
    return [
        shuffle(list(fresh_order(rules)), HmacStream(SEED, "biased", shoe))
        for shoe in range(1, shoes + 1)
    ]


def _naive(cards: list[Card], stream: HmacStream) -> list[Card]:
    # The classic error: swap each card with one drawn from the *whole* shoe (N^N paths onto N!
    # orders, which cannot be uniform).
    for i in range(len(cards) - 1, 0, -1):
        j = uniform_below(len(cards), stream.read)
        cards[i], cards[j] = cards[j], cards[i]
    return cards


def _modulo_bytes(cards: list[Card], stream: HmacStream) -> list[Card]:
    # Fisher–Yates with j = byte mod n: the modulo bias that rejection sampling removes.
    return fisher_yates(cards, lambda n: stream.read(1)[0] % n)


@pytest.mark.parametrize("shuffle", [_naive, _modulo_bytes])
def test_the_same_test_flags_biased_shuffles(
    shuffle: Callable[[list[Card], HmacStream], list[Card]],
) -> None:
    statistic, df, upper, _ = position_rank_test(_biased_orders(shuffle, 4000))
    assert upper < ALPHA / 100, f"X² = {statistic:.1f} on {df} df: p = {upper:.2e}"
