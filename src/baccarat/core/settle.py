"""Settling the bets on one coup, exactly, in integer minor units.

Stakes are a mapping of bet name to stake in minor units. Every stake is checked against the rule
set first (the bet exists and is offered, the stake is a positive whole number of minor units within
the table limits); if any is wrong, nothing is settled. Each bet is then decided by its pay table and
paid through :func:`~baccarat.core.money.net_amount`, the one rounding rule.

Combinations are simply several bets on the same coup. With the seed house rules, a Tie plus a
Player bet on a tie returns the Player stake and pays only the Tie:

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> from baccarat.core.rules import get_rule_set
>>> coup = Coup.from_cards(parse_cards("4c 5d 4h 3s"))  # 8-8, a natural tie
>>> s = settle(coup, {"player": 10_000, "tie": 500}, get_rule_set("punto-banco"))
>>> [(b.bet, b.result.value, b.returned, b.net) for b in s.bets], s.net
([('player', 'push', 10000, 0), ('tie', 'win', 4500, 4000)], 4000)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar

from baccarat.core.bets import BetResult
from baccarat.core.coup import Coup
from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.money import net_amount
from baccarat.core.points import format_points
from baccarat.core.rules import RuleSet, get_rule_set

__all__ = [
    "BetSettlement",
    "Settlement",
    "StakeError",
    "check_stakes",
    "settle",
]


class StakeError(TemplatedError):
    """A stake that is not a positive whole number of minor units within the table limits."""

    templates: ClassVar[Mapping[str, str]] = {
        "stake_above_maximum": (
            "stake of {stake} on {bet!r} is above the table maximum of {maximum} ({rule_set})"
        ),
        "stake_below_minimum": (
            "stake of {stake} on {bet!r} is below the table minimum of {minimum} ({rule_set})"
        ),
        "stake_not_positive": "stake on {bet!r} must be positive, got {stake} points",
        # A bet no coup from a full shoe of this many decks pays (the odds' exact counts say so).
        "stake_cannot_win": (
            "{bet!r} cannot win at this table: no coup dealt from a full shoe of {decks} "
            "deck(s) pays it"
        ),
    }
    points: ClassVar[Mapping[str, frozenset[str]]] = {
        "stake_not_positive": frozenset({"stake"}),
    }
    amounts: ClassVar[Mapping[str, frozenset[str]]] = {
        "stake_above_maximum": frozenset({"maximum", "stake"}),
        "stake_below_minimum": frozenset({"minimum", "stake"}),
    }


@dataclass(frozen=True, slots=True)
class BetSettlement:
    """One bet on one coup: the stake, how it ended, what came back and the net (minor units).

    ``returned`` is what the player gets back, stake included (0 on a loss, the stake on a push);
    ``net`` is ``returned - stake``.
    """

    bet: str
    stake: int
    result: BetResult
    returned: int
    net: int

    def to_data(self) -> dict[str, str]:
        """JSON-ready, amounts as exact decimal strings of points."""
        return {
            "bet": self.bet,
            "stake": format_points(self.stake),
            "result": self.result.value,
            "returned": format_points(self.returned),
            "net": format_points(self.net),
        }


@dataclass(frozen=True, slots=True)
class Settlement:
    """Every bet settled on one coup, in the order the stakes were given."""

    rule_set: str
    bets: tuple[BetSettlement, ...]

    @property
    def staked(self) -> int:
        return sum(b.stake for b in self.bets)

    @property
    def returned(self) -> int:
        return sum(b.returned for b in self.bets)

    @property
    def net(self) -> int:
        """The coup's total net for the player, in minor units."""
        return sum(b.net for b in self.bets)

    def to_data(self) -> dict[str, object]:
        """JSON-ready: ``{"rules", "bets": [...], "staked", "returned", "net"}``, amounts in points."""
        return {
            "rules": self.rule_set,
            "bets": [b.to_data() for b in self.bets],
            "staked": format_points(self.staked),
            "returned": format_points(self.returned),
            "net": format_points(self.net),
        }


def check_stakes(stakes: Mapping[str, int], rule_set: RuleSet) -> None:
    """Raise on the first stake the table would refuse; return quietly when all are good.

    >>> check_stakes({"banker": 50}, get_rule_set())
    Traceback (most recent call last):
    ...
    baccarat.core.settle.StakeError: stake of 0.5 points on 'banker' is below the table minimum of 1 point ...
    """
    for name, stake in stakes.items():
        limits = rule_set.limits_for(name)  # raises BetError for an unknown or unoffered bet
        if isinstance(stake, bool) or not isinstance(stake, int):
            raise StakeError(
                f"stake on {name!r} must be a whole number of minor units, got {stake!r}"
            )
        if stake <= 0:
            raise StakeError("stake_not_positive", bet=name, stake=stake)
        if stake < limits.minimum:
            raise StakeError(
                "stake_below_minimum",
                bet=name,
                stake=stake,
                minimum=limits.minimum,
                rule_set=rule_set.name,
            )
        if stake > limits.maximum:
            raise StakeError(
                "stake_above_maximum",
                bet=name,
                stake=stake,
                maximum=limits.maximum,
                rule_set=rule_set.name,
            )


def _dealt_by(coup: Coup, rules: RuleSet) -> bool:
    """Whether dealing the coup's cards by the rule set's tableau gives the same coup.

    Where the tableau leaves a hand a choice, the choice the coup records is replayed.
    """
    recorded = {step.side: step.action for step in coup.steps}
    try:
        redealt = Coup.from_cards(
            coup.cards_in_order, rules.tableau, lambda point: recorded[point.side]
        )
    except (BaccaratError, KeyError):
        return False
    return redealt == coup


def settle(coup: Coup, stakes: Mapping[str, int], rule_set: RuleSet | None = None) -> Settlement:
    """Settle ``stakes`` (bet name → minor units) on ``coup`` under ``rule_set`` (default punto-banco).

    All stakes are checked before any is settled; a bad one raises a
    :class:`~baccarat.core.errors.BaccaratError` naming it.

    >>> from baccarat.core.cards import parse_cards
    >>> from baccarat.core.coup import Coup
    >>> coup = Coup.from_cards(parse_cards("2c 3d 3h 3s Kc"))  # the Banker wins 6-5 on two cards
    >>> settle(coup, {"banker": 1250}).bets[0].net  # 11.875 points, rounded down
    1187
    >>> settle(coup, {"banker": 1250}, get_rule_set("no-commission")).bets[0].net
    625
    """
    rules = rule_set if rule_set is not None else get_rule_set()
    check_stakes(stakes, rules)
    if not _dealt_by(coup, rules):
        raise BaccaratError(
            f"this coup was not dealt by the draw rules of rule set {rules.name!r} "
            f"(tableau {rules.tableau.name!r})"
        )
    settled = []
    for name, stake in stakes.items():
        bet = rules.bet(name)
        per_unit = bet.net(bet.index_of(coup))
        net = net_amount(stake, per_unit)
        settled.append(BetSettlement(name, stake, BetResult.of_net(per_unit), stake + net, net))
    return Settlement(rules.name, tuple(settled))
