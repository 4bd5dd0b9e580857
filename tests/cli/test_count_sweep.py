"""``baccarat count`` with ranges: the sweep's table, its JSON record, CSV, picture, refusals,
and Ctrl-C."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from baccarat.records import RecordType
from support.cli import run
from support.interrupt import interrupt_at
from support.records import check_lines

SWEEP = ["count", "--strategy", "how-dragon-7", "--threshold", "0..2", "--penetration",
         "0.75,14", "--ramp", "1,1-2-4", "--shoes", "300", "--seed", "4", "--workers", "1"]  # fmt: skip


def test_the_json_record_has_every_grid_point_on_the_same_shoes(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    picture = tmp_path / "sweep.png"
    code, out, err = run(capsys, *SWEEP, "--json", "--plot", str(picture))
    assert code == 0, err
    (record,) = check_lines(out, RecordType.COUNT_SWEEP)
    assert (record["thresholds"], record["ramps"], record["cut_cards"]) == (
        [0, 1, 2], ["1", "1-2-4"], [14, 104],
    )  # fmt: skip
    points = record["points"]
    assert len(points) == 12 and {p["shoes"] for p in points} == {300}
    assert [(p["cut_card"], p["threshold"], p["ramp"]) for p in points[:3]] == [
        (14, 0, [1]), (14, 0, [1, 2, 4]), (14, 1, [1]),
    ]  # fmt: skip
    for p in points:
        low, high = p["ci95"]["units_per_shoe"]
        assert low <= p["units_per_shoe"] <= high
    # A deeper cut card deals more of each shoe: more bets at every threshold.
    assert points[0]["bets"] > points[6]["bets"]
    assert picture.read_bytes().startswith(b"\x89PNG")


def test_a_flat_grid_point_is_the_plain_study(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *SWEEP, "--json")
    points = json.loads(out)["points"]
    code, out, err = run(capsys, "count", "--strategy", "how-dragon-7", "--threshold", "1",
                         "--cut-card", "104", "--shoes", "300", "--seed", "4", "--workers", "1",
                         "--json")  # fmt: skip
    assert code == 0, err
    study = json.loads(out)
    (point,) = [p for p in points if (p["threshold"], p["ramp"], p["cut_card"]) == (1, [1], 104)]
    assert (point["bets"], point["units_per_shoe"]) == (study["bets"], study["units_per_shoe"])
    assert point["ci95"]["units_per_shoe"] == pytest.approx(study["ci95"]["units_per_shoe"])


def test_the_table_and_csv(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *SWEEP)
    assert code == 0, err
    assert "12 grid points on the same 300 shoes" in out and "Every grid point" in out
    code, out, err = run(capsys, *SWEEP, "--format", "csv")
    assert code == 0, err
    rows = list(csv.DictReader(io.StringIO(out)))  # tidy: one value a row
    points = {row["row"] for row in rows if row["table"] == "sweep"}
    assert len(points) == 12
    ramps = [row["value"] for row in rows if row["table"] == "sweep" and row["variable"] == "ramp"]
    assert ramps[1] == "1-2-4"
    assert all(row["value"] for row in rows if row["variable"] == "penetration")


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (["--threshold", "0..x"], "--threshold expects"),
        (["--penetration", "1.5"], "--penetration expects"),
        (["--ramp", "1-0"], "--ramp expects"),
        (["--penetration", "3"], "cut card 3"),
        (["--threshold", "0..2", "--perfect"], "--perfect"),
        (["--ramp", "1-2", "--spread", "4:1"], "--spread"),
        (["--ramp", "1-2", "--threshold-scan"], "--threshold-scan"),
        (["--ramp", "1-2", "--main-bet", "banker"], "--main-bet"),
        (["--threshold", "-999..999", "--ramp", "1,2"], "at most 2000"),
    ],
)
def test_a_bad_sweep_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], line: list[str], words: str
) -> None:
    code, out, err = run(capsys, "count", "--strategy", "how-dragon-7", *line, "--shoes", "10")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and words in err, err


def test_ctrl_c_prints_the_table_of_the_shoes_dealt_so_far() -> None:
    code, out, err = interrupt_at(
        b"Dealing shoes", "count", "--strategy", "how-dragon-7", "--threshold", "0..3",
        "--shoes", "10000000000", "--json",
    )  # fmt: skip
    assert code == 130, err
    record = json.loads(out)
    assert record["interrupted"] is True and 0 < record["shoes"] < 10_000_000_000
    assert all(p["shoes"] == record["shoes"] for p in record["points"])
    assert err.endswith(f"baccarat: interrupted after {record['shoes']:,} shoes\n".encode())


@pytest.mark.parametrize("threads", ["1", "2"])
def test_a_sweep_deals_on_the_threads_asked_for(
    capsys: pytest.CaptureFixture[str], threads: str
) -> None:
    line = [*SWEEP[: SWEEP.index("--workers")], "--threads", threads, "--json"]
    code, out, err = run(capsys, *line)
    assert (code, err) == (0, "")
    (record,) = check_lines(out, RecordType.COUNT_SWEEP)
    assert record["workers"] == int(threads)
