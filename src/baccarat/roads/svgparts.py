"""The pieces every road board is drawn with (:mod:`baccarat.roads.svg`): the palette, and SVG
shapes whose numbers are written the same way every time (same roads, same bytes).

>>> circle(10, 10.5, 4, DEFAULT_PALETTE.banker)
'<circle cx="10" cy="10.5" r="4" fill="#c62828"/>'
"""

from __future__ import annotations

from dataclasses import dataclass
from html import escape

from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour
from baccarat.roads.labels import check_strings

__all__ = ["DEFAULT_PALETTE", "Palette", "circle", "line", "n", "text"]


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours of the boards (any SVG colour value)."""

    banker: str = "#c62828"
    player: str = "#1565c0"
    tie: str = "#2e7d32"
    red: str = "#c62828"
    blue: str = "#1565c0"
    grid: str = "#c9c9c9"
    background: str = "#ffffff"
    ink: str = "#222222"
    on_colour: str = "#ffffff"
    """Letters drawn on a filled circle."""

    def __post_init__(self) -> None:
        check_strings(
            self,
            lambda value: bool(value) and not any(c in value for c in "<>&\"'"),
            "palette colour {name} is not a colour value: {value!r}",
        )

    def side(self, side: Side) -> str:
        return self.banker if side is Side.BANKER else self.player

    def outcome(self, outcome: Winner) -> str:
        return {Winner.BANKER: self.banker, Winner.PLAYER: self.player, Winner.TIE: self.tie}[
            outcome
        ]

    def colour(self, colour: Colour) -> str:
        return self.red if colour is Colour.RED else self.blue


DEFAULT_PALETTE = Palette()


def n(value: float) -> str:
    """A coordinate with at most two decimals and no trailing zeros (deterministic output)."""
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def text(x: float, y: float, size: float, fill: str, content: str, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return (
        f'<text x="{n(x)}" y="{n(y)}" font-size="{n(size)}" fill="{fill}"{weight} '
        f'text-anchor="middle" dominant-baseline="central">{escape(content)}</text>'
    )


def circle(cx: float, cy: float, r: float, fill: str, stroke: str = "", width: float = 0) -> str:
    line = f' stroke="{stroke}" stroke-width="{n(width)}"' if stroke else ""
    return f'<circle cx="{n(cx)}" cy="{n(cy)}" r="{n(r)}" fill="{fill}"{line}/>'


def line(x1: float, y1: float, x2: float, y2: float, stroke: str, width: float) -> str:
    return (
        f'<line x1="{n(x1)}" y1="{n(y1)}" x2="{n(x2)}" y2="{n(y2)}" stroke="{stroke}" '
        f'stroke-width="{n(width)}" stroke-linecap="round"/>'
    )
