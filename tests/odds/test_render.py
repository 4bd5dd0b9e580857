"""PAR sheet rendering: Markdown, HTML and CSV against golden files, and exact rounding.

Regenerate the golden files after an intended change with ``UPDATE_GOLDEN=1 pytest
tests/odds/test_render.py`` and review the diff.
"""

from __future__ import annotations

import csv
import io
import json
from fractions import Fraction
from html.parser import HTMLParser

import pytest

from baccarat.core.errors import BaccaratError
from baccarat.core.rulefile import rule_set_from_toml
from baccarat.core.rules import get_rule_set
from baccarat.odds.composition import Composition
from baccarat.odds.par import ParSheet, par_sheet
from baccarat.odds.records import par_sheet_record
from baccarat.odds.render import (
    decimal_text,
    percent_text,
    render_csv,
    render_html,
    render_markdown,
    render_par_sheet,
)
from support.golden import check_golden

CASES = {
    "punto-banco-8-decks.md": (
        "punto-banco",
        Composition.decks(8),
        render_markdown,
    ),
    "ez-6-decks.html": ("ez", Composition.decks(6), render_html),
    "no-commission-1-deck.csv": ("no-commission", Composition.decks(1), render_csv),
}


def sheet_for(rules: str, shoe: Composition) -> ParSheet:
    return par_sheet(get_rule_set(rules), shoe)


@pytest.mark.parametrize("name", list(CASES))
def test_rendered_sheets_match_golden_files(name: str) -> None:
    rules, shoe, render = CASES[name]
    text = render(sheet_for(rules, shoe))
    check_golden(f"odds/{name}", text)


def test_markdown_tables_are_well_formed() -> None:
    text = render_markdown(sheet_for("punto-banco", Composition.decks(8)))
    for line in text.splitlines():
        if line.startswith("| Outcome | Pays"):
            assert line.count("|") == 7
    assert "| Banker wins | 2,292,252,566,437,888 | 0.458597 |" in text
    assert "House edge 1.0579 % (1.1692 % excluding pushes)" in text


def test_html_is_balanced_and_escaped() -> None:
    class Checker(HTMLParser):
        def __init__(self) -> None:
            super().__init__()
            self.open: list[str] = []

        def handle_starttag(self, tag: str, attrs: object) -> None:
            if tag not in ("meta",):
                self.open.append(tag)

        def handle_endtag(self, tag: str) -> None:
            assert self.open.pop() == tag

    text = render_html(sheet_for("ez", Composition.decks(6)))
    checker = Checker()
    checker.feed(text.split("\n", 1)[1])  # after the doctype
    assert checker.open == []
    # A user's rule set may name itself anything: it is shown, never interpreted.
    rules = rule_set_from_toml(
        'name = "mine"\nextends = "ez"\ntitle = "Tom & Jerry <b>"\noffers = ["banker"]'
    )
    page = render_html(par_sheet(rules, Composition.decks(1)))
    assert "Tom &amp; Jerry &lt;b&gt;" in page and "<b>" not in page


def test_csv_rows_are_exact_and_complete() -> None:
    sheet = sheet_for("punto-banco", Composition.decks(8))
    rows = list(csv.DictReader(io.StringIO(render_csv(sheet))))
    banker = [r for r in rows if r["bet"] == "banker"]
    assert [r["outcome"] for r in banker] == [
        "winner = banker",
        "winner = tie",
        "otherwise",
        "total",
    ]
    assert banker[0]["pays"] == "19/20"
    assert int(banker[0]["combinations"]) == 2_292_252_566_437_888
    assert Fraction(banker[-1]["return"]) == pytest.approx(-0.010579, abs=5e-7)
    for section in sheet.bets:
        mine = [r for r in rows if r["bet"] == section.name and r["outcome"] != "total"]
        assert sum(int(r["combinations"]) for r in mine) == sheet.total
    assert {r["section"] for r in rows} == {"coup", "frequency", "bet"}


def test_record_is_json_with_exact_fractions() -> None:
    sheet = sheet_for("ez", Composition.decks(8))
    record = json.loads(json.dumps(par_sheet_record(sheet)))
    dragon = record["bets"]["dragon_7"]
    assert dragon["rows"][0]["combinations"] == 112_633_011_329_024
    first = dragon["rows"][0]
    assert Fraction(first["exact"]["probability"]) == Fraction(112_633_011_329_024, sheet.total)
    assert first["probability"] == pytest.approx(112_633_011_329_024 / sheet.total)
    assert Fraction(dragon["exact"]["ev"]) == sum(
        Fraction(r["exact"]["return"]) for r in dragon["rows"]
    )


def test_decimal_rounding_is_exact_half_to_even() -> None:
    assert decimal_text(Fraction(1, 8), 2) == "0.12"  # 0.125 → 0.12 (half to even)
    assert decimal_text(Fraction(3, 8), 2) == "0.38"
    assert decimal_text(Fraction(-1, 3), 3) == "-0.333"
    assert decimal_text(Fraction(7), 0) == "7"
    assert decimal_text(Fraction(1, 3), 0) == "0"
    assert percent_text(Fraction(1, 3)) == "33.3333 %"


def test_unknown_format() -> None:
    with pytest.raises(BaccaratError, match="unknown format 'pdf'"):
        render_par_sheet(sheet_for("tie-9", Composition.decks(1)), "pdf")
