"""The squeeze's dialog (``static/squeeze.js``) in a browser test: what it shows, and a peel by
the mouse or by a finger from a given spot of its card.

A spot is a point of the card as fractions of its width and height (``(0.9, 0.9)``: near its
bottom-right corner). A finger is Chromium's own touch input (``Input.dispatchTouchEvent``
through the DevTools protocol), so the page sees touch pointer events, as on a phone.
"""

from __future__ import annotations

from typing import Any

Spot = tuple[float, float]

SPOTS: dict[str, Spot] = {
    "bottom-right": (0.92, 0.92),
    "top": (0.5, 0.08),
    "left": (0.08, 0.5),
    "top-left": (0.08, 0.08),
    "right": (0.92, 0.5),
    "bottom-left": (0.08, 0.92),
    "bottom": (0.5, 0.92),
    "top-right": (0.92, 0.08),
}
"""Where a press starts a peel from each corner and edge (the squeeze picks it by the spot)."""

PEELS: dict[str, Spot] = {
    "bottom-right": (0.15, 0.15),
    "top": (0.5, 0.9),
    "left": (0.9, 0.5),
    "top-left": (0.85, 0.85),
    "right": (0.1, 0.5),
    "bottom-left": (0.85, 0.15),
    "bottom": (0.5, 0.1),
    "top-right": (0.15, 0.85),
}
"""Where a drag from each side ends to peel the card past the threshold (a third of it and more)."""

EDGE_SPOTS: dict[str, tuple[Spot, Spot]] = {
    "bottom-right": ((0.97, 0.97), (0.03, 0.03)),
    "top": ((0.5, 0.03), (0.5, 0.97)),
    "left": ((0.03, 0.5), (0.97, 0.5)),
    "top-left": ((0.03, 0.03), (0.97, 0.97)),
    "right": ((0.97, 0.5), (0.03, 0.5)),
    "bottom-left": ((0.03, 0.97), (0.97, 0.03)),
    "bottom": ((0.5, 0.97), (0.5, 0.03)),
    "top-right": ((0.97, 0.03), (0.03, 0.97)),
}
"""For each side, a point at that corner or edge (shown first) and one at the far side (still
covered) while a drag from it is under way."""

SQUEEZE_STATE = """() => {
  const dialog = document.querySelector('#squeeze');
  const card = document.querySelector('#squeeze-card');
  const box = card.getBoundingClientRect();
  const what = (x, y) => {
    if (!dialog.open) { return null; }
    const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
    return !hit ? 'nothing' : hit.closest('.squeeze-back') ? 'back'
      : hit.closest('.squeeze-flap') ? 'flap' : hit.closest('.squeeze-face') ? 'face'
      : 'other: ' + hit.tagName + '.' + hit.className;
  };
  const shell = dialog.getBoundingClientRect();
  return {
    open: dialog.open, code: card.dataset.code || null, side: card.dataset.side || null,
    peel: Number(card.style.getPropertyValue('--peel') || 0),
    title: document.querySelector('#squeeze-title').textContent,
    label: card.getAttribute('aria-label'),
    top: what(0.5, 0.5),
    focus: dialog.open && dialog.contains(document.activeElement),
    card: { left: box.left, top: box.top, right: box.right, bottom: box.bottom,
            width: box.width, height: box.height },
    dialog: { left: shell.left, top: shell.top, right: shell.right, bottom: shell.bottom },
    viewport: { width: window.innerWidth, height: window.innerHeight },
  };
}"""

_WHAT_AT = """([x, y]) => {
  const box = document.querySelector('#squeeze-card').getBoundingClientRect();
  const hit = document.elementFromPoint(box.left + x * box.width, box.top + y * box.height);
  return !hit ? 'nothing' : hit.closest('.squeeze-back') ? 'back'
    : hit.closest('.squeeze-flap') ? 'flap' : hit.closest('.squeeze-face') ? 'face'
    : 'other: ' + hit.tagName + '.' + hit.className;
}"""


def squeeze_state(page: Any) -> dict[str, Any]:
    """The dialog now: open, the card's code, the side being peeled and how far (``peel``, in
    %), what lies on top at its centre (``back``, ``flap``, ``face``), whether it holds the
    focus, and the boxes of the card, the dialog and the viewport."""
    return dict(page.evaluate(SQUEEZE_STATE))


def what_at(page: Any, spot: Spot) -> str:
    """What lies on top at a spot of the dialog's card: ``back``, ``flap`` or ``face``."""
    return str(page.evaluate(_WHAT_AT, list(spot)))


def card_point(page: Any, spot: Spot) -> tuple[float, float]:
    """A spot of the dialog's card in the page's coordinates."""
    box = page.locator("#squeeze-card").bounding_box()
    assert box is not None, "the squeeze's card is not shown"
    return box["x"] + spot[0] * box["width"], box["y"] + spot[1] * box["height"]


def wait_open(page: Any, code: str | None = None) -> dict[str, Any]:
    """Wait until the dialog is open (on the card ``code``, if given) and its card is in place
    (lifted: no animation running on it); return its state."""
    page.wait_for_function(
        "code => { const d = document.querySelector('#squeeze');"
        " const card = d.querySelector('#squeeze-card');"
        " return d.open && (code === null || card.dataset.code === code)"
        " && !card.getAnimations().some(a => a.playState === 'running'); }",
        arg=code,
    )
    return squeeze_state(page)


def wait_still(page: Any) -> None:
    """Wait until nothing moves on the dialog's card (its lift and the fold's easing ended)."""
    page.wait_for_function(
        "() => document.querySelector('#squeeze-card').getAnimations({ subtree: true })"
        ".every(a => a.playState !== 'running')"
    )


class Finger:
    """One finger on a touch screen, through Chromium's DevTools protocol."""

    def __init__(self, page: Any) -> None:
        self.session = page.context.new_cdp_session(page)

    def _send(self, kind: str, x: float | None = None, y: float | None = None) -> None:
        points = [] if x is None else [{"x": x, "y": y, "id": 1}]
        self.session.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        self._send("touchStart", x, y)

    def move(self, x: float, y: float) -> None:
        self._send("touchMove", x, y)

    def up(self) -> None:
        self._send("touchEnd")

    def cancel(self) -> None:
        self._send("touchCancel")

    def detach(self) -> None:
        self.session.detach()


def drag(
    page: Any,
    start: Spot,
    end: Spot,
    *,
    finger: Finger | None = None,
    steps: int = 8,
    check: Any = None,
) -> None:
    """Press at ``start`` on the dialog's card, move to ``end`` in ``steps`` and let go, with
    the mouse or ``finger``; ``check(page)`` runs before letting go. The card is in place
    first (:func:`wait_open`: its lift ended), so the press lands where it is meant to."""
    wait_open(page)
    x0, y0 = card_point(page, start)
    x1, y1 = card_point(page, end)
    if finger is None:
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x1, y1, steps=steps)
    else:
        finger.down(x0, y0)
        for step in range(1, steps + 1):
            finger.move(x0 + (x1 - x0) * step / steps, y0 + (y1 - y0) * step / steps)
    if check is not None:
        check(page)
    if finger is None:
        page.mouse.up()
    else:
        finger.up()


def peel_from(page: Any, side: str, *, finger: Finger | None = None, check: Any = None) -> None:
    """Peel the dialog's card from ``side`` (a corner or an edge, :data:`SPOTS`) past the
    threshold. While the pointer is held, that side is the one peeled, its corner or edge shows
    the face and the far side is still covered; ``check(page)`` runs then too."""

    def held(page: Any) -> None:
        state = squeeze_state(page)
        assert state["open"] and state["side"] == side, (side, state)
        near, far = EDGE_SPOTS[side]
        assert what_at(page, near) == "face", (side, what_at(page, near))
        assert what_at(page, far) == "back", (side, what_at(page, far))
        if check is not None:
            check(page)

    drag(page, SPOTS[side], PEELS[side], finger=finger, check=held)
