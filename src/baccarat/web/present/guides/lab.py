"""The guide "Can counting or a system beat baccarat?" as page data: the lab's counting studies
and betting systems (:mod:`baccarat.guides.lab`, cached like the simulation table), each number
in the page's language."""

from __future__ import annotations

from typing import Any

from baccarat.guides.lab import cached_lab_figures
from baccarat.i18n.markers import N_
from baccarat.web.i18n import _, pgettext
from baccarat.web.present.guides.numbers import number, signed

__all__ = ["LAB_NAMES", "lab_page"]

LAB_NAMES = {
    "jacobson-dragon-7": N_("Jacobson's Dragon 7 count"),
    "how-dragon-7": N_("How's Dragon 7 count"),
    "jacobson-panda-8": N_("Jacobson's Panda 8 count"),
    "thorp-natural-9": N_("Thorp and Walden's Natural 9 count"),
    "flat": N_("Flat stakes"),
    "martingale": N_("Martingale"),
    "paroli": N_("Paroli"),
    "fibonacci": N_("Fibonacci"),
    "dalembert": N_("d'Alembert"),
    "1-3-2-6": N_("1-3-2-6"),
    "follow-the-road": N_("Following the road"),
}
"""The lab's strategies and systems by name on the guide page."""


def _percent(value: float) -> str:
    return signed(value * 100, "0.0", plus=False) + "%"


def lab_page() -> dict[str, Any]:
    """The counting studies and the betting systems, with how many shoes and sessions ran.

    >>> page = lab_page()
    >>> page["counts"][0]["name"], page["shoes"]
    ("Jacobson's Dragon 7 count", '200,000')
    """
    figures = cached_lab_figures()
    counts = [
        {
            "name": _(LAB_NAMES[row.name]),
            "bet": pgettext("bet", row.bet),
            "bets_per_shoe": number(row.bets_per_shoe, "0.0"),
            "edge": _percent(row.edge_when_betting),
            "units": signed(row.units_per_shoe, "0.00"),
            "low": signed(row.low, "0.00"),
            "high": signed(row.high, "0.00"),
        }
        for row in figures.counts
    ]
    systems = [
        {
            "system": _(LAB_NAMES[row.system]),
            "mean": signed(row.mean, "0.0"),
            "median": signed(row.median, "0.0"),
            "ruin": _percent(row.ruin),
            "behind": _percent(row.behind),
            "expected": signed(row.expected, "0.0"),
        }
        for row in figures.systems
    ]
    return {
        # Said in Python: a template's gettext would read the percent sign as a placeholder.
        "interval": _("Interval (95 %)"),
        "counts": counts,
        "systems": systems,
        "shoes": number(figures.shoes),
        "sessions": number(figures.sessions),
        "seed": figures.seed,
    }
