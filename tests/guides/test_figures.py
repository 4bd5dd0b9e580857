"""The guides' figures: read off the exact analyzer, consistent with one another."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.core.rules import RULE_SETS, get_rule_set
from baccarat.core.summary import Winner
from baccarat.guides.figures import guide_figures
from baccarat.learn.errors import LearnError
from baccarat.odds import Composition, odds_report


def test_outcomes_and_frequencies_are_the_odds_report() -> None:
    figures = guide_figures(8)
    report = odds_report(Composition.decks(8), get_rule_set("punto-banco"))
    assert {w.value: p for w, p in figures.outcomes.items()} == report.exact_outcomes()
    assert dict(figures.frequencies) == report.exact_frequencies()


def test_the_naturals_add_up() -> None:
    n = guide_figures(8).naturals
    assert n.player + n.banker - n.both == n.any
    assert n.player_wins + n.banker_wins + n.tie == n.any
    assert n.player == n.banker  # both hands are two cards from the same shoe
    assert Fraction(0) < n.both < n.nine < n.any


def test_final_totals_are_distributions() -> None:
    figures = guide_figures(8)
    assert sum(figures.player_totals) == 1 == sum(figures.banker_totals)


@pytest.mark.parametrize("name", list(RULE_SETS))
def test_every_bet_of_every_rule_set_is_priced_as_baccarat_odds_prices_it(name: str) -> None:
    figures = guide_figures(8).rule_set(name)
    report = odds_report(Composition.decks(8), get_rule_set(name)).as_dict(exact=True)["bets"]
    assert [b.bet.name for b in figures.bets] == list(report)
    for bet in figures.bets:
        assert (
            f"{bet.house_edge.numerator}/{bet.house_edge.denominator}"
            == (report[bet.bet.name]["house_edge"])
        )
        assert bet.stats.win + bet.stats.push + bet.stats.lose == 1


def test_unknown_names_are_refused() -> None:
    with pytest.raises(LearnError, match="no rule set 'baccarat-royale'"):
        guide_figures(8).rule_set("baccarat-royale")
    with pytest.raises(LearnError, match="has no bet 'dragon'"):
        guide_figures(8).rule_set("punto-banco").bet("dragon")


def test_a_smaller_shoe_gives_other_figures() -> None:
    one, eight = guide_figures(1), guide_figures(8)
    assert one.decks == 1 and one.outcomes[Winner.BANKER] != eight.outcomes[Winner.BANKER]
