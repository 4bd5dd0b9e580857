"""The bets a study targets, as the count kernel reads them: whole-number nets per class.

The kernels tally the 400 summary classes and the 9 pair classes, so a target bet must read one
of those. A card-level bet whose every test is a hand's *two-card total* of 8 or 9 (a natural:
the Natural 8 and Natural 9 bets of Thorp and Walden) reads the summary after all — a hand whose
first two cards make 8 or 9 stands on them, and a two-card 8 or 9 is a natural — so it is
rewritten as the summary bet it equals (``tests/lab/test_bets.py`` checks the two against the
exact analyzer); any other card-level bet is refused.

>>> from baccarat.core.rules import get_rule_set
>>> bet = target_bet(get_rule_set("naturals"), "player_natural_9")
>>> bet.domain.value, bet.describe()[0]
('summary', 'player_total = 9, player_cards = 2 → 9:1')
>>> nets, scale = whole_nets([bet])
>>> scale, nets[0][:2]
(1, (-1, -1))
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from fractions import Fraction

from baccarat.core.bets import Bet, PayRule
from baccarat.core.conditions import Condition, Domain, Field
from baccarat.core.rules import RuleSet
from baccarat.lab.strategy import LabError

__all__ = ["MAX_SCALE", "target_bet", "whole_nets"]

MAX_SCALE = 10_000
"""The largest common denominator of the pays a study takes (0.95:1 is 20)."""

_NATURALS = {
    Field.PLAYER_TWO_CARD_TOTAL: (Field.PLAYER_TOTAL, Field.PLAYER_CARDS),
    Field.BANKER_TWO_CARD_TOTAL: (Field.BANKER_TOTAL, Field.BANKER_CARDS),
}


def target_bet(rule_set: RuleSet, name: str) -> Bet:
    """The bet ``name`` of ``rule_set`` over the summary or the pairs (see the module)."""
    bet = rule_set.bet(name)
    if bet.domain is not Domain.CARDS:
        return bet
    rules = []
    for rule in bet.rules:
        when = []
        for test in rule.when:
            if (
                not isinstance(test, Condition)
                or not isinstance(test.field, Field)
                or test.field not in _NATURALS
                or not set(test.values) <= {8, 9}
            ):
                raise LabError("lab_card_level_bet", bet=name)
            total, cards = _NATURALS[test.field]
            when += [Condition(total, test.values), Condition(cards, (2,))]
        rules.append(PayRule(tuple(when), rule.pays))
    return Bet(bet.name, Domain.SUMMARY, tuple(rules), bet.title)


def whole_nets(bets: Sequence[Bet]) -> tuple[list[tuple[int, ...]], int]:
    """Each bet's nets by class times the pays' common denominator, and that denominator."""
    vectors = [bet.outcome_vector() for bet in bets]
    scale = 1
    for vector in vectors:
        for net in vector:
            scale = math.lcm(scale, Fraction(net).denominator)
    if scale > MAX_SCALE:
        raise LabError("lab_card_level_bet", bet=bets[0].name)
    return [tuple(int(net * scale) for net in vector) for vector in vectors], scale
