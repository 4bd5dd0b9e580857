"""The named rule sets: what each table offers and pays, its limits, and the errors for bad names."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction

import pytest

from baccarat.core.bets import Bet
from baccarat.core.catalogue import (
    BANKER,
    PERFECT_PAIR_TWO_LEVEL,
    PLAYER,
    RULE_SET_DATA,
    STANDARD_BETS,
    TIE,
)
from baccarat.core.conditions import BetError
from baccarat.core.rulefile import rule_set_from_toml, rule_set_to_toml
from baccarat.core.rules import (
    BANKER_EZ,
    BANKER_NO_COMMISSION,
    DEFAULT_RULE_SET,
    RULE_SETS,
    TIE_9,
    RuleSet,
    RuleSetError,
    TableLimits,
    get_rule_set,
    rule_set_names,
)
from baccarat.core.summary import Summary
from baccarat.core.tableau import PUNTO_BANCO

CLASSIC_SIDES = [
    "player_pair",
    "banker_pair",
    "either_pair",
    "perfect_pair",
    "dragon_bonus_player",
    "dragon_bonus_banker",
    "big",
    "small",
    *(f"egalite_{t}" for t in range(10)),
]

OFFERS = {
    "punto-banco": ["player", "banker", "tie", *CLASSIC_SIDES],
    "tie-9": ["player", "banker", "tie", *CLASSIC_SIDES],
    "no-commission": [
        "player",
        "banker",
        "tie",
        *CLASSIC_SIDES,
        "super_6",
        "big_tiger",
        "small_tiger",
    ],
    "ez": ["player", "banker", "tie", "dragon_7", "panda_8", "player_pair", "banker_pair"],
}


def test_names_and_default() -> None:
    assert rule_set_names() == (
        "punto-banco",
        "tie-9",
        "no-commission",
        "ez",
        # The side bets' tables (baccarat.core.sidebets).
        "tiger",
        "lucky-6",
        "lucky-6-macau",
        "lucky-7",
        "naturals",
        "naturals-8-1",
        "four-five-six",
        "colours",
        "perfect-250",
    )
    assert DEFAULT_RULE_SET == "punto-banco"
    assert get_rule_set() is RULE_SETS["punto-banco"]


@pytest.mark.parametrize("name", OFFERS)
def test_each_table_offers_its_bets(name: str) -> None:
    rules = get_rule_set(name)
    assert rules.name == name
    assert list(rules.bets) == OFFERS[name]
    assert rules.tableau is PUNTO_BANCO
    for bet_name, bet in rules.bets.items():
        assert bet.name == bet_name
        assert rules.bet(bet_name) is bet


@pytest.mark.parametrize(
    ("name", "main"),
    [
        ("punto-banco", (PLAYER, BANKER, TIE)),
        ("tie-9", (PLAYER, BANKER, TIE_9)),
        ("no-commission", (PLAYER, BANKER_NO_COMMISSION, TIE)),
        ("ez", (PLAYER, BANKER_EZ, TIE)),
    ],
)
def test_main_bets_of_each_table(name: str, main: tuple[Bet, Bet, Bet]) -> None:
    rules = get_rule_set(name)
    assert (rules.bet("player"), rules.bet("banker"), rules.bet("tie")) == main


def _redefined(name: str) -> set[str]:
    """The bets a built-in table's data defines itself, or inherits from a table that does."""
    data = next(d for d in RULE_SET_DATA if d["name"] == name)
    bets = data.get("bets", {})
    own = {str(name) for name in bets} if isinstance(bets, dict) else set()
    base = data.get("extends")
    return own | (_redefined(str(base)) if base else set())


def test_side_bets_are_the_standard_ones() -> None:
    for rules in RULE_SETS.values():
        variants = _redefined(rules.name)
        for name, bet in rules.bets.items():
            if name not in ("banker", "tie") and name not in variants:
                assert bet is STANDARD_BETS[name]
    # A pay-table variant is a table's own data, and differs from the standard bet.
    assert RULE_SETS["lucky-6-macau"].bet("lucky_6") != STANDARD_BETS["lucky_6"]
    assert RULE_SETS["perfect-250"].bet("perfect_pair") == PERFECT_PAIR_TWO_LEVEL


def test_pays_of_the_main_bets_per_table() -> None:
    banker_6 = Summary(5, 6, 3, 2).index
    banker_3card_7 = Summary(5, 7, 3, 3).index
    tie = Summary(4, 4, 3, 3).index
    pays = {
        name: (
            rs.bet("banker").net(banker_6),
            rs.bet("banker").net(banker_3card_7),
            rs.bet("tie").net(tie),
            rs.bet("player").net(tie),
            rs.bet("banker").net(tie),
        )
        for name, rs in RULE_SETS.items()
    }
    f = Fraction
    assert pays == {
        "punto-banco": (f(19, 20), f(19, 20), f(8), f(0), f(0)),
        "tie-9": (f(19, 20), f(19, 20), f(9), f(0), f(0)),
        "no-commission": (f(1, 2), f(1), f(8), f(0), f(0)),
        "ez": (f(1), f(0), f(8), f(0), f(0)),
        **dict.fromkeys(("tiger", "lucky-6", "lucky-6-macau"), (f(1, 2), f(1), f(8), f(0), f(0))),
        **dict.fromkeys(
            ("lucky-7", "naturals", "naturals-8-1", "four-five-six", "colours"),
            (f(19, 20), f(19, 20), f(8), f(0), f(0)),
        ),
        "perfect-250": (f(19, 20), f(19, 20), f(8), f(0), f(0)),
    }


def test_limits() -> None:
    rules = get_rule_set("punto-banco")
    assert rules.limits_for("banker") == TableLimits(100, 1_000_000)
    assert rules.limits_for("tie") == TableLimits(100, 100_000)
    assert rules.limits_for("egalite_3") == rules.limits
    with pytest.raises(BetError, match="not offered"):
        rules.limits_for("super_6")


def test_unknown_rule_set() -> None:
    with pytest.raises(RuleSetError, match="unknown rule set 'baccarat-banque': expected one of"):
        get_rule_set("baccarat-banque")


def test_unknown_and_unoffered_bets_are_told_apart() -> None:
    ez = get_rule_set("ez")
    with pytest.raises(BetError, match="bet 'egalite_5' is not offered by rule set 'ez'"):
        ez.bet("egalite_5")
    with pytest.raises(BetError, match="unknown bet 'egalite_10': rule set 'ez' offers"):
        ez.bet("egalite_10")
    with pytest.raises(BetError, match="unknown bet 'Banker'"):
        ez.bet("Banker")


def test_rule_sets_are_read_only() -> None:
    rules = get_rule_set("punto-banco")
    with pytest.raises(TypeError):
        rules.bets["lucky"] = PLAYER  # type: ignore[index]
    assert hash(rules) == hash(get_rule_set("punto-banco"))


def test_rule_set_validation() -> None:
    limits = TableLimits(100, 1000)
    with pytest.raises(RuleSetError, match="offers bet 'player' twice"):
        RuleSet.of("t", "T", (PLAYER, PLAYER), limits)
    with pytest.raises(RuleSetError, match="offers no bets"):
        RuleSet.of("t", "T", (), limits)
    with pytest.raises(RuleSetError, match="sets limits for bets it does not offer: tie"):
        RuleSet.of("t", "T", (PLAYER,), limits, {"tie": limits})
    with pytest.raises(RuleSetError, match="bad rule set name 'My Table'"):
        RuleSet.of("My Table", "T", (PLAYER,), limits)
    with pytest.raises(RuleSetError, match="bet 'banker' is filed as 'player'"):
        RuleSet("t", "T", {"player": BANKER}, limits)


@pytest.mark.parametrize(
    ("minimum", "maximum", "message"),
    [
        (0, 100, "0 < minimum <= maximum"),
        (-100, 100, "0 < minimum <= maximum"),
        (500, 100, "got minimum 5 and maximum 1 points"),
        (1.5, 100, "whole number of minor units, got 1.5"),
        (True, 100, "whole number of minor units, got True"),
    ],
)
def test_bad_limits(minimum: int, maximum: int, message: str) -> None:
    with pytest.raises(RuleSetError, match=message):
        TableLimits(minimum, maximum)


@pytest.mark.parametrize("name", OFFERS)
def test_rule_sets_pickle_and_copy(name: str) -> None:
    # Worker processes (simulator, dask) receive rule sets by pickling.
    rules = get_rule_set(name)
    again = pickle.loads(pickle.dumps(rules))
    assert again == rules
    assert list(again.bets) == list(rules.bets)
    assert again.bet("banker").outcome_vector() == rules.bet("banker").outcome_vector()
    assert copy.deepcopy(rules) == rules


def test_chemin_de_fer_is_found_by_name_but_kept_apart_from_the_house_tables() -> None:
    from baccarat.core.rules import CHOICE_RULE_SETS
    from baccarat.core.tableau import CHEMIN_DE_FER

    rules = get_rule_set("chemin-de-fer")
    assert rules is CHOICE_RULE_SETS["chemin-de-fer"]
    assert rules.tableau is CHEMIN_DE_FER and "chemin-de-fer" not in RULE_SETS
    assert list(rules.bets) == ["player", "banker"]
    # No commission by default: the Banker's win pays even money, a tie is a stand-off.
    banker = rules.bet("banker")
    assert banker.net(Summary(3, 6, 3, 2).index) == 1
    assert banker.net(Summary(6, 6, 2, 2).index) == 0


def test_a_chemin_de_fer_coup_settles_with_its_recorded_choices() -> None:
    from baccarat.core.cards import parse_cards
    from baccarat.core.coup import Coup
    from baccarat.core.settle import settle
    from baccarat.core.tableau import CHEMIN_DE_FER, Action

    # Player 2+3 = 5 stands (his choice); Banker 9+7 = 6 stands: the Banker wins 6-5.
    coup = Coup.from_cards(parse_cards("2c 9d 3h 7s"), CHEMIN_DE_FER, lambda p: Action.STAND)
    settled = settle(coup, {"banker": 1000, "player": 1000}, get_rule_set("chemin-de-fer"))
    assert [(b.bet, b.net) for b in settled.bets] == [("banker", 1000), ("player", -1000)]


def test_a_house_cut_on_chemin_de_fer_is_a_toml_file() -> None:
    text = (
        'name = "chemin-5"\nextends = "chemin-de-fer"\n'
        '[bets.banker]\nrules = [{ when = { winner = "banker" }, pays = "19/20" },'
        ' { when = { winner = "tie" }, pays = "push" }]\n'
    )
    rules = rule_set_from_toml(text)
    assert rules.tableau.name == "chemin-de-fer"
    assert rules.bet("banker").net(Summary(3, 6, 3, 2).index) == Fraction(19, 20)
    again = rule_set_from_toml(rule_set_to_toml(rules))
    assert again.tableau == rules.tableau and again.bets == rules.bets
