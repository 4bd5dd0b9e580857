"""The table page's panels grow by one coup from the deal's answer, exactly as a full redraw.

Deals go through the API with ``view=table``; after each, the road cells it carries are laid on
the boards (replacing a cell at the same place), and the shoe, statistics and odds figures it
carries are compared with what the panels the server renders whole for the table as it now
stands show at the places the page writes them (``roads.js``; ``test_table_browser`` checks that
the page does).
Nothing about the shoe is re-dealt for the answer (``PanelStates`` holds the roads).
"""

from __future__ import annotations

import json
import re
import uuid
from html import unescape
from typing import Any

from fastapi.testclient import TestClient

from baccarat.records import RecordType
from baccarat.web.app import create_app
from baccarat.web.settings import Settings
from baccarat.web.tablestate import PanelStates, states_of
from support.records import check_record

from .conftest import Browser, ready, table_id

_CELL = re.compile(r'<g class="cell[^"]*" transform="translate\((\d+),(\d+)\)".*?</g>', re.S)
_BOARDS = {
    "bead_plate": "bead-plate",
    "big_road": "big-road",
    "big_eye_boy": "road-big-eye-boy",
    "small_road": "road-small-road",
    "cockroach_pig": "road-cockroach-pig",
}


def _cells(html: str) -> dict[tuple[str, str], str]:
    return {(m[1], m[2]): m[0] for m in _CELL.finditer(html)}


def _board(panels: str, element_id: str) -> str:
    start = panels.index(f'id="{element_id}"')
    return panels[start : panels.index("</svg>", start)]


def _part(panels: str, element_id: str, tag: str) -> str:
    start = panels.rindex(f"<{tag}", 0, panels.index(f'id="{element_id}"'))
    end = panels.index(f"</{tag}>", start) + len(tag) + 3
    return panels[start:end]


def _between(text: str, pattern: str) -> str:
    found = re.search(pattern, text, re.S)
    assert found is not None, pattern
    return unescape(found[1])


def _written(panels: str) -> dict[str, Any]:
    """The figures of a full redraw at the places the page writes a deal's figures."""
    start = panels.index('id="shoe-counts"')
    shoe = panels[start : panels.index("</table>", start)]
    texts: dict[str, Any] = {
        "summary": _between(shoe, r'<p class="shoe-summary">(.*?)</p>'),
        "gauge": _between(shoe, r'class="penetration" role="img" aria-label="([^"]*)"'),
        "dealt_width": float(_between(shoe, r'penetration-dealt" style="width: ([0-9.]+)%')),
        "cut_note": _between(shoe, r'<p class="cut-card-note">(.*?)</p>'),
    }
    for row in ("dealt", "remaining"):
        cells = _between(shoe, f'<tr data-counts="{row}">(.*?)</tr>')
        texts[row] = [int(count) for count in re.findall(r"<td>(\d+)</td>", cells)]
    stats = _part(panels, "stats-table", "table")
    observed = {
        key: unescape(value)
        for key, value in re.findall(
            r'<tr data-key="([^"]+)"><th[^>]*>.*?</th><td>(.*?)</td>', stats
        )
    }
    start = panels.index('id="odds-now"')
    odds = panels[start : panels.index("</table>", start)]
    edges = re.findall(
        r'<tr data-bet="([^"]+)"><th[^>]*>.*?</th><td>(.*?)</td><td>(.*?)</td>', odds
    )
    return {
        "shoe_texts": texts,
        "statistics": {
            "caption": _between(stats, "<caption>(.*?)</caption>"),
            "observed": observed,
        },
        "edges": [
            {"bet": bet, "now": unescape(now), "full": unescape(full)} for bet, now, full in edges
        ],
    }


def _reasons(panels: str) -> dict[str, list[str]]:
    start = panels.index('id="road-reasons">') + len('id="road-reasons">')
    found: dict[str, list[str]] = json.loads(panels[start : panels.index("</script>", start)])
    return found


def _deal(player: TestClient, table: int, stakes: dict[str, Any]) -> dict[str, Any]:
    ready(player, table)  # the shoe's client seed first, as the page's fair.js sends it
    response = player.post(
        f"/api/tables/{table}/deal?view=table",
        json={"stakes": stakes},
        headers={"Idempotency-Key": uuid.uuid4().hex},
    )
    assert response.status_code == 200, response.text
    data: dict[str, Any] = response.json()
    check_record(data, RecordType.API_DEAL)  # the growth is part of the documented answer
    return data


def test_each_answer_grows_the_panels_like_a_full_redraw(player: TestClient) -> None:
    table = table_id(player)
    assert player.get(f"/table?table={table}").status_code == 200
    first = _deal(player, table, {"banker": 10})["table"]
    # A shoe's first coup starts the roads again: the boards come whole.
    assert first["reset"] is True and first["coup"] == 1
    panels = player.get(f"/table/panels?table={table}").text
    grown = {board: _cells(first["boards"][board]) for board in _BOARDS}
    for board, element in _BOARDS.items():
        assert grown[board] == _cells(_board(panels, element)), board
    reasons = _reasons(panels)
    for number in range(2, 31):
        data = _deal(player, table, {"banker": 10, "tie": "1.5"})
        growth = data["table"]
        assert growth["refresh"] is False and growth["coup"] == number
        # Mid-shoe, only the figures change: nothing comes whole.
        assert not {"reset", "boards", "shoe_panel", "odds_html"} & set(growth)
        assert growth["coup_id"] == data["coup"]["id"]
        for board in _BOARDS:
            for cell in growth["cells"][board]:
                grown[board].update(_cells(cell))
        panels = player.get(f"/table/panels?table={table}").text
        for board, element in _BOARDS.items():
            assert grown[board] == _cells(_board(panels, element)), (board, number)
        # The same functions make the figures the page writes in place and the full redraw.
        written = _written(panels)
        for key in ("shoe_texts", "statistics", "edges"):
            assert growth[key] == written[key], (key, number)
        assert len(growth["edges"]) > 3  # every bet the table offers, not none
        assert str(data["shoe"]["cards_dealt"]) in growth["shoe_texts"]["summary"]
        assert data["coup"]["result"] in growth["history_html"]
        # The line the page adds is the one a full redraw lists first (made from the whole
        # record there, from the panels' lighter history entry here).
        newest = re.search(
            r'<ol class="history" id="history-list" reversed>\s*(<li>.*?</li>)', panels, re.S
        )
        assert newest is not None and newest[1] == growth["history_html"].strip(), number
        derived = ("big_eye_boy", "small_road", "cockroach_pig")
        for road in derived:
            assert len(growth["reasons"].get(road, [])) == len(growth["cells"][road])
            reasons[road] += growth["reasons"].get(road, [])
        assert reasons == _reasons(panels)


def _grow_and_compare(growth: dict[str, Any], panels: str, grown: dict[str, Any]) -> None:
    """Lay one answer's growth on ``grown`` (boards, reasons), as roads.js does, and check it
    and the parts it carries whole against ``panels``, rendered whole."""
    if growth.get("reset"):
        grown.update({board: _cells(growth["boards"][board]) for board in _BOARDS})
        grown["reasons"] = {}
    else:
        for board in _BOARDS:
            for cell in growth["cells"][board]:
                grown[board].update(_cells(cell))
    for road, texts in growth["reasons"].items():
        grown["reasons"][road] = grown["reasons"].get(road, []) + texts
    for board, element in _BOARDS.items():
        assert grown[board] == _cells(_board(panels, element)), (board, growth["coup"])
    assert {road: marks for road, marks in grown["reasons"].items() if marks} == {
        road: marks for road, marks in _reasons(panels).items() if marks
    }
    written = _written(panels)
    for key in ("shoe_texts", "statistics", "edges"):
        assert growth[key] == written[key], (key, growth["coup"])
    if "shoe_panel" in growth:
        assert growth["shoe_panel"] == _part(panels, "shoe-panel", "section")
        assert growth["odds_html"] == _part(panels, "odds-now", "div")


def test_a_shoe_ends_and_the_next_begins_without_the_panels_fetched(player: TestClient) -> None:
    # One deck: a short shoe. Every answer grows the panels; the shoe's first and last coups
    # carry the shoe panel and the odds table whole, and the next shoe's first the boards.
    made = player.post("/api/tables", json={"decks": 1})
    assert made.status_code == 201, made.text
    table = int(made.json()["table"]["id"])
    grown: dict[str, Any] = {}
    edges: list[tuple[int, int]] = []
    shoes: set[int] = set()
    while len(shoes) < 2 or grown["coup"] < 2:
        data = _deal(player, table, {"banker": 10})
        growth = data["table"]
        assert growth["refresh"] is False
        panels = player.get(f"/table/panels?table={table}").text
        _grow_and_compare(growth, panels, grown)
        grown["coup"] = growth["coup"]
        shoes.add(growth["shoe"])
        edge = growth["coup"] == 1 or data["shoe"]["finished"]
        assert ("shoe_panel" in growth) is edge and ("odds_html" in growth) is edge
        assert ("reset" in growth) is (growth["coup"] == 1)
        if edge:
            edges.append((growth["shoe"], growth["coup"]))
        if data["shoe"]["finished"]:
            # The next shoe's commitment, waiting for the player's seed (fair.js sends it).
            assert 'data-awaiting="true"' in growth["shoe_panel"]
            assert 'name="csrf_token"' in growth["shoe_panel"]
            assert "freshly shuffled shoe" in growth["odds_html"]
    assert edges[0] == (1, 1) and edges[-1] == (2, 1) and edges[1][0] == 1 and edges[1][1] > 1


def test_without_exact_odds_a_shoes_edge_carries_no_odds_table(settings: Settings) -> None:
    app = create_app(settings.model_copy(update={"exact_odds": False}))
    try:
        player = Browser(app)
        assert player.post("/api/session", json={"adult": True}).status_code == 201
        table = table_id(player)
        growth = _deal(player, table, {"banker": 10})["table"]
        # The page has no odds panel: the shoe panel comes whole, the odds table does not.
        assert growth["reset"] is True and "shoe_panel" in growth
        assert "odds_html" not in growth and growth["edges"] == []
        assert 'id="odds-now"' not in player.get(f"/table/panels?table={table}").text
    finally:
        app.state.store.close()


def test_a_replayed_deal_and_a_cold_state_ask_for_the_panels_whole(player: TestClient) -> None:
    table = table_id(player)
    for _ in range(3):
        _deal(player, table, {"player": 5})
    states: PanelStates = states_of(player.app.state.service)  # type: ignore[attr-defined]
    with states.lock:
        states._states.clear()
    assert _deal(player, table, {"player": 5})["table"] == {"refresh": True}
    key = uuid.uuid4().hex
    url = f"/api/tables/{table}/deal?view=table"
    body = {"stakes": {"player": 5}}
    player.get(f"/table?table={table}")
    ready(player, table)
    first = player.post(url, json=body, headers={"Idempotency-Key": key}).json()
    assert first["table"]["refresh"] is False
    again = player.post(url, json=body, headers={"Idempotency-Key": key})
    assert again.headers.get("Idempotent-Replayed") == "true"
    assert again.json()["table"] == {"refresh": True}
    # Without view=table the answer is the API's own, unchanged.
    plain = player.post(
        f"/api/tables/{table}/deal", json=body, headers={"Idempotency-Key": uuid.uuid4().hex}
    )
    assert "table" not in plain.json()
