"""The score-board roads: Bead Plate, Big Road, Big Eye Boy, Small Road, Cockroach Pig, ask icons.

A pure package (the standard library and :mod:`baccarat.core` only, no I/O). The model
(:mod:`~baccarat.roads.result`, :mod:`~baccarat.roads.grid`, :mod:`~baccarat.roads.bead_plate`,
:mod:`~baccarat.roads.big_road`, :mod:`~baccarat.roads.derived`,
:mod:`~baccarat.roads.statistics`, :mod:`~baccarat.roads.variance`, :mod:`~baccarat.roads.model`)
knows nothing of drawing; the renderers (:mod:`~baccarat.roads.text`, :mod:`~baccarat.roads.svg`)
and the JSON forms (:mod:`~baccarat.roads.records`) read it. The rules are those of ``docs/roads.md``.

>>> roads = Roads.from_tokens("B B P P P B P B B B T B P P T T B P")
>>> roads.big_road.lengths
(2, 3, 1, 1, 4, 2, 1, 1)
>>> " ".join(mark.value[0].upper() for mark in roads.big_eye_boy.marks)
'R B B B R B R R B R B B'
>>> change = roads.add(RoadResult.parse("P+pp"))   # one more coup: only what changed is redone
>>> change.big_road.placed, [m.colour.value for m in change.marks]
(Position(column=7, row=1), ['blue', 'red', 'red'])
"""

from baccarat.roads.bead_plate import BeadPlate
from baccarat.roads.big_road import BigRoad, BigRoadCell, BigRoadChange
from baccarat.roads.derived import Colour, ColourRoad, DerivedRoad, derived_colour
from baccarat.roads.grid import ROWS, Placement, Position
from baccarat.roads.labels import ENGLISH, RoadLabels
from baccarat.roads.model import DerivedMark, RoadChange, Roads
from baccarat.roads.result import RoadError, RoadResult, parse_results
from baccarat.roads.statistics import DerivedCounts, RoadStatistics, Run, format_percent

__all__ = [
    "ENGLISH",
    "ROWS",
    "BeadPlate",
    "BigRoad",
    "BigRoadCell",
    "BigRoadChange",
    "Colour",
    "ColourRoad",
    "DerivedCounts",
    "DerivedMark",
    "DerivedRoad",
    "Placement",
    "Position",
    "RoadChange",
    "RoadError",
    "RoadLabels",
    "RoadResult",
    "RoadStatistics",
    "Roads",
    "Run",
    "derived_colour",
    "format_percent",
    "parse_results",
]
