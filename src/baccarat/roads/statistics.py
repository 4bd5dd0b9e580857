"""Figures for a roads panel: outcomes, pairs, naturals, runs, columns and derived-road colours.

Shares are exact fractions; a renderer rounds them for display (:func:`format_percent`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from baccarat.core.tableau import Side
from baccarat.roads.derived import DerivedRoad

__all__ = ["DerivedCounts", "RoadStatistics", "Run", "format_percent"]


@dataclass(frozen=True, slots=True)
class Run:
    """A run of one side: a Big Road logical column's side and length (ties do not count)."""

    side: Side
    length: int


@dataclass(frozen=True, slots=True)
class DerivedCounts:
    """Red and blue marks on one derived road."""

    road: DerivedRoad
    red: int
    blue: int


@dataclass(frozen=True, slots=True)
class RoadStatistics:
    """The panel's figures for the coups so far.

    ``longest_run`` is the first run to reach the greatest length; ``longest_banker_run`` and
    ``longest_player_run`` are 0 for a side that has not won yet.
    """

    coups: int
    banker: int
    player: int
    tie: int
    banker_pairs: int
    player_pairs: int
    naturals: int
    columns: int
    current_run: Run | None
    longest_run: Run | None
    longest_banker_run: int
    longest_player_run: int
    derived: tuple[DerivedCounts, ...]

    def share(self, count: int) -> Fraction:
        """``count`` as an exact percentage of the coups (0 when there are none).

        >>> RoadStatistics(3, 2, 1, 0, 0, 0, 0, 2, None, None, 1, 1, ()).share(2)
        Fraction(200, 3)
        """
        return Fraction(100 * count, self.coups) if self.coups else Fraction(0)

    @property
    def decisions(self) -> int:
        """The coups won by Banker or Player (ties are not decisions: the roads skip them)."""
        return self.banker + self.player

    @property
    def chops(self) -> int:
        """The decisions won by the other side than the decision before: every Big Road column
        after the first begins with one.

        >>> from baccarat.roads import Roads
        >>> Roads.from_tokens("B B T P B B P").statistics().chops
        3
        """
        return max(self.columns - 1, 0)

    @property
    def chop_rate(self) -> Fraction | None:
        """The share of decisions after the first that changed side (None before two).

        >>> from baccarat.roads import Roads
        >>> Roads.from_tokens("B B T P B B P").statistics().chop_rate
        Fraction(3, 5)
        """
        return Fraction(self.chops, self.decisions - 1) if self.decisions > 1 else None

    def derived_counts(self, road: DerivedRoad) -> DerivedCounts:
        """The red and blue counts of ``road``."""
        for counts in self.derived:
            if counts.road is road:
                return counts
        return DerivedCounts(road, 0, 0)


def format_percent(share: Fraction, places: int = 1) -> str:
    """A percentage rounded (half to even) to ``places`` decimals, with its sign.

    >>> format_percent(Fraction(200, 3)), format_percent(Fraction(25, 2), 0)
    ('66.7%', '12%')
    """
    rounded = round(share, places)
    return f"{float(rounded):.{places}f}%"
