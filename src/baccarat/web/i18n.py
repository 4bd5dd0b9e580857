"""The request's language: a context variable holding its translator, and the template environment.

The Jinja2 ``i18n`` extension is installed once with gettext functions that look up the current
request's :class:`~baccarat.i18n.catalogs.Translator`, so templates use ``{% trans %}`` and
``_()`` as usual and Python code uses :func:`_` — every user-facing string goes through gettext.
Numbers are formatted for the language with Babel.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from datetime import UTC, datetime
from decimal import Decimal
from fractions import Fraction
from functools import lru_cache
from typing import Any

import jinja2
import pydantic_core
from babel import Locale
from babel.dates import format_date, format_time
from babel.numbers import format_decimal, format_percent
from markupsafe import Markup, escape

from baccarat.core.points import MINOR_UNITS_PER_POINT
from baccarat.i18n.catalogs import SOURCE_LANGUAGE, Translator, get_translator

__all__ = [
    "MINUS",
    "_",
    "current",
    "format_fraction_percent",
    "format_points",
    "format_signed_points",
    "local_time",
    "make_environment",
    "ngettext",
    "pgettext",
    "using",
    "with_sign",
]

_translator: ContextVar[Translator | None] = ContextVar("baccarat_translator", default=None)


def current() -> Translator:
    """The translator of the request being served (English outside a request)."""
    return _translator.get() or get_translator(SOURCE_LANGUAGE)


@contextmanager
def using(translator: Translator) -> Iterator[Translator]:
    """Serve the enclosed block in ``translator``'s language."""
    token = _translator.set(translator)
    try:
        yield translator
    finally:
        _translator.reset(token)


def _(message: str) -> str:
    """Translate ``message`` into the current language."""
    return current().gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    return current().ngettext(singular, plural, n)


def pgettext(context: str, message: str) -> str:
    return current().pgettext(context, message)


def npgettext(context: str, singular: str, plural: str, n: int) -> str:
    return current().npgettext(context, singular, plural, n)


def format_points(minor: int) -> str:
    """Minor units as points for display, grouped for the language: ``1234550`` → ``'12,345.50'``.

    >>> format_points(10_000_00), format_points(95), format_points(-1_234_50)
    ('10,000', '0.95', '-1,234.50')
    """
    return _format_points(current().locale, minor)


@lru_cache(maxsize=4096)
def _format_points(locale: Locale, minor: int) -> str:
    # Babel parses the pattern and quantizes a Decimal every time: a deal's answer formats about a
    # dozen amounts, mostly the same stakes and returns again, so they are remembered.
    amount = Decimal(minor) / MINOR_UNITS_PER_POINT
    pattern = "#,##0" if minor % MINOR_UNITS_PER_POINT == 0 else "#,##0.00"
    return format_decimal(amount, format=pattern, locale=locale)


MINUS = "\u2212"
"""The sign of a negative figure on every page: the minus sign, not a hyphen (Babel's ``-``)."""


def with_sign(value: Fraction | float, magnitude: str, *, plus: bool = True) -> str:
    """``magnitude`` (the figure's absolute value, formatted) with the sign of ``value`` as
    every page writes it: the minus sign ``−``; with ``plus``, ``+`` and ``±`` for zero too.

    >>> with_sign(-0.9, "0.9"), with_sign(2, "2"), with_sign(0, "0")
    ('−0.9', '+2', '±0')
    >>> with_sign(Fraction(-1, 8), "12.50%", plus=False), with_sign(1, "1", plus=False)
    ('−12.50%', '1')
    """
    if value < 0:
        return MINUS + magnitude
    if not plus:
        return magnitude
    return ("+" if value > 0 else "±") + magnitude


def format_signed_points(minor: int) -> str:
    """Like :func:`format_points`, with a sign always shown (``+95``, ``−100``, ``±0``).

    >>> format_signed_points(95_00), format_signed_points(-100_00), format_signed_points(0)
    ('+95', '−100', '±0')
    """
    return with_sign(minor, format_points(abs(minor)))


def format_fraction_percent(value: Fraction | float, digits: int = 2) -> str:
    """A share as a percentage for the language, to ``digits`` decimals, a negative one with
    the minus sign as every figure on the pages (:func:`with_sign`), not Babel's hyphen.

    >>> format_fraction_percent(Fraction(1, 8)), format_fraction_percent(Fraction(-106, 10000), 3)
    ('12.50%', '−1.060%')
    """
    pattern = "0." + "0" * digits + "%" if digits else "0%"
    magnitude = format_percent(abs(Decimal(float(value))), format=pattern, locale=current().locale)
    return with_sign(value, magnitude, plus=False)


def utc_text(moment: datetime, style: str = "datetime") -> str:
    """A moment as text in the page's language, in UTC and saying so.

    >>> utc_text(datetime(2026, 12, 2, 18, 28, 7, 675145, tzinfo=UTC))
    'Dec 2, 2026, 18:28 UTC'
    >>> utc_text(datetime(2026, 12, 2, 18, 28, tzinfo=UTC), "time")
    '18:28 UTC'
    >>> utc_text(datetime(2026, 12, 2, 18, 28, 7, tzinfo=UTC), "seconds")
    'Dec 2, 2026, 18:28:07 UTC'
    """
    moment = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    locale = current().locale
    # "seconds": a date and a time to the second, for events that can fall in one minute.
    pattern = "HH:mm:ss" if style == "seconds" else "HH:mm"
    time = format_time(moment, pattern, tzinfo=UTC, locale=locale)
    if style == "time":
        return _("{time} UTC").format(time=time)
    date = format_date(moment, "medium", locale=locale)
    if style == "date":
        return date
    # Translators: a moment shown in UTC (the page's script shows it in the reader's time zone).
    return _("{date}, {time} UTC").format(date=date, time=time)


def local_time(moment: datetime | None, style: str = "datetime") -> Markup:
    """A ``<time>`` for a moment: its text in UTC, named, for a page read without JavaScript; the
    page's script (``static/site.js``) rewrites it in the reader's time zone and language.

    ``style`` is ``datetime``, ``date``, ``time`` or ``seconds`` (a datetime to the second).

    >>> str(local_time(datetime(2026, 12, 2, 18, 28, 7, 675145, tzinfo=UTC), "time"))
    '<time datetime="2026-12-02T18:28:07Z" data-local="time">18:28 UTC</time>'
    """
    if moment is None:
        return Markup("")
    moment = moment.astimezone(UTC) if moment.tzinfo else moment.replace(tzinfo=UTC)
    stamp = moment.replace(microsecond=0).strftime("%Y-%m-%dT%H:%M:%SZ")
    return Markup('<time datetime="{0}" data-local="{1}">{2}</time>').format(
        stamp, escape(style), utc_text(moment, style)
    )


def seed_value(value: str) -> Markup:
    """A seed or commitment quoted in running text: the value alone in the monospace face, so
    the sentence around it keeps the page's font (Vietnamese stacked diacritics render badly in
    most monospace faces).

    >>> str(seed_value("9f<a>"))
    '<code class="seed-value">9f&lt;a&gt;</code>'
    """
    return Markup('<code class="seed-value">{0}</code>').format(value)


_DICT_ATTRIBUTES = frozenset(dir(dict))


class _Environment(jinja2.Environment):
    """Jinja's environment, reading ``a.b`` of a plain dict without raising first.

    Jinja reads ``a.b`` as ``getattr(a, "b")`` and only then ``a["b"]``; the templates read
    dicts that way (a panel's rows, a shoe's counts) and each read raised and caught an
    ``AttributeError``: a coup's panel parts read about two hundred. A plain ``dict`` has
    exactly the attributes of its type, so its key is what Jinja finds whenever the name is
    not one of those: the same answer, looked up directly.
    """

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict and attribute not in _DICT_ATTRIBUTES and attribute in obj:
            return obj[attribute]
        return super().getattr(obj, attribute)


def _compact_json(value: object) -> str:
    """``value`` as compact JSON, fields in their order, any character as itself: for the
    plain JSON data a template embeds, the text ``json.dumps`` writes with
    ``separators=(",", ":"), ensure_ascii=False``, by pydantic's encoder, about three times as
    fast (the deal's record is embedded in every page coup).

    >>> _compact_json({"schema": "x", "cards": ["9♠", 2], "tie": None})
    '{"schema":"x","cards":["9♠",2],"tie":null}'
    """
    return pydantic_core.to_json(value).decode()


def make_environment() -> jinja2.Environment:
    """The template environment: autoescaping, gettext through the current language, filters."""
    env = _Environment(
        loader=jinja2.PackageLoader("baccarat.web", "templates"),
        autoescape=jinja2.select_autoescape(("html", "svg", "xml")),
        extensions=["jinja2.ext.i18n"],
        undefined=jinja2.StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    # Whitespace inside {% trans %} blocks is collapsed, as the extractor is told to expect.
    env.policies["ext.i18n.trimmed"] = True
    # ``tojson`` writes as the API does: a record's fields in their order (its ``schema`` first),
    # compact, any character as itself (the filter still escapes what HTML would read).
    env.policies["json.dumps_function"] = _compact_json
    env.policies["json.dumps_kwargs"] = {}
    env.install_gettext_callables(  # type: ignore[attr-defined]
        gettext=_, ngettext=ngettext, newstyle=True, pgettext=pgettext, npgettext=npgettext
    )
    env.filters["points"] = format_points
    env.filters["signed_points"] = format_signed_points
    env.filters["percent"] = format_fraction_percent
    env.filters["local_time"] = local_time
    env.filters["seed_value"] = seed_value
    return env
