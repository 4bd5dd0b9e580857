"""Tests a pay rule makes beyond one field: relations across cards, and all of / any of / not.

A ``when`` table is a conjunction: every entry must hold. An entry is a
:class:`~baccarat.core.conditions.Condition` (a field and its values), a :class:`Relation`
(``same_rank``, ``same_suit``, ``same_colour`` or ``same_value`` over named positions or a group
of cards), or a combinator over further ``when`` tables: ``all = [...]`` (each holds, so a field
may be tested twice), ``any = [...]`` (at least one holds) and ``not = {...}`` (it does not hold).

>>> tests = parse_when({"same_rank": ["P1", "P2", "B1", "B2"]})
>>> tests[0].text(), tests[0].to_data()
('same rank: P1, P2, B1, B2', ['P1', 'P2', 'B1', 'B2'])
>>> either = parse_when({"any": [{"player_pair": "pair"}, {"banker_pair": "pair"}]})[0]
>>> either.text(), either.domain
('any of (player_pair = pair; banker_pair = pair)', <Domain.PAIRS: 'pairs'>)
>>> parse_when({"not": {"same_colour": "all"}})[0].text()
'not (same colour: all cards)'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from baccarat.core.conditions import (
    PAYS_ENGLISH,
    AnyField,
    BetError,
    CardField,
    Condition,
    ConditionValue,
    Domain,
)
from baccarat.core.positions import CardAttribute, Group, Position

__all__ = [
    "RELATION_KEYS",
    "AllOf",
    "AnyOf",
    "NotOf",
    "Relation",
    "Test",
    "domain_of",
    "parse_when",
]


_BY_SIDE = (Position.P1, Position.P2, Position.P3, Position.B1, Position.B2, Position.B3)

RELATION_KEYS: Mapping[str, CardAttribute] = {
    f"same_{attribute.value}": attribute for attribute in CardAttribute
}
"""The relations a ``when`` table may name, and the attribute each compares."""


@dataclass(frozen=True, slots=True)
class Relation:
    """The cards at some positions (all dealt) or of a group (those dealt) share an attribute.

    >>> Relation(CardAttribute.SUIT, group=Group.PLAYER).text()
    "same suit: the Player's cards"
    """

    attribute: CardAttribute
    positions: tuple[Position, ...] = ()
    group: Group | None = None

    def __post_init__(self) -> None:
        named = list(self.positions)
        if (self.group is None) == (not named) or len(set(named)) != len(named) or len(named) == 1:
            raise BetError("bad_relation", relation=self.key, value=self.to_data())
        # One canonical order (the Player's cards, then the Banker's), so equal relations compare
        # and print the same.
        object.__setattr__(self, "positions", tuple(p for p in _BY_SIDE if p in named))

    @property
    def key(self) -> str:
        return f"same_{self.attribute.value}"

    @property
    def domain(self) -> Domain:
        return Domain.CARDS

    @property
    def members(self) -> tuple[Position, ...]:
        """The positions compared (a group's, when a group is named)."""
        return self.group.positions if self.group is not None else self.positions

    def holds(self, facts: Mapping[AnyField, ConditionValue]) -> bool:
        """Over named positions every card must be dealt; over a group, the cards dealt count."""
        seen = [facts[CardField(p, self.attribute)] for p in self.members]
        if self.group is None and None in seen:
            return False
        dealt = [v for v in seen if v is not None]
        return all(v == dealt[0] for v in dealt)

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        cards = (
            templates[f"group.{self.group.value}"]
            if self.group is not None
            else ", ".join(p.value for p in self.positions)
        )
        attribute = templates[f"attribute.{self.attribute.value}"]
        return templates["same"].format(attribute=attribute, cards=cards)

    def to_data(self) -> object:
        return self.group.value if self.group is not None else [p.value for p in self.positions]


@dataclass(frozen=True, slots=True)
class AllOf:
    """Every one of several ``when`` tables holds."""

    items: tuple[tuple[Test, ...], ...]

    @property
    def key(self) -> str:
        return "all"

    @property
    def domain(self) -> Domain:
        return domain_of(t for item in self.items for t in item)

    def holds(self, facts: Mapping[AnyField, ConditionValue]) -> bool:
        return all(all(t.holds(facts) for t in item) for item in self.items)

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        return templates["all"].format(items=_items_text(self.items, templates))

    def to_data(self) -> object:
        return [_table_data(item) for item in self.items]


@dataclass(frozen=True, slots=True)
class AnyOf:
    """At least one of several ``when`` tables holds."""

    items: tuple[tuple[Test, ...], ...]

    @property
    def key(self) -> str:
        return "any"

    @property
    def domain(self) -> Domain:
        return domain_of(t for item in self.items for t in item)

    def holds(self, facts: Mapping[AnyField, ConditionValue]) -> bool:
        return any(all(t.holds(facts) for t in item) for item in self.items)

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        return templates["any"].format(items=_items_text(self.items, templates))

    def to_data(self) -> object:
        return [_table_data(item) for item in self.items]


@dataclass(frozen=True, slots=True)
class NotOf:
    """A ``when`` table that does not hold."""

    item: tuple[Test, ...]

    @property
    def key(self) -> str:
        return "not"

    @property
    def domain(self) -> Domain:
        return domain_of(self.item)

    def holds(self, facts: Mapping[AnyField, ConditionValue]) -> bool:
        return not all(t.holds(facts) for t in self.item)

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        return templates["not"].format(item=_conjunction_text(self.item, templates))

    def to_data(self) -> object:
        return _table_data(self.item)


Test = Condition | Relation | AllOf | AnyOf | NotOf
"""One entry of a ``when`` table."""


def domain_of(tests: Iterable[Test]) -> Domain:
    """The least domain in which all of ``tests`` can be read (summary when there are none)."""
    domains = {t.domain for t in tests}
    if domains <= {Domain.SUMMARY}:
        return Domain.SUMMARY
    if domains == {Domain.PAIRS}:
        return Domain.PAIRS
    return Domain.CARDS


def _conjunction_text(tests: tuple[Test, ...], templates: Mapping[str, str]) -> str:
    return ", ".join(t.text(templates) for t in tests) or templates["always"]


def _items_text(items: tuple[tuple[Test, ...], ...], templates: Mapping[str, str]) -> str:
    return templates["or"].join(_conjunction_text(item, templates) for item in items)


def _table_data(tests: tuple[Test, ...]) -> dict[str, object]:
    return {t.key: t.to_data() for t in tests}


def parse_when(when: Mapping[str, object]) -> tuple[Test, ...]:
    """Read a ``when`` table as written in TOML (every mistake is a BetError).

    >>> parse_when({"winner": "banker", "banker_two_card_total": 3})[1].text()
    'banker_two_card_total = 3'
    >>> parse_when({"same_suit": ["P1"]})
    Traceback (most recent call last):
    ...
    baccarat.core.conditions.BetError: same_suit relates positions (...), got ['P1']
    """
    tests: list[Test] = []
    for raw_key, value in when.items():
        key = str(raw_key)
        if key in RELATION_KEYS:
            tests.append(_relation(key, RELATION_KEYS[key], value))
        elif key in ("all", "any"):
            if not isinstance(value, list) or not value:
                raise BetError("bad_combination_list", key=key, value=value)
            items = tuple(_table(key, item) for item in value)
            tests.append(AllOf(items) if key == "all" else AnyOf(items))
        elif key == "not":
            tests.append(NotOf(_table(key, value)))
        else:
            tests.append(Condition.of(key, value))
    return tuple(tests)


def _table(key: str, value: object) -> tuple[Test, ...]:
    if not isinstance(value, Mapping) or not value:
        raise BetError("bad_combination_table", key=key, value=value)
    return parse_when(value)


def _relation(key: str, attribute: CardAttribute, value: object) -> Relation:
    if isinstance(value, str):
        group = next((g for g in Group if g.value == value.strip().lower()), None)
        if group is not None:
            return Relation(attribute, group=group)
    if isinstance(value, list):
        positions = [Position.parse(v) for v in value]
        if all(p is not None for p in positions):
            return Relation(attribute, tuple(p for p in positions if p is not None))
    raise BetError("bad_relation", relation=key, value=value)
