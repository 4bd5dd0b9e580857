"""The whole model: worked sequences by hand, and random sequences against an oracle.

The oracle below restates docs/roads.md (the project's road rules) as plainly as possible and
recomputes everything from scratch; the model must agree with it after every coup.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.grid import ROWS, Position
from baccarat.roads.model import Roads
from baccarat.roads.result import RoadResult, parse_results

from .strategies import sequences

R, U = "red", "blue"  # U for blue, so that B keeps meaning Banker below
OFFSETS = {DerivedRoad.BIG_EYE_BOY: 1, DerivedRoad.SMALL_ROAD: 2, DerivedRoad.COCKROACH_PIG: 3}


# --- the oracle ---------------------------------------------------------------------------------


def oracle_big_road(results: Sequence[RoadResult]) -> list[list[dict[str, Any]]]:
    """Logical columns of cells {side, coup, ties, banker_pair, player_pair}."""
    columns: list[list[dict[str, Any]]] = []
    waiting: dict[str, Any] = {"ties": 0, "banker_pair": False, "player_pair": False}
    for coup, result in enumerate(results):
        letter = result.outcome.letter
        if letter == "T":
            # A tie is a slash on the last cell; before any cell it waits for the first one.
            target = columns[-1][-1] if columns else waiting
            target["ties"] += 1
            target["banker_pair"] |= result.banker_pair
            target["player_pair"] |= result.player_pair
            continue
        cell = {
            "side": letter,
            "coup": coup,
            "ties": 0,
            "banker_pair": result.banker_pair,
            "player_pair": result.player_pair,
        }
        if not columns:
            cell["ties"] = waiting["ties"]
            cell["banker_pair"] |= waiting["banker_pair"]
            cell["player_pair"] |= waiting["player_pair"]
        # Same side as the current column (never mind ties) goes down; else a new column.
        if columns and columns[-1][0]["side"] == letter:
            columns[-1].append(cell)
        else:
            columns.append([cell])
    return columns


def oracle_mark(lengths: Sequence[int], n: int, m: int, k: int) -> str | None:
    """roads.md, "Derived roads": the cell in column n (from 0) at row m (from 1)."""
    if m == 1:
        if n - 1 - k < 0:
            return None
        return R if lengths[n - 1] == lengths[n - 1 - k] else U
    if n - k < 0:
        return None
    p = lengths[n - k]
    if m <= p:
        return R  # level with a cell of column n-k
    if m == p + 1:
        return U  # one past the end of column n-k
    return R  # straight drop


def oracle_marks(lengths: Sequence[int], k: int) -> list[str]:
    # Cells arrive column by column, top to bottom; when a cell of column n arrives, the
    # columns before n are complete, so their final lengths are the lengths it saw.
    marks = []
    for n, length in enumerate(lengths):
        for m in range(1, length + 1):
            mark = oracle_mark(lengths, n, m, k)
            if mark is not None:
                marks.append(mark)
    return marks


def runs(items: Sequence[str]) -> list[int]:
    lengths: list[int] = []
    for i, item in enumerate(items):
        if i and items[i - 1] == item:
            lengths[-1] += 1
        else:
            lengths.append(1)
    return lengths


def oracle_place(lengths: Sequence[int]) -> list[list[tuple[int, int]]]:
    """roads.md, "Big Road placement", on a literal grid."""
    taken: set[tuple[int, int]] = set()
    placed = []
    first = -1
    for length in lengths:
        column = first + 1
        while (column, 0) in taken:
            column += 1
        first, row, turned = column, 0, False
        cells = [(column, row)]
        taken.add((column, row))
        for _ in range(length - 1):
            if not turned and row + 1 < ROWS and (column, row + 1) not in taken:
                row += 1
            else:
                turned = True
                column += 1
            cells.append((column, row))
            taken.add((column, row))
        placed.append(cells)
    return placed


def oracle(results: Sequence[RoadResult]) -> dict[str, Any]:
    columns = oracle_big_road(results)
    lengths = [len(column) for column in columns]
    derived = {road: oracle_marks(lengths, k) for road, k in OFFSETS.items()}
    return {
        "big_road": columns,
        "big_road_placed": oracle_place(lengths),
        "derived": derived,
        "derived_placed": {road: oracle_place(runs(marks)) for road, marks in derived.items()},
    }


def oracle_ask(results: Sequence[RoadResult], side: Side) -> dict[DerivedRoad, str | None]:
    """Add the hypothetical result and see whether each derived road got a new mark."""
    before = oracle(results)["derived"]
    outcome = Winner.BANKER if side is Side.BANKER else Winner.PLAYER
    after = oracle([*results, RoadResult(outcome)])["derived"]
    return {
        road: after[road][-1] if len(after[road]) > len(before[road]) else None
        for road in DerivedRoad
    }


# --- the model, seen as the oracle sees it --------------------------------------------------------


def model_view(roads: Roads) -> dict[str, Any]:
    big = roads.big_road
    return {
        "big_road": [
            [
                {
                    "side": "B" if cell.side is Side.BANKER else "P",
                    "coup": cell.coup,
                    "ties": cell.ties,
                    "banker_pair": cell.banker_pair,
                    "player_pair": cell.player_pair,
                }
                for cell in column
            ]
            for column in big.columns
        ],
        "big_road_placed": [[(p.column, p.row) for p in column] for column in big.placed],
        "derived": {
            road: [mark.value for mark in roads.derived(road).marks] for road in DerivedRoad
        },
        "derived_placed": {
            road: [[(p.column, p.row) for p in column] for column in roads.derived(road).placed]
            for road in DerivedRoad
        },
    }


def snapshot(roads: Roads) -> tuple[Any, ...]:
    """Everything the model exposes, as plain values."""
    return (
        roads.results,
        roads.bead_plate.columns,
        roads.big_road.columns,
        roads.big_road.placed,
        roads.big_road.leading_ties,
        roads.big_road.leading_pairs,
        tuple((r, roads.derived(r).columns, roads.derived(r).placed) for r in DerivedRoad),
        roads.ask(Side.BANKER),
        roads.ask(Side.PLAYER),
        roads.statistics(),
    )


# --- worked sequences, checked by hand ------------------------------------------------------------


def marks(roads: Roads, road: DerivedRoad) -> list[str]:
    return [mark.value for mark in roads.derived(road).marks]


def asks(roads: Roads) -> tuple[list[str | None], list[str | None]]:
    def values(side: Side) -> list[str | None]:
        return [mark and mark.value for mark in roads.ask(side).values()]

    return values(Side.BANKER), values(Side.PLAYER)


BEB, SR, CP = DerivedRoad.BIG_EYE_BOY, DerivedRoad.SMALL_ROAD, DerivedRoad.COCKROACH_PIG


def test_straight_drop() -> None:
    roads = Roads.from_tokens("B P P P P")
    assert roads.big_road.lengths == (1, 4)
    assert marks(roads, BEB) == [U, R, R]
    assert marks(roads, SR) == marks(roads, CP) == []
    # Banker next: column 2 row 1, lengths 4 and 1 differ; Player next: row 5, a straight drop.
    assert asks(roads) == ([U, None, None], [R, None, None])


def test_issue_example() -> None:
    roads = Roads.from_tokens("B B P P P B P B B B T B P P T T B P")
    assert roads.big_road.lengths == (2, 3, 1, 1, 4, 2, 1, 1)
    assert marks(roads, BEB) == [R, U, U, U, R, U, R, R, U, R, U, U]
    assert marks(roads, SR) == [U, U, U, R, R, U, U, U, U]
    assert marks(roads, CP) == [U, R, R, U, U, U, U, R]
    assert asks(roads) == ([R, U, U], [U, R, R])
    ties = [[cell.ties for cell in column] for column in roads.big_road.columns]
    assert ties == [[0, 0], [0, 0, 0], [0], [0], [0, 0, 1, 0], [0, 2], [0], [0]]


def test_tie_then_change_of_side() -> None:
    roads = Roads.from_tokens("B B T P T B T B P P")
    assert roads.big_road.lengths == (2, 1, 2, 2)
    assert [[c.ties for c in column] for column in roads.big_road.columns] == [
        [0, 1],
        [1],
        [1, 0],
        [0, 0],
    ]
    assert marks(roads, BEB) == [U, U, U, R]
    assert marks(roads, SR) == [R, R, U]
    assert marks(roads, CP) == [R]
    assert asks(roads) == ([R, U, R], [U, R, U])


def test_dragon_tail_under_a_later_column() -> None:
    roads = Roads.from_tokens("B " * 9 + "P " * 8 + "B P B B")
    big = roads.big_road
    assert big.lengths == (9, 8, 1, 1, 2)
    assert big.placed[0][6:] == (Position(1, 5), Position(2, 5), Position(3, 5))
    # The Player run meets the Banker tail and turns on row 5 (index 4), above it.
    assert big.placed[1][4:] == (Position(1, 4), Position(2, 4), Position(3, 4), Position(4, 4))
    assert [column[0] for column in big.placed[2:]] == [
        Position(2, 0),
        Position(3, 0),
        Position(4, 0),
    ]
    assert marks(roads, BEB) == [R] * 7 + [U, U, R, U]
    assert roads.big_eye_boy.placed[0][-1] == Position(1, 5)  # a tail on Big Eye Boy too
    assert roads.big_eye_boy.placed[1] == (Position(1, 0), Position(1, 1))
    assert marks(roads, SR) == [U, U, U]
    assert marks(roads, CP) == [U, R]
    assert asks(roads) == ([R, R, R], [U, U, U])


def test_derived_road_starts() -> None:
    # Every column of one: Big Eye Boy starts at column 3 row 1, the others a column later each.
    roads = Roads.from_tokens("B P B P B P B")
    assert (marks(roads, BEB), marks(roads, SR), marks(roads, CP)) == ([R] * 5, [R] * 4, [R] * 3)
    # Columns of two: they start at row 2 of columns 2, 3 and 4.
    roads = Roads()
    first: dict[DerivedRoad, int] = {}
    for coup, result in enumerate(parse_results("B B P P B B P P")):
        for mark in roads.add(result).marks:
            first.setdefault(mark.road, coup)
    assert first == {BEB: 3, SR: 5, CP: 7}
    assert (marks(roads, BEB), marks(roads, SR), marks(roads, CP)) == ([R] * 5, [R] * 3, [R])


def test_ties_before_the_first_result() -> None:
    roads = Roads.from_tokens("T T+bp")
    assert not roads.big_road.columns
    assert roads.big_road.leading_ties == 2
    assert asks(roads) == ([None] * 3, [None] * 3)
    roads.add(RoadResult.parse("B"))
    assert roads.big_road.columns[0][0].ties == 2
    assert roads.big_road.columns[0][0].banker_pair


def test_changes_report_what_was_added() -> None:
    roads = Roads.from_tokens("B P P P")
    change = roads.add(RoadResult.parse("P"))
    assert change.coup == 4
    assert change.bead == Position(0, 4)
    assert change.big_road.cell == Position(1, 3) and change.big_road.new_cell
    assert [(m.road, m.colour, m.placed) for m in change.marks] == [
        (BEB, Colour.RED, Position(1, 1))  # blue, then red, red in a new column
    ]
    tie = roads.add(RoadResult.parse("T"))
    assert tie.marks == () and not tie.big_road.new_cell
    assert tie.big_road.placed == Position(1, 3)


def test_constructors_agree() -> None:
    results = parse_results("B P T P+pp B+n")
    assert snapshot(Roads(results)) == snapshot(Roads.from_tokens("B P T P+pp B+n"))
    assert len(Roads(results)) == 5
    assert Roads(results).results == results


# --- long sequences: nested tails, long derived runs, whole shoes --------------------------------

LONG = [
    # Six nested dragon tails, the last on the top row, then columns that must skip past it.
    "B " * 40 + "P " * 38 + "B " * 36 + "P " * 34 + "B " * 32 + "P " * 30 + "B P B",
    # Choppy: every derived road is one long red run with a tail.
    "B P " * 40,
    "B B P P " * 20,
    ("B " * 7 + "P T ") * 10,
    "T " * 8 + ("P " * 3 + "B " * 9) * 5,
]


@pytest.mark.parametrize("tokens", LONG)
def test_long_sequences_agree_with_the_oracle(tokens: str) -> None:
    results = parse_results(tokens)
    roads = Roads(results)
    assert model_view(roads) == oracle(results)
    for side in Side:
        assert {r: m and m.value for r, m in roads.ask(side).items()} == oracle_ask(results, side)


def test_the_nested_tails_really_nest() -> None:
    roads = Roads.from_tokens(LONG[0])
    assert [column[-1].row for column in roads.big_road.placed[:6]] == [5, 4, 3, 2, 1, 0]
    end_of_top_tail = roads.big_road.placed[5][-1].column
    assert roads.big_road.placed[6] == (Position(end_of_top_tail + 1, 0),)


@pytest.mark.parametrize("seed", range(8))
def test_dealt_shoes_agree_with_the_oracle(seed: int) -> None:
    results = [
        RoadResult.from_coup(coup)
        for coup in Shoe.shuffled(ShoeRules(decks=8), random.Random(seed)).deal_all()
    ]
    roads = Roads(results)
    assert model_view(roads) == oracle(results)
    for side in Side:
        assert {r: m and m.value for r, m in roads.ask(side).items()} == oracle_ask(results, side)


# --- random sequences ------------------------------------------------------------------------------


@settings(max_examples=150, deadline=None)
@given(sequences)
def test_model_agrees_with_the_oracle(results: list[RoadResult]) -> None:
    assert model_view(Roads(results)) == oracle(results)


@settings(deadline=None)
@given(sequences, st.data())
def test_ask_icons_agree_with_the_oracle(results: list[RoadResult], data: st.DataObject) -> None:
    cut = data.draw(st.integers(0, len(results)), label="prefix")
    roads = Roads(results[:cut])
    for side in Side:
        assert {road: mark and mark.value for road, mark in roads.ask(side).items()} == oracle_ask(
            results[:cut], side
        )


@settings(deadline=None)
@given(sequences)
def test_incremental_equals_batch_after_every_coup(results: list[RoadResult]) -> None:
    live = Roads()
    for i, result in enumerate(results):
        change = live.add(result)
        assert snapshot(live) == snapshot(Roads(results[: i + 1]))
        # The change names exactly the new marks, where they were drawn.
        for mark in change.marks:
            road = live.derived(mark.road)
            assert road.marks[-1] is mark.colour
            assert road.placed[-1][-1] == mark.placed


@settings(deadline=None)
@given(sequences)
def test_invariants(results: list[RoadResult]) -> None:
    roads = Roads(results)
    # Big Road cells are the non-tie coups.
    non_ties = [i for i, r in enumerate(results) if r.outcome is not Winner.TIE]
    assert [cell.coup for column in roads.big_road.columns for cell in column] == non_ties
    assert roads.big_road.cells == len(non_ties)
    # No placed cell leaves the six rows or overlaps another, on the Big Road and each derived road.
    for placed in (roads.big_road.placed, *(roads.derived(r).placed for r in DerivedRoad)):
        positions = [p for column in placed for p in column]
        assert len(set(positions)) == len(positions)
        assert all(0 <= p.row < ROWS and p.column >= 0 for p in positions)
    # Each derived road's ask icons are both absent or of opposite colours.
    banker, player = roads.ask(Side.BANKER), roads.ask(Side.PLAYER)
    for road in DerivedRoad:
        pair = (banker[road], player[road])
        assert pair == (None, None) or set(pair) == set(Colour)
    # Every tie is counted once: on a cell, or waiting for the first.
    ties = sum(c.ties for column in roads.big_road.columns for c in column)
    assert ties + roads.big_road.leading_ties == len(results) - len(non_ties)
