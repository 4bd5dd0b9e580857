"""``baccarat systems``: its JSON record, its table, its picture and its refusals."""

from __future__ import annotations

from pathlib import Path

import pytest

from baccarat.records import RecordType
from support.cli import run
from support.records import check_lines


def test_the_record_is_valid_and_every_system_is_there(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "systems", "--sessions", "60", "--seed", "2", "--json")
    assert code == 0, err
    (record,) = check_lines(out, RecordType.SYSTEMS)
    assert [s["system"] for s in record["systems"]][:2] == ["flat", "martingale"]
    assert record["unit_points"] == 1 and record["bankroll"] == 100
    for system in record["systems"]:
        assert system["edge_times_staked"] < 0


def test_amounts_are_points_in_the_strict_grammar(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "systems", "--system", "martingale", "--sessions", "20",
                         "--unit", "10", "--bankroll", "500", "--table-max", "160",
                         "--stop-win", "50", "--json")  # fmt: skip
    assert code == 0, err
    (record,) = check_lines(out, RecordType.SYSTEMS)
    assert (record["unit_points"], record["bankroll"], record["table_max"]) == (10, 50, 16)
    assert record["stop_win"] == 5 and len(record["systems"]) == 1


def test_the_table_and_the_fan(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    path = tmp_path / "fan.svg"
    code, out, err = run(capsys, "systems", "--sessions", "30", "--plot", str(path))
    assert code == 0, err
    assert "Results per session (units)" in out and "martingale" in out
    assert "edge times the total staked" in out
    assert b"<svg" in path.read_bytes()[:300]


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (["--system", "labouchere"], "unknown system 'labouchere'"),
        (["--bet", "tie"], "--bet must be banker or player"),
        (["--unit", "0"], "--unit must be more than 0 points"),
        (["--unit", "1,5"], "amount '1,5'"),
        (["--unit", "50", "--table-max", "10"], "above the table maximum"),
        (["--plot", "fan.pdf"], "--plot 'fan.pdf'"),
    ],
)
def test_a_bad_system_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], line: list[str], words: str
) -> None:
    code, out, err = run(capsys, "systems", *line, "--sessions", "5")
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and words in err, err


@pytest.mark.parametrize("option", ["--unit", "--bankroll", "--table-max", "--stop-win"])
@pytest.mark.parametrize("value", ["-1", "-0.5", "-" + "9" * 30, "-1.005"])
def test_a_negative_amount_is_below_the_bound_not_no_number(
    capsys: pytest.CaptureFixture[str], option: str, value: str
) -> None:
    """'-1' is a number below the bound, as '0' is: refused as one, not as 'not a number of
    points'; without its sign, what is no number is still refused as written."""
    code, out, err = run(capsys, "systems", f"{option}={value}", "--sessions", "5")
    assert (code, out) == (2, "")
    assert err.startswith(f"baccarat: error: {option} must be more than 0 points, got '-")
    assert err.count("\n") == 1 and "not a number" not in err, err
    code, _, err = run(capsys, "systems", f"{option}=-x1", "--sessions", "5")
    assert code == 2 and "amount '-x1' is not a number of points" in err, err
    code, _, err = run(capsys, "--lang", "vi", "systems", f"{option}=-1,5", "--sessions", "5")
    assert (
        code == 2
        and err == f"baccarat: lỗi: {option} phải lớn hơn 0 điểm, nhưng nhận được '-1,5'\n"
    )


def test_ctrl_c_prints_the_sessions_played_so_far() -> None:
    from support.interrupt import interrupt_at

    code, out, err = interrupt_at(
        b"Playing sessions", "systems", "--sessions", "10000000", "--seed", "1", "--json"
    )
    assert code == 130, err
    (record,) = check_lines(out.decode(), RecordType.SYSTEMS)
    assert record["interrupted"] is True and 0 < record["sessions"] < 10_000_000
    assert err.endswith(f"baccarat: interrupted after {record['sessions']:,} sessions\n".encode())
