"""``baccarat settle`` through the real entry point: JSON, text, rule sets and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from support.cli import run
from support.golden import check_golden

EXAMPLE = "7c 2s Kd 3h 4c"  # Player 7 stands; Banker 5 draws a 4: Banker wins 9-7


@pytest.fixture(autouse=True)
def _fixed_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


def test_the_issue_example(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(
        capsys, "settle", "--cards", EXAMPLE, "--stake", "banker=100", "--stake", "tie=5", "--json"
    )
    assert (code, err) == (0, "")
    record = json.loads(out)
    settlement = record["settlement"]
    assert settlement["bets"] == [
        {"bet": "banker", "stake": "100", "result": "win", "returned": "195", "net": "95"},
        {"bet": "tie", "stake": "5", "result": "lose", "returned": "0", "net": "-5"},
    ]
    assert (settlement["net"], settlement["staked"], settlement["returned"]) == ("90", "105", "195")
    assert record["rule_set"] == "punto-banco"
    # The coup is exactly what `baccarat deal --json` prints for the same cards (one record of
    # a coup), with the rule set and the settlement.
    code, deal_out, _ = run(capsys, "deal", "--cards", EXAMPLE, "--json")
    coup = {k: v for k, v in record.items() if k not in ("rule_set", "settlement")}
    assert coup == json.loads(deal_out)


@pytest.mark.parametrize(
    ("args", "bets", "net"),
    [
        # The seed house rules: on a tie the Player bet comes back and only the Tie is paid.
        (["--cards", "4c 5d 4h 3s", "--stake", "tie=5", "--stake", "player=100"],
         [("win", "45", "40"), ("push", "100", "0")], "40"),
        (["--cards", "4c 5d 4h 3s", "--stake", "tie=5", "--rules", "tie-9"],
         [("win", "50", "45")], "45"),
        (["--cards", "2c 3d 3h 3s Kc", "--stake", "banker=12.5"],
         [("win", "24.37", "11.87")], "11.87"),
        (["--cards", "2c 3d 3h 3s Kc", "--stake", "banker=10", "--stake", "small_tiger=1",
          "--rules", "no-commission"],
         [("win", "15", "5"), ("win", "23", "22")], "27"),
        (["--cards", "3c 2d 2h Ad Kc 4s", "--stake", "banker=10", "--stake", "dragon_7=1",
          "--rules", "ez"],
         [("push", "10", "0"), ("win", "41", "40")], "40"),
        (["--cards", "2c 3d 3h 3s Kc", "--stake", "banker=0.01", "--rules-file", "LOW"],
         [("win", "0.01", "0")], "0"),
    ],
)  # fmt: skip
def test_settle_json(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    args: list[str],
    bets: list[tuple[str, str, str]],
    net: str,
) -> None:
    low = tmp_path / "low.toml"
    low.write_text(
        'name = "low"\nextends = "punto-banco"\n[limits]\nbanker = { minimum = "0.01" }\n',
        encoding="utf-8",
    )
    args = [str(low) if a == "LOW" else a for a in args]
    code, out, err = run(capsys, "settle", *args, "--json")
    assert (code, err) == (0, "")
    settlement = json.loads(out)["settlement"]
    assert [(b["result"], b["returned"], b["net"]) for b in settlement["bets"]] == bets
    assert settlement["net"] == net


def test_settle_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "settle",
        "--cards",
        EXAMPLE,
        "--stake",
        "banker=12.5",
        "--stake",
        "tie=5",
        "--stake",
        "dragon_bonus_banker=3",
    )
    assert code == 0
    check_golden("bets/settle.txt", out)


def test_settle_with_a_rules_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "lucky.toml"
    path.write_text(
        'name = "lucky"\nextends = "punto-banco"\n'
        "[bets.lucky_9]\n"
        'rules = [{ when = { winner = "banker", banker_total = 9, banker_cards = 3 }, pays = "7:2" }]\n',
        encoding="utf-8",
    )
    code, out, _ = run(
        capsys,
        "settle",
        "--cards",
        EXAMPLE,
        "--stake",
        "lucky_9=2",
        "--rules-file",
        str(path),
        "--json",
    )
    assert code == 0
    record = json.loads(out)
    assert (record["rule_set"], record["settlement"]["bets"][0]["net"]) == ("lucky", "7")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--stake", "lucky=5"], "unknown bet 'lucky'"),
        (["--stake", "dragon_7=5"], "bet 'dragon_7' is not offered by rule set 'punto-banco'"),
        (["--stake", "super_6=5", "--rules", "ez"], "bet 'super_6' is not offered by rule set 'ez'"),
        (["--stake", "banker=0"], "stake on 'banker' must be positive, got 0 points"),
        (["--stake", "banker=-5"], "stake on 'banker' must be positive, got -5 points"),
        (["--stake", "banker=1.005"], "stake on 'banker': amount '1.005' is finer than 0.01 point"),
        (["--stake", "banker=ten"], "stake on 'banker': amount 'ten' is not a number of points"),
        (["--stake", "banker=0.5"], "stake of 0.5 points on 'banker' is below the table minimum of 1 point"),
        (["--stake", "tie=1000.01"], "stake of 1000.01 points on 'tie' is above the table maximum of 1000 points"),
        (["--stake", "banker"], "--stake expects BET=POINTS such as banker=100, got 'banker'"),
        (["--stake", "=5"], "--stake expects BET=POINTS"),
        (["--stake", "tie=5", "--stake", "tie=1"], "bet 'tie' is given twice"),
        (["--stake", "tie=5", "--rules", "macao"], "unknown rule set 'macao'"),
        (["--stake", "tie=5", "--rules", "ez", "--rules-file", "x.toml"], "not both"),
        (["--stake", "tie=5", "--rules-file", "/nonexistent/x.toml"],
         "cannot read rules file '/nonexistent/x.toml': No such file or directory"),
        (["--stake", "tie=5", "--rules-file", "BAD"], "malformed TOML"),
        ([], "Missing option '--stake'"),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text("name = [", encoding="utf-8")
    args = [str(bad) if a == "BAD" else a for a in args]
    code, out, err = run(capsys, "settle", "--cards", EXAMPLE, *args, "--json")
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1
    assert message in json.loads(err)["error"]["message"]  # with --json, the error is JSON


@pytest.mark.parametrize(
    ("cards", "message"), [("7c 2s Kd", "not enough cards"), ("7c 2s Kd 3h 4z", "4z")]
)
def test_bad_cards(capsys: pytest.CaptureFixture[str], cards: str, message: str) -> None:
    code, out, err = run(capsys, "settle", "--cards", cards, "--stake", "tie=5")
    assert (code, out) == (2, "")
    assert message in err
    assert err.count("\n") == 1
