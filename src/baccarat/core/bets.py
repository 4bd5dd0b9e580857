"""Bets as data: a pay table over the coup summary (400 classes) or over the pair classes (9).

Every bet the package knows — the main bets, the side bets, and any bet a user writes in TOML — is
one :class:`Bet`: an ordered list of :class:`PayRule`\\ s, each a set of conditions on the coup and
what it pays. The first rule whose conditions all hold decides the bet; when none does, the bet
loses. A pay is the exact net result per unit staked: ``8`` for a Tie at 8:1, ``19/20`` for a Banker
win less 5 % commission, ``0`` for a push, ``-1`` for a loss.

Because a bet reads only the summary class (final totals and cards per side, from which the winner,
the natural and the margin follow) or the pair class (each side's first two cards), the exact
analyzer, the simulator and settlement all price and settle it through :meth:`Bet.outcome_vector`.

>>> BANKER.net(Summary(3, 6, 3, 2).index), BANKER.result(Summary(6, 6, 2, 2).index)
(Fraction(19, 20), <BetResult.PUSH: 'push'>)
>>> BANKER_NO_COMMISSION.net(Summary(3, 6, 3, 2).index)
Fraction(1, 2)
>>> for line in DRAGON_BONUS_PLAYER.describe()[:3]:
...     print(line)
winner = player, natural → 1:1
winner = tie, natural → push
winner = player, not natural, margin = 9 → 30:1
"""

from __future__ import annotations

import enum
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from types import MappingProxyType
from typing import TYPE_CHECKING

from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.summary import (
    PAIR_CLASSES,
    SUMMARY_CLASSES,
    PairKind,
    PairSummary,
    Summary,
    Winner,
)

if TYPE_CHECKING:
    from baccarat.core.coup import Coup

__all__ = [
    "BANKER",
    "BANKER_EZ",
    "BANKER_NO_COMMISSION",
    "BANKER_PAIR",
    "BIG",
    "BIG_TIGER",
    "DRAGON_7",
    "DRAGON_BONUS_BANKER",
    "DRAGON_BONUS_PLAYER",
    "EGALITE_BETS",
    "EGALITE_PAYS",
    "EITHER_PAIR",
    "LOSE",
    "PANDA_8",
    "PAYS_ENGLISH",
    "PERFECT_PAIR",
    "PERFECT_PAIR_TWO_LEVEL",
    "PLAYER",
    "PLAYER_PAIR",
    "PUSH",
    "SMALL",
    "SMALL_TIGER",
    "STANDARD_BETS",
    "SUPER_6",
    "TIE",
    "TIE_9",
    "Bet",
    "BetError",
    "BetResult",
    "Condition",
    "ConditionValue",
    "Domain",
    "Field",
    "PayRule",
    "bet_names_text",
    "egalite_bet",
    "egalite_bets",
    "format_pays",
    "is_known_bet",
    "parse_pays",
    "pays_text",
    "standard_bet",
]


class BetError(BaccaratError):
    """A bet that is unknown, not offered, or whose pay table is malformed."""


# Each mistake a pay table can make, as a template a reader sees in their language.
class BadConditionValueError(BetError, TemplatedError):
    code = "bad_condition_value"
    template = "{field} cannot be {value}: expected one of {choices}"


class NoConditionValuesError(BetError, TemplatedError):
    code = "no_condition_values"
    template = "condition on {field} has no values"


class RepeatedConditionValueError(BetError, TemplatedError):
    code = "repeated_condition_value"
    template = "condition on {field} repeats a value"


class UnknownConditionError(BetError, TemplatedError):
    code = "unknown_condition"
    template = "unknown condition {field!r}: expected one of {fields}"


class LosesMoreThanStakeError(BetError, TemplatedError):
    code = "loses_more_than_stake"
    template = "a bet cannot lose more than its stake: pays {pays} is below -1"


class RepeatedFieldError(BetError, TemplatedError):
    code = "repeated_field"
    template = "a pay rule tests {fields}: a field repeats"


class BadBetNameError(BetError, TemplatedError):
    code = "bad_bet_name"
    template = (
        "bad bet name {bet!r}: use lower-case letters, digits and '_', starting with a letter"
    )


class WrongDomainError(BetError, TemplatedError):
    code = "wrong_domain"
    template = (
        "bet {bet!r} reads the {domain} classes but a rule tests {field} (a {field_domain} fact)"
    )


class BetUnknownKeysError(BetError, TemplatedError):
    code = "bet_unknown_keys"
    template = "bet {bet!r}: unknown key(s) {keys}: expected title, domain, rules"


class BetTitleError(BetError, TemplatedError):
    code = "bet_title"
    template = "bet {bet!r}: title must be a string, got {title!r}"


class UnknownDomainError(BetError, TemplatedError):
    code = "unknown_domain"
    template = "bet {bet!r}: unknown domain {domain!r}: expected summary or pairs"


class NoPayRulesError(BetError, TemplatedError):
    code = "no_pay_rules"
    template = "bet {bet!r}: needs a non-empty list of rules"


class BadPayRuleError(BetError, TemplatedError):
    code = "bad_pay_rule"
    template = "bet {bet!r}, rule {number}: expected a table with 'when' and 'pays', got {rule!r}"


class BadWhenError(BetError, TemplatedError):
    code = "bad_when"
    template = "bet {bet!r}, rule {number}: 'when' must be a table of conditions, got {when!r}"


class InPayRuleError(BetError, TemplatedError):
    code = "in_pay_rule"
    template = "bet {bet!r}, rule {number}: {detail}"


class InBetError(BetError, TemplatedError):
    code = "in_bet"
    template = "bet {bet!r}: {detail}"


class FloatPaysError(BetError, TemplatedError):
    code = "float_pays"
    template = (
        "pays {pays!r} is a float: write it as a string "
        '("0.95", "19/20" or "1:2") so it stays exact'
    )


class PaysTypeError(BetError, TemplatedError):
    code = "pays_type"
    template = "pays must be a string or an integer, got {pays!r}"


class UnreadablePaysError(BetError, TemplatedError):
    code = "unreadable_pays"
    template = (
        "cannot read pays {pays!r}: expected a number such "
        'as "8", "0.95", "19/20", "1:2", or "push" or "lose"'
    )


class EgaliteTotalError(BetError, TemplatedError):
    code = "egalite_total"
    template = "an Egalité bet is on a tie total 0-9, got {total!r}"


class UnknownStandardBetError(BetError, TemplatedError):
    code = "unknown_standard_bet"
    template = "unknown bet {bet!r}: expected one of {bets}"


LOSE = Fraction(-1)
"""The net of a losing bet per unit staked."""
PUSH = Fraction(0)
"""The net of a push (the stake is returned)."""


class Domain(enum.Enum):
    """What a bet's pay table reads: the coup summary or the first two cards of each side."""

    SUMMARY = "summary"
    """The 400 :class:`~baccarat.core.summary.Summary` classes."""
    PAIRS = "pairs"
    """The 9 :class:`~baccarat.core.summary.PairSummary` classes."""

    @property
    def size(self) -> int:
        """The number of classes (400 or 9)."""
        return len(SUMMARY_CLASSES) if self is Domain.SUMMARY else len(PAIR_CLASSES)


class BetResult(enum.Enum):
    """How one bet ended on one coup."""

    WIN = "win"
    LOSE = "lose"
    PUSH = "push"

    @classmethod
    def of_net(cls, net: Fraction) -> BetResult:
        """The result of a net per unit staked: positive wins, zero pushes, negative loses."""
        if net > 0:
            return cls.WIN
        return cls.PUSH if net == 0 else cls.LOSE


ConditionValue = Winner | PairKind | bool | int
"""A value a condition can test: a winner, a pair kind, a yes/no fact or a number."""


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

    @property
    def domain(self) -> Domain:
        return Domain.PAIRS if self in (Field.PLAYER_PAIR, Field.BANKER_PAIR) else Domain.SUMMARY

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
        baccarat.core.bets.BadConditionValueError: banker_total cannot be 10: expected one of 0, 1, 2, 3, 4, 5, 6, 7, 8, 9
        """
        choices = self.choices
        value: ConditionValue | None = None
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
            raise BadConditionValueError(
                field=self.value,
                value=_show(raw),
                choices=", ".join(_value_text(c) for c in choices),
            )
        return value


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
    if isinstance(value, Winner):
        return value.value
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
}

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
_FACTS: dict[Domain, tuple[dict[Field, ConditionValue], ...]] = {
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
        **{f"field.{f.value}": f.value for f in Field},
        **{f"value.{w.value}": w.value for w in Winner},
        **{f"value.{k.name.lower()}": k.name.lower() for k in PairKind},
        "value.true": "true",
        "value.false": "false",
    }
)
"""The words of a pay table in English, keyed by code: what :meth:`Bet.describe` and
:func:`format_pays` write. Another language passes the same keys with its own words (the English
names of fields and values are the TOML keys, so a table reads as it is written in English)."""


def _shown_value(value: ConditionValue, templates: Mapping[str, str]) -> str:
    """A condition's value for people: a word of ``templates``, or the number."""
    if isinstance(value, bool | Winner | PairKind):
        return templates[f"value.{_value_text(value)}"]
    return str(value)


@dataclass(frozen=True, slots=True)
class Condition:
    """A field and the values for which the condition holds (any one of them).

    >>> Condition(Field.CARDS, (5, 6)).text()
    'cards in [5, 6]'
    """

    field: Field
    values: tuple[ConditionValue, ...]

    def __post_init__(self) -> None:
        if not self.values:
            raise NoConditionValuesError(field=self.field.value)
        for value in self.values:
            # Compare by type as well as value: True == 1, but natural = 1 is a mistake.
            if not any(type(value) is type(c) and value == c for c in self.field.choices):
                raise BadConditionValueError(
                    field=self.field.value,
                    value=_show(value),
                    choices=", ".join(_value_text(c) for c in self.field.choices),
                )
        # One canonical order, so equal conditions compare and print the same.
        ordered = tuple(c for c in self.field.choices if c in self.values)
        if len(ordered) != len(self.values):
            raise RepeatedConditionValueError(field=self.field.value)
        object.__setattr__(self, "values", ordered)

    @classmethod
    def of(cls, field_name: str, raw: object) -> Condition:
        """Read a condition as written in TOML: one value or a list of values.

        >>> Condition.of("winner", "banker"), Condition.of("cards", [6, 5]).values
        (Condition(field=<Field.WINNER: 'winner'>, values=(<Winner.BANKER: 'banker'>,)), (5, 6))
        """
        try:
            f = Field(field_name)
        except ValueError:
            raise UnknownConditionError(
                field=field_name, fields=", ".join(f.value for f in Field)
            ) from None
        raws = raw if isinstance(raw, list | tuple) else [raw]
        return cls(f, tuple(f.parse(r) for r in raws))

    def holds(self, facts: Mapping[Field, ConditionValue]) -> bool:
        return facts[self.field] in self.values

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        """``winner = banker``, ``cards in [5, 6]``, or just ``natural`` / ``not natural``."""
        if self.field is Field.NATURAL and len(self.values) == 1:
            return templates["natural" if self.values[0] else "not_natural"]
        name = templates[f"field.{self.field.value}"]
        if len(self.values) == 1:
            return templates["is"].format(field=name, value=_shown_value(self.values[0], templates))
        values = ", ".join(_shown_value(v, templates) for v in self.values)
        return templates["in"].format(field=name, values=values)

    def to_data(self) -> object:
        """The value(s) as written in TOML."""
        data = [_data_value(v) for v in self.values]
        return data[0] if len(data) == 1 else data


def _data_value(value: ConditionValue) -> str | bool | int:
    if isinstance(value, Winner | PairKind):
        return _value_text(value)
    return value


@dataclass(frozen=True, slots=True)
class PayRule:
    """When every condition holds, the bet nets ``pays`` per unit staked (``0`` push, ``-1`` lose)."""

    when: tuple[Condition, ...]
    pays: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.pays, Fraction):
            object.__setattr__(self, "pays", Fraction(self.pays))
        if self.pays < LOSE:
            raise LosesMoreThanStakeError(pays=str(self.pays))
        fields = [c.field for c in self.when]
        if len(set(fields)) != len(fields):
            raise RepeatedFieldError(fields=", ".join(f.value for f in fields))

    def holds(self, facts: Mapping[Field, ConditionValue]) -> bool:
        return all(c.holds(facts) for c in self.when)

    def when_text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        """The conditions: ``winner = banker, banker_total = 6``, or ``always``."""
        return ", ".join(c.text(templates) for c in self.when) or templates["always"]

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        """``winner = banker, banker_total = 6 → 1:2``."""
        return templates["rule"].format(
            when=self.when_text(templates), pays=format_pays(self.pays, templates)
        )


_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


@dataclass(frozen=True, slots=True)
class Bet:
    """A named bet: an ordered pay table over one :class:`Domain`; no rule matching means a loss.

    >>> SUPER_6.outcome_vector()[Summary(0, 6, 3, 3).index], SUPER_6.net(Summary(6, 6, 2, 2).index)
    (Fraction(12, 1), Fraction(-1, 1))
    """

    name: str
    domain: Domain
    rules: tuple[PayRule, ...]
    title: str = ""
    _vector: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise BadBetNameError(bet=self.name)
        for rule in self.rules:
            for condition in rule.when:
                if condition.field.domain is not self.domain:
                    raise WrongDomainError(
                        bet=self.name,
                        domain=self.domain.value,
                        field=condition.field.value,
                        field_domain=condition.field.domain.value,
                    )
        if not self.title:
            object.__setattr__(self, "title", self.name.replace("_", " ").capitalize())
        vector = tuple(
            next((rule.pays for rule in self.rules if rule.holds(facts)), LOSE)
            for facts in _FACTS[self.domain]
        )
        object.__setattr__(self, "_vector", vector)

    def outcome_vector(self) -> tuple[Fraction, ...]:
        """The net per unit staked for every class, in class-index order (400 or 9 entries)."""
        return self._vector

    def net(self, index: int) -> Fraction:
        """The net per unit staked when the coup falls in class ``index`` of this bet's domain."""
        return self._vector[index]

    def result(self, index: int) -> BetResult:
        """Win, lose or push when the coup falls in class ``index``."""
        return BetResult.of_net(self._vector[index])

    def index_of(self, coup: Coup) -> int:
        """The class of ``coup`` in this bet's domain (its summary or its pair class)."""
        return coup.summary.index if self.domain is Domain.SUMMARY else coup.pairs.index

    def describe(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> list[str]:
        """The pay table in words, one line per rule, then what happens otherwise.

        ``templates`` holds the words (:data:`PAYS_ENGLISH` by default).
        """
        lines = [rule.text(templates) for rule in self.rules]
        # A rule with no conditions matches every coup, so nothing is left to lose.
        if all(rule.when for rule in self.rules):
            lines.append(
                templates["rule"].format(when=templates["otherwise"], pays=templates["lose"])
            )
        return lines

    @property
    def top_pay(self) -> Fraction:
        """The best pay of the table (what the bet is usually advertised at)."""
        return max((rule.pays for rule in self.rules), default=LOSE)

    def renamed(self, name: str, title: str = "") -> Bet:
        """The same pay table under another name."""
        return Bet(name, self.domain, self.rules, title)

    def to_data(self) -> dict[str, object]:
        """The bet as plain data (the TOML ``[bets.<name>]`` table), read back by :meth:`from_data`."""
        data: dict[str, object] = {"title": self.title}
        if self.domain is not Domain.SUMMARY:
            data["domain"] = self.domain.value
        data["rules"] = [
            {"when": {c.field.value: c.to_data() for c in r.when}, "pays": format_pays(r.pays)}
            for r in self.rules
        ]
        return data

    @classmethod
    def from_data(cls, name: str, data: Mapping[str, object]) -> Bet:
        """Read a bet from plain data, as written in TOML.

        >>> bet = Bet.from_data("lucky_6", {"rules": [
        ...     {"when": {"winner": "banker", "banker_total": 6, "banker_cards": 3}, "pays": "20"},
        ...     {"when": {"winner": "banker", "banker_total": 6}, "pays": "12:1"}]})
        >>> bet.net(Summary(3, 6, 3, 3).index), bet.net(Summary(3, 6, 2, 2).index)
        (Fraction(20, 1), Fraction(12, 1))
        """
        unknown = set(data) - {"title", "domain", "rules"}
        if unknown:
            raise BetUnknownKeysError(bet=name, keys=", ".join(sorted(unknown)))
        title = data.get("title", "")
        if not isinstance(title, str):
            raise BetTitleError(bet=name, title=title)
        domain_raw = data.get("domain", Domain.SUMMARY.value)
        try:
            domain = Domain(domain_raw)
        except ValueError:
            raise UnknownDomainError(bet=name, domain=domain_raw) from None
        rules_raw = data.get("rules")
        if not isinstance(rules_raw, list) or not rules_raw:
            raise NoPayRulesError(bet=name)
        rules: list[PayRule] = []
        for number, raw in enumerate(rules_raw, start=1):
            if not isinstance(raw, Mapping) or set(raw) - {"when", "pays"} or "pays" not in raw:
                raise BadPayRuleError(bet=name, number=number, rule=raw)
            when = raw.get("when", {})
            if not isinstance(when, Mapping):
                raise BadWhenError(bet=name, number=number, when=when)
            try:
                conditions = tuple(Condition.of(str(k), v) for k, v in when.items())
                rules.append(PayRule(conditions, parse_pays(raw["pays"])))
            except BetError as exc:
                raise InPayRuleError(bet=name, number=number, detail=exc) from None
        try:
            return cls(name, domain, tuple(rules), title)
        except BetError as exc:
            raise InBetError(bet=name, detail=exc) from None


def parse_pays(raw: object) -> Fraction:
    """Read a pay: ``"8"``, ``"8:1"``, ``"1:2"``, ``"0.95"``, ``"19/20"``, ``"push"``, ``"lose"``.

    A pay is the net won per unit staked. Floats are refused: a TOML ``0.95`` is already a binary
    approximation, so pays are written as strings (or integers) and kept exact.

    >>> parse_pays("0.95"), parse_pays("1:2"), parse_pays(11), parse_pays("push")
    (Fraction(19, 20), Fraction(1, 2), Fraction(11, 1), Fraction(0, 1))
    >>> parse_pays(0.95)
    Traceback (most recent call last):
    ...
    baccarat.core.bets.FloatPaysError: pays 0.95 is a float: write it as a string (...) so it stays exact
    """
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        if isinstance(raw, float):
            raise FloatPaysError(pays=raw)
        raise PaysTypeError(pays=raw)
    if isinstance(raw, int):
        return Fraction(raw)
    text = raw.strip().lower()
    if text in ("push", "lose"):
        return PUSH if text == "push" else LOSE
    try:
        if ":" in text:
            won, staked = (Decimal(part.strip()) for part in text.split(":"))
            if staked <= 0:
                raise InvalidOperation
            return Fraction(won) / Fraction(staked)
        if "/" in text:
            return Fraction(text)
        return Fraction(Decimal(text))
    except (ValueError, InvalidOperation, ZeroDivisionError):
        raise UnreadablePaysError(pays=raw) from None


def pays_text(pays: Fraction) -> str:
    """A pay as :func:`parse_pays` reads it back exactly: ``"8"``, ``"19/20"``, ``"push"``."""
    if pays == PUSH:
        return "push"
    if pays == LOSE:
        return "lose"
    return str(pays)


def format_pays(pays: Fraction, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
    """A pay as a table shows it: ``8:1``, ``0.95:1``, ``1:2``, ``push``, ``lose``.

    The words come from ``templates`` (:data:`PAYS_ENGLISH` by default); ratios are the same in
    every language.

    >>> [format_pays(Fraction(p)) for p in ("8", "19/20", "1/2", "27/50", "3/2", "1/3", "0")]
    ['8:1', '0.95:1', '1:2', '0.54:1', '1.5:1', '1:3', 'push']
    """
    if pays == PUSH:
        return templates["push"]
    if pays == LOSE:
        return templates["lose"]
    if pays.denominator == 1:
        return f"{pays.numerator}:1"
    if pays.numerator == 1:
        return f"1:{pays.denominator}"
    decimal = _terminating_decimal(pays)
    return f"{decimal}:1" if decimal is not None else f"{pays.numerator}:{pays.denominator}"


def _terminating_decimal(value: Fraction) -> str | None:
    """``value`` as an exact decimal string, or None when it does not terminate."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        return None
    # Scale to an integer and place the point by hand: Decimal arithmetic would round to 28 digits.
    scale = 0
    while (value * 10**scale).denominator != 1:
        scale += 1
    digits = str(abs(int(value * 10**scale))).rjust(scale + 1, "0")
    sign = "-" if value < 0 else ""
    return f"{sign}{digits[: len(digits) - scale]}.{digits[len(digits) - scale :]}".rstrip(".")


# --- The standard bets -------------------------------------------------------------------------


def _rule(pays: Fraction | int | str, **when: object) -> PayRule:
    """A pay rule written in the TOML vocabulary (the same reader users go through)."""
    return PayRule(
        tuple(Condition.of(k, v) for k, v in when.items()),
        pays if isinstance(pays, Fraction) else parse_pays(pays),
    )


def _summary_bet(name: str, title: str, *rules: PayRule) -> Bet:
    return Bet(name, Domain.SUMMARY, rules, title)


def _pair_bet(name: str, title: str, *rules: PayRule) -> Bet:
    return Bet(name, Domain.PAIRS, rules, title)


PLAYER = _summary_bet("player", "Player", _rule(1, winner="player"), _rule("push", winner="tie"))
"""Player 1:1; a tie pushes."""

BANKER = _summary_bet(
    "banker", "Banker", _rule("19/20", winner="banker"), _rule("push", winner="tie")
)
"""Banker 1:1 less 5 % commission on the win (0.95:1); a tie pushes."""

BANKER_NO_COMMISSION = _summary_bet(
    "banker",
    "Banker (no commission)",
    _rule("1/2", winner="banker", banker_total=6),
    _rule(1, winner="banker"),
    _rule("push", winner="tie"),
)
"""No-commission (Super 6 / Punto 2000) Banker: 1:1, but a win with a total of 6 pays 1:2."""

BANKER_EZ = _summary_bet(
    "banker",
    "Banker (EZ)",
    _rule("push", winner="banker", banker_total=7, banker_cards=3),
    _rule(1, winner="banker"),
    _rule("push", winner="tie"),
)
"""EZ Baccarat Banker: 1:1, but a win with a three-card 7 is a push."""

TIE = _summary_bet("tie", "Tie", _rule(8, winner="tie"))
"""Tie 8:1."""

TIE_9 = _summary_bet("tie", "Tie", _rule(9, winner="tie"))
"""Tie 9:1."""

_ANY_PAIR = ["pair", "suited"]

PLAYER_PAIR = _pair_bet("player_pair", "Player Pair", _rule(11, player_pair=_ANY_PAIR))
"""The Player's first two cards are of equal rank: 11:1."""

BANKER_PAIR = _pair_bet("banker_pair", "Banker Pair", _rule(11, banker_pair=_ANY_PAIR))
"""The Banker's first two cards are of equal rank: 11:1."""

EITHER_PAIR = _pair_bet(
    "either_pair",
    "Either Pair",
    _rule(5, player_pair=_ANY_PAIR),
    _rule(5, banker_pair=_ANY_PAIR),
)
"""Either side's first two cards are of equal rank: 5:1."""

PERFECT_PAIR = _pair_bet(
    "perfect_pair",
    "Perfect Pair",
    _rule(25, player_pair="suited"),
    _rule(25, banker_pair="suited"),
)
"""Either side's first two cards are of the same rank and suit: 25:1."""

PERFECT_PAIR_TWO_LEVEL = _pair_bet(
    "perfect_pair",
    "Perfect Pair (two-level)",
    _rule(250, player_pair="suited", banker_pair="suited"),
    _rule(25, player_pair="suited"),
    _rule(25, banker_pair="suited"),
)
"""Perfect Pair paying 250:1 when both sides have one, 25:1 when one side has."""

# Dragon Bonus: a natural win pays 1:1, a natural tie pushes, a non-natural win pays by margin.
_DRAGON_MARGIN_PAYS = {9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}


def _dragon_bonus(side: Winner, title: str) -> Bet:
    return _summary_bet(
        f"dragon_bonus_{side.value}",
        title,
        _rule(1, winner=side.value, natural=True),
        _rule("push", winner="tie", natural=True),
        *(
            _rule(pays, winner=side.value, natural=False, margin=margin)
            for margin, pays in _DRAGON_MARGIN_PAYS.items()
        ),
    )


DRAGON_BONUS_PLAYER = _dragon_bonus(Winner.PLAYER, "Dragon Bonus Player")
"""Dragon Bonus on the Player: natural win 1:1, natural tie push, win by 9/8/7/6/5/4 pays 30/10/6/4/2/1."""

DRAGON_BONUS_BANKER = _dragon_bonus(Winner.BANKER, "Dragon Bonus Banker")
"""Dragon Bonus on the Banker, with the same pay table."""

BIG = _summary_bet("big", "Big", _rule("27/50", cards=[5, 6]))
"""Five or six cards dealt: 0.54:1."""

SMALL = _summary_bet("small", "Small", _rule("3/2", cards=4))
"""Four cards dealt: 1.5:1."""

DRAGON_7 = _summary_bet(
    "dragon_7", "Dragon 7", _rule(40, winner="banker", banker_total=7, banker_cards=3)
)
"""The Banker wins with a three-card 7: 40:1."""

PANDA_8 = _summary_bet(
    "panda_8", "Panda 8", _rule(25, winner="player", player_total=8, player_cards=3)
)
"""The Player wins with a three-card 8: 25:1."""

SUPER_6 = _summary_bet("super_6", "Super 6", _rule(12, winner="banker", banker_total=6))
"""The Banker wins with a total of 6: 12:1."""

BIG_TIGER = _summary_bet(
    "big_tiger", "Big Tiger", _rule(50, winner="banker", banker_total=6, banker_cards=3)
)
"""The Banker wins with a three-card 6: 50:1."""

SMALL_TIGER = _summary_bet(
    "small_tiger", "Small Tiger", _rule(22, winner="banker", banker_total=6, banker_cards=2)
)
"""The Banker wins with a two-card 6: 22:1."""

# Egalité pays per tie total as listed by the Wizard of Odds ("Egalite" under baccarat side bets,
# wizardofodds.com/games/baccarat/side-bets/egalite/), the table offered in British casinos.
EGALITE_PAYS: Mapping[int, Fraction] = MappingProxyType({
    total: Fraction(pays)
    for total, pays in {
        0: 150, 1: 215, 2: 225, 3: 200, 4: 120, 5: 110, 6: 45, 7: 45, 8: 80, 9: 80,
    }.items()
})  # fmt: skip
"""Egalité pays by tie total (0-9)."""


def egalite_bet(total: int, pays: Fraction | int | str | None = None) -> Bet:
    """``egalite_<total>``: a tie on exactly ``total``, paying ``pays`` (default :data:`EGALITE_PAYS`).

    >>> bet = egalite_bet(7)
    >>> bet.name, bet.net(Summary(7, 7, 3, 2).index), bet.net(Summary(6, 6, 2, 2).index)
    ('egalite_7', Fraction(45, 1), Fraction(-1, 1))
    """
    if isinstance(total, bool) or total not in range(10):
        raise EgaliteTotalError(total=total)
    if pays is None:
        pays = EGALITE_PAYS[total]
    return _summary_bet(
        f"egalite_{total}", f"Egalité {total}", _rule(pays, winner="tie", player_total=total)
    )


def egalite_bets(pays: Mapping[int, Fraction | int | str] = EGALITE_PAYS) -> tuple[Bet, ...]:
    """One Egalité bet per tie total in ``pays``, in total order."""
    return tuple(egalite_bet(total, pays[total]) for total in sorted(pays))


EGALITE_BETS: tuple[Bet, ...] = egalite_bets()
"""The ten Egalité bets with the :data:`EGALITE_PAYS` table."""

STANDARD_BETS: Mapping[str, Bet] = MappingProxyType(
    {
        bet.name: bet
        for bet in (
            PLAYER,
            BANKER,
            TIE,
            PLAYER_PAIR,
            BANKER_PAIR,
            EITHER_PAIR,
            PERFECT_PAIR,
            DRAGON_BONUS_PLAYER,
            DRAGON_BONUS_BANKER,
            BIG,
            SMALL,
            DRAGON_7,
            PANDA_8,
            SUPER_6,
            BIG_TIGER,
            SMALL_TIGER,
            *EGALITE_BETS,
        )
    }
)
"""Every bet the package names, in its common form (Banker with commission, Tie 8:1)."""


def standard_bet(name: str) -> Bet:
    """The common form of a named bet.

    >>> standard_bet("tie").net(Summary(4, 4, 3, 3).index)
    Fraction(8, 1)
    >>> standard_bet("lucky_7")
    Traceback (most recent call last):
    ...
    baccarat.core.bets.UnknownStandardBetError: unknown bet 'lucky_7': expected one of player, banker, ...
    """
    bet = STANDARD_BETS.get(name)
    if bet is None:
        raise UnknownStandardBetError(bet=name, bets=bet_names_text(STANDARD_BETS))
    return bet


def is_known_bet(name: str) -> bool:
    """Whether ``name`` is one of the bets the package names (:data:`STANDARD_BETS`)."""
    return name in STANDARD_BETS


def bet_names_text(names: Iterable[str]) -> str:
    """Bet names for a message, the ten Egalité bets shortened to ``egalite_0..egalite_9``.

    >>> bet_names_text(["player", "egalite_0", "egalite_1", "egalite_9"])
    'player, egalite_0..egalite_9'
    """
    names = list(names)
    plain = [n for n in names if not n.startswith("egalite_")]
    egalite = [n for n in names if n.startswith("egalite_")]
    if len(egalite) > 2:
        plain.append(f"{egalite[0]}..{egalite[-1]}")
    else:
        plain.extend(egalite)
    return ", ".join(plain)
