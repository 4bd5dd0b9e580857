"""docs/chemin.md: its examples run, and its table of figures is what the solver computes."""

from __future__ import annotations

import doctest
import re
from fractions import Fraction
from pathlib import Path

from baccarat.chemin import BANKER_DISCRETION, CHEMIN_DE_FER, parse_point, solve_chemin_de_fer
from baccarat.chemin.information import Information
from baccarat.odds import Composition

DOC = Path(__file__).parents[2] / "docs" / "chemin.md"


def test_the_examples_run() -> None:
    result = doctest.testfile(str(DOC), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 0 and result.failed == 0


def _number(text: str) -> float:
    return float(text.replace("−", "-"))


def _rows(cells: int) -> list[list[str]]:
    """The doc's table rows of one shoe each (``| 6 decks | ...``) with this many cells."""
    rows = [
        line.split("|")[1:-1]
        for line in DOC.read_text(encoding="utf-8").splitlines()
        if re.match(r"\| (\d+ decks?|infinite) \|", line)
    ]
    return [row for row in rows if len(row) == cells]


def test_the_table_of_figures_is_computed() -> None:
    rows = _rows(6)
    assert len(rows) == 6
    for shoe, rules_value, five_four, draw5, draw6, free_value in (
        [cell.strip() for cell in row] for row in rows
    ):
        decks = re.match(r"(\d+)", shoe)
        contents = Composition.decks(int(decks.group(1))) if decks else Composition.infinite_deck()
        rules = solve_chemin_de_fer(contents, CHEMIN_DE_FER)
        free = solve_chemin_de_fer(contents, BANKER_DISCRETION)
        assert round(float(rules.value), 6) == _number(rules_value)
        assert (rules.banker.probability(parse_point("B5/4")) == 1) == (five_four == "draws")
        p = free.player.probability(parse_point("P5"))
        q = free.banker.probability(parse_point("B6-"))
        assert Fraction(draw5.replace("*", "").split()[0]) == p
        assert Fraction(draw6.split()[0]) == q
        assert round(float(free.value), 6) == _number(free_value.split("≈")[-1].strip())


def test_downton_and_lockwoods_table_is_computed() -> None:
    rows = _rows(5)
    assert [row[0].strip() for row in rows] == [f"{d} deck{'s' * (d > 1)}" for d in range(1, 9)]
    for shoe, draw5, draw6, value, free_value in ([cell.strip() for cell in row] for row in rows):
        contents = Composition.decks(int(shoe.split()[0]))
        cards = solve_chemin_de_fer(contents, BANKER_DISCRETION, Information.BANKER_CARDS)
        assert Fraction(draw5.split()[0]) == cards.player.probability(parse_point("P5"))
        assert {str(p.cards): q for p, q in cards.mixed_banker.items()} == {
            "(0, 6)": Fraction(draw6.split()[0])
        }
        assert round(float(cards.value), 6) == _number(value)
        free = solve_chemin_de_fer(contents, BANKER_DISCRETION)
        assert round(float(free.value), 6) == _number(free_value)
