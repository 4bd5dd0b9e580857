"""The roads guide's shoe: coups the engine shuffled and dealt from a fixed seed, the exact chances
before each, and its first coups worked through the roads cell by cell (:mod:`.roads_walk`).

Everything here is language-free data, computed once: the page draws the roads and says the
reasons in the reader's language (:mod:`baccarat.web.present.guides.roads`).

>>> shoe = roads_shoe()
>>> len(shoe.results), len(shoe.walk), [side.value for side in shoe.asks]
(40, 16, ['banker', 'player'])
>>> all(low <= high for low, high in shoe.chances.values())
True
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from functools import cache

from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import DEFAULT_DECKS, Shoe, ShoeRules
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.guides.roads_walk import Reason, Step, ask_reasons, walk
from baccarat.odds import odds_through_shoe
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult

__all__ = ["COUPS", "SEED", "WALK_COUPS", "RoadsShoe", "roads_shoe"]

SEED = 8
"""The seed the guide's shoe is shuffled from: the same shoe on every page, for every reader."""
COUPS = 40
"""The coups of that shoe the guide's roads show."""
WALK_COUPS = 16
"""The first coups, worked through cell by cell."""


@dataclass(frozen=True, slots=True)
class RoadsShoe:
    """The guide's coups as road results, the walk of the first ones, and the chances."""

    results: tuple[RoadResult, ...]
    """Every coup the roads show, in order."""
    walk: tuple[Step, ...]
    """The first :data:`WALK_COUPS` coups, cell by cell."""
    asks: Mapping[Side, tuple[Reason, ...]]
    """After the walk: each derived road's mark if the next result were Banker, or Player."""
    ask_rows: Mapping[Side, int]
    """The row (from 1) the next Banker or Player result would take on the Big Road."""
    chances: Mapping[Winner, tuple[Fraction, Fraction]]
    """The lowest and highest exact chance of each outcome before any of the coups."""

    @property
    def walked(self) -> tuple[RoadResult, ...]:
        """The results of the walk's coups."""
        return self.results[: len(self.walk)]


@cache
def roads_shoe() -> RoadsShoe:
    """The guide's shoe: :data:`COUPS` coups of a :data:`SEED`-shuffled Punto Banco shoe."""
    shoe = Shoe.shuffled(ShoeRules(decks=DEFAULT_DECKS), random.Random(SEED))
    steps = list(itertools.islice(odds_through_shoe(shoe, get_rule_set("punto-banco")), COUPS))
    results = tuple(RoadResult.from_coup(coup) for _report, coup in steps)
    walked = Roads(results[:WALK_COUPS])
    sides = (Side.BANKER, Side.PLAYER)
    chances = {w: [report.exact_outcomes()[w.value] for report, _coup in steps] for w in Winner}
    return RoadsShoe(
        results=results,
        walk=walk(results[:WALK_COUPS]),
        asks={side: ask_reasons(walked, side) for side in sides},
        ask_rows={side: walked.big_road.next_cell(side)[1] for side in sides},
        chances={w: (min(values), max(values)) for w, values in chances.items()},
    )
