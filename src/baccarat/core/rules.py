"""Rule sets: a table's draw rules, the bets it offers with their pay tables, and its limits.

Four tables are named: ``punto-banco`` (the default: Banker 0.95:1, Tie 8:1), ``tie-9`` (Tie 9:1),
``no-commission`` (Super 6 / Punto 2000: a Banker win on 6 pays 1:2) and ``ez`` (a Banker win with a
three-card 7 pushes); ``chemin-de-fer``, where the hands choose, is kept apart
(:data:`CHOICE_RULE_SETS`). Every one is plain data — a :class:`RuleSet` of :class:`~baccarat.core.bets.Bet`
pay tables — so a new table is new data, not new code, and can be read from TOML.

>>> rules = get_rule_set("no-commission")
>>> rules.bet("banker").describe()[0], rules.limits_for("super_6")
('winner = banker, banker_total = 6 → 1:2', TableLimits(minimum=100, maximum=100000))
>>> rule_set_names()
('punto-banco', 'tie-9', 'no-commission', 'ez')
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from types import MappingProxyType

from baccarat.core.bets import (
    BANKER,
    BANKER_EZ,
    BANKER_NO_COMMISSION,
    BANKER_PAIR,
    BIG,
    BIG_TIGER,
    DRAGON_7,
    DRAGON_BONUS_BANKER,
    DRAGON_BONUS_PLAYER,
    EGALITE_BETS,
    EITHER_PAIR,
    PANDA_8,
    PERFECT_PAIR,
    PLAYER,
    PLAYER_PAIR,
    SMALL,
    SMALL_TIGER,
    STANDARD_BETS,
    SUPER_6,
    TIE,
    TIE_9,
    Bet,
    BetError,
    bet_names_text,
    egalite_bet,
    format_pays,
    parse_pays,
)
from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.money import MoneyError, format_points, parse_points
from baccarat.core.tableau import BANKER_DISCRETION, CHEMIN_DE_FER, PUNTO_BANCO, Tableau

__all__ = [
    "BANKER_EVEN",
    "CHOICE_RULE_SETS",
    "DEFAULT_RULE_SET",
    "RULE_SETS",
    "BetNotOfferedError",
    "RuleSet",
    "RuleSetError",
    "TableLimits",
    "UnknownBetError",
    "UnknownRuleSetError",
    "get_rule_set",
    "rule_set_from_data",
    "rule_set_from_toml",
    "rule_set_names",
    "rule_set_to_toml",
]


class RuleSetError(BaccaratError):
    """A rule set that is unknown or malformed."""


# The mistakes a rule set file or table can make, each a message of its own so that a reader sees
# it in their language (the English templates are extracted into the catalogs).
class TableLimitTypeError(RuleSetError, TemplatedError):
    code = "table_limit_type"
    template = "a table limit is a whole number of minor units, got {value!r}"


class TableLimitOrderError(RuleSetError, TemplatedError):
    code = "table_limit_order"
    template = (
        "table limits must satisfy 0 < minimum <= maximum, "
        "got minimum {minimum} and maximum {maximum} points"
    )
    points = frozenset({"minimum", "maximum"})


class BadRuleSetNameError(RuleSetError, TemplatedError):
    code = "bad_rule_set_name"
    template = "bad rule set name {name!r}: use lower-case letters, digits and '-'"


class BetFiledWrongError(RuleSetError, TemplatedError):
    code = "bet_filed_wrong"
    template = "rule set {rule_set!r}: bet {bet!r} is filed as {key!r}"


class NoBetsError(RuleSetError, TemplatedError):
    code = "no_bets"
    template = "rule set {rule_set!r} offers no bets"


class StrayLimitsError(RuleSetError, TemplatedError):
    code = "stray_limits"
    template = "rule set {rule_set!r} sets limits for bets it does not offer: {bets}"


class BetTwiceError(RuleSetError, TemplatedError):
    code = "bet_twice"
    template = "rule set {rule_set!r} offers bet {bet!r} twice"


class NotTomlTextError(RuleSetError, TemplatedError):
    code = "not_toml_text"
    template = "expected TOML text, got {kind}"


class MalformedTomlError(RuleSetError, TemplatedError):
    code = "malformed_toml"
    template = "malformed TOML: {detail}"


class RuleSetNameMissingError(RuleSetError, TemplatedError):
    code = "rule_set_name_missing"
    template = "a rule set needs a name (a string), got {name!r}"


class UnknownRuleSetKeysError(RuleSetError, TemplatedError):
    code = "unknown_rule_set_keys"
    template = "rule set {rule_set!r}: unknown key(s) {keys}: expected {expected}"


class InRuleSetError(RuleSetError, TemplatedError):
    code = "in_rule_set"
    template = "rule set {rule_set!r}: {detail}"


class NotAStringError(RuleSetError, TemplatedError):
    code = "not_a_string"
    template = "{key} must be a string, got {value!r}"


class NotATableError(RuleSetError, TemplatedError):
    code = "not_a_table"
    template = "[{key}] must be a table, got {value!r}"


class BadExtendsError(RuleSetError, TemplatedError):
    code = "bad_extends"
    template = "extends must be the name of a rule set, got {extends!r}"


class UnknownTableauError(RuleSetError, TemplatedError):
    code = "unknown_tableau"
    template = "unknown tableau {tableau!r}: expected one of {names}"


class BetNotATableError(RuleSetError, TemplatedError):
    code = "bet_not_a_table"
    template = "[bets.{bet}] must be a table, got {value!r}"


class EgaliteKeyError(RuleSetError, TemplatedError):
    code = "egalite_key"
    template = "[egalite] keys are tie totals 0-9, got {key!r}"


class BetDefinedTwiceError(RuleSetError, TemplatedError):
    code = "bet_defined_twice"
    template = "{bet} is defined both under [bets] and under [egalite]"


class OffersUnknownBetError(RuleSetError, TemplatedError):
    code = "offers_unknown_bet"
    template = "offers unknown bet {bet!r}: define it under [bets.{bet}] or use one of {bets}"


class OffersNotListError(RuleSetError, TemplatedError):
    code = "offers_not_list"
    template = "offers must be a list of bet names, got {value!r}"


class OffersRepeatedError(RuleSetError, TemplatedError):
    code = "offers_repeated"
    template = "offers lists {bets} more than once"


class FloatAmountError(RuleSetError, TemplatedError):
    code = "float_amount"
    template = '{what} {value!r} is a float: write it as a string ("{value}") or an integer'


class BadAmountError(RuleSetError, TemplatedError):
    code = "bad_amount"
    template = "{what}: {detail}"


class LimitsEntryError(RuleSetError, TemplatedError):
    code = "limits_entry"
    template = "[limits] {key} must be a table of minimum and maximum, got {value!r}"


class LimitsUnknownBetError(RuleSetError, TemplatedError):
    code = "limits_unknown_bet"
    template = "[limits] names bet {bet!r}, which this table does not offer"


class UnknownRuleSetError(RuleSetError, TemplatedError):
    code = "unknown_rule_set"
    template = "unknown rule set {rule_set!r}: expected one of {names}"


class UnknownBetError(BetError, TemplatedError):
    """A bet no rule set knows, asked of a table (``offers``: the bets the table has)."""

    code = "unknown_bet"
    template = "unknown bet {bet!r}: rule set {rule_set!r} offers {offers}"


class BetNotOfferedError(BetError, TemplatedError):
    """A bet of another table, asked of this one."""

    code = "bet_not_offered"
    template = "bet {bet!r} is not offered by rule set {rule_set!r} (it offers {offers})"


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
                raise TableLimitTypeError(value=value)
        if not 0 < self.minimum <= self.maximum:
            raise TableLimitOrderError(minimum=self.minimum, maximum=self.maximum)

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
            raise BadRuleSetNameError(name=self.name)
        for key, bet in self.bets.items():
            if key != bet.name:
                raise BetFiledWrongError(rule_set=self.name, bet=bet.name, key=key)
        if not self.bets:
            raise NoBetsError(rule_set=self.name)
        stray = [name for name in self.bet_limits if name not in self.bets]
        if stray:
            raise StrayLimitsError(rule_set=self.name, bets=", ".join(stray))
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
                raise BetTwiceError(rule_set=name, bet=bet.name)
            offered[bet.name] = bet
        return cls(name, title, offered, limits, bet_limits or {}, tableau, description)

    def bet(self, name: str) -> Bet:
        """The bet called ``name`` at this table.

        >>> get_rule_set("ez").bet("super_6")
        Traceback (most recent call last):
        ...
        baccarat.core.rules.BetNotOfferedError: bet 'super_6' is not offered by rule set 'ez' (it offers player, ...)
        >>> get_rule_set("ez").bet("lucky_7")
        Traceback (most recent call last):
        ...
        baccarat.core.rules.UnknownBetError: unknown bet 'lucky_7': rule set 'ez' offers player, banker, tie, dragon_7, ...
        """
        bet = self.bets.get(name)
        if bet is not None:
            return bet
        offers = bet_names_text(self.bets)
        if name in _KNOWN_BET_NAMES:
            raise BetNotOfferedError(bet=name, rule_set=self.name, offers=offers)
        raise UnknownBetError(bet=name, rule_set=self.name, offers=offers)

    def limits_for(self, name: str) -> TableLimits:
        """The limits of the bet called ``name`` (which must be offered)."""
        return self.bet_limits.get(self.bet(name).name, self.limits)


# Stakes are in minor units: side bets and the Tie take 1 to 1,000 points, Player and Banker up to
# 10,000 — a typical ratio of main-bet to side-bet maxima.
_SIDE_LIMITS = TableLimits(100, 100_000)
_MAIN_LIMITS = {"player": TableLimits(100, 1_000_000), "banker": TableLimits(100, 1_000_000)}

_CLASSIC_SIDE_BETS = (
    PLAYER_PAIR,
    BANKER_PAIR,
    EITHER_PAIR,
    PERFECT_PAIR,
    DRAGON_BONUS_PLAYER,
    DRAGON_BONUS_BANKER,
    BIG,
    SMALL,
    *EGALITE_BETS,
)

_BUILT_IN = (
    RuleSet.of(
        "punto-banco",
        "Punto Banco",
        (PLAYER, BANKER, TIE, *_CLASSIC_SIDE_BETS),
        _SIDE_LIMITS,
        _MAIN_LIMITS,
        description="Player 1:1; Banker 0.95:1 (5 % commission); Tie 8:1; a tie pushes Player and Banker.",
    ),
    RuleSet.of(
        "tie-9",
        "Punto Banco, Tie 9:1",
        (PLAYER, BANKER, TIE_9, *_CLASSIC_SIDE_BETS),
        _SIDE_LIMITS,
        _MAIN_LIMITS,
        description="As punto-banco, with the Tie paying 9:1.",
    ),
    RuleSet.of(
        "no-commission",
        "No-commission (Super 6 / Punto 2000)",
        (
            PLAYER,
            BANKER_NO_COMMISSION,
            TIE,
            *_CLASSIC_SIDE_BETS,
            SUPER_6,
            BIG_TIGER,
            SMALL_TIGER,
        ),
        _SIDE_LIMITS,
        _MAIN_LIMITS,
        description="Banker 1:1 with no commission, except a Banker win on 6 pays 1:2.",
    ),
    RuleSet.of(
        "ez",
        "EZ Baccarat",
        (PLAYER, BANKER_EZ, TIE, DRAGON_7, PANDA_8, PLAYER_PAIR, BANKER_PAIR),
        _SIDE_LIMITS,
        _MAIN_LIMITS,
        description="Banker 1:1 with no commission, except a Banker win with a three-card 7 pushes.",
    ),
)

RULE_SETS: Mapping[str, RuleSet] = MappingProxyType({rs.name: rs for rs in _BUILT_IN})
"""The named rule sets, in display order."""

# Chemin de Fer is a private game: the Banker's win is paid even money. A house that takes a cut
# from the bank writes it in TOML (extends = "chemin-de-fer", a "banker" bet paying "19/20").
BANKER_EVEN = Bet.from_data(
    "banker",
    {
        "title": "Banker (no commission)",
        "rules": [
            {"when": {"winner": "banker"}, "pays": "1"},
            {"when": {"winner": "tie"}, "pays": "push"},
        ],
    },
)
"""Banker 1:1 with no commission; a tie is a stand-off."""

CHOICE_RULE_SETS: Mapping[str, RuleSet] = MappingProxyType(
    {
        rs.name: rs
        for rs in (
            RuleSet.of(
                "chemin-de-fer",
                "Chemin de Fer",
                (PLAYER, BANKER_EVEN),
                _SIDE_LIMITS,
                _MAIN_LIMITS,
                tableau=CHEMIN_DE_FER,
                description="The Player may draw or stand on 5; the Banker chooses on 3 v 9 and "
                "5 v 4; Player and Banker 1:1 with no commission; a tie is a stand-off.",
            ),
        )
    }
)
"""Rule sets whose hands choose (their tableau has option cells; see ``baccarat.chemin``).

Kept apart from :data:`RULE_SETS`: dealing or pricing them needs both hands' strategies, which
the house tables and the reports that walk :data:`RULE_SETS` do not have. :func:`get_rule_set`
finds them by name."""

DEFAULT_RULE_SET = "punto-banco"
"""The rule set used when none is named."""

# Every bet name the package knows, so an error can tell "no such bet" from "not at this table".
_KNOWN_BET_NAMES = frozenset(STANDARD_BETS).union(
    *(rs.bets for rs in (*_BUILT_IN, *CHOICE_RULE_SETS.values()))
)


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
    baccarat.core.rules.UnknownRuleSetError: unknown rule set 'macao': expected one of punto-banco, tie-9, ...
    >>> get_rule_set("chemin-de-fer").tableau.has_options
    True
    """
    rule_set = RULE_SETS.get(name) or CHOICE_RULE_SETS.get(name)
    if rule_set is None:
        names = (*rule_set_names(), *CHOICE_RULE_SETS)
        raise UnknownRuleSetError(rule_set=name, names=", ".join(names))
    return rule_set


# --- TOML ---------------------------------------------------------------------------------------

_TABLEAUX: Mapping[str, Tableau] = {
    tableau.name: tableau for tableau in (PUNTO_BANCO, CHEMIN_DE_FER, BANKER_DISCRETION)
}
_TOP_KEYS = ("name", "title", "description", "extends", "tableau", "offers", "limits", "egalite")
_EGALITE = tuple(f"egalite_{total}" for total in range(10))


def rule_set_from_toml(text: str) -> RuleSet:
    """Read a rule set from TOML text (the format is in ``docs/bets.md``).

    >>> rules = rule_set_from_toml('''
    ... name = "high-tie"
    ... extends = "punto-banco"
    ... offers = ["player", "banker", "tie", "lucky_6"]
    ... [bets.tie]
    ... rules = [{ when = { winner = "tie" }, pays = "9:1" }]
    ... [bets.lucky_6]
    ... rules = [{ when = { winner = "banker", banker_total = 6 }, pays = "12:1" }]
    ... [limits]
    ... lucky_6 = { maximum = "100" }
    ... ''')
    >>> list(rules.bets), rules.bet("tie").top_pay, rules.limits_for("lucky_6").text()
    (['player', 'banker', 'tie', 'lucky_6'], Fraction(9, 1), '1 to 100 points')
    >>> rule_set_from_toml('name = "x"\\noffers = ["player", "lucky"]')
    Traceback (most recent call last):
    ...
    baccarat.core.rules.InRuleSetError: rule set 'x': offers unknown bet 'lucky': define it under [bets.lucky] or ...
    >>> rule_set_from_toml("name = ")
    Traceback (most recent call last):
    ...
    baccarat.core.rules.MalformedTomlError: malformed TOML: Invalid value (at end of document)
    """
    if not isinstance(text, str):
        raise NotTomlTextError(kind=type(text).__name__)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise MalformedTomlError(detail=str(exc)) from None
    return rule_set_from_data(data)


def rule_set_from_data(data: Mapping[str, object]) -> RuleSet:
    """Read a rule set from plain data (parsed TOML or JSON); every mistake is a RuleSetError."""
    name = data.get("name")
    if not isinstance(name, str):
        raise RuleSetNameMissingError(name=name)
    where = f"rule set {name!r}"
    unknown = sorted(set(data) - {*_TOP_KEYS, "bets"})
    if unknown:
        raise UnknownRuleSetKeysError(
            rule_set=name, keys=", ".join(unknown), expected=", ".join((*_TOP_KEYS, "bets"))
        )
    try:
        return _read_rule_set(name, data)
    except RuleSetError as exc:
        if str(exc).startswith(where):
            raise exc from None  # it names the rule set already
        raise InRuleSetError(rule_set=name, detail=exc) from None
    except BetError as exc:
        raise InRuleSetError(rule_set=name, detail=exc) from None


def _string(data: Mapping[str, object], key: str, default: str) -> str:
    value = data.get(key, default)
    if not isinstance(value, str):
        raise NotAStringError(key=key, value=value)
    return value


def _table(data: Mapping[str, object], key: str) -> Mapping[str, object]:
    value = data.get(key, {})
    if not isinstance(value, Mapping):
        raise NotATableError(key=key, value=value)
    return value


def _read_rule_set(name: str, data: Mapping[str, object]) -> RuleSet:
    extends = data.get("extends")
    if extends is not None and not isinstance(extends, str):
        raise BadExtendsError(extends=extends)
    base = get_rule_set(extends) if extends is not None else None

    tableau_name = _string(data, "tableau", (base.tableau if base else PUNTO_BANCO).name)
    tableau = _TABLEAUX.get(tableau_name)
    if tableau is None:
        raise UnknownTableauError(tableau=tableau_name, names=", ".join(_TABLEAUX))

    # Bets defined in this file: full pay tables under [bets.<name>], Egalité pays under [egalite].
    defined: dict[str, Bet] = {}
    for bet_name, bet_data in _table(data, "bets").items():
        if not isinstance(bet_data, Mapping):
            raise BetNotATableError(bet=bet_name, value=bet_data)
        defined[bet_name] = Bet.from_data(bet_name, bet_data)
    for total_text, pays in _table(data, "egalite").items():
        if total_text not in {str(t) for t in range(10)}:
            raise EgaliteKeyError(key=total_text)
        bet = egalite_bet(int(total_text), parse_pays(pays))
        if bet.name in defined:
            raise BetDefinedTwiceError(bet=bet.name)
        defined[bet.name] = bet

    offers = _offers(data, base)
    bets: list[Bet] = []
    for bet_name in offers:
        # A bet defined here wins over the base table's, which wins over the standard one.
        found = defined.get(bet_name) or (base.bets.get(bet_name) if base else None)
        found = found or STANDARD_BETS.get(bet_name)
        if found is None:
            raise OffersUnknownBetError(bet=bet_name, bets=bet_names_text(STANDARD_BETS))
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
        raise OffersNotListError(value=raw)
    # "egalite" stands for the ten Egalité bets, one per tie total.
    names = [n for item in raw for n in (_EGALITE if item == "egalite" else (item,))]
    repeated = sorted({n for n in names if names.count(n) > 1})
    if repeated:
        raise OffersRepeatedError(bets=", ".join(repeated))
    return names


def _amount(raw: object, what: str) -> int:
    if isinstance(raw, float):
        raise FloatAmountError(what=what, value=raw)
    try:
        return parse_points(raw)  # type: ignore[arg-type]
    except MoneyError as exc:
        raise BadAmountError(what=what, detail=exc) from None


def _limits(
    data: Mapping[str, object], base: RuleSet | None, offered: Sequence[str]
) -> tuple[TableLimits, dict[str, TableLimits]]:
    table = _table(data, "limits")

    def read(key: str, fallback: TableLimits) -> TableLimits:
        entry = table[key]
        if not isinstance(entry, Mapping) or set(entry) - {"minimum", "maximum"}:
            raise LimitsEntryError(key=key, value=entry)
        return TableLimits(
            _amount(entry["minimum"], f"{key} minimum") if "minimum" in entry else fallback.minimum,
            _amount(entry["maximum"], f"{key} maximum") if "maximum" in entry else fallback.maximum,
        )

    default = base.limits if base else _SIDE_LIMITS
    if "default" in table:
        default = read("default", default)
    inherited = dict(base.bet_limits) if base else {}
    bet_limits = {n: lim for n, lim in inherited.items() if n in offered}
    for key in table:
        if key == "default":
            continue
        if key not in offered:
            raise LimitsUnknownBetError(bet=key)
        bet_limits[key] = read(key, bet_limits.get(key, default))
    return default, bet_limits


def rule_set_to_toml(rule_set: RuleSet) -> str:
    """The rule set as TOML that :func:`rule_set_from_toml` reads back to an equal rule set.

    Bets identical to the standard ones are only named in ``offers``; the others are written out.

    >>> print(rule_set_to_toml(get_rule_set("ez")).split("[bets.banker]")[1].strip())
    title = "Banker (EZ)"
    rules = [
        { when = { winner = "banker", banker_total = 7, banker_cards = 3 }, pays = "push" },
        { when = { winner = "banker" }, pays = "1:1" },
        { when = { winner = "tie" }, pays = "push" },
    ]
    """
    names = list(rule_set.bets)
    if _EGALITE[0] in names:
        start = names.index(_EGALITE[0])
        if tuple(names[start : start + 10]) == _EGALITE:
            names[start : start + 10] = ["egalite"]
    lines = [
        f"name = {_toml_value(rule_set.name)}",
        f"title = {_toml_value(rule_set.title)}",
    ]
    if rule_set.description:
        lines.append(f"description = {_toml_value(rule_set.description)}")
    lines.append(f"tableau = {_toml_value(rule_set.tableau.name)}")
    lines.append("offers = [")
    lines += [f"    {_toml_value(n)}," for n in names]
    lines += ["]", "", "[limits]  # in points", f"default = {_limits_toml(rule_set.limits)}"]
    lines += [f"{n} = {_limits_toml(lim)}" for n, lim in rule_set.bet_limits.items()]
    for bet in rule_set.bets.values():
        if STANDARD_BETS.get(bet.name) == bet:
            continue
        data = bet.to_data()
        lines += ["", f"[bets.{bet.name}]", f"title = {_toml_value(bet.title)}"]
        if "domain" in data:
            lines.append(f"domain = {_toml_value(data['domain'])}")
        lines.append("rules = [")
        for rule in bet.rules:
            when = ", ".join(f"{c.field.value} = {_toml_value(c.to_data())}" for c in rule.when)
            when_text = f"{{ {when} }}" if when else "{}"
            lines.append(
                f"    {{ when = {when_text}, pays = {_toml_value(format_pays(rule.pays))} }},"
            )
        lines.append("]")
    return "\n".join(lines) + "\n"


def _limits_toml(limits: TableLimits) -> str:
    return (
        f"{{ minimum = {_toml_value(format_points(limits.minimum))}, "
        f"maximum = {_toml_value(format_points(limits.maximum))} }}"
    )


# A TOML basic string escapes the quote, the backslash and every control character but tab.
_TOML_ESCAPES = {chr(c): f"\\u{c:04x}" for c in (*range(0x20), 0x7F)} | {
    "\t": "\t",
    "\n": "\\n",
    '"': '\\"',
    "\\": "\\\\",
}


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(_TOML_ESCAPES.get(ch, ch) for ch in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")
