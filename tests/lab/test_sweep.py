"""The sweep kernel against the study's: each grid point is the study of its threshold, ramp
(a spread) and cut card, tally for tally, on the same shoes. These tests also run with
``NUMBA_DISABLE_JIT=1`` (``make coverage-kernels``)."""

from __future__ import annotations

import pytest

from baccarat.core.rules import get_rule_set
from baccarat.lab.ranges import SweepError
from baccarat.lab.strategy import BUILT_IN, Spread
from baccarat.lab.study import count_plan, count_range
from baccarat.lab.sweep import run_sweep, sweep_plan, sweep_points, sweep_range

SHOES = 24


@pytest.mark.parametrize(
    ("name", "rules"),
    [("jacobson-dragon-7", "ez"), ("how-dragon-7", "ez"), ("jacobson-panda-8", "ez")],
)
def test_every_grid_point_is_the_study_of_that_point(name: str, rules: str) -> None:
    strategy = BUILT_IN[name]
    rule_set = get_rule_set(rules)
    thresholds = (strategy.threshold - 1, strategy.threshold + 1)
    ramps = ((1,), (1, 2, 4))
    cuts = (14, 60)
    plan = sweep_plan(
        strategy, rule_set, thresholds=thresholds, ramps=ramps, cut_cards=cuts, seed=7
    )
    tally = sweep_range(plan, 3, SHOES)
    assert tally.shoes == SHOES
    for c, cut in enumerate(cuts):
        for row, (threshold, ramp) in enumerate(plan.triggers):
            steps = tuple((threshold + i, u) for i, u in enumerate(ramp))
            study = count_plan(
                strategy.with_options(cut_card=cut, spread=Spread(steps)), rule_set, seed=7
            )
            expected = count_range(study, 3, SHOES)
            assert int(tally.sums[c, row, 0]) == expected.units[0]
            assert int(tally.sums[c, row, 1]) == expected.squares[0]
            assert tally.coups_at[c].tolist() == expected.counts.sum(axis=1).tolist()
        if cut == min(cuts):
            assert tally.coups == int(tally.coups_at[c].sum())


def test_a_true_count_and_a_pair_bet_are_swept_too() -> None:
    strategy = BUILT_IN["jacobson-panda-8"].with_options(true_count=True, burn=False)
    rule_set = get_rule_set("ez")
    plan = sweep_plan(strategy, rule_set, thresholds=(0,), ramps=((1, 3),), cut_cards=(20,), seed=2)
    study = count_plan(
        strategy.with_options(cut_card=20, spread=Spread(((0, 1), (1, 3)))), rule_set, seed=2
    )
    tally = sweep_range(plan, 0, 8)
    expected = count_range(study, 0, 8)
    assert (int(tally.sums[0, 0, 0]), int(tally.sums[0, 0, 1])) == (
        expected.units[0],
        expected.squares[0],
    )
    pairs = count_plan(
        BUILT_IN["how-dragon-7"].with_options(bet="player_pair"), get_rule_set("punto-banco")
    )
    swept = sweep_plan(
        pairs.strategy, get_rule_set("punto-banco"), thresholds=(pairs.strategy.threshold,),
        ramps=((1,),), cut_cards=(pairs.strategy.cut_card,), seed=pairs.seed,
    )  # fmt: skip
    assert int(sweep_range(swept, 0, 4).sums[0, 0, 0]) == count_range(pairs, 0, 4).units[0]


def test_the_figures_are_the_same_on_any_number_of_threads_and_intervals_hold() -> None:
    plan = sweep_plan(
        BUILT_IN["how-dragon-7"], get_rule_set("ez"), thresholds=(0, 2), ramps=((1,), (1, 2)),
        cut_cards=(16, 104), seed=1,
    )  # fmt: skip
    one = run_sweep(plan, 300, workers=1, chunk_shoes=300)
    two = run_sweep(plan, 300, workers=2, chunk_shoes=32)
    assert (one.tally.sums == two.tally.sums).all()
    points = sweep_points(two)
    assert len(points) == 8 and all(p.shoes == 300 for p in points)
    for p in points:
        assert p.units_low <= p.units_per_shoe <= p.units_high
        low, mid, high = p.advantage_low, p.advantage, p.advantage_high
        assert low is not None and mid is not None and high is not None
        assert low <= mid <= high
    deep, shallow = points[0], points[4]
    assert (deep.cut_card, shallow.cut_card) == (16, 104)
    assert deep.bets > shallow.bets and deep.penetration > shallow.penetration


def test_a_grid_too_large_is_refused() -> None:
    with pytest.raises(SweepError, match="at most 2000"):
        sweep_plan(
            BUILT_IN["how-dragon-7"], get_rule_set("ez"), thresholds=tuple(range(100)),
            ramps=((1,), (2,), (3,)), cut_cards=tuple(range(14, 24)),
        )  # fmt: skip


def test_a_sweep_deals_by_the_strategys_cut_rule() -> None:
    # Jacobson's Big Tiger study: the cut card out in the coup that *reaches* 14 cards left.
    strategy = BUILT_IN["jacobson-big-tiger"]
    rule_set = get_rule_set(strategy.rules)
    plan = sweep_plan(
        strategy, rule_set, thresholds=(strategy.threshold,), ramps=((1,),),
        cut_cards=(strategy.cut_card,), seed=7,
    )  # fmt: skip
    study = count_range(count_plan(strategy, rule_set, seed=7), 0, 64)
    tally = sweep_range(plan, 0, 64)
    assert (int(tally.sums[0, 0, 0]), int(tally.sums[0, 0, 1])) == (
        study.units[0],
        study.squares[0],
    )
