"""Effects of removal: a published table reproduced, and an exact identity on any shoe."""

from __future__ import annotations

from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.bets import Bet
from baccarat.core.cards import RANKS, Rank
from baccarat.core.rules import get_rule_set
from baccarat.core.tableau import PUNTO_BANCO
from baccarat.odds.composition import CARDS, Composition, CompositionError
from baccarat.odds.eor import effects_of_removal, exact_effects_of_removal
from baccarat.odds.exact import exact_distribution
from baccarat.odds.report import odds_report
from baccarat.odds.stats import exact_bet_stats

LUCKY_6 = Bet.from_data(
    "lucky_6",
    {
        "rules": [
            {"when": {"winner": "banker", "banker_total": 6, "banker_cards": 3}, "pays": "23"},
            {"when": {"winner": "banker", "banker_total": 6}, "pays": "12"},
        ]
    },
)

# Wizard of Odds, "Card Counting the Lucky 6 Bet in Baccarat"
# (wizardofodds.com/games/baccarat/counting-lucky-6/): the 23-12 pay table, house edge 11.70 %,
# and "the effect on the player's expected value from removing one card from a full eight-deck
# shoe", by card value (0 = a ten or court card).
WIZARD_LUCKY_6_EOR = {
    0: "-0.000611",
    1: "-0.000329",
    2: "-0.000323",
    3: "-0.001131",
    4: "-0.000393",
    5: "-0.000278",
    6: "-0.005386",
    7: "0.003907",
    8: "0.003537",
    9: "0.002838",
}


def test_published_lucky_6_effects_of_removal() -> None:
    rules = get_rule_set("punto-banco")
    exact = exact_effects_of_removal(Composition.decks(8), {"lucky_6": LUCKY_6}, PUNTO_BANCO)
    floats = effects_of_removal(Composition.decks(8), rules, bets={"lucky_6": LUCKY_6})
    assert f"{floats.base['lucky_6']:.2%}" == "11.70%"
    for rank in RANKS:
        # Ours is the change in the house edge: the player's expectation with the sign turned.
        player_ev_change = -exact[rank]["lucky_6"]
        assert f"{float(player_ev_change):.6f}" == WIZARD_LUCKY_6_EOR[rank.value_points]
        assert floats.effects[rank]["lucky_6"] == pytest.approx(float(exact[rank]["lucky_6"]))


@settings(max_examples=6, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=52, max_size=52).filter(lambda c: sum(c) >= 7))
def test_effects_cancel_when_averaged_over_the_shoe(counts: list[int]) -> None:
    # Burning one unseen card cannot change the odds of the next coup: averaged over every card,
    # weighted by how many the shoe holds, the change in every bet's edge is exactly zero.
    shoe = Composition(tuple(counts))
    bets = get_rule_set("punto-banco").bets
    full = exact_distribution(shoe)
    base = {name: exact_bet_stats(bet, full).ev for name, bet in bets.items()}
    total = {name: Fraction(0) for name in bets}
    for card, n in zip(CARDS, counts, strict=True):
        if n:
            less = exact_distribution(shoe.without([card]))
            for name, bet in bets.items():
                total[name] += n * (exact_bet_stats(bet, less).ev - base[name])
    assert all(value == 0 for value in total.values())


def test_fresh_shoe_effects_sum_to_zero_and_match_two_reports() -> None:
    rules = get_rule_set("no-commission")
    shoe = Composition.decks(6)
    eor = effects_of_removal(shoe, rules)
    assert list(eor.effects) == list(RANKS)
    for name in rules.bets:
        assert sum(eor.effects[rank][name] for rank in RANKS) == pytest.approx(0, abs=1e-12)
    # One cell recomputed from two independent reports.
    without_a_five = odds_report(shoe.without_rank(Rank.FIVE), rules).bets["banker"].house_edge
    base = odds_report(shoe, rules).bets["banker"].house_edge
    assert eor.effects[Rank.FIVE]["banker"] == pytest.approx(without_a_five - base, abs=1e-15)
    # In a fresh shoe a pair bet cannot tell the ranks apart, and by the identity above the
    # effect of each is zero.
    assert all(abs(eor.effects[rank]["player_pair"]) < 1e-15 for rank in RANKS)
    assert eor.effects[Rank.TEN] == eor.effects[Rank.KING]


def test_exact_effects_are_fractions_and_cancel_on_a_fresh_shoe() -> None:
    bets = {"banker": get_rule_set("punto-banco").bet("banker")}
    exact = exact_effects_of_removal(Composition.decks(2), bets, PUNTO_BANCO)
    assert sum(exact[rank]["banker"] for rank in RANKS) == 0


def test_ranks_not_in_the_shoe_are_left_out_and_the_record_names_ranks() -> None:
    shoe = Composition.parse("A:8,5:8,9:8,K:8")
    eor = effects_of_removal(shoe, get_rule_set("ez"))
    assert list(eor.effects) == [Rank.ACE, Rank.FIVE, Rank.NINE, Rank.KING]
    record = eor.as_dict()
    assert list(record["effects"]) == ["A", "5", "9", "K"]
    assert set(record["house_edge"]) == set(get_rule_set("ez").bets)


def test_shoes_without_effects_of_removal() -> None:
    rules = get_rule_set("punto-banco")
    with pytest.raises(CompositionError, match="infinite deck"):
        effects_of_removal(Composition.infinite_deck(), rules)
    with pytest.raises(CompositionError, match="6 cards"):
        effects_of_removal(Composition.parse("A:3,K:3"), rules)
