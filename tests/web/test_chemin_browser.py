"""The Chemin de Fer table in a real browser (Debian's Chromium driven by Playwright).

The server deals a stacked shoe (a test hook: :class:`CheminTables` put on ``app.state`` before the
server starts; nothing reachable over HTTP can do it): the first two coups give the learner 5.
The learner opens the table from the footer, reaches the choice with the Banker's cards face down,
stands, reads the engine's explanation and the hint; draws on the next one, which agrees with
optimal play; and the page fits a phone. A second test plays a choice with JavaScript off.
Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from baccarat.chemin.table import CheminTables
from support.browser import (
    ARTIFACTS,
    IN_VIEW,
    LANGUAGES,
    SHORT_CONTROLS,
    SIZES,
    browser_context,
    first_page,
    needs_chromium,
    open_page,
    pass_gate,
    screenshot,
    serve_in_thread,
)
from support.chemin import BURN, NO_CHOICE, PLAYER_5, stacked

SHOE = BURN + " 2d 9d 3h 8s" + " 2h 9s 3d 8c 4c"
"""Two coups at 5 against a Banker 7: the first stood on (four cards), the second drawn to (a 4)."""
LATE_CHOICE = " ".join((BURN, NO_CHOICE, NO_CHOICE, NO_CHOICE, PLAYER_5))
"""Six coups without a choice (naturals and hands the rules decide), then the learner's 5."""

pytestmark = needs_chromium

# The record's row heads ("Shoe 1, coup 7") and choices ("nincs döntés") that take more than one
# line.
_WRAPPED_COUPS = """() => [...document.querySelectorAll(
    '#record .record-table th[scope=row], #record .record-table td.record-choice')]
  .filter((th) => {
    const text = document.createRange();
    text.selectNodeContents(th);
    return new Set([...text.getClientRects()].map((line) => Math.round(line.top))).size > 1;
  })
  .map((th) => th.textContent)"""


def _session_since(page: Any) -> None:
    """The header's session clock says when the session began, as on every other page (it once
    counted "0:00:19 this session" here)."""
    clock = page.locator("#session-clock")
    since = re.escape(clock.get_attribute("data-since") or "").replace(re.escape("{time}"), ".+")
    assert re.fullmatch(since, clock.inner_text()), clock.inner_text()


def _stacked_server(tmp_path_factory: pytest.TempPathFactory, shoe: str) -> Iterator[str]:
    """A real server (uvicorn, in a thread) whose Chemin de Fer shoes all begin with ``shoe``."""
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    data = tmp_path_factory.mktemp("chemin-browser-data")
    app = create_app(Settings(data_dir=data, secret_key=SecretStr("chemin-test-" + "k" * 32)))
    app.state.chemin_tables = CheminTables(random.Random(1), shuffle=stacked(shoe))
    with serve_in_thread(app) as url:
        yield url


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    yield from _stacked_server(tmp_path_factory, SHOE)


@pytest.fixture(scope="module")
def late_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """Every player's shoe gives them their first choice at its seventh coup."""
    yield from _stacked_server(tmp_path_factory, LATE_CHOICE)


def test_choose_on_5_and_read_the_explanation_and_the_hint(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = open_page(playwright, tmp_path, viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    pass_gate(page, server)
    page.click("footer a[href='/chemin']")
    page.wait_for_url(re.compile(r".*/chemin$"))
    assert page.inner_text("h1").startswith("Chemin de Fer")

    page.get_by_role("button", name="Deal a coup").click()
    page.wait_for_url(re.compile(r".*/chemin#choice$"))
    assert "You hold 5" in page.inner_text("#choice-prompt")
    assert page.locator("#player-cards li").evaluate_all("els => els.map(e => e.dataset.code)") == [
        "2d",
        "3h",
    ]
    banker = page.locator("#banker-cards li")
    assert banker.count() == 2
    assert banker.first.get_attribute("aria-label") == "A card face down"
    assert page.locator("#hint").count() == 0  # the hint comes after the choice
    screenshot(page, "chemin-choice")

    page.get_by_role("button", name="stand", exact=True).click()
    page.wait_for_url(re.compile(r".*/chemin#last-coup$"))
    timeline = page.inner_text("#timeline")
    assert (
        "Player has 5, where the rules leave a choice: the Player's hand chose to stand."
        in timeline
    )
    assert "Banker wins, 7 to 5." in page.inner_text("#result")
    assert "Optimal play for the Player: always draw on 5." in page.inner_text("#hint-optimal")
    assert "You stood: standing here gives the Banker an edge." in page.inner_text("#hint-verdict")
    assert "3.73% of the stake more than standing" in page.inner_text("#hint-worth")
    assert page.inner_text("#record-counts [data-key=coups] dd") == "1"
    screenshot(page, "chemin-hint")

    page.get_by_role("button", name="Deal the next coup").click()
    page.get_by_role("button", name="draw", exact=True).click()
    page.wait_for_selector("#hint")
    assert "Your choice agrees with optimal play." in page.inner_text("#hint-verdict")
    assert "Player wins, 9 to 7." in page.inner_text("#result")
    assert page.inner_text("#record-choices [data-key=agreed] dd") == "1"

    # A phone widens its layout to fit an overflowing page: compare with the screen.
    page.set_viewport_size({"width": 390, "height": 844})
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    screenshot(page, "chemin-phone")
    assert errors == []
    context.close()


# The space between the draw table's legend (D = draw, S = stand) and the option's (O = ...), in
# px: an empty line kept for the table page's coach (only that page writes in it) left 64 px, and
# on the guide the option's legend sat under the white box, farther still.
_LEGEND_GAP = """() => document.querySelector('.option-legend').getBoundingClientRect().top
  - document.querySelector('.draw-table .legend').getBoundingClientRect().bottom"""


@pytest.mark.parametrize("size", SIZES)
def test_the_option_legend_is_the_draw_legends_next_line(
    server: str, playwright: Any, tmp_path: Path, size: str
) -> None:
    width, height = SIZES[size]
    context, page = open_page(playwright, tmp_path, viewport={"width": width, "height": height})
    pass_gate(page, server)
    for language in LANGUAGES:
        for path in ("/chemin", "/guides/chemin-de-fer"):
            page.goto(f"{server}{path}?lang={language}")
            gap = page.evaluate(_LEGEND_GAP)
            assert 0 <= gap <= 4, (path, language, gap)  # the next line: no more than .25rem
            legends = page.locator(".draw-wrap .legend")
            assert legends.count() == 2, (path, language)  # both in the draw table's white box
    context.close()


def test_changing_the_table_fits_a_phone_and_every_control_takes_a_finger(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    # Hungarian names the Banker's plays at length: the longest once made the open form (and the
    # page) 709 px wide on a 390 px phone.
    context, page = open_page(
        playwright, tmp_path, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    pass_gate(page, server)
    page.goto(server + "/chemin?lang=hu")
    page.click(".new-table summary")
    assert page.locator("#chemin-banker").is_visible()
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    assert page.evaluate(SHORT_CONTROLS) == []
    screenshot(page, "chemin-phone-hu-new-table")
    context.close()


def test_the_choice_works_without_javascript(server: str, playwright: Any, tmp_path: Path) -> None:
    context, page = open_page(playwright, tmp_path, java_script_enabled=False)
    pass_gate(page, server)
    page.goto(server + "/chemin")
    page.click("#deal")
    page.wait_for_selector("#choose-draw")
    page.click("#choose-draw")
    page.wait_for_selector("#hint")
    assert "the Player's hand chose to draw." in page.inner_text("#timeline")
    assert "Your choice agrees with optimal play." in page.inner_text("#hint-verdict")
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_deal_until_a_choice_stops_with_the_choice_in_view(
    late_server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser_context(
        playwright,
        tmp_path,
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
    )
    page = first_page(context)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.goto(f"{late_server}/?lang={language}")
    page.click("#gate-yes")
    page.wait_for_url(re.compile(r".*/table"))
    page.goto(f"{late_server}/chemin?lang={language}")
    button = page.locator("#deal-until-choice")
    button.scroll_into_view_if_needed()
    assert button.is_visible() and page.evaluate(IN_VIEW, "#deal-until-choice") == "ok"
    name = f"chemin-auto-{language}-{size}"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}-button.png"))

    button.click()
    page.wait_for_url(re.compile(r".*/chemin\?dealt=7&stop=choice#choice$"))
    assert page.locator("html").get_attribute("lang") == language
    assert re.search(r"\b1\b.*\b7\b", page.inner_text("#choice-title"))  # shoe 1, coup 7
    assert "6" in page.inner_text("#auto-note")  # six coups dealt before it
    assert page.inner_text("#record-counts [data-key=coups] dd") == "6"
    # The choice is what the reader sees on arriving: the prompt and both its buttons.
    for selector in ("#choice-prompt", "#choose-draw", "#choose-stand"):
        where = page.evaluate(IN_VIEW, selector)
        assert where == "ok", f"{selector}: {where}"
    widest = page.evaluate("() => document.documentElement.scrollWidth")
    assert widest <= width, f"the page is {widest}px wide on a {width}px screen"
    page.screenshot(path=str(ARTIFACTS / f"{name}-choice.png"))
    screenshot(page, f"{name}-page")

    page.click("#choose-draw")
    page.wait_for_selector("#hint")
    assert page.locator("#auto-note").count() == 0
    assert page.inner_text("#record-counts [data-key=coups] dd") == "7"
    # The six coups the rules decided each say "no choice", on one line too.
    assert page.locator("#record td.record-choice").count() == 7
    assert page.evaluate(_WRAPPED_COUPS) == []
    _session_since(page)
    assert errors == []
    context.close()


def test_deal_until_a_choice_works_without_javascript(
    late_server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = open_page(playwright, tmp_path, java_script_enabled=False)
    pass_gate(page, late_server)
    page.goto(late_server + "/chemin")
    page.click("#deal-until-choice")
    page.wait_for_selector("#choose-draw")
    assert "6 coups were dealt before this one" in page.inner_text("#auto-note")
    context.close()
