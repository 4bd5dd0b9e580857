"""``GET /healthz``: the process lives and answers (for ``baccarat serve``'s start-up line, load
balancers and process supervisors). Unauthenticated, never rate-limited, reads nothing."""

from __future__ import annotations

from fastapi import APIRouter

__all__ = ["HEALTH_PATH", "router"]

HEALTH_PATH = "/healthz"

router = APIRouter(tags=["health"])


@router.get(HEALTH_PATH)
def healthz() -> dict[str, str]:
    """``{"status": "ok"}`` while the process answers requests."""
    return {"status": "ok"}
