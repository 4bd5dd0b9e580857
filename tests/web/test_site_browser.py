"""Every page in a real browser (Debian's Chromium through Playwright), at a phone's size and a
laptop's, in every language: the header's menu on every page (a drawer on the phone, no taller
than a fifth of its screen), axe-core's accessibility rules with no violation, times in the
reader's time zone, the cool-off asked and then shown, and screenshots under ``artifacts/``.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from baccarat.web.present.guides import GUIDES as GUIDE_PAGES
from support.browser import (
    SHORT_CONTROLS,
    needs_chromium,
    open_page,
    pass_gate,
    screenshot,
    serve_in_thread,
)

pytestmark = needs_chromium

PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1366, "height": 800}
SIZES = {"phone": PHONE, "laptop": LAPTOP}
LANGUAGES = ("en", "vi", "hu")
NAV = ("/table", "/rooms", "/quiz", "/guides", "/chemin", "/history", "/limits", "/account")
GUIDES = tuple(slug for slug, _title in GUIDE_PAGES)  # every guide, as the site lists them

DEAL = """async (coups) => {
  const csrf = document.querySelector('meta[name=csrf-token]').content;
  const table = (await (await fetch('/api/tables/current')).json()).table.id;
  const ids = [];
  for (let i = 0; i < coups; i++) {
    const answer = await fetch('/api/tables/' + table + '/deal', {
      method: 'POST',
      headers: {'Content-Type': 'application/json', 'X-CSRF-Token': csrf,
                'Idempotency-Key': 'site-' + i + '-' + Math.random().toString(36).slice(2)},
      body: JSON.stringify({stakes: {banker: '10', player: '5'}}),
    });
    ids.push((await answer.json()).coup.id);
  }
  return {table: table, coups: ids};
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    data = tmp_path_factory.mktemp("site-data")
    app = create_app(
        Settings(data_dir=data, secret_key=SecretStr("site-test-" + "k" * 32), shoe_seed=5)
    )
    with serve_in_thread(app) as url:
        yield url


def _pages(page: Any, server: str) -> dict[str, str]:
    """Pass the gate, deal a few coups and start a quiz: every page then has something to show."""
    pass_gate(page, server)
    dealt = page.evaluate(DEAL, 3)
    table, coup = dealt["table"], dealt["coups"][-1]
    pages = {
        "table": "/table",
        "history": "/history",
        "coup": f"/coups/{coup}",
        "quiz": "/quiz",
        "guides": "/guides",
        **{f"guide-{slug}": f"/guides/{slug}" for slug in GUIDES},
        "chemin": "/chemin",
        "account": "/account",
        "limits": "/limits",
        "break": "/break",
        "shoes": f"/tables/{table}/shoes",
        "verify": f"/tables/{table}/shoes/1/verify",
        # The server opens its default rooms when it starts (the first is Punto Banco).
        "rooms": "/rooms",
        "room": "/rooms/1",
    }
    page.goto(server + "/quiz")
    page.locator("form[action='/quiz/start'] button").first.click()
    page.wait_for_url(re.compile(r".*/quiz/play.*"))
    pages["quiz-play"] = page.url.removeprefix(server)
    return pages


def _violations(page: Any) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe  # type: ignore[import-untyped]

    results = Axe().run(page)
    return [
        f"{v['id']}: {v['help']} ({', '.join(n['target'][0] for n in v['nodes'][:3])})"
        for v in results.response["violations"]
    ]


_LONG_FIGURES = {"balance": "1 009 987,50", "session-net": "−12 345,50"}
# Writes the standing's figures given and answers what they were, so they can be put back.
_SET_FIGURES = """(figures) => {
  const before = {};
  for (const [id, text] of Object.entries(figures)) {
    const e = document.getElementById(id);
    if (e) { before[id] = e.textContent; e.textContent = text; }
  }
  return before;
}"""


# The captions of tables that scroll in their own box and reach past the screen's right edge.
_CUT_CAPTIONS = """() => [...document.querySelectorAll('.tableau-scroll caption')]
  .filter((c) => c.checkVisibility()
    && c.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
  .map((c) => c.textContent.slice(0, 40))"""

# The heads of a guide's table of figures aligned otherwise than the cells under them (the lab's
# "Strategy" stood right of its row heads).
_MISALIGNED_HEADS = """() => [...document.querySelectorAll('table.figures')].flatMap((table) => {
  const rows = [...table.rows];
  const head = rows.find((row) => row.querySelector('th[scope=col]'));
  const body = rows.find((row) => !row.querySelector('th[scope=col]'));
  if (!head || !body) return [];
  return [...head.cells]
    .filter((cell, i) => body.cells[i]
      && getComputedStyle(cell).textAlign !== getComputedStyle(body.cells[i]).textAlign)
    .map((cell) => `${table.id} ${cell.textContent}`);
})"""

# A 1-deck table dealt to the end of its first shoe (a client seed given when asked): its id.
_FINISHED_SHOE = """async () => {
  const headers = {'Content-Type': 'application/json',
                   'X-CSRF-Token': document.querySelector('meta[name=csrf-token]').content};
  const post = async (path, body, more) => (await fetch(path, {method: 'POST', body: JSON.stringify(body),
    headers: {...headers, ...more}})).json();
  const table = (await post('/api/tables', {decks: 1})).table.id;
  for (let i = 0; i < 40; i++) {
    const answer = await post('/api/tables/' + table + '/deal', {stakes: {tie: '1'}},
                              {'Idempotency-Key': 'verify-' + i + '-' + table});
    if (answer.code === 'contribution_needed') {
      await post('/api/tables/' + table + '/client-seed',
                 {client_seed: 'site-verify', commitment: answer.commitment});
    } else if (answer.shoe.finished) {
      return table;
    }
  }
  return null;
}"""

# The verify page's command arguments broken over two lines ("--" at one line's end).
_BROKEN_ARGUMENTS = """() => [...document.querySelectorAll('#verify-command .arg')]
  .filter((arg) => new Set([...arg.getClientRects()].map((line) => Math.round(line.top))).size > 1)
  .map((arg) => arg.textContent)"""


def _header_height(page: Any) -> float:
    box = page.locator(".site-header").bounding_box()
    assert box is not None
    return float(box["height"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_every_page_has_the_menu_passes_axe_and_is_photographed(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_page(playwright, tmp_path, viewport=SIZES[size], locale=language)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    # The gate first, read by someone who has not passed it.
    page.goto(f"{server}/gate?lang={language}")
    gate_violations = _violations(page)
    screenshot(page, f"site-{size}-{language}-gate")
    pages = _pages(page, server)
    violations: dict[str, list[str]] = {"gate": gate_violations} if gate_violations else {}
    for name, path in pages.items():
        page.goto(f"{server}{path}")
        assert page.locator("html").get_attribute("lang") == language, name
        links = page.locator("#site-nav .nav-links a")
        assert [links.nth(i).get_attribute("href") for i in range(links.count())] == list(NAV)
        assert page.locator("#site-nav .nav-languages a").count() == len(LANGUAGES), name
        # Nothing wider than the screen: wide tables scroll in their own box.
        assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"], name
        assert page.evaluate(_CUT_CAPTIONS) == [], name
        assert page.evaluate(_MISALIGNED_HEADS) == [], name
        if size == "phone":
            assert _header_height(page) <= PHONE["height"] / 5, name
            # The longest figures a player can reach fit as well (a seven-figure balance, a
            # five-figure net), whatever this run's coups happened to leave.
            shown = page.evaluate(_SET_FIGURES, _LONG_FIGURES)
            assert _header_height(page) <= PHONE["height"] / 5, (name, "long figures")
            page.evaluate(_SET_FIGURES, shown)  # the photograph shows the page's own figures
            assert page.locator("#menu-toggle").is_visible() and not links.first.is_visible()
        else:
            assert not page.locator("#menu-toggle").is_visible(), name
            assert all(links.nth(i).is_visible() for i in range(links.count())), name
        if name != "table":  # the table page's own checks are tests/web/test_browser.py's
            found = _violations(page)
            if found:
                violations[name] = found
        screenshot(page, f"site-{size}-{language}-{name}")
    assert violations == {}, json.dumps(violations, indent=1)
    assert errors == []
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_forms_take_a_finger_on_a_touch_phone(
    server: str, playwright: Any, tmp_path: Path, language: str
) -> None:
    # Text fields were 21 px tall and buttons 40 px: every control of these forms is 44 px.
    context, page = open_page(
        playwright, tmp_path, viewport=PHONE, is_mobile=True, has_touch=True, locale=language
    )
    pass_gate(page, server)
    for path in ("/account", "/limits", "/break"):
        page.goto(f"{server}{path}?lang={language}")
        assert page.evaluate(SHORT_CONTROLS) == [], path
    # The menu's button was 40 px tall and its links 32 px: 44 px, the menu open.
    page.locator("#menu-toggle").click()
    heights = page.eval_on_selector_all(
        "#menu-toggle, #site-nav a", "all => all.map(e => e.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 43.5, heights
    page.locator("#menu-toggle").click()
    # The footer's links were 16 px tall (a list of links, not a sentence's): 24 px at least.
    heights = page.eval_on_selector_all(
        ".site-footer nav a", "links => links.map(a => a.getBoundingClientRect().height)"
    )
    assert heights and min(heights) >= 24, heights
    page.goto(server + "/limits")
    page.locator("#cool-off button[value='7d']").click()
    page.wait_for_selector("#cool-off-confirm")
    assert page.evaluate(SHORT_CONTROLS) == [], "cool-off"
    screenshot(page, f"site-phone-{language}-cool-off-confirm")
    context.close()


# A form's heading farther than .75rem from the form's top or from the line under it, in px (a
# panel's heading sits .25rem from its text, the felt's .5rem). The account and limits forms'
# headings kept the browser's margins in their grid (nothing collapses there): 20 px above, and
# 26 to 42 px down to the first field or paragraph.
_LOOSE_HEADINGS = """() => [...document.querySelectorAll('main form h2')].flatMap((h) => {
  const box = h.getBoundingClientRect();
  const above = box.top - h.closest('form').getBoundingClientRect().top;
  let next = h.nextElementSibling;
  while (next && !next.checkVisibility()) next = next.nextElementSibling;
  const below = next ? next.getBoundingClientRect().top - box.bottom : 0;
  return above > 12 || below > 12
    ? [`${h.textContent}: ${Math.round(above)} px above, ${Math.round(below)} px below`] : [];
})"""


@pytest.mark.parametrize("size", SIZES)
def test_the_forms_headings_sit_close_to_what_they_head(
    server: str, playwright: Any, tmp_path: Path, size: str
) -> None:
    context, page = open_page(playwright, tmp_path, viewport=SIZES[size])
    pass_gate(page, server)
    for language in LANGUAGES:
        for path in ("/account", "/limits"):
            page.goto(f"{server}{path}?lang={language}")
            assert page.locator("main form h2").count() >= 2, (path, language)
            assert page.evaluate(_LOOSE_HEADINGS) == [], (path, language)
    context.close()


def test_the_phone_menu_opens_closes_and_leads_to_every_page(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = open_page(playwright, tmp_path, viewport=PHONE)
    pass_gate(page, server)
    toggle = page.locator("#menu-toggle")
    for href in NAV:
        assert toggle.get_attribute("aria-expanded") == "false"
        toggle.click()
        assert toggle.get_attribute("aria-expanded") == "true"
        link = page.locator(f"#site-nav .nav-links a[href='{href}']")
        assert link.is_visible()
        screenshot(page, "site-phone-menu-open") if href == "/quiz" else None
        link.click()
        page.wait_for_url(re.compile(".*" + re.escape(href) + r"(\?.*)?$"))
        assert page.locator(f"#site-nav a[href='{href}']").get_attribute("aria-current") == "page"
    toggle.click()
    page.keyboard.press("Escape")
    assert toggle.get_attribute("aria-expanded") == "false"
    assert page.evaluate("document.activeElement.id") == "menu-toggle"
    context.close()


def test_a_cool_off_is_confirmed_stated_in_local_time_and_locks_every_page(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = open_page(
        playwright, tmp_path, viewport=LAPTOP, locale="en-GB", timezone_id="Asia/Ho_Chi_Minh"
    )
    pass_gate(page, server)
    page.goto(server + "/limits")
    page.locator("#cool-off button[value='1d']").click()
    page.wait_for_selector("#cool-off-confirm")
    ends = page.locator("#cool-off-confirm time")
    stamp = ends.get_attribute("datetime")
    assert stamp is not None and stamp.endswith("Z")
    shown = ends.inner_text()
    # In the reader's zone (UTC+7), never the ISO stamp nor UTC.
    expected = page.evaluate(
        "(s) => new Intl.DateTimeFormat('en', {dateStyle: 'medium', timeStyle: 'short'})"
        ".format(new Date(s))",
        stamp,
    )
    assert shown == expected and "UTC" not in shown and "T" not in shown.split(",")[0]
    assert "UTC" in (ends.get_attribute("title") or "")  # what the page said before the script
    screenshot(page, "site-laptop-en-cool-off-confirm")
    assert page.locator("#locked-banner").count() == 0  # nothing locked before "yes"
    page.click("#cool-off-yes")
    page.wait_for_url(re.compile(r".*/limits$"))
    for path in ("/limits", "/guides", "/history", "/quiz", "/table"):
        page.goto(server + path)
        banner = page.locator("#locked-banner")
        assert banner.is_visible(), path
        assert "UTC" not in banner.locator("time").inner_text(), path
        assert page.locator("body.is-locked").count() == 1
    screenshot(page, "site-laptop-en-table-locked")
    context.close()


def test_the_api_docs_render_with_nothing_from_another_origin(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = open_page(playwright, tmp_path, viewport=LAPTOP)
    asked: list[str] = []
    page.on("request", lambda request: asked.append(request.url))
    page.goto(server + "/docs")
    page.wait_for_selector(".opblock", timeout=30_000)
    assert page.locator(".opblock").count() > 10
    assert [url for url in asked if not url.startswith(server)] == []
    screenshot(page, "site-laptop-en-docs")
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_verdict_sits_beside_its_situation_and_own_coups_come_back(
    server: str, playwright: Any, tmp_path: Path, size: str
) -> None:
    context, page = open_page(playwright, tmp_path, viewport=SIZES[size])
    pass_gate(page, server)
    page.evaluate(DEAL, 2)
    page.goto(server + "/quiz")
    page.click("#start-mine")
    page.wait_for_url(re.compile(r".*/quiz/play.*"))
    assert "Situation 1 of 2" in page.inner_text("#quiz-question")
    page.locator("#quiz-question ~ form .answer-button, .quiz-answer .answer-button").first.click()
    page.wait_for_selector("#quiz-result")
    # The judged cards and the verdict are in view together, right after the answer.
    height = SIZES[size]["height"]
    for selector in ("#judged-player-cards", "#judged-banker-cards", "#quiz-result .verdict"):
        box = page.locator(selector).bounding_box()
        assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, selector
    screenshot(page, f"site-{size}-en-quiz-verdict")
    context.close()


@pytest.mark.parametrize("size", SIZES)
def test_the_verify_command_breaks_only_between_its_arguments(
    server: str, playwright: Any, tmp_path: Path, size: str
) -> None:
    # It broke inside "--decks" ("--" at a line's end): the arguments wrap between each other,
    # and a seed wider than a phone scrolls in the command's box, not the page.
    context, page = open_page(playwright, tmp_path, viewport=SIZES[size])
    pass_gate(page, server)
    table = page.evaluate(_FINISHED_SHOE)
    assert table is not None
    page.goto(f"{server}/tables/{table}/shoes/1/verify")
    assert page.locator("#verify-command .arg").count() == 6
    assert page.evaluate(_BROKEN_ARGUMENTS) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= SIZES[size]["width"]
    if size == "laptop":  # all of it in view: it wraps instead of scrolling
        command = page.locator("#verify-command")
        assert command.evaluate("(e) => e.scrollWidth <= e.clientWidth")
    screenshot(page, f"site-{size}-en-verify")
    context.close()
