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


def test_an_entry_changed_by_hand_exits_1_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``UPDATE ledger_entries SET amount = …`` (the immutability triggers dropped first): the
    check names the player and the entry, in text and in JSON."""
    import sqlite3

    url = played_ledger(tmp_path)
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    heads = json.loads(out)["heads"]
    ((player, head),) = heads.items()
    assert code == 0 and head["seq"] >= 4 and len(head["hash"]) == 64
    with sqlite3.connect(tmp_path / "ledger.sqlite3") as conn:
        conn.execute("DROP TRIGGER ledger_entries_no_update")
        conn.execute("UPDATE ledger_entries SET amount = amount * 2 WHERE seq = 2")
        conn.execute("UPDATE ledger_entries SET balance_after = balance_after - 2500 WHERE seq > 1")
    code, out, _ = run(capsys, "ledger", "check", "--database", url)
    assert code == 1
    assert (
        f"  chain_broken (player {player}): entry 2 does not match the hash chain: it, or the "
        "entry before it, was changed, moved or removed outside the ledger"
    ) in out.splitlines()
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--lang", "hu")
    assert code == 1 and "chain_broken" in out
    assert "): 2. tétel: nem illeszkedik a hash-láncba" in out
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    found = json.loads(out)["discrepancies"]
    # (and coup_settlement if the Banker won: the payout is no longer the stake's)
    assert code == 1 and (found[0]["code"], found[0]["params"]) == ("chain_broken", {"entry": 2})
    assert found[0]["player_id"] == player


def test_kept_heads_anchor_the_chain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    url = played_ledger(tmp_path)
    _, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    kept = tmp_path / "heads.json"
    kept.write_text(out)
    ((player, head),) = json.loads(out)["heads"].items()
    assert run(capsys, "ledger", "check", "--database", url, "--anchor", str(kept))[0] == 0
    with sqlite3.connect(tmp_path / "ledger.sqlite3") as conn:  # the last entry removed
        conn.execute("DROP TRIGGER ledger_entries_no_delete")
        conn.execute("DELETE FROM ledger_entries WHERE seq = ?", (head["seq"],))
    assert run(capsys, "ledger", "check", "--database", url)[0] == 1  # its coup is unsettled
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--anchor", str(kept))
    assert code == 1 and f"  chain_anchor (player {player}): entry {head['seq']} " in out


@pytest.mark.parametrize("text", ["not json", "[]", '{"heads": {"p": {"seq": 1}}}'])
def test_an_anchor_that_holds_no_heads_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    url = played_ledger(tmp_path)
    kept = tmp_path / "heads.json"
    kept.write_text(text)
    code, out, err = run(capsys, "ledger", "check", "--database", url, "--anchor", str(kept))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "holds no ledger heads" in err
