"""Betting systems: each one's bookkeeping worked by hand on short sessions, the stop rules, and
the identity that the expected result is the edge times the total staked."""

from __future__ import annotations

from fractions import Fraction

import pytest

from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import ShoeRules
from baccarat.lab.strategy import BUILT_IN, LabError
from baccarat.lab.study import count_plan, count_range
from baccarat.lab.systems import SYSTEMS, deal_classes, play_session, run_systems
from support.errors import raises_code

B, P, T = "banker", "player", "tie"
WIN = Fraction(19, 20)  # a Banker win on one unit


@pytest.mark.parametrize(
    ("system", "coups", "stakes", "result"),
    [
        # Flat: one unit each coup; the tie pushes.
        ("flat", [B, P, T, B], [1, 1, 1, 1], 2 * WIN - 1),
        # Martingale: 1, lose, 2, lose, 4, win (+3.8), back to 1.
        ("martingale", [P, P, B, B], [1, 2, 4, 1], -3 + 4 * WIN + WIN),
        # Paroli: 1 win, 2 win, 4 win, then back to 1 after three wins; a loss resets.
        ("paroli", [B, B, B, B, P, B], [1, 2, 4, 1, 2, 1], (1 + 2 + 4 + 1) * WIN - 2 + WIN),
        # Fibonacci: 1, 1, 2, 3 up the sequence on losses; a win steps back two (to 1).
        ("fibonacci", [P, P, P, B, B], [1, 1, 2, 3, 1], -4 + 3 * WIN + WIN),
        # d'Alembert: one more after a loss, one less after a win (never below one).
        ("dalembert", [P, P, B, B, B], [1, 2, 3, 2, 1], -3 + 6 * WIN),
        # 1-3-2-6 on four wins, then back to 1; a loss mid-way resets too.
        ("1-3-2-6", [B, B, B, B, B, P, B], [1, 3, 2, 6, 1, 3, 1], 13 * WIN - 3 + WIN),
    ],
)
def test_each_system_s_stakes_and_result_by_hand(
    system: str, coups: list[str], stakes: list[int], result: Fraction
) -> None:
    session = play_session(system, coups, bankroll=Fraction(100))
    assert session.stakes == [Fraction(s) for s in stakes]
    assert session.result == result
    assert session.bankrolls[-1] == 100 + result
    assert sum(session.staked.values()) == sum(stakes)


def test_follow_the_road_bets_the_last_decided_winner() -> None:
    session = play_session("follow-the-road", [P, T, P, B, B], bankroll=Fraction(10))
    # Banker first; then Player (won coup 1), a tie keeps Player, and so on.
    assert session.sides == [B, P, P, P, B]
    assert session.result == -1 + 0 + 1 - 1 + WIN
    assert session.staked == {B: 2, P: 3}


def test_the_table_maximum_and_the_bankroll_cap_a_stake_and_ruin_stops_the_session() -> None:
    session = play_session("martingale", [P] * 6, bankroll=Fraction(20), table_max=Fraction(5))
    # 1, 2, 4, then 8 capped at 5, then 5; after losing 17 only 3 are left to stake.
    assert session.stakes == [1, 2, 4, 5, 5, 3]
    assert session.result == -20 and not session.ruined
    assert play_session("martingale", [P] * 7, bankroll=Fraction(20), table_max=Fraction(5)).ruined


def test_a_stop_win_ends_the_session_once_it_is_up_that_much() -> None:
    session = play_session(
        "flat", [P, B, B, B, B], bet=P, bankroll=Fraction(10), stop_win=Fraction(1)
    )
    # On Player: the first coup wins 1, which is the stop-win: no second coup.
    assert session.stakes == [1] and session.stopped_winning and session.result == 1


def test_an_unknown_system_is_refused() -> None:
    with raises_code(LabError, "lab_unknown_system"):
        play_session("labouchere", [B])


def test_sessions_deal_the_simulator_s_shoes() -> None:
    classes = deal_classes(ShoeRules(), 5, 0, 2, get_rule_set("ez").tableau)
    plan = count_plan(BUILT_IN["jacobson-dragon-7"], get_rule_set("ez"), seed=5)
    tally = count_range(plan, 0, 2)
    assert len(classes) == tally.coups
    assert sorted(classes) == sorted(
        c for c, n in enumerate(tally.counts.sum(axis=0).tolist()) for _ in range(n)
    )


def test_the_expected_loss_is_the_edge_times_the_total_staked_whatever_the_system() -> None:
    report = run_systems(SYSTEMS, get_rule_set("punto-banco"), sessions=600, seed=3)
    assert [r.system for r in report.results] == list(SYSTEMS)
    for r in report.results:
        # Within 4 standard errors (a fixed seed: this is one draw, not a flaky test).
        assert abs(r.z) < 4, (r.system, r.z)
        assert r.expected < 0 and r.staked >= 0
        assert r.quantiles == tuple(sorted(r.quantiles))
        assert 0 <= r.ruin <= 1 and 0 <= r.behind <= 1
        assert len(r.fan) >= 2 and r.fan[0] == (100.0,) * 5
    flat = report.results[0]
    assert flat.ruin == 0 and flat.staked > 60


def test_ctrl_c_keeps_the_sessions_played_and_the_progress_is_told() -> None:
    from baccarat.lab.systems import PROGRESS_EVERY

    told: list[tuple[int, int]] = []

    def stop_at_the_second_report(done: int, total: int) -> None:
        told.append((done, total))
        if len(told) == 2:
            raise KeyboardInterrupt

    rules = get_rule_set("punto-banco")
    report = run_systems(
        ["flat", "martingale"], rules, sessions=10_000, seed=3,
        progress=stop_at_the_second_report,
    )  # fmt: skip
    assert told == [(PROGRESS_EVERY, 10_000), (2 * PROGRESS_EVERY, 10_000)]
    assert report.interrupted and report.sessions == 2 * PROGRESS_EVERY
    whole = run_systems(["flat", "martingale"], rules, sessions=2 * PROGRESS_EVERY, seed=3)
    assert [r.mean for r in report.results] == [r.mean for r in whole.results]
    assert report.as_dict()["interrupted"] and not whole.interrupted
