"""The commands' output: no fixed width when piped, the terminal's (or COLUMNS') otherwise."""

from __future__ import annotations

import pytest

from baccarat.cli.output import width
from support.cli import run


def test_piped_output_has_no_fixed_width(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert width() is None


def test_columns_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    assert width() == 90


def test_effects_of_removal_keep_their_figures_when_piped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _ = run(capsys, "odds", "--eor")
    assert code == 0
    assert "…" not in out
    assert "+0.001160" in out  # a six removed raises the Tie's edge (8 decks)
    assert all(line == line.rstrip() for line in out.splitlines())
