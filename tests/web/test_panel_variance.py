"""The statistics panel's streaks, chop rate and derived-road colours: each observed figure of a
known shoe beside its exact expectation at the table's odds, rendered in each language."""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import pytest

from baccarat.core.distribution import Distribution
from baccarat.core.rules import get_rule_set
from baccarat.core.summary import Winner
from baccarat.i18n.catalogs import get_translator
from baccarat.roads import Roads
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.variance import expected_longest_streak, long_run_red_share
from baccarat.web.i18n import using
from baccarat.web.parts import statistics_table
from baccarat.web.present.panels import full_shoe_distribution, statistics_of, variance_of

# Ten decisions (two ties skipped): B B B P B P P B B P.
SHOE = "B B B T P B P P T B B P"


@pytest.fixture(scope="module")
def exact() -> Distribution:
    return full_shoe_distribution(8, get_rule_set("punto-banco").tableau)


def _rows(figures: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {row["key"]: row for row in figures["rows"]}


def test_a_known_shoe_beside_its_exact_expectations(exact: Distribution) -> None:
    outcomes = exact.outcomes()
    banker, player = outcomes[Winner.BANKER], outcomes[Winner.PLAYER]
    q = banker / (banker + player)
    stats = Roads.from_tokens(SHOE).statistics()
    rows = _rows(variance_of(stats, exact))
    assert (rows["longest_banker"]["observed"], rows["longest_player"]["observed"]) == ("3", "2")
    assert rows["longest_banker"]["expected"] == f"{float(expected_longest_streak(q, 10)):.1f}"
    assert rows["longest_player"]["expected"] == f"{float(expected_longest_streak(1 - q, 10)):.1f}"
    assert rows["current"]["observed"] == "Player 1"
    assert rows["current"]["expected"] == f"{float(1 - q) * 100:.1f}% to go on"
    # Five changes of side in nine pairs of decisions; 2q(1 - q) at 8 decks is 49.99 %.
    assert rows["chop_rate"]["observed"] == "55.6%"
    assert rows["chop_rate"]["expected"] == "50.0%"
    for road in DerivedRoad:
        counts = stats.derived_counts(road)
        share = long_run_red_share(q, road)
        assert rows[road.value]["observed"].startswith(f"{counts.red} / {counts.blue} (")
        assert rows[road.value]["expected"] == f"{float(share) * 100:.1f}% red"
    # The long-run red shares at the real odds: the Small Road leans red a hair more.
    assert long_run_red_share(q, DerivedRoad.SMALL_ROAD) > Fraction(1, 2)


def test_without_exact_odds_every_expectation_is_a_dash() -> None:
    rows = _rows(variance_of(Roads.from_tokens(SHOE).statistics(), None))
    assert {row["expected"] for row in rows.values()} == {"–"}


def test_before_the_first_coup_nothing_is_observed(exact: Distribution) -> None:
    rows = _rows(variance_of(Roads().statistics(), exact))
    assert rows["current"]["observed"] == "–"
    assert rows["chop_rate"]["observed"] == "–"
    assert rows["longest_banker"] == {**rows["longest_banker"], "observed": "0", "expected": "0.0"}


@pytest.mark.parametrize(
    ("language", "sign", "words"),
    [("en", ".", "predicts"), ("vi", ",", "dự đoán"), ("hu", ",", "sem jelzi előre")],
)
def test_the_table_says_it_all_in_the_language(
    exact: Distribution, language: str, sign: str, words: str
) -> None:
    stats = Roads.from_tokens(SHOE).statistics()
    with using(get_translator(language)):
        figures = variance_of(stats, exact)
        html = str(statistics_table(statistics_of({}, 0, None), figures))
    rows = _rows(figures)
    assert sign in rows["longest_banker"]["expected"]
    assert words in figures["note"]
    assert 'id="stats-variance"' in html and figures["note"] in html.replace("&#39;", "'")
    for row in rows.values():
        assert f'data-key="{row["key"]}"' in html
