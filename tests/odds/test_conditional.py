"""Odds given what is known, against a direct enumeration of the coups that satisfy the condition.

Small shoes: every deal through the dealing engine (:mod:`support.brute`), the condition read off
each coup. Eight decks: a plain walk over card values (:mod:`support.values`), filtered.
"""

from __future__ import annotations

from collections import Counter

import pytest

from baccarat.core.bets import Bet
from baccarat.core.cardspace import coup_facts
from baccarat.core.catalogue import BANKER, STANDARD_BETS, TIE
from baccarat.core.rules import get_rule_set
from baccarat.odds.composition import Composition
from baccarat.odds.conditional import ConditionError, conditional_distribution, parse_given
from baccarat.odds.stats import exact_bet_stats
from support.brute import deals
from support.values import leaves, summary_index

CONDITIONS = [
    {"given": "player_two_card_total=5,banker_two_card_total=3"},
    {"given": "winner=banker|tie,same_suit=P1|B1"},
    {"seen": "P1=Kh,B1=9c"},
    {"seen": "P1=high,P3=none", "groups": "high=9TJQK,low=A2345678"},
    {"given": "banker_third_card=3|7", "seen": "B2=3"},
    {"given": "all_colour=red"},
]
CARD_BETS = [
    STANDARD_BETS["tiger_pair"],
    STANDARD_BETS["all_black"],
    STANDARD_BETS["three_giving_eight"],
]
PAIRED = Bet.from_data(
    "paired_win", {"rules": [{"when": {"winner": "player", "player_pair": "pair"}, "pays": "30"}]}
)


@pytest.mark.parametrize("condition", CONDITIONS, ids=lambda c: ",".join(c.values()))
def test_small_shoes_against_every_deal_that_satisfies_the_condition(
    condition: dict[str, str],
) -> None:
    shoe = Composition.parse("Ks:2,Kh:2,9c:2,3s:2,7h:1,5d:2,Th:1")
    given = parse_given(condition.get("given"), condition.get("seen"), condition.get("groups"))
    bets = [*CARD_BETS, PAIRED]
    d = conditional_distribution(shoe, given, bets=bets)
    summary: Counter[int] = Counter()
    pairs: Counter[int] = Counter()
    cards: dict[object, Counter[int]] = {b.signature: Counter() for b in bets}
    for coup, ways in deals(shoe):
        if not all(t.holds(coup_facts(coup)) for t in given.tests):
            continue
        summary[coup.summary.index] += ways
        pairs[coup.pairs.index] += ways
        for bet in bets:
            assert bet.signature is not None
            cards[bet.signature][bet.signature.index_of(coup)] += ways
    assert d.total == sum(summary.values())
    assert Counter({i: c for i, c in enumerate(d.summary_counts) if c}) == summary
    assert Counter({i: c for i, c in enumerate(d.pair_counts) if c}) == pairs
    for bet in bets:
        assert bet.signature is not None
        got = d.card_counts[bet.signature]
        assert Counter({i: c for i, c in enumerate(got) if c}) == cards[bet.signature]


def test_eight_decks_given_two_card_totals_against_a_plain_walk() -> None:
    shoe = Composition.decks(8)
    d = conditional_distribution(shoe, {"player_two_card_total": 5, "banker_two_card_total": 3})
    expected: Counter[int] = Counter()
    for leaf, ways in leaves(shoe.value_counts, shoe.size):
        if (leaf[0] + leaf[2]) % 10 == 5 and (leaf[1] + leaf[3]) % 10 == 3:
            expected[summary_index(leaf)] += ways
    assert Counter({i: c for i, c in enumerate(d.summary_counts) if c}) == expected


def test_eight_decks_given_a_seen_card_is_the_shoe_without_it() -> None:
    # P1 = 5h: 8 ways to deal it first, then the rest of the coup from the shoe less one 5.
    shoe = Composition.decks(8)
    d = conditional_distribution(shoe, seen="P1=5h")
    values = list(shoe.value_counts)
    expected: Counter[int] = Counter()
    for leaf, ways in leaves(values, shoe.size):
        if leaf[0] == 5:
            # The walk weighs P1 by its 32 fives; the condition keeps the 8 five of hearts.
            expected[summary_index(leaf)] += ways // 32 * 8
    assert Counter({i: c for i, c in enumerate(d.summary_counts) if c}) == expected
    assert d.total == 8 * 415 * 414 * 413 * 412 * 411


def test_the_condition_is_normalised_and_every_bet_priced_on_it() -> None:
    report = get_rule_set("tiger")
    d = conditional_distribution(
        Composition.decks(8), seen="P1=6,P2=K,B1=Q,B2=6", bets=report.bets.values()
    )
    # Player 6, Banker 6 on two cards each: both stand, a tie on 6 every time.
    assert exact_bet_stats(TIE, d).win == 1
    assert exact_bet_stats(STANDARD_BETS["tiger_tie"], d).win == 1
    assert exact_bet_stats(BANKER, d).push == 1
    assert exact_bet_stats(report.bet("tiger_pair"), d).win == 0


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("player_total", None, None), "expected FIELD=VALUE"),
        (("winner=punto", None, None), "winner cannot be 'punto'"),
        ((None, "P7=5h", None), "cannot read --seen"),
        ((None, "P1=5h,P1=6", None), "--seen names P1 twice"),
        ((None, "P1=high", "high=6789,low=1"), "cannot read --groups"),
        ((None, "P1=zz", None), "cannot read --seen"),
    ],
)
def test_bad_conditions_are_refused(args: tuple[str | None, ...], message: str) -> None:
    with pytest.raises(Exception, match=message) as error:
        parse_given(*args)
    assert isinstance(error.value, ValueError)


def test_an_impossible_condition_is_refused() -> None:
    with pytest.raises(ConditionError, match="no coup from this shoe can be dealt that way"):
        conditional_distribution(Composition.decks(1), seen="P1=5h,B1=5h")


@pytest.mark.parametrize(
    ("groups", "low"),
    [
        # T is every ten-valued rank, as count --tags reads its ten-tag form ...
        ("high=6789,low=TA2345", "A2345TJQK"),
        ("high=6789,low=10A2345", "A2345TJQK"),
        # ... and the ten alone where J, Q or K are named, as in its thirteen-tag form.
        ("high=6789JQK,low=TA2345", "A2345T"),
    ],
)
def test_groups_read_ranks_as_count_tags_does(groups: str, low: str) -> None:
    assert parse_given(seen="P1=low", groups=groups).groups["low"] == low


def test_a_grouping_that_leaves_a_rank_out_is_refused_unless_asked() -> None:
    with pytest.raises(ConditionError, match="puts QK in no group"):
        parse_given(seen="P1=high", groups="high=6789T,low=A2345J")
    given = parse_given(seen="P1=high", groups="high=6789", partial_groups=True)
    assert given.groups == {"high": "6789"}
    d = conditional_distribution(
        Composition.decks(1), seen="P1=high", groups="high=9", partial_groups=True
    )
    assert d.total * 13 == conditional_distribution(Composition.decks(1)).total  # a nine in 13
