"""The guides' pages: the list and each guide, readable with or without a player.

What a guide shows is computed by the engine (:mod:`baccarat.guides`) and made into page data in
the reader's language by :mod:`baccarat.web.present.guides`; this router only finds the page.
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from starlette.exceptions import HTTPException

from baccarat.web.deps import page_player
from baccarat.web.pages import render
from baccarat.web.present.guides import guide_nav, guide_page

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/guides", response_class=HTMLResponse)
def guides_index(request: Request) -> HTMLResponse:
    """The list of guides."""
    return render(request, "guides/index.html", player=page_player(request), guides=guide_nav(None))


@router.get("/guides/{slug}", response_class=HTMLResponse)
def guide(request: Request, slug: str) -> HTMLResponse:
    """One guide, its tables and numbers computed for the page's language."""
    page = guide_page(slug)
    if page is None:
        raise HTTPException(404)
    return render(
        request,
        f"guides/{slug}.html",
        player=page_player(request),
        guides=guide_nav(slug),
        **page,
    )
