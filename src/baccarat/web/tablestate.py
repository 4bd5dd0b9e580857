"""The table page's panels, kept per table, so that a deal's answer grows them by one coup.

A browser at the table used to ask for the side panels after every deal, and the server rebuilt
them from the shoe's coups: every coup re-dealt from its cards, re-settled, and the roads redrawn,
to add one bead. Here each table's roads and counts live in memory (:class:`PanelStates`, one per
service, bounded), and a deal adds its one coup (:meth:`PanelStates.advance`, constant time per
coup). The answer (:func:`table_growth`) carries what the page needs: the cells each road gains
(:func:`baccarat.roads.svg.coup_cells`), the reasons of the new derived marks, the ask icons, the
figures of the shoe, statistics and odds panels (made by the functions the page is rendered
with; the page writes them in place) and the history item, rendered by the page's macro.

The state is only a cache of what the database says: it is used when it holds exactly the coups
before the one dealt (same shoe, one coup fewer); otherwise it is rebuilt from the table, or the
page is told to fetch its panels (a replayed deal, another process having dealt, a new shoe).
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
from baccarat.web.felt import spot_odds
from baccarat.web.panels import (
    BOARD_COLUMNS,
    full_shoe_distribution,
    observed_column,
    odds_rows,
    reason_text,
    statistics_of,
)
from baccarat.web.present import road_labels, shoe_data, shoe_texts

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
        the same figures as :func:`baccarat.web.panels.observed_shares`, kept by counting."""
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
) -> dict[str, Any]:
    """What changes in the shoe, statistics and odds panels: the shoe's texts and counts, the
    statistics' observed column, each bet's edge now (``shoe_part``:
    :func:`~baccarat.web.present.shoe_data` of ``shoe``, when already made). The page writes
    them into the panels it rendered with the same functions."""
    exact = full_shoe_distribution(decks, rule_set.tableau) if exact_odds else None
    odds = odds_rows(shoe, rule_set, decks, change=False) if exact_odds else None
    return {
        "shoe_texts": shoe_texts(shoe_part if shoe_part is not None else shoe_data(shoe)),
        "statistics": observed_column(statistics_of(seen, coups, exact)),
        "edges": [{"bet": bet, **edge} for bet, edge in spot_odds(odds).items()],
    }


def table_growth(
    states: PanelStates,
    outcome: DealOutcome,
    coup: dict[str, Any],
    *,
    exact_odds: bool = True,
    shoe: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """What the page needs to grow its panels by the coup just dealt (``coup``: its record as
    the answer carries it; ``shoe``: the answer's shoe, ``shoe_data(outcome.shoe)``, made once),
    or ``{"refresh": true}`` when it should fetch them whole (a new shoe, the shoe's end, a
    replayed deal, a state that does not hold the coups before)."""
    view = outcome.coup
    if outcome.replayed or outcome.new_shoe or view.number == 1 or outcome.shoe.finished:
        # The first coup of a shoe closes its client seed, the last reveals its seed: the shoe
        # panel changes beyond its counts.
        if not outcome.replayed:
            states.advance(view)
        return {"refresh": True}
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
        seen, coups = state.shares(), len(state.coup_ids)
    growth |= growth_parts(
        seen,
        coups,
        outcome.shoe,
        view.rule_set,
        outcome.shoe.decks,
        exact_odds=exact_odds,
        shoe_part=shoe,
    )
    growth["history_html"] = str(_parts().history_item(coup))
    return growth
