"""Every built-in study reproduces its source by default: run as defined (its tags, threshold and
shoe procedure), the lab's 95 % interval holds the figure the source publishes.

The sources' own runs are of 10**8 shoes or more, so their error is negligible beside the lab's;
each run here is sized to take about a second on two cores. Sources (``docs/lab.md``):

- [EJ-DP] Eliot Jacobson, "Co-Card Counting the Dragon and Panda Side Bets in EZ Baccarat"
  (888casino.com blog): 100M 8-deck shoes, cut card at 14 cards; 0.597 (Dragon 7) and 0.237
  (Panda 8) units a shoe.
- [EJ-BT] Eliot Jacobson, "Card Counting the Big Tiger Baccarat Side Bet"
  (advancedadvantageplay.com, 2024/07): 100M 8-deck shoes, cut card at 14 cards, true count +8;
  bet frequency 3.536 %, average edge 7.227 %, 0.256 units per 100 hands.
- [SH-D7] Stephen How, "Unbalanced Dragon 7 Count" (discountgambling.net, 2012): +0.52 units and
  about 6.8 bets a shoe at a running count above 0, 16 cards behind the cut card.
- [SH-CC] Stephen How, "Two-Person Panda-8 Co-Count" (discountgambling.net, 2013): +0.134 units
  and 3.6 bets a shoe.
- [TW] Thorp and Walden, "A Favorable Side Bet in Nevada Baccarat", JASA 61 (1966), p. 317: the
  natural nine at 9:1 has a house advantage of 5.10 per cent.
"""

from __future__ import annotations

import signal

import numpy as np
import pytest

from baccarat.core.rules import get_rule_set
from baccarat.lab.report import Trigger, study_report
from baccarat.lab.strategy import BUILT_IN, MAX_THRESHOLD, CountStrategy
from baccarat.lab.study import count_plan, count_range, run_study
from baccarat.sim import dealing

SEED = 2026


def study(strategy: CountStrategy, shoes: int) -> tuple[Trigger, float]:
    """The strategy's figures over ``shoes`` shoes, and its coups per shoe."""
    plan = count_plan(strategy, get_rule_set(strategy.rules), seed=SEED)
    report = study_report(run_study(plan, shoes))
    return report.triggers[0], report.run.tally.coups / shoes


def test_a_ctrl_c_in_the_pools_wait_keeps_the_chunks_done(
    ctrl_c_in_the_pools_wait: list[bool],
) -> None:
    # As the simulator's runner: the interrupt is seen once a chunk is in, never inside
    # concurrent.futures.wait.
    strategy = BUILT_IN["jacobson-dragon-7"]
    plan = count_plan(strategy, get_rule_set(strategy.rules), seed=SEED)
    run = run_study(plan, 4_000, workers=2, chunk_shoes=100)
    waits = ctrl_c_in_the_pools_wait
    assert waits and all(waits)
    assert run.interrupted and 0 < run.tally.shoes < 4_000
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize(
    ("name", "shoes", "published"),
    [
        ("jacobson-dragon-7", 400_000, 0.597),  # [EJ-DP]
        ("jacobson-panda-8", 400_000, 0.237),  # [EJ-DP]
        ("how-panda-co-count", 400_000, 0.134),  # [SH-CC]
    ],
)
def test_units_per_shoe_hold_the_published_figure(name: str, shoes: int, published: float) -> None:
    trigger, _ = study(BUILT_IN[name], shoes)
    assert trigger.units_low <= published <= trigger.units_high, trigger


def test_jacobson_s_big_tiger_count_reproduces_his_rate_and_bet_frequency() -> None:
    # [EJ-BT]: 0.256 units per 100 hands, on 3.536 % of the hands, at an edge of 7.227 %.
    trigger, coups = study(BUILT_IN["jacobson-big-tiger"], 600_000)
    per_hundred = 100 / coups
    assert trigger.units_low * per_hundred <= 0.256 <= trigger.units_high * per_hundred
    # The share of hands bet is precise (its standard error here is about 0.004 points): within
    # 1 % of his, where each card the cut card moves shifts it by about 2 %.
    assert trigger.bet_share == pytest.approx(0.03536, rel=0.01)
    assert trigger.edge_when_betting == pytest.approx(0.07227, abs=0.01)


def test_how_s_dragon_7_count_reproduces_his_rate_and_about_his_bets() -> None:
    # [SH-D7]: 0.52 units a shoe over about 6.8 bets.
    trigger, _ = study(BUILT_IN["how-dragon-7"], 400_000)
    assert trigger.units_low <= 0.52 <= trigger.units_high, trigger
    assert trigger.bets_per_shoe == pytest.approx(6.8, rel=0.03)
    assert trigger.bets_per_shoe < 7.0  # RC >= 0, his table's heading, gives about 8.0


def test_thorp_and_walden_s_natural_9_is_priced_at_their_house_advantage() -> None:
    # [TW]: a bet on every coup (a threshold below any count) earns the bet's edge off the top,
    # whatever the depth (each coup's first cards are a random draw from the unseen ones).
    everything = BUILT_IN["thorp-natural-9"].with_options(threshold=-MAX_THRESHOLD)
    trigger, coups = study(everything, 100_000)
    per_coup = 1 / coups
    assert trigger.units_low * per_coup <= -0.0510 <= trigger.units_high * per_coup


@pytest.mark.parametrize("one_more_coup", [True, False])
def test_a_cut_card_reached_comes_out_in_the_coup_that_leaves_that_many_cards(
    one_more_coup: bool,
) -> None:
    """``cut_rule="reached"``: the first coup that leaves ``cut_card`` cards or fewer brings the
    cut card out (then one more coup, or none); every coup before left more."""
    cut = 14
    strategy = BUILT_IN["jacobson-big-tiger"].with_options(
        cut_card=cut, one_more_coup=one_more_coup
    )
    plan = count_plan(strategy, get_rule_set(strategy.rules), seed=3)
    k = plan.kernel
    n = k.template.shape[0]
    counts, pairs = np.zeros(400, np.int64), np.zeros(9, np.int64)
    record = np.zeros((200, 3), np.int64)
    a = np.zeros(n + 8, np.uint8)
    size = dealing.batch_size(n)
    bounds, limits = dealing.batch_limits(n, size)
    ended_at_cut = 0
    for index in range(200):
        with np.errstate(over="ignore"):
            dealing.shuffle_shoe(a, k.template, np.uint64(k.k0), np.uint64(k.k1), index, size,
                                 bounds, limits, np.empty(0, np.int64))  # fmt: skip
        coups = dealing.deal_shoe(a, k.cut_index, k.burn, k.one_more, k.table, counts, pairs,
                                  1000, record)  # fmt: skip
        left = [n - int(record[c, 2] + (record[c, 0] & 7)) for c in range(coups)]
        out = coups - (2 if one_more_coup else 1)
        assert left[out] <= cut and all(x > cut for x in left[:out])
        ended_at_cut += left[out] == cut
    assert ended_at_cut > 0  # the case the two rules read apart came up


def test_a_reached_cut_card_is_dealt_as_the_simulator_s_one_card_further_up() -> None:
    big_tiger = BUILT_IN["jacobson-big-tiger"]
    rules = get_rule_set(big_tiger.rules)
    reached = count_plan(big_tiger, rules, seed=5)
    drawn = count_plan(big_tiger.with_options(cut_card=15, cut_rule="drawn"), rules, seed=5)
    assert count_range(reached, 0, 50) == count_range(drawn, 0, 50)
