"""The catalogue: every built-in bet and rule set, checked against a golden record of the objects
the code built before the catalogue became data (``tests/golden/bets/catalogue.json``); the
built-in tables read as any user's file; the names of the named bets.

After an intended change to a built-in, ``UPDATE_GOLDEN=1 pytest tests/core/test_catalogue.py``
rewrites the record; read its diff before committing it.
"""

from __future__ import annotations

import hashlib
import json

import pytest

from baccarat.core import catalogue, rules
from baccarat.core.bets import Bet
from baccarat.core.catalogue import (
    BANKER,
    CHOICE_RULE_SET_DATA,
    RULE_SET_DATA,
    STANDARD_BETS,
    egalite_bet,
    egalite_bets,
    is_known_bet,
    standard_bet,
)
from baccarat.core.conditions import BetError
from baccarat.core.rulefile import rule_set_from_toml, rule_set_to_toml
from baccarat.core.rules import (
    CHOICE_RULE_SETS,
    DEFAULT_RULE_SET,
    RULE_SETS,
    RuleSet,
    TableLimits,
    rule_set_from_data,
)
from baccarat.core.summary import Summary
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
            {"when": [[c.key, c.to_data()] for c in rule.when], "pays": str(rule.pays)}
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


@pytest.mark.parametrize("data", [*RULE_SET_DATA, *CHOICE_RULE_SET_DATA], ids=lambda d: d["name"])
def test_each_built_in_table_is_a_file_a_user_could_write(data: dict[str, object]) -> None:
    """The catalogue's tables go through the reader of users' files and come out as the built-ins."""
    built_in = {**RULE_SETS, **CHOICE_RULE_SETS}[str(data["name"])]
    assert rule_set_from_data(data) == built_in
    assert list(rule_set_from_data(data).bets) == list(built_in.bets)
    assert rule_set_from_toml(rule_set_to_toml(built_in)) == built_in


def test_the_named_variants_are_the_objects_their_tables_offer() -> None:
    assert rules.TIE_9 is RULE_SETS["tie-9"].bet("tie")
    assert rules.BANKER_NO_COMMISSION is RULE_SETS["no-commission"].bet("banker")
    assert rules.BANKER_EZ is RULE_SETS["ez"].bet("banker")
    assert rules.BANKER_EVEN is CHOICE_RULE_SETS["chemin-de-fer"].bet("banker")


def test_a_variant_is_new_data() -> None:
    """A table differing from a built-in in one pay is a few lines of data, not new code."""
    variant = rule_set_from_data(
        {
            "name": "tie-9-ez",
            "extends": "ez",
            "bets": {
                "tie": {"title": "Tie", "rules": [{"when": {"winner": "tie"}, "pays": "9:1"}]}
            },
        }
    )
    assert variant.bet("tie") == rules.TIE_9
    assert variant.bet("banker") is rules.BANKER_EZ
    assert list(variant.bets) == list(RULE_SETS["ez"].bets)


def test_standard_names() -> None:
    assert list(STANDARD_BETS) == [
        "player",
        "banker",
        "tie",
        "player_pair",
        "banker_pair",
        "either_pair",
        "perfect_pair",
        "dragon_bonus_player",
        "dragon_bonus_banker",
        "big",
        "small",
        "dragon_7",
        "panda_8",
        "super_6",
        "big_tiger",
        "small_tiger",
        *(f"egalite_{t}" for t in range(10)),
        # The side bets of baccarat.core.sidebets.
        "tiger",
        "tiger_tie",
        "tiger_pair",
        "lucky_6",
        "lucky_7",
        "super_lucky_7",
        "banker_natural_8",
        "banker_natural_9",
        "player_natural_8",
        "player_natural_9",
        "four_cards",
        "five_cards",
        "six_cards",
        "all_red",
        "all_black",
        "three_giving_eight",
    ]
    assert all(STANDARD_BETS[name].name == name for name in STANDARD_BETS)
    assert standard_bet("banker") is BANKER
    assert is_known_bet("egalite_0")
    assert not is_known_bet("egalite_10")


def test_egalite_is_configurable() -> None:
    bets = egalite_bets({7: "50", 0: 160})
    assert [b.name for b in bets] == ["egalite_0", "egalite_7"]
    assert bets[1].net(Summary(7, 7, 2, 3).index) == 50
    with pytest.raises(BetError, match="tie total 0-9, got 10"):
        egalite_bet(10)
    with pytest.raises(BetError, match="unknown bet 'egalite_10'"):
        standard_bet("egalite_10")
