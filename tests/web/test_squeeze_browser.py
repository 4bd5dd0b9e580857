"""The squeeze's dialog (``static/squeeze.js``) in a real browser (Debian's Chromium) at a phone's
390x844 and a laptop's 1366x800, in English, Vietnamese and Hungarian.

- Dealing in squeeze mode lifts the card into a modal dialog that lies inside the screen, its
  card at least 40 % of the screen's height, titled with the card's hand and place in it; a
  drag from a corner and one from an edge (a finger on the phone, the mouse on the laptop)
  peel it from there (while held, that corner or edge shows the face and the far side the
  back) and, past the threshold, turn it and close the dialog.
- The two settings narrow which cards are squeezed: the third cards only, the Banker's hand
  only, both (the Banker's third card). On seeded shoes the dialog opens for exactly those
  cards of each coup, the others are dealt face up; the settings are kept over a reload and
  show only beside the squeeze.
- The keys: the focus starts on the dialog's button and stays in the dialog (Tab, Shift+Tab);
  the arrows peel from the opposite edge a step a press and turn the card past the threshold;
  Esc, Enter and Space turn it; the focus then goes back to the coach.

Screenshots go to ``artifacts/`` (git-ignored).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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
from support.squeeze import Finger, peel_from, squeeze_state, wait_open, wait_still

pytestmark = needs_chromium


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with seeded_server(tmp_path_factory, "squeeze-dialog", 23) as url:
        yield url


# Every time the squeeze's dialog opens: the card's code and its place in the coup (the cards
# on the felt then, itself included).
_RECORD_OPENS = """
window.__opens = [];
const showModal = HTMLDialogElement.prototype.showModal;
HTMLDialogElement.prototype.showModal = function () {
  if (this.id === 'squeeze') {
    window.__opens.push({
      code: this.querySelector('#squeeze-card').dataset.code,
      at: document.querySelectorAll('#player-cards li, #banker-cards li').length,
    });
  }
  return showModal.call(this);
};
"""

# Where a coup being dealt is: the dialog, Next, Deal (free again once the coup is over), and
# how many of its events (cards, steps, the result) show.
_PROGRESS = """() => ({
  open: document.querySelector('#squeeze').open,
  opens: window.__opens.length,
  next: !document.querySelector('#next-card').hidden,
  done: !document.querySelector('#deal').disabled,
  events: document.querySelectorAll('#player-cards li, #banker-cards li, #steps li').length
    + (document.querySelector('#result').textContent.trim() ? 1 : 0),
})"""

# The side names a title uses, by language.
_SIDE_WORDS = {
    "en": {"player": "Player", "banker": "Banker"},
    "vi": {"player": "Con", "banker": "Cái"},
    "hu": {"player": "Játékos", "banker": "Bank"},
}


def _open(
    playwright: Any, tmp_path: Path, server: str, size: str, language: str, **options: Any
) -> tuple[Any, Any]:
    return open_table(playwright, tmp_path, server, size, language, _RECORD_OPENS, **options)


def _shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def _choose_squeeze(page: Any) -> None:
    page.check("input[name=speed][value=squeeze]", force=True)
    assert page.is_checked("input[name=speed][value=squeeze]")


def _deal(page: Any) -> dict[str, Any]:
    """Banker 100 by chips, then Deal; the coup's record."""
    page.click("label.chip-100")
    page.click(".spot-banker .spot-zone")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/deal")) as answer:
        page.click("#deal")
    coup: dict[str, Any] = deal_answer(answer.value)["coup"]
    return coup


def _play_on(page: Any, turn: Callable[[Any, int], None], turned: int = 0) -> None:
    """Play the coup being dealt to its end: ``turn(page, index)`` for each card the dialog
    opens on (``index`` counts them from 0; the first ``turned`` were turned already), Next for
    each step and the result."""
    while True:
        page.wait_for_function(
            f"n => {{ const s = ({_PROGRESS})(); return (s.open && s.opens > n) || s.next || s.done; }}",
            arg=turned,
        )
        state = page.evaluate(_PROGRESS)
        if state["open"] and state["opens"] > turned:
            turn(page, turned)
            turned += 1
            page.wait_for_function(
                f"n => {{ const s = ({_PROGRESS})(); return !s.open || s.opens > n; }}", arg=turned
            )
        elif state["next"]:
            page.evaluate("() => document.querySelector('#next-card').click()")
            page.wait_for_function(f"n => ({_PROGRESS})().events > n", arg=state["events"])
        else:
            return


def _enter(page: Any, _index: int) -> None:
    page.keyboard.press("Enter")


def _in_view(state: dict[str, Any]) -> None:
    """The dialog and its card lie inside the viewport."""
    width, height = state["viewport"]["width"], state["viewport"]["height"]
    for name in ("dialog", "card"):
        box = state[name]
        assert box["left"] >= 0 and box["top"] >= 0, (name, state)
        assert box["right"] <= width + 0.5 and box["bottom"] <= height + 0.5, (name, state)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("size", SIZES)
def test_the_dialog_is_large_in_view_and_peels_from_a_corner_and_an_edge(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, size, language)
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    finger = Finger(page) if size == "phone" else None
    try:
        _choose_squeeze(page)
        coup = _deal(page)
        first, second = coup["cards"][0], coup["cards"][1]
        state = wait_open(page, first["code"])
        _in_view(state)
        assert state["card"]["height"] >= 0.4 * state["viewport"]["height"], state
        assert state["top"] == "back" and state["peel"] == 0 and state["focus"], state
        assert _SIDE_WORDS[language][first["side"]] in state["title"], state
        assert page.evaluate("() => document.documentElement.scrollWidth") <= SIZES[size][0]
        _shot(page, f"squeeze-{language}-{size}-open")

        # The first card from a corner, the second from an edge: each turns and the dialog
        # closes (it opens again on the next card).
        for card, side in ((first, "bottom-right"), (second, "top")):
            wait_open(page, card["code"])
            shot = f"squeeze-{language}-{size}-{'corner' if side == 'bottom-right' else 'edge'}"
            peel_from(page, side, finger=finger, check=lambda page, shot=shot: _shot(page, shot))
            page.wait_for_function(
                "code => [...document.querySelectorAll('.coach .card')].some("
                "c => c.dataset.code === code && !c.classList.contains('face-down'))",
                arg=card["code"],
            )
        assert page.evaluate("() => window.__opens.length") >= 2
        _play_on(page, _enter, turned=2)
        opened = page.evaluate("() => window.__opens.map(o => o.code)")
        assert opened == [card["code"] for card in coup["cards"]], opened
        assert coup["result"] in page.inner_text("#result")
        assert errors == []
    finally:
        context.close()


# The settings as (third cards only, the Banker's hand only), and whether a card (its place in
# the coup from 1, its side) is squeezed under them.
_SETTINGS: dict[tuple[bool, bool], Callable[[int, str], bool]] = {
    (False, False): lambda at, side: True,
    (True, False): lambda at, side: at > 4,
    (False, True): lambda at, side: side == "banker",
    (True, True): lambda at, side: at > 4 and side == "banker",
}


def _set(page: Any, third: bool, banker: bool) -> None:
    for box, on in (("#squeeze-third", third), ("#squeeze-banker", banker)):
        page.set_checked(box, on)


@pytest.mark.parametrize(("size", "language"), [("laptop", "en"), ("phone", "vi")])
def test_the_settings_squeeze_only_the_third_cards_or_the_bankers_hand(
    server: str, playwright: Any, tmp_path: Path, size: str, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, size, language)
    try:
        # The settings show only beside the squeeze.
        assert page.is_hidden("#squeeze-settings")
        _choose_squeeze(page)
        assert page.is_visible("#squeeze-settings")
        page.check("input[name=speed][value=step]", force=True)
        assert page.is_hidden("#squeeze-settings")
        _choose_squeeze(page)
        for (third, banker), squeezed in _SETTINGS.items():
            _set(page, third, banker)
            # Coups of the seeded shoe until one has cards squeezed and cards dealt face up
            # under these settings (with both off: every card, in the first coup).
            for _ in range(12):
                page.evaluate("() => { window.__opens = []; }")
                coup = _deal(page)
                _play_on(page, _enter)
                cards = coup["cards"]
                expected = [
                    {"code": card["code"], "at": at}
                    for at, card in enumerate(cards, start=1)
                    if squeezed(at, card["side"])
                ]
                opened = page.evaluate("() => window.__opens")
                assert opened == expected, (third, banker, coup["number"], opened, expected)
                assert (
                    page.evaluate(
                        "() => document.querySelectorAll('.coach .card.face-down').length"
                    )
                    == 0
                )
                if expected and (len(expected) < len(cards) or not (third or banker)):
                    break
            else:
                pytest.fail(f"no coup of the shoe tried the settings {third, banker}")
        # Kept over a reload, beside the squeeze that is kept too.
        _set(page, True, False)
        page.reload()
        assert page.is_visible("#squeeze-settings")
        assert page.is_checked("#squeeze-third") and not page.is_checked("#squeeze-banker")
    finally:
        context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_keys_peel_and_turn_the_card_and_the_focus_stays_in_the_dialog(
    server: str, playwright: Any, tmp_path: Path, language: str
) -> None:
    context, page = _open(playwright, tmp_path, server, "laptop", language)
    keys = page.keyboard
    in_coach = "() => document.querySelector('#last-coup').contains(document.activeElement)"
    try:
        _choose_squeeze(page)
        coup = _deal(page)
        cards = coup["cards"]
        state = wait_open(page, cards[0]["code"])
        assert page.evaluate("() => document.activeElement.id") == "squeeze-reveal"
        # Tab and Shift+Tab go round the dialog's controls: the focus never leaves it.
        for key in ("Tab", "Tab", "Shift+Tab", "Tab"):
            keys.press(key)
            assert squeeze_state(page)["focus"], key
        # The arrows peel from the opposite edge, a tenth of the card a press; another arrow
        # starts again from its own edge; the third press of one turns the card.
        keys.press("ArrowUp")
        state = squeeze_state(page)
        assert state["open"] and (state["side"], state["peel"]) == ("bottom", 10), state
        keys.press("ArrowUp")
        assert (squeeze_state(page)["side"], squeeze_state(page)["peel"]) == ("bottom", 20)
        wait_still(page)
        _shot(page, f"squeeze-{language}-laptop-arrows")
        keys.press("ArrowLeft")
        state = squeeze_state(page)
        assert state["open"] and (state["side"], state["peel"]) == ("right", 10), state
        keys.press("ArrowLeft")
        assert squeeze_state(page)["open"]
        keys.press("ArrowLeft")
        # Turned: face up on the felt, the focus back on the coach (or in the dialog again,
        # on the next card).
        wait_open(page, cards[1]["code"])
        assert page.evaluate(
            "() => !document.querySelector('#player-cards li').classList.contains('face-down')"
        )
        # Esc turns the card (it does not leave it face down), then Space, then Enter.
        for index, key in ((1, "Escape"), (2, " "), (3, "Enter")):
            state = wait_open(page, cards[index]["code"])
            assert state["focus"], (key, state)
            keys.press(key)
            page.wait_for_function(
                "n => document.querySelectorAll('.coach .card:not(.face-down)').length >= n",
                arg=index + 1,
            )
        _play_on(page, _enter, turned=4)
        assert page.evaluate(in_coach)
        assert coup["result"] in page.inner_text("#result")
    finally:
        context.close()
