"""``baccarat ruin``: its JSON record, its tables and its refusals."""

from __future__ import annotations

import pytest

from baccarat.records import RecordType
from support.cli import run
from support.records import check_lines


def test_the_record_is_valid_and_says_how_each_horizon_was_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "ruin", "--bankroll", "20,100", "--horizon", "50",
                         "--risk", "1%", "--json")  # fmt: skip
    assert code == 0, err
    (record,) = check_lines(out, RecordType.RUIN)
    assert record["bet"] == "banker" and record["floor"] == 1
    (fifty, ever) = record["horizons"]
    assert (fifty["coups"], fifty["method"], fifty["exact"]) == (50, "lattice-chain", True)
    assert (ever["coups"], ever["method"]) == (None, "certain")
    assert [r["probability"] for r in ever["ruin"]] == [1, 1]
    assert ever["bankroll_for_risk"] == [{"risk": 0.01, "bankroll": None}]
    assert record["kelly"]["fraction"] == 0


def test_an_advantage_gets_roots_bankrolls_and_kelly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    code, out, err = run(capsys, "ruin", "--rules", "ez", "--bet", "dragon_7",
                         "--ramp", "0.9:0,0.1:1:0.1", "--horizon", "100")  # fmt: skip
    assert code == 0, err
    assert "Risk of ruin by bankroll (units)" in out and "exact: characteristic roots" in out
    assert "Bankroll for a target risk of ruin (units)" in out and "Kelly 1956" in out


@pytest.mark.parametrize(
    ("line", "words"),
    [
        (["--bankroll", "-5"], "--bankroll must be more than 0, got '-5'"),
        (["--bankroll", "1e99999"], "--bankroll must be a number"),
        (["--bankroll", "99999999999"], "--bankroll must be at most"),
        (["--risk", "0"], "--risk must be a probability between 0 and 1"),
        (["--risk", "1.5"], "--risk must be a probability between 0 and 1"),
        (["--horizon", "9" * 30], "--horizon must be at most"),
        (["--ramp", "0.5:1"], "--ramp expects SHARE:STAKE"),
        (["--ramp", "1:2", "--bankroll", "1"], "below the largest stake"),
        (["--advantage", "0.9"], "out of reach"),
        (["--ramp", "1:1", "--advantage", "0.01"], "not both"),
        (["--bet", "lucky_13"], "unknown bet 'lucky_13'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], line: list[str], words: str
) -> None:
    code, out, err = run(capsys, "ruin", *line)
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and words in err, err
