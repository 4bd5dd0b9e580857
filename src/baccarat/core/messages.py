"""Tables of English sentences keyed by code, which another layer translates.

A feature keeps its words as data in English (a road's letters, a Chemin de Fer choice point, a
fair shoe's mismatch). It declares them as one :class:`MessageTable`: the message extractor finds
the table and lists every entry in the catalogs, and a language renders the whole table with its
``translated`` method (:class:`Translates`), so the feature never imports a translation library.

>>> table = MessageTable({"red": "Red", "blue": "Blue"}, context="colour")
>>> table.context_of("red"), table.messages["blue"]
('colour', 'Blue')
>>> class Shouting:
...     def translated(self, table: MessageTable) -> Mapping[str, str]:
...         return {key: text.upper() for key, text in table.messages.items()}
>>> Shouting().translated(table)["red"]
'RED'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

__all__ = ["MessageTable", "Translates"]


@dataclass(frozen=True, eq=False)
class MessageTable:
    """English sentences keyed by code, translated under one message context.

    ``context`` may name ``{key}``: each entry then has a context of its own (``roads.{key}``
    keeps the letter ``B`` of Banker apart from the ``B`` of blue). A table is one object of its
    module, compared (and cached) by identity.
    """

    messages: Mapping[str, str]
    context: str

    def context_of(self, key: str) -> str:
        """The message context of the entry ``key``."""
        return self.context.format(key=key)


class Translates(Protocol):
    """A language that can render a :class:`MessageTable` (English itself does: the table)."""

    def translated(self, table: MessageTable) -> Mapping[str, str]: ...
