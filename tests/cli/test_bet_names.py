"""A bet in a header reads as its title in the command's language (``Cái``, ``Bank``, ``Dragon
7``), as ``settle``, ``odds`` and the pages name it; its id (``dragon_7``) is what a person types,
not what the command writes back."""

from __future__ import annotations

import pytest

from support.cli import run


def _head(out: str) -> str:
    return out.splitlines()[0]


def test_systems_names_the_bet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "vi", "systems", "--sessions", "20", "--seed", "1")
    assert code == 0, err
    assert "(cửa cược Cái, hạt giống 1)" in _head(out) and "banker" not in out
    code, out, err = run(capsys, "systems", "--bet", "player", "--sessions", "20", "--seed", "1")
    assert code == 0 and "(bet Player, seed 1)" in _head(out), err


def test_ruin_names_the_bet(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--lang", "hu", "ruin", "--horizon", "50")
    assert code == 0, err
    assert _head(out).startswith("Bank tét: ") and "banker" not in out
    code, out, err = run(capsys, "ruin", "--rules", "ez", "--bet", "dragon_7", "--horizon", "50")
    assert code == 0 and _head(out).startswith("Bet Dragon 7: "), err


@pytest.mark.parametrize("sweep", [[], ["--threshold", "0..1"]])
def test_count_names_the_bet(capsys: pytest.CaptureFixture[str], sweep: list[str]) -> None:
    line = ["count", "--strategy", "jacobson-dragon-7", "--shoes", "20", "--seed", "1", *sweep]
    code, out, err = run(capsys, "--lang", "hu", *line, "--workers", "1")
    assert code == 0, err
    assert "Dragon 7," in _head(out) and "dragon_7" not in _head(out)
    code, out, err = run(capsys, *line, "--workers", "1")
    assert code == 0 and "bet Dragon 7," in _head(out), err


def test_odds_says_the_cards_seen_as_typed(capsys: pytest.CaptureFixture[str]) -> None:
    """``--seen P1=K`` is what was typed; ``p1_rank = K`` is a field of the bet language."""
    code, out, err = run(capsys, "--lang", "hu", "odds", "--seen", "P1=K")
    assert code == 0, err
    assert out.splitlines()[1] == "Ismert: P1 = K"
    code, out, err = run(capsys, "odds", "--given", "winner=banker", "--seen", "P1=K,B1=5h")
    assert code == 0, err
    assert out.splitlines()[1] == "Given: winner = banker, P1 = K, B1 = 5h"
