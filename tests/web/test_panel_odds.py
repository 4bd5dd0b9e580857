"""The odds panel prices the kernel's counts directly: the same edges, to the last bit, as
pricing the exact distribution made of them, for every built-in rule set."""

from __future__ import annotations

import random

import pytest

from baccarat.core.rules import RULE_SETS
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.ledger.views import ShoeView
from baccarat.odds import exact_counts, exact_distribution, price_bets
from baccarat.odds.exact import signatures_of
from baccarat.web.present.panels import _composition, odds_rows, percent


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_the_odds_panel_edges_are_those_of_the_exact_distribution(name: str) -> None:
    rule_set = RULE_SETS[name]
    shoe = Shoe.shuffled(ShoeRules(decks=2), random.Random(len(name)))
    for _ in range(9):
        shoe.deal_coup(rule_set.tableau)
    view = ShoeView.of(1, shoe)
    card_level = tuple(bet for bet in rule_set.bets.values() if bet.signature is not None)
    distribution = exact_distribution(_composition(view), rule_set.tableau, card_level)
    priced = price_bets(rule_set.bets, distribution)
    counts = exact_counts(_composition(view), rule_set.tableau, signatures_of(card_level))
    assert price_bets(rule_set.bets, counts) == priced  # every figure, float for float
    rows = odds_rows(view, rule_set, 2)["rows"]
    assert [row["bet"] for row in rows] == list(rule_set.bets)
    for row in rows:
        assert row["now"] == percent(priced[row["bet"]].house_edge, 3)
    # Its figures are text for people (the API sends them as shown): a negative change is
    # "−0.012%", never Babel's hyphen.
    assert not [row for row in rows for key in ("now", "full", "change") if "-" in row[key]]
    assert any(row["change"].startswith("\u2212") for row in rows)
