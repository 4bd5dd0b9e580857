"""Rendering pages: the template environment and the context every page shares.

Every page carries the notices (virtual points only, no real money, no prizes, points cannot be
bought or cashed out), and for a player the balance, the session clock and the net result since
the session started.
"""

from __future__ import annotations

import functools
from typing import Any

from babel import Locale
from fastapi import Request
from fastapi.responses import HTMLResponse
from fastapi.templating import Jinja2Templates

from baccarat.core.tableau import Side
from baccarat.i18n.catalogs import available_languages
from baccarat.i18n.markers import N_
from baccarat.ledger.limits import PlayLimits
from baccarat.ledger.views import PlayerView
from baccarat.web import parts
from baccarat.web.context import PLAYER_COOKIE, CookieSigner, PlaySession
from baccarat.web.i18n import _, current, make_environment, utc_text
from baccarat.web.present.coup import road_labels
from baccarat.web.present.table import player_data

__all__ = [
    "NAV",
    "fragment",
    "nav_items",
    "render",
    "render_error",
    "render_fragment",
    "templates",
]

templates = Jinja2Templates(env=make_environment())
# The panels' parts every page coup renders again, in Python (web/parts.py says why): the page
# and a deal's answer render them with the same functions.
templates.env.globals.update(
    cut_card_note=parts.cut_card_note,
    ranks_table=parts.ranks_table,
    shoe_counts=parts.shoe_counts,
    statistics_table=parts.statistics_table,
    odds_table=parts.odds_table,
    spot_edges=parts.spot_edges,
)


def js_messages() -> dict[str, str]:
    """The sentences the table's script shows or announces, in the page's language.

    ``{name}`` fields are filled in by the script.
    """
    return {
        "placed": _("{bet}: stake {amount}."),
        "undone": _("Last change undone."),
        "cleared": _("All bets cleared."),
        "no_rebet": _("No earlier bets to repeat."),
        "total": _("Total stake {amount}."),
        "dealing": _("Dealing…"),
        "coup_title": _("Shoe {shoe}, coup {number}"),
        "replay": _("Replay of shoe {shoe}, coup {number}. Your balance does not change."),
        "replay_done": _("Replay finished."),
        "no_bets": _("No bets on this coup."),
        "net": _("Net for this coup:"),
        "balance": _("Balance {amount} points."),
        "new_shoe": _("A new shoe was shuffled: the roads start again."),
        "nothing_charged": _("Nothing was charged."),
        "network": _("The table could not be reached; nothing was charged. Try again."),
        "reality_title": _("Reality check"),
        "reality_text": _("You have played for {minutes} minutes this session. Net result: {net}."),
        "reality_continue": _("Continue"),
        "reality_break": _("Take a break"),
    }


NAV: tuple[tuple[str, str], ...] = (
    ("/table", N_("Table")),
    ("/rooms", N_("Rooms")),
    ("/quiz", N_("Quiz")),
    ("/guides", N_("Guides")),
    ("/chemin", N_("Chemin de Fer")),
    ("/history", N_("History")),
    ("/limits", N_("Limits")),
    ("/account", N_("Account")),
)
"""The header's menu on every page: each address and its label."""


def nav_items(path: str) -> list[dict[str, Any]]:
    """The menu for the page at ``path``, the page's own entry marked current.

    >>> [item["href"] for item in nav_items("/guides/roads") if item["current"]]
    ['/guides']
    """
    return [
        {
            "href": href,
            "label": _(label),
            "current": path == href or path.startswith(href + "/"),
        }
        for href, label in NAV
    ]


def _session(request: Request, player: PlayerView | None) -> PlaySession | None:
    """The play session the request's dependencies read, or (a page that asks for none, such as
    a guide) the player's from the server's record."""
    session = getattr(request.state, "play_session", None)
    if isinstance(session, PlaySession):
        return session
    if player is None:
        return None
    service = request.app.state.service
    started = service.play_started(player.player_id)
    return PlaySession(started or service.clock(), new=started is None)


def render(
    request: Request,
    name: str,
    *,
    player: PlayerView | None = None,
    status: int = 200,
    **context: Any,
) -> HTMLResponse:
    """Render template ``name`` with the shared page context."""
    session = _session(request, player)
    limits = _limits(request, player)
    locked = limits.cool_off_until if limits is not None else None
    shared: dict[str, Any] = {
        "language": current().language,
        "languages": available_languages(),
        # Each language is named in itself, so a reader finds their own whatever the page's.
        "language_names": [
            (code, Locale.parse(code).get_display_name(code) or code)
            for code in available_languages()
        ],
        "nav": nav_items(request.url.path),
        "player": player_data(player) if player is not None else None,
        "top_up_next": player.top_up.next_at if player is not None else None,
        # The player's cool-off: every page shows the locked state until it ends.
        "locked_until": locked,
        "locked_until_iso": locked.isoformat() if locked is not None else "",
        # The player's reality checks: shown by the page when due, by the script when it comes.
        "reality": _reality_check(request, player, session, limits),
        "session_started_ms": int(session.started.timestamp() * 1000) if session else None,
        "session_started": utc_text(session.started, "time") if session else None,
        "session_started_at": session.started if session else None,
        "csrf_token": csrf_token(request),
        "js_messages": js_messages(),
        "letters": {side: road_labels().side_letter(Side(side)) for side in ("player", "banker")},
    }
    return templates.TemplateResponse(request, name, {**shared, **context}, status_code=status)


@functools.cache
def _macros(name: str) -> Any:
    """The macros of template ``name`` as callables, made once (they read the language when
    called)."""
    return templates.env.get_template(name).module


def fragment(name: str, **context: Any) -> str:
    """Template ``name``, a part of a page a script puts in place, rendered with ``context`` and
    the panels' macros (``parts``: ``_panel_parts.html``) only: none of a whole page's shared
    context (the player's session and limits cost reads), and no template imported again for
    each answer."""
    return templates.env.get_template(name).render(
        {"parts": _macros("_panel_parts.html")} | context
    )


def render_fragment(request: Request, name: str, **context: Any) -> HTMLResponse:
    """:func:`fragment` as the answer to ``request``."""
    return HTMLResponse(fragment(name, **context))


def csrf_token(request: Request) -> str:
    """The session's anti-forgery token for the page's forms and script ("" without a session,
    where none is needed)."""
    signer: CookieSigner | None = getattr(request.app.state, "signer", None)
    if signer is None:
        return ""
    return signer.csrf_for(request.cookies.get(PLAYER_COOKIE)) or ""


def _limits(request: Request, player: PlayerView | None) -> PlayLimits | None:
    """The player's limits and cool-off (None without a player or a service)."""
    service = getattr(request.app.state, "service", None)
    if player is None or service is None:
        return None
    limits: PlayLimits = service.limits(player.player_id)
    return limits


def _reality_check(
    request: Request,
    player: PlayerView | None,
    session: PlaySession | None,
    limits: PlayLimits | None,
) -> dict[str, Any] | None:
    """The reality check for the page: the player's interval, how long until the next one is
    due (for the script), and, when it is due now, what the page shows in its place: the minutes
    played this session and the net result (so it needs no JavaScript)."""
    service = getattr(request.app.state, "service", None)
    if player is None or service is None or session is None or limits is None:
        return None
    now = service.clock()
    due_in = (limits.next_reality_check(session.started) - now).total_seconds()
    played = int((now - session.started).total_seconds() // 60)
    return {
        "minutes": limits.reality_check_minutes,
        "due_in_ms": max(0, int(due_in * 1000)),
        "due": due_in <= 0,
        "text": _("You have played for {minutes} minutes this session. Net result: {net}.").format(
            minutes=played, net=player_data(player)["session_net_text"]
        ),
        "back": _back(request),
    }


_FORM_PAGES = ("table", "rooms", "chemin", "account", "limits", "quiz")
"""The pages whose forms come back rendered (a refusal) at an address that only takes a POST."""


def _back(request: Request) -> str:
    """Where "continue" comes back to: this page, or for a page that answers a form post (a
    refused deal, say) the page of that form."""
    if request.method == "GET":
        return request.url.path + (f"?{request.url.query}" if request.url.query else "")
    first = request.url.path.strip("/").split("/")[0]
    return f"/{first}" if first in _FORM_PAGES else "/table"


def render_error(
    request: Request, status: int, message: str, player: PlayerView | None = None
) -> HTMLResponse:
    """A page that says plainly what was wrong: no page at that address, or a request refused
    (after a form, that nothing was charged); with ``player``, their standing and menu."""
    return render(
        request,
        "error.html",
        player=player,
        status=status,
        message=message,
        status_code=status,
        posted=request.method not in ("GET", "HEAD"),
    )
