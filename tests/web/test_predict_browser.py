"""The table's "predict, then reveal" mode in a real browser (Debian's Chromium) at a phone's
390x844 and a laptop's 1366x800, in English, Vietnamese and Hungarian.

- Every decision: before the Player's and the Banker's draw-or-stand the coach asks; the question
  and its two buttons lie inside the screen; one answer by a tap, one by the keyboard (D, S);
  the verdict shows the engine's sentence; each answer lands in the quiz page's heatmap.
- The hard cells only: a natural is dealt with no question and no tap beyond Deal, and only a
  Banker decision of a hard cell (Banker 3 to 6 after a Player's third card) is asked.

Screenshots go to ``artifacts/`` (git-ignored).
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
    deal_answer,
    needs_chromium,
    open_table,
    seeded_server,
)

pytestmark = needs_chromium

HARD_ROWS = (3, 4, 5, 6)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "predict", 37) as url:
        yield url


@pytest.fixture(params=list(SIZES))
def size(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture(params=LANGUAGES)
def language(request: pytest.FixtureRequest) -> str:
    return str(request.param)


# The question's and the buttons' boxes, and whether each lies inside the screen.
_INSIDE = """() => [...document.querySelectorAll('#predict-question, #predict-draw, #predict-stand')]
  .map(el => { const b = el.getBoundingClientRect();
    return [el.id, b.width > 0 && b.height > 0 && b.top >= 0 && b.left >= 0
      && b.bottom <= window.innerHeight && b.right <= window.innerWidth]; })"""


def _setup(page: Any, mode: str) -> dict[str, str]:
    page.check(f"input[name=predict][value={mode}]", force=True)
    page.check("input[name=speed][value=instant]", force=True)
    messages: dict[str, str] = page.evaluate(
        "() => JSON.parse(document.querySelector('#predict-messages').textContent)"
    )
    return messages


def _deal(page: Any) -> dict[str, Any]:
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    page.click("label.chip-5")
    page.click(".spot-banker .spot-zone")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
        page.click("#deal")
    coup: dict[str, Any] = deal_answer(answer.value)["coup"]
    return coup


def _finished(page: Any) -> None:
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    assert page.inner_text("#result").strip()


def _hard(cell: str) -> bool:
    parts = cell.split("-")
    return parts[0] == "b" and parts[2].isdigit() and int(parts[1]) in HARD_ROWS


def _answer(page: Any, step: dict[str, Any], messages: dict[str, str], by_key: bool) -> str:
    """Answer the open question with the wrong action for ``step`` (by key or by a tap); the
    quiz cell the server recorded it in."""
    page.wait_for_selector("#predict-buttons:not([hidden])")
    assert page.inner_text("#predict-question") == messages[step["side"]]
    assert all(inside for _, inside in page.evaluate(_INSIDE)), page.evaluate(_INSIDE)
    wrong = "stand" if step["action"] == "draw" else "draw"
    url = "/api/quiz/table-answer"
    with page.expect_response(lambda r: r.url.split("?")[0].endswith(url)) as answer:
        if by_key:
            page.keyboard.press("s" if wrong == "stand" else "d")
        else:
            page.click(f"#predict-{wrong}")
    verdict = answer.value.json()
    assert verdict["right"] is False and verdict["expected"] == step["action"]
    shown = page.inner_text("#predict-verdict li:last-child")
    assert messages["wrong_" + step["action"]] in shown and step["text"] in shown
    return str(verdict["cell"])


def test_every_decision_is_asked_and_lands_in_the_quiz_heatmap(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    try:
        messages = _setup(page, "all")
        cells: list[str] = []
        for _ in range(12):
            coup = _deal(page)
            if coup["natural"]:
                _finished(page)
                continue
            player, banker = coup["steps"]
            cells.append(_answer(page, player, messages, by_key=False))
            ARTIFACTS.mkdir(exist_ok=True)
            page.wait_for_selector("#predict-buttons:not([hidden])")
            page.screenshot(path=str(ARTIFACTS / f"predict-{language}-{size}-question.png"))
            cells.append(_answer(page, banker, messages, by_key=True))
            _finished(page)
            page.screenshot(path=str(ARTIFACTS / f"predict-{language}-{size}-verdict.png"))
            break
        assert len(cells) == 2, "no coup without a natural in twelve deals"
        page.goto(f"{server}/quiz?lang={language}")
        for cell in cells:
            heat = page.locator(f'td[data-cell="{cell}"]')
            assert heat.get_attribute("data-wrong") == "1", cell
            heat.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / f"predict-{language}-{size}-heatmap.png"))
    finally:
        context.close()


def test_the_hard_cells_only_deal_a_natural_with_no_question(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = open_table(playwright, tmp_path, server, size, language)
    asked: list[str] = []
    page.on(
        "request",
        lambda r: asked.append(r.url) if r.url.endswith("/api/quiz/table-answer") else None,
    )
    try:
        messages = _setup(page, "hard")
        mode = page.locator("#predict-mode")
        mode.scroll_into_view_if_needed()
        assert mode.is_visible()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"predict-{language}-{size}-mode.png"))
        natural = False
        hard = 0  # coups whose Banker decision was a hard cell, each answered once
        for _ in range(30):
            coup = _deal(page)
            banker = coup["steps"][-1]
            if _hard(banker["cell"]) and not coup["natural"]:
                _answer(page, banker, messages, by_key=True)
                hard += 1
            _finished(page)
            # Nothing asked beyond the hard cell: the buttons are gone, no answer was sent.
            assert page.locator("#predict-buttons").is_hidden()
            if coup["natural"]:
                natural = True
                assert page.locator("#predict-verdict li").count() == 0
                if not hard:
                    assert asked == []
            if natural and hard:
                break
        assert natural and hard
        assert len(asked) == hard  # one answer for each hard cell, none for the rest
    finally:
        context.close()
