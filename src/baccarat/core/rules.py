"""Rule sets: a table's draw rules, the bets it offers with their pay tables, and its limits.

Four house tables are named: ``punto-banco`` (the default: Banker 0.95:1, Tie 8:1), ``tie-9`` (Tie
9:1), ``no-commission`` (Super 6 / Punto 2000: a Banker win on 6 pays 1:2) and ``ez`` (a Banker
win with a three-card 7 pushes); after them come the tables of the side bets
(:mod:`baccarat.core.sidebets`: ``tiger``, ``lucky-6``, ``naturals``, ``colours`` …);
``chemin-de-fer``, where the hands choose, is kept apart
(:data:`CHOICE_RULE_SETS`). Every one is plain data — a :class:`RuleSet` of
:class:`~baccarat.core.bets.Bet` pay tables, declared in :mod:`baccarat.core.catalogue` in the
vocabulary of a rule-set file and read here by :func:`rule_set_from_data`, the reader of every
user's file (:mod:`baccarat.core.rulefile` reads and writes the TOML text).

>>> rules = get_rule_set("no-commission")
>>> rules.bet("banker").describe()[0], rules.limits_for("super_6")
('winner = banker, banker_total = 6 → 1:2', TableLimits(minimum=100, maximum=100000))
>>> rule_set_names()[:5]
('punto-banco', 'tie-9', 'no-commission', 'ez', 'tiger')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import ClassVar

from baccarat.core.bets import Bet, parse_pays
from baccarat.core.catalogue import (
    CHOICE_RULE_SET_DATA,
    EGALITE_NAMES,
    RULE_SET_DATA,
    STANDARD_BETS,
    bet_names_text,
    egalite_bet,
)
from baccarat.core.conditions import BetError
from baccarat.core.errors import TemplatedError
from baccarat.core.money import MoneyError, parse_points
from baccarat.core.points import format_points
from baccarat.core.tableau import BANKER_DISCRETION, CHEMIN_DE_FER, PUNTO_BANCO, Tableau

__all__ = [
    "BANKER_EVEN",
    "BANKER_EZ",
    "BANKER_NO_COMMISSION",
    "CHOICE_RULE_SETS",
    "DEFAULT_RULE_SET",
    "RULE_SETS",
    "TIE_9",
    "RuleSet",
    "RuleSetError",
    "TableLimits",
    "get_rule_set",
    "rule_set_from_data",
    "rule_set_names",
]


class RuleSetError(TemplatedError):
    """A rule set that is unknown or malformed."""

    templates: ClassVar[Mapping[str, str]] = {
        "bad_amount": "{what}: {detail}",
        "bad_extends": "extends must be the name of a rule set, got {extends!r}",
        "bad_rule_set_name": "bad rule set name {name!r}: use lower-case letters, digits and '-'",
        "bet_defined_twice": "{bet} is defined both under [bets] and under [egalite]",
        "bet_filed_wrong": "rule set {rule_set!r}: bet {bet!r} is filed as {key!r}",
        "bet_not_a_table": "[bets.{bet}] must be a table, got {value!r}",
        "bet_twice": "rule set {rule_set!r} offers bet {bet!r} twice",
        "egalite_key": "[egalite] keys are tie totals 0-9, got {key!r}",
        "float_amount": '{what} {value!r} is a float: write it as a string ("{value}") or an integer',
        "in_rule_set": "rule set {rule_set!r}: {detail}",
        "limits_entry": "[limits] {key} must be a table of minimum and maximum, got {value!r}",
        "limits_unknown_bet": "[limits] names bet {bet!r}, which this table does not offer",
        "malformed_toml": "malformed TOML: {detail}",
        "no_bets": "rule set {rule_set!r} offers no bets",
        "not_a_string": "{key} must be a string, got {value!r}",
        "not_a_table": "[{key}] must be a table, got {value!r}",
        "not_toml_text": "expected TOML text, got {kind}",
        "offers_not_list": "offers must be a list of bet names, got {value!r}",
        "offers_repeated": "offers lists {bets} more than once",
        "offers_unknown_bet": "offers unknown bet {bet!r}: define it under [bets.{bet}] or use one of {bets}",
        "rule_set_name_missing": "a rule set needs a name (a string), got {name!r}",
        "stray_limits": "rule set {rule_set!r} sets limits for bets it does not offer: {bets}",
        "table_limit_order": (
            "table limits must satisfy 0 < minimum <= maximum, got minimum {minimum} and "
            "maximum {maximum} points"
        ),
        "table_limit_type": "a table limit is a whole number of minor units, got {value!r}",
        "unknown_rule_set": "unknown rule set {rule_set!r}: expected one of {names}",
        "unknown_rule_set_keys": "rule set {rule_set!r}: unknown key(s) {keys}: expected {expected}",
        "unknown_tableau": "unknown tableau {tableau!r}: expected one of {names}",
    }
    points: ClassVar[Mapping[str, frozenset[str]]] = {
        "table_limit_order": frozenset({"maximum", "minimum"}),
    }


@dataclass(frozen=True, slots=True)
class TableLimits:
    """The smallest and largest stake accepted on one bet, in minor units (inclusive).

    >>> TableLimits(100, 50_000).text()
    '1 to 500 points'
    """

    minimum: int
    maximum: int

    def __post_init__(self) -> None:
        for value in (self.minimum, self.maximum):
            if isinstance(value, bool) or not isinstance(value, int):
                raise RuleSetError("table_limit_type", value=value)
        if not 0 < self.minimum <= self.maximum:
            raise RuleSetError("table_limit_order", minimum=self.minimum, maximum=self.maximum)

    def text(self) -> str:
        return f"{format_points(self.minimum)} to {format_points(self.maximum)} points"


_RULE_SET_NAME = re.compile(r"[a-z0-9][a-z0-9-]*\Z")


@dataclass(frozen=True)
class RuleSet:
    """A table: its draw rules, the bets it offers (by name, in display order) and its limits.

    ``limits`` apply to every bet unless ``bet_limits`` names the bet.
    """

    name: str
    title: str
    bets: Mapping[str, Bet] = field(hash=False)
    limits: TableLimits
    bet_limits: Mapping[str, TableLimits] = field(default_factory=dict, hash=False)
    tableau: Tableau = PUNTO_BANCO
    description: str = ""

    def __post_init__(self) -> None:
        if not isinstance(self.name, str) or not _RULE_SET_NAME.match(self.name):
            raise RuleSetError("bad_rule_set_name", name=self.name)
        for key, bet in self.bets.items():
            if key != bet.name:
                raise RuleSetError("bet_filed_wrong", rule_set=self.name, bet=bet.name, key=key)
        if not self.bets:
            raise RuleSetError("no_bets", rule_set=self.name)
        stray = [name for name in self.bet_limits if name not in self.bets]
        if stray:
            raise RuleSetError("stray_limits", rule_set=self.name, bets=", ".join(stray))
        # Read-only views, so a rule set cannot change once built.
        object.__setattr__(self, "bets", MappingProxyType(dict(self.bets)))
        object.__setattr__(self, "bet_limits", MappingProxyType(dict(self.bet_limits)))

    def __reduce__(self) -> tuple[type[RuleSet], tuple[object, ...]]:
        # Read-only mapping views cannot be pickled: rebuild from plain dicts (for worker processes).
        return (
            RuleSet,
            (
                self.name,
                self.title,
                dict(self.bets),
                self.limits,
                dict(self.bet_limits),
                self.tableau,
                self.description,
            ),
        )

    @classmethod
    def of(
        cls,
        name: str,
        title: str,
        bets: Iterable[Bet],
        limits: TableLimits,
        bet_limits: Mapping[str, TableLimits] | None = None,
        *,
        tableau: Tableau = PUNTO_BANCO,
        description: str = "",
    ) -> RuleSet:
        """Build from a sequence of bets (each filed under its own name; a name may not repeat)."""
        offered: dict[str, Bet] = {}
        for bet in bets:
            if bet.name in offered:
                raise RuleSetError("bet_twice", rule_set=name, bet=bet.name)
            offered[bet.name] = bet
        return cls(name, title, offered, limits, bet_limits or {}, tableau, description)

    def bet(self, name: str) -> Bet:
        """The bet called ``name`` at this table.

        >>> get_rule_set("ez").bet("super_6")
        Traceback (most recent call last):
        ...
        baccarat.core.conditions.BetError: bet 'super_6' is not offered by rule set 'ez' (it offers player, ...)
        >>> get_rule_set("ez").bet("lucky_13")
        Traceback (most recent call last):
        ...
        baccarat.core.conditions.BetError: unknown bet 'lucky_13': rule set 'ez' offers player, banker, tie, dragon_7, ...
        """
        bet = self.bets.get(name)
        if bet is not None:
            return bet
        offers = bet_names_text(self.bets)
        if name in _KNOWN_BET_NAMES:
            raise BetError("bet_not_offered", bet=name, rule_set=self.name, offers=offers)
        raise BetError("unknown_bet", bet=name, rule_set=self.name, offers=offers)

    def limits_for(self, name: str) -> TableLimits:
        """The limits of the bet called ``name`` (which must be offered)."""
        return self.bet_limits.get(self.bet(name).name, self.limits)


# --- Reading a rule set from data (parsed TOML or JSON) ----------------------------------------

_TABLEAUX: Mapping[str, Tableau] = {
    tableau.name: tableau for tableau in (PUNTO_BANCO, CHEMIN_DE_FER, BANKER_DISCRETION)
}
_TOP_KEYS = ("name", "title", "description", "extends", "tableau", "offers", "limits", "egalite")
# A table that sets no limits and extends none takes 1 to 1,000 points on every bet.
_DEFAULT_LIMITS = TableLimits(100, 100_000)


def rule_set_from_data(data: Mapping[str, object]) -> RuleSet:
    """Read a rule set from plain data (parsed TOML or JSON); every mistake is a RuleSetError.

    This reads a user's file and the built-in tables alike; ``extends`` names a built-in table.

    >>> rules = rule_set_from_data({"name": "tie-10", "extends": "punto-banco",
    ...     "bets": {"tie": {"rules": [{"when": {"winner": "tie"}, "pays": "10:1"}]}}})
    >>> rules.bet("tie").top_pay, rules.limits == get_rule_set().limits
    (Fraction(10, 1), True)
    """
    return _read(data, _ALL_RULE_SETS)


def _read(data: Mapping[str, object], bases: Mapping[str, RuleSet]) -> RuleSet:
    """Read a rule set whose ``extends`` names one of ``bases``."""
    name = data.get("name")
    if not isinstance(name, str):
        raise RuleSetError("rule_set_name_missing", name=name)
    where = f"rule set {name!r}"
    unknown = sorted(set(data) - {*_TOP_KEYS, "bets"})
    if unknown:
        raise RuleSetError(
            "unknown_rule_set_keys",
            rule_set=name,
            keys=", ".join(unknown),
            expected=", ".join((*_TOP_KEYS, "bets")),
        )
    try:
        return _read_rule_set(name, data, bases)
    except RuleSetError as exc:
        if str(exc).startswith(where):
            raise exc from None  # it names the rule set already
        raise RuleSetError("in_rule_set", rule_set=name, detail=exc) from None
    except BetError as exc:
        raise RuleSetError("in_rule_set", rule_set=name, detail=exc) from None


def _string(data: Mapping[str, object], key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise RuleSetError("not_a_string", key=key, value=value)
    return value


def _table(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise RuleSetError("not_a_table", key=key, value=value)
    return value


def _read_rule_set(name: str, data: Mapping[str, object], bases: Mapping[str, RuleSet]) -> RuleSet:
    extends = data.get("extends")
    if extends is not None and not isinstance(extends, str):
        raise RuleSetError("bad_extends", extends=extends)
    base = _find(extends, bases) if extends is not None else None

    tableau_name = _string(data, "tableau", (base.tableau if base else PUNTO_BANCO).name)
    tableau = _TABLEAUX.get(tableau_name)
    if tableau is None:
        raise RuleSetError("unknown_tableau", tableau=tableau_name, names=", ".join(_TABLEAUX))

    # Bets defined in this file: full pay tables under [bets.<name>], Egalité pays under [egalite].
    defined: dict[str, Bet] = {}
    for bet_name, bet_data in _table(data, "bets").items():
        if not isinstance(bet_data, Mapping):
            raise RuleSetError("bet_not_a_table", bet=bet_name, value=bet_data)
        defined[bet_name] = Bet.from_data(bet_name, bet_data)
    for total_text, pays in _table(data, "egalite").items():
        if total_text not in {str(t) for t in range(10)}:
            raise RuleSetError("egalite_key", key=total_text)
        bet = egalite_bet(int(total_text), parse_pays(pays))
        if bet.name in defined:
            raise RuleSetError("bet_defined_twice", bet=bet.name)
        defined[bet.name] = bet

    offers = _offers(data, base)
    bets: list[Bet] = []
    for bet_name in offers:
        # A bet defined here wins over the base table's, which wins over the standard one.
        found = defined.get(bet_name) or (base.bets.get(bet_name) if base else None)
        found = found or STANDARD_BETS.get(bet_name)
        if found is None:
            raise RuleSetError(
                "offers_unknown_bet", bet=bet_name, bets=bet_names_text(STANDARD_BETS)
            )
        bets.append(found)
    bets += [bet for bet_name, bet in defined.items() if bet_name not in offers]

    limits, bet_limits = _limits(data, base, [bet.name for bet in bets])
    return RuleSet.of(
        name,
        _string(data, "title", name),
        bets,
        limits,
        bet_limits,
        tableau=tableau,
        description=_string(data, "description", ""),
    )


def _offers(data: Mapping[str, object], base: RuleSet | None) -> list[str]:
    raw = data.get("offers")
    if raw is None:
        return list(base.bets) if base else []
    if not isinstance(raw, list) or not all(isinstance(n, str) for n in raw):
        raise RuleSetError("offers_not_list", value=raw)
    # "egalite" stands for the ten Egalité bets, one per tie total.
    names = [n for item in raw for n in (EGALITE_NAMES if item == "egalite" else (item,))]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise RuleSetError("offers_repeated", bets=", ".join(repeated))
    return names


def _amount(raw: object, what: str) -> int:
    if isinstance(raw, float):
        raise RuleSetError("float_amount", what=what, value=raw)
    try:
        return parse_points(raw)  # type: ignore[arg-type]
    except MoneyError as exc:
        raise RuleSetError("bad_amount", what=what, detail=exc) from None


def _limits(
    data: Mapping[str, object], base: RuleSet | None, offered: Sequence[str]
) -> tuple[TableLimits, dict[str, TableLimits]]:
    table = _table(data, "limits")

    def read(key: str, fallback: TableLimits) -> TableLimits:
        entry = table[key]
        if not isinstance(entry, Mapping) or set(entry) - {"minimum", "maximum"}:
            raise RuleSetError("limits_entry", key=key, value=entry)
        return TableLimits(
            _amount(entry["minimum"], f"{key} minimum") if "minimum" in entry else fallback.minimum,
            _amount(entry["maximum"], f"{key} maximum") if "maximum" in entry else fallback.maximum,
        )

    default = base.limits if base else _DEFAULT_LIMITS
    if "default" in table:
        default = read("default", default)
    inherited = dict(base.bet_limits) if base else {}
    bet_limits = {n: lim for n, lim in inherited.items() if n in offered}
    for key in table:
        if key == "default":
            continue
        if key not in offered:
            raise RuleSetError("limits_unknown_bet", bet=key)
        bet_limits[key] = read(key, bet_limits.get(key, default))
    return default, bet_limits


# --- The built-in tables, and finding one by name ------------------------------------------------


def _find(name: str, tables: Mapping[str, RuleSet]) -> RuleSet:
    rule_set = tables.get(name)
    if rule_set is None:
        raise RuleSetError("unknown_rule_set", rule_set=name, names=", ".join(tables))
    return rule_set


def _read_all(
    tables: Iterable[Mapping[str, object]], bases: Mapping[str, RuleSet]
) -> dict[str, RuleSet]:
    """Read the catalogue's tables in order, each able to extend one read before it."""
    known = dict(bases)
    read: dict[str, RuleSet] = {}
    for data in tables:
        rule_set = _read(data, known)
        read[rule_set.name] = known[rule_set.name] = rule_set
    return read


RULE_SETS: Mapping[str, RuleSet] = MappingProxyType(_read_all(RULE_SET_DATA, {}))
"""The named rule sets, in display order."""

CHOICE_RULE_SETS: Mapping[str, RuleSet] = MappingProxyType(
    _read_all(CHOICE_RULE_SET_DATA, RULE_SETS)
)
"""Rule sets whose hands choose (their tableau has option cells; see ``baccarat.chemin``).

Kept apart from :data:`RULE_SETS`: dealing or pricing them needs both hands' strategies, which
the house tables and the reports that walk :data:`RULE_SETS` do not have. :func:`get_rule_set`
finds them by name."""

_ALL_RULE_SETS: Mapping[str, RuleSet] = MappingProxyType({**RULE_SETS, **CHOICE_RULE_SETS})

DEFAULT_RULE_SET = "punto-banco"
"""The rule set used when none is named."""

# The variants the built-in tables define, named here because it is their table that reads them.
TIE_9 = RULE_SETS["tie-9"].bets["tie"]
"""Tie 9:1."""
BANKER_NO_COMMISSION = RULE_SETS["no-commission"].bets["banker"]
"""No-commission (Super 6 / Punto 2000) Banker: 1:1, but a win with a total of 6 pays 1:2."""
BANKER_EZ = RULE_SETS["ez"].bets["banker"]
"""EZ Baccarat Banker: 1:1, but a win with a three-card 7 is a push."""
BANKER_EVEN = CHOICE_RULE_SETS["chemin-de-fer"].bets["banker"]
"""Banker 1:1 with no commission; a tie is a stand-off (Chemin de Fer, a private game)."""

# Every bet name the package knows, so an error can tell "no such bet" from "not at this table".
_KNOWN_BET_NAMES = frozenset(STANDARD_BETS).union(*(rs.bets for rs in _ALL_RULE_SETS.values()))


def rule_set_names() -> tuple[str, ...]:
    """The names of the built-in rule sets, the default first."""
    return tuple(RULE_SETS)


def get_rule_set(name: str = DEFAULT_RULE_SET) -> RuleSet:
    """The built-in rule set called ``name``.

    >>> get_rule_set("tie-9").bet("tie").top_pay
    Fraction(9, 1)
    >>> get_rule_set("macao")
    Traceback (most recent call last):
    ...
    baccarat.core.rules.RuleSetError: unknown rule set 'macao': expected one of punto-banco, tie-9, ...
    >>> get_rule_set("chemin-de-fer").tableau.has_options
    True
    """
    return _find(name, _ALL_RULE_SETS)
