"""The table page's panels grow by one coup from a deal's answer exactly as a full redraw, checked
on the live state and the presenters themselves: a service deals, no application, no HTTP.

After each coup its growth (:func:`~baccarat.web.present.growth.deal_growth`) is rendered by
``_deal.html`` and laid on the panels as ``static/roads.js`` lays it: the road cells on their
boards (each in place of a cell at the same spot), every other part in place of the element with
its id. The result is compared, part by part and cell by cell, with ``_panels.html`` rendered
whole for the table as it now stands, through shoes' ends and fresh shoes' first coups;
``tests/web/test_table_browser.py`` checks that the page itself does so.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from datetime import UTC, datetime

import pytest

from baccarat.i18n.catalogs import get_translator
from baccarat.ledger.live import LiveTables
from baccarat.ledger.service import PlayService
from baccarat.ledger.views import DealOutcome
from baccarat.store.db import Store
from baccarat.web.i18n import _, using
from baccarat.web.pages import templates
from baccarat.web.present.felt import edge_now
from baccarat.web.present.growth import deal_growth
from baccarat.web.present.page import HISTORY_SHOWN, panels_context, table_page_context
from baccarat.web.present.panels import live_roads
from baccarat.web.present.table import shoe_data
from support.fair import ContributingService

NOON = datetime(2026, 12, 5, 12, tzinfo=UTC)
_CELL = re.compile(r'<g class="cell[^"]*" transform="translate\((\d+),(\d+)\)".*?</g>', re.S)
BOARDS = {
    "bead_plate": "bead-plate",
    "big_road": "big-road",
    "big_eye_boy": "road-big-eye-boy",
    "small_road": "road-small-road",
    "cockroach_pig": "road-cockroach-pig",
}
_VOID = {"input", "br", "img", "meta", "link", "hr", "source", "col", "wbr", "area"}


def _element_at(html: str, start: int) -> str:
    """The element whose tag opens at ``start``, whole (its tag to its closing tag)."""
    tag = re.match(r"<([a-zA-Z0-9]+)", html[start:])
    assert tag is not None
    name = tag[1]
    if name in _VOID:
        return html[start : html.index(">", start) + 1]
    depth = 0
    for found in re.finditer(rf"<(/?){name}\b[^>]*>", html[start:]):
        depth += -1 if found[1] else 1
        if depth == 0:
            return html[start : start + found.end()]
    raise AssertionError(f"<{name}> at {start} is not closed")


def outer(html: str, element_id: str) -> str:
    """The element of ``html`` with id ``element_id``, whole."""
    return _element_at(html, html.rindex("<", 0, html.index(f'id="{element_id}"')))


def cells(svg: str) -> dict[tuple[str, str], str]:
    return {(m[1], m[2]): m[0] for m in _CELL.finditer(svg)}


def children(body: str) -> list[str]:
    """The elements at the top level of ``body``, whole, in order."""
    found = []
    position = 0
    while (start := body.find("<", position)) != -1:
        element = _element_at(body, start)
        found.append(element)
        position = start + len(element)
    return found


class Page:
    """The panels as the page holds them after the growths laid on them so far."""

    def __init__(self, panels: str) -> None:
        self.boards = {key: cells(outer(panels, element)) for key, element in BOARDS.items()}
        self.ids = self._ids(panels)
        self.reasons = self._reasons(panels)

    @staticmethod
    def _ids(panels: str) -> list[str]:
        found = re.search(r'id="bead-plate" data-coup-ids="([^"]*)"', panels)
        assert found is not None
        return [i for i in found[1].split(",") if i]

    @staticmethod
    def _reasons(panels: str) -> dict[str, list[str]]:
        start = panels.index('id="road-reasons">') + len('id="road-reasons">')
        found: dict[str, list[str]] = json.loads(panels[start : panels.index("</script>", start)])
        return {road: marks for road, marks in found.items() if marks}

    def grow(self, fragment: str, coup: int) -> dict[str, str]:
        """Lay one answer's growth on the page, as roads.js does; the parts put in place by id."""
        template = re.search(r"<template id=\"growth\"([^>]*)>(.*)</template>", fragment, re.S)
        assert template is not None, "a growth"
        attributes, body = template[1], template[2]
        assert f'data-coup="{coup}"' in attributes
        parts = {}
        for element in children(body):
            opening = element[: element.index(">")]
            if (named := re.search(r'\bid="([^"]+)"', opening)) is not None:
                parts[named[1]] = element
        if "data-reset" in attributes:
            self.reasons = {}
            self.boards = {key: cells(parts[element]) for key, element in BOARDS.items()}
            self.ids = self._ids(parts["bead-plate"])
        else:
            assert len(self.ids) == coup - 1
            for key in BOARDS:
                holder = re.search(rf'<svg data-cells="{key}"[^>]*>(.*?)</svg>', body, re.S)
                assert holder is not None
                self.boards[key].update(cells(holder[1]))
            coup_id = re.search(r'data-coup-id="(\d+)"', attributes)
            assert coup_id is not None
            self.ids.append(coup_id[1])
        start = body.index('<script type="application/json" data-reasons>')
        added = json.loads(body[body.index(">", start) + 1 : body.index("</script>", start)])
        for road, marks in added.items():
            self.reasons[road] = self.reasons.get(road, []) + marks
        return parts


@pytest.fixture(params=["en", "vi", "hu"])
def language(request: pytest.FixtureRequest) -> Iterator[str]:
    """Each test in each language the pages speak (English outside a request)."""
    with using(get_translator(request.param)):
        yield request.param


def _panels(service: PlayService, player: str, table: int, *, exact_odds: bool = True) -> str:
    """``_panels.html`` rendered whole for the table as it stands (what /table/panels sends)."""
    view = service.table(player, table)
    history = service.history(player, limit=HISTORY_SHOWN)
    roads = live_roads(service.live, view)
    context = panels_context(view, history, roads, exact_odds=exact_odds)
    return templates.env.get_template("_panels.html").render(csrf_token="token", **context)


def _spot_edges(service: PlayService, player: str, table: int) -> dict[str, str]:
    """Each spot's edge line as the table page renders it whole."""
    view = service.table(player, table)
    context = table_page_context(
        view, [], None, service.rule_sets.values(), exact_odds=True, stakes={}
    )
    spot_edge = templates.env.get_template("_spot.html").module.spot_edge  # type: ignore[attr-defined]
    return {bet: str(spot_edge(bet, edge, edge_now())) for bet, edge in context["edges"].items()}


def _fragment(service: PlayService, outcome: DealOutcome, *, exact_odds: bool = True) -> str:
    """The table page's answer to the deal of ``outcome`` (``_deal.html``), as the route renders
    it: the deal's record is left out (the coach's, compared in test_api)."""
    shoe = shoe_data(outcome.shoe)
    growth = deal_growth(service.live, outcome, shoe, exact_odds=exact_odds)
    return templates.env.get_template("_deal.html").render(
        deal={}, growth=growth, csrf_token="token"
    )


def _service(store: Store) -> ContributingService:
    return ContributingService(store, rng=random.Random(11), clock=lambda: NOON)


def test_each_answer_grows_the_panels_like_a_full_redraw_through_shoes_ends(
    language: str,
) -> None:
    store = Store.open("sqlite://")
    service = _service(store)
    player = service.join().player_id
    table = service.open_table(player, "punto-banco", 1).id  # short shoes: ends and starts
    page: Page | None = None
    shoes: set[int] = set()
    edges = []
    for number in range(40):
        stakes = {"banker": 1000, "tie": 150} if number % 4 else {"player": 500}
        outcome = service.deal(player, table, stakes)
        fragment = _fragment(service, outcome)
        panels = _panels(service, player, table)
        coup = outcome.coup.number
        if page is None:
            page = Page(panels)
            assert coup == 1
        parts = page.grow(fragment, coup)
        # Every part put in place is the panels' own, rendered whole.
        for element_id, part in parts.items():
            if element_id.startswith("edge-"):
                continue
            assert part == outer(panels, element_id), (element_id, coup)
        for key, element in BOARDS.items():
            assert page.boards[key] == cells(outer(panels, element)), (key, coup)
        assert page.ids == Page._ids(panels)
        assert page.reasons == Page._reasons(panels)
        newest = re.search(r'id="history-list" reversed>\s*(<li>.*?</li>)', panels, re.S)
        assert newest is not None and newest[1] in fragment
        spot_edges = {part: html for part, html in parts.items() if part.startswith("edge-")}
        assert spot_edges == {
            f"edge-{bet}": html for bet, html in _spot_edges(service, player, table).items()
        }
        edge = coup == 1 or outcome.shoe.finished
        assert ("shoe-panel" in parts) is edge and ("shoe-counts" in parts) is not edge
        if edge:
            edges.append((outcome.coup.shoe_number, coup))
        if outcome.shoe.finished:
            # The next shoe's commitment, waiting for the player's seed (fair.js sends it).
            assert 'data-awaiting="true"' in parts["shoe-panel"]
            assert _("The next coup comes from a freshly shuffled shoe.") in parts["odds-now"]
        shoes.add(outcome.coup.shoe_number)
    assert len(shoes) >= 3 and edges[0] == (1, 1) and edges[1][0] == 1 and edges[1][1] > 1
    store.close()


def test_without_exact_odds_the_growth_has_no_odds(language: str) -> None:
    store = Store.open("sqlite://")
    service = _service(store)
    player = service.join().player_id
    table = service.table(player).id
    for _deal in range(2):
        fragment = _fragment(
            service, service.deal(player, table, {"banker": 100}), exact_odds=False
        )
        assert 'id="odds-now"' not in fragment and 'id="edge-' not in fragment
        assert 'id="stats-table"' in fragment
    assert 'id="odds-now"' not in _panels(service, player, table, exact_odds=False)
    store.close()


def test_a_replayed_deal_and_a_cold_state_have_no_growth(language: str) -> None:
    store = Store.open("sqlite://")
    service = _service(store)
    player = service.join().player_id
    table = service.table(player).id
    for _deal in range(3):
        service.deal(player, table, {"player": 500})
    service.live = LiveTables()  # a restarted server: the coups before are not held
    cold = service.deal(player, table, {"player": 500})
    assert deal_growth(service.live, cold, shoe_data(cold.shoe), exact_odds=True) is None
    first = service.deal(player, table, {"player": 500}, idempotency_key="once")
    shoe = shoe_data(first.shoe)
    # Still not held: nothing has read the coups since.
    assert deal_growth(service.live, first, shoe, exact_odds=True) is None
    service.table(player, table)  # the page fetches its panels whole: the state is known again
    grown = service.deal(player, table, {"player": 500}, idempotency_key="twice")
    assert deal_growth(service.live, grown, shoe_data(grown.shoe), exact_odds=True) is not None
    again = service.deal(player, table, {"player": 500}, idempotency_key="twice")
    assert again.replayed
    assert deal_growth(service.live, again, shoe_data(again.shoe), exact_odds=True) is None
    store.close()


def test_a_growth_read_after_the_table_moved_on_is_none(language: str) -> None:
    store = Store.open("sqlite://")
    service = _service(store)
    player = service.join().player_id
    table = service.table(player).id
    service.table(player, table)
    first = service.deal(player, table, {"player": 500})
    service.deal(player, table, {"player": 500})  # a second tab dealt before the first answered
    assert first.roads_change is not None
    assert deal_growth(service.live, first, shoe_data(first.shoe), exact_odds=True) is None
    store.close()
