"""Which bets a full shoe can never pay, read from the exact counts."""

from __future__ import annotations

from baccarat.core.rules import get_rule_set
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.stats import exact_bet_stats
from baccarat.odds.winnable import unwinnable


def test_one_deck_never_pays_perfect_pair_and_every_other_bet_can_win() -> None:
    rule_set = get_rule_set("perfect-250")
    never = unwinnable(rule_set, 1)
    assert never == frozenset({"perfect_pair"})
    card_level = tuple(bet for bet in rule_set.bets.values() if bet.signature is not None)
    full = exact_distribution(Composition.decks(1), rule_set.tableau, card_level)
    for name, bet in rule_set.bets.items():
        assert (exact_bet_stats(bet, full).win == 0) == (name in never), name


def test_two_decks_can_pay_every_bet() -> None:
    assert unwinnable(get_rule_set("perfect-250"), 2) == frozenset()
