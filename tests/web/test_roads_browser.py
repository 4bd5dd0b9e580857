"""The roads at the mark, in a real browser (Debian's Chromium) at a phone's 390x844 and a
laptop's 1366x800, in English, Vietnamese and Hungarian.

- A derived mark's whole cell is its target: a tap beside a Cockroach Pig's thin slash opens the
  Cockroach Pig's own reason in place of a Small Road mark's (where that why, below its mark on a
  phone, covers the Cockroach Pig, its Close closes it first), in a popover beside the mark
  and wholly inside the viewport, and the two Big Road columns the mark set side by side are lit
  while it is open (Escape closes it and puts them out).
- A Big Road cell, tapped in its ring's hollow middle, replays the coup that made it, as a bead
  does.

Screenshots go to ``artifacts/roads-why-*.png`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.browser import (
    ARTIFACTS,
    LANGUAGES,
    SIZES,
    deal_five_on_player,
    needs_chromium,
    open_table,
    seeded_server,
)

pytestmark = needs_chromium

PIG = "#road-cockroach-pig g.cell"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "roads", 7) as url:
        yield url


_POPOVER = """() => {
  const box = document.querySelector("#road-why");
  const r = box.getBoundingClientRect();
  const lit = Array.from(document.querySelectorAll("#big-road g.cell.lit"), (g) => g.dataset.column);
  return {
    hidden: box.hidden,
    road: box.dataset.road || null,
    text: box.innerText,
    title: box.querySelector("strong").textContent,
    lit_line: (box.querySelector(".road-why-lit") || {}).textContent || null,
    inside: r.width > 0 && r.height > 0 && r.left >= 0 && r.top >= 0
      && r.right <= window.innerWidth + 0.5 && r.bottom <= window.innerHeight + 0.5,
    where: [r.left, r.top, r.right, r.bottom, window.innerWidth, window.innerHeight],
    lit: Array.from(new Set(lit)).sort((a, b) => a - b),
    lit_cells: lit.length,
  };
}"""

_MARK = """([selector, index]) => {
  const cell = document.querySelectorAll(selector)[index];
  const reasons = JSON.parse(document.querySelector("#road-reasons").textContent);
  const board = cell.closest(".road.derived");
  const pair = cell.dataset.pair.split(" ");
  return {
    pair: pair,
    cells: pair.map((c) => document.querySelectorAll(`#big-road g.cell[data-column="${c}"]`).length)
      .reduce((a, b) => a + b, 0),
    reason: reasons[board.dataset.road][index],
    name: document.querySelector(`#${board.id}-title`).firstChild.textContent.trim(),
    role: cell.getAttribute("role"),
    label: cell.getAttribute("aria-label"),
    tabindex: cell.getAttribute("tabindex"),
  };
}"""


_SETTLED = "() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))"
"""Resolves once the page has drawn twice: the scroll events are handled (an open why has
followed its mark)."""

_AT = """([selector, index, x, y]) =>
  document.querySelectorAll(selector)[index].contains(document.elementFromPoint(x, y))"""


def _in_sight(page: Any, selector: str, index: int) -> tuple[float, float, bool]:
    """Scroll a cell to the middle of the screen, as a person does before tapping it, and let
    the page follow; the point near its bottom-right corner (on no stroke of a ring, a dot or a
    slash), and whether a tap there reaches the cell (an open why may cover it)."""
    cell = page.locator(selector).nth(index)
    cell.evaluate("(c) => c.scrollIntoView({ block: 'center', inline: 'nearest' })")
    page.evaluate(_SETTLED)
    box = cell.bounding_box()
    assert box is not None
    x, y = box["x"] + box["width"] * 0.92, box["y"] + box["height"] * 0.92
    return x, y, page.evaluate(_AT, [selector, index, x, y])


def _tap_beside_the_glyph(page: Any, selector: str, index: int) -> None:
    """Tap a cell in sight beside its glyph, where the finger lands (no scrolling by the
    driver while it aims: the page would move an open why under the finger)."""
    x, y, reached = _in_sight(page, selector, index)
    assert reached, f"{selector} #{index} is covered at ({x}, {y})"
    page.mouse.click(x, y)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_a_cockroach_pig_mark_says_its_own_why_beside_it_and_a_big_road_cell_replays(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.check("input[name=speed][value=instant]", force=True)
        for _ in range(60):
            deal_five_on_player(page)
            if page.locator(PIG).count() >= 2 and page.locator("#road-small-road g.cell").count():
                break
        else:
            pytest.fail("no Cockroach Pig mark in 60 coups")
        pigs = page.locator(PIG).count()

        # A Small Road mark's why first: the Cockroach Pig's replaces it.
        _tap_beside_the_glyph(page, "#road-small-road g.cell", 0)
        assert page.evaluate(_POPOVER)["road"] == "small_road"

        index = pigs - 1
        mark = page.evaluate(_MARK, [PIG, index])
        assert mark["role"] == "button" and mark["tabindex"] == "0"
        assert mark["label"].startswith(mark["name"] + ",")
        if not _in_sight(page, PIG, index)[2]:
            # On a phone the why opens below its mark, over the board beneath (the Cockroach
            # Pig's): a person closes it (Close, in the why) before tapping a mark under it.
            page.click("#road-why button")
            assert page.evaluate(_POPOVER)["hidden"]
        _tap_beside_the_glyph(page, PIG, index)
        shown = page.evaluate(_POPOVER)
        assert not shown["hidden"] and shown["road"] == "cockroach_pig"
        assert shown["title"].endswith("· " + mark["name"])
        assert mark["reason"] in shown["text"]
        first, second = (str(int(c) + 1) for c in mark["pair"])
        assert f"{first}" in shown["lit_line"] and f"{second}" in shown["lit_line"]
        assert shown["inside"], shown["where"]
        # The two Big Road columns compared, every cell of them, and nothing else.
        assert shown["lit"] == mark["pair"] and shown["lit_cells"] == mark["cells"]
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"roads-why-{language}-{size}.png"))
        # The Big Road with its lit columns (on a phone it lies a screen above the mark).
        page.locator("#big-road").screenshot(
            path=str(ARTIFACTS / f"roads-why-lit-{language}-{size}.png")
        )
        assert page.evaluate(_POPOVER)["inside"]

        # The first Cockroach Pig mark by the keyboard: focus, Enter; Escape closes.
        first_mark = page.evaluate(_MARK, [PIG, 0])
        page.locator(PIG).first.focus()
        page.keyboard.press("Enter")
        shown = page.evaluate(_POPOVER)
        assert shown["road"] == "cockroach_pig" and first_mark["reason"] in shown["text"]
        assert shown["inside"], shown["where"]
        assert shown["lit"] == first_mark["pair"]
        page.keyboard.press("Escape")
        closed = page.evaluate(_POPOVER)
        assert closed["hidden"] and closed["lit_cells"] == 0

        # A Big Road cell, tapped in its ring's middle, replays the coup that made it.
        cell = page.locator("#big-road g.cell[data-column]").nth(2)
        coup = int(cell.get_attribute("data-coup"))
        ids = page.get_attribute("#bead-plate", "data-coup-ids").split(",")
        cell.scroll_into_view_if_needed()
        with page.expect_response(lambda r: r.url.endswith(f"/api/coups/{ids[coup]}")):
            cell.click()
        page.wait_for_function("() => !document.querySelector('#replay-banner').hidden")
        assert str(coup + 1) in page.inner_text("#replay-banner")
        page.wait_for_function("() => !document.querySelector('#deal').disabled")
        page.screenshot(path=str(ARTIFACTS / f"roads-replay-{language}-{size}.png"))
        assert errors == []
    finally:
        context.close()
