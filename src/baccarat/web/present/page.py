"""The table page as it is rendered whole: the felt and its chips, the draw table, the rule sets
a table may be opened with, and the side panels (the shoe, the roads, the statistics, the odds,
the session's history), from the service's views of the table.

The routers read the views (the table, the player's history, the roads its live state keeps:
:func:`~baccarat.web.present.panels.live_roads`) and these make the context of ``table.html`` and
of ``_panels.html`` (the panels alone, which the page fetches when it cannot grow them).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from baccarat.core.rules import RuleSet
from baccarat.ledger.views import CoupView, TableView
from baccarat.web.i18n import format_points
from baccarat.web.present.coup import history_entry, rule_set_title
from baccarat.web.present.felt import CHIPS, cannot_win, felt_context, spot_odds, tiered
from baccarat.web.present.panels import panel_context
from baccarat.web.present.table import draw_table, table_data

__all__ = ["DECK_CHOICES", "HISTORY_SHOWN", "panels_context", "table_page_context"]

DECK_CHOICES = (1, 2, 4, 6, 8)
"""The deck counts a new table may be opened with."""
HISTORY_SHOWN = 50
"""Coups listed in the history panel (the history page lists the whole session)."""


def panels_context(
    table: TableView,
    history: Sequence[CoupView],
    roads: dict[str, Any] | None,
    *,
    exact_odds: bool,
) -> dict[str, Any]:
    """What ``_panels.html`` shows (``history``: the session's latest coups, newest first;
    ``roads``: the boards drawn from the table's live state, or None to draw them here)."""
    return {
        "table": table_data(table, coups=False),
        "history": [history_entry(view) for view in history],
        **panel_context(table, exact_odds=exact_odds, roads=roads),
    }


def table_page_context(
    table: TableView,
    history: Sequence[CoupView],
    roads: dict[str, Any] | None,
    rule_sets: Iterable[RuleSet],
    *,
    exact_odds: bool,
    stakes: Mapping[str, str],
) -> dict[str, Any]:
    """What ``table.html`` shows besides the last coup: :func:`panels_context`, the felt with
    ``stakes`` on its spots (as typed), the chips, the draw table, and the tables to open."""
    context = panels_context(table, history, roads, exact_odds=exact_odds)
    return {
        **context,
        **felt_context(context["table"]["rule_set"]["bets"], stakes),
        "edges": spot_odds(context.get("odds")),
        "cannot_win": cannot_win(table.rule_set, table.decks),
        "tiered": tiered(table.rule_set),
        "chip_texts": [format_points(chip * 100) for chip in CHIPS],
        "draw": draw_table(table.rule_set.tableau),
        "chips": CHIPS,
        "deck_choices": DECK_CHOICES,
        "rule_sets": [(rs.name, rule_set_title(rs)) for rs in rule_sets],
    }
