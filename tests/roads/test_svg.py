"""SVG rendering: golden files, well-formed XML, a title and a text cue on every cell."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable

import pytest
from hypothesis import given, settings

from baccarat.core.summary import Winner
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.labels import RoadLabels
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadError, RoadResult
from baccarat.roads.svg import (
    Palette,
    ask_svg,
    bead_plate_svg,
    big_road_svg,
    coup_cells,
    derived_road_svg,
    roads_svg,
)
from baccarat.roads.why import mark_reasons

from .strategies import sequences
from .worked import WORKED

NS = "{http://www.w3.org/2000/svg}"
SVG_GOLDEN = [
    "straight_drop",
    "tie_then_change",
    "leading_ties",
    "leading_ties_only",
    "dragon_tail",
    "pairs_and_naturals",
]


def cells(svg: str, kind: str) -> list[ET.Element]:
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{NS}g") if g.get("class", "").split()[:2] == ["cell", kind]]


@pytest.mark.parametrize("name", SVG_GOLDEN)
def test_worked_sequences(name: str, golden: Callable[[str, str], None]) -> None:
    golden(f"{name}.svg", roads_svg(Roads.from_tokens(WORKED[name])))


def test_each_road_on_its_own(golden: Callable[[str, str], None]) -> None:
    roads = Roads.from_tokens(WORKED["issue_example"])
    golden("issue_example.bead_plate.svg", bead_plate_svg(roads))
    golden("issue_example.big_road.svg", big_road_svg(roads))
    for road in DerivedRoad:
        golden(f"issue_example.{road.value}.svg", derived_road_svg(roads, road))
    golden("issue_example.ask.svg", ask_svg(roads))


def test_empty_roads(golden: Callable[[str, str], None]) -> None:
    golden("empty.svg", roads_svg(Roads()))


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_every_cell_is_drawn_with_a_title_and_text(results: list[RoadResult]) -> None:
    roads = Roads(results)
    svg = roads_svg(roads)
    assert svg == roads_svg(Roads(results))  # deterministic
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg" and root.find(f"{NS}title") is not None
    assert "id=" not in svg  # several boards can share a page
    non_ties = sum(r.outcome is not Winner.TIE for r in results)
    leading = 1 if roads.big_road.leading_ties else 0
    assert len(cells(svg, "bead")) == len(results)
    assert len(cells(svg, "big-road")) == non_ties + leading
    for road in DerivedRoad:
        assert len(cells(svg, "derived-road")) >= len(roads.derived(road))
    assert len(cells(svg, "derived-road")) == sum(len(roads.derived(r)) for r in DerivedRoad)
    assert len(cells(svg, "ask")) == 8
    for g in root.iter(f"{NS}g"):
        if g.get("class", "").startswith("cell "):
            title = g.find(f"{NS}title")
            assert title is not None and title.text
            # Colour is never the only signal: a letter, a count or a dash is written, or (a
            # single tie before the first result) the slash's shape says it.
            if g.get("class") == "cell big-road tie":
                assert g.find(f"{NS}line") is not None
            else:
                assert g.find(f"{NS}text") is not None


@settings(deadline=None, max_examples=60)
@given(sequences)
def test_cells_carry_what_a_page_reads_off_them(results: list[RoadResult]) -> None:
    """A bead and a Big Road cell name their coup (from 0), a Big Road cell its logical column,
    a derived mark the two Big Road columns it set side by side; every board cell has a hit
    area as large as the cell, and the ask icons none of these."""
    roads = Roads(results)
    beads = cells(bead_plate_svg(roads), "bead")
    assert [g.get("data-coup") for g in beads] == [str(n) for n in range(len(results))]
    big = cells(big_road_svg(roads), "big-road")
    coups = [g.get("data-coup") for g in big if g.get("data-column") is not None]
    columns = [g.get("data-column") for g in big if g.get("data-column") is not None]
    road = roads.big_road
    assert coups == [str(item.coup) for column in road.columns for item in column]
    assert columns == [str(x) for x, column in enumerate(road.columns) for _item in column]
    for g in big:
        if g.get("data-column") is None:  # ties before the first result: the first tie's
            assert g.get("class") == "cell big-road tie" and g.get("data-coup") == "0"
    lengths = road.lengths
    for derived in DerivedRoad:
        marks = cells(derived_road_svg(roads, derived), "derived-road")
        pairs = [f"{r.pair[0]} {r.pair[1]}" for r in mark_reasons(lengths, derived)]
        assert [g.get("data-pair") for g in marks] == pairs
    for svg, size in ((bead_plate_svg(roads), "28"), (derived_road_svg(roads, derived), "16")):
        for g in ET.fromstring(svg).iter(f"{NS}g"):
            hit = g.find(f"{NS}rect")
            assert hit is not None and hit.get("pointer-events") == "all"
            assert (hit.get("width"), hit.get("height"), hit.get("fill")) == (size, size, "none")
    for g in cells(ask_svg(roads), "ask"):
        assert g.find(f"{NS}rect") is None and not any(k.startswith("data-") for k in g.attrib)


def test_ties_are_written_as_numbers() -> None:
    svg = big_road_svg(Roads.from_tokens("B T T T P T"))
    banker, player = cells(svg, "big-road")
    assert [t.text for t in banker.iter(f"{NS}text")] == ["3", "B"]
    assert [t.text for t in player.iter(f"{NS}text")] == ["P"]  # one tie: the slash alone
    assert player.find(f"{NS}line") is not None
    assert "ties: 1" in (player.findtext(f"{NS}title") or "")


def test_titles_describe_the_cell() -> None:
    svg = bead_plate_svg(Roads([RoadResult(Winner.PLAYER, True, True, True, 9, 2)]))
    (cell,) = cells(svg, "bead")
    assert cell.findtext(f"{NS}title") == (
        "Coup 1: Player wins, Player 9, Banker 2, natural, Banker pair, Player pair"
    )
    svg = derived_road_svg(Roads.from_tokens("B P P"), DerivedRoad.BIG_EYE_BOY)
    (cell,) = cells(svg, "derived-road")
    assert cell.findtext(f"{NS}title") == "Big Eye Boy, column 1, row 1: blue"
    assert cell.get("class") == "cell derived-road big-eye-boy blue"


def test_a_fixed_number_of_columns_shows_the_latest() -> None:
    roads = Roads.from_tokens("B P " * 10)  # Big Road: 20 columns of one
    svg = big_road_svg(roads, cell=20, columns=5)
    root = ET.fromstring(svg)
    assert root.get("width") == "100"
    shown = cells(svg, "big-road")
    assert len(shown) == 5
    titles = [c.findtext(f"{NS}title", "").split(":")[0] for c in shown]
    assert titles == [f"Big Road, column {n}, row 1" for n in range(16, 21)]
    with pytest.raises(RoadError, match="columns"):
        big_road_svg(roads, columns=0)


def test_labels_are_escaped_and_used() -> None:
    labels = RoadLabels(banker="<C>", player="Đ", big_road="Big & Road")
    svg = big_road_svg(Roads.from_tokens("B P"), labels=labels)
    root = ET.fromstring(svg)
    assert root.get("aria-label") == "Big & Road"
    assert [t.text for t in root.iter(f"{NS}text")] == ["<C>", "Đ"]


def test_bad_sizes_and_colours_are_refused() -> None:
    roads = Roads.from_tokens("B")
    with pytest.raises(RoadError, match="cell size"):
        bead_plate_svg(roads, cell=4)
    with pytest.raises(RoadError, match="cell size"):
        ask_svg(roads, cell=0)
    with pytest.raises(RoadError, match="banker"):
        Palette(banker='red" onload="x')
    svg = bead_plate_svg(roads, palette=Palette(banker="darkred"))
    assert 'fill="darkred"' in svg


_CELL = re.compile(r'<g class="cell[^"]*" transform="translate\((\d+),(\d+)\)".*?</g>')


def _cells(svg: str) -> dict[tuple[str, str], str]:
    return {(m[1], m[2]): m[0] for m in _CELL.finditer(svg)}


@given(sequences)
@settings(max_examples=60, deadline=None)
def test_coup_cells_grow_the_boards_like_a_full_redraw(results: list[RoadResult]) -> None:
    """Appending each coup's cells (replacing any at the same place) gives, coup after coup,
    exactly the cells of every board drawn whole."""
    roads = Roads()
    grown: dict[str, dict[tuple[str, str], str]] = {}
    for result in results:
        change = roads.add(result)
        for board, cells in coup_cells(roads, change).items():
            for cell in cells:
                grown.setdefault(board, {}).update(_cells(cell))
    whole = {
        "bead_plate": bead_plate_svg(roads),
        "big_road": big_road_svg(roads),
        **{road.value: derived_road_svg(roads, road) for road in DerivedRoad},
    }
    for board, svg in whole.items():
        assert grown.get(board, {}) == _cells(svg), board
