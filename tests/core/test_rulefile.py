"""Rule-set files: the built-in and any table written as TOML and read back, a new table from
scratch or extending a named one, and every mistake a file can make."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.bets import Bet, PayRule
from baccarat.core.catalogue import BANKER, PERFECT_PAIR_TWO_LEVEL, STANDARD_BETS
from baccarat.core.conditions import Condition, Domain, Field
from baccarat.core.rulefile import rule_set_from_toml, rule_set_to_toml
from baccarat.core.rules import (
    BANKER_NO_COMMISSION,
    TIE_9,
    RuleSet,
    RuleSetError,
    TableLimits,
    get_rule_set,
    rule_set_names,
)
from baccarat.core.summary import Summary


@pytest.mark.parametrize("name", rule_set_names())
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
    # Names no built-in bet has (lucky_6 and tiger_tie became standard side bets).
    st.sampled_from(["lucky_5", "tiger_tail", "odd"]),
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


def test_every_toml_example_in_the_docs_loads() -> None:
    docs = Path(__file__).parents[2] / "docs" / "bets.md"
    blocks = docs.read_text(encoding="utf-8").split("```toml\n")[1:]
    assert len(blocks) >= 2
    for block in blocks:
        text = block.split("```")[0]
        if "name =" not in text:  # a fragment: bets a table of one's own would define
            text = 'name = "example"\nextends = "punto-banco"\n' + text
        assert rule_set_from_toml(text).bets
