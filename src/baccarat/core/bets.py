"""Bets as data: a pay table over the coup summary (400 classes), the pair classes (9) or the cards.

Every bet the package knows — the main bets, the side bets, and any bet a user writes in TOML — is
one :class:`Bet`: an ordered list of :class:`PayRule`\\ s, each a set of tests on the coup
(conditions, :mod:`baccarat.core.conditions`; relations and all/any/not,
:mod:`baccarat.core.predicates`) and what it pays. The first rule whose tests all hold decides
the bet; when none does, the bet loses. A pay is the exact net result per unit staked: ``8`` for a
Tie at 8:1, ``19/20`` for a Banker win less 5 % commission, ``0`` for a push, ``-1`` for a loss.

A bet reads the summary class (final totals and cards per side, from which the winner, the
natural and the margin follow), the pair class (each side's first two cards), or, over the
cards, the classes its own tests tell apart (:mod:`baccarat.core.cardspace`); the exact analyzer,
the simulator and settlement all price and settle it through :meth:`Bet.outcome_vector`.
The named bets are data too, in :mod:`baccarat.core.catalogue`.

>>> from baccarat.core.summary import Summary
>>> banker = Bet.from_data("banker", {"rules": [
...     {"when": {"winner": "banker"}, "pays": "0.95:1"}, {"when": {"winner": "tie"}, "pays": "push"}]})
>>> banker.net(Summary(3, 6, 3, 2).index), banker.result(Summary(6, 6, 2, 2).index)
(Fraction(19, 20), <BetResult.PUSH: 'push'>)
>>> for line in banker.describe():
...     print(line)
winner = banker → 0.95:1
winner = tie → push
otherwise → lose
"""

from __future__ import annotations

import enum
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat.core.cardspace import CardSignature, deciding_rules, signature_of
from baccarat.core.conditions import (
    PAYS_ENGLISH,
    AnyField,
    BetError,
    Condition,
    ConditionValue,
    Domain,
)
from baccarat.core.numerals import ascii_numeral
from baccarat.core.predicates import NotOf, Relation, Test, domain_of, parse_when

if TYPE_CHECKING:
    from baccarat.core.coup import Coup

__all__ = [
    "LOSE",
    "PUSH",
    "Bet",
    "BetResult",
    "PayRule",
    "format_pays",
    "parse_pays",
    "pays_text",
]


LOSE = Fraction(-1)
"""The net of a losing bet per unit staked."""
PUSH = Fraction(0)
"""The net of a push (the stake is returned)."""


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


@dataclass(frozen=True, slots=True)
class PayRule:
    """When every test holds, the bet nets ``pays`` per unit staked (``0`` push, ``-1`` lose)."""

    when: tuple[Test, ...]
    pays: Fraction

    def __post_init__(self) -> None:
        if not isinstance(self.pays, Fraction):
            object.__setattr__(self, "pays", Fraction(self.pays))
        if self.pays < LOSE:
            raise BetError("loses_more_than_stake", pays=str(self.pays))
        keys = [c.key for c in self.when]
        if len(set(keys)) != len(keys):
            raise BetError("repeated_field", fields=", ".join(keys))

    def holds(self, facts: Mapping[AnyField, ConditionValue]) -> bool:
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

    >>> from baccarat.core.summary import Summary
    >>> super_6 = Bet("super_6", Domain.SUMMARY, (PayRule(
    ...     (Condition.of("winner", "banker"), Condition.of("banker_total", 6)), Fraction(12)),))
    >>> super_6.outcome_vector()[Summary(0, 6, 3, 3).index], super_6.net(Summary(6, 6, 2, 2).index)
    (Fraction(12, 1), Fraction(-1, 1))
    """

    name: str
    domain: Domain
    rules: tuple[PayRule, ...]
    title: str = ""
    _vector: tuple[Fraction, ...] = field(init=False, repr=False, compare=False)
    _signature: CardSignature | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _NAME.match(self.name):
            raise BetError("bad_bet_name", bet=self.name)
        for rule in self.rules:
            for test in rule.when:
                outside = _outside(test, self.domain)
                if outside is not None:
                    raise BetError(
                        "wrong_domain",
                        bet=self.name,
                        domain=self.domain.value,
                        field=outside.key,
                        field_domain=outside.domain.value,
                    )
        if not self.title:
            object.__setattr__(self, "title", self.name.replace("_", " ").capitalize())
        signature = None
        if self.domain is Domain.CARDS:
            signature = signature_of(rule.when for rule in self.rules)
        object.__setattr__(self, "_signature", signature)
        # Worked out when first asked for: the catalogue declares some fifty bets as it is
        # imported, and a command prices a few of them.
        object.__setattr__(self, "_vector", ())

    @property
    def signature(self) -> CardSignature | None:
        """The classes of a card-level bet (:mod:`baccarat.core.cardspace`); None otherwise."""
        return self._signature

    @property
    def size(self) -> int:
        """The number of classes the bet reads (400, 9, or its signature's)."""
        return self._signature.size if self._signature is not None else self.domain.size

    def outcome_vector(self) -> tuple[Fraction, ...]:
        """The net per unit staked for every class, in class-index order (400, 9, or the
        signature's classes for a card-level bet)."""
        if not self._vector:
            deciding = self.deciding_rules()
            pays = [rule.pays for rule in self.rules]
            vector = tuple(LOSE if k is None else pays[k] for k in deciding)
            object.__setattr__(self, "_vector", vector)
        return self._vector

    def deciding_rules(self) -> list[int | None]:
        """For every class, the index of the first rule that holds (None: the bet loses)."""
        if self._signature is not None:
            return deciding_rules([rule.when for rule in self.rules], self._signature)
        return [
            next((k for k, rule in enumerate(self.rules) if rule.holds(facts)), None)
            for facts in self.domain.facts
        ]

    def net(self, index: int) -> Fraction:
        """The net per unit staked when the coup falls in class ``index`` of this bet's domain."""
        return self.outcome_vector()[index]

    def result(self, index: int) -> BetResult:
        """Win, lose or push when the coup falls in class ``index``."""
        return BetResult.of_net(self.outcome_vector()[index])

    def index_of(self, coup: Coup) -> int:
        """The class of ``coup`` in this bet's domain (its summary, pair or card class)."""
        if self._signature is not None:
            return self._signature.index_of(coup)
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
            {"when": {c.key: c.to_data() for c in r.when}, "pays": format_pays(r.pays)}
            for r in self.rules
        ]
        return data

    @classmethod
    def from_data(cls, name: str, data: Mapping[str, object]) -> Bet:
        """Read a bet from plain data, as written in TOML.

        >>> from baccarat.core.summary import Summary
        >>> bet = Bet.from_data("lucky_6", {"rules": [
        ...     {"when": {"winner": "banker", "banker_total": 6, "banker_cards": 3}, "pays": "20"},
        ...     {"when": {"winner": "banker", "banker_total": 6}, "pays": "12:1"}]})
        >>> bet.net(Summary(3, 6, 3, 3).index), bet.net(Summary(3, 6, 2, 2).index)
        (Fraction(20, 1), Fraction(12, 1))
        """
        unknown = set(data) - {"title", "domain", "rules"}
        if unknown:
            raise BetError("bet_unknown_keys", bet=name, keys=", ".join(sorted(unknown)))
        title = data.get("title", "")
        if not isinstance(title, str):
            raise BetError("bet_title", bet=name, title=title)
        domain: Domain | None = None
        if "domain" in data:
            try:
                domain = Domain(data["domain"])
            except ValueError:
                raise BetError("unknown_domain", bet=name, domain=data["domain"]) from None
        rules_raw = data.get("rules")
        if not isinstance(rules_raw, list) or not rules_raw:
            raise BetError("no_pay_rules", bet=name)
        rules: list[PayRule] = []
        for number, raw in enumerate(rules_raw, start=1):
            if not isinstance(raw, Mapping) or set(raw) - {"when", "pays"} or "pays" not in raw:
                raise BetError("bad_pay_rule", bet=name, number=number, rule=raw)
            when = raw.get("when", {})
            if not isinstance(when, Mapping):
                raise BetError("bad_when", bet=name, number=number, when=when)
            try:
                rules.append(PayRule(parse_when(when), parse_pays(raw["pays"])))
            except BetError as exc:
                raise BetError("in_pay_rule", bet=name, number=number, detail=exc) from None
        if domain is None:
            # No domain named: the least one that reads every test of the table.
            domain = domain_of(test for rule in rules for test in rule.when)
        try:
            return cls(name, domain, tuple(rules), title)
        except BetError as exc:
            raise BetError("in_bet", bet=name, detail=exc) from None


def _outside(test: Test, domain: Domain) -> Condition | Relation | None:
    """The first condition or relation in ``test`` that a bet of ``domain`` cannot read."""
    if isinstance(test, Condition | Relation):
        return None if domain.includes(test.domain) else test
    items = (test.item,) if isinstance(test, NotOf) else test.items
    for item in items:
        for inner in item:
            found = _outside(inner, domain)
            if found is not None:
                return found
    return None


def parse_pays(raw: object) -> Fraction:
    """Read a pay: ``"8"``, ``"8:1"``, ``"1:2"``, ``"0.95"``, ``"19/20"``, ``"push"``, ``"lose"``.

    A pay is the net won per unit staked. Floats are refused: a TOML ``0.95`` is already a binary
    approximation, so pays are written as strings (or integers) and kept exact.

    >>> parse_pays("0.95"), parse_pays("1:2"), parse_pays(11), parse_pays("push")
    (Fraction(19, 20), Fraction(1, 2), Fraction(11, 1), Fraction(0, 1))
    >>> parse_pays(0.95)
    Traceback (most recent call last):
    ...
    baccarat.core.conditions.BetError: pays 0.95 is a float: write it as a string (...) so it stays exact
    """
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        if isinstance(raw, float):
            raise BetError("float_pays", pays=raw)
        raise BetError("pays_type", pays=raw)
    if isinstance(raw, int):
        return Fraction(raw)
    text = raw.strip().lower()
    if text in ("push", "lose"):
        return PUSH if text == "push" else LOSE
    try:
        ascii_numeral(text)
        if ":" in text:
            won, staked = (Decimal(part.strip()) for part in text.split(":"))
            if staked <= 0:
                raise InvalidOperation
            return Fraction(won) / Fraction(staked)
        if "/" in text:
            return Fraction(text)
        return Fraction(Decimal(text))
    except (ValueError, InvalidOperation, ZeroDivisionError):
        raise BetError("unreadable_pays", pays=raw) from None


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
