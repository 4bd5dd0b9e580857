"""The history page's groups: the session's coups by table and shoe, each group naming its rule
set and when its coups were dealt, newest first."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from baccarat.ledger.views import CoupView
from baccarat.web.i18n import pgettext

__all__ = ["history_groups"]


def history_groups(
    views: Sequence[CoupView], shown: Callable[[CoupView], dict[str, Any]]
) -> list[dict[str, Any]]:
    """``views`` (newest first) as groups of one table's shoe, in the same order; ``shown`` gives
    a coup's page data. Each group: table, shoe, the rule set's title, first and last moment."""
    groups: list[dict[str, Any]] = []
    for view in views:
        key = (view.table_id, view.shoe_number)
        if not groups or groups[-1]["key"] != key:
            groups.append(
                {
                    "key": key,
                    "id": f"table-{view.table_id}-shoe-{view.shoe_number}",
                    "table": view.table_id,
                    "shoe": view.shoe_number,
                    "rule_set": pgettext("rule set", view.rule_set.title),
                    "coups": [],
                    "first": view.created_at,
                    "last": view.created_at,
                }
            )
        group = groups[-1]
        group["coups"].append(shown(view))
        first: datetime = group["first"]
        group["first"] = min(first, view.created_at)
    return groups
