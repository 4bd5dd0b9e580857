"""The guides as page data: card values and totals, naturals, the third-card rule, bets and pays,
Chemin de Fer and Banque, the roads, counting and systems, in the page's language.

The guides live in two layers. What they say is computed by the engine in :mod:`baccarat.guides`,
language-free (the analyzer's figures, the cached simulation and lab studies, the roads guide's
shoe); this package turns it into what a page shows, one module a group of guides
(:mod:`.rules`, :mod:`.roads`, :mod:`.lab`, with :mod:`.numbers` for how a figure is printed);
the templates in ``web/templates/guides/`` hold the prose, and the router only routes. Each figure
is printed with its exact value in a ``data-exact`` attribute, so a test can check the page
against the analyzer.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.i18n.markers import N_
from baccarat.web.i18n import _
from baccarat.web.present.guides.lab import lab_page
from baccarat.web.present.guides.roads import roads_page
from baccarat.web.present.guides.rules import (
    bets_page,
    cards_page,
    chemin_page,
    naturals_page,
    third_card_page,
)

__all__ = ["GUIDES", "guide_nav", "guide_page"]

GUIDES: tuple[tuple[str, str], ...] = (
    ("cards", N_("Card values and totals")),
    ("naturals", N_("Naturals")),
    ("third-card", N_("The third-card rule")),
    ("bets", N_("Bets and pays")),
    ("chemin-de-fer", N_("Chemin de Fer and Banque")),
    ("roads", N_("The roads")),
    ("counting-and-systems", N_("Can counting or a system beat baccarat?")),
)
"""Each guide's address and title, in reading order."""

_PAGES: dict[str, Callable[[], dict[str, Any]]] = {
    "cards": cards_page,
    "naturals": naturals_page,
    "third-card": third_card_page,
    "bets": bets_page,
    "chemin-de-fer": chemin_page,
    "roads": roads_page,
    "counting-and-systems": lab_page,
}
"""Each guide's page data, by its address."""


def guide_nav(current_slug: str | None) -> list[dict[str, Any]]:
    """The list of guides, the one shown (if any) marked current.

    >>> [item["slug"] for item in guide_nav("roads") if item["current"]]
    ['roads']
    """
    return [
        {"slug": slug, "title": _(title), "current": slug == current_slug} for slug, title in GUIDES
    ]


def guide_page(slug: str) -> dict[str, Any] | None:
    """The page data of the guide at ``slug``: its title, the shoe its figures are for, and
    what its template shows (None: no guide has that address).

    >>> page = guide_page("chemin-de-fer")
    >>> page["title"], page["decks"], guide_page("poker")
    ('Chemin de Fer and Banque', 8, None)
    """
    build = _PAGES.get(slug)
    if build is None:
        return None
    return {"title": _(dict(GUIDES)[slug]), "decks": DEFAULT_DECKS, **build()}
