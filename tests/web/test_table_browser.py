"""The coach table in a real browser (Debian's Chromium) at a phone's 390x844 and a laptop's
1366x800, in English, Vietnamese and Hungarian.

- Bets are placed with chips alone (a chip, then a tap on a spot), never typed.
- In step mode, after every tap of Next, the newest card, the explaining sentence, the lit cell
  of the draw table's row and the Next button are all inside the viewport; the coups are dealt
  until a six-card coup (both hands draw) has been stepped through.
- A round played with the keyboard alone: a chip by its number, a spot by Tab and Enter, D to
  deal, Space for each card (focus stays on the coach), R to rebet, U to undo, ? for the keys.
- axe-core reports no violation on the table page, before and after a coup.
- A derived road's mark, tapped, says which Big Road columns were compared.

Screenshots of every size and language go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import (
    ARTIFACTS,
    IN_VIEW,
    LANGUAGES,
    SIZES,
    deal_answer,
    deal_five_on_player,
    needs_chromium,
    open_table,
    screenshot,
    seeded_server,
)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "coach", 7) as url:
        yield url


def _open(playwright: Any, tmp_path: Path, server: str, size: str, language: str) -> Any:
    return open_table(playwright, tmp_path, server, size, language)


def _place_with_chips(page: Any) -> None:
    """Banker 100 and Tie 5, by chips alone (the typed boxes are left alone)."""
    page.click("label.chip-100")
    page.click(".spot-banker .spot-zone")
    page.click("label.chip-5")
    page.click(".spot-tie .spot-zone")
    assert page.inner_text("#amount-banker") == "100"
    assert page.inner_text("#amount-tie") == "5"
    assert page.locator(".spot-banker .stack-chip").count() == 1


def _check_in_view(page: Any, what: str, expect_next: bool) -> None:
    selectors = {}
    if page.locator(".coach .card.newest").count():
        selectors["newest card"] = ".coach .card.newest"
    if page.inner_text("#coach-sentence").strip():
        selectors["sentence"] = "#coach-sentence"
        selectors["lit cell"] = "#coach-lit"
    if expect_next:
        selectors["Next button"] = "#next-card"
    for name, selector in selectors.items():
        where = page.evaluate(IN_VIEW, selector)
        assert where == "ok", f"{what}: the {name} is {where}"


def _step_through(page: Any, size: str, language: str) -> tuple[int, int]:
    """Deal one coup in step mode and tap Next through it, checking the coach after each tap.
    Returns (cards, taps)."""
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
        page.click("#deal")
    coup = deal_answer(answer.value)["coup"]
    events = len(coup["cards"]) + len(coup["steps"]) + 1
    for tap in range(1, events + 1):
        page.wait_for_selector("#next-card:not([hidden])")
        _check_in_view(page, f"{size} {language} before tap {tap}", expect_next=True)
        page.click("#next-card")
        page.wait_for_function(
            "n => document.querySelectorAll('#player-cards li, #banker-cards li, #steps li').length"
            " + (document.querySelector('#result').textContent.trim() ? 1 : 0) >= n",
            arg=tap,
        )
        _check_in_view(page, f"{size} {language} after tap {tap}", expect_next=tap < events)
        if tap == 5:
            # What the player sees mid-coup: the viewport, not the whole page (the coach is
            # sticky, so a full-page capture would draw it away from the screen it is on).
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / f"table-{language}-{size}-step.png"))
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    return len(coup["cards"]), events


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_coach_stays_in_view_while_a_coup_is_dealt_step_by_step(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, size, language)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= SIZES[size][0], f"the page is {width}px wide"
        page.check("input[name=speed][value=step]", force=True)
        six = False
        for _ in range(30):  # both hands draw in about one coup in three
            _place_with_chips(page)
            cards, _taps = _step_through(page, size, language)
            six = six or cards == 6
            if six:
                break
        assert six, "no six-card coup in thirty"
        screenshot(page, f"table-{language}-{size}")
        assert errors == []
    finally:
        context.close()


def test_a_round_with_the_keyboard_alone(server: str, playwright: Any, tmp_path: Path) -> None:
    context, page = _open(playwright, tmp_path, server, "laptop", "en")
    keyboard = page.keyboard
    try:
        page.locator("body").focus()
        keyboard.press("?")
        assert page.locator("#keys").is_visible()
        keyboard.press("?")
        assert not page.locator("#keys").is_visible()
        keyboard.press("4")  # the fourth chip: 100
        assert page.is_checked("label.chip-100 input")

        def tab_to(test: str, limit: int = 250) -> None:
            for _ in range(limit):
                keyboard.press("Tab")
                if page.evaluate(test):
                    return
            raise AssertionError(f"Tab never reached {test}")

        tab_to("() => document.activeElement.matches('input[name=speed]')")
        for _ in range(4):
            if page.is_checked("input[name=speed][value=step]"):
                break
            keyboard.press("ArrowRight")
        assert page.is_checked("input[name=speed][value=step]")
        tab_to("() => document.activeElement.matches('.spot-banker .spot-zone')")
        keyboard.press("Enter")
        assert page.inner_text("#amount-banker") == "100"
        page.locator("body").focus()
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
            keyboard.press("d")
        coup = deal_answer(answer.value)["coup"]
        events = len(coup["cards"]) + len(coup["steps"]) + 1
        for tap in range(1, events + 1):
            page.wait_for_selector("#next-card:not([hidden])")
            # Focus stays on the coach: the Next button or the coach itself.
            assert page.evaluate(
                "() => document.querySelector('#last-coup').contains(document.activeElement)"
            )
            keyboard.press(" " if tap % 2 else "Enter")
            page.wait_for_function(
                "n => document.querySelectorAll('#player-cards li, #banker-cards li, #steps li')"
                ".length + (document.querySelector('#result').textContent.trim() ? 1 : 0) >= n",
                arg=tap,
            )
        page.wait_for_function("() => !document.querySelector('#deal').disabled")
        assert coup["result"] in page.inner_text("#result")
        assert page.evaluate(
            "() => document.querySelector('#last-coup').contains(document.activeElement)"
        )
        assert page.inner_text("#total-stake") == "0"
        keyboard.press("r")
        assert page.inner_text("#amount-banker") == "100"
        keyboard.press("u")
        assert page.inner_text("#total-stake") == "0"
        screenshot(page, "table-keyboard")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_axe_finds_no_violation_on_the_table(
    server: str, playwright: Any, tmp_path: Path, language: str
) -> None:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    axe = Axe()
    for size in SIZES:
        context, page = _open(playwright, tmp_path, server, size, language)
        try:
            results = axe.run(page)
            assert results.violations_count == 0, results.generate_report()
            page.check("input[name=speed][value=instant]", force=True)
            for _ in range(3):
                _place_with_chips(page)
                with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")):
                    page.click("#deal")
                page.wait_for_function("() => !document.querySelector('#deal').disabled")
            # A spot's long press / hover tells its pays, limits and house edge now.
            page.hover(".spot-banker .spot-zone") if size == "laptop" else page.locator(
                ".spot-banker .spot-zone"
            ).focus()
            results = axe.run(page)
            assert results.violations_count == 0, results.generate_report()
            screenshot(page, f"table-{language}-{size}-after")
        finally:
            context.close()


_PANEL_FIGURES = """() => {
  const text = (s) => document.querySelector(s).textContent.replace(/\\s+/g, " ").trim();
  const gauge = document.querySelector("#shoe-counts .penetration");
  return {
    shoe: text("#shoe-counts"),
    gauge: gauge.getAttribute("aria-label"),
    dealt: parseFloat(document.querySelector("#shoe-counts .penetration-dealt").style.width),
    statistics: text("#stats-table"),
    odds: text("#odds-now"),
  };
}"""


def test_a_derived_mark_says_why_and_the_roads_show_their_newest_column(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = _open(playwright, tmp_path, server, "laptop", "en")
    try:
        page.check("input[name=speed][value=instant]", force=True)
        for _ in range(40):
            deal_five_on_player(page)
            if page.locator("#road-small-road g.cell").count() >= 2:
                break
        # The shoe, statistics and odds panels, written in place from each deal's answer, read
        # as the server renders them whole.
        grown = page.evaluate(_PANEL_FIGURES)
        assert "0 cards dealt" not in grown["shoe"] and grown["dealt"] > 0
        page.reload()
        assert page.evaluate(_PANEL_FIGURES) == grown
        page.check("input[name=speed][value=instant]", force=True)
        mark = page.locator("#road-big-eye-boy g.cell").last
        mark.click()
        why = page.inner_text("#road-why")
        assert re.search(r"Big Road column \d+", why) and ("red" in why or "blue" in why)
        assert page.locator("#road-why a[href='/guides/roads']").count() == 1
        # Every road scrolled to its newest column.
        for board in ("#bead-plate", "#big-road", "#road-big-eye-boy"):
            gap = page.evaluate(
                "s => { const e = document.querySelector(s); return e.scrollWidth - e.clientWidth - e.scrollLeft; }",
                board,
            )
            assert gap <= 1, board
        # The ask icons are captioned; the legend names the derived letters, never B for blue.
        assert "if Banker next" in page.inner_text(".ask-captions")
        assert page.inner_text(".derived-block .swatch.blue") == "C"
        screenshot(page, "table-roads-why")
    finally:
        context.close()


_MARKS_IN_VIEW = """(selector) => {
  const road = document.querySelector(selector);
  const box = road.getBoundingClientRect();
  const marks = Array.from(road.querySelectorAll("g.cell"), (g) => g.getBoundingClientRect());
  const outside = marks.filter((m) => m.left < box.left - 0.5 || m.right > box.right + 0.5);
  return { marks: marks.length, outside: outside.length, overflows: road.scrollWidth > road.clientWidth };
}"""


def test_on_a_phone_a_fresh_shoes_marks_are_in_view(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    """A board wider than a phone's screen shows its newest marks, not its empty far end."""
    context, page = _open(playwright, tmp_path, server, "phone", "en")
    try:
        page.check("input[name=speed][value=instant]", force=True)
        for coup in range(1, 4):
            deal_five_on_player(page)
            bead_plate = page.evaluate(_MARKS_IN_VIEW, "#bead-plate")
            # The bead plate's grid is wider than the phone's panel: it scrolls.
            assert bead_plate == {"marks": coup, "outside": 0, "overflows": True}
            big_road = page.evaluate(_MARKS_IN_VIEW, "#big-road")
            assert big_road["marks"] >= 1 and big_road["outside"] == 0, big_road
        screenshot(page, "table-phone-fresh-shoe-roads")
    finally:
        context.close()


_PANEL_STATE = """() => {
  const text = (s) => { const e = document.querySelector(s); return e ? e.textContent.replace(/\\s+/g, " ").trim() : null; };
  const boards = {};
  document.querySelectorAll(".roads-panel .road svg").forEach((svg) => {
    boards[svg.parentNode.id] = Array.from(svg.querySelectorAll("g.cell"), (g) => g.outerHTML).sort();
  });
  const fair = document.querySelector("#shoe-panel [data-fair-shoe]");
  // The seed lines aside: the page's seed is swapped for a fixed one on its way to the server
  // (type_client_seed), so fair.js names the seed it drew and a page loaded after, the fixed one.
  const panel = document.querySelector("#shoe-panel").cloneNode(true);
  panel.querySelectorAll("p.seed").forEach((line) => line.remove());
  return {
    shoe_panel: panel.textContent.replace(/\\s+/g, " ").trim(),
    fair: fair ? [fair.dataset.shoe, fair.dataset.commitment] : null,
    odds: text("#odds-now"),
    statistics: text("#stats-table"),
    boards: boards,
    beads: document.querySelector("#bead-plate").dataset.coupIds,
    reasons: JSON.parse(document.querySelector("#road-reasons").textContent),
    newest: text("#history-list li"),
  };
}"""


def test_a_shoe_ends_and_the_next_begins_with_the_panels_grown(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    # A one-deck table: its shoe ends in a few coups. Through the last coup and the next shoe's
    # first, the page grows its panels from the answers (never fetching them), the next shoe's
    # commitment gets the page's client seed before the deal that needs it (no deal refused),
    # and what the page wrote reads as the page the server renders whole.
    context, page = _open(playwright, tmp_path, server, "laptop", "en")
    fetched: list[str] = []
    refused: list[int] = []
    page.on("request", lambda r: fetched.append(r.url) if "/table/panels" in r.url else None)
    page.on(
        "response",
        lambda r: refused.append(r.status) if "/deal" in r.url and r.status >= 400 else None,
    )
    try:
        page.click(".new-table summary")
        page.select_option("#new-decks", "1")
        with page.expect_navigation():
            page.click(".new-table button[type=submit]")
        page.check("input[name=speed][value=instant]", force=True)
        seen_end = False
        for _ in range(40):
            data = deal_five_on_player(page)
            if data["coup"]["number"] == 1 and not seen_end:
                # The session's first coup: the page had no history list to grow, so it
                # fetched the panels, once; none is fetched after it.
                assert len(fetched) == 1
                fetched.clear()
            if data["shoe"]["finished"]:
                seen_end = True
                assert page.locator("#shoe-panel .shoe-end").count() == 1
                assert "freshly shuffled shoe" in page.inner_text("#odds-now")
                ended = page.evaluate(_PANEL_STATE)
                assert ended["fair"] is not None and ended["fair"][0] == "2"
                # fair.js saw the commitment in the grown panel and sent the page's seed.
                page.wait_for_selector('[data-fair-shoe][data-awaiting="false"]', state="attached")
                assert "not chosen yet" not in page.inner_text("#shoe-panel")
                page.reload()
                page.check("input[name=speed][value=instant]", force=True)
                assert page.evaluate(_PANEL_STATE) == ended
            elif seen_end:
                assert data["coup"]["number"] == 1 and data["new_shoe"] is True
                break
        else:
            pytest.fail("the one-deck shoe did not end in 40 coups")
        begun = page.evaluate(_PANEL_STATE)
        assert page.inner_text("#shoe-title") == "Shoe 2"
        assert page.locator("#shoe-panel .shoe-end").count() == 0
        assert len(begun["beads"].split(",")) == 1
        assert begun["boards"]["big-road"], "the new shoe's first coup is on the Big Road"
        screenshot(page, "table-new-shoe-grown")
        page.reload()
        assert page.evaluate(_PANEL_STATE) == begun
        assert fetched == [] and refused == []
    finally:
        context.close()
