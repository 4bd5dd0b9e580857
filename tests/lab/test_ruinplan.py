"""A plan's steps from the exact analyzer, its ramp and advantages, and the refusals."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.core.catalogue import BANKER
from baccarat.core.rules import get_rule_set
from baccarat.lab.ruin import RuinError
from baccarat.lab.ruinplan import (
    Level,
    bet_steps,
    parse_quantity,
    parse_ramp,
    parse_risk,
    ruin_study,
    tilted,
)
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.stats import exact_bet_stats
from support.errors import raises_code

F = Fraction


def test_a_bets_steps_are_its_exact_odds() -> None:
    shoe = Composition.decks(8)
    steps = bet_steps(BANKER, shoe)
    stats = exact_bet_stats(BANKER, exact_distribution(shoe))
    assert steps.mean == stats.ev and steps.variance == stats.variance
    assert [n for n, _ in steps.outcomes] == [-1, 0, F(19, 20)]


def test_a_side_bet_of_a_rule_set_prices_as_odds_prices_it() -> None:
    dragon = get_rule_set("ez").bet("dragon_7")
    steps = bet_steps(dragon, Composition.decks(8), get_rule_set("ez").tableau)
    assert [n for n, _ in steps.outcomes] == [-1, 40]
    assert float(steps.mean) == pytest.approx(-0.0761, abs=1e-4)


def test_an_advantage_moves_the_win_and_keeps_pays_and_pushes() -> None:
    base = bet_steps(BANKER, Composition.decks(8))
    shifted = tilted(base, F(1, 100), "banker")
    assert shifted.mean == F(1, 100)
    assert dict(shifted.outcomes)[F(0)] == dict(base.outcomes)[F(0)]
    with raises_code(RuinError, "ruin_advantage", match="out of reach"):
        tilted(base, F(1), "banker")


def test_a_ramp_is_the_mixture_of_its_levels() -> None:
    study = ruin_study(BANKER, Composition.decks(8), parse_ramp("0.5:0,0.25:1,0.25:2:0.02"),
                       bankrolls=[F(50)], horizons=[10], risks=[F(1, 100)])  # fmt: skip
    base = bet_steps(BANKER, Composition.decks(8))
    assert study.floor == 2
    assert study.steps.mean == F(1, 4) * base.mean + F(1, 4) * 2 * F(2, 100)
    assert study.level_kelly[2].fraction > 0 and study.level_kelly[1].fraction == 0


def test_a_flat_advantage_has_a_kelly_fraction_near_edge_over_variance() -> None:
    study = ruin_study(BANKER, Composition.decks(8), [Level(F(1), F(1), F(1, 100))],
                       bankrolls=[F(100)], horizons=[100], risks=[F(1, 100)])  # fmt: skip
    assert study.kelly.fraction == pytest.approx(0.01 / float(study.steps.variance), rel=0.05)
    record = study.as_dict()
    assert record["horizons"][-1]["coups"] == 100 and record["kelly"]["exact"] is not None


@pytest.mark.parametrize(
    ("call", "code"),
    [
        (lambda: parse_quantity("-5", "--bankroll", 100), "ruin_positive"),
        (lambda: parse_quantity("0", "--bankroll", 100), "ruin_positive"),
        (lambda: parse_quantity("1e99999", "--bankroll", 100), "ruin_number"),
        (lambda: parse_quantity("٣", "--bankroll", 100), "ruin_number"),
        (lambda: parse_quantity("101", "--bankroll", 100), "ruin_too_large"),
        (lambda: parse_risk("0"), "ruin_risk"),
        (lambda: parse_risk("1"), "ruin_risk"),
        (lambda: parse_risk("150%"), "ruin_risk"),
        (lambda: parse_ramp("0.5:1"), "ruin_ramp"),
        (lambda: parse_ramp("1:x"), "ruin_ramp"),
        (lambda: parse_ramp("1:0"), "ruin_no_stake"),
    ],
)
def test_bad_input_is_refused_with_its_code(call: object, code: str) -> None:
    with raises_code(RuinError, code):
        call()  # type: ignore[operator]
