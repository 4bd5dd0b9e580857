"""Numbers as a person writes them on a command line or in a file: ASCII digits only.

Python's ``int``, ``float``, ``Decimal`` and ``Fraction`` read the digits of every script
(``int("١٠٠")`` is 100), so a number read with them alone would take a stake or a count that
no reader of the line would see as one. Each parser of the package passes its text through
:func:`ascii_numeral` first, inside the ``try`` that turns a ``ValueError`` into its refusal.

>>> int(ascii_numeral("100"))
100
>>> int(ascii_numeral("١٠٠"))
Traceback (most recent call last):
...
ValueError: not a number in ASCII digits: '١٠٠'
"""

from __future__ import annotations

__all__ = ["ascii_numeral"]


def ascii_numeral(text: str) -> str:
    """``text`` as it is when every character is ASCII; else a ``ValueError``."""
    if not text.isascii():
        raise ValueError(f"not a number in ASCII digits: {text!r}")
    return text
