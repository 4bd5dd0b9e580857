"""How a guide prints a number: a probability or a mean with its exact value beside the text (a
test reads the ``data-exact`` attribute back), a pay as tables show it, totals as runs.

Each in the page's language: its digits, decimal sign and percent sign.
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from babel.numbers import format_decimal, get_decimal_symbol

from baccarat.core.bets import format_pays
from baccarat.core.tableau import total_ranges
from baccarat.web.i18n import current, format_fraction_percent, with_sign

__all__ = ["figure", "mean", "number", "pays", "ranges", "signed"]


def figure(key: str, value: Fraction, digits: int = 2) -> dict[str, str]:
    """A probability for the page: its text in the language and its exact value.

    >>> figure("tie", Fraction(1, 8))
    {'key': 'tie', 'exact': '1/8', 'text': '12.50%'}
    """
    return {
        "key": key,
        "exact": f"{value.numerator}/{value.denominator}",
        "text": format_fraction_percent(value, digits),
    }


def mean(key: str, value: Fraction, digits: int = 4) -> dict[str, str]:
    """A mean (cards per coup) for the page, with its exact value.

    >>> mean("cards_per_coup", Fraction(49, 10))["text"]
    '4.9000'
    """
    text = number(float(value), "0." + "0" * digits)
    return {"key": key, "exact": f"{value.numerator}/{value.denominator}", "text": text}


def number(value: float, pattern: str | None = None) -> str:
    """``value`` in the page's language, to a Babel ``pattern`` (or the language's own).

    >>> number(1.25, "0.0"), number(24_000_000)
    ('1.2', '24,000,000')
    """
    return str(format_decimal(value, format=pattern, locale=current().locale))


def signed(value: float, pattern: str, *, plus: bool = True) -> str:
    """``value`` as :func:`number` writes it, with its sign as every page writes one (the minus
    sign; with ``plus``, ``+`` and ``±`` for zero too).

    >>> signed(0.67, "0.00"), signed(-0.9, "0.0"), signed(-1.7, "0.0", plus=False)
    ('+0.67', '−0.9', '−1.7')
    """
    return with_sign(value, number(abs(value), pattern), plus=plus)


def pays(value: Fraction) -> str:
    """A pay as tables show it (``8:1``, ``0.95:1``, a push or a loss in words) in the page's
    language, with its decimal sign.

    >>> pays(Fraction(8)), pays(Fraction(19, 20))
    ('8:1', '0.95:1')
    """
    language = current()
    return format_pays(value, language.pays_templates).replace(
        ".", get_decimal_symbol(language.locale)
    )


def ranges(values: Iterable[int]) -> str:
    """Totals as runs with an en dash: ``[0, 1, 2, 5]`` → ``'0–2, 5'`` (read from the data).

    >>> ranges([0, 1, 2, 3, 4, 5]), ranges([7]), ranges([3, 4, 6])
    ('0–5', '7', '3–4, 6')
    """
    return total_ranges(values, dash="–")
