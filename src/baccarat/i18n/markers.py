"""Markers for strings that are translated later, where they are shown.

``N_`` returns its argument unchanged; Babel's extractor finds its calls, so a message defined
far from where it is displayed (an error template, a label in a table of data) still lands in the
catalog. ``NP_`` does the same for a message with a context (translated later with
``pgettext``). This module imports nothing, so any layer can use it.

>>> N_("virtual points only")
'virtual points only'
>>> NP_("card name", "Four")
'Four'
"""

from __future__ import annotations

__all__ = ["NP_", "N_"]


def N_(message: str) -> str:  # noqa: N802 - the conventional gettext marker name
    """Mark ``message`` for extraction; return it untranslated."""
    return message


def NP_(context: str, message: str) -> str:  # noqa: N802 - named like N_
    """Mark ``message`` for extraction in ``context``; return it untranslated."""
    return message
