"""What a pay table reads: the facts of a coup, conditions on them, and their words.

A bet reads one of three :class:`Domain`\\ s: the 400 summary classes (final totals and cards per
side, from which the winner, the natural and the margin follow), the 9 pair classes (each side's
first two cards), or the cards themselves (two-card totals, third cards, and each card's rank,
suit, colour and value by position, :class:`CardField`). A :class:`Condition` holds when a field
takes one of its values; relations across cards and the combinators all/any/not are in
:mod:`baccarat.core.predicates`, and :mod:`baccarat.core.bets` builds pay rules from them.

>>> Condition.of("winner", "banker").text(), Condition.of("cards", [6, 5]).text()
('winner = banker', 'cards in [5, 6]')
>>> Domain.PAIRS.size, Domain.SUMMARY.facts[Summary(3, 6, 3, 2).index][Field.MARGIN]
(9, 3)
>>> Condition.of("p1_suit", ["h", "d"]).text(), Condition.of("player_third_card", "none").text()
('p1_suit in [d, h]', 'player_third_card = none')
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import ClassVar

from baccarat.core.cards import Colour, Rank, Suit
from baccarat.core.errors import TemplatedError
from baccarat.core.positions import AttributeValue, CardAttribute, Group, Position
from baccarat.core.summary import (
    PAIR_CLASSES,
    SUMMARY_CLASSES,
    PairKind,
    PairSummary,
    Summary,
    Winner,
)

__all__ = [
    "PAYS_ENGLISH",
    "AnyField",
    "BetError",
    "CardField",
    "Condition",
    "ConditionValue",
    "Domain",
    "Field",
    "GroupField",
    "field_named",
]


class BetError(TemplatedError):
    """A bet that is unknown, not offered, or whose pay table is malformed.

    Every mistake in a pay table, from one condition up to a whole bet, is one of these.
    """

    templates: ClassVar[Mapping[str, str]] = {
        "bad_bet_name": (
            "bad bet name {bet!r}: use lower-case letters, digits and '_', starting with a letter"
        ),
        "bad_combination_list": "{key} takes a non-empty list of tables of conditions, got {value!r}",
        "bad_combination_table": "{key} takes a table of conditions, got {value!r}",
        "bad_condition_value": "{field} cannot be {value}: expected one of {choices}",
        "bad_pay_rule": (
            "bet {bet!r}, rule {number}: expected a table with 'when' and 'pays', got {rule!r}"
        ),
        # A relation (same_rank, same_suit, ...) over fewer than two positions, or a bad group.
        "bad_relation": (
            "{relation} relates positions (a list of two or more of P1, B1, P2, B2, P3, B3, "
            "each once) or a group (all, player, banker), got {value!r}"
        ),
        "bad_when": "bet {bet!r}, rule {number}: 'when' must be a table of conditions, got {when!r}",
        # A bet of another table, asked of this one.
        "bet_not_offered": "bet {bet!r} is not offered by rule set {rule_set!r} (it offers {offers})",
        "bet_title": "bet {bet!r}: title must be a string, got {title!r}",
        "bet_unknown_keys": "bet {bet!r}: unknown key(s) {keys}: expected title, domain, rules",
        "egalite_total": "an Egalité bet is on a tie total 0-9, got {total!r}",
        "float_pays": (
            'pays {pays!r} is a float: write it as a string ("0.95", "19/20" or "1:2") so '
            "it stays exact"
        ),
        "in_bet": "bet {bet!r}: {detail}",
        "in_pay_rule": "bet {bet!r}, rule {number}: {detail}",
        "loses_more_than_stake": "a bet cannot lose more than its stake: pays {pays} is below -1",
        "no_condition_values": "condition on {field} has no values",
        "no_pay_rules": "bet {bet!r}: needs a non-empty list of rules",
        "pays_type": "pays must be a string or an integer, got {pays!r}",
        "repeated_condition_value": "condition on {field} repeats a value",
        "repeated_field": "a pay rule tests {fields}: a field repeats",
        # A bet no rule set knows, asked of a table (``offers``: the bets the table has).
        "unknown_bet": "unknown bet {bet!r}: rule set {rule_set!r} offers {offers}",
        "unknown_condition": "unknown condition {field!r}: expected one of {fields}",
        "unknown_domain": "bet {bet!r}: unknown domain {domain!r}: expected summary, pairs or cards",
        "unknown_standard_bet": "unknown bet {bet!r}: expected one of {bets}",
        "unreadable_pays": (
            'cannot read pays {pays!r}: expected a number such as "8", "0.95", "19/20", '
            '"1:2", or "push" or "lose"'
        ),
        "wrong_domain": (
            "bet {bet!r} reads the {domain} classes but a rule tests {field} (a "
            "{field_domain} fact)"
        ),
    }


class Domain(enum.Enum):
    """What a bet's pay table reads: the coup summary, the first two cards of each side, or the
    cards themselves."""

    SUMMARY = "summary"
    """The 400 :class:`~baccarat.core.summary.Summary` classes."""
    PAIRS = "pairs"
    """The 9 :class:`~baccarat.core.summary.PairSummary` classes."""
    CARDS = "cards"
    """Every card of the coup: a bet's classes are those its own conditions tell apart
    (:class:`~baccarat.core.cardspace.CardSignature`)."""

    @property
    def size(self) -> int:
        """The number of classes (400 or 9); a card-level bet has its own (its signature's)."""
        if self is Domain.CARDS:
            raise ValueError("the classes of a card-level bet are its signature's")
        return len(SUMMARY_CLASSES) if self is Domain.SUMMARY else len(PAIR_CLASSES)

    @property
    def facts(self) -> tuple[Mapping[AnyField, ConditionValue], ...]:
        """The value of every field of this domain, for each class in class-index order."""
        return _FACTS[self]

    def includes(self, other: Domain) -> bool:
        """Whether a bet reading this domain may test a fact of ``other`` (cards reads all)."""
        return self is other or self is Domain.CARDS


ConditionValue = Winner | PairKind | bool | int | Rank | Suit | Colour | None
"""A value a condition can test: a winner, a pair kind, a yes/no fact, a number, a card's rank,
suit or colour, or None (no third card)."""


class Field(enum.Enum):
    """A fact about a coup that a pay rule can test, with the domain it belongs to."""

    WINNER = "winner"
    """``player``, ``banker`` or ``tie``."""
    PLAYER_TOTAL = "player_total"
    """The Player's final total, 0-9."""
    BANKER_TOTAL = "banker_total"
    """The Banker's final total, 0-9."""
    PLAYER_CARDS = "player_cards"
    """Cards in the Player's hand, 2 or 3."""
    BANKER_CARDS = "banker_cards"
    """Cards in the Banker's hand, 2 or 3."""
    CARDS = "cards"
    """Cards dealt in the coup, 4-6."""
    NATURAL = "natural"
    """Whether the coup ended on a natural (true or false)."""
    MARGIN = "margin"
    """The difference between the two final totals, 0-9 (0 on a tie)."""
    PLAYER_PAIR = "player_pair"
    """The Player's first two cards: ``none``, ``pair`` (same rank) or ``suited`` (same rank and suit)."""
    BANKER_PAIR = "banker_pair"
    """The Banker's first two cards: ``none``, ``pair`` or ``suited``."""
    PLAYER_TWO_CARD_TOTAL = "player_two_card_total"
    """The total of the Player's first two cards, 0-9."""
    BANKER_TWO_CARD_TOTAL = "banker_two_card_total"
    """The total of the Banker's first two cards, 0-9."""
    PLAYER_THIRD_CARD = "player_third_card"
    """The value of the Player's third card, 0-9, or ``none`` when the Player stood."""
    BANKER_THIRD_CARD = "banker_third_card"
    """The value of the Banker's third card, 0-9, or ``none`` when the Banker stood."""

    @property
    def domain(self) -> Domain:
        if self in (Field.PLAYER_PAIR, Field.BANKER_PAIR):
            return Domain.PAIRS
        return Domain.CARDS if self in _CARD_LEVEL else Domain.SUMMARY

    @property
    def choices(self) -> tuple[ConditionValue, ...]:
        """Every value this field can take, in order."""
        return _CHOICES[self]

    def parse(self, raw: object) -> ConditionValue:
        """Read one value as written in TOML or JSON (``"banker"``, ``6``, ``true``, ``"suited"``).

        >>> Field.WINNER.parse("Banker"), Field.CARDS.parse(5), Field.PLAYER_PAIR.parse("suited")
        (<Winner.BANKER: 'banker'>, 5, <PairKind.SUITED: 2>)
        >>> Field.BANKER_TOTAL.parse(10)
        Traceback (most recent call last):
        ...
        baccarat.core.conditions.BetError: banker_total cannot be 10: expected one of 0, 1, 2, 3, ..., 9
        """
        choices = self.choices
        value: ConditionValue | None = None
        if self in (Field.PLAYER_THIRD_CARD, Field.BANKER_THIRD_CARD) and _is_none(raw):
            return None
        if self is Field.NATURAL:
            value = raw if isinstance(raw, bool) else None
        elif self is Field.WINNER:
            value = next(
                (w for w in Winner if isinstance(raw, str) and w.value == raw.lower()), None
            )
        elif self.domain is Domain.PAIRS:
            value = next(
                (k for k in PairKind if isinstance(raw, str) and k.name.lower() == raw.lower()),
                None,
            )
        elif isinstance(raw, int) and not isinstance(raw, bool) and raw in choices:
            value = raw
        if value is None:
            raise BetError(
                "bad_condition_value",
                field=self.value,
                value=_show(raw),
                choices=", ".join(_value_text(c) for c in choices),
            )
        return value


def _is_none(raw: object) -> bool:
    return isinstance(raw, str) and raw.strip().lower() == "none"


class CardField:
    """A fact about one card of the coup: an attribute (rank, suit, colour, value) at a position.

    Written ``p1_rank``, ``b2_suit``, ``p3_colour``, ``b3_value``; a third card's field is
    ``none`` when that card is not dealt.

    >>> field = CardField.named("p3_rank")
    >>> field.value, field.parse("K"), field.parse("none"), field.domain
    ('p3_rank', <Rank.KING: 13>, None, <Domain.CARDS: 'cards'>)
    >>> CardField.named("p5_rank") is None
    True
    """

    __slots__ = ("attribute", "position")

    def __init__(self, position: Position, attribute: CardAttribute) -> None:
        self.position = position
        self.attribute = attribute

    @classmethod
    def named(cls, name: str) -> CardField | None:
        """The card field called ``name`` (``p1_rank`` ...), or None."""
        return _CARD_FIELDS.get(name)

    @property
    def value(self) -> str:
        """The name, as written in TOML."""
        return f"{self.position.value.lower()}_{self.attribute.value}"

    @property
    def domain(self) -> Domain:
        return Domain.CARDS

    @property
    def choices(self) -> tuple[ConditionValue, ...]:
        extra: tuple[None, ...] = (None,) if self.position.third else ()
        return (*self.attribute.choices, *extra)

    def parse(self, raw: object) -> ConditionValue:
        """Read one value as written in TOML (``"K"``, ``"h"``, ``"red"``, ``7``, ``"none"``)."""
        if self.position.third and _is_none(raw):
            return None
        value: AttributeValue | None = self.attribute.parse(raw)
        if value is None:
            raise BetError(
                "bad_condition_value",
                field=self.value,
                value=_show(raw),
                choices=", ".join(_value_text(c) for c in self.choices),
            )
        return value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardField) and (self.position, self.attribute) == (
            other.position,
            other.attribute,
        )

    def __hash__(self) -> int:
        return hash((self.position, self.attribute))

    def __repr__(self) -> str:
        return f"CardField.named({self.value!r})"


_CARD_FIELDS = {f.value: f for f in (CardField(p, a) for p in Position for a in CardAttribute)}


class GroupField:
    """Every card dealt to a group has one of the condition's values of an attribute.

    Written ``all_colour``, ``player_suit``, ``banker_rank`` (``all``: every card of the coup):
    ``all_colour = "red"`` holds when every card dealt is red.

    >>> field = GroupField.named("banker_rank")
    >>> field.value, field.parse("q"), field.domain
    ('banker_rank', <Rank.QUEEN: 12>, <Domain.CARDS: 'cards'>)
    """

    __slots__ = ("attribute", "group")

    def __init__(self, group: Group, attribute: CardAttribute) -> None:
        self.group = group
        self.attribute = attribute

    @classmethod
    def named(cls, name: str) -> GroupField | None:
        """The group field called ``name`` (``all_colour`` ...), or None."""
        return _GROUP_FIELDS.get(name)

    @property
    def value(self) -> str:
        return f"{self.group.value}_{self.attribute.value}"

    @property
    def domain(self) -> Domain:
        return Domain.CARDS

    @property
    def choices(self) -> tuple[ConditionValue, ...]:
        return self.attribute.choices

    def parse(self, raw: object) -> ConditionValue:
        value: AttributeValue | None = self.attribute.parse(raw)
        if value is None:
            raise BetError(
                "bad_condition_value",
                field=self.value,
                value=_show(raw),
                choices=", ".join(_value_text(c) for c in self.choices),
            )
        return value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GroupField) and (self.group, self.attribute) == (
            other.group,
            other.attribute,
        )

    def __hash__(self) -> int:
        return hash((self.group, self.attribute))

    def __repr__(self) -> str:
        return f"GroupField.named({self.value!r})"


# A group's value would read as its total: groups have rank, suit and colour only.
_GROUP_FIELDS = {
    f.value: f
    for f in (
        GroupField(g, a) for g in Group for a in CardAttribute if a is not CardAttribute.VALUE
    )
}

AnyField = Field | CardField | GroupField
"""A field a condition can test: a named fact of the coup, one card's attribute, or a group's."""


def field_named(name: str) -> AnyField | None:
    """The field called ``name``, or None."""
    try:
        return Field(name)
    except ValueError:
        return CardField.named(name) or GroupField.named(name)


def field_names_text() -> str:
    """Every field name for a message, the card and group fields shortened."""
    return (
        ", ".join(f.value for f in Field)
        + ", p1_rank .. b3_value (rank, suit, colour, value by position)"
        + ", all_/player_/banker_ rank, suit, colour"
    )


def _show(raw: object) -> str:
    return (
        repr(raw)
        if isinstance(raw, str)
        else str(raw).lower()
        if isinstance(raw, bool)
        else str(raw)
    )


def _value_text(value: ConditionValue) -> str:
    """A value as it is written in TOML and shown to people."""
    if value is None:
        return "none"
    if isinstance(value, Winner | Colour | Suit):
        return str(value.value)
    if isinstance(value, Rank):
        return value.symbol
    if isinstance(value, PairKind):
        return value.name.lower()
    if isinstance(value, bool):
        return str(value).lower()
    return str(value)


_CHOICES: dict[Field, tuple[ConditionValue, ...]] = {
    Field.WINNER: tuple(Winner),
    Field.PLAYER_TOTAL: tuple(range(10)),
    Field.BANKER_TOTAL: tuple(range(10)),
    Field.PLAYER_CARDS: (2, 3),
    Field.BANKER_CARDS: (2, 3),
    Field.CARDS: (4, 5, 6),
    Field.NATURAL: (False, True),
    Field.MARGIN: tuple(range(10)),
    Field.PLAYER_PAIR: tuple(PairKind),
    Field.BANKER_PAIR: tuple(PairKind),
    Field.PLAYER_TWO_CARD_TOTAL: tuple(range(10)),
    Field.BANKER_TWO_CARD_TOTAL: tuple(range(10)),
    Field.PLAYER_THIRD_CARD: (*range(10), None),
    Field.BANKER_THIRD_CARD: (*range(10), None),
}
_CARD_LEVEL = frozenset(
    {
        Field.PLAYER_TWO_CARD_TOTAL,
        Field.BANKER_TWO_CARD_TOTAL,
        Field.PLAYER_THIRD_CARD,
        Field.BANKER_THIRD_CARD,
    }
)

_SUMMARY_FACTS: dict[Field, Callable[[Summary], ConditionValue]] = {
    Field.WINNER: lambda s: s.winner,
    Field.PLAYER_TOTAL: lambda s: s.player_total,
    Field.BANKER_TOTAL: lambda s: s.banker_total,
    Field.PLAYER_CARDS: lambda s: s.player_cards,
    Field.BANKER_CARDS: lambda s: s.banker_cards,
    Field.CARDS: lambda s: s.cards,
    Field.NATURAL: lambda s: s.natural,
    Field.MARGIN: lambda s: abs(s.player_total - s.banker_total),
}

_PAIR_FACTS: dict[Field, Callable[[PairSummary], ConditionValue]] = {
    Field.PLAYER_PAIR: lambda p: p.player,
    Field.BANKER_PAIR: lambda p: p.banker,
}

# The facts of every class, worked out once: a pay table is matched against these tables only.
_FACTS: dict[Domain, tuple[Mapping[AnyField, ConditionValue], ...]] = {
    Domain.SUMMARY: tuple(
        {f: get(s) for f, get in _SUMMARY_FACTS.items()} for s in SUMMARY_CLASSES
    ),
    Domain.PAIRS: tuple({f: get(p) for f, get in _PAIR_FACTS.items()} for p in PAIR_CLASSES),
}


PAYS_ENGLISH: Mapping[str, str] = MappingProxyType(
    {
        "rule": "{when} → {pays}",
        "is": "{field} = {value}",
        "in": "{field} in [{values}]",
        "always": "always",
        "otherwise": "otherwise",
        "natural": "natural",
        "not_natural": "not natural",
        "push": "push",
        "lose": "lose",
        "any": "any of ({items})",
        "all": "all of ({items})",
        "not": "not ({item})",
        "or": "; ",
        "same": "same {attribute}: {cards}",
        "card_field": "{position}_{attribute}",
        "group_field": "{group}_{attribute}",
        **{f"group_field.{g.value}": g.value for g in Group},
        **{f"field.{f.value}": f.value for f in Field},
        **{f"position.{p.value}": p.value.lower() for p in Position},
        **{f"attribute.{a.value}": a.value for a in CardAttribute},
        "group.all": "all cards",
        "group.player": "the Player's cards",
        "group.banker": "the Banker's cards",
        **{f"value.{w.value}": w.value for w in Winner},
        **{f"value.{k.name.lower()}": k.name.lower() for k in PairKind},
        **{f"value.{c.value}": c.value for c in Colour},
        "value.none": "none",
        "value.true": "true",
        "value.false": "false",
    }
)
"""The words of a pay table in English, keyed by code: what
:meth:`~baccarat.core.bets.Bet.describe` and :func:`~baccarat.core.bets.format_pays` write. Another
language passes the same keys with its own words (the English names of fields and values are the
TOML keys, so a table reads as it is written in English)."""


def _shown_value(value: ConditionValue, templates: Mapping[str, str]) -> str:
    """A condition's value for people: a word of ``templates``, or the number or card symbol."""
    if value is None or isinstance(value, bool | Winner | PairKind | Colour):
        return templates[f"value.{_value_text(value)}"]
    return _value_text(value)


def field_text(field: AnyField, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
    """A field's name in the words of ``templates`` (its TOML name in English)."""
    if isinstance(field, GroupField):
        return templates["group_field"].format(
            group=templates[f"group_field.{field.group.value}"],
            attribute=templates[f"attribute.{field.attribute.value}"],
        )
    if isinstance(field, CardField):
        return templates["card_field"].format(
            position=templates[f"position.{field.position.value}"],
            attribute=templates[f"attribute.{field.attribute.value}"],
        )
    return templates[f"field.{field.value}"]


@dataclass(frozen=True, slots=True)
class Condition:
    """A field and the values for which the condition holds (any one of them).

    >>> Condition(Field.CARDS, (5, 6)).text()
    'cards in [5, 6]'
    """

    field: AnyField
    values: tuple[ConditionValue, ...]

    def __post_init__(self) -> None:
        if not self.values:
            raise BetError("no_condition_values", field=self.field.value)
        for value in self.values:
            # Compare by type as well as value: True == 1, but natural = 1 is a mistake.
            if not any(type(value) is type(c) and value == c for c in self.field.choices):
                raise BetError(
                    "bad_condition_value",
                    field=self.field.value,
                    value=_show(value),
                    choices=", ".join(_value_text(c) for c in self.field.choices),
                )
        # One canonical order, so equal conditions compare and print the same.
        ordered = tuple(c for c in self.field.choices if c in self.values)
        if len(ordered) != len(self.values):
            raise BetError("repeated_condition_value", field=self.field.value)
        object.__setattr__(self, "values", ordered)

    @classmethod
    def of(cls, field_name: str, raw: object) -> Condition:
        """Read a condition as written in TOML: one value or a list of values.

        >>> Condition.of("winner", "banker"), Condition.of("cards", [6, 5]).values
        (Condition(field=<Field.WINNER: 'winner'>, values=(<Winner.BANKER: 'banker'>,)), (5, 6))
        """
        f = field_named(field_name)
        if f is None:
            raise BetError("unknown_condition", field=field_name, fields=field_names_text())
        raws = raw if isinstance(raw, list | tuple) else [raw]
        return cls(f, tuple(f.parse(r) for r in raws))

    @property
    def key(self) -> str:
        """The key of the condition in a ``when`` table."""
        return self.field.value

    @property
    def domain(self) -> Domain:
        return self.field.domain

    def holds(self, facts: Mapping[AnyField, ConditionValue]) -> bool:
        field = self.field
        if isinstance(field, GroupField):
            # Read through the cards of the group; a third card not dealt does not count.
            return all(
                facts[CardField(p, field.attribute)] in (None, *self.values)
                for p in field.group.positions
            )
        return facts[field] in self.values

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        """``winner = banker``, ``cards in [5, 6]``, or just ``natural`` / ``not natural``."""
        if self.field is Field.NATURAL and len(self.values) == 1:
            return templates["natural" if self.values[0] else "not_natural"]
        name = field_text(self.field, templates)
        if len(self.values) == 1:
            return templates["is"].format(field=name, value=_shown_value(self.values[0], templates))
        values = ", ".join(_shown_value(v, templates) for v in self.values)
        return templates["in"].format(field=name, values=values)

    def to_data(self) -> object:
        """The value(s) as written in TOML."""
        data = [_data_value(v) for v in self.values]
        return data[0] if len(data) == 1 else data


def _data_value(value: ConditionValue) -> str | bool | int:
    if value is None or isinstance(value, Winner | PairKind | Rank | Suit | Colour):
        return _value_text(value)
    return value
