"""The quiz in a real browser (Debian's Chromium driven by Playwright against a real server).

A full round of twelve situations: each answer gets its verdict and the engine's explanation, and
the heatmap of the Banker table updates after every answer — a wrong answer turns its cell red and
marks it due for review. Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
from pydantic import SecretStr

from baccarat.core.cards import Card
from baccarat.core.coup import hand_total
from baccarat.core.tableau import PUNTO_BANCO, Action
from support.browser import (
    needs_chromium,
    open_page,
    pass_gate,
    screenshot,
    serve_in_thread,
)

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real server (uvicorn, in a thread) on a free port, with its own SQLite file."""
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    data = tmp_path_factory.mktemp("quiz-browser-data")
    app = create_app(Settings(data_dir=data, secret_key=SecretStr("quiz-test-" + "k" * 32)))
    with serve_in_thread(app) as url:
        yield url


def _cards(page: Any, side: str) -> list[Card]:
    codes = page.locator(f"#quiz-{side}-cards li").evaluate_all(
        "els => els.map(e => e.dataset.code)"
    )
    return [Card.parse(code) for code in codes]


def _right_answer(page: Any) -> str:
    """What the draw table says for the situation on the page."""
    player, banker = _cards(page, "player"), _cards(page, "banker")
    pt, bt = hand_total(player[:2]), hand_total(banker)
    if PUNTO_BANCO.is_natural(pt) or PUNTO_BANCO.is_natural(bt):
        return Action.STAND.value
    if page.get_attribute("#quiz-question", "data-side") == "player":
        return PUNTO_BANCO.player_decision(pt).action.value
    third = player[2].value if len(player) == 3 else None
    return PUNTO_BANCO.banker_decision(bt, third).action.value


def _heat(page: Any, key: str) -> tuple[int, int, str]:
    cell = page.locator(f'#heatmap td[data-cell="{key}"]')
    return (
        int(cell.get_attribute("data-right")),
        int(cell.get_attribute("data-wrong")),
        str(cell.get_attribute("class")),
    )


def _heat_of(right: int, wrong: int) -> str:
    """The heatmap's colour for a record: under half right is poor, four in five good."""
    share = Fraction(right, right + wrong)
    return (
        "heat-good"
        if share >= Fraction(4, 5)
        else "heat-fair"
        if share >= Fraction(1, 2)
        else "heat-poor"
    )


def test_a_full_round_with_the_heatmap_updating(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = open_page(playwright, tmp_path, viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    pass_gate(page, server)
    page.goto(server + "/quiz")
    assert page.locator("#heatmap td.heat-none").count() == 88 + 8 + 10  # nothing answered yet
    shown = page.locator("#heatmap td span[aria-hidden=true]").all_inner_texts()
    assert set(shown) == {"–"}  # the heatmap never gives the rule away
    page.click("#start-normal")
    missed = None
    answered = 0
    rights: Counter[str] = Counter()  # right answers by situation, this round's only record
    while page.locator("#quiz-question").count():
        assert "Situation" in page.inner_text(".quiz-progress")
        side = page.get_attribute("#quiz-question", "data-side")
        assert page.inner_text("#quiz-prompt").startswith(("Player", "Banker"))
        if side == "banker" and len(_cards(page, "player")) == 3:
            assert page.inner_text("#quiz-third").startswith("Player draws")
        right = _right_answer(page)
        wrong = missed is None and side == "banker"
        choice = ("stand" if right == "draw" else "draw") if wrong else right
        page.click(f"#answer-{choice}")
        page.wait_for_selector("#quiz-result")
        answered += 1
        key = page.get_attribute("#quiz-result", "data-cell")
        right_count, wrong_count, css = _heat(page, key)
        assert "heat-last" in css
        if wrong:
            missed = key
            assert page.inner_text("#quiz-result .verdict").startswith("Wrong")
            assert (right_count, wrong_count) == (rights[key], 1)
            assert {_heat_of(right_count, 1), "heat-due"} <= set(css.split())
        else:
            assert page.inner_text("#quiz-result .verdict").startswith("Right")
            assert right_count >= 1
            rights[key] += 1
        explanation = page.inner_text("#quiz-explanation")
        assert explanation.endswith(".") and re.search(r"(Player|Banker)", explanation)
        if answered == 2:
            screenshot(page, "quiz-after-an-answer")
    assert answered == 24
    assert page.inner_text("#quiz-score") == "You answered 23 of 24 right."
    assert page.inner_text("#heatmap-summary") == "Answers so far: 23 right, 1 wrong."
    assert missed is not None
    # One wrong answer and as many right ones as the round asked it otherwise (a natural can
    # come up for either side, before the miss or after).
    right_count, wrong_count, css = _heat(page, missed)
    assert (right_count, wrong_count) == (rights[missed], 1)
    assert _heat_of(right_count, 1) in css.split()
    screenshot(page, "quiz-round-over")
    # The record is the player's: the quiz page shows the same heatmap later.
    page.goto(server + "/quiz")
    assert page.inner_text("#heatmap-summary") == "Answers so far: 23 right, 1 wrong."
    assert errors == []
    context.close()


def test_the_quiz_in_vietnamese(server: str, playwright: Any, tmp_path: Path) -> None:
    context, page = open_page(playwright, tmp_path, locale="vi-VN")
    pass_gate(page, server)
    page.goto(server + "/quiz?lang=vi")
    page.click("#start-hard")
    assert page.inner_text("#quiz-prompt").startswith("Con: rút bài hay dừng?")
    page.click(f"#answer-{_right_answer(page)}")
    assert page.inner_text("#quiz-result .verdict").startswith("Đúng")
    assert "Con có" in page.inner_text("#quiz-explanation")
    assert page.inner_text("#quiz-prompt").startswith("Cái: rút bài hay dừng?")
    context.close()
