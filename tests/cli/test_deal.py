"""``baccarat deal`` and ``baccarat tableau``, through the real entry point."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from baccarat.cli import main
from support.cli import run

EXAMPLE = "7c 2s Kd 3h 4c"


def test_deal_cards_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--cards", EXAMPLE, "--json")
    assert code == 0
    record = json.loads(out)
    assert record["schema"] == "baccarat.coup/1"
    assert record["player"] == {"cards": ["7c", "Kd"], "total": 7, "two_card_total": 7,
                                "drew": False, "pair": False}  # fmt: skip
    assert record["banker"] == {"cards": ["2s", "3h", "4c"], "total": 9, "two_card_total": 5,
                                "drew": True, "pair": False}  # fmt: skip
    assert [(c["code"], c["side"], c["total"]) for c in record["cards"]] == [
        ("7c", "player", 7), ("2s", "banker", 2), ("Kd", "player", 7), ("3h", "banker", 5),
        ("4c", "banker", 9),
    ]  # fmt: skip
    assert record["winner"] == "banker"
    assert record["natural"] is False
    assert record["cards_used"] == 5  # the sixth card is left undealt
    assert [(s["side"], s["action"], s["reason"]) for s in record["steps"]] == [
        ("player", "stand", "player_stands"),
        ("banker", "draw", "banker_player_stood_draws"),
    ]
    assert record["steps"][0]["text"] == "Player has 7, in 6–7: Player stands."
    assert [s["cell"] for s in record["steps"]] == ["p-7", "b-5-s"]
    assert record["result"] == "Banker wins, 9 to 7."


def test_deal_from_stdin_prints_one_object_per_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = [EXAMPLE, "", "2c 4h 3d Kc 6s 3d", "9s 5h Kd Kc"]
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = run(capsys, "deal", "--cards", "-", "--json")
    assert code == 0
    winners = [json.loads(line)["winner"] for line in out.splitlines()]
    assert winners == ["banker", "banker", "player"]


def test_bad_stdin_line_names_the_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE + "\n7c 2s Zz 3h\n"))
    code, out, err = run(capsys, "deal", "--cards", "-")
    assert code == 2
    assert out.startswith("Coup 1 ")
    assert (
        err
        == "baccarat: error: line 2: unknown card 'Zz': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)\n"
    )
    # With --json, the coups before it as records, and the refusal as one JSON object.
    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE + "\n7c 2s Zz 3h\n"))
    code, out, err = run(capsys, "deal", "--cards", "-", "--json")
    assert code == 2 and len(out.splitlines()) == 1
    assert json.loads(err)["error"]["code"] == "cards_line"


def test_seeded_deals_are_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    first = run(capsys, "deal", "--coups", "90", "--decks", "1", "--seed", "7", "--json")[1]
    again = run(capsys, "deal", "--coups", "90", "--decks", "1", "--seed", "7", "--json")[1]
    assert first == again
    assert len(first.splitlines()) == 90  # more than one 1-deck shoe: a new shoe was shuffled


def test_human_output_explains_each_coup(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--cards", "2c 4h 3d Kc 6s 3d")
    assert code == 0
    assert "Banker wins 7–1" in out
    assert "Banker has 4; the Player's third card is 6, in 2–7: Banker draws." in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (
            ["deal", "--cards", "7c 2s Kd"],
            "not enough cards for a coup: got 3 ('7c 2s Kd'), a coup needs 4 to 6",
        ),
        (["deal", "--cards", "7c 2s Kd 1z"], "unknown card '1z'"),
        (["deal", "--decks", "0"], "decks must be a whole number of at least 1, got 0"),
        (["deal", "--decks", "-3"], "got -3"),
        (["deal", "--coups", "0"], "--coups must be at least 1, got 0"),
        (["deal", "--coups", "x"], "'x' is not a valid integer"),
        (["deal", "--nope"], "No such option"),
        (["no-such-command"], "No such command"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.startswith("baccarat: error: ") and err.endswith("\n")
    assert err.count("\n") == 1
    assert message in err


def test_tableau_json_is_the_data(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tableau", "--json")
    data = json.loads(out)
    assert code == 0
    assert data["natural_totals"] == [8, 9]
    assert data["banker"][3][8] == "stand" and data["banker"][3][9] == "draw"
    assert data["player"][:8] == ["draw"] * 6 + ["stand"] * 2


def test_tableau_prints_the_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "tableau", "--plain")
    assert code == 0
    assert "Banker  3 | D  D  D  D  D  D  D  D  S  D | D" in out


def test_installed_entry_point_reads_stdin_fast() -> None:
    """The console script, end to end, on a few thousand coups in one process."""
    lines = "\n".join([EXAMPLE, "2c 4h 3d Kc 6s 3d"] * 1500) + "\n"
    result = subprocess.run(
        [sys.executable, "-c", "from baccarat.cli import main; main()", "deal", "--cards", "-", "--json"],
        input=lines, capture_output=True, text=True, check=True, timeout=60,
    )  # fmt: skip
    assert len(result.stdout.splitlines()) == 3000


def test_a_commands_exit_code_is_honoured() -> None:
    """typer.Exit(n) inside a command must end the process with n, not 0."""
    import typer

    from baccarat.cli import app

    @app.command("exit-with-three", hidden=True)
    def _exit_with_three() -> None:
        raise typer.Exit(3)

    try:
        with pytest.raises(SystemExit) as info:
            main(["exit-with-three"])
        assert info.value.code == 3
    finally:
        app.registered_commands.pop()
