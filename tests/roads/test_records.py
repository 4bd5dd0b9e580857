"""The JSON forms of the roads."""

from __future__ import annotations

import json

from hypothesis import given, settings

from baccarat.core.tableau import Side
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.model import Roads
from baccarat.roads.records import roads_record, statistics_record
from baccarat.roads.result import RoadResult

from .strategies import sequences


def test_the_documented_shape() -> None:
    record = roads_record(Roads.from_tokens("T+bp B B+pp P T P+n"))
    assert list(record) == [
        "bead_plate",
        "big_road",
        "big_eye_boy",
        "small_road",
        "cockroach_pig",
        "ask",
    ]
    assert record["bead_plate"][0][0] == {
        "outcome": "T",
        "banker_pair": True,
        "player_pair": False,
        "natural": False,
        "player_total": None,
        "banker_total": None,
    }
    assert record["big_road"] == {
        "columns": [
            [
                {"side": "B", "ties": 1, "banker_pair": True, "player_pair": False},
                {"side": "B", "ties": 0, "banker_pair": False, "player_pair": True},
            ],
            [
                {"side": "P", "ties": 1, "banker_pair": False, "player_pair": False},
                {"side": "P", "ties": 0, "banker_pair": False, "player_pair": False},
            ],
        ]
    }
    assert record["big_eye_boy"] == ["red"]
    assert record["small_road"] == record["cockroach_pig"] == []
    assert record["ask"] == {
        "banker": {"big_eye_boy": "red", "small_road": None, "cockroach_pig": None},
        "player": {"big_eye_boy": "blue", "small_road": None, "cockroach_pig": None},
    }


@settings(deadline=None)
@given(sequences)
def test_records_are_json_and_mirror_the_model(results: list[RoadResult]) -> None:
    roads = Roads(results)
    record = json.loads(json.dumps(roads_record(roads)))
    assert sum(len(column) for column in record["bead_plate"]) == len(results)
    assert all(len(column) <= 6 for column in record["bead_plate"])
    lengths = tuple(len(column) for column in record["big_road"]["columns"])
    assert lengths == roads.big_road.lengths
    for road in DerivedRoad:
        assert record[road.value] == [mark.value for mark in roads.derived(road).marks]
        for side in Side:
            mark = roads.ask(side)[road]
            assert record["ask"][side.value][road.value] == (mark and mark.value)


def test_statistics_record() -> None:
    record = statistics_record(Roads.from_tokens("B B P T+pp+n").statistics())
    assert record["banker"] == {"count": 2, "percent": 50.0}
    assert record["tie"] == {"count": 1, "percent": 25.0}
    assert record["player_pairs"] == {"count": 1, "percent": 25.0}
    assert record["current_run"] == {"side": "P", "length": 1}
    assert record["longest_run"] == {"side": "B", "length": 2}
    assert record["derived"]["big_eye_boy"] == {"red": 0, "blue": 0}
    assert statistics_record(Roads().statistics())["current_run"] is None
    json.dumps(record)
