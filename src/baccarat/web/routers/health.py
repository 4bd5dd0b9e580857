"""``GET /healthz``: the process lives and answers (for process supervisors); ``GET /readyz``:
it can serve players (its database answers, its schema is at the packaged migrations' head, its
warm-up is done), for load balancers and for ``baccarat serve``'s start-up line. Both
unauthenticated and never rate-limited; ``/healthz`` reads nothing, ``/readyz`` reads one row.

A supervisor restarts a process whose ``/healthz`` fails; a load balancer sends players only to
a process whose ``/readyz`` answers 200 (503 otherwise, with the check that failed).
"""

from __future__ import annotations

from typing import Literal

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from typing_extensions import TypedDict

from baccarat.store.db import Store, head_revision

__all__ = ["HEALTH_PATH", "READY_PATH", "Readiness", "readiness", "router"]

HEALTH_PATH = "/healthz"
READY_PATH = "/readyz"

router = APIRouter(tags=["health"])


class Readiness(TypedDict):
    """What ``GET /readyz`` answers: ``ready`` only when every check is ``ok``."""

    status: Literal["ready", "not_ready"]
    database: Literal["ok", "unreachable"]
    schema: Literal["ok", "behind", "unknown"]
    """``behind``: not at the packaged migrations' head (``revision`` says where it is);
    ``unknown``: the database could not be read."""
    revision: str | None
    head: str
    warm_up: Literal["ok", "pending"]


@router.get(HEALTH_PATH)
def healthz() -> dict[str, str]:
    """``{"status": "ok"}`` while the process answers requests."""
    return {"status": "ok"}


def readiness(store: Store, warm: bool) -> Readiness:
    """The readiness checks of a process with ``store`` whose warm-up is done or not.

    >>> store = Store.open("sqlite://")
    >>> ready = readiness(store, warm=True)
    >>> ready["status"], ready["schema"], ready["revision"] == ready["head"]
    ('ready', 'ok', True)
    >>> readiness(store, warm=False)["status"]
    'not_ready'
    """
    head = head_revision()
    database: Literal["ok", "unreachable"] = "ok"
    try:
        revision = store.schema_revision()
    except SQLAlchemyError:
        database, revision = "unreachable", None
    schema: Literal["ok", "behind", "unknown"] = (
        "unknown" if database != "ok" else "ok" if revision == head else "behind"
    )
    return Readiness(
        status="ready" if schema == "ok" and warm else "not_ready",
        database=database,
        schema=schema,
        revision=revision,
        head=head,
        warm_up="ok" if warm else "pending",
    )


@router.get(
    READY_PATH,
    response_model=Readiness,
    responses={503: {"model": Readiness, "description": "Not ready: the check that failed."}},
)
def readyz(request: Request) -> JSONResponse:
    """200 ``{"status": "ready", …}`` when the database answers, its schema is at head and the
    warm-up is done; 503 with the same fields otherwise."""
    warm = getattr(request.app.state, "warm", None)
    answer = readiness(request.app.state.store, warm is not None and warm.is_set())
    return JSONResponse(dict(answer), status_code=200 if answer["status"] == "ready" else 503)
