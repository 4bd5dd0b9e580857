"""The catalogue: every built-in bet and rule set, checked against a golden record of the objects
the code built before the catalogue became data (``tests/golden/bets/catalogue.json``).

After an intended change to a built-in, ``UPDATE_GOLDEN=1 pytest tests/core/test_catalogue.py``
rewrites the record; read its diff before committing it.
"""

from __future__ import annotations

import hashlib
import json

from baccarat.core import catalogue, rules
from baccarat.core.bets import Bet
from baccarat.core.rules import CHOICE_RULE_SETS, DEFAULT_RULE_SET, RULE_SETS, RuleSet, TableLimits
from support.golden import check_golden

# Every named bet constant, by the name it is imported under.
NAMED_BETS = {
    "PLAYER": catalogue.PLAYER,
    "BANKER": catalogue.BANKER,
    "BANKER_NO_COMMISSION": rules.BANKER_NO_COMMISSION,
    "BANKER_EZ": rules.BANKER_EZ,
    "BANKER_EVEN": rules.BANKER_EVEN,
    "TIE": catalogue.TIE,
    "TIE_9": rules.TIE_9,
    "PLAYER_PAIR": catalogue.PLAYER_PAIR,
    "BANKER_PAIR": catalogue.BANKER_PAIR,
    "EITHER_PAIR": catalogue.EITHER_PAIR,
    "PERFECT_PAIR": catalogue.PERFECT_PAIR,
    "PERFECT_PAIR_TWO_LEVEL": catalogue.PERFECT_PAIR_TWO_LEVEL,
    "DRAGON_BONUS_PLAYER": catalogue.DRAGON_BONUS_PLAYER,
    "DRAGON_BONUS_BANKER": catalogue.DRAGON_BONUS_BANKER,
    "BIG": catalogue.BIG,
    "SMALL": catalogue.SMALL,
    "DRAGON_7": catalogue.DRAGON_7,
    "PANDA_8": catalogue.PANDA_8,
    "SUPER_6": catalogue.SUPER_6,
    "BIG_TIGER": catalogue.BIG_TIGER,
    "SMALL_TIGER": catalogue.SMALL_TIGER,
}


def _bet(bet: Bet) -> dict[str, object]:
    """Everything a bet compares by, and a digest of the net it pays on each class."""
    vector = ",".join(str(net) for net in bet.outcome_vector())
    return {
        "name": bet.name,
        "title": bet.title,
        "domain": bet.domain.value,
        "rules": [
            {"when": [[c.field.value, c.to_data()] for c in rule.when], "pays": str(rule.pays)}
            for rule in bet.rules
        ],
        "vector_sha256": hashlib.sha256(vector.encode()).hexdigest(),
    }


def _limits(limits: TableLimits) -> list[int]:
    return [limits.minimum, limits.maximum]


def _rule_set(rule_set: RuleSet) -> dict[str, object]:
    return {
        "name": rule_set.name,
        "title": rule_set.title,
        "description": rule_set.description,
        "tableau": rule_set.tableau.name,
        "bets": [_bet(bet) for bet in rule_set.bets.values()],
        "limits": _limits(rule_set.limits),
        "bet_limits": [[name, _limits(lim)] for name, lim in rule_set.bet_limits.items()],
    }


def catalogue_record() -> str:
    """The built-ins as JSON, in their display order."""
    record = {
        "default_rule_set": DEFAULT_RULE_SET,
        "named_bets": {name: _bet(bet) for name, bet in NAMED_BETS.items()},
        "standard_bets": [[name, _bet(bet)] for name, bet in catalogue.STANDARD_BETS.items()],
        "egalite_pays": {str(total): str(pays) for total, pays in catalogue.EGALITE_PAYS.items()},
        "egalite_bets": [_bet(bet) for bet in catalogue.EGALITE_BETS],
        "rule_sets": [_rule_set(rs) for rs in RULE_SETS.values()],
        "choice_rule_sets": [_rule_set(rs) for rs in CHOICE_RULE_SETS.values()],
    }
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def test_every_built_in_is_as_it_was() -> None:
    check_golden("bets/catalogue.json", catalogue_record())
