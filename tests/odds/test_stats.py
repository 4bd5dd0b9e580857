"""Pricing bets: floats agree with exact fractions; exact counts and simulator tallies alike."""

from __future__ import annotations

import math
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.bets import Bet
from baccarat.core.catalogue import BANKER, PLAYER, PLAYER_PAIR, TIE
from baccarat.core.distribution import Distribution
from baccarat.core.rulefile import rule_set_from_toml
from baccarat.core.rules import RULE_SETS, RuleSet
from baccarat.core.summary import SUMMARY_CLASSES, Winner
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_counts, exact_distribution, signatures_of
from baccarat.odds.stats import (
    BetBook,
    PricingError,
    bet_stats,
    exact_bet_stats,
    house_edges,
    price_bets,
)

EIGHT = exact_distribution(Composition.decks(8))


@pytest.mark.parametrize("rule_set", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_every_bet_of_every_rule_set_floats_match_fractions(rule_set: RuleSet) -> None:
    eight = exact_distribution(Composition.decks(8), bets=rule_set.bets.values())
    floats = price_bets(rule_set.bets, eight)
    assert list(floats) == list(rule_set.bets)
    for name, bet in rule_set.bets.items():
        exact = exact_bet_stats(bet, eight)
        assert exact.win + exact.push + exact.lose == 1
        got = floats[name]
        for field in ("win", "push", "lose", "ev", "house_edge", "variance"):
            assert getattr(got, field) == pytest.approx(
                float(getattr(exact, field)), rel=1e-12, abs=1e-15
            )
        assert got.sd == pytest.approx(exact.sd, rel=1e-12)
        assert got.hit_frequency == got.win
        assert exact.to_float().house_edge == pytest.approx(got.house_edge, abs=1e-14)


@settings(max_examples=25, deadline=None)
@given(
    name=st.sampled_from(sorted(RULE_SETS)),
    removed=st.lists(st.integers(min_value=0, max_value=51), max_size=40),
)
def test_house_edges_are_the_priced_edges_of_any_shoe(name: str, removed: list[int]) -> None:
    # Exactly the same floats as price_bets (the panels show them as text), card-level side
    # bets included, priced from the kernel's counts as the table prices them.
    rule_set = RULE_SETS[name]
    counts = list(Composition.decks(2).counts)
    for card in removed:
        counts[card] = max(0, counts[card] - 1)
    card_level = [bet for bet in rule_set.bets.values() if bet.signature is not None]
    kernel = exact_counts(Composition(tuple(counts)), rule_set.tableau, signatures_of(card_level))
    edges = house_edges(rule_set.bets, kernel)
    assert list(edges) == list(rule_set.bets)
    assert edges == {bet: s.house_edge for bet, s in price_bets(rule_set.bets, kernel).items()}


def test_stats_definitions_on_a_hand_made_distribution() -> None:
    # Three coups: a Banker win (0.95), a tie (push), a Player win (−1) for the Banker bet.
    counts = [0] * 400
    counts[next(i for i, s in enumerate(SUMMARY_CLASSES) if s.winner is Winner.BANKER)] = 2
    counts[next(i for i, s in enumerate(SUMMARY_CLASSES) if s.winner is Winner.TIE)] = 1
    counts[next(i for i, s in enumerate(SUMMARY_CLASSES) if s.winner is Winner.PLAYER)] = 1
    d = Distribution.from_summary_counts(counts)
    exact = exact_bet_stats(BANKER, d)
    assert (exact.win, exact.push, exact.lose) == (Fraction(1, 2), Fraction(1, 4), Fraction(1, 4))
    ev = Fraction(2 * Fraction(19, 20) - 1, 4)
    assert exact.ev == ev and exact.house_edge == -ev
    assert exact.house_edge_excluding_pushes == -ev / Fraction(3, 4)
    second = Fraction(2 * Fraction(19, 20) ** 2 + 1, 4)
    assert exact.variance == second - ev**2
    floats = bet_stats(BANKER, d)
    assert floats.house_edge_excluding_pushes == pytest.approx(float(-ev / Fraction(3, 4)))
    assert floats.sd == pytest.approx(math.sqrt(second - ev**2))


def test_banker_edge_with_ties_excluded() -> None:
    stats = exact_bet_stats(BANKER, EIGHT)
    tie = Fraction(EIGHT.winner_counts()[Winner.TIE], EIGHT.total)
    assert stats.house_edge_excluding_pushes == stats.house_edge / (1 - tie)
    assert f"{float(stats.house_edge_excluding_pushes):.4%}" == "1.1692%"
    assert (
        exact_bet_stats(TIE, EIGHT).house_edge_excluding_pushes
        == exact_bet_stats(TIE, EIGHT).house_edge
    )


@settings(max_examples=30, deadline=None)
@given(
    st.lists(st.integers(0, 10**6), min_size=400, max_size=400).filter(lambda c: sum(c) > 0),
    st.integers(1, 10**6),
)
def test_simulator_tallies_price_like_exact_counts(tallies: list[int], scale: int) -> None:
    # A simulator hands over coup counts without pairs; scaling every count changes nothing.
    d = Distribution.from_summary_counts(tallies)
    scaled = Distribution.from_summary_counts([c * scale for c in tallies])
    for bet in (PLAYER, BANKER, TIE):
        assert exact_bet_stats(bet, d) == exact_bet_stats(bet, scaled)
        assert bet_stats(bet, d).ev == pytest.approx(float(exact_bet_stats(bet, d).ev), abs=1e-12)


def test_a_pair_bet_needs_pair_counts() -> None:
    tallies = Distribution.from_summary_counts(EIGHT.summary_counts)
    with pytest.raises(PricingError, match="no pair counts"):
        bet_stats(PLAYER_PAIR, tallies)
    with pytest.raises(PricingError, match="no pair counts"):
        exact_bet_stats(PLAYER_PAIR, tallies)


def test_kernel_counts_price_directly_including_python_integers() -> None:
    for shoe in (Composition.decks(8), Composition.decks(30)):
        counts = exact_counts(shoe)
        direct = price_bets((BANKER, PLAYER_PAIR), counts)
        via = price_bets((BANKER, PLAYER_PAIR), counts.distribution())
        assert direct == via


def test_user_defined_toml_bets_are_priced() -> None:
    rules = rule_set_from_toml(
        """
        name = "lucky-table"
        extends = "punto-banco"
        offers = ["player", "banker", "tie", "lucky_6", "both_pairs"]
        [bets.lucky_6]
        rules = [
          { when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "23:1" },
          { when = { winner = "banker", banker_total = 6 }, pays = "12:1" },
        ]
        [bets.both_pairs]
        domain = "pairs"
        rules = [{ when = { player_pair = ["pair", "suited"], banker_pair = ["pair", "suited"] }, pays = "100" }]
        """
    )
    priced = price_bets(rules.bets, EIGHT)
    # The Wizard of Odds prices this Lucky 6 pay table (23-12) at a house edge of 11.70 %.
    assert f"{priced['lucky_6'].house_edge:.2%}" == "11.70%"
    exact = exact_bet_stats(rules.bet("both_pairs"), EIGHT)
    both = sum(EIGHT.pair_counts[i] for i in (4, 5, 7, 8))
    assert exact.win == Fraction(both, EIGHT.total)


def test_bet_book_rejects_repeated_names_and_is_reused() -> None:
    with pytest.raises(PricingError, match="distinct"):
        BetBook((BANKER, BANKER))
    bets = (BANKER, PLAYER)
    assert price_bets(bets, EIGHT) == price_bets(list(bets), EIGHT)
    renamed = Bet("banker_again", BANKER.domain, BANKER.rules)
    again = price_bets((renamed,), EIGHT)["banker_again"]
    assert again.bet == "banker_again"
    assert again.house_edge == bet_stats(BANKER, EIGHT).house_edge


def test_exact_as_dict_is_fraction_strings() -> None:
    record = exact_bet_stats(BANKER, EIGHT).as_dict()
    win = Fraction(2_292_252_566_437_888, 4_998_398_275_503_360)
    assert record["win"] == f"{win.numerator}/{win.denominator}"
    assert Fraction(str(record["house_edge"])) == exact_bet_stats(BANKER, EIGHT).house_edge
    assert isinstance(record["sd"], float)
    assert "/" in str(exact_bet_stats(TIE, EIGHT).as_dict()["push"])
