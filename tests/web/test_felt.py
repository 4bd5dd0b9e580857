"""The felt without JavaScript: typed stakes read in the page's language by the strict grammar,
refusals said in that language and charging nothing; no developer text on the table page; the
derived roads' letters never repeat an outcome's letter in any language."""

from __future__ import annotations

import re
from fractions import Fraction
from html.parser import HTMLParser

import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.summary import Winner
from baccarat.i18n.catalogs import get_translator
from baccarat.roads.derived import Colour
from baccarat.roads.labels import labels_in
from baccarat.web.i18n import format_fraction_percent, using
from baccarat.web.present.panels import percent

from .conftest import ready, table_id

LANGUAGES = ("en", "vi", "hu")


class _Text(HTMLParser):
    """The text a reader sees: no scripts, styles or attributes."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self._skip -= tag in ("script", "style")

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)


def _visible(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def _balance(player: TestClient) -> str:
    return str(player.get("/api/me").json()["player"]["balance"])


def _form(player: TestClient, language: str, stakes: dict[str, str]) -> tuple[int, str]:
    page = player.get(f"/table?lang={language}")
    ready(player, table_id(player))  # the shoe's client seed, as the page's fair.js sends it
    key = re.search(r'name="idempotency_key" value="([^"]+)"', page.text)
    assert key is not None
    fields = {"table_id": str(table_id(player)), "idempotency_key": key[1]}
    fields |= {f"stake_{bet}": text for bet, text in stakes.items()}
    response = player.post(f"/table/deal?lang={language}", data=fields, follow_redirects=False)
    return response.status_code, response.text


@pytest.mark.parametrize(
    ("language", "typed"), [("en", "1,000"), ("vi", "1.000"), ("hu", "1 000"), ("hu", "1\u00a0000")]
)
def test_a_thousand_as_each_language_writes_it(
    player: TestClient, language: str, typed: str
) -> None:
    status, _ = _form(player, language, {"banker": typed})
    assert status == 303
    coup = player.get("/api/history").json()["coups"][0]
    stakes = {line["bet"]: line["stake"] for line in coup["settlement"]["bets"]}
    assert stakes == {"banker": "1000"}


@pytest.mark.parametrize(
    ("language", "typed", "said"),
    [
        ("en", "1.005", "more than two decimals"),
        ("en", "1.000", "more than two decimals"),
        ("vi", "12.5", "1.000,5"),
        ("hu", "1,005", "tizedesjegy"),
        ("hu", "1.000", "1 000,5"),
        ("en", "1,00", "1,000.5"),
    ],
)
def test_a_malformed_stake_is_refused_in_the_page_language_and_charges_nothing(
    player: TestClient, language: str, typed: str, said: str
) -> None:
    before = _balance(player)
    status, html = _form(player, language, {"banker": typed})
    assert status == 422
    error = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', html, re.S)
    assert error is not None and said in error[1]
    assert typed.replace("\u00a0", " ") in error[1].replace("&#39;", "'")
    if language != "en":
        # Said in the page's language, not in English.
        assert "is not a number of points" not in error[1]
        assert "more than two decimals" not in error[1]
    assert _balance(player) == before


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_developer_text_reaches_the_table_page(player: TestClient, language: str) -> None:
    html = player.get(f"/table?lang={language}").text
    text = _visible(html)
    assert not re.findall(r"\b[a-z]+_[a-z_]+\b", text), "snake_case key on the page"
    for key in ("'tie'", "'banker'", "'player'", "punto-banco", "Field required"):
        assert key not in text
    # Every spot, chip and control is named in the page's language.
    assert "spot-zone" in html and 'id="keys"' in html


@pytest.mark.parametrize("language", LANGUAGES)
def test_derived_letters_never_repeat_an_outcome_letter(language: str) -> None:
    labels = labels_in(get_translator(language))
    outcomes = {labels.letter(w) for w in Winner}
    colours = {labels.colour_letter(c) for c in Colour}
    assert len(outcomes) == 3 and len(colours) == 2 and not outcomes & colours


def test_the_table_page_and_its_growth_agree_on_the_spot_edges(player: TestClient) -> None:
    html = player.get("/table").text
    assert "House edge now:" in html and "from the cards not yet seen" in html
    assert html.count('class="spot-zone add-chip"') == len(
        player.get("/api/rule-sets").json()["rule_sets"][0]["bets"]
    )


@settings(max_examples=300, deadline=None)
@given(
    st.fractions(min_value=-2, max_value=2, max_denominator=10**7)
    | st.sampled_from([Fraction(0), Fraction(-1, 10**9), Fraction(5, 10**6), Fraction(-5, 10**6)]),
    st.integers(0, 3),
    st.sampled_from(LANGUAGES),
)
def test_the_panels_fast_percent_is_babels_own(value: Fraction, digits: int, language: str) -> None:
    with using(get_translator(language)):
        assert percent(value, digits) == format_fraction_percent(value, digits)


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_negative_percentage_has_the_minus_sign_fast_or_not(language: str) -> None:
    # The odds panel's change column: "−0.012%", as the balance's net writes its sign, never
    # Babel's hyphen; zero and a share above it keep no sign.
    with using(get_translator(language)):
        for text in (percent(Fraction(-12, 100_000), 3), format_fraction_percent(-0.00012, 3)):
            assert text.startswith("\u2212") and "-" not in text and "012" in text
        assert percent(0, 1)[0] == "0" and format_fraction_percent(Fraction(1, 8))[0] == "1"
