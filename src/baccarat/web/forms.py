"""A form post's one shape: do what the form asks, or show its page again saying why not.

Every form of the pages answers alike: the action's own response (a redirect: post/redirect/get),
or, when the action is refused, the form's page again with the refusal in the reader's language
(:func:`~baccarat.web.present.labels.error_message`) at the refusal's HTTP status
(:func:`~baccarat.web.statuses.status_of`). The handler keeps only what differs: its action and
how its page is drawn.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Annotated, Protocol

from fastapi import Depends, Request
from fastapi.responses import HTMLResponse, Response

from baccarat.core.errors import UNTRANSLATED, BaccaratError
from baccarat.web.metrics import note_refusal
from baccarat.web.present.labels import error_message
from baccarat.web.statuses import status_of

__all__ = ["FormFields", "RefusedPage", "form_post"]


class RefusedPage(Protocol):
    """The form's page, rendered again with the refusal's message and status."""

    def __call__(self, *, error: str, status: int) -> HTMLResponse: ...


def form_post(
    page: RefusedPage,
    action: Callable[[], Response],
    *,
    refused: type[BaccaratError] = BaccaratError,
) -> Response:
    """The ``action``'s response, or ``page`` saying why the action was refused (an error of
    the kind ``refused``; any other goes on to the application's error pages).

    >>> from fastapi.responses import RedirectResponse
    >>> from baccarat.ledger.errors import LedgerError
    >>> def page(*, error: str, status: int) -> HTMLResponse:
    ...     return HTMLResponse(error, status_code=status)
    >>> def register() -> Response:
    ...     raise LedgerError("username_taken", username="ann")
    >>> answer = form_post(page, register)
    >>> answer.status_code, answer.body
    (409, b'The username "ann" is taken; choose another.')
    >>> form_post(page, lambda: RedirectResponse("/account", status_code=303)).status_code
    303
    """
    try:
        return action()
    except refused as exc:
        note_refusal(getattr(exc, "code", UNTRANSLATED))
        return page(error=error_message(exc), status=status_of(exc))


async def _form_fields(request: Request) -> dict[str, str]:
    """The fields of a posted form (text fields only)."""
    return {k: v for k, v in (await request.form()).items() if isinstance(v, str)}


FormFields = Annotated[dict[str, str], Depends(_form_fields)]
"""A posted form's text fields, for a handler that reads them by name."""
