"""The commands' console: wide when piped, the terminal's (or COLUMNS') width otherwise."""

from __future__ import annotations

import pytest

from baccarat.cli.output import PIPED_WIDTH, console
from support.cli import run


def test_piped_output_is_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    assert console().width == PIPED_WIDTH


def test_columns_wins(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "90")
    assert console().width == 90


def test_effects_of_removal_keep_their_figures_when_piped(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    code, out, _ = run(capsys, "odds", "--eor")
    assert code == 0
    assert "…" not in out
    assert "+0.001160" in out  # a six removed raises the Tie's edge (8 decks)
