"""Rule sets: a table's draw rules, the bets it offers with their pay tables, and its limits.

Four tables are named: ``punto-banco`` (the default: Banker 0.95:1, Tie 8:1), ``tie-9`` (Tie 9:1),
``no-commission`` (Super 6 / Punto 2000: a Banker win on 6 pays 1:2) and ``ez`` (a Banker win with a
three-card 7 pushes). Every one is plain data — a :class:`RuleSet` of :class:`~baccarat.core.bets.Bet`
pay tables — so a new table is new data, not new code, and can be read from TOML.

>>> rules = get_rule_set("no-commission")
>>> rules.bet("banker").describe()[0], rules.limits_for("super_6")
('winner = banker, banker_total = 6 → 1:2', TableLimits(minimum=100, maximum=100000))
>>> rule_set_names()
('punto-banco', 'tie-9', 'no-commission', 'ez')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
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
)
from baccarat.core.errors import BaccaratError
from baccarat.core.money import format_points
from baccarat.core.tableau import PUNTO_BANCO, Tableau

__all__ = [
    "DEFAULT_RULE_SET",
    "RULE_SETS",
    "RuleSet",
    "RuleSetError",
    "TableLimits",
    "get_rule_set",
    "rule_set_names",
]


class RuleSetError(BaccaratError):
    """A rule set that is unknown or malformed."""


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
                raise RuleSetError(f"a table limit is a whole number of minor units, got {value!r}")
        if not 0 < self.minimum <= self.maximum:
            raise RuleSetError(
                f"table limits must satisfy 0 < minimum <= maximum, got minimum "
                f"{format_points(self.minimum)} and maximum {format_points(self.maximum)} points"
            )

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
            raise RuleSetError(
                f"bad rule set name {self.name!r}: use lower-case letters, digits and '-'"
            )
        for key, bet in self.bets.items():
            if key != bet.name:
                raise RuleSetError(f"rule set {self.name!r}: bet {bet.name!r} is filed as {key!r}")
        if not self.bets:
            raise RuleSetError(f"rule set {self.name!r} offers no bets")
        stray = [name for name in self.bet_limits if name not in self.bets]
        if stray:
            raise RuleSetError(
                f"rule set {self.name!r} sets limits for bets it does not offer: {', '.join(stray)}"
            )
        # Read-only views, so a rule set cannot change once built.
        object.__setattr__(self, "bets", MappingProxyType(dict(self.bets)))
        object.__setattr__(self, "bet_limits", MappingProxyType(dict(self.bet_limits)))

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
                raise RuleSetError(f"rule set {name!r} offers bet {bet.name!r} twice")
            offered[bet.name] = bet
        return cls(name, title, offered, limits, bet_limits or {}, tableau, description)

    def bet(self, name: str) -> Bet:
        """The bet called ``name`` at this table.

        >>> get_rule_set("ez").bet("super_6")
        Traceback (most recent call last):
        ...
        baccarat.core.bets.BetError: bet 'super_6' is not offered by rule set 'ez' (it offers player, banker, tie, ...)
        >>> get_rule_set("ez").bet("lucky_7")
        Traceback (most recent call last):
        ...
        baccarat.core.bets.BetError: unknown bet 'lucky_7': rule set 'ez' offers player, banker, tie, dragon_7, ...
        """
        bet = self.bets.get(name)
        if bet is not None:
            return bet
        offers = bet_names_text(self.bets)
        if name in _KNOWN_BET_NAMES:
            raise BetError(
                f"bet {name!r} is not offered by rule set {self.name!r} (it offers {offers})"
            )
        raise BetError(f"unknown bet {name!r}: rule set {self.name!r} offers {offers}")

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

DEFAULT_RULE_SET = "punto-banco"
"""The rule set used when none is named."""

# Every bet name the package knows, so an error can tell "no such bet" from "not at this table".
_KNOWN_BET_NAMES = frozenset(STANDARD_BETS).union(*(rs.bets for rs in _BUILT_IN))


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
    baccarat.core.rules.RuleSetError: unknown rule set 'macao': expected one of punto-banco, tie-9, no-commission, ez
    """
    rule_set = RULE_SETS.get(name)
    if rule_set is None:
        raise RuleSetError(
            f"unknown rule set {name!r}: expected one of {', '.join(rule_set_names())}"
        )
    return rule_set
