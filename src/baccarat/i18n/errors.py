"""Refusals in the reader's language: any :class:`~baccarat.core.errors.TemplatedError` (the
core's stake and bet errors, the ledger's errors) rendered from its translated template.

The web pages, the API and the command line all show errors through :func:`error_text`, so a
message reads the same everywhere; an error without a template is shown as it is (English).

>>> from baccarat.core.settle import StakeError
>>> from baccarat.i18n.catalogs import get_translator
>>> err = StakeError("stake_below_minimum", bet="tie", stake=50, minimum=100, rule_set="punto-banco")
>>> error_text(err, get_translator("en"))
"stake of 0.5 points on 'tie' is below the table minimum of 1 point (punto-banco)"
"""

from __future__ import annotations

from collections.abc import Callable

from baccarat.core.errors import TemplatedError
from baccarat.core.points import MINOR_UNITS_PER_POINT, format_points
from baccarat.i18n.catalogs import Translator
from baccarat.i18n.markers import N_

__all__ = ["NOT_FOUND_WHAT", "error_text"]

NOT_FOUND_WHAT = {"table": N_("table"), "coup": N_("coup"), "player": N_("player")}
"""The things a ``not_found`` error names, as words to translate."""


def error_text(exc: Exception, t: Translator, points: Callable[[int], str] = format_points) -> str:
    """The message of ``exc`` in ``t``'s language; ``points`` formats an amount's number."""
    if not isinstance(exc, TemplatedError):
        return str(exc)

    def amount(minor: int) -> str:
        # Whole points take the number's plural form; any fraction of a point reads as plural.
        whole = abs(minor) // MINOR_UNITS_PER_POINT if minor % MINOR_UNITS_PER_POINT == 0 else 0
        return t.ngettext("{points} point", "{points} points", whole).format(points=points(minor))

    what = exc.params.get("what")
    overrides = (
        {"what": t.gettext(NOT_FOUND_WHAT[what])}
        if isinstance(what, str) and what in NOT_FOUND_WHAT
        else None
    )
    return exc.render(
        t.gettext(exc.template),
        points,
        amount,
        lambda inner: error_text(inner, t, points),
        overrides,
    )
