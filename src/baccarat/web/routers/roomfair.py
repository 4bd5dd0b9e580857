"""A room's ended shoe verified on a page, as a private table's is (``verify.html``): the
commitment, every coup, the order of the shoe's events, and the client seeds it combines."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.responses import HTMLResponse

from baccarat.web.deps import Visit
from baccarat.web.pages import render
from baccarat.web.present.table import verify_command
from baccarat.web.routers.api import RecordId

__all__ = ["router"]

router = APIRouter(include_in_schema=False)


@router.get("/rooms/{room_id}/shoes/{number}/verify", response_class=HTMLResponse)
def verify_page(visit: Visit, room_id: RecordId, number: RecordId) -> HTMLResponse:
    """An ended shoe of the room recomputed from its seeds, and the command that checks it."""
    rooms = visit.service.rooms
    result, events = rooms.verify(room_id, number)
    contributions = rooms.contributions(room_id, number)
    command = verify_command(result, contributions)
    return render(
        visit.request,
        "verify.html",
        player=visit.player(),
        v=result.record() | {"mismatch": result.mismatch},
        events=events,
        shoes_url=None,
        back_url=f"/rooms/{room_id}",
        contributions=contributions,
        command=command,
    )
