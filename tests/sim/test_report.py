"""The simulator against the exact analyzer: first coups and independent cards are distributed
exactly as ``baccarat.odds`` says; the report's figures and JSON keys."""

from __future__ import annotations

import math

import pytest
from scipy import stats

from baccarat.core.distribution import FREQUENCY_KEYS, Distribution
from baccarat.core.rules import RULE_SETS, get_rule_set
from baccarat.core.shoe import ShoeRules
from baccarat.odds.exact import signatures_of
from baccarat.sim import Mode, SimulationSpec, simulate
from baccarat.sim.report import exact_reference, simulation_report


def chi_square_p(observed: tuple[int, ...], exact: tuple[int, ...], exact_total: int) -> float:
    """p-value of a chi-square test of ``observed`` counts against exact probabilities, with the
    classes expected fewer than 20 times pooled."""
    n = sum(observed)
    bins: list[tuple[float, int]] = []
    pooled_expected, pooled_observed = 0.0, 0
    for o, e in zip(observed, exact, strict=True):
        expected = n * e / exact_total
        if expected >= 20:
            bins.append((expected, o))
        else:
            pooled_expected += expected
            pooled_observed += o
        assert e > 0 or o == 0, "a class the exact analyzer calls impossible was dealt"
    if pooled_expected > 0:
        bins.append((pooled_expected, pooled_observed))
    statistic = sum((o - e) ** 2 / e for e, o in bins)
    return float(stats.chi2.sf(statistic, len(bins) - 1))


CASES = [
    (Mode.FIRST_COUP, ShoeRules()),
    (Mode.FIRST_COUP, ShoeRules(decks=1, burn=False)),
    (Mode.FIRST_COUP, ShoeRules(decks=2)),
    (Mode.INFINITE, ShoeRules()),
]


@pytest.mark.parametrize(("mode", "rules"), CASES)
def test_first_coups_and_independent_cards_follow_the_exact_distribution(
    mode: Mode, rules: ShoeRules
) -> None:
    result = simulate(SimulationSpec(coups=1_500_000, shoe=rules, mode=mode, seed=2024))
    exact = exact_reference(None if mode is Mode.INFINITE else rules.decks, result.spec.tableau)
    observed = result.distribution
    # The whole joint distribution: 400 summary classes, 9 pair classes.
    assert chi_square_p(observed.summary_counts, exact.summary_counts, exact.total) > 1e-5
    assert chi_square_p(observed.pair_counts, exact.pair_counts, exact.total) > 1e-5
    report = simulation_report(result, get_rule_set("punto-banco"))
    for key, estimate in {**report.frequencies, **report.outcomes}.items():
        assert abs(estimate.z) < 4.5, (key, estimate)
    for name, bet in report.bets.items():
        assert abs(bet.z) < 4.5, (name, bet)


def test_shoe_mode_is_within_noise_of_the_first_coup_at_this_size() -> None:
    # Coups dealt to a cut card differ from first coups by about 5e-5 (docs/simulator.md): at two
    # million coups that is a fifth of a standard error, so only a loose check makes sense here.
    result = simulate(SimulationSpec(coups=2_000_000, seed=7))
    report = simulation_report(result, get_rule_set("punto-banco"))
    assert all(abs(e.z) < 5 for e in report.frequencies.values())
    natural = report.frequencies["natural"]
    assert abs(natural.observed - natural.exact) < 5 * math.sqrt(0.23 / 2_000_000)


def test_estimates_are_the_means_of_the_tallies() -> None:
    result = simulate(SimulationSpec(coups=50_000, mode=Mode.FIRST_COUP, seed=1), workers=1)
    report = simulation_report(result, get_rule_set("no-commission"))
    d: Distribution = result.distribution
    for key in FREQUENCY_KEYS:
        assert report.frequencies[key].observed == pytest.approx(float(d.frequency(key)))
        assert report.frequencies[key].exact == pytest.approx(float(report.exact.frequency(key)))
    e = report.frequencies["natural"]
    assert e.low < e.observed < e.high
    assert e.high - e.low == pytest.approx(
        2 * 1.96 * math.sqrt(e.observed * (1 - e.observed) / 50_000), rel=1e-3
    )
    assert set(report.bets) == set(get_rule_set("no-commission").bets)
    assert report.bets["super_6"].exact_ev < 0


def test_report_json_has_the_documented_keys() -> None:
    result = simulate(SimulationSpec(coups=10_000, seed=5), workers=1)
    record = simulation_report(result, get_rule_set("punto-banco")).as_dict()
    for key in (
        "coups",
        "seconds",
        "coups_per_second",
        "frequencies",
        "ci95",
        "exact",
        "z",
        "bets",
    ):
        assert key in record
    assert record["coups"] == 10_000
    assert list(record["frequencies"]) == list(FREQUENCY_KEYS)
    keys = [*record["outcomes"], *FREQUENCY_KEYS]
    assert list(record["ci95"]) == list(record["exact"]) == list(record["z"]) == keys
    assert all(len(pair) == 2 for pair in record["ci95"].values())
    assert set(record["bets"]["banker"]) == {"net_per_unit", "se", "exact_ev", "z"}
    assert record["seed"] == 5 and record["interrupted"] is False


def test_card_level_bets_agree_with_the_exact_odds_in_first_coup_mode() -> None:
    # Every coup is the first of a freshly shuffled shoe: what the exact analyzer counts, so the
    # z-scores are standard normal; 1,000,000 coups, fixed seeds.
    tables = [rs for rs in RULE_SETS.values() if signatures_of(rs.bets.values())]
    for seed, rule_set in enumerate(tables):
        spec = SimulationSpec(
            coups=1_000_000,
            mode=Mode.FIRST_COUP,
            seed=seed,
            signatures=signatures_of(rule_set.bets.values()),
        )
        report = simulation_report(simulate(spec, workers=2), rule_set)
        for name, bet in report.bets.items():
            assert abs(bet.z) < 4.5, (rule_set.name, name, bet.z)
