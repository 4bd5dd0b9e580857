"""Every letter, word and sentence the road renderers draw, as data.

The defaults are English with the usual ``B``/``P``/``T`` markings. A page in another language, or
with other markings, passes its own :class:`RoadLabels`; the renderers hold no words of their own.

>>> labels = RoadLabels(banker="C", player="Đ", tie="H")
>>> from baccarat.core.summary import Winner
>>> labels.letter(Winner.PLAYER), ENGLISH.letter(Winner.PLAYER)
('Đ', 'P')
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, ClassVar, Protocol

from baccarat.core.messages import MessageTable, Translates
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.result import RoadError

__all__ = ["ENGLISH", "MESSAGES", "RoadLabels", "check_strings", "labels_in"]


class _Dataclass(Protocol):
    """Any dataclass instance (what :func:`dataclasses.fields` reads)."""

    __dataclass_fields__: ClassVar[dict[str, Any]]


def check_strings(instance: _Dataclass, valid: Callable[[str], bool], complaint: str) -> None:
    """Refuse the first field of ``instance`` that is not a string ``valid`` accepts: a
    :class:`~baccarat.roads.result.RoadError` saying ``complaint`` (fields ``{name}``, ``{value}``).

    What the labels and the palette check of every field they are given.

    >>> @dataclass(frozen=True)
    ... class Pair:
    ...     left: str = "a"
    ...     right: object = 2
    >>> check_strings(Pair(right="b"), str.isalpha, "{name}: {value!r}")
    >>> check_strings(Pair(), str.isalpha, "{name} is not a letter: {value!r}")
    Traceback (most recent call last):
    ...
    baccarat.roads.result.RoadError: right is not a letter: 2
    """
    for field in fields(instance):
        value = getattr(instance, field.name)
        if not isinstance(value, str) or not valid(value):
            raise RoadError(complaint.format(name=field.name, value=value))


@dataclass(frozen=True, slots=True)
class RoadLabels:
    """Letters (cell markings), names and sentence templates of the roads.

    Templates use :meth:`str.format` fields: ``coup`` ``{number}``; ``totals`` ``{player}``
    ``{banker}``; ``ties`` ``{count}``; ``cell`` ``{column}`` ``{row}``; ``ask_title`` ``{side}``;
    ``ask_mark`` ``{road}`` ``{mark}``; ``coups_count`` ``{count}``; ``runs`` ``{current}``
    ``{longest}``; ``columns`` ``{road}`` ``{count}``; ``newest_columns`` ``{shown}``
    ``{count}``.
    """

    banker: str = "B"
    player: str = "P"
    tie: str = "T"
    red: str = "R"
    blue: str = "C"
    banker_name: str = "Banker"
    player_name: str = "Player"
    banker_wins: str = "Banker wins"
    player_wins: str = "Player wins"
    tie_result: str = "Tie"
    red_name: str = "red"
    blue_name: str = "blue"
    roads: str = "Roads"
    bead_plate: str = "Bead Plate"
    big_road: str = "Big Road"
    big_eye_boy: str = "Big Eye Boy"
    small_road: str = "Small Road"
    cockroach_pig: str = "Cockroach Pig"
    ask: str = "Ask"
    statistics: str = "Statistics"
    banker_pair: str = "Banker pair"
    player_pair: str = "Player pair"
    natural: str = "natural"
    no_mark: str = "no mark"
    empty: str = "(nothing yet)"
    coup: str = "Coup {number}"
    totals: str = "Player {player}, Banker {banker}"
    ties: str = "ties: {count}"
    leading_ties: str = "ties before the first result: {count}"
    cell: str = "column {column}, row {row}"
    ask_title: str = "If the next coup is {side}"
    ask_mark: str = "{road} {mark}"
    coups_count: str = "Coups {count}"
    runs: str = "Run: current {current}, longest {longest}"
    columns: str = "{road} columns {count}"
    newest_columns: str = "the newest {shown} of {count} columns"
    ties_legend: str = "/n: n ties"
    derived_roads: str = "Derived roads"
    predicts_nothing: str = "The roads record past coups; they predict nothing."

    def __post_init__(self) -> None:
        check_strings(
            self,
            lambda text: bool(text.strip()) and text.isprintable(),
            "label {name} must be printable, non-blank text, got {value!r}",
        )

    def letter(self, outcome: Winner) -> str:
        """The cell marking of an outcome (the Bead Plate letter)."""
        return {Winner.BANKER: self.banker, Winner.PLAYER: self.player, Winner.TIE: self.tie}[
            outcome
        ]

    def side_letter(self, side: Side) -> str:
        return self.banker if side is Side.BANKER else self.player

    def side_name(self, side: Side) -> str:
        return self.banker_name if side is Side.BANKER else self.player_name

    def side_wins(self, side: Side) -> str:
        """``Banker wins`` or ``Player wins``."""
        return self.banker_wins if side is Side.BANKER else self.player_wins

    def result_name(self, outcome: Winner) -> str:
        """``Banker wins``, ``Player wins`` or ``Tie``."""
        return {
            Winner.BANKER: self.banker_wins,
            Winner.PLAYER: self.player_wins,
            Winner.TIE: self.tie_result,
        }[outcome]

    def colour_letter(self, colour: Colour) -> str:
        return self.red if colour is Colour.RED else self.blue

    def colour_name(self, colour: Colour | None) -> str:
        if colour is None:
            return self.no_mark
        return self.red_name if colour is Colour.RED else self.blue_name

    def road_name(self, road: DerivedRoad) -> str:
        return {
            DerivedRoad.BIG_EYE_BOY: self.big_eye_boy,
            DerivedRoad.SMALL_ROAD: self.small_road,
            DerivedRoad.COCKROACH_PIG: self.cockroach_pig,
        }[road]


ENGLISH = RoadLabels()
"""The default labels: English, with ``B``, ``P`` and ``T`` on the cells."""


MESSAGES = MessageTable(
    {field.name: getattr(ENGLISH, field.name) for field in fields(RoadLabels)},
    context="roads.{key}",
)
"""The English labels to translate, each under the context of its field, so ``B`` (Banker) and
``B`` (blue) are apart."""


@cache
def labels_in(language: Translates) -> RoadLabels:
    """The road labels in ``language`` (anything that translates a :class:`MessageTable`).

    >>> class English:
    ...     def translated(self, table: MessageTable) -> Mapping[str, str]:
    ...         return table.messages
    >>> labels_in(English()) == ENGLISH
    True
    """
    return RoadLabels(**language.translated(MESSAGES))
