"""The table in a real browser: Debian's Chromium driven by Playwright against a real server.

Pass the gate, place bets with chips, deal, read an explanation beside its draw-table cell, see
the balance move by exactly the settlement, see the roads grow, replay a coup from a bead, play at
phone width, and play without JavaScript. Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from support.browser import (
    browser_context,
    deal_answer,
    needs_chromium,
    screenshot,
    serve_in_thread,
)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server (uvicorn, in a thread) on a free port, with its own SQLite file."""
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    data = tmp_path_factory.mktemp("browser-data")
    app = create_app(
        Settings(data_dir=data, secret_key=SecretStr("browser-test-" + "k" * 32), shoe_seed=11)
    )
    with serve_in_thread(app) as url:
        yield url


def _points(text: str) -> Decimal:
    return Decimal(text.replace(",", "").replace("−", "-").replace("+", "").replace("±", ""))


def _pass_gate(page: Any, server: str) -> None:
    page.goto(server + "/")
    assert "18" in page.inner_text("#gate-title") + page.inner_text("main")
    page.click("#gate-yes")
    page.wait_for_url(re.compile(r".*/table"))


def _deal(page: Any) -> dict[str, Any]:
    """Click Deal and wait until the coup has been dealt out and the panels refreshed."""
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as response_info:
        page.click("#deal")
    data: dict[str, Any] = deal_answer(response_info.value)
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    return data


def test_play_explain_settle_roads_and_replay(server: str, playwright: Any, tmp_path: Path) -> None:
    context = browser_context(playwright, tmp_path, viewport={"width": 1280, "height": 900})
    page = context.pages[0] if context.pages else context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    _pass_gate(page, server)
    for notice in ("virtual points only", "no real money", "no prizes", "cashed out"):
        assert notice in page.inner_text("#notices")
    assert _points(page.inner_text("#balance")) == 10_000

    page.check("input[name=speed][value=instant]", force=True)
    page.click("label.chip-100")
    page.click(".spot-banker .add-chip")
    page.click("label.chip-5")
    page.click(".spot-tie .add-chip")
    page.click(".spot-tie .add-chip")
    assert page.input_value("#stake-banker") == "100" and page.input_value("#stake-tie") == "10"
    page.click("#undo")
    assert page.input_value("#stake-tie") == "5"
    assert page.inner_text("#total-stake") == "105"

    data = _deal(page)
    coup = data["coup"]
    # Every card is on the table, in its hand, with the final totals.
    for side in ("player", "banker"):
        shown = page.locator(f"#{side}-cards li").evaluate_all(
            "els => els.map(e => e.dataset.code)"
        )
        assert shown == coup[side]["cards"]
        assert page.inner_text(f"#{side}-total") == str(coup[side]["total"])
    # Each draw or stand is explained, and the last one sits beside its draw-table cell.
    steps = page.locator("#steps li").all_inner_texts()
    assert steps == [step["text"] for step in coup["steps"]]
    assert page.inner_text("#draw-note") == coup["steps"][-1]["text"]
    active = page.locator(".tableau td.active, .draw-natural.active")
    assert active.count() == 1
    assert active.get_attribute("id") == f"cell-{coup['steps'][-1]['cell']}"
    assert coup["result"] in page.inner_text("#result")
    # The balance moves by exactly the settlement's net.
    net = Decimal(coup["settlement"]["net"])
    assert _points(page.inner_text("#balance")) == 10_000 + net
    assert Decimal(data["balance_after"]) == 10_000 + net
    assert _points(page.inner_text("#session-net")) == net
    lines = page.locator("#settlement li").all_inner_texts()
    assert len(lines) == 2 and all(line.strip() for line in lines)
    # The roads show the coup.
    assert page.locator("#bead-plate g.cell").count() == 1
    assert page.locator(".history-panel li").count() == 1
    screenshot(page, "table-after-first-coup")

    # The spots are cleared after the coup; Rebet puts the same stakes back.
    assert page.input_value("#stake-banker") == "" and page.inner_text("#total-stake") == "0"
    page.click("#rebet")
    assert page.input_value("#stake-banker") == "100" and page.input_value("#stake-tie") == "5"
    second = _deal(page)["coup"]
    assert page.locator("#bead-plate g.cell").count() == 2
    assert Decimal(second["settlement"]["net"]) + 10_000 + net == _points(
        page.inner_text("#balance")
    )

    # Replay the first coup from its bead: its cards come back, the balance does not move.
    balance = page.inner_text("#balance")
    page.locator("#bead-plate g.cell").first.click()
    page.wait_for_function("() => !document.querySelector('#replay-banner').hidden")
    page.wait_for_function(
        "n => document.querySelectorAll('#steps li').length === n", arg=len(coup["steps"])
    )
    page.wait_for_function("() => document.querySelector('#settlement').textContent.length > 0")
    shown = page.locator("#player-cards li").evaluate_all("els => els.map(e => e.dataset.code)")
    assert shown == coup["player"]["cards"]
    assert page.inner_text("#balance") == balance
    screenshot(page, "table-replay")
    assert errors == []
    context.close()


def test_phone_width_step_by_step_and_announcements(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context = browser_context(
        playwright, tmp_path, viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True
    )
    page = context.pages[0] if context.pages else context.new_page()
    _pass_gate(page, server)
    # A phone browser widens its layout to fit an overflowing page: compare with the screen.
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width}px wide on a 390px phone"
    assert page.evaluate("() => window.innerWidth") == 390
    page.check("input[name=speed][value=step]", force=True)
    page.fill("#stake-player", "50")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as response_info:
        page.click("#deal")
    coup = deal_answer(response_info.value)["coup"]
    # Played back one event at a time: each card, each step, then the result.
    events = len(coup["cards"]) + len(coup["steps"]) + 1
    for count in range(1, events + 1):
        page.wait_for_selector("#next-card:not([hidden])")
        page.click("#next-card")
        page.wait_for_function(
            "n => document.querySelectorAll('#player-cards li, #banker-cards li, #steps li').length"
            " + (document.querySelector('#result').textContent ? 1 : 0) >= n",
            arg=count,
        )
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    announced = page.inner_text("#announcer")
    assert coup["cards"][0]["announce"] in announced or (
        coup["settlement"]["bets"][0]["text"] in announced
    )
    assert page.get_attribute("#announcer", "aria-live") == "polite"
    # Colour is never the only signal: results carry a letter, cards a spoken label.
    assert page.inner_text("#result .bead-letter") in ("B", "P", "T")
    assert page.get_attribute("#player-cards li >> nth=0", "aria-label")
    screenshot(page, "table-phone")
    context.close()


def test_a_phone_asking_for_the_shoes_client_seed_stays_on_screen(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    """The question quotes a 64-digit commitment in running text: it wraps, on a phone."""
    held: list[Any] = []  # the seed requests, never answered

    def hold(route: Any) -> None:
        held.append(route)

    for scripts in (False, True):
        context = browser_context(
            playwright,
            tmp_path / str(scripts),
            viewport={"width": 390, "height": 844},
            is_mobile=True,
            has_touch=True,
            java_script_enabled=scripts,
        )
        page = context.pages[0] if context.pages else context.new_page()
        # With scripts on, the question shows until the drawn seed is answered: hold the answer.
        page.route("**/client-seed", hold)
        _pass_gate(page, server)
        assert page.is_visible("#fair-ask")
        width = page.evaluate("() => document.documentElement.scrollWidth")
        assert width <= 390, f"the page is {width}px wide on a 390px phone ({scripts=})"
        screenshot(page, "table-phone-client-seed" + ("" if scripts else "-no-script"))
        context.close()


def test_refused_bets_show_a_message_and_charge_nothing(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context = browser_context(playwright, tmp_path)
    page = context.pages[0] if context.pages else context.new_page()
    _pass_gate(page, server)
    page.fill("#stake-player", "9000")
    page.fill("#stake-banker", "2000")
    page.click("#deal")
    page.wait_for_selector("#js-error:not([hidden])")
    assert "balance" in page.inner_text("#js-error") and "Nothing was charged" in page.inner_text(
        "#js-error"
    )
    assert _points(page.inner_text("#balance")) == 10_000
    assert page.locator("#bead-plate g.cell").count() == 0
    context.close()


def test_the_table_works_without_javascript(server: str, playwright: Any, tmp_path: Path) -> None:
    context = browser_context(playwright, tmp_path, java_script_enabled=False)
    page = context.pages[0] if context.pages else context.new_page()
    _pass_gate(page, server)
    # Without a script to draw it, the page asks for the shoe's client seed before its first card.
    assert page.is_visible("#fair-ask") and "committed to" in page.inner_text("#fair-ask")
    page.fill("#fair-ask-seed", "typed without a script")
    page.click("#fair-ask button")
    page.wait_for_url(re.compile(r".*/table\?table=\d+"))
    assert page.locator("#fair-ask").count() == 0
    assert "typed without a script" in page.inner_text("#shoe-panel")
    page.fill("#stake-banker", "20")
    page.click("#deal")
    page.wait_for_url(re.compile(r".*/table\?table=\d+"))
    assert page.locator("#steps li").count() == 2
    assert page.inner_text("#result").strip()
    assert _points(page.inner_text("#balance")) != 10_000 or "push" in page.inner_text(
        "#settlement"
    )
    page.fill("#stake-banker", "20000")
    page.click("#deal")
    assert "table maximum" in page.inner_text("#error")
    context.close()


def test_the_browser_draws_each_shoes_client_seed_after_its_commitment(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context = browser_context(playwright, tmp_path)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        _pass_gate(page, server)
        # fair.js sees the commitment waiting for a seed, draws one with Web Crypto, sends it.
        page.wait_for_selector('[data-fair-shoe][data-awaiting="false"]')
        assert not page.is_visible("#fair-ask")
        table = page.get_attribute("[data-fair-shoe]", "data-table")
        token = page.get_attribute('meta[name="csrf-token"]', "content") or ""
        shown = page.evaluate("t => fetch('/api/tables/' + t).then(r => r.json())", table)["table"][
            "next_shoe"
        ]
        assert re.fullmatch(r"[0-9a-f]{32}", shown["client_seed"]), shown
        # The shoe panel says the seed it sent, as a page loaded now would.
        seeds = page.inner_text("[data-fair-shoe]")
        assert f"Client seed: {shown['client_seed']}" in seeds and "not chosen" not in seeds
        assert shown["events"]["commitment_shown"] <= shown["events"]["contribution_received"]
        page.click("label.chip-100")
        page.click(".spot-banker .add-chip")
        assert token and _deal(page)["shoe"]["number"] == 1
    finally:
        context.close()


def test_reality_check_shows_time_and_net_with_break_and_continue(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context = browser_context(playwright, tmp_path)
    try:
        page = context.pages[0] if context.pages else context.new_page()
        _pass_gate(page, server)
        limits = {
            "reality_check_minutes": 5,
            "session_limit_minutes": None,
            "daily_coup_limit": None,
        }
        token = page.get_attribute('meta[name="csrf-token"]', "content") or ""
        headers = {"X-CSRF-Token": token}
        assert page.request.put(server + "/api/me/limits", data=limits, headers=headers).ok
        page.clock.install()
        page.goto(server + "/table")
        assert not page.locator("#reality-check").count()
        page.clock.fast_forward("05:01")
        dialog = page.locator("#reality-check")
        dialog.wait_for(state="visible")
        text = dialog.inner_text()
        assert "You have played for 5 minutes" in text and "Net result" in text
        assert page.locator("#reality-break").is_visible()
        screenshot(page, "reality-check")
        with page.expect_response(lambda r: r.url.endswith("/api/me/reality-check")) as answer:
            page.click("#reality-continue")
        assert answer.value.status == 200  # recorded on the server, as the page's own form does
        assert not page.locator("#reality-check").count()
        recorded = page.request.get(server + "/api/me/limits").json()["limits"]
        assert recorded["reality_check_at"] is not None
        page.clock.fast_forward("05:00")
        dialog.wait_for(state="visible")
        page.click("#reality-break")
        page.wait_for_url(re.compile(r".*/break"))
        assert "Take a break" in page.inner_text("h1")
    finally:
        context.close()
