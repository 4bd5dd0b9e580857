"""``baccarat solve chemin-de-fer`` and ``baccarat solve banque``: text, JSON, and bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baccarat.cli import main

GOLDEN = Path(__file__).parents[1] / "golden" / "chemin"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    main(["solve", *args])
    captured = capsys.readouterr()
    assert captured.err == ""
    return captured.out


def fail(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        main(["solve", *args])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and captured.err.startswith("baccarat: error: ")
    return captured.err


def test_the_infinite_deck_text_is_the_golden_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "chemin-de-fer", "--infinite")
    assert out == (GOLDEN / "solve-chemin-de-fer-infinite.txt").read_text(encoding="utf-8")


def test_json_carries_exact_strategies_and_values(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "chemin-de-fer", "--infinite", "--banker", "free", "--json"))
    assert data["shoe"] == "infinite deck"
    free = data["solutions"]["free"]
    assert free["player"] == {"P5": "9/11"}
    assert free["mixed"]["B6-"]["draw"] == "859/2288"
    assert free["value"] == "-679568/53094899"
    assert set(data["solutions"]) == {"free"}


def test_decks_default_to_six_and_both_settings(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "chemin-de-fer", "--json"))
    assert data["shoe"] == "6 decks"
    assert data["solutions"]["rules"]["player"] == {"P5": "1"}
    assert data["solutions"]["free"]["player"] == {"P5": "7631761/9407656"}


def test_the_banker_on_his_cards_is_downton_and_lockwoods_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    data = json.loads(run(capsys, "chemin-de-fer", "--banker", "cards", "--json"))
    cards = data["solutions"]["cards"]
    assert set(data["solutions"]) == {"cards"}
    assert cards["player"] == {"P5": "477191/592524"}
    assert set(cards["mixed"]) == {"P5", "B6(0+6)-"}
    assert len(cards["banker"]) == 484
    text = run(capsys, "chemin-de-fer", "--banker", "cards")
    assert "Downton and Lockwood" in text
    assert "    Banker 6 (0+6) | S  S  S  S  S  S  D  D  S  S | *" in text.splitlines()


def test_simulation_reports_the_gap_in_standard_errors(capsys: pytest.CaptureFixture[str]) -> None:
    args = (
        "chemin-de-fer",
        "--decks",
        "8",
        "--banker",
        "rules",
        "--simulate",
        "20000",
        "--seed",
        "2026",
    )
    data = json.loads(run(capsys, *args, "--json"))
    sim = data["solutions"]["rules"]["simulation"]
    assert sim["coups"] == 20000 and abs(sim["z"]) < 4
    assert "standard errors from the value" in run(capsys, *args)


def test_banque_text_is_the_golden_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "banque") == (GOLDEN / "solve-banque.txt").read_text(encoding="utf-8")


def test_banque_json_with_unequal_stakes(capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads(run(capsys, "banque", "--right-stake", "3", "--draw-on-5", "1", "--json"))
    assert data["stakes"] == {"right": "3", "left": "1"}
    assert data["player_draw_on_option"] == {"right": "1", "left": "1"}
    edge = data["banker_edge_float"]
    assert edge["right"] > edge["left"] > 0
    assert data["banker"]["B7 R- L-"] == "0"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("chemin-de-fer", "--decks", "0"), "decks must be a whole number of at least 1, got 0"),
        (("chemin-de-fer", "--banker", "house"), "unknown --banker 'house'"),
        (("chemin-de-fer", "--simulate", "-1"), "--simulate must be 0 or more"),
        (("banque", "--draw-on-5", "often"), "--draw-on-5 must be a number"),
        (("banque", "--draw-on-5", "2"), "--draw-on-5 is a probability 0-1"),
        (("banque", "--right-stake", "0", "--left-stake", "0"), "not both 0"),
    ],
)
def test_bad_input_is_one_line_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    assert message in fail(capsys, *args)


@pytest.mark.parametrize("game", ["banque", "chemin-de-fer"])
def test_ctrl_c_during_the_simulation_prints_the_coups_dealt_so_far(game: str) -> None:
    from support.interrupt import interrupt_at

    code, out, err = interrupt_at(
        b"Dealing coups", "solve", game, "--simulate", "100000000", "--json"
    )
    assert code == 130, err
    record = json.loads(out)
    simulation = (
        record["simulation"] if game == "banque" else record["solutions"]["rules"]["simulation"]
    )
    assert simulation["interrupted"] is True and 0 < simulation["coups"] < 10**8
    assert err.endswith(f"baccarat: interrupted after {simulation['coups']:,} coups\n".encode())
