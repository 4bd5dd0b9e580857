"""A room in a real browser (Debian's Chromium) at a phone's 390x844 and a laptop's 1366x800, in
English, Vietnamese and Hungarian: the lobby, sitting down, a bet placed through the rooms' API,
a late bet refused beside Place bets (focused, announced, inside the viewport), and the window's
coup dealt card by card from the room's event stream, then the player's result and the roads.

The server deals nothing by itself here (``rooms=False``): the test is the room's dealer, and
steps the room when it wants the window opened or its coup dealt.

Screenshots go to ``artifacts/`` (git-ignored): ``room-lobby-*``, ``room-bet-*``,
``room-late-*``, ``room-coup-*``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from pydantic import SecretStr

from baccarat.ledger.service import PlayService
from support.browser import (
    ARTIFACTS,
    IN_VIEW,
    LANGUAGES,
    SIZES,
    browser_context,
    needs_chromium,
    serve_in_thread,
)

pytestmark = needs_chromium

WINDOW_SECONDS = 20
"""Long enough to place a bet on a busy machine; short enough to wait for its end."""


@dataclass
class Served:
    app: FastAPI
    url: str


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Served]:
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    data = tmp_path_factory.mktemp("room-data")
    settings = Settings(
        data_dir=data, secret_key=SecretStr("room-test-" + "k" * 32), shoe_seed=36, rooms=False
    )
    app = create_app(settings)
    with serve_in_thread(app) as url:
        yield Served(app, url)


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _step(served: Served, room_id: int) -> str | None:
    """One turn of the test's dealer at the room, and the hub told at once."""
    service: PlayService = served.app.state.service
    done = service.rooms.step("test", room_id)
    served.app.state.room_hub.poke_threadsafe(room_id)
    return done


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_sit_bet_a_late_bet_refused_and_the_coup_dealt_live(
    served: Served, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    service = served.app.state.service
    room = service.rooms.create(
        f"Salon {size} {language}", window_seconds=WINDOW_SECONDS, reveal_seconds=0
    )
    width, height = SIZES[size]
    phone = size == "phone"
    context = browser_context(
        playwright,
        tmp_path / "profile",
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
    )
    page = context.pages[0] if context.pages else context.new_page()
    try:
        page.goto(f"{served.url}/?lang={language}")
        page.click("#gate-yes")
        page.wait_for_url(re.compile(r".*/table"))
        if phone:  # the menu is a drawer there (tests/web/test_site_browser.py tries it)
            page.goto(f"{served.url}/rooms")
        else:
            page.click("#site-nav a[href='/rooms']")
        page.wait_for_selector(f"#room-{room.id}")
        page.locator(f"#room-{room.id}").scroll_into_view_if_needed()
        _shot(page, f"room-lobby-{language}-{size}")
        page.click(f"#sit-{room.id}")
        page.wait_for_url(re.compile(rf".*/rooms/{room.id}$"))
        assert page.get_attribute("#room", "data-seat") == "seated"
        page.wait_for_function("() => window.BaccaratCards !== undefined")

        # The window opens: the page hears it and counts down.
        assert _step(served, room.id) == "window"
        page.wait_for_function("() => document.querySelector('#room').dataset.round === '1'")
        page.wait_for_function(
            "() => /\\d/.test(document.querySelector('#bar-countdown').textContent)"
        )
        page.fill("#stake-banker", "100")
        page.click("#place-bets")
        page.wait_for_selector("#my-stakes-list li[data-bet=banker]")
        assert page.is_hidden("#room-error")
        assert "100" in page.inner_text("#room-placed")  # said beside the button
        _shot(page, f"room-bet-{language}-{size}")

        # The window closes (nobody deals it yet): a bet now is late, refused beside the button.
        page.wait_for_function(
            "(closes) => Date.now() > Date.parse(closes)",
            arg=page.get_attribute("#countdown", "data-closes-at"),
            timeout=(WINDOW_SECONDS + 10) * 1000,
        )
        page.fill("#stake-player", "50")
        page.click("#place-bets")
        page.wait_for_selector("#room-error:not([hidden])")
        assert page.evaluate("() => document.activeElement.id") == "room-error"
        assert page.get_attribute("#room-error", "role") == "alert"
        where = page.evaluate(IN_VIEW, "#room-error")
        assert where == "ok", f"{size} {language}: the refusal is {where}"
        assert page.inner_text("#room-error").strip()
        _shot(page, f"room-late-{language}-{size}")

        # The test deals the window's coup: the page deals it card by card, then the panel.
        balance = page.inner_text("#balance")
        assert _step(served, room.id) == "coup"
        page.wait_for_function("() => document.querySelector('#result').textContent.trim()")
        page.wait_for_selector("#my-result .settlement-lines li[data-bet=banker]")
        cards = page.locator("#last-coup .card").count()
        assert 4 <= cards <= 6
        assert page.locator("#steps li").count() >= 1
        assert page.locator("#bead-plate g.cell").count() == 1
        # The shoe's first coup closed its client seeds: the form gives way to the commitment.
        assert page.is_hidden("#fair-ask") and page.is_visible("#room-commitment")
        assert page.inner_text("#balance") != balance or "±" in page.inner_text("#my-result")
        page.locator("#last-coup").scroll_into_view_if_needed()
        _shot(page, f"room-coup-{language}-{size}")
    finally:
        context.close()


# Three screens of one room: a phone in English, a laptop in Vietnamese, a phone in Hungarian.
SCREENS = (("phone", "en"), ("laptop", "vi"), ("phone", "hu"))


def test_three_screens_see_the_same_coup_and_the_same_roads(
    served: Served, playwright: Any, tmp_path: Path
) -> None:
    service = served.app.state.service
    room = service.rooms.create("Salon together", window_seconds=WINDOW_SECONDS, reveal_seconds=0)
    contexts, pages = [], []
    try:
        for n, (size, language) in enumerate(SCREENS):
            width, height = SIZES[size]
            phone = size == "phone"
            context = browser_context(
                playwright,
                tmp_path / f"profile-{n}",
                viewport={"width": width, "height": height},
                is_mobile=phone,
                has_touch=phone,
            )
            contexts.append(context)
            page = context.pages[0] if context.pages else context.new_page()
            page.goto(f"{served.url}/?lang={language}")
            page.click("#gate-yes")
            page.wait_for_url(re.compile(r".*/table"))
            page.goto(f"{served.url}/rooms/{room.id}")
            page.click("#sit")
            page.wait_for_function(
                "() => document.querySelector('#room').dataset.seat === 'seated'"
            )
            pages.append(page)
        for page in pages:
            page.wait_for_function("() => window.BaccaratCards !== undefined")
        seated = service.rooms.get(room.id).seats
        assert seated.seated == len(SCREENS)
        assert _step(served, room.id) == "window"
        for coup_number in (1, 2):  # after a coup the next window opens by itself
            for page in pages:
                page.wait_for_function(
                    "(n) => document.querySelector('#room').dataset.round === String(n)",
                    arg=service.rooms.get(room.id).round,
                )
            pages[0].fill("#stake-banker", "10")
            pages[0].click("#place-bets")
            pages[0].wait_for_selector("#my-stakes-list li[data-bet=banker]")
            with served.app.state.service.store.transaction() as db:
                from baccarat.store.models import RoomRecord

                record = db.get(RoomRecord, room.id)
                assert record is not None
                record.closes_at = service.clock()  # the window's time is up now
            assert _step(served, room.id) == "coup"
            for page in pages:
                page.wait_for_function(
                    "(n) => document.querySelectorAll('#bead-plate g.cell').length === n",
                    arg=coup_number,
                    timeout=30_000,
                )
                page.wait_for_function("() => document.querySelector('#result').textContent.trim()")
            dealt = [
                page.eval_on_selector_all("#last-coup .card", "(cs) => cs.map(c => c.dataset.code)")
                for page in pages
            ]
            assert dealt[0] and all(cards == dealt[0] for cards in dealt), dealt
            beads = [
                page.eval_on_selector_all(
                    "#bead-plate g.cell", "(cs) => cs.map(c => c.getAttribute('data-coup'))"
                )
                for page in pages
            ]
            assert all(b == beads[0] for b in beads), beads
            big = [page.locator("#big-road g.cell").count() for page in pages]
            assert len(set(big)) == 1, big
        for (size, language), page in zip(SCREENS, pages, strict=True):
            page.locator("#last-coup").scroll_into_view_if_needed()
            _shot(page, f"room-together-{language}-{size}")
    finally:
        for context in contexts:
            context.close()
