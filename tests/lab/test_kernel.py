"""The count kernels against a slow reference: the rules engine's own shoe, counted in Python.

Each shoe is the simulator's stream ``i`` (its order from :func:`baccarat.sim.kernels.stream_order`),
dealt by :class:`baccarat.core.shoe.Shoe` and counted card by card with Python integers; the
kernel's tallies (classes by count, units and squared units per shoe, the histogram) must be the
same numbers exactly. Computer-perfect play is checked against the exact analyzer run on each
coup's unseen cards. These tests also run with ``NUMBA_DISABLE_JIT=1`` (``make coverage-kernels``).
"""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.cards import Card
from baccarat.core.catalogue import PLAYER_PAIR
from baccarat.core.coup import Coup
from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.lab import kernel
from baccarat.lab.strategy import BUILT_IN, CountStrategy
from baccarat.lab.study import HIST_UNITS, CountPlan, CountTally, count_plan, count_range
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.stats import bet_stats
from baccarat.sim import kernels
from baccarat.sim.tables import card_from_code

U64 = np.uint64


def shoe_order(plan: CountPlan, index: int) -> list[Card]:
    k = plan.kernel
    with np.errstate(over="ignore"):
        codes = kernels.stream_order(0, U64(k.k0), U64(k.k1), index, k.template, k.burn)
    return [card_from_code(c) for c in codes]


def tag_of(strategy: CountStrategy, card: Card) -> int:
    return strategy.tags[int(card.rank) - 1]


def reference_coups(plan: CountPlan, index: int) -> list[tuple[int, int, Coup]]:
    """(running count, cards seen, coup) before each coup of shoe ``index``, by the engine."""
    s = plan.strategy
    shoe = Shoe.from_order(shoe_order(plan, index), s.shoe_rules)
    rc, seen = s.start, 0
    if s.burn and s.sees_burn_card:
        rc += tag_of(s, shoe.burned[0])
        seen = 1
    out = []
    for coup in shoe.deal_all(get_rule_set(s.rules).tableau):
        out.append((rc, seen, coup))
        rc += sum(tag_of(s, card) for card in coup.cards_in_order)
        seen += len(coup.cards_in_order)
    return out


def reference_tally(plan: CountPlan, first: int, count: int) -> CountTally:
    """The tallies :func:`count_range` must return, counted in Python."""
    s = plan.strategy
    n = 52 * s.decks
    tally = CountTally.empty(plan)
    target = plan.target.outcome_vector()
    reads_pairs = plan.target.domain.value == "pairs"
    main = plan.main.outcome_vector() if plan.main is not None else None
    for index in range(first, first + count):
        at: dict[int, Fraction] = {}
        main_net = Fraction(0)
        for rc, seen, coup in reference_coups(plan, index):
            level = rc * 52 // (n - seen) if s.true_count else rc
            b = min(max(level - plan.lo, 0), plan.buckets - 1)
            tally.counts[b, coup.summary.index] += 1
            if reads_pairs:
                tally.pairs[b, coup.pairs.index] += 1
            net = target[coup.pairs.index if reads_pairs else coup.summary.index]
            at[b] = at.get(b, Fraction(0)) + net
            if main is not None:
                main_net += main[coup.summary.index]
            tally.coups += 1
        for t in range(plan.stakes.shape[0]):
            won = main_net + sum(int(plan.stakes[t, b]) * v for b, v in at.items())
            x = won * plan.scale
            assert x.denominator == 1
            tally.units[t] += int(x)
            tally.squares[t] += int(x) ** 2
            if t == 0:
                h = int(x) // plan.scale + HIST_UNITS
                tally.hist[min(max(h, 0), 2 * HIST_UNITS)] += 1
        tally.shoes += 1
    return tally


@pytest.mark.parametrize(
    ("name", "changes"),
    [
        ("jacobson-dragon-7", {}),
        ("how-panda-co-count", {}),
        ("thorp-natural-9", {"decks": 2, "cut_card": 20}),
        ("how-dragon-7", {"decks": 2, "cut_card": 20, "burn": False, "one_more_coup": False}),
        # The cut card before the first coup's first card: that coup and one more.
        ("thorp-natural-9", {"decks": 1, "cut_card": 50}),
        ("jacobson-dragon-7", {"main_bet": "banker", "sees_burn_card": False}),
        ("jacobson-dragon-7", {"rules": "punto-banco", "bet": "player_pair", "decks": 1}),
    ],
)
def test_the_kernel_tallies_what_the_engine_deals_and_the_reference_counts(
    name: str, changes: dict[str, object]
) -> None:
    strategy = BUILT_IN[name].with_options(**changes)
    plan = count_plan(strategy, get_rule_set(strategy.rules), seed=11)
    # Seven shoes: four dealt side by side by the kernel's lanes, then a short group of three.
    got = count_range(plan, 3, 7)
    expected = reference_tally(plan, 3, 7)
    assert got.coups == expected.coups
    assert got.counts.tolist() == expected.counts.tolist()
    assert got.pairs.tolist() == expected.pairs.tolist()
    assert (got.units, got.squares) == (expected.units, expected.squares)
    assert got.hist.tolist() == expected.hist.tolist()


def test_a_threshold_scan_keeps_every_trigger_apart() -> None:
    strategy = BUILT_IN["how-dragon-7"].with_options(decks=2, cut_card=20)
    plan = count_plan(strategy, get_rule_set("ez"), seed=5, thresholds=(-40, -32, -30, 0))
    got = count_range(plan, 0, 6)
    assert got == reference_tally(plan, 0, 6)


@pytest.mark.parametrize("name", ["how-panda-co-count", "thorp-natural-9"])
def test_running_counts_over_whole_shoes_are_the_reference_s(name: str) -> None:
    strategy = BUILT_IN[name]
    plan = count_plan(strategy, get_rule_set(strategy.rules), seed=2)
    k = plan.kernel
    for index in (0, 7):
        expected = reference_coups(plan, index)
        with np.errstate(over="ignore"):
            codes = kernels.stream_order(0, U64(k.k0), U64(k.k1), index, k.template, k.burn)
        order = np.zeros(codes.shape[0] + 8, dtype=np.uint8)
        order[: codes.shape[0]] = codes
        out = np.zeros((200, 2), dtype=np.int64)
        coups = kernel.shoe_counts(
            order, k.cut_index, k.burn, k.one_more, k.table, plan.tags, strategy.start,
            strategy.sees_burn_card, out,
        )  # fmt: skip
        assert coups == len(expected)
        assert [tuple(r) for r in out[:coups].tolist()] == [(rc, seen) for rc, seen, _ in expected]


def test_perfect_play_bets_exactly_when_the_analyzer_says_the_edge_is_positive() -> None:
    strategy = CountStrategy("perfect", (0,) * 13, bet="dragon_7", decks=1, cut_card=16)
    plan = count_plan(strategy, get_rule_set("ez"), seed=4, perfect=True)
    got = count_range(plan, 0, 2)
    expected = np.zeros_like(got.counts)
    for index in range(2):
        shoe = Shoe.from_order(shoe_order(plan, index), ShoeRules(decks=1, cut_card=16))
        while not shoe.finished:
            unseen = Composition.from_cards(shoe.unseen_cards().elements())
            edge = bet_stats(plan.target, exact_distribution(unseen)).ev
            level = max(int(edge * 100 // 1), 0) if edge > 0 else min(int(edge * 100 // 1), -1)
            coup = shoe.deal_coup()
            expected[level - plan.lo, coup.summary.index] += 1
    assert got.counts.tolist() == expected.tolist()


def pair_edge_is_positive(counts: list[int]) -> bool:
    cards = np.array(counts, dtype=np.int64)
    values = np.zeros(10, dtype=np.int64)
    for i, c in enumerate(counts):
        values[i // 4 + 1 if i < 36 else 0] += c
    pays = np.array([int(x) for x in PLAYER_PAIR.outcome_vector()], dtype=np.int64)
    none = np.zeros(400, dtype=np.bool_)
    lists = np.zeros((10, 10, 11), dtype=np.int64)
    good, _ = kernel.exact_edge(
        values, cards, int(cards.sum()), *(np.zeros(10, dtype=np.bool_),) * 3,
        np.zeros((10, 10), dtype=np.bool_), False, 1, np.zeros(401, dtype=np.int64), none,
        lists, lists, pays, np.zeros(401, dtype=np.int64), np.zeros(9, dtype=np.int64),
    )  # fmt: skip
    return bool(good)


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(0, 9), min_size=13, max_size=13).filter(lambda r: sum(r) >= 8))
def test_the_pairs_bet_is_positive_exactly_when_sum_n_k_n_k_minus_1_beats_n_n_minus_1_over_12(
    ranks: list[int],
) -> None:
    # Each rank's cards spread over the suits (the Player Pair reads ranks only).
    counts = [r // 4 + (1 if s < r % 4 else 0) for r in ranks for s in range(4)]
    n = sum(ranks)
    condition = 12 * sum(k * (k - 1) for k in ranks) > n * (n - 1)
    assert pair_edge_is_positive(counts) == condition


def test_the_pairs_condition_at_its_boundary() -> None:
    # 13 ranks of 1 card and none paired: never positive; a shoe of two ranks: always.
    assert not pair_edge_is_positive([1, 0, 0, 0] * 13)
    assert pair_edge_is_positive([4, 4, 4, 4] + [0] * 44 + [4, 4, 4, 4])


def test_an_exact_sign_is_decided_in_integers() -> None:
    # Counts near 2**62, where a float cannot tell the sums apart.
    weights = np.array([1, -3], dtype=np.int64)
    for extra, positive in (((1, 0), True), ((0, 0), False), ((0, 1), False), ((4, 1), True)):
        classes = np.array([(3 << 60) + extra[0], (1 << 60) + extra[1]], dtype=np.int64)
        assert bool(kernel._positive(weights, classes)[0]) is positive
    assert not kernel._positive(np.zeros(2, dtype=np.int64), classes)[0]


def test_the_true_count_is_the_running_count_per_deck_unseen_rounded_down() -> None:
    exact = np.zeros(417)
    exact[1:] = 52.0 / np.arange(1, 417)
    for unseen in (1, 7, 39, 52, 103, 104, 211, 416):
        for rc in range(-60, 61):
            assert kernel.true_count_of(rc, unseen, exact) == rc * 52 // unseen
    # Tables off by 1 % either way guess one too high or too low: the result stays exact.
    for table in (exact * 1.01, exact * 0.99):
        for unseen in (52, 103, 104, 211, 416):
            for rc in range(-60, 61):
                assert kernel.true_count_of(rc, unseen, table) == rc * 52 // unseen
