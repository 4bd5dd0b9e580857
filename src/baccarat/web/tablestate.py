"""The table page's panels, kept per table, so that a deal's answer grows them by one coup.

A browser at the table used to ask for the side panels after every deal, and the server rebuilt
them from the shoe's coups: every coup re-dealt from its cards, re-settled, and the roads redrawn,
to add one bead. Here each table's roads and counts live in memory (:class:`PanelStates`, one per
service, bounded), and a deal adds its one coup (:meth:`PanelStates.advance`, constant time per
coup). The answer (:func:`table_growth`) carries what the page needs: the cells each road gains
(:func:`baccarat.roads.svg.coup_cells`), the reasons of the new derived marks, the ask icons, the
figures of the shoe, statistics and odds panels (made by the functions the page is rendered
with; the page writes them in place) and the history item, rendered by the page's macro.

At a shoe's edges the answer also carries whole what changes beyond its figures: the shoe panel
and the odds table at its first and last coup, the boards at its first (the roads start again).
A browser at the table never fetches its panels at a shoe's end: players who reach their shoes'
ends at about the same moment would queue every deal behind those fetches.

The state is only a cache of what the database says: it is used when it holds exactly the coups
before the one dealt (same shoe, one coup fewer); otherwise it is rebuilt from the table, or the
page is told to fetch its panels (a replayed deal, another process having dealt).
"""

from __future__ import annotations

import functools
import threading
import weakref
from collections import OrderedDict
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from baccarat.core.distribution import FREQUENCY_VALUES
from baccarat.core.rules import RuleSet
from baccarat.ledger.views import CoupView, DealOutcome, ShoeView, TableView
from baccarat.roads import Roads
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.model import RoadChange
from baccarat.roads.svg import ask_svg, coup_cells
from baccarat.roads.why import mark_reason
from baccarat.web.present.coup import road_labels
from baccarat.web.present.felt import spot_odds
from baccarat.web.present.panels import (
    BOARD_COLUMNS,
    full_shoe_distribution,
    observed_column,
    odds_rows,
    reason_text,
    roads_of,
    statistics_of,
)
from baccarat.web.present.table import fair_shoe_data, shoe_data, shoe_texts

__all__ = ["PanelState", "PanelStates", "states_of", "table_growth"]

_TALLIES = ("banker", "player", "tie", *FREQUENCY_VALUES, "player_pair", "banker_pair")


@dataclass
class PanelState:
    """One table's current shoe as its panels show it: the roads, the counts of every summary
    and pair class (the statistics), and the coup id of every bead."""

    shoe: int
    roads: Roads = field(default_factory=Roads)
    tallies: dict[str, int] = field(default_factory=lambda: dict.fromkeys(_TALLIES, 0))
    """How many coups counted for each statistic (for ``cards_per_coup``, the cards)."""
    coup_ids: list[int] = field(default_factory=list)

    def add(self, view: CoupView) -> RoadChange:
        """Add one dealt coup; return what it changed on the roads."""
        summary = view.coup.summary
        tallies = self.tallies
        tallies[summary.winner.value] += 1
        for key, values in FREQUENCY_VALUES.items():
            tallies[key] += values[summary.index]
        # Pair class index = player kind * 3 + banker kind; kind 0 is "no pair".
        pairs = view.coup.pairs.index
        tallies["player_pair"] += pairs >= 3
        tallies["banker_pair"] += pairs % 3 != 0
        self.coup_ids.append(view.id)
        return self.roads.add_coup(view.coup)

    def shares(self) -> dict[str, Fraction]:
        """Every statistic of the shoe so far as an exact share (empty before the first coup):
        the same figures as :func:`baccarat.web.present.panels.observed_shares`, kept by counting."""
        coups = len(self.coup_ids)
        if not coups:
            return {}
        return {key: Fraction(count, coups) for key, count in self.tallies.items()}

    @classmethod
    def of(cls, table: TableView) -> PanelState:
        state = cls(table.shoe.number)
        for view in table.coups:
            state.add(view)
        return state


class PanelStates:
    """The panel state of the tables one process serves, least recently used dropped first."""

    def __init__(self, capacity: int = 1024) -> None:
        self._capacity = capacity
        self._states: OrderedDict[int, PanelState] = OrderedDict()
        self.lock = threading.RLock()
        """Held while a state is read or changed (a page render, a deal)."""

    def _keep(self, table_id: int, state: PanelState) -> PanelState:
        self._states[table_id] = state
        self._states.move_to_end(table_id)
        while len(self._states) > self._capacity:
            self._states.popitem(last=False)
        return state

    def of_table(self, table: TableView) -> PanelState:
        """The state of ``table`` as just read from the database (kept, or rebuilt)."""
        with self.lock:
            state = self._states.get(table.id)
            ids = [view.id for view in table.coups]
            if state is None or state.shoe != table.shoe.number or state.coup_ids != ids:
                state = PanelState.of(table)
            return self._keep(table.id, state)

    def advance(self, view: CoupView) -> tuple[PanelState, RoadChange] | None:
        """Add the coup just dealt; None when the state does not hold exactly the coups before
        it (then the page fetches its panels)."""
        with self.lock:
            state = self._states.get(view.table_id)
            if view.number == 1:
                state = PanelState(view.shoe_number)
            elif (
                state is None
                or state.shoe != view.shoe_number
                or len(state.coup_ids) != view.number - 1
            ):
                return None
            change = state.add(view)
            self._keep(view.table_id, state)
            return state, change

    def __len__(self) -> int:
        return len(self._states)


_STATES: weakref.WeakKeyDictionary[object, PanelStates] = weakref.WeakKeyDictionary()
_STATES_LOCK = threading.Lock()


def states_of(service: object) -> PanelStates:
    """The panel states of one service (one database): two apps in one process never share."""
    with _STATES_LOCK:
        states = _STATES.get(service)
        if states is None:
            states = _STATES[service] = PanelStates()
        return states


@functools.cache
def _parts() -> Any:
    """The panel macros (``_panel_parts.html``) as callables, rendered in the current language."""
    from baccarat.web.pages import templates

    return templates.env.get_template("_panel_parts.html").module


def growth_parts(
    seen: dict[str, Fraction],
    coups: int,
    shoe: ShoeView,
    rule_set: RuleSet,
    decks: int,
    *,
    exact_odds: bool,
    shoe_part: dict[str, Any] | None = None,
    odds_whole: bool = False,
) -> dict[str, Any]:
    """The figures of the shoe, statistics and odds panels after a coup: the shoe's texts, the
    statistics' observed column, each bet's edge now (``shoe_part``:
    :func:`~baccarat.web.present.table.shoe_data` of ``shoe``, when already made), and with
    ``odds_whole`` the odds table itself (``odds_html``: a finished shoe's says the next coup
    comes from a fresh one). The page writes them into the panels it rendered with the same
    functions."""
    exact = full_shoe_distribution(decks, rule_set.tableau) if exact_odds else None
    odds = odds_rows(shoe, rule_set, decks, change=False) if exact_odds else None
    parts: dict[str, Any] = {
        "shoe_texts": shoe_texts(shoe_part if shoe_part is not None else shoe_data(shoe)),
        "statistics": observed_column(statistics_of(seen, coups, exact)),
        "edges": [{"bet": bet, **edge} for bet, edge in spot_odds(odds).items()],
    }
    if odds_whole and odds is not None:
        parts["odds_html"] = str(_parts().odds_table(odds))
    return parts


def table_growth(
    states: PanelStates,
    outcome: DealOutcome,
    coup: dict[str, Any],
    *,
    exact_odds: bool = True,
    shoe: dict[str, Any] | None = None,
    csrf_token: str = "",
) -> dict[str, Any]:
    """What the page needs to grow its panels by the coup just dealt (``coup``: its record as
    the answer carries it; ``shoe``: the answer's shoe, ``shoe_data(outcome.shoe)``, made once;
    ``csrf_token``: the page's, for the client-seed form of a shoe panel sent whole), or
    ``{"refresh": true}`` when it should fetch them whole (a replayed deal, a state that does
    not hold the coups before).

    A shoe's first coup starts the roads again: the answer says ``reset`` and carries the
    boards whole. Its first and its last coup change the shoe panel beyond its counts (the
    first closes the client seed; the last says the cut card came out and shows the next
    shoe's commitment) and the odds panel's note of a fresh shoe: the answer carries both whole, so
    the page never fetches its panels at a shoe's edge."""
    view = outcome.coup
    if outcome.replayed:
        return {"refresh": True}
    shoe = shoe if shoe is not None else shoe_data(outcome.shoe)
    edge = view.number == 1 or outcome.shoe.finished
    with states.lock:
        advanced = states.advance(view)
        if advanced is None:
            return {"refresh": True}
        state, change = advanced
        labels = road_labels()
        roads = state.roads
        lengths = roads.big_road.lengths
        reasons = {}
        made = change.big_road.cell
        for mark in change.marks:
            # A coup that adds marks made a Big Road cell (a tie adds none).
            assert made is not None
            reason = mark_reason(mark.road, lengths, made.column, made.row + 1)
            if reason is not None:
                reasons[mark.road.value] = [reason_text(reason)]
        growth: dict[str, Any] = {
            "refresh": False,
            "shoe": view.shoe_number,
            "coup": view.number,
            "coup_id": view.id,
            "cells": coup_cells(roads, change, labels=labels),
            "columns": {
                "bead_plate": max(BOARD_COLUMNS, roads.bead_plate.width),
                "big_road": max(BOARD_COLUMNS, roads.big_road.width),
                **{
                    road.value: max(BOARD_COLUMNS, roads.derived(road).width)
                    for road in DerivedRoad
                },
            },
            "reasons": reasons,
            "ask": ask_svg(roads, labels=labels),
        }
        if view.number == 1:
            growth["reset"] = True
            growth["boards"] = _boards(roads, state.coup_ids)
        seen, coups = state.shares(), len(state.coup_ids)
    growth |= growth_parts(
        seen,
        coups,
        outcome.shoe,
        view.rule_set,
        outcome.shoe.decks,
        exact_odds=exact_odds,
        shoe_part=shoe,
        odds_whole=edge,
    )
    if edge:
        panel = {"id": view.table_id, "shoe": shoe, "next_shoe": None}
        if outcome.next_shoe is not None:
            panel["next_shoe"] = fair_shoe_data(outcome.next_shoe)
        growth["shoe_panel"] = str(_parts().shoe_panel(panel, csrf_token))
    growth["history_html"] = str(_parts().history_item(coup))
    return growth


def _boards(roads: Roads, coup_ids: list[int]) -> dict[str, str]:
    """Every board whole (a shoe's first coup): the SVG the panels render it with."""
    drawn = roads_of(roads, coup_ids)["roads"]
    return {
        "bead_plate": str(drawn["bead_plate"]),
        "big_road": str(drawn["big_road"]),
        **{road["key"]: str(road["svg"]) for road in drawn["derived"]},
    }
