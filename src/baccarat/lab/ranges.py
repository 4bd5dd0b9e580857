"""The grid of a sweep, read from text: thresholds, cut cards (or penetrations) and bet ramps.

Each option is a comma-separated list whose items are single values or ranges ``FROM..TO``
(both ends included) or ``FROM..TO..STEP``:

* thresholds: whole counts, ``0..4``, ``-2,0,2``, ``0..12..3``;
* penetration: a decimal below 1 is the share of the shoe dealt before the cut card
  (``0.75,0.8``, ``0.7..0.9..0.05``), a whole number the cut card's place in cards from the end,
  as ``--cut-card`` reads it (``14,20``, ``10..40..10``);
* ramps: units staked at the threshold, one count above it, and so on, the last from there up,
  joined by ``-`` (``1``: a flat bet; ``1-2-4``: 1 unit at the threshold, 2 one count above, 4
  from two counts above).

>>> parse_counts("0..4"), parse_counts("-2, 6..10..2, 0")
((0, 1, 2, 3, 4), (-2, 0, 6, 8, 10))
>>> parse_cut_cards("0.75,0.8", 416), parse_cut_cards("14, 20..30..10", 416)
((83, 104), (14, 20, 30))
>>> parse_ramps("1-2-4,1"), ramp_units((1, 2, 4), threshold=3, count=4)
(((1,), (1, 2, 4)), 2)
>>> parse_ramps("1-0")
Traceback (most recent call last):
...
baccarat.lab.ranges.SweepError: --ramp expects units from 1 to 100 joined by '-' (at most 16 of them), ...
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from decimal import Decimal
from typing import ClassVar, TypeVar

from baccarat.core.errors import TemplatedError

__all__ = [
    "MAX_POINTS",
    "MAX_RAMP_STEPS",
    "MAX_RAMP_UNITS",
    "SweepError",
    "check_grid",
    "parse_counts",
    "parse_cut_cards",
    "parse_ramps",
    "ramp_text",
    "ramp_units",
]

MAX_POINTS = 2000
"""The most grid points (thresholds × ramps × cut cards) one sweep prices."""
MAX_RAMP_STEPS = 16
MAX_RAMP_UNITS = 100
MAX_COUNT = 9999

T = TypeVar("T")


class SweepError(TemplatedError):
    """A sweep's grid that cannot be read or is too large."""

    templates: ClassVar[Mapping[str, str]] = {
        "sweep_counts": (
            "--threshold expects whole counts or ranges FROM..TO[..STEP] such as '0..4' or "
            "'-2,0,2', got {text!r}"
        ),
        "sweep_penetration": (
            "--penetration expects shares of the shoe below 1 (such as '0.75,0.8' or "
            "'0.7..0.9..0.05') or cut cards in cards from the end (such as '14,20'), got {text!r}"
        ),
        "sweep_ramp": (
            "--ramp expects units from 1 to {most} joined by '-' (at most {steps} of them), "
            "ramps separated by commas, such as '1-2-4,1-4-8', got {text!r}"
        ),
        "sweep_too_large": (
            "the sweep has {points} points (thresholds × ramps × cut cards); at most {most}"
        ),
    }


def _items(text: str, parse: Callable[[str], T], code: str) -> list[tuple[T, T | None, T | None]]:
    """Each comma-separated item as (value) or (from, to, step), values read by ``parse``."""
    out: list[tuple[T, T | None, T | None]] = []
    for raw in text.split(","):
        parts = [p.strip() for p in raw.split("..")]
        if len(parts) > 3 or any(not p.isascii() or not p for p in parts):
            raise SweepError(code, text=text)
        try:
            values = [parse(p) for p in parts]
        except (ValueError, ArithmeticError):
            raise SweepError(code, text=text) from None
        if len(values) == 1:
            out.append((values[0], None, None))
        else:
            out.append((values[0], values[1], values[2] if len(values) == 3 else None))
    return out


def _expand(lo: Decimal, hi: Decimal, step: Decimal, text: str, code: str) -> list[Decimal]:
    if step <= 0 or hi < lo or (hi - lo) / step > MAX_POINTS:
        raise SweepError(code, text=text)
    values = []
    value = lo
    while value <= hi:
        values.append(value)
        value += step
    return values


def parse_counts(text: str) -> tuple[int, ...]:
    """Whole counts, each once, rising."""
    found: set[int] = set()
    for first, last, step in _items(text, int, "sweep_counts"):
        if last is None:
            found.add(first)
        else:
            span = _expand(
                Decimal(first), Decimal(last), Decimal(1 if step is None else step), text,
                "sweep_counts",
            )  # fmt: skip
            found.update(int(v) for v in span)
    if any(abs(v) > MAX_COUNT for v in found):
        raise SweepError("sweep_counts", text=text)
    return tuple(sorted(found))


def _cut_card(value: Decimal, size: int, text: str) -> int:
    if value == value.to_integral_value() and "." not in str(value):
        return int(value)
    if not 0 < value < 1:
        raise SweepError("sweep_penetration", text=text)
    return int((size * (1 - value)).to_integral_value())


def parse_cut_cards(text: str, size: int) -> tuple[int, ...]:
    """Cut cards, in cards from the end of a shoe of ``size`` cards, each once, rising (the
    deepest penetration first). A share of the shoe dealt is rounded to the nearest card."""

    def number(part: str) -> Decimal:
        value = Decimal(part)
        if not value.is_finite():
            raise ValueError(part)
        return value

    found: set[int] = set()
    for first, last, step in _items(text, number, "sweep_penetration"):
        if last is None:
            found.add(_cut_card(first, size, text))
            continue
        whole = "." not in str(first) and "." not in str(last)
        default = Decimal(1) if whole else Decimal("0.01")
        span = _expand(first, last, default if step is None else step, text, "sweep_penetration")
        found.update(_cut_card(v if not whole else Decimal(int(v)), size, text) for v in span)
    if any(v < 0 for v in found):
        raise SweepError("sweep_penetration", text=text)
    return tuple(sorted(found))


def parse_ramps(text: str) -> tuple[tuple[int, ...], ...]:
    """Bet ramps, each once, shortest first."""
    found: set[tuple[int, ...]] = set()
    for raw in text.split(","):
        parts = [p.strip() for p in raw.split("-")]
        if not 1 <= len(parts) <= MAX_RAMP_STEPS or any(
            not (p.isascii() and p.isdigit()) for p in parts
        ):
            raise SweepError("sweep_ramp", most=MAX_RAMP_UNITS, steps=MAX_RAMP_STEPS, text=text)
        units = tuple(int(p) for p in parts)
        if any(not 1 <= u <= MAX_RAMP_UNITS for u in units):
            raise SweepError("sweep_ramp", most=MAX_RAMP_UNITS, steps=MAX_RAMP_STEPS, text=text)
        found.add(units)
    return tuple(sorted(found, key=lambda r: (len(r), r)))


def ramp_units(ramp: tuple[int, ...], *, threshold: int, count: int) -> int:
    """Units a ramp stakes at ``count`` when it starts at ``threshold``."""
    if count < threshold:
        return 0
    return ramp[min(count - threshold, len(ramp) - 1)]


def ramp_text(ramp: tuple[int, ...]) -> str:
    """``1-2-4``."""
    return "-".join(str(u) for u in ramp)


def check_grid(points: int) -> None:
    """Refuse a grid past :data:`MAX_POINTS`."""
    if points > MAX_POINTS:
        raise SweepError("sweep_too_large", points=points, most=MAX_POINTS)
