"""Why a derived road's mark is red or blue: the Big Road cell it came from and the columns compared.

Each mark of a derived road comes from one Big Road cell, by the rule of
:func:`~baccarat.roads.derived.derived_colour`: the first cell of a column compares the lengths
of the two columns ``offset`` apart before it; a later cell compares its depth with the length of
the column ``offset`` to its left. :func:`mark_reasons` gives every mark of a road with what was
compared, in the order of the road's marks, so a page can say, for any cell a player taps, which
Big Road columns decided it.

The "straight drop" ``B P P P P`` gives Big Eye Boy three marks:

>>> from baccarat.roads.derived import DerivedRoad
>>> [(r.column, r.depth, r.case.value, r.colour.value)
...  for r in mark_reasons([1, 4], DerivedRoad.BIG_EYE_BOY)]
[(1, 2, 'below', 'blue'), (1, 3, 'drop', 'red'), (1, 4, 'drop', 'red')]
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass

from baccarat.roads.derived import Colour, DerivedRoad, derived_colour

__all__ = ["Case", "MarkReason", "mark_reason", "mark_reasons"]


class Case(enum.Enum):
    """Which part of the rule decided a mark."""

    SAME_LENGTH = "same"
    """A new column: the two columns compared have the same length (red)."""
    OTHER_LENGTH = "other"
    """A new column: the two columns compared differ in length (blue)."""
    LEVEL = "level"
    """Down a column: the column compared reaches this depth (red)."""
    BELOW = "below"
    """Down a column: the column compared ends just above this depth (blue)."""
    DROP = "drop"
    """Down a column: the column compared ended further up, a "straight drop" (red)."""


@dataclass(frozen=True, slots=True)
class MarkReason:
    """One mark of a derived road and what decided it.

    ``column`` (from 0) and ``depth`` (from 1) place the Big Road cell that made the mark;
    ``compared`` are the Big Road columns read (two for a new column, one otherwise) and
    ``lengths`` their lengths, in the same order.
    """

    road: DerivedRoad
    column: int
    depth: int
    compared: tuple[int, ...]
    lengths: tuple[int, ...]
    case: Case
    colour: Colour

    @property
    def pair(self) -> tuple[int, int]:
        """The two Big Road columns set side by side, left to right (from 0), as a page lights
        them: for a new column the two compared before it; down a column, the column compared
        and the cell's own, whose depth was measured against it.

        >>> [r.pair for r in mark_reasons([1, 4, 1], DerivedRoad.BIG_EYE_BOY)]
        [(0, 1), (0, 1), (0, 1), (0, 1)]
        >>> mark_reasons([2, 2, 1, 1], DerivedRoad.SMALL_ROAD)[0].pair
        (0, 2)
        """
        if self.depth == 1:
            return self.compared[1], self.compared[0]
        return self.compared[0], self.column


def mark_reason(
    road: DerivedRoad, lengths: Sequence[int], column: int, depth: int
) -> MarkReason | None:
    """Why the Big Road cell in logical ``column`` (from 0) at ``depth`` (from 1) gave ``road``
    its mark; None when it gave none. Only the columns before ``column`` are read.

    >>> mark_reason(DerivedRoad.BIG_EYE_BOY, [1, 4], 1, 2).case
    <Case.BELOW: 'below'>
    >>> mark_reason(DerivedRoad.SMALL_ROAD, [1, 4], 1, 2) is None
    True
    """
    colour = derived_colour(lengths, column, depth, road.offset)
    if colour is None:
        return None
    if depth == 1:
        compared: tuple[int, ...] = (column - 1, column - 1 - road.offset)
        case = Case.SAME_LENGTH if colour is Colour.RED else Case.OTHER_LENGTH
    else:
        compared = (column - road.offset,)
        length = lengths[compared[0]]
        case = Case.BELOW if colour is Colour.BLUE else Case.LEVEL if depth <= length else Case.DROP
    return MarkReason(
        road, column, depth, compared, tuple(lengths[c] for c in compared), case, colour
    )


def mark_reasons(lengths: Sequence[int], road: DerivedRoad) -> tuple[MarkReason, ...]:
    """Every mark of ``road`` for a Big Road of these logical column ``lengths``, in order.

    The rule reads only columns to the left of a cell, which are complete, so the final lengths
    serve for every cell.

    >>> [r.case.value for r in mark_reasons([2, 2, 1], DerivedRoad.BIG_EYE_BOY)]
    ['level', 'same']
    """
    reasons = (
        mark_reason(road, lengths, column, depth)
        for column, length in enumerate(lengths)
        for depth in range(1, length + 1)
    )
    return tuple(reason for reason in reasons if reason is not None)
