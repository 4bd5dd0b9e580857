"""Plain-data (JSON-ready) forms of the roads, shared by the CLI and the web API.

:func:`roads_record` is the object documented for ``baccarat roads --json``.

>>> from baccarat.roads.model import Roads
>>> record = roads_record(Roads.from_tokens("B P P P P"))
>>> record["big_eye_boy"], record["ask"]["player"]["big_eye_boy"]
(['blue', 'red', 'red'], 'red')
>>> record["big_road"]["columns"][0]
[{'side': 'B', 'ties': 0, 'banker_pair': False, 'player_pair': False}]
"""

from __future__ import annotations

from typing import Any

from baccarat.core.tableau import Side
from baccarat.roads.big_road import BigRoadCell
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult
from baccarat.roads.statistics import RoadStatistics, Run

__all__ = [
    "big_road_cell_record",
    "result_record",
    "roads_document",
    "roads_record",
    "statistics_record",
]

_SIDE_LETTER = {Side.BANKER: "B", Side.PLAYER: "P"}


def result_record(result: RoadResult) -> dict[str, Any]:
    """A Bead Plate cell: outcome letter, pairs, natural and the totals (``None`` if unknown)."""
    return {
        "outcome": result.outcome.letter,
        "banker_pair": result.banker_pair,
        "player_pair": result.player_pair,
        "natural": result.natural,
        "player_total": result.player_total,
        "banker_total": result.banker_total,
    }


def big_road_cell_record(cell: BigRoadCell) -> dict[str, Any]:
    return {
        "side": _SIDE_LETTER[cell.side],
        "ties": cell.ties,
        "banker_pair": cell.banker_pair,
        "player_pair": cell.player_pair,
    }


def roads_record(roads: Roads) -> dict[str, Any]:
    """Every road and the ask icons; derived roads as their marks in order."""
    asks = {side: roads.ask(side) for side in (Side.BANKER, Side.PLAYER)}
    return {
        "bead_plate": [
            [result_record(result) for result in column] for column in roads.bead_plate.columns
        ],
        "big_road": {
            "columns": [
                [big_road_cell_record(cell) for cell in column] for column in roads.big_road.columns
            ]
        },
        **{road.value: [mark.value for mark in roads.derived(road).marks] for road in DerivedRoad},
        "ask": {
            side.value: {road.value: mark and mark.value for road, mark in ask.items()}
            for side, ask in asks.items()
        },
    }


def _run_record(run: Run | None) -> dict[str, Any] | None:
    return None if run is None else {"side": _SIDE_LETTER[run.side], "length": run.length}


def statistics_record(stats: RoadStatistics) -> dict[str, Any]:
    """The panel's figures; percentages rounded to two decimals (the counts are exact)."""

    def count(n: int) -> dict[str, Any]:
        return {"count": n, "percent": float(round(stats.share(n), 2))}

    return {
        "coups": stats.coups,
        "banker": count(stats.banker),
        "player": count(stats.player),
        "tie": count(stats.tie),
        "banker_pairs": count(stats.banker_pairs),
        "player_pairs": count(stats.player_pairs),
        "naturals": count(stats.naturals),
        "columns": stats.columns,
        "current_run": _run_record(stats.current_run),
        "longest_run": _run_record(stats.longest_run),
        "longest_banker_run": stats.longest_banker_run,
        "longest_player_run": stats.longest_player_run,
        "derived": {c.road.value: {"red": c.red, "blue": c.blue} for c in stats.derived},
    }


def roads_document(roads: Roads) -> dict[str, Any]:
    """The ``baccarat.roads`` record: :func:`roads_record` with the :func:`statistics_record` of
    the same coups (what ``baccarat roads --json`` prints and the API's roads answer carries).

    >>> document = roads_document(Roads.from_tokens("B P"))
    >>> document["statistics"]["coups"], document["statistics"]["banker"]["count"]
    (2, 1)
    """
    return roads_record(roads) | {"statistics": statistics_record(roads.statistics())}
