"""Plain-text rendering, against golden files."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from baccarat.core.tableau import Side
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.labels import RoadLabels
from baccarat.roads.model import Roads
from baccarat.roads.text import (
    ask_text,
    bead_plate_text,
    big_road_text,
    derived_road_text,
    render_text,
    statistics_text,
)

from .worked import WORKED


@pytest.mark.parametrize("name", sorted(WORKED))
def test_worked_sequences(name: str, golden: Callable[[str, str], None]) -> None:
    golden(f"{name}.txt", render_text(Roads.from_tokens(WORKED[name])) + "\n")


def test_empty_roads(golden: Callable[[str, str], None]) -> None:
    golden("empty.txt", render_text(Roads()) + "\n")


def test_the_whole_is_its_parts() -> None:
    roads = Roads.from_tokens(WORKED["issue_example"])
    parts = [
        bead_plate_text(roads),
        big_road_text(roads),
        *(derived_road_text(roads, road) for road in DerivedRoad),
        ask_text(roads),
        statistics_text(roads.statistics()),
    ]
    assert render_text(roads).startswith("\n\n".join(parts))


def test_straight_drop_grid() -> None:
    roads = Roads.from_tokens("B P P P P")
    assert big_road_text(roads).splitlines()[1:5] == ["B P", ". P", ". P", ". P"]
    assert derived_road_text(roads, DerivedRoad.BIG_EYE_BOY).splitlines()[1:3] == ["C R", ". R"]


def test_labels_change_the_markings() -> None:
    labels = RoadLabels(banker="C", player="Đ", tie="H", banker_name="Cái", player_name="Con")
    roads = Roads.from_tokens("B P T P+pp")
    assert bead_plate_text(roads, labels).splitlines()[1:5] == ["C", "Đ", "H", "Đ*"]
    assert "Con" in ask_text(roads, labels)
    assert labels.side_letter(Side.PLAYER) == "Đ"


def test_the_legend_says_the_roads_predict_nothing() -> None:
    assert "predict nothing" in render_text(Roads())
