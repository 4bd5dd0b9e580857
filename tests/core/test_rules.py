"""The named rule sets: what each table offers and pays, its limits, and the errors for bad names."""

from __future__ import annotations

import copy
import pickle
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.bets import Bet, PayRule
from baccarat.core.catalogue import BANKER, PERFECT_PAIR_TWO_LEVEL, PLAYER, STANDARD_BETS, TIE
from baccarat.core.conditions import BetError, Condition, Domain, Field
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
    assert rule_set_names() == ("punto-banco", "tie-9", "no-commission", "ez")
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


def test_side_bets_are_the_standard_ones() -> None:
    for rules in RULE_SETS.values():
        for name, bet in rules.bets.items():
            if name not in ("banker", "tie"):
                assert bet is STANDARD_BETS[name]


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


# --- TOML -----------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", OFFERS)
def test_built_in_rule_sets_round_trip_through_toml(name: str) -> None:
    rules = get_rule_set(name)
    again = rule_set_from_toml(rule_set_to_toml(rules))
    assert again == rules
    assert list(again.bets) == list(rules.bets)
    assert again.bet_limits == rules.bet_limits


def test_toml_writes_only_the_bets_that_differ_from_the_standard_ones() -> None:
    assert "[bets." not in rule_set_to_toml(get_rule_set("punto-banco"))
    assert rule_set_to_toml(get_rule_set("tie-9")).count("[bets.") == 1
    assert '"egalite",' in rule_set_to_toml(get_rule_set("punto-banco"))


A_NEW_TABLE = """
# A table described from scratch.
name = "lucky-table"
title = "Lucky table"
description = "Tie 9:1, a Lucky 6 side bet and a two-level Perfect Pair."
offers = ["player", "banker", "tie", "perfect_pair", "lucky_6"]

[limits]
default = { minimum = "0.5", maximum = 500 }
banker = { maximum = "5000" }

[bets.tie]
rules = [{ when = { winner = "tie" }, pays = "9:1" }]

[bets.lucky_6]
title = "Lucky 6"
rules = [
    { when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "20" },
    { when = { winner = "banker", banker_total = 6 }, pays = "12:1" },
]

[bets.perfect_pair]
domain = "pairs"
rules = [
    { when = { player_pair = "suited", banker_pair = "suited" }, pays = "250" },
    { when = { player_pair = "suited" }, pays = "25" },
    { when = { banker_pair = "suited" }, pays = "25" },
]

[egalite]
7 = "50"
"""


def test_a_table_from_scratch() -> None:
    rules = rule_set_from_toml(A_NEW_TABLE)
    assert rules.name == "lucky-table"
    assert rules.title == "Lucky table"
    assert list(rules.bets) == ["player", "banker", "tie", "perfect_pair", "lucky_6", "egalite_7"]
    assert rules.bet("banker") == BANKER
    assert rules.bet("tie") == TIE_9.renamed("tie", "Tie")
    assert rules.bet("perfect_pair") == PERFECT_PAIR_TWO_LEVEL.renamed(
        "perfect_pair", "Perfect pair"
    )
    lucky = rules.bet("lucky_6")
    assert lucky.net(Summary(5, 6, 3, 3).index) == 20
    assert lucky.net(Summary(5, 6, 3, 2).index) == 12
    assert lucky.net(Summary(6, 6, 3, 2).index) == -1
    assert rules.bet("egalite_7").net(Summary(7, 7, 2, 2).index) == 50
    assert rules.limits == TableLimits(50, 50_000)
    assert rules.limits_for("banker") == TableLimits(50, 500_000)
    assert rules.limits_for("lucky_6") == TableLimits(50, 50_000)
    assert rule_set_from_toml(rule_set_to_toml(rules)) == rules


def test_a_table_that_extends_a_named_one() -> None:
    rules = rule_set_from_toml(
        'name = "ez-plus"\nextends = "ez"\n'
        '[bets.super_6]\nrules = [{ when = { winner = "banker", banker_total = 6 }, pays = "15" }]\n'
        '[limits]\ndragon_7 = { maximum = "100" }\n'
    )
    ez = get_rule_set("ez")
    assert list(rules.bets) == [*ez.bets, "super_6"]
    assert rules.bet("banker") is ez.bet("banker")
    assert rules.bet("super_6").top_pay == 15
    assert rules.limits == ez.limits
    assert rules.limits_for("banker") == ez.limits_for("banker")
    assert rules.limits_for("dragon_7") == TableLimits(100, 10_000)
    assert rules.title == "ez-plus"
    # A list of offers replaces the base table's; the base's own pay tables are kept.
    fewer = rule_set_from_toml('name = "nc"\nextends = "no-commission"\noffers = ["banker"]')
    assert list(fewer.bets) == ["banker"]
    assert fewer.bet("banker") is BANKER_NO_COMMISSION
    assert dict(fewer.bet_limits) == {"banker": get_rule_set("no-commission").limits_for("banker")}
    egalite = rule_set_from_toml('name = "e"\noffers = ["egalite", "tie"]')
    assert list(egalite.bets) == [*(f"egalite_{t}" for t in range(10)), "tie"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("name = ", "malformed TOML: Invalid value"),
        ('name = "x"\nname = "y"', "malformed TOML: Cannot overwrite a value"),
        ('title = "x"', "a rule set needs a name"),
        ("name = 3", "a rule set needs a name \\(a string\\), got 3"),
        ('name = "x"\nofers = ["tie"]', "rule set 'x': unknown key\\(s\\) ofers"),
        ('name = "x"', "rule set 'x' offers no bets"),
        ('name = "X Y"\noffers = ["tie"]', "bad rule set name 'X Y'"),
        ('name = "x"\nextends = "macao"', "rule set 'x': unknown rule set 'macao'"),
        ('name = "x"\nextends = 1', "extends must be the name of a rule set, got 1"),
        ('name = "x"\ntableau = "chemin"', "unknown tableau 'chemin': expected one of punto-banco"),
        ('name = "x"\ntitle = 1\noffers = ["tie"]', "title must be a string, got 1"),
        ('name = "x"\noffers = "tie"', "offers must be a list of bet names"),
        ('name = "x"\noffers = ["tie", "tie"]', "offers lists tie more than once"),
        ('name = "x"\noffers = ["egalite", "egalite_3"]', "offers lists egalite_3 more than once"),
        ('name = "x"\noffers = ["lucky"]', "offers unknown bet 'lucky': define it under \\[bets.lucky\\]"),
        ('name = "x"\nbets = 1', "\\[bets\\] must be a table"),
        ('name = "x"\n[bets]\nlucky = 1', "\\[bets.lucky\\] must be a table"),
        ('name = "x"\n[bets.lucky]\nrules = [{ pays = 0.5 }]',
         "rule set 'x': bet 'lucky', rule 1: pays 0.5 is a float"),
        ('name = "x"\n[bets.lucky]\nrules = [{ when = { winner = "punto" }, pays = "1" }]',
         "bet 'lucky', rule 1: winner cannot be 'punto'"),
        ('name = "x"\n[bets.Lucky]\nrules = [{ pays = "1" }]', "bad bet name 'Lucky'"),
        ('name = "x"\n[egalite]\n10 = "50"', "\\[egalite\\] keys are tie totals 0-9, got '10'"),
        ('name = "x"\n[egalite]\n1 = 2.5', "pays 2.5 is a float"),
        ('name = "x"\n[egalite]\n1 = "50"\n[bets.egalite_1]\nrules = [{ pays = "1" }]',
         "egalite_1 is defined both under \\[bets\\] and under \\[egalite\\]"),
        ('name = "x"\noffers = ["tie"]\n[limits]\ndefault = { minimum = 1.5 }',
         "default minimum 1.5 is a float: write it as a string"),
        ('name = "x"\noffers = ["tie"]\n[limits]\ndefault = { minimum = "0.001" }',
         "default minimum: amount '0.001' is finer than 0.01 point"),
        ('name = "x"\noffers = ["tie"]\n[limits]\ntie = { minimum = "5", maximum = "1" }',
         "got minimum 5 and maximum 1 points"),
        ('name = "x"\noffers = ["tie"]\n[limits]\ntie = { minimum = "0" }', "0 < minimum <= maximum"),
        ('name = "x"\noffers = ["tie"]\n[limits]\nbanker = { maximum = "5" }',
         "\\[limits\\] names bet 'banker', which this table does not offer"),
        ('name = "x"\noffers = ["tie"]\n[limits]\ntie = "5"', "\\[limits\\] tie must be a table"),
        ('name = "x"\noffers = ["tie"]\n[limits]\ntie = { max = "5" }', "\\[limits\\] tie must be a table"),
        ('name = "x"\noffers = ["tie"]\nlimits = 5', "\\[limits\\] must be a table"),
    ],
)  # fmt: skip
def test_malformed_rule_sets_are_refused(text: str, message: str) -> None:
    with pytest.raises(RuleSetError, match=message):
        rule_set_from_toml(text)


def test_toml_text_is_required() -> None:
    with pytest.raises(RuleSetError, match="expected TOML text, got bytes"):
        rule_set_from_toml(b'name = "x"')  # type: ignore[arg-type]


_custom_bets = st.builds(
    lambda name, rules: Bet(name, Domain.SUMMARY, tuple(rules), name.capitalize() + " bet"),
    st.sampled_from(["lucky_6", "tiger_tie", "odd"]),
    st.lists(
        st.builds(
            PayRule,
            st.lists(
                st.sampled_from([f for f in Field if f.domain is Domain.SUMMARY]),
                unique=True,
                max_size=3,
            ).map(lambda fields: tuple(Condition(f, f.choices[:1]) for f in fields)),
            st.fractions(min_value=-1, max_value=300),
        ),
        min_size=1,
        max_size=4,
    ),
)


@st.composite
def _rule_sets(draw: st.DrawFn) -> RuleSet:
    standard = draw(st.lists(st.sampled_from(list(STANDARD_BETS.values())), unique=True))
    custom = draw(st.lists(_custom_bets, unique_by=lambda b: b.name, max_size=3))
    bets = [*standard, *custom]
    if not bets:
        bets = [TIE_9]
    low = draw(st.integers(min_value=1, max_value=10**6))
    limits = TableLimits(low, low + draw(st.integers(min_value=0, max_value=10**6)))
    names = draw(st.lists(st.sampled_from([b.name for b in bets]), unique=True))
    bet_limits = {name: TableLimits(1, low + 7) for name in names}
    return RuleSet.of(
        draw(st.sampled_from(["t", "my-table-2"])),
        draw(st.text(max_size=20)),
        bets,
        limits,
        bet_limits,
        description=draw(st.text(max_size=40)),
    )


@given(_rule_sets())
def test_any_rule_set_round_trips_through_toml(rules: RuleSet) -> None:
    again = rule_set_from_toml(rule_set_to_toml(rules))
    assert again == rules
    assert list(again.bets) == list(rules.bets)


def test_the_toml_example_in_the_docs_loads() -> None:
    docs = Path(__file__).parents[2] / "docs" / "bets.md"
    text = docs.read_text(encoding="utf-8").split("```toml\n")[1].split("```")[0]
    rules = rule_set_from_toml(text)
    assert list(rules.bets) == [
        "player",
        "banker",
        "tie",
        *(f"egalite_{t}" for t in range(10)),
        "lucky_6",
        "player_perfect",
    ]
    assert rules.bet("tie").top_pay == 9
    assert rules.bet("egalite_7").top_pay == 50
    assert rules.bet("egalite_3") == get_rule_set().bet("egalite_3")
    assert rules.limits_for("banker") == TableLimits(100, 500_000)


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
    from baccarat.core.chemin_de_fer import CHEMIN_DE_FER
    from baccarat.core.rules import CHOICE_RULE_SETS

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
    from baccarat.core.chemin_de_fer import CHEMIN_DE_FER
    from baccarat.core.coup import Coup
    from baccarat.core.settle import settle
    from baccarat.core.tableau import Action

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
