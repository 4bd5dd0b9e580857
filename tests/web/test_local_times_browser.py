"""Times in the reader's own time zone, in a real browser (Debian's Chromium) set to
Ho Chi Minh City's zone (UTC+7, no summer time), at a phone's 390x844 and a laptop's 1366x800,
in English, Vietnamese and Hungarian: the break page's "this session started at" is the local
hour, written as the page's language writes a time, and no "UTC" is left on it.

Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from support.browser import (
    ARTIFACTS,
    LANGUAGES,
    SIZES,
    needs_chromium,
    open_table,
    seeded_server,
)

pytestmark = needs_chromium

ZONE = "Asia/Ho_Chi_Minh"
OFFSET = timedelta(hours=7)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "localtimes", 5) as url:
        yield url


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_break_page_shows_the_start_in_the_readers_zone(
    playwright: Any, tmp_path: Path, server: str, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language, timezone_id=ZONE)
    try:
        page.click("label.chip-100")
        page.click(".spot-banker .spot-zone")
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
            page.click("#deal")
        assert answer.value.status == 200
        page.goto(f"{server}/break?lang={language}")
        stamp = page.get_attribute(".break-page time", "datetime")
        assert stamp is not None
        started = datetime.strptime(stamp, "%Y-%m-%dT%H:%M:%SZ").replace(tzinfo=UTC)
        local = started + OFFSET
        shown = page.inner_text(".break-page time")
        # Each language's short time: "3:05 PM" in English, "15:05" or "5:05" in Vietnamese and
        # Hungarian (a leading zero as the language writes it).
        hour = (local.hour % 12 or 12) if language == "en" else local.hour
        assert re.search(rf"\b0?{hour}:{local.minute:02d}\b", shown), shown
        assert "UTC" not in shown, shown
        assert "UTC" not in page.inner_text("main")
        # The UTC text stays as the time's title, for a reader who wants it.
        assert page.get_attribute(".break-page time", "title") == started.strftime("%H:%M UTC")
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"break-local-{size}-{language}.png"))
    finally:
        context.close()


_SET_DAILY_LIMIT = """async () => {
  const token = document.querySelector('meta[name="csrf-token"]').content;
  const limits = {reality_check_minutes: 60, session_limit_minutes: null, daily_coup_limit: 1};
  const answer = await fetch("/api/me/limits", {method: "PUT", body: JSON.stringify(limits),
    headers: {"Content-Type": "application/json", "X-CSRF-Token": token}});
  return answer.status;
}"""


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", list(SIZES))
def test_the_daily_limit_names_the_restart_in_the_readers_zone(
    playwright: Any, tmp_path: Path, server: str, size: str, language: str
) -> None:
    # The count restarts at 00:00 UTC: 7:00 in Ho Chi Minh City, written as the language writes it.
    context, page = open_table(playwright, tmp_path, server, size, language, timezone_id=ZONE)
    try:
        assert page.evaluate(_SET_DAILY_LIMIT) == 200
        for expected in (200, 403):
            page.click("label.chip-100")
            page.click(".spot-banker .spot-zone")
            with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
                page.click("#deal")
            assert answer.value.status == expected
            page.wait_for_function("() => !document.querySelector('#deal').disabled")
        page.wait_for_function("() => !document.querySelector('#js-error').hidden")
        refusal = page.inner_text("#js-error")
        assert re.search(r"\b0?7:00\b", refusal) and "UTC" not in refusal, refusal
        page.locator("#js-error").scroll_into_view_if_needed()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"daily-limit-local-{size}-{language}.png"))
    finally:
        context.close()
