"""``baccarat quiz``: rounds as JSON, and the interactive quiz fed through standard input."""

from __future__ import annotations

import io
import json
import random
import sys
from pathlib import Path

import pytest

from baccarat.core.tableau import Action
from baccarat.learn.quiz import Mode, build_round
from baccarat.learn.situations import Ask, Question
from support.cli import run


def feed(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(line + "\n" for line in lines)))


def key(answer: Action | int) -> str:
    if isinstance(answer, Action):
        return "d" if answer is Action.DRAW else "s"
    return str(answer)


def wrong(question: Question) -> str:
    if question.ask is Ask.TOTAL:
        return str((question.step.total + 1) % 10)
    return "s" if question.expected is Action.DRAW else "d"


def test_json_prints_a_round_of_twelve_with_the_engine_answers(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "quiz", "--json", "--seed", "5", "--drill", "hard")
    assert code == 0
    record = json.loads(out)
    expected = build_round(Mode.HARD, random.Random(5))
    assert record["mode"] == "hard" and record["size"] == 12
    answers = [q["answer"] for s in record["situations"] for q in s["questions"]]
    assert answers == [q.step.action.value for q in expected.questions]
    assert run(capsys, "quiz", "--json", "--seed", "5", "--drill", "hard")[1] == out


def test_json_prints_one_line_per_round(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "quiz", "--json", "--rounds", "3", "--size", "2", "--drill", "totals"
    )
    assert code == 0
    rounds = [json.loads(line) for line in out.splitlines()]
    assert [r["size"] for r in rounds] == [2, 2, 2]
    assert all(q["ask"] == "total" for r in rounds for s in r["situations"] for q in s["questions"])


def test_a_full_round_answered_right(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expected = build_round(Mode.NORMAL, random.Random(11))
    feed(monkeypatch, [key(q.expected) for q in expected.questions])
    path = tmp_path / "p.json"
    code, out, err = run(capsys, "quiz", "--seed", "11", "--progress", str(path))
    assert (code, err) == (0, "")
    assert out.count("✓ Right") == 24 and "✗" not in out
    assert "Round score: 24 of 24 right." in out
    assert "In all: 24 of 24 right." in out
    for question in expected.questions[:4]:
        assert question.step and explain_in(out, question)
    assert "Your accuracy on the Banker's table" in out
    stored = json.loads(path.read_text(encoding="utf-8"))["learners"]["me"]
    assert sum(r["right"] for r in stored.values()) == 24


def explain_in(out: str, question: Question) -> bool:
    from baccarat.core.explain import explain

    return explain(question.step) in out


def test_wrong_answers_are_recorded_and_shown_on_the_heatmap(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expected = build_round(Mode.HARD, random.Random(2), size=3)
    answers = [key(q.expected) for q in expected.questions]
    answers[1] = wrong(expected.questions[1])  # the first Banker question
    feed(monkeypatch, answers)
    path = tmp_path / "p.json"
    code, out, _ = run(capsys, "quiz", "--drill", "hard", "--size", "3", "--seed", "2",
                       "--progress", str(path))  # fmt: skip
    assert code == 0
    assert "✗ Wrong: the answer is" in out and "Round score: 5 of 6 right." in out
    code, out, _ = run(capsys, "quiz", "--heatmap", "--json", "--progress", str(path))
    heat = json.loads(out)
    missed = expected.questions[1].cell
    row = heat["banker"][missed.total]
    assert (
        row["cells"][missed.player_third] | {"right": 0, "wrong": 1, "due": True}
        == row["cells"][missed.player_third]
    )
    assert (heat["right"], heat["wrong"]) == (5, 1)


def test_the_player_third_card_is_shown_after_the_player_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = build_round(Mode.HARD, random.Random(4), size=1)
    situation = expected.situations[0]
    feed(monkeypatch, [key(q.expected) for q in expected.questions])
    code, out, _ = run(capsys, "quiz", "--drill", "hard", "--size", "1", "--seed", "4", "--no-save")
    assert code == 0
    third = situation.coup.player.third_card
    assert third is not None
    from baccarat.cli.quiz import card_text

    drew = out.index(f"Player draws {card_text(third)}.")
    assert out.index("Player: draw or stand?") < drew < out.index("Banker: draw or stand?")


def test_a_bad_answer_is_asked_again_and_end_of_input_stops_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expected = build_round(Mode.NORMAL, random.Random(8))
    feed(monkeypatch, ["maybe", key(expected.questions[0].expected)])
    path = tmp_path / "p.json"
    code, out, err = run(capsys, "quiz", "--seed", "8", "--progress", str(path))
    assert (code, err) == (0, "")
    assert "Type d = draw / s = stand, or q to stop." in out
    assert "Stopped." in out and "In all: 1 of 1 right." in out
    assert sum(r["right"] for r in json.loads(path.read_text())["learners"]["me"].values()) == 1


def test_q_stops(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    feed(monkeypatch, ["q", "d"])
    code, out, _ = run(capsys, "quiz", "--no-save", "--seed", "1")
    assert code == 0 and "Stopped." in out and "In all: 0 of 0 right." in out


def test_totals_mode_asks_the_total_and_explains_the_count(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    expected = build_round(Mode.TOTALS, random.Random(3), size=2)
    feed(monkeypatch, [key(q.expected) for q in expected.questions])
    code, out, _ = run(capsys, "quiz", "--drill", "totals", "--size", "2", "--seed", "3",
                       "--no-save")  # fmt: skip
    assert code == 0
    assert out.count("what is the total of these two cards?") == 4
    assert "Round score: 4 of 4 right." in out
    first = expected.situations[0].coup.player
    assert f"({first.two_card_total})" not in out.split("\n")[3]  # totals are not given away


def test_timed_mode_shows_the_limit(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    feed(monkeypatch, [])
    code, out, _ = run(capsys, "quiz", "--drill", "timed", "--no-save", "--time-limit", "5.5")
    assert code == 0 and "draw or stand? [d = draw / s = stand] (5.5 s)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--drill", "easy"], "unknown quiz mode 'easy'"),
        (["--mode", "easy"], "unknown quiz mode 'easy'"),
        (["--drill", "hard", "--mode", "hard"], "give --drill or --mode, not both"),
        (["--rounds", "0"], "--rounds must be 1-100, got 0"),
        (["--size", "0"], "a round has 1-200 situations, got 0"),
        (["--json", "--size", "500"], "a round has 1-200 situations, got 500"),
        (["--lang", "fr"], "unknown language 'fr'"),
        (["--time-limit", "-1"], "a time limit must be a positive number of seconds"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, args: list[str],
    message: str,
) -> None:  # fmt: skip
    feed(monkeypatch, [])
    code, out, err = run(capsys, "quiz", "--no-save", *args)
    assert code == 2 and out == ""
    assert err.count("\n") == 1
    if "--json" in args:  # the refusal is one JSON object
        err = json.loads(err)["error"]["message"]
    else:
        assert err.startswith("baccarat: error: ")
    assert message in err


def test_a_broken_progress_file_is_one_line_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    path = tmp_path / "p.json"
    path.write_text("{", encoding="utf-8")
    feed(monkeypatch, ["d"])
    code, out, err = run(capsys, "quiz", "--progress", str(path))
    assert code == 2 and out == ""
    assert "is not JSON" in err and err.count("\n") == 1


def test_the_default_progress_file_follows_xdg_data_home(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    expected = build_round(Mode.NORMAL, random.Random(1), size=1)
    feed(monkeypatch, [key(q.expected) for q in expected.questions])
    assert run(capsys, "quiz", "--size", "1", "--seed", "1")[0] == 0
    assert (tmp_path / "xdg-data" / "baccarat" / "quiz-progress.json").exists()


def test_mode_is_the_deprecated_drill(capsys: pytest.CaptureFixture[str]) -> None:
    """``--mode`` named the quiz's drill here and the dealing in ``simulate``: the quiz's is now
    ``--drill``, the old name working for a release with one line that says so."""
    args = ["quiz", "--json", "--seed", "5", "--rounds", "2"]
    code, out, err = run(capsys, *args, "--mode", "hard")
    assert code == 0 and out == run(capsys, *args, "--drill", "hard")[1]
    assert json.loads(err) == {
        "warning": {
            "code": "deprecated",
            "message": "--mode is deprecated: use --drill",
            "params": {"old": "--mode", "new": "--drill"},
        }
    }
    code, out, err = run(capsys, "quiz", "--heatmap", "--no-save", "--mode", "hard")
    assert code == 0 and err == "baccarat: warning: --mode is deprecated: use --drill\n"
