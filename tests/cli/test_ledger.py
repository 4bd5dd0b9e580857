"""``baccarat ledger check`` through the real entry point: exit codes 0, 1 and 2, text and JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from support.cli import played_ledger, run


def test_a_sound_ledger_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = played_ledger(tmp_path)
    code, out, err = run(capsys, "ledger", "check", "--database", url)
    assert (code, err) == (0, "")
    # 1 grant and 3 stakes, then a payout or a refund for each coup the Banker did not lose.
    assert re.fullmatch(
        r"ledger check: ok \(1 player, [4-7] entries, 3 coups, 1 shoe\)", out.strip()
    )
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    record = json.loads(out)
    assert code == 0 and record["ok"] and record["discrepancies"] == []
    assert record["coups"] == 3


def test_a_discrepancy_exits_1_with_details(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = played_ledger(tmp_path, shoe_says=5)
    code, out, _ = run(capsys, "ledger", "check", "--database", url)
    assert code == 1
    assert "ledger check: 1 discrepancy (" in out and "shoe_position (player " in out
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    assert code == 1 and json.loads(out)["discrepancies"][0]["code"] == "shoe_position"


def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ledger", "check", "--database", "mysql://db/x")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "not supported" in err
