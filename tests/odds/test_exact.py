"""The exact analyzer: its counts are checked against three independent oracles.

1. A brute force over every ordering of tiny shoes, each dealt by the core engine
   (``Coup.from_cards``), which shares no code with the kernel.
2. The slow reference enumeration (``baccarat.odds.reference``), which walks the coup in dealing
   order and asks the tableau's own decision methods.
3. Published figures and closed forms (below and in ``test_published.py``).
"""

from __future__ import annotations

import itertools
import json
import math
import os
import subprocess
import sys
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.cards import Card, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.distribution import Distribution
from baccarat.core.errors import TableauError
from baccarat.core.summary import PairKind, PairSummary, Winner
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.odds.composition import Composition
from baccarat.odds.exact import INT64_SAFE_CARDS, exact_counts, exact_distribution, six_card_total
from baccarat.odds.reference import reference_distribution

# A tableau unlike Punto Banco in every table, so that a kernel reading hard-coded rules fails.
ODD_TABLEAU = Tableau.from_rows(
    "odd",
    natural_totals=frozenset({9}),
    player="DDSDDSDDSS",
    banker_player_stood="SDDDSDDSDS",
    banker={
        0: "DSDSDSDSDS",
        1: "SSSSSDDDDD",
        2: "DDDDDSSSSS",
        3: "SDSDSDSDSD",
        4: "DDSSDDSSDD",
        5: "SSDDSSDDSS",
        6: "DSSSSSSSSD",
        7: "SDDDDDDDDS",
        8: "DDDDDDDDDD",
    },
)


def brute_force(cards: Sequence[Card], tableau: Tableau = PUNTO_BANCO) -> Distribution:
    """Deal every ordering of the shoe's first six positions through the core engine.

    Each ordered choice of six physical cards is one sequence (identical cards are different
    physical cards, so they count separately); the coup is dealt from it by ``Coup.from_cards``.
    Equal sequences of card faces are dealt once and counted with their multiplicity.
    """
    faces = list(dict.fromkeys(cards))
    # Each physical card by the number of its face, so equal faces make equal sequences.
    physical = [faces.index(card) for card in cards]
    by_face = Counter(itertools.permutations(physical, 6))
    summary = [0] * 400
    pairs = [0] * 9
    for sequence, n in by_face.items():
        coup = Coup.from_cards([faces[i] for i in sequence], tableau)
        summary[coup.summary.index] += n
        pairs[coup.pairs.index] += n
    return Distribution(tuple(summary), tuple(pairs), sum(summary))


def test_every_ordering_of_an_eight_card_shoe_matches_the_analyzer() -> None:
    # Literally every ordering of the whole shoe (8! = 40,320), each dealt from the top; every
    # analyzer sequence stands for the (8 - 6)! orderings of the two cards never reached.
    cards = parse_cards("As Ah 7c 2d 6h 3s Kd 8c")
    summary = [0] * 400
    pairs = [0] * 9
    coups: dict[tuple[Card, ...], Coup] = {}
    for order in itertools.permutations(cards):
        head = order[:6]
        coup = coups.get(head)
        if coup is None:
            coup = coups[head] = Coup.from_cards(order)
        summary[coup.summary.index] += 1
        pairs[coup.pairs.index] += 1
    d = exact_distribution(Composition.from_cards(cards))
    assert d.total * 2 == math.factorial(8) == sum(summary)
    assert [c * 2 for c in d.summary_counts] == summary
    assert [c * 2 for c in d.pair_counts] == pairs


@pytest.mark.parametrize(
    "shoe",
    [
        # 12 cards: suited pairs on both sides are possible, naturals, draws of every kind.
        "As As Kh Kh 5d 5d 3c 3c 4s 4s 9h 9h",
        # 10 cards with a triple, a pair and an unsuited pair.
        "7c 7c 7c 2d 2d 6h Ks Kd 8c 3s",
    ],
)
def test_brute_force_over_tiny_shoes_matches_the_analyzer(shoe: str) -> None:
    cards = parse_cards(shoe)
    composition = Composition.from_cards(cards)
    assert exact_distribution(composition) == brute_force(cards)
    assert exact_distribution(composition, ODD_TABLEAU) == brute_force(cards, ODD_TABLEAU)


TINY_DECK = parse_cards("As Ad 2c 3h 4s 5d 6c 7h 8s 9d Tc Kh Ks")


@settings(max_examples=25, deadline=None)
@given(st.lists(st.sampled_from(TINY_DECK), min_size=6, max_size=7))
def test_brute_force_over_random_tiny_shoes(cards: list[Card]) -> None:
    composition = Composition.from_cards(cards)
    assert exact_distribution(composition) == brute_force(cards)


@pytest.mark.parametrize(
    "composition",
    [
        Composition.decks(1),
        Composition.decks(8),
        Composition.infinite_deck(),
        Composition.parse("A:3,2:1,5:4,7:2,8:3,9:2,K:5,Qh:2,Qs:1"),
    ],
    ids=["1 deck", "8 decks", "infinite", "partial"],
)
def test_kernel_equals_reference_enumeration(composition: Composition) -> None:
    assert exact_distribution(composition) == reference_distribution(composition)


def test_kernel_reads_the_tableau_data() -> None:
    # A tableau that is nothing like Punto Banco, on a real shoe: same answer as the reference,
    # and a different answer from Punto Banco.
    shoe = Composition.decks(1)
    odd = exact_distribution(shoe, ODD_TABLEAU)
    assert odd == reference_distribution(shoe, ODD_TABLEAU)
    assert odd != exact_distribution(shoe)


def test_a_tableau_with_options_is_refused() -> None:
    choice = Tableau.from_rows(
        "chemin", player="DDDDDOSSSS", banker_player_stood="DDDDDDSSSS", banker={0: "D" * 10}
    )
    with pytest.raises(TableauError, match="choice"):
        exact_distribution(Composition.decks(1), choice)
    with pytest.raises(TableauError, match="choice"):
        reference_distribution(Composition.decks(1), choice)


def test_eight_decks_total_and_banker_wins() -> None:
    d = exact_distribution(Composition.decks(8))
    assert d.total == 4_998_398_275_503_360 == six_card_total(Composition.decks(8))
    assert d.winner_counts()[Winner.BANKER] == 2_292_252_566_437_888


def test_infinite_deck_counts_over_52_to_the_sixth() -> None:
    d = exact_distribution(Composition.infinite_deck())
    assert d.total == 52**6
    # Per card value the weights are 4 of 13 for zero and 1 of 13 for the others: every summary
    # count is 4^6 times the count over 13^6 value sequences.
    assert all(c % 4**6 == 0 for c in d.summary_counts)
    # With replacement, the Player's first two cards pair with probability 1/13, suited 1/52.
    player = Counter[PairKind]()
    for pair, count in zip(
        (PairSummary(p, b) for p in PairKind for b in PairKind), d.pair_counts, strict=True
    ):
        player[pair.player] += count
    assert Fraction(player[PairKind.SUITED], d.total) == Fraction(1, 52)
    assert Fraction(player[PairKind.PAIR], d.total) == Fraction(3, 52)


def test_shoes_beyond_64_bits_are_counted_with_python_integers() -> None:
    big = Composition.decks(28)  # 1,456 cards: the six-card total is above 2**63
    assert big.size > INT64_SAFE_CARDS
    assert six_card_total(big) > 2**63 > six_card_total(Composition.decks(27))
    counts = exact_counts(big)
    assert counts.summary.dtype == object
    assert counts.distribution() == reference_distribution(big)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(0, 5), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6))
def test_probabilities_sum_to_exactly_one(rank_counts: list[int]) -> None:
    shoe = Composition.from_rank_counts(rank_counts)
    d = exact_distribution(shoe)
    assert d.total == six_card_total(shoe)
    assert sum(Fraction(c, d.total) for c in d.summary_counts) == 1
    assert sum(Fraction(c, d.total) for c in d.pair_counts) == 1
    assert sum(d.outcomes().values()) == 1


@settings(max_examples=8, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6))
def test_random_partial_shoes_match_the_reference(rank_counts: list[int]) -> None:
    shoe = Composition.from_rank_counts(rank_counts)
    assert exact_distribution(shoe) == reference_distribution(shoe)


@settings(max_examples=20, deadline=None)
@given(
    st.lists(st.integers(0, 6), min_size=52, max_size=52).filter(lambda c: sum(c) >= 6),
    st.permutations(range(4)),
)
def test_suits_are_interchangeable(counts: list[int], order: list[int]) -> None:
    shoe = Composition(tuple(counts))
    relabelled = Composition(
        tuple(counts[rank * 4 + order[suit]] for rank in range(13) for suit in range(4))
    )
    assert exact_distribution(shoe) == exact_distribution(relabelled)


@settings(max_examples=20, deadline=None)
@given(st.lists(st.integers(0, 6), min_size=52, max_size=52).filter(lambda c: sum(c) >= 6))
def test_pair_marginals_follow_the_closed_form(counts: list[int]) -> None:
    # P(Player pair) = Σ n_r(n_r − 1) / (n(n − 1)) over ranks; suited: the same over cards.
    # (E. Jacobson's formula for the pairs bet; both sides, by symmetry.)
    shoe = Composition(tuple(counts))
    d = exact_distribution(shoe)
    n = shoe.size
    same_rank = Fraction(sum(r * (r - 1) for r in shoe.rank_counts), n * (n - 1))
    suited = Fraction(sum(c * (c - 1) for c in counts), n * (n - 1))
    kinds = {kind: [0, 0] for kind in PairKind}
    for p in PairKind:
        for b in PairKind:
            count = d.pair_counts[PairSummary(p, b).index]
            kinds[p][0] += count
            kinds[b][1] += count
    for side in (0, 1):
        assert Fraction(kinds[PairKind.SUITED][side], d.total) == suited
        assert (
            Fraction(kinds[PairKind.SUITED][side] + kinds[PairKind.PAIR][side], d.total)
            == same_rank
        )


def test_ten_valued_ranks_are_interchangeable_for_the_summary() -> None:
    tens = Composition.parse("T:9,J:1,Q:4,K:0,A:4,5:3,9:2")
    other = Composition.parse("T:2,J:4,Q:4,K:4,A:4,5:3,9:2")
    assert exact_distribution(tens).summary_counts == exact_distribution(other).summary_counts
    assert exact_distribution(tens).pair_counts != exact_distribution(other).pair_counts


def test_runs_without_the_jit() -> None:
    # The kernels are plain Python under NUMBA_DISABLE_JIT=1 and must give the same counts.
    shoe = "A:4,2:2,3:3,5:4,6:2,8:3,9:4,T:2,K:4,Qh:2"
    code = (
        "import json, sys\n"
        "from baccarat.odds.composition import Composition\n"
        "from baccarat.odds.exact import exact_distribution\n"
        f"d = exact_distribution(Composition.parse({shoe!r}))\n"
        "json.dump([d.summary_counts, d.pair_counts, d.total], sys.stdout)\n"
    )
    env = dict(os.environ, NUMBA_DISABLE_JIT="1")
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    summary, pairs, total = json.loads(done.stdout)
    d = exact_distribution(Composition.parse(shoe))
    assert (tuple(summary), tuple(pairs), total) == (d.summary_counts, d.pair_counts, d.total)


def test_composition_must_be_a_composition() -> None:
    with pytest.raises(TypeError, match="Composition"):
        exact_counts("8 decks")  # type: ignore[arg-type]
