"""``baccarat rules`` through the real entry point: the overview, one table, TOML and JSON."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baccarat.core.rulefile import rule_set_from_toml
from baccarat.core.rules import get_rule_set, rule_set_names
from support.cli import run
from support.golden import check_golden


@pytest.fixture(autouse=True)
def _fixed_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.delenv("FORCE_COLOR", raising=False)


def test_overview(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    for name in rule_set_names():
        assert name in out
    check_golden("bets/rules.txt", out)


def test_one_rule_set_in_full(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "ez")
    assert code == 0
    assert "[pair, suited]" in out  # pay-table text is not taken for Rich markup
    check_golden("bets/rules-ez.txt", out)


def test_toml(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--toml")
    assert code == 0
    check_golden("bets/punto-banco.toml", out)
    for name in rule_set_names():
        code, out, _ = run(capsys, "rules", name, "--toml")
        assert code == 0
        assert rule_set_from_toml(out) == get_rule_set(name)


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "--json")
    assert code == 0
    records = json.loads(out)["rule_sets"]
    assert [r["name"] for r in records] == list(rule_set_names())
    nc = records[2]
    assert nc["tableau"] == "punto-banco"
    assert nc["limits"] == {"minimum": "1", "maximum": "1000"}
    banker = nc["bets"][1]
    assert banker == {
        "name": "banker",
        "title": "Banker (no commission)",
        "domain": "summary",
        "rules": [
            {"when": {"winner": "banker", "banker_total": 6}, "pays": "1:2"},
            {"when": {"winner": "banker"}, "pays": "1:1"},
            {"when": {"winner": "tie"}, "pays": "push"},
        ],
        "otherwise": "lose",
        "limits": {"minimum": "1", "maximum": "10000"},
    }
    pair = nc["bets"][3]
    assert pair["domain"] == "pairs"
    assert pair["rules"] == [{"when": {"player_pair": ["pair", "suited"]}, "pays": "11:1"}]
    code, out, _ = run(capsys, "rules", "tie-9", "--json")
    assert [r["name"] for r in json.loads(out)["rule_sets"]] == ["tie-9"]


def test_a_rules_file_is_checked_and_shown(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "t.toml"
    path.write_text('name = "mini"\noffers = ["player", "banker", "tie"]\n', encoding="utf-8")
    code, out, _ = run(capsys, "rules", "--rules-file", str(path), "--json")
    assert code == 0
    assert [b["name"] for b in json.loads(out)["rule_sets"][0]["bets"]] == [
        "player",
        "banker",
        "tie",
    ]
    code, out, _ = run(capsys, "rules", "--rules-file", str(path))
    assert code == 0
    assert out.startswith("mini — mini")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["macao"],
            "unknown rule set 'macao': expected one of punto-banco, tie-9, no-commission, ez",
        ),
        (["--rules-file", "BAD"], "rule set 'x': offers unknown bet 'lucky'"),
        (["--rules-file", "/nonexistent.toml"], "cannot read rules file '/nonexistent.toml'"),
        (["ez", "--rules-file", "BAD"], "not both"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "x"\noffers = ["lucky"]\n', encoding="utf-8")
    args = [str(bad) if a == "BAD" else a for a in args]
    code, out, err = run(capsys, "rules", *args)
    assert (code, out) == (2, "")
    assert err.count("\n") == 1
    assert message in err


def test_the_choice_game_is_listed_apart_and_still_not_priced(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules")
    assert code == 0
    assert "chemin-de-fer" in out and "the odds commands cannot price" in " ".join(out.split())
    code, out, _ = run(capsys, "rules", "--json")
    data = json.loads(out)
    assert [r["name"] for r in data["rule_sets"]] == list(rule_set_names())
    assert [r["name"] for r in data["choice_rule_sets"]] == ["chemin-de-fer"]
    assert data["choice_rule_sets"][0]["tableau"] == "chemin-de-fer"
    code, _, err = run(capsys, "odds", "--rules", "chemin-de-fer")
    assert code == 2 and "leaves a hand a choice" in err
