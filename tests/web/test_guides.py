"""The guides: every page in every language, and every number on them equal to the analyzer's.

The expected values are computed here from :func:`baccarat.odds.odds_report` (the same report
``baccarat odds`` prints), from a direct count of two-card hands, from the simulator's cached run
and from :func:`baccarat.odds.odds_through_shoe` — never read back from the guide code.
"""

from __future__ import annotations

import itertools
import random
import re
from fractions import Fraction
from functools import cache
from html.parser import HTMLParser

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

import baccarat.web.context
from baccarat.core.rules import RULE_SETS, get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.summary import SUMMARY_CLASSES
from baccarat.core.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Action, Tableau
from baccarat.guides.roads_shoe import COUPS as ROADS_COUPS
from baccarat.guides.roads_shoe import SEED as ROADS_SEED
from baccarat.guides.simulation import cached_simulation, comparison
from baccarat.odds import Composition, odds_report, odds_through_shoe
from baccarat.web.present.guides import GUIDES

from .conftest import Browser
from .test_i18n import _pseudo_translator, _untranslated

PAGES = ["/guides"] + [f"/guides/{slug}" for slug, _title in GUIDES]
LANGUAGES = ("en", "vi", "hu")


class _Figures(HTMLParser):
    """Every ``data-figure`` on a page: key → (exact value, text shown)."""

    def __init__(self) -> None:
        super().__init__()
        self.figures: dict[str, tuple[Fraction, str]] = {}
        self._open: tuple[str, Fraction] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if "data-figure" in found:
            self._open = (str(found["data-figure"]), Fraction(str(found["data-exact"])))

    def handle_data(self, data: str) -> None:
        if self._open is not None:
            key, exact = self._open
            assert key not in self.figures, f"figure {key} printed twice"
            self.figures[key] = (exact, data)
            self._open = None


def figures_of(html: str) -> dict[str, tuple[Fraction, str]]:
    parser = _Figures()
    parser.feed(html)
    return parser.figures


def _frac(text: str) -> Fraction:
    numerator, denominator = text.split("/")
    return Fraction(int(numerator), int(denominator))


@cache
def expected() -> dict[str, Fraction]:
    """What the analyzer, the simulator and a direct count say, by figure key."""
    shoe = Composition.decks(8)
    values: dict[str, Fraction] = {}
    report = odds_report(shoe, get_rule_set("punto-banco"))
    values |= report.exact_frequencies()
    values |= report.exact_outcomes()
    counts = report.distribution.summary_counts
    total = report.distribution.total
    for t in range(10):
        values[f"player_total_{t}"] = Fraction(
            sum(c for s, c in zip(SUMMARY_CLASSES, counts, strict=True) if s.player_total == t),
            total,
        )
        values[f"banker_total_{t}"] = Fraction(
            sum(c for s, c in zip(SUMMARY_CLASSES, counts, strict=True) if s.banker_total == t),
            total,
        )
    for name in RULE_SETS:
        data = odds_report(shoe, get_rule_set(name)).as_dict(exact=True)["bets"]
        for bet, stats in data.items():
            for field in ("win", "push", "lose", "house_edge"):
                values[f"{name}.{bet}.{field}"] = _frac(stats[field])
    banker = odds_report(shoe, get_rule_set("punto-banco")).as_dict(exact=True)["bets"]["banker"]
    values["punto-banco.banker.house_edge_excluding_pushes"] = _frac(
        banker["house_edge_excluding_pushes"]
    )
    values |= _naturals_by_counting()
    run = cached_simulation()
    values |= {f"simulated_{k}": v for k, v in run.distribution.frequencies().items()}
    values |= {f"simulated_{w.value}": p for w, p in run.distribution.outcomes().items()}
    shoe_run = Shoe.shuffled(ShoeRules(decks=8), random.Random(ROADS_SEED))
    steps = list(itertools.islice(odds_through_shoe(shoe_run, get_rule_set("punto-banco")),
                                  ROADS_COUPS))  # fmt: skip
    for key in ("banker", "player", "tie"):
        chances = [report.exact_outcomes()[key] for report, _coup in steps]
        values[f"{key}_low"], values[f"{key}_high"] = min(chances), max(chances)
    return values


def _naturals_by_counting() -> dict[str, Fraction]:
    """Naturals counted directly: ordered deals of four cards from 8 decks, by card value."""
    per_value = dict.fromkeys(range(1, 10), 32) | {0: 128}
    cards = sum(per_value.values())
    player = banker = both = nine = any_natural = 0
    ways = 0
    for p1, b1, p2, b2 in itertools.product(range(10), repeat=4):
        left = dict(per_value)
        count = 1
        for v in (p1, b1, p2, b2):
            count *= left[v]
            left[v] -= 1
        pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
        ways += count
        player += count * (pt >= 8)
        banker += count * (bt >= 8)
        both += count * (pt >= 8 and bt >= 8)
        any_natural += count * (pt >= 8 or bt >= 8)
        nine += count * (9 in (pt, bt))
    assert ways == cards * (cards - 1) * (cards - 2) * (cards - 3)
    return {
        "natural_player": Fraction(player, ways),
        "natural_banker": Fraction(banker, ways),
        "natural_both": Fraction(both, ways),
        "natural_nine": Fraction(nine, ways),
        "natural_any_by_counting": Fraction(any_natural, ways),
    }


def test_the_analyzer_agrees_with_a_direct_count_of_naturals() -> None:
    values = expected()
    assert values["natural"] == values["natural_any_by_counting"]


@pytest.mark.parametrize("page", PAGES)
def test_every_number_on_the_page_is_the_analyzers(client: TestClient, page: str) -> None:
    values = expected()
    unchecked = []
    for key, (exact, text) in figures_of(client.get(page).text).items():
        if key.startswith("natural_") and key.endswith(("_wins", "_tie")):
            # Coups that end on a natural, by result: from the analyzer's own classes.
            counts = odds_report(Composition.decks(8), get_rule_set("punto-banco")).distribution
            winner = {"natural_player_wins": "player", "natural_banker_wins": "banker",
                      "natural_tie": "tie"}[key]  # fmt: skip
            want = Fraction(sum(c for s, c in zip(SUMMARY_CLASSES, counts.summary_counts,
                                                  strict=True)
                                if s.natural and s.winner.value == winner), counts.total)  # fmt: skip
        elif key in values:
            want = values[key]
        elif key.startswith("exact_") and key.removeprefix("exact_") in values:
            want = values[key.removeprefix("exact_")]  # the exact column beside the simulation
        else:
            unchecked.append(key)
            continue
        assert exact == want, key
        if text.endswith("%"):
            digits = len(text.split(".")[1]) - 1 if "." in text else 0
            assert text == f"{float(want) * 100:.{digits}f}%", key
        else:
            assert text == f"{float(want):.4f}", key
    assert unchecked == []


def test_the_guides_show_the_figures_they_promise(client: TestClient) -> None:
    shown = set().union(*(figures_of(client.get(page).text) for page in PAGES))
    for key in ("natural", "player_draws", "banker_draws", "both_draw", "cards_per_coup",
                "simulated_natural", "punto-banco.banker.house_edge", "ez.dragon_7.house_edge",
                "banker_low", "tie_high", "natural_player", "player_total_0"):  # fmt: skip
        assert key in shown, key
    rule_sets = {key.split(".")[0] for key in shown if key.count(".") == 2}
    assert rule_sets == set(RULE_SETS)


def _cells(html: str) -> dict[str, str]:
    return dict(re.findall(r'id="cell-([pb]-[0-9]-?[0-9s]?)" class="act-(\w+)"', html))


@pytest.mark.parametrize(
    ("page", "tableau"),
    [("/guides/third-card", PUNTO_BANCO), ("/guides/chemin-de-fer", CHEMIN_DE_FER)],
)
def test_the_draw_tables_are_the_tableau_data(
    client: TestClient, page: str, tableau: Tableau
) -> None:
    cells = _cells(client.get(page).text)
    assert len(cells) == 8 + 8 * 11
    for total in range(8):
        assert cells[f"p-{total}"] == tableau.player[total].value
        assert cells[f"b-{total}-s"] == tableau.banker_player_stood[total].value
        for value in range(10):
            assert cells[f"b-{total}-{value}"] == tableau.banker[total][value].value
    assert ("option" in cells.values()) == (tableau is CHEMIN_DE_FER)


def test_the_rules_in_words_are_read_from_the_data(client: TestClient) -> None:
    html = client.get("/guides/third-card").text
    assert "The Player draws on 0–5 and stands on 6–7." in html
    assert "the Banker always draws on 0–2, always stands on 7, and only on 3–6" in html
    chemin = client.get("/guides/chemin-de-fer").text
    assert "the Player may draw or stand on 5" in chemin
    assert "3 against a third card of 9; 5 against a third card of 4" in chemin
    assert CHEMIN_DE_FER.banker[3][9] is Action.OPTION


def test_examples_are_dealt_and_explained_by_the_engine(client: TestClient) -> None:
    html = client.get("/guides/third-card").text
    assert "Banker has 3; the Player&#39;s third card is 8: Banker stands." in html
    assert "Banker wins, 3 to 2." in html


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("page", PAGES)
def test_each_language_renders_every_page(client: TestClient, page: str, language: str) -> None:
    response = client.get(f"{page}?lang={language}")
    assert response.status_code == 200
    assert f'<html lang="{language}">' in response.text
    english = client.get(f"{page}?lang=en").text
    if language != "en":
        title = re.search(r"<h1[^>]*>(.*?)</h1>", response.text)
        assert title and title.group(1) not in english
    # The same figures in every language; only their text follows the language.
    assert {k: v[0] for k, v in figures_of(response.text).items()} == {
        k: v[0] for k, v in figures_of(english).items()
    }


@pytest.mark.parametrize(("language", "decimal"), [("vi", ","), ("hu", ",")])
def test_numbers_follow_the_language(client: TestClient, language: str, decimal: str) -> None:
    figures = figures_of(client.get(f"/guides/naturals?lang={language}").text)
    assert decimal in figures["natural"][1]


def test_every_guide_is_translated(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    pseudo = _pseudo_translator()
    monkeypatch.setattr(baccarat.web.context, "get_translator", lambda _language: pseudo)
    reader = Browser(app)
    # A figure sits inside a translated sentence as an element of its own: read it as the number
    # it shows, so the sentence is checked whole.
    inline = re.compile(r"<data [^>]*>([^<]*)</data>")
    leaks = {page: _untranslated(inline.sub(r"\1", reader.get(page).text)) for page in PAGES}
    assert {page: found for page, found in leaks.items() if found} == {}


def test_an_unknown_guide_is_not_found(client: TestClient) -> None:
    assert client.get("/guides/strategy").status_code == 404


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_a_pay_in_a_guide_reads_in_the_pages_language(language: str) -> None:
    """Ratios keep their form (with the language's decimal sign); a push and a loss are words of
    the page's language, the same words the table and the odds use."""
    from baccarat.core.bets import LOSE, PUSH, format_pays
    from baccarat.i18n.catalogs import get_translator
    from baccarat.web.i18n import using
    from baccarat.web.present.guides.numbers import pays as _pays

    translator = get_translator(language)
    with using(translator):
        assert _pays(Fraction(8)) == "8:1"
        assert _pays(Fraction(19, 20)) in ("0.95:1", "0,95:1")
        for pays in (PUSH, LOSE):
            assert _pays(pays) == format_pays(pays, translator.pays_templates)
    if language != "en":
        assert format_pays(PUSH, translator.pays_templates) != "push"


@pytest.mark.parametrize("page", PAGES)
def test_every_figures_table_scrolls_in_its_own_box(client: TestClient, page: str) -> None:
    # A table of figures wider than a phone scrolls in its box, never the whole page.
    text = client.get(page).text
    tables = re.findall(
        r'(<div class="tableau-scroll" tabindex="0">\s*)?<table class="figures"', text
    )
    assert all(wrapped for wrapped in tables), page


def test_the_lab_guide_says_its_figures_are_measured(client: TestClient) -> None:
    # Its figures come from the lab's simulation: the other guides' note ("probabilities are
    # exact") would be wrong under them.
    lab = client.get("/guides/counting-and-systems").text
    assert 'id="lab-source"' in lab and "measured, not exact" in lab
    assert "probabilities are exact" not in lab
    assert "probabilities are exact" in client.get("/guides/naturals").text


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_lab_tables_write_a_negative_with_the_minus_sign(
    client: TestClient, language: str
) -> None:
    # As every page writes a sign (the balance's net, a coup's): "−0.9", never Babel's hyphen.
    lab = client.get("/guides/counting-and-systems", headers={"Accept-Language": language}).text
    tables = re.findall(
        r'<table class="figures" id="lab-(?:counts|systems)">.*?</table>', lab, re.S
    )
    cells = [cell for table in tables for cell in re.findall(r"<td[^>]*>(.*?)</td>", table)]
    assert len(tables) == 2 and cells
    assert not [cell for cell in cells if re.search(r"(?<!\w)-\d", cell)]
    assert any(cell.startswith("−") for cell in cells)  # every system loses on average


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_simulations_z_scores_write_a_negative_with_the_minus_sign(
    client: TestClient, language: str
) -> None:
    # The simulated run misses some exact values from below: its z-score is "−1.1", as every
    # page writes a sign, never Babel's hyphen.
    html = client.get("/guides/third-card", headers={"Accept-Language": language}).text
    table = re.search(r'<table class="figures" id="simulation">.*?</table>', html, re.S)
    assert table
    scores = re.findall(r"<td>([^<]*)</td></tr>", table.group(0))
    assert len(scores) == len(comparison(cached_simulation()))
    assert any(z.startswith("−") for z in scores)
    assert not [z for z in scores if "-" in z]
