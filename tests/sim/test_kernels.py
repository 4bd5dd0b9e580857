"""The numba kernels against the rules engine, the reference generator and exact uniformity."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from baccarat.core.cards import Card, Rank, Suit, full_deck
from baccarat.core.coup import Coup
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.sim import dealing, kernels
from baccarat.sim.runner import Tally, run_range
from baccarat.sim.spec import Mode, SimulationSpec
from baccarat.sim.tables import (
    canonical_shoe,
    card_from_code,
    codes_from_cards,
    coup_table,
    describe_entry,
)
from sim import reference

U64 = np.uint64


def engine_coups(order: list[Card], rules: ShoeRules) -> list[tuple[int, int, int]]:
    """(summary class, pair class, first card's position) of every coup the engine deals."""
    shoe = Shoe.from_order(order, rules)
    coups = []
    while not shoe.finished:
        start = shoe.cards_dealt
        coup = shoe.deal_coup()
        coups.append((coup.summary.index, coup.pairs.index, start))
    return coups


def engine_tally(coups: list[tuple[int, int, int]]) -> Tally:
    tally = Tally(coups=len(coups))
    for summary, pair, _ in coups:
        tally.counts[summary] += 1
        tally.pairs[pair] += 1
    return tally


@st.composite
def shoe_cases(draw: st.DrawFn) -> tuple[ShoeRules, list[Card]]:
    decks = draw(st.integers(1, 8))
    one_more = draw(st.booleans())
    least = ShoeRules(decks=decks, one_more_coup=one_more).min_cut_card
    cut = draw(st.integers(least, decks * 52 - 1))
    rules = ShoeRules(decks=decks, cut_card=cut, burn=draw(st.booleans()), one_more_coup=one_more)
    order = list(full_deck() * decks)
    random.Random(draw(st.integers(0, 2**32))).shuffle(order)
    return rules, order


@given(shoe_cases())
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_kernel_deals_a_given_order_exactly_as_the_engine(
    case: tuple[ShoeRules, list[Card]],
) -> None:
    rules, order = case
    expected = engine_coups(order, rules)
    record = np.zeros((rules.size // 4 + 2, 3), dtype=np.int64)
    codes = np.concatenate([codes_from_cards(order), np.zeros(8, dtype=np.uint8)])
    dealt = kernels.deal_order(
        codes, rules.size - rules.cut_card, rules.burn, rules.one_more_coup, coup_table(), record
    )
    got = [(int(e) >> 3, int(p), int(s)) for e, p, s in record[:dealt]]
    assert got == expected


def _card(value: int, suit: Suit = Suit.HEARTS) -> Card:
    return Card(Rank(value) if value else Rank.KING, suit)


def test_every_coup_table_entry_is_what_the_engine_deals() -> None:
    table = coup_table()
    assert table.shape == (10_000,)
    for key in range(10_000):
        pt, bt, fifth, sixth = key // 1000, key // 100 % 10, key // 10 % 10, key % 10
        # Totals from other cards than the table was built from: (t + 3) and 7 make t.
        p1, b1, p2, b2 = _card((pt + 3) % 10), _card((bt + 3) % 10), _card(7), _card(7, Suit.CLUBS)
        coup = Coup.from_cards([p1, b1, p2, b2, _card(fifth), _card(sixth)])
        assert describe_entry(int(table[key])) == (coup.summary, coup.cards_used)


@pytest.mark.parametrize(
    ("mode", "rules"),
    [
        (Mode.SHOE, ShoeRules()),
        (Mode.SHOE, ShoeRules(decks=1, cut_card=20, burn=False)),
        (Mode.SHOE, ShoeRules(decks=6, cut_card=60, one_more_coup=False)),
        (Mode.SHOE, ShoeRules(decks=2, cut_card=103)),
        (Mode.FIRST_COUP, ShoeRules()),
        (Mode.FIRST_COUP, ShoeRules(decks=1, burn=False)),
    ],
)
def test_each_stream_deals_the_shoe_the_engine_deals_from_its_order(
    mode: Mode, rules: ShoeRules
) -> None:
    plan = SimulationSpec(coups=1, shoe=rules, mode=mode, seed=2026).plan()
    for index in (0, 1, 17, 123_456_789):
        codes = kernels.stream_order(
            plan.mode, U64(plan.k0), U64(plan.k1), index, plan.template, plan.burn
        )
        assert Counter(codes.tolist()) == Counter(plan.template.tolist())
        order = [card_from_code(c) for c in codes]
        coups = engine_coups(order, rules)
        expected = engine_tally(coups if mode is Mode.SHOE else coups[:1])
        got = run_range(plan, index, 1)
        assert got.coups == expected.coups
        assert got.counts.tolist() == expected.counts.tolist()
        assert got.pairs.tolist() == expected.pairs.tolist()


@pytest.mark.parametrize(
    "rules",
    [
        ShoeRules(),
        ShoeRules(decks=1, cut_card=26, burn=False),
        ShoeRules(decks=2, cut_card=12),
        ShoeRules(decks=6, cut_card=16, one_more_coup=False),
        ShoeRules(decks=12, cut_card=100),
        # The cut card before the first coup's first card: that coup is dealt, then one more.
        ShoeRules(decks=1, cut_card=50),
        ShoeRules(decks=1, cut_card=51, one_more_coup=False),
    ],
)
def test_interleaved_shoes_tally_exactly_as_shoes_dealt_one_by_one(rules: ShoeRules) -> None:
    plan = SimulationSpec(coups=1, shoe=rules, seed=5).plan()
    fast = run_range(plan, 3, 203)  # 50 groups of four, then three alone
    slow = run_range(plan, 3, 203, limit=1 << 40)
    assert (fast.coups, fast.shoes) == (slow.coups, slow.shoes) == (fast.coups, 203)
    assert fast.counts.tolist() == slow.counts.tolist()
    assert fast.pairs.tolist() == slow.pairs.tolist()


def test_a_limit_stops_at_exactly_that_many_coups_in_shoe_order() -> None:
    plan = SimulationSpec(coups=1, seed=9).plan()
    whole = [run_range(plan, i, 1) for i in range(3)]
    limit = whole[0].coups + whole[1].coups + 5
    part = run_range(plan, 0, 10, limit)
    assert (part.coups, part.shoes) == (limit, 3)
    assert (part.counts - whole[0].counts - whole[1].counts).sum() == 5


def test_streams_match_the_reference_generator() -> None:
    # Known answers of the published algorithms.
    assert next(reference.splitmix64(0)) == 0xE220A8397B1DCDAF
    outputs = reference.xoshiro256ss([1, 2, 3, 4])
    assert [next(outputs) for _ in range(4)] == [11520, 0, 1509978240, 1215971899390074240]
    state = (U64(1), U64(2), U64(3), U64(4))
    got = []
    with np.errstate(over="ignore"):
        for _ in range(4):
            word, *rest = dealing._next64(*state)
            state = tuple(rest)
            got.append(int(word))
    assert got == [11520, 0, 1509978240, 1215971899390074240]
    k0, k1 = 0x0123456789ABCDEF, 0xFEDCBA9876543210
    for index in (0, 1, 2**40 + 3):
        seeds = reference.splitmix64(k0 ^ reference.fmix64(index ^ k1))
        assert [int(s) for s in kernels.stream_state(U64(k0), U64(k1), U64(index))] == [
            next(seeds) for _ in range(4)
        ]


def test_32_bit_words_are_each_output_low_half_first() -> None:
    state = (U64(1), U64(2), U64(3), U64(4))
    expected = []
    with np.errstate(over="ignore"):
        for _ in range(3):
            word, *rest = dealing._next64(*state)
            state = tuple(rest)
            expected += [int(word) & 0xFFFFFFFF, int(word) >> 32]
        s0, s1, s2, s3, half, have = U64(1), U64(2), U64(3), U64(4), U64(0), False
        got = []
        for _ in range(6):
            r, s0, s1, s2, s3, half, have = dealing._next32(s0, s1, s2, s3, half, have)
            got.append(int(r))
    assert got == expected
    assert (s0, s1, s2, s3) == state and not have


def test_tally_coup_counts_the_coup_and_moves_past_its_cards() -> None:
    table = coup_table()
    # Player 3 + 4 = 7 stands, Banker 5 + K = 5 draws the fifth card (a 2): five cards used.
    cards = [_card(3), _card(5), _card(4), _card(0, Suit.CLUBS), _card(2), _card(9)]
    codes = np.concatenate([codes_from_cards(cards), np.zeros(8, dtype=np.uint8)])
    counts = np.zeros(400, dtype=np.int64)
    pairs = np.zeros(9, dtype=np.int64)
    coup = Coup.from_cards(cards)
    after = dealing.tally_coup(codes, U64(0), table, counts, pairs)
    assert int(after) == coup.cards_used == 5
    assert counts.nonzero()[0].tolist() == [coup.summary.index] and counts.sum() == 1
    assert pairs.tolist() == [1] + [0] * 8


@pytest.mark.parametrize(
    ("n", "start", "end"), [(416, 0, 415), (52, 0, 51), (416, 1, 17), (7, 0, 6), (1040, 0, 1039)]
)
def test_shuffle_is_the_reference_fisher_yates(n: int, start: int, end: int) -> None:
    k0, k1 = 12345, 67890
    for index in range(5):
        outputs = reference.stream(k0, k1, index)
        expected = list(range(n))
        reference.shuffle(
            expected, start, end, int(kernels.batch_size(n)), reference.words32(outputs)
        )
        cards = np.arange(n, dtype=np.uint8 if n < 256 else np.int64)
        state = [U64(s) for s in kernels.stream_state(U64(k0), U64(k1), U64(index))]
        dealing.shuffle(cards, start, end, n, kernels.batch_size(n), np.empty(0, np.int64), *state)
        assert cards.tolist() == expected
        # The faster shuffle of the kernels: the same cards, and the same partners recorded.
        k = kernels.batch_size(n)
        bounds, limits = kernels.batch_limits(n, k, start)
        for record in (np.zeros(0, np.int64), np.zeros(n, np.int64)):
            fast = np.arange(n, dtype=cards.dtype)
            dealing.shuffle_fast(fast, start, end, n, k, bounds, limits, record, *state)
            assert fast.tolist() == expected
        slow_record = np.zeros(n, np.int64)
        dealing.shuffle(np.arange(n, dtype=cards.dtype), start, end, n, k, slow_record, *state)
        assert record.tolist() == slow_record.tolist()


@pytest.mark.parametrize("bounds", [(5, 4, 3), (7, 6), (13,), (3, 3, 3, 3), (31, 30)])
def test_batched_bounded_integers_are_exactly_uniform(bounds: tuple[int, ...]) -> None:
    # Every 10-bit word, through the same procedure as the kernels' 32-bit one.
    tally = Counter(
        tuple(indices)
        for word in range(1 << 10)
        if (indices := reference.batch(word, bounds, bits=10)) is not None
    )
    assert set(tally) == set(itertools.product(*(range(b) for b in bounds)))
    assert len(set(tally.values())) == 1


def test_shuffle_makes_every_order_equally_likely() -> None:
    # 120 orders of five cards, 240 000 shuffles: a chi-square test at the 1e-4 level.
    permutations = kernels_permutation_counts(5, 240_000)
    expected = 240_000 / 120
    chi2 = sum((c - expected) ** 2 / expected for c in permutations)
    assert len(permutations) == 120
    assert chi2 < 180.0  # chi-square(119) exceeds 180 with probability about 2e-4


def kernels_permutation_counts(n: int, shuffles: int) -> list[int]:
    counts: Counter[tuple[int, ...]] = Counter()
    swaps = np.empty(0, np.int64)
    k = kernels.batch_size(n)
    for index in range(shuffles):
        cards = np.arange(n, dtype=np.uint8)
        state = [U64(s) for s in kernels.stream_state(U64(3), U64(4), U64(index))]
        dealing.shuffle(cards, 0, n - 1, n, k, swaps, *state)
        counts[tuple(cards.tolist())] += 1
    return list(counts.values())


def test_canonical_shoe_and_codes() -> None:
    shoe = canonical_shoe(8)
    assert shoe.shape == (416,)
    assert Counter(card_from_code(c) for c in shoe) == Counter(full_deck() * 8)
    assert len({int(c) for c in shoe}) == 52
    assert kernels.batch_size(416) == 3
