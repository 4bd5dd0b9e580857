"""The coach that drills (issue 37), in a real browser (Debian's Chromium) at a phone's 390x844 and
a laptop's 1366x800, in English, Vietnamese and Hungarian.

- After a few coups the statistics panel shows the streaks, the chop rate and each derived
  road's red and blue counts, each beside its expectation, with the sentence that none of it
  predicts the next coup; the panel grown by the deals reads as the page rendered whole.
- A side bet of several pays (Dragon Bonus) shows its whole pay table, tier by tier.

Screenshots go to ``artifacts/`` (git-ignored): ``drills-stats-*``, ``drills-ladder-*``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import ARTIFACTS, LANGUAGES, SIZES, needs_chromium, open_table, seeded_server

pytestmark = needs_chromium

# The words of the note that says the figures predict nothing, in each language.
PREDICTS_NOTHING = {
    "en": "None of these figures predicts the next coup.",
    "vi": "Không con số nào trong số này dự đoán được ván tiếp theo.",
    "hu": "Egyik szám sem jelzi előre a következő kört.",
}
DERIVED = ("big_eye_boy", "small_road", "cockroach_pig")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "drills", 37) as url:
        yield url


_ROWS = """() => Object.fromEntries(
  [...document.querySelectorAll("#stats-variance tr[data-key]")].map((row) => [
    row.dataset.key, [...row.querySelectorAll("td")].map((cell) => cell.textContent.trim()),
  ]))"""


def _deal(page: Any, coups: int) -> None:
    page.check("input[name=speed][value=instant]", force=True)
    for _ in range(coups):
        page.click("label.chip-25")
        page.click(".spot-banker .spot-zone")
        page.click("#deal")
        page.wait_for_function("() => !document.querySelector('#deal').disabled")


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_statistics_show_streaks_chops_and_derived_counts_beside_expectations(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        _deal(page, 12)
        page.wait_for_function(
            "() => document.querySelectorAll('#bead-plate g.cell').length === 12"
        )
        rows = page.evaluate(_ROWS)
        assert set(rows) == {"longest_banker", "longest_player", "current", "chop_rate", *DERIVED}
        number = re.compile(r"\d+[.,]\d")  # an expectation, in the language's decimal sign
        for key in ("longest_banker", "longest_player"):
            observed, expected = rows[key]
            assert observed.isdigit() and number.fullmatch(expected), (key, rows[key])
        assert int(rows["longest_banker"][0]) >= 1 or int(rows["longest_player"][0]) >= 1
        assert re.search(r"\d", rows["current"][0]) and "%" in rows["current"][1]
        assert "%" in rows["chop_rate"][0] and "%" in rows["chop_rate"][1]
        for key in DERIVED:
            observed, expected = rows[key]
            assert re.match(r"\d+ / \d+", observed) and "%" in expected, (key, rows[key])
        note = page.locator("#stats-variance .variance-note")
        assert PREDICTS_NOTHING[language] in note.inner_text()
        page.locator("#stats-variance").scroll_into_view_if_needed()
        assert note.is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator("#stats-panel").screenshot(
            path=str(ARTIFACTS / f"drills-stats-{language}-{size}.png")
        )
        # The panel grown coup by coup reads as the page rendered whole.
        grown = page.inner_text("#stats-table")
        page.reload()
        assert page.inner_text("#stats-table") == grown
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_a_side_bet_of_several_pays_shows_its_pay_table(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        if size == "phone":
            page.click("#side-drawer > summary")  # folded under the main spots on a phone
        ladder = "#ladder-dragon_bonus_banker"
        # A bet of one pay has no ladder: its spot says its pay.
        assert page.locator("#ladder-player_pair").count() == 0
        page.locator(ladder).scroll_into_view_if_needed()
        page.click(f"{ladder} > summary")
        tiers = page.locator(f"{ladder} li")
        # Six margins, the natural win, the tied natural's push, and the loss otherwise.
        assert tiers.count() == 9
        texts = tiers.all_inner_texts()
        assert sum(":1" in text for text in texts) == 7, texts
        tiers.last.scroll_into_view_if_needed()
        for index in range(tiers.count()):
            assert tiers.nth(index).is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"drills-ladder-{language}-{size}.png"))
    finally:
        context.close()
