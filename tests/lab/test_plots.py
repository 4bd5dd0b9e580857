"""The lab's pictures: the effects of removal from ``odds --eor --plot``, and refusals."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from baccarat.extras import MissingExtraError
from baccarat.lab import plots
from baccarat.lab.strategy import LabError
from support.cli import run
from support.errors import raises_code


def test_odds_eor_draws_the_effects_of_removal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "eor.svg"
    code, out, err = run(capsys, "odds", "--eor", "--decks", "2", "--rules", "ez", "--plot",
                         str(path), "--json")  # fmt: skip
    assert code == 0, err
    assert b"<svg" in path.read_bytes()[:300] and out.startswith('{"schema": "baccarat.odds.eor/1"')
    code, out, err = run(capsys, "odds", "--plot", str(path))
    assert (code, out) == (2, "") and "--eor" in err


def test_a_picture_that_cannot_be_written_is_refused_before_any_work(tmp_path: Path) -> None:
    for bad in (tmp_path / "x.pdf", tmp_path, tmp_path / "missing" / "x.png"):
        with raises_code(LabError, "lab_plot_path"):
            plots.check_plot_path(bad)


def test_without_matplotlib_the_refusal_names_the_extra(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr("baccarat.extras.missing_modules", lambda extra: ["matplotlib"])
    with raises_code(MissingExtraError, "missing_extra", match=r"baccarat\[lab\]"):
        plots.check_plot_path(tmp_path / "x.png")


def _svg_texts(path: Path) -> str:
    """The texts of an SVG matplotlib drew: it writes each as a comment beside its glyphs."""
    return "\n".join(re.findall(r"<!-- (.*?) -->", path.read_text(encoding="utf-8")))


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (["count", "--strategy", "jacobson-dragon-7", "--shoes", "20", "--seed", "1"],
         "Dragon 7: edge at this count (%)"),
        (["count", "--strategy", "jacobson-dragon-7", "--threshold", "0..1", "--shoes", "20",
          "--seed", "1"], "jacobson-dragon-7: Dragon 7 over 20 shoes"),
        (["odds", "--eor", "--decks", "2", "--rules", "ez"], "Dragon 7"),
    ],
)  # fmt: skip
def test_a_picture_names_the_bet_by_its_title(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, line: list[str], expected: str
) -> None:
    """The pictures name a bet as the headers do (bet_title: ``Dragon 7``), not by the id a
    person types (``dragon_7``); in the command's language (Hungarian ``Bank``)."""
    path = tmp_path / "picture.svg"
    code, _, err = run(capsys, *line, "--plot", str(path), "--json")
    assert code == 0, err
    texts = _svg_texts(path)
    assert expected in texts.splitlines() and "dragon_7" not in texts, texts
    code, _, err = run(capsys, "--lang", "hu", "odds", "--eor", "--decks", "2", "--plot", str(path))
    assert code == 0, err
    texts = _svg_texts(path)
    assert "Bank" in texts.splitlines() and "banker" not in texts, texts
