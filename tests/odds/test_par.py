"""PAR sheets: every bet's rows add up to the whole, the returns to the EV, the variances."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.core.bets import LOSE, Bet
from baccarat.core.catalogue import PERFECT_PAIR_TWO_LEVEL
from baccarat.core.errors import BaccaratError
from baccarat.core.rules import BANKER_EZ, RULE_SETS, RuleSet, get_rule_set
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.par import par_section, par_sheet
from baccarat.odds.stats import exact_bet_stats


@pytest.mark.parametrize("rule_set", list(RULE_SETS.values()), ids=list(RULE_SETS))
def test_rows_add_up_for_every_bet(rule_set: RuleSet) -> None:
    sheet = par_sheet(rule_set, Composition.decks(6))
    d = exact_distribution(Composition.decks(6), bets=rule_set.bets.values())
    assert sheet.total == d.total
    assert [s.name for s in sheet.bets] == list(rule_set.bets)
    for section in sheet.bets:
        bet = rule_set.bet(section.name)
        assert sum(r.combinations for r in section.rows) == d.total
        assert sum(r.probability for r in section.rows) == 1
        assert sum(r.return_ for r in section.rows) == section.stats.ev
        assert sum(r.variance for r in section.rows) == section.stats.variance
        assert section.stats == exact_bet_stats(bet, d)
        # One row per line of the pay table, in order, then "otherwise" when anything is left.
        assert [r.pays for r in section.rows[: len(bet.rules)]] == [rule.pays for rule in bet.rules]
        if len(section.rows) > len(bet.rules):
            assert section.rows[-1].outcome == "otherwise" and section.rows[-1].pays == LOSE


def test_first_matching_rule_decides_a_row() -> None:
    d = exact_distribution(Composition.decks(8))
    rows = par_section(PERFECT_PAIR_TWO_LEVEL, d).rows
    # Both sides suited is the first rule; the "player suited" row excludes it.
    assert rows[0].outcome == "player_pair = suited, banker_pair = suited"
    assert rows[0].combinations == d.pair_counts[8]
    assert rows[1].combinations == d.pair_counts[6] + d.pair_counts[7]
    ez = par_section(BANKER_EZ, d).rows
    assert (
        ez[0].pays == 0 and ez[0].outcome == "winner = banker, banker_total = 7, banker_cards = 3"
    )


def test_a_rule_that_always_holds_leaves_no_otherwise_row() -> None:
    bet = Bet.from_data("always_push", {"rules": [{"pays": "push"}]})
    section = par_section(bet, exact_distribution(Composition.decks(1)))
    assert [(r.outcome, r.pays, r.probability) for r in section.rows] == [
        ("always", Fraction(0), Fraction(1))
    ]
    assert section.stats.house_edge_excluding_pushes is None


def test_sheet_header_and_lookup() -> None:
    sheet = par_sheet(get_rule_set("tie-9"), Composition.infinite_deck())
    assert sheet.total == 52**6
    assert [name for name, _, _ in sheet.outcomes] == ["Banker wins", "Player wins", "Tie"]
    assert sum(p for _, _, p in sheet.outcomes) == 1
    assert dict(sheet.frequencies)["cards_4"] == Fraction(64, 169)
    assert sheet.bet("tie").rows[0].pays == 9
    with pytest.raises(BaccaratError, match="no bet 'super_6'"):
        sheet.bet("super_6")
