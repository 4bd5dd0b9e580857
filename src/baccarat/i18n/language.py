"""What code that writes sentences needs of a language, and English as written (standard library).

:class:`baccarat.i18n.catalogs.Translator` has all of :class:`Language`; :data:`SOURCE` is the
source language without any catalog, so a pure layer (the quiz, a doctest) can produce English
text without loading Babel, and every caller takes the same type.

>>> SOURCE.gettext("Right: {answer}."), SOURCE.side_names[Side.BANKER]
('Right: {answer}.', 'Banker')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Protocol

from baccarat.core.conditions import PAYS_ENGLISH
from baccarat.core.explain import ENGLISH
from baccarat.core.messages import MessageTable
from baccarat.core.tableau import Action, Side

__all__ = ["SOURCE", "Language"]


class Language(Protocol):
    """gettext lookups, the engine's explanation templates and pay-table words, and side and
    action names."""

    def gettext(self, message: str) -> str: ...

    def pgettext(self, context: str, message: str) -> str: ...

    def ngettext(self, singular: str, plural: str, n: int) -> str: ...

    def translated(self, table: MessageTable) -> Mapping[str, str]: ...

    @property
    def pays_templates(self) -> Mapping[str, str]: ...

    @property
    def explain_templates(self) -> Mapping[str, str]: ...

    @property
    def side_names(self) -> Mapping[Side, str]: ...

    @property
    def action_names(self) -> Mapping[Action, str]: ...


class _Source:
    """English as the messages are written."""

    def gettext(self, message: str) -> str:
        return message

    def pgettext(self, context: str, message: str) -> str:
        return message

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return singular if n == 1 else plural

    def translated(self, table: MessageTable) -> Mapping[str, str]:
        return table.messages

    @property
    def pays_templates(self) -> Mapping[str, str]:
        return PAYS_ENGLISH

    @property
    def explain_templates(self) -> Mapping[str, str]:
        return ENGLISH

    @property
    def side_names(self) -> Mapping[Side, str]:
        return {side: side.title for side in Side}

    @property
    def action_names(self) -> Mapping[Action, str]:
        return {action: action.value for action in Action}


SOURCE: Language = _Source()
"""The source language (English) without any catalog."""
