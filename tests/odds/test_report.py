"""The per-rule-set report and the exact odds through a whole shoe."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from baccarat.core.errors import ShoeError
from baccarat.core.rules import RULE_SETS, RuleSet, get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.summary import Winner
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.report import OUTCOME_KEYS, odds_report, odds_through_shoe
from baccarat.odds.stats import exact_bet_stats


@pytest.mark.parametrize("rule_set", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_report_json_shape_and_exact_strings(rule_set: RuleSet) -> None:
    shoe = Composition.parse("A:20,2:25,3:31,4:32,5:30,6:32,7:29,8:32,9:30,T:32,J:28,Q:32,K:31")
    report = odds_report(shoe, rule_set)
    record = json.loads(json.dumps(report.as_dict()))
    assert list(record["outcomes"]) == list(OUTCOME_KEYS)
    assert list(record["frequencies"]) == [
        "natural", "player_draws", "banker_draws", "both_draw",
        "cards_per_coup", "cards_4", "cards_5", "cards_6",
    ]  # fmt: skip
    assert list(record["bets"]) == list(rule_set.bets)
    for figures in record["bets"].values():
        assert {"win", "push", "lose", "ev", "house_edge", "sd"} <= set(figures)
    exact = json.loads(json.dumps(report.as_dict(exact=True)))
    d = exact_distribution(shoe, rule_set.tableau, rule_set.bets.values())
    assert exact["total"] == d.total
    assert {k: Fraction(v) for k, v in exact["outcomes"].items()} == {
        w.value: p for w, p in d.outcomes().items()
    }
    assert {k: Fraction(v) for k, v in exact["frequencies"].items()} == d.frequencies()
    for name, bet in rule_set.bets.items():
        stats = exact_bet_stats(bet, d)
        assert Fraction(exact["bets"][name]["house_edge"]) == stats.house_edge
        assert Fraction(exact["bets"][name]["win"]) == stats.win
        assert record["bets"][name]["house_edge"] == pytest.approx(float(stats.house_edge))
    assert sum(Fraction(v) for v in exact["outcomes"].values()) == 1


def test_report_floats_agree_with_the_distribution() -> None:
    report = odds_report(Composition.decks(8), get_rule_set("punto-banco"))
    exact = report.distribution.outcomes()
    for key in OUTCOME_KEYS:
        assert report.outcomes[key] == pytest.approx(float(exact[Winner(key)]), abs=1e-15)
    for key, value in report.distribution.frequencies().items():
        assert report.frequencies[key] == pytest.approx(float(value), rel=1e-14)


def test_report_can_price_bets_a_table_does_not_offer() -> None:
    ez = get_rule_set("ez")
    others = get_rule_set("no-commission").bets
    report = odds_report(Composition.decks(8), ez, bets=others)
    assert "super_6" in report.bets and report.rule_set == "ez"


def test_odds_through_a_shoe_follow_the_cards_seen() -> None:
    rules = get_rule_set("punto-banco")
    shoe = Shoe.shuffled(ShoeRules(decks=2), random.Random(11))
    burn_card = shoe.burned[0]
    unseen = Composition.decks(2).without([burn_card])
    steps = list(odds_through_shoe(shoe, rules))
    assert len(steps) == shoe.coups_dealt and shoe.finished
    for report, coup in steps:
        assert report.composition == unseen
        assert report.bets == odds_report(unseen, rules).bets
        unseen = unseen.without(coup.cards_in_order)
    # The face-down burned cards were never seen: they are still counted as unseen at the end.
    assert unseen.size == shoe.cards_remaining + len(shoe.burned) - 1
    with pytest.raises(ShoeError, match="already dealt"):
        next(odds_through_shoe(shoe, rules))
