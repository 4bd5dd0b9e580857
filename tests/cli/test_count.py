"""``baccarat count``: its output, its JSON record, its refusals, its picture, its backends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from baccarat.core.rules import get_rule_set
from baccarat.lab.report import study_report
from baccarat.lab.strategy import BUILT_IN
from baccarat.lab.study import count_plan, count_range, run_study
from baccarat.records import RecordType
from support.cli import run
from support.records import check_lines

REQUIRED = ("shoes", "coups", "seconds", "bets_per_shoe", "bet_share", "edge_when_betting",
            "units_per_shoe", "ci95", "by_count")  # fmt: skip


@pytest.mark.parametrize(
    "line",
    [
        ["--strategy", "jacobson-dragon-7"],
        ["--strategy", "how-panda-co-count", "--threshold-scan"],
        ["--strategy", "thorp-natural-9", "--main-bet", "banker", "--spread", "2:1,6:3"],
        ["--tags", "0,0,0,-1,-1,-1,-1,2,2,0", "--threshold", "3", "--bet", "dragon_7",
         "--rules", "ez"],
        ["--perfect", "--bet", "player_pair", "--rules", "punto-banco", "--decks", "1",
         "--cut-card", "16"],
    ],
)  # fmt: skip
def test_the_json_record_is_valid_and_has_the_issue_s_keys(
    capsys: pytest.CaptureFixture[str], line: list[str]
) -> None:
    shoes = "30" if "--perfect" in line else "400"
    code, out, err = run(capsys, "count", *line, "--shoes", shoes, "--seed", "1",
                         "--workers", "1", "--json")  # fmt: skip
    assert code == 0, err
    (record,) = check_lines(out, RecordType.COUNT)
    assert set(REQUIRED) <= set(record)
    assert record["shoes"] == int(shoes)
    low, high = record["ci95"]["units_per_shoe"]
    assert low <= record["units_per_shoe"] <= high
    assert sum(r["coups"] for r in record["by_count"]) == record["coups"]
    assert sum(c for _, c in record["units_histogram"]) == record["shoes"]
    if "--threshold-scan" in line:
        assert len(record["scan"]) == 21
        assert record["best_threshold"] in [s["threshold"] for s in record["scan"]]


def test_the_same_seed_gives_the_same_study_on_any_number_of_threads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    records = []
    for workers in ("1", "2"):
        code, out, err = run(capsys, "count", "--strategy", "how-dragon-7", "--shoes", "300",
                           "--seed", "9", "--workers", workers, "--json")  # fmt: skip
        assert code == 0, err
        (record,) = check_lines(out, RecordType.COUNT)
        records.append({k: v for k, v in record.items() if k not in ("seconds", "workers")})
    assert records[0] == records[1]


def test_the_shoe_procedure_is_an_option_and_is_said(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Without the coup after the cut card's, every shoe deals exactly one coup fewer."""
    monkeypatch.setenv("COLUMNS", "200")
    records = {}
    for flag in ("--one-more-coup", "--no-one-more-coup"):
        code, out, err = run(capsys, "count", "--strategy", "how-dragon-7", "--shoes", "200",
                             "--seed", "4", "--workers", "1", flag, "--json")  # fmt: skip
        assert code == 0, err
        (records[flag],) = check_lines(out, RecordType.COUNT)
    assert records["--one-more-coup"]["coups"] - records["--no-one-more-coup"]["coups"] == 200
    assert records["--no-one-more-coup"]["strategy"]["one_more_coup"] is False
    assert records["--one-more-coup"]["strategy"]["burn"] is True
    code, out, err = run(capsys, "count", "--strategy", "how-dragon-7", "--shoes", "50",
                         "--seed", "4", "--workers", "1", "--no-burn")  # fmt: skip
    assert code == 0, err
    assert "The shoe burns no card." in out
    assert "The shoe ends with the coup in which the cut card comes out." in out
    code, out, err = run(capsys, "count", "--strategy", "jacobson-big-tiger", "--shoes", "50",
                         "--seed", "4", "--workers", "1")  # fmt: skip
    assert code == 0, err
    assert "The cut card comes out in the coup that leaves 14 cards or fewer." in out
    code, out, err = run(capsys, "count", "--strategy", "thorp-natural-9", "--shoes", "50",
                         "--seed", "4", "--workers", "1")  # fmt: skip
    assert "burns" not in out  # the simulator's procedure goes without saying


def test_a_cut_card_reached_is_the_simulator_s_one_card_further_up(
    capsys: pytest.CaptureFixture[str],
) -> None:
    records = []
    for line in (["--cut-card", "14", "--cut-rule", "reached"], ["--cut-card", "15"]):
        code, out, err = run(capsys, "count", "--strategy", "thorp-natural-9", "--shoes", "100",
                             "--seed", "4", "--workers", "1", *line, "--json")  # fmt: skip
        assert code == 0, err
        (record,) = check_lines(out, RecordType.COUNT)
        records.append(record)
    assert records[0]["strategy"]["cut_rule"] == "reached"
    for key in ("coups", "bets", "units_per_shoe", "by_count"):
        assert records[0][key] == records[1][key], key


def test_the_text_says_what_was_counted_and_the_scan_warns_of_the_best_of_many(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run(capsys, "count", "--strategy", "jacobson-dragon-7", "--shoes", "300",
                         "--seed", "2", "--workers", "1", "--threshold-scan")  # fmt: skip
    assert code == 0, err
    assert "jacobson-dragon-7: 300 shoes" in out
    assert "true count (running count per deck unseen, rounded down) of 4 or more" in out
    assert "Units won per shoe" in out and "By count" in out and "Every threshold" in out
    assert "biased upward: confirm it on fresh seeds" in out
    code, out, _ = run(capsys, "count", "--strategy", "how-dragon-7", "--shoes", "50",
                       "--seed", "2", "--workers", "1", "--lang", "vi")  # fmt: skip
    assert code == 0 and "Tags" not in out


def test_units_per_shoe_are_priced_from_the_tallies_and_agree_with_the_kernel_s_sum() -> None:
    strategy = BUILT_IN["jacobson-panda-8"].with_options(main_bet="player")
    plan = count_plan(strategy, get_rule_set("ez"), seed=8)
    report = study_report(run_study(plan, 500, workers=1))
    trigger = report.triggers[0]
    assert report.run.tally.units[0] == (trigger.won + trigger.main_won) * plan.scale
    assert trigger.bets == sum(r.coups for r in report.rows if r.level >= strategy.threshold)


class FakeCluster:
    """What :func:`run_study` asks of a Dask backend, run here (the tasks are the same calls)."""

    def __init__(self) -> None:
        self.waited = False
        self.tasks = 0

    def wait_for_workers(self) -> None:
        self.waited = True

    def parallelism(self) -> int:
        return 3

    def map(self, task: Any, payload: Any, chunks: list[tuple[int, int]]) -> Any:
        from baccarat.sim import dask_tasks

        for index, (first, count) in reversed(list(enumerate(chunks))):
            self.tasks += 1
            yield index, dask_tasks.call(task, dask_tasks.code_identity(), payload, first, count)


def test_a_cluster_deals_the_same_tallies_as_threads() -> None:
    plan = count_plan(BUILT_IN["thorp-natural-9"], get_rule_set("naturals"), seed=3)
    cluster = FakeCluster()
    on_cluster = run_study(plan, 250, dask=cluster, chunk_shoes=16)
    here = run_study(plan, 250, workers=2)
    assert cluster.waited and cluster.tasks == 16 and on_cluster.backend == "dask"
    assert on_cluster.tally == here.tally
    assert count_range(plan, 0, 250) == here.tally


def test_plot_draws_a_png_and_an_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for name in ("study.png", "study.svg"):
        path = tmp_path / name
        code, _, err = run(capsys, "count", "--strategy", "how-dragon-7", "--shoes", "100",
                           "--seed", "1", "--workers", "1", "--plot", str(path), "--json")  # fmt: skip
        assert code == 0, err
        head = path.read_bytes()[:200]
        assert head.startswith(b"\x89PNG") if name.endswith(".png") else b"<svg" in head


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (["--strategy", "nope"], "unknown strategy 'nope'"),
        ([], "give --strategy NAME"),
        (["--strategy", "how-dragon-7", "--tags", "1,2"], "--strategy"),
        (["--tags", "1,2,3"], "--tags needs 10 tags"),
        (["--tags", "1,2,3,4,5,6,7,8,9,x"], "'x' is not a whole number"),
        (["--strategy", "how-dragon-7", "--spread", "4:1,2:2"], "--spread expects"),
        (["--strategy", "how-dragon-7", "--threshold-scan", "--threshold", "3"], "--threshold-scan"),
        (["--strategy", "how-dragon-7", "--plot", "x.gif"], "--plot 'x.gif'"),
        (["--strategy", "how-dragon-7", "--cut-card", "3"], "cut card 3"),
        (["--strategy", "how-dragon-7", "--bet", "dragon_bonus_player_cards"], "unknown bet"),
        (["--strategy", "jacobson-dragon-7", "--rules", "colours", "--bet", "all_red"],
         "reads the cards"),
    ],
)  # fmt: skip
def test_a_bad_study_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], line: list[str], words: str
) -> None:
    code, out, err = run(capsys, "count", *line, "--shoes", "10")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and words in err, err
