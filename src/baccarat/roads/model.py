"""All the roads of a shoe, kept up to date one coup at a time.

:class:`Roads` holds the Bead Plate, the Big Road, the three derived roads and the panel's
counters. :meth:`Roads.add` updates each of them in time proportional to what the coup changes
(one bead, at most one Big Road cell or slash, at most one mark per derived road), so a live table
never recomputes the shoe; building from a whole list is the same sequence of additions.

>>> roads = Roads.from_tokens("B P P P P")
>>> [mark.value for mark in roads.derived(DerivedRoad.BIG_EYE_BOY).marks]
['blue', 'red', 'red']
>>> {road.value: mark and mark.value for road, mark in roads.ask(Side.BANKER).items()}
{'big_eye_boy': 'blue', 'small_road': None, 'cockroach_pig': None}
>>> change = roads.add(RoadResult.parse("B"))
>>> change.big_road.cell, [(m.road.value, m.colour.value) for m in change.marks]
(Position(column=2, row=0), [('big_eye_boy', 'blue')])
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from baccarat.core.coup import Coup
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.bead_plate import BeadPlate
from baccarat.roads.big_road import BigRoad, BigRoadChange
from baccarat.roads.derived import Colour, ColourRoad, DerivedRoad
from baccarat.roads.grid import Position
from baccarat.roads.result import RoadResult, parse_results
from baccarat.roads.statistics import DerivedCounts, RoadStatistics, Run

__all__ = ["DerivedMark", "RoadChange", "Roads"]


@dataclass(frozen=True, slots=True)
class DerivedMark:
    """A mark a coup added to a derived road, and where it is drawn."""

    road: DerivedRoad
    colour: Colour
    placed: Position


@dataclass(frozen=True, slots=True)
class RoadChange:
    """Everything one coup changed: a live page can redraw just these cells.

    ``coup`` counts from 0; ``bead`` is its Bead Plate cell; ``big_road`` says which Big Road
    cell it made or slashed; ``marks`` are the derived-road marks it added (none for a tie).
    """

    coup: int
    bead: Position
    big_road: BigRoadChange
    marks: tuple[DerivedMark, ...]


class Roads:
    """The Bead Plate, Big Road, derived roads, ask icons and statistics of a sequence of coups."""

    def __init__(self, results: Iterable[RoadResult] = ()) -> None:
        self.bead_plate = BeadPlate()
        self.big_road = BigRoad()
        self._derived = {road: ColourRoad(road) for road in DerivedRoad}
        # Pairs of (road, its marks) in order: iterating them avoids hashing enums per coup.
        self._derived_items = tuple(self._derived.items())
        self._banker = self._player = self._tie = 0
        self._banker_pairs = 0
        self._player_pairs = 0
        self._naturals = 0
        self._longest: Run | None = None
        self._longest_banker = self._longest_player = 0
        self.extend(results)

    @classmethod
    def from_tokens(cls, text: str) -> Roads:
        """Roads of result tokens such as ``"B B+pp T P+n"`` (see :func:`parse_results`)."""
        return cls(parse_results(text))

    @classmethod
    def from_coups(cls, coups: Iterable[Coup]) -> Roads:
        """Roads of dealt coups."""
        return cls(RoadResult.from_coup(coup) for coup in coups)

    def add(self, result: RoadResult) -> RoadChange:
        """Add the next coup and say what changed."""
        coup = len(self.bead_plate)
        bead = self.bead_plate.add(result)
        side = result.side
        if side is None:
            change = self.big_road.add(result)
            self._count(result)
            return RoadChange(coup, bead, change, ())
        # The marks are read before the cell goes in: the rule looks only at earlier columns
        # and at where the new cell lands, exactly what the ask icons read for a cell to come.
        colours = [self.big_road.mark(road, side) for road, _ in self._derived_items]
        change = self.big_road.add(result)
        marks = tuple(
            DerivedMark(road, colour, derived.add(colour))
            for (road, derived), colour in zip(self._derived_items, colours, strict=True)
            if colour is not None
        )
        self._count(result)
        return RoadChange(coup, bead, change, marks)

    def add_coup(self, coup: Coup) -> RoadChange:
        """Add a dealt coup."""
        return self.add(RoadResult.from_coup(coup))

    def extend(self, results: Iterable[RoadResult]) -> None:
        """Add coups in order."""
        for result in results:
            self.add(result)

    def _count(self, result: RoadResult) -> None:
        outcome = result.outcome
        self._banker += outcome is Winner.BANKER
        self._player += outcome is Winner.PLAYER
        self._tie += outcome is Winner.TIE
        self._banker_pairs += result.banker_pair
        self._player_pairs += result.player_pair
        self._naturals += result.natural
        side = result.side
        if side is None:
            return
        length = self.big_road.current_length
        if side is Side.BANKER:
            self._longest_banker = max(self._longest_banker, length)
        else:
            self._longest_player = max(self._longest_player, length)
        if self._longest is None or length > self._longest.length:
            self._longest = Run(side, length)

    def derived(self, road: DerivedRoad) -> ColourRoad:
        """One derived road."""
        return self._derived[road]

    @property
    def big_eye_boy(self) -> ColourRoad:
        return self._derived[DerivedRoad.BIG_EYE_BOY]

    @property
    def small_road(self) -> ColourRoad:
        return self._derived[DerivedRoad.SMALL_ROAD]

    @property
    def cockroach_pig(self) -> ColourRoad:
        return self._derived[DerivedRoad.COCKROACH_PIG]

    @property
    def results(self) -> tuple[RoadResult, ...]:
        """Every coup added, in order."""
        return self.bead_plate.results

    def ask(self, side: Side) -> dict[DerivedRoad, Colour | None]:
        """The ask icons for ``side``: the mark each derived road would get if the next coup
        were won by ``side`` (``None``: no mark). For each road the Banker and Player icons are
        both ``None`` or of opposite colours."""
        return {road: self.big_road.mark(road, side) for road in DerivedRoad}

    def statistics(self) -> RoadStatistics:
        """The panel's figures."""
        side = self.big_road.side
        current = Run(side, self.big_road.current_length) if side is not None else None
        return RoadStatistics(
            coups=len(self.bead_plate),
            banker=self._banker,
            player=self._player,
            tie=self._tie,
            banker_pairs=self._banker_pairs,
            player_pairs=self._player_pairs,
            naturals=self._naturals,
            columns=self.big_road.column_count,
            current_run=current,
            longest_run=self._longest,
            longest_banker_run=self._longest_banker,
            longest_player_run=self._longest_player,
            derived=tuple(
                DerivedCounts(road, self._derived[road].red, self._derived[road].blue)
                for road in DerivedRoad
            ),
        )

    def __len__(self) -> int:
        return len(self.bead_plate)
