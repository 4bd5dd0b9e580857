"""The coach's squeeze, its reduced-motion fallback and its draw-table row, in a real browser
(Debian's Chromium) at a phone's 390x844 and a laptop's 1366x800, in English, Vietnamese and
Hungarian.

- The squeeze: every card comes face down and is lifted into the squeeze's dialog, where it is
  peeled by a finger (phone) or the mouse (laptop) from a corner or an edge (a drag short of the
  threshold springs back, a cancelled press lets it fall home, a drag begun off the card and
  released on it peels nothing), or turned by its button and the keyboard. Each card's face
  shows only after its own peel: the card is ``face-down`` on the felt, the dialog's card shows
  its back on top (``elementFromPoint``), its label and its side's total are withheld until
  then. The coup ends with the deal's answer (cards, totals, result) and the balance moves by
  its settlement. (tests/web/test_squeeze_browser.py: the dialog's size, each side, the
  settings, the keys.)
- Reduced motion: no animation or transition runs on the page (``document.getAnimations()``),
  the dealt cards' ``animation-name`` is ``none`` and the back has no transition; the squeeze
  still peels.
- In step mode on a phone, every cell of the draw table's row beside the cards lies inside the
  screen and its own box (nothing to scroll to), and the header stays under a fifth of the
  screen's height, in every language.

Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest

from support.browser import (
    ARTIFACTS,
    IN_VIEW,
    LANGUAGES,
    SIZES,
    deal_answer,
    needs_chromium,
    open_table,
    seeded_server,
)
from support.squeeze import SPOTS, Finger, card_point, drag, peel_from, squeeze_state, wait_open

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "squeeze", 11) as url:
        yield url


# Every animation or transition that starts on a page, as "event:name:class of its element".
_RECORD_MOTION = """
window.__motion = [];
for (const type of ["animationstart", "transitionrun"]) {
  window.addEventListener(type, (e) => window.__motion.push(
    type + ":" + (e.animationName || e.propertyName) + ":" + e.target.className), true);
}
"""


def _open(
    playwright: Any, tmp_path: Path, server: str, size: str, language: str, **options: Any
) -> tuple[Any, Any]:
    return open_table(playwright, tmp_path, server, size, language, _RECORD_MOTION, **options)


def _shot(page: Any, name: str) -> None:
    """The viewport as the player sees it (the coach is sticky while it deals)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _place_with_chips(page: Any) -> None:
    """Banker 100 and Tie 5, by chips alone."""
    page.click("label.chip-100")
    page.click(".spot-banker .spot-zone")
    page.click("label.chip-5")
    page.click(".spot-tie .spot-zone")
    assert page.inner_text("#amount-banker") == "100"
    assert page.inner_text("#amount-tie") == "5"


def _timeline(coup: dict[str, Any]) -> list[tuple[str, Any]]:
    """The coup in the order the page plays it (docs/json.md): four cards, each step followed by
    the card it drew, then the result."""
    cards = list(coup["cards"])
    events: list[tuple[str, Any]] = [("card", card) for card in cards[:4]]
    rest = cards[4:]
    for step in coup["steps"]:
        events.append(("step", step))
        if "card" in step["params"]:
            events.append(("card", rest.pop(0)))
    assert rest == []
    events.append(("result", None))
    return events


# What the coach shows now: how many cards, which are face down, one card's state (the newest
# or the one marked ``data-test-card``: its label, code, and whether its back is what lies on top
# at its centre), the steps, the result, the Next button and the squeeze's dialog (open, its
# card's code, and whether its back lies on top at its centre).
_STATE = """(mark) => {
  const cards = [...document.querySelectorAll('#player-cards li, #banker-cards li')];
  const newest = mark === null ? document.querySelector('.coach .card.newest')
    : document.querySelector(`.coach [data-test-card="${mark}"]`);
  const next = document.querySelector('#next-card');
  const dialog = document.querySelector('#squeeze');
  const lifted = document.querySelector('#squeeze-card');
  let squeeze = { open: dialog.open, code: null, top: null };
  if (dialog.open) {
    const box = lifted.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    squeeze = { open: true, code: lifted.dataset.code,
                top: hit && hit.closest('.squeeze-back') ? 'back' : hit ? hit.className : 'nothing' };
  }
  let top = null;
  if (newest) {
    const box = newest.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    top = !hit ? 'nothing' : hit.closest('.card-back') ? 'back'
      : newest.contains(hit) ? 'face' : 'other: ' + hit.tagName + '.' + hit.className;
  }
  return {
    cards: cards.length,
    faceDown: cards.filter(c => c.classList.contains('face-down')).length,
    backs: document.querySelectorAll('.coach .card-back').length,
    newest: newest ? {
      code: newest.dataset.code, label: newest.getAttribute('aria-label'), top: top,
      faceDown: newest.classList.contains('face-down'),
      back: newest.querySelector('.card-back') !== null,
      text: newest.querySelector('.rank').textContent + newest.querySelector('.suit').textContent,
    } : null,
    totals: { player: document.querySelector('#player-total').textContent.trim(),
              banker: document.querySelector('#banker-total').textContent.trim() },
    steps: document.querySelectorAll('#steps li').length,
    result: document.querySelector('#result').textContent.trim(),
    next: next.hidden ? null : next.textContent.trim(),
    squeeze: squeeze,
  };
}"""


def _check_in_view(page: Any, what: str, squeezing: bool = False) -> None:
    """The newest card, the sentence, the lit cell and the Next button (or, while a card is
    squeezed, the squeeze's card) are on the screen."""
    selectors = {"newest card": ".coach .card.newest"}
    if squeezing:
        selectors["squeeze's card"] = "#squeeze-card"
    else:
        selectors["Next button"] = "#next-card"
    if page.inner_text("#coach-sentence").strip():
        selectors["sentence"] = "#coach-sentence"
        selectors["lit cell"] = "#coach-lit"
    for name, selector in selectors.items():
        where = page.evaluate(IN_VIEW, selector)
        # The squeeze is a modal dialog over the coach: what it covers lies under it, in place.
        under_dialog = squeezing and name != "squeeze's card" and where == "covered"
        assert where == "ok" or under_dialog, f"{what}: the {name} is {where}"


def _state(page: Any, mark: int | None = None) -> dict[str, Any]:
    return dict(page.evaluate(_STATE, mark))


def _wait(page: Any, test: str, arg: dict[str, Any]) -> dict[str, Any]:
    """Wait until ``test(state, arg)`` holds for the coach's state (about the card marked
    ``arg["mark"]``, else the newest); return that state."""
    mark = arg.get("mark")
    page.wait_for_function(
        f"arg => ((s, arg) => {test})(({_STATE})(arg.mark), arg)", arg={"mark": mark, **arg}
    )
    return _state(page, mark)


Peel = Callable[[Any, int], None]
Advance = Callable[[Any, int], None]


def _squeeze_a_coup(
    page: Any,
    peel: Peel,
    advance: Advance,
    what: str,
    shot: str | None = None,
    check: Callable[[Any], None] | None = None,
) -> dict[str, Any]:
    """Deal one coup in squeeze mode, peel each card with ``peel(page, index)`` and move past
    each step and the result with ``advance(page, index)``, checking after every event that only
    the peeled cards show their faces; ``check(page)`` runs while each card lies face down and
    after its peel. Returns the deal's answer."""
    messages = page.evaluate(
        "() => JSON.parse(document.querySelector('#felt-messages').textContent)"
    )
    before = Decimal(page.get_attribute("#balance", "data-balance"))
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
        page.click("#deal")
    data = deal_answer(answer.value)
    coup = data["coup"]
    totals = {"player": "–", "banker": "–"}
    cards = steps = taps = 0
    for kind, event in _timeline(coup):
        if kind == "card":
            state = _wait(
                page,
                "s.cards === arg.cards && s.newest && s.newest.faceDown && s.squeeze.open",
                {"cards": cards + 1},
            )
            wait_open(page, event["code"])  # lifted into place
            state = _state(page)
            # Face down: only this card, lifted into the dialog with its back on top there, its
            # label and its total withheld; Next waits behind the dialog.
            assert state["faceDown"] == 1 and state["backs"] == 1, (what, state)
            newest = state["newest"]
            assert newest["code"] == event["code"], (what, state)
            assert state["squeeze"] == {"open": True, "code": event["code"], "top": "back"}, state
            assert newest["label"] == messages["face_down"], (what, state)
            assert state["totals"] == totals, (what, state)
            assert state["next"] is None, (what, state)
            _check_in_view(page, f"{what}, card {cards + 1} face down", squeezing=True)
            if shot and cards == len(coup["cards"]) - 1:  # the last card, face down
                _shot(page, shot)
            if check:
                check(page)
            # Mark it: once peeled, the next card may already lie face down beside it.
            page.eval_on_selector(
                ".coach .card.newest", "(li, n) => { li.dataset.testCard = String(n); }", cards
            )
            peel(page, cards)
            state = _wait(page, "s.newest && !s.newest.faceDown", {"mark": cards})
            cards += 1
            assert state["faceDown"] <= 1, (what, state)
            assert state["squeeze"]["open"] == (state["faceDown"] == 1), (what, state)
            newest = state["newest"]
            assert newest["code"] == event["code"] and newest["label"] == event["label"], state
            assert newest["text"] == event["rank"] + event["suit"], (what, state)
            assert not newest["back"], (what, state)
            if not state["squeeze"]["open"]:  # (else the next card is in the dialog, on top)
                assert newest["top"] == "face", (what, state)
            totals[event["side"]] = str(event["total"])
            assert state["totals"] == totals, (what, state)
            if check:
                check(page)
            continue
        label = messages["finish"] if kind == "result" else messages["next_card"]
        state = _wait(
            page,
            "s.cards === arg.cards && s.faceDown === 0 && s.steps === arg.steps"
            " && s.next === arg.label",
            {"cards": cards, "steps": steps, "label": label},
        )
        _check_in_view(page, f"{what}, before {kind} {steps + 1}")
        advance(page, taps)
        taps += 1
        if kind == "step":
            steps += 1
            state = _wait(page, "s.steps === arg.steps", {"steps": steps})
            assert page.inner_text("#coach-sentence") == event["text"], what
        else:
            state = _wait(page, "s.result !== ''", {})
    page.wait_for_function("() => !document.querySelector('#deal').disabled")
    state = _state(page)
    assert state["cards"] == len(coup["cards"]) and state["faceDown"] == 0, (what, state)
    assert state["next"] is None, (what, state)
    assert coup["result"] in state["result"], (what, state)
    assert page.get_attribute("#result", "class") == f"result winner-{coup['winner']}"
    for side in ("player", "banker"):
        codes = page.eval_on_selector_all(f"#{side}-cards li", "e => e.map(li => li.dataset.code)")
        assert codes == coup[side]["cards"], (what, side)
        assert codes == [c["code"] for c in coup["cards"] if c["side"] == side], (what, side)
        assert state["totals"][side] == str(coup[side]["total"]), (what, side)
    # The balance moves by exactly the settlement, which the coach states.
    settlement = coup["settlement"]
    net = Decimal(settlement["net"])
    assert net == sum((Decimal(bet["net"]) for bet in settlement["bets"]), Decimal(0)), what
    assert Decimal(data["player"]["balance"]) == before + net, what
    assert Decimal(page.get_attribute("#balance", "data-balance")) == before + net, what
    assert page.inner_text("#balance") == data["player"]["balance_text"], what
    assert settlement["net_text"] in page.inner_text("#settlement .settlement-net"), what
    return dict(data)


def _choose_squeeze(page: Any) -> None:
    page.check("input[name=speed][value=squeeze]", force=True)
    assert page.is_checked("input[name=speed][value=squeeze]")


def _next_by_click(page: Any, _index: int) -> None:
    page.click("#next-card")


# The sides the cards are peeled from in turn: corners and edges.
_SIDES = list(SPOTS)


def _peel_value(page: Any) -> int:
    return int(squeeze_state(page)["peel"])


def _finger(page: Any) -> Callable[[Any, int], None]:
    """A peel by a finger, each card from the next corner or edge of :data:`_SIDES`."""
    finger = Finger(page)

    def peel(page: Any, index: int) -> None:
        peel_from(page, _SIDES[index % len(_SIDES)], finger=finger)

    return peel


def _drag(page: Any, index: int) -> None:
    """Peel the squeezed card with the mouse, each from the next corner or edge; the first card
    is first dragged up by less than the threshold and let go (it springs back, still face
    down), the second card's first press is cancelled and a drag begun off the card and let go
    on it peels nothing; then each is peeled."""
    if index == 0:
        # A short drag up from the bottom edge: a sixth of the card's depth shows, then none.
        def short(page: Any) -> None:
            assert 10 <= _peel_value(page) <= 20, _peel_value(page)

        drag(page, SPOTS["bottom"], (0.5, 0.62), check=short)
        state = squeeze_state(page)
        assert state["open"] and state["peel"] == 0 and state["top"] == "back", state
    if index == 1:
        # A press the browser cancels lets the back fall home; the release after it, and a
        # release on the card of a drag begun beside it, peel nothing.
        mouse = page.mouse
        wait_open(page)
        x, y = card_point(page, SPOTS["bottom"])
        mouse.move(x, y)
        mouse.down()
        mouse.move(x, y - 200, steps=4)
        assert _peel_value(page) > 0
        page.dispatch_event("#squeeze-card", "pointercancel")
        assert _peel_value(page) == 0
        mouse.up()
        left, middle = card_point(page, (0, 0.5))
        mouse.move(left - 15, middle)
        mouse.down()
        mouse.move(*card_point(page, (0.5, 0.5)), steps=4)
        mouse.up()
        state = squeeze_state(page)
        assert state["open"] and state["peel"] == 0 and state["top"] == "back", state
    peel_from(page, _SIDES[index % len(_SIDES)])


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_squeeze_peels_each_card_with_a_finger_on_a_phone(
    server: str, playwright: Any, tmp_path: Path, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, "phone", language)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        _choose_squeeze(page)
        _place_with_chips(page)
        _squeeze_a_coup(
            page,
            _finger(page),
            _next_by_click,
            f"phone {language}",
            f"coach-{language}-phone-squeeze",
        )
        # The speed is remembered: a reload still squeezes.
        page.reload()
        assert page.is_checked("input[name=speed][value=squeeze]")
        assert errors == []
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_squeeze_peels_each_card_dragged_up_with_the_mouse(
    server: str, playwright: Any, tmp_path: Path, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, "laptop", language)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        _choose_squeeze(page)
        _place_with_chips(page)
        _squeeze_a_coup(
            page,
            _drag,
            _next_by_click,
            f"laptop {language}",
            f"coach-{language}-laptop-squeeze",
            check=_motion_allowed,
        )
        # The control for the reduced-motion test: here the recorder sees the cards' animation,
        # the squeezed card lifted into its dialog and its back easing home after the short drag.
        started = _motion(page)["started"]
        assert any(m.startswith("animationstart:deal:card dealt") for m in started), started
        assert any(m.startswith("animationstart:squeeze-lift:") for m in started), started
        assert any(m.startswith("transitionrun:clip-path:squeeze-back") for m in started), started
        assert errors == []
    finally:
        context.close()


def test_the_squeeze_turns_with_its_button_and_the_keyboard(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = _open(playwright, tmp_path, server, "laptop", "en")
    keys = (" ", "Enter")

    def peel(page: Any, index: int) -> None:
        # The focus is in the squeeze's dialog while the card waits.
        assert squeeze_state(page)["focus"], index
        if index % 4 == 0:
            page.click("#squeeze-reveal")
        else:
            page.keyboard.press(("Escape", " ", "Enter")[index % 4 - 1])
        # Then back on the coach, where Space and Enter deal on (or in the dialog again, if
        # the next card is squeezed at once).
        assert page.evaluate(
            "() => document.querySelector('#squeeze').open"
            " ? document.querySelector('#squeeze').contains(document.activeElement)"
            " : document.querySelector('#last-coup').contains(document.activeElement)"
        )

    def advance(page: Any, index: int) -> None:
        page.keyboard.press(keys[index % 2])

    try:
        _choose_squeeze(page)
        for _ in range(2):
            _place_with_chips(page)
            _squeeze_a_coup(page, peel, advance, "keyboard")
    finally:
        context.close()


# How the dealt cards and a card's back move: their computed animation and transition, what
# runs now and what has run since the page loaded.
_MOTION = """() => {
  const back = document.querySelector('.coach .card-back');
  const style = back ? getComputedStyle(back) : null;
  return {
    dealt: [...document.querySelectorAll('.coach .card.dealt')].map(c => getComputedStyle(c).animationName),
    back: style ? style.transitionProperty + ' ' + style.transitionDuration : null,
    running: document.getAnimations().map(a => a.animationName || a.transitionProperty || 'other'),
    started: window.__motion,
  };
}"""


def _motion(page: Any) -> dict[str, Any]:
    return dict(page.evaluate(_MOTION))


def _motion_allowed(page: Any) -> None:
    """The control: without the preference, dealt cards animate and the back eases."""
    motion = _motion(page)
    assert motion["dealt"] and set(motion["dealt"]) == {"deal"}, motion
    if motion["back"] is not None:
        assert motion["back"] == "transform 0.15s", motion


def _motion_reduced(page: Any) -> None:
    """Nothing moves by itself: no animation or transition has run or runs now."""
    motion = _motion(page)
    assert set(motion["dealt"]) <= {"none"}, motion
    assert motion["back"] in (None, "all 0s", "none 0s"), motion
    assert motion["running"] == [] and motion["started"] == [], motion


def test_with_reduced_motion_nothing_animates_and_the_squeeze_still_peels(
    server: str, playwright: Any, tmp_path: Path
) -> None:
    context, page = _open(playwright, tmp_path, server, "laptop", "en", reduced_motion="reduce")
    try:
        assert page.evaluate("() => matchMedia('(prefers-reduced-motion: reduce)').matches")
        # The normal speed deals on by itself, without the cards' animation.
        page.check("input[name=speed][value=normal]", force=True)
        _place_with_chips(page)
        with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
            page.click("#deal")
        coup = deal_answer(answer.value)["coup"]
        page.wait_for_function("() => !document.querySelector('#deal').disabled")
        assert coup["result"] in page.inner_text("#result")
        _motion_reduced(page)
        # The squeeze: dragged up with the mouse (a short drag springs back at once).
        _choose_squeeze(page)
        _place_with_chips(page)
        _squeeze_a_coup(page, _drag, _next_by_click, "reduced", check=_motion_reduced)
        _motion_reduced(page)
    finally:
        context.close()


# Every cell of the draw table's row beside the coach's cards, where it lies against the screen
# and against its own scrolling box.
_ROW_FITS = """() => {
  const rule = document.querySelector('#coach-rule');
  if (rule.hidden) { return null; }
  const scroller = document.querySelector('.coach-row-scroll').getBoundingClientRect();
  const outside = [];
  const cells = [...document.querySelectorAll('#coach-row th, #coach-row td')];
  for (const cell of cells) {
    const b = cell.getBoundingClientRect();
    if (b.left < -0.5 || b.right > window.innerWidth + 0.5 || b.left < scroller.left - 0.5
        || b.right > scroller.right + 0.5) {
      outside.push(`${cell.textContent} at ${Math.round(b.left)}..${Math.round(b.right)}`);
    }
  }
  const box = document.querySelector('.coach-row-scroll');
  return { title: document.querySelector('#coach-rule-title').textContent, cells: cells.length,
           banker: cells.length > 20, outside: outside,
           scrolls: box.scrollWidth - box.clientWidth,
           scroller: `${Math.round(scroller.left)}..${Math.round(scroller.right)} of ${window.innerWidth}` };
}"""


def _header_height(page: Any) -> float:
    assert page.get_attribute("#menu-toggle", "aria-expanded") == "false"
    box = page.locator(".site-header").bounding_box()
    assert box is not None
    return float(box["height"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_draw_table_row_fits_beside_the_cards_and_the_header_is_short(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, size, language)
    width, height = SIZES[size]
    # The header is measured on the phone, its menu closed: at most a fifth of the screen.
    limit = height / 5 if size == "phone" else float(height)
    try:
        assert _header_height(page) <= limit, language
        page.check("input[name=speed][value=step]", force=True)
        rows: set[str] = set()
        banker = False
        for _ in range(8):
            _place_with_chips(page)
            with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
                page.click("#deal")
            coup = deal_answer(answer.value)["coup"]
            events = len(coup["cards"]) + len(coup["steps"]) + 1
            first_at = None
            for tap in range(1, events + 1):
                page.wait_for_selector("#next-card:not([hidden])")
                page.click("#next-card")
                page.wait_for_function(
                    "n => document.querySelectorAll('#player-cards li, #banker-cards li, #steps li')"
                    ".length + (document.querySelector('#result').textContent.trim() ? 1 : 0) >= n",
                    arg=tap,
                )
                # The Banker's hand stays where it was dealt when the row shows beside it.
                banker_at = page.evaluate(
                    "() => Math.round(document.querySelector('.coach .hand-banker').getBoundingClientRect().left)"
                )
                if tap == 1:
                    first_at = banker_at
                assert banker_at == first_at, (size, language, tap, banker_at, first_at)
                fits = page.evaluate(_ROW_FITS)
                if fits is None:
                    continue
                if fits["banker"] and not banker:
                    _shot(page, f"coach-{language}-{size}-banker-row")
                # Every column on the screen at once: none cut off, none to scroll to.
                assert fits["outside"] == [] and fits["scrolls"] <= 0, (size, language, fits)
                rows.add(fits["title"])
                banker = banker or fits["banker"]
                assert _header_height(page) <= limit, language
            page.wait_for_function("() => !document.querySelector('#deal').disabled")
            if banker and len(rows) >= 3:
                break
        assert banker and len(rows) >= 3, rows
        assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    finally:
        context.close()
