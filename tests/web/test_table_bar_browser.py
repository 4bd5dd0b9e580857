"""The thumb-zone bar and refusals where the player looks, in a real browser (Debian's Chromium)
at a phone's 390x844 and a laptop's 1366x800, in English, Vietnamese and Hungarian.

- Deal and a chip are inside the first viewport, and still there after a coup.
- A stack over the table maximum is flagged on its spot as it is placed; Deal then refuses it
  beside Deal and on the spot, with the focus on the spot, both inside the viewport.
- Over the player's own daily limit, the server's refusal stands beside Deal with the focus on
  it, announced (role=alert) and the previous coup's result dimmed.
- At a 1-deck table, Perfect Pair (a suited pair needs two identical cards) is greyed with its
  reason, and the API refuses a stake on it with a JSON 422 that names the bet.

Screenshots go to ``artifacts/`` (git-ignored): ``bar-*``, ``refused-*``, ``never-*``.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import (
    ARTIFACTS,
    IN_VIEW,
    LANGUAGES,
    SIZES,
    needs_chromium,
    open_table,
    seeded_server,
)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "bar", 11) as url:
        yield url


_FOCUS_IN_VIEW = "() => (" + IN_VIEW + ")(document.activeElement)"


def _viewport_shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _assert_in_view(page: Any, selector: str, what: str) -> None:
    where = page.evaluate(IN_VIEW, selector)
    assert where == "ok", f"{what}: {selector} is {where}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_deal_and_the_chips_are_in_the_first_viewport_and_stay_there(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        for selector in ("#deal", "label.chip-25", "#rebet-deal"):
            _assert_in_view(page, selector, f"{size} {language} first screen")
        assert not page.evaluate("() => document.querySelector('#side-drawer').open")
        _viewport_shot(page, f"bar-{language}-{size}")
        page.check("input[name=speed][value=instant]", force=True)
        page.click("label.chip-25")
        page.click(".spot-banker .spot-zone")
        page.click("#deal")
        page.wait_for_function("() => document.querySelector('#result').textContent.trim()")
        page.wait_for_function("() => !document.querySelector('#deal').disabled")
        for selector in ("#deal", "label.chip-25"):
            _assert_in_view(page, selector, f"{size} {language} after a coup")
        _viewport_shot(page, f"bar-{language}-{size}-after")
        # The side bets' drawer remembers that it was opened.
        page.click("#side-drawer > summary")
        page.reload()
        assert page.evaluate("() => document.querySelector('#side-drawer').open")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_a_stack_over_the_maximum_is_refused_on_its_spot_and_beside_deal(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        page.click("label.chip-5000")
        page.click(".spot-player .spot-zone")
        page.click(".spot-player .spot-zone")
        assert not page.inner_text("#error-player").strip()  # 10,000: the maximum, allowed
        page.click(".spot-player .spot-zone")
        flag = page.inner_text("#error-player")
        assert flag.strip(), "a stack over the maximum is flagged as it is placed"
        assert page.get_attribute("#error-player", "role") == "alert"
        page.click("#deal")
        page.wait_for_selector("#js-error:not([hidden])")
        assert page.evaluate("() => document.activeElement.matches('.spot-player .spot-zone')")
        where = page.evaluate(_FOCUS_IN_VIEW)
        assert where == "ok", f"{size} {language}: the focused spot is {where}"
        for selector in ("#error-player", "#js-error", "#deal"):
            _assert_in_view(page, selector, f"{size} {language} refused")
        assert flag in page.inner_text("#js-error")
        assert page.locator("#bead-plate g.cell").count() == 0
        _viewport_shot(page, f"refused-maximum-{language}-{size}")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_over_the_daily_limit_the_refusal_takes_the_focus_beside_deal(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        token = page.get_attribute('meta[name="csrf-token"]', "content") or ""
        limits = {"reality_check_minutes": 240, "session_limit_minutes": None}
        answer = page.request.put(
            page.url.split("/table")[0] + "/api/me/limits",
            data={**limits, "daily_coup_limit": 1},
            headers={"X-CSRF-Token": token},
        )
        assert answer.ok, answer.text()
        page.check("input[name=speed][value=instant]", force=True)
        page.click("label.chip-25")
        page.click(".spot-banker .spot-zone")
        page.click("#deal")
        page.wait_for_function("() => document.querySelector('#result').textContent.trim()")
        page.wait_for_function("() => !document.querySelector('#deal').disabled")
        page.click(".spot-banker .spot-zone")
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as refused:
            page.click("#deal")
        assert refused.value.status == 403
        assert refused.value.json()["code"] == "daily_coup_limit"
        page.wait_for_selector("#js-error:not([hidden])")
        assert page.evaluate("() => document.activeElement.id") == "js-error"
        _assert_in_view(page, "#js-error", f"{size} {language} daily limit")
        _assert_in_view(page, "#deal", f"{size} {language} daily limit")
        assert page.get_attribute("#js-error", "role") == "alert"
        # The page's script shows the count's restart (00:00 UTC) in the reader's time zone.
        detail = refused.value.json()["detail"]
        assert detail.split("00:00")[0] in page.inner_text("#js-error")
        opacity = page.evaluate("() => getComputedStyle(document.querySelector('#result')).opacity")
        assert float(opacity) < 0.5, "the previous coup's result is dimmed"
        _viewport_shot(page, f"refused-daily-{language}-{size}")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_a_bet_the_shoe_cannot_pay_is_greyed_and_refused(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        page.click(".new-table > summary")
        page.select_option("#new-rule-set", "punto-banco")
        page.select_option("#new-decks", "1")
        page.click(".new-table button[type=submit]")
        page.wait_for_selector(".spot-perfect_pair", state="attached")
        assert page.locator(".spot-never").count() == 1
        assert "spot-never" in (page.get_attribute(".spot-perfect_pair", "class") or "")
        page.click("#side-drawer > summary")
        reason = page.inner_text("#error-perfect_pair")
        assert "1" in reason and reason.strip()
        assert page.is_disabled("#stake-perfect_pair")
        page.click(".spot-perfect_pair .spot-zone", force=True)
        assert page.inner_text("#amount-perfect_pair") == ""  # no chip on it
        page.locator(".spot-perfect_pair").scroll_into_view_if_needed()
        _viewport_shot(page, f"never-{language}-{size}")
        table_id = page.get_attribute("#table", "data-table-id")
        token = page.get_attribute('meta[name="csrf-token"]', "content") or ""
        base = page.url.split("/table")[0]
        answer = page.request.post(
            f"{base}/api/tables/{table_id}/deal",
            data={"stakes": {"perfect_pair": "5"}},
            headers={"X-CSRF-Token": token, "Idempotency-Key": f"never-{language}-{size}"},
        )
        assert answer.status == 422 and answer.headers["content-type"] == "application/json"
        body = answer.json()
        assert body["code"] == "bad_stake" and body["bet"] == "perfect_pair" and body["detail"]
        assert page.request.get(f"{base}/api/me").json()["player"]["balance"] == "10000"
    finally:
        context.close()


# Where the side bets and the bar stand: the side bets' column beside the main spots (or folded
# under them), the bar's chips and Deal on one row, the 5,000 chip's face whole in its rail.
_LAYOUT = """() => {
  const box = (s) => document.querySelector(s).getBoundingClientRect();
  const face = document.querySelector("label.chip-5000 .chip-face");
  const rail = document.querySelector(".action-bar .chips");
  return {
    main: box(".felt-main").toJSON(), side: box("#side-drawer > .felt-side").toJSON(),
    chips: box(".action-bar .chips").toJSON(), deal: box("#deal").toJSON(),
    rail: rail.getBoundingClientRect().toJSON(), chip: box("label.chip-5000 .chip-face").toJSON(),
    face_fits: face.scrollWidth <= face.clientWidth && face.scrollHeight <= face.clientHeight,
    rail_scrolls: rail.scrollWidth > rail.clientWidth,
    side_shown: document.querySelector("#side-drawer > .felt-side").checkVisibility(),
  };
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_side_bets_stand_beside_the_main_spots_on_a_wide_screen_and_the_bar_keeps_one_row(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        at = f"{size} {language}"
        for selector in ("#deal", "label.chip-25"):
            _assert_in_view(page, selector, f"{at} first screen")
        layout = page.evaluate(_LAYOUT)
        main, side = layout["main"], layout["side"]
        if size == "laptop":
            # A column of their own to the right of Player, Tie and Banker, level with them.
            assert layout["side_shown"] and side["left"] >= main["right"], f"{at}: {layout}"
            assert side["top"] < main["bottom"] and main["top"] < side["bottom"], f"{at}: {layout}"
            # Chips and Deal share one row, and the bar leaves the side bets' fold uncovered.
            chips, deal = layout["chips"], layout["deal"]
            assert deal["top"] < chips["bottom"] and chips["top"] < deal["bottom"], (
                f"{at}: {layout}"
            )
            _assert_in_view(page, "#side-drawer > summary", f"{at} side bets' fold")
        else:
            assert not layout["side_shown"], f"{at}: the side bets wait folded on a phone"
        # The 5,000 chip whole inside its rail, its amount inside its face.
        rail, chip = layout["rail"], layout["chip"]
        assert rail["left"] <= chip["left"] and chip["right"] <= rail["right"] + 0.5, (
            f"{at}: {layout}"
        )
        assert layout["face_fits"] and not layout["rail_scrolls"], f"{at}: {layout}"
        _assert_in_view(page, "label.chip-5000", f"{at} 5,000 chip")
        _viewport_shot(page, f"layout-{language}-{size}")
    finally:
        context.close()
