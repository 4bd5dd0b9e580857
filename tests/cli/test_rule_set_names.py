"""A rule set in a header reads as its title in the command's language (``EZ Baccarat``,
``Không hoa hồng (Super 6 / Punto 2000)``), as ``odds`` and the pages name it; its id (``ez``,
``no-commission``) is what a person types (``--rules``), not what the command writes back."""

from __future__ import annotations

import pytest

from support.cli import run


def _head(out: str) -> str:
    return out.splitlines()[0]


@pytest.mark.parametrize("sweep", [[], ["--threshold", "0..1"]])
def test_count_names_the_rule_set(capsys: pytest.CaptureFixture[str], sweep: list[str]) -> None:
    line = ["count", "--strategy", "jacobson-dragon-7", "--shoes", "20", "--seed", "1", *sweep]
    code, out, err = run(capsys, *line, "--workers", "1")
    assert code == 0, err
    assert "(rules EZ Baccarat, bet Dragon 7," in _head(out), _head(out)
    code, out, err = run(capsys, "--lang", "hu", *line, "--workers", "1")
    assert code == 0, err
    assert "(EZ Baccarat szabályrendszer, tét: Dragon 7," in _head(out), _head(out)


def test_simulate_names_the_rule_set(capsys: pytest.CaptureFixture[str]) -> None:
    line = ["simulate", "--coups", "1000", "--seed", "1", "--workers", "1"]
    code, out, err = run(capsys, "--lang", "vi", *line, "--rules", "no-commission")
    assert code == 0, err
    assert "bộ luật Không hoa hồng (Super 6 / Punto 2000)," in _head(out), _head(out)
    assert "no-commission" not in _head(out)
    code, out, err = run(capsys, *line, "--rules", "ez")
    assert code == 0 and ", rules EZ Baccarat, seed 1)" in _head(out), err


def test_odds_names_the_rule_set_in_the_effects_of_removal(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "--lang", "hu", "odds", "--eor", "--rules", "no-commission")
    assert code == 0, err
    assert "Jutalék nélküli (Super 6 / Punto 2000)" in _head(out), _head(out)
    assert "no-commission" not in _head(out)
