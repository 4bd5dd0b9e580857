"""The card-level enumeration against a brute-force deal of small shoes and independent counts.

Every card-level class count is compared with :mod:`support.brute` (each deal of a small shoe
through the dealing engine, each bet read off the coup by settlement's own path) on odd
compositions chosen to exercise repeated cards, ten-valued ranks, suits and colours. For full
shoes, where a brute-force deal is out of reach, the counts are compared with closed forms and
with a count over the red (or black) cards alone that shares no code with the kernel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import pytest

from baccarat.core.bets import Bet
from baccarat.core.cardspace import CardSignature
from baccarat.core.catalogue import STANDARD_BETS
from baccarat.core.rules import RULE_SETS
from baccarat.core.tableau import PUNTO_BANCO, Action
from baccarat.odds.cards import card_counts
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution, six_card_total
from support.brute import class_counts

# Card-level tests of every kind: attributes, group fields, relations over named positions and
# over groups, pair fields, value tests, third cards present or not, and all/any/not.
WHENS: dict[str, dict[str, object]] = {
    "all_red": {"all_colour": "red"},
    "twin": {"same_rank": ["P1", "P2", "B1", "B2"]},
    "pairs": {"player_pair": "suited", "banker_pair": "pair"},
    "natural_banker": {"banker_two_card_total": 8, "winner": "banker"},
    "p3_red": {"p3_colour": "red", "winner": "player"},
    "p1_p3_suit": {"same_suit": ["P1", "P3"], "banker_third_card": "none"},
    "overlap": {"p1_rank": "K", "b1_colour": "red", "same_colour": "banker"},
    "values": {"p1_value": [0, 5], "same_value": ["P2", "B3"], "b3_rank": ["none", "Q"]},
    "more_values": {"p3_value": ["none", 4], "same_value": ["P1", "B2"], "all_rank": ["A", "K"]},
    "combined": {
        "any": [{"p2_suit": "h"}, {"not": {"banker_colour": "black"}}],
        "player_cards": 3,
    },
    "courts": {"player_rank": ["J", "Q", "K"], "all": [{"b2_suit": "s"}, {"same_suit": "banker"}]},
}


def _bets() -> list[Bet]:
    mine = [
        Bet.from_data(name, {"domain": "cards", "rules": [{"when": when, "pays": "2"}]})
        for name, when in WHENS.items()
    ]
    shipped = [b for b in STANDARD_BETS.values() if b.signature is not None]
    return mine + shipped


BETS = _bets()

SHOES = [
    # Kings and queens of three suits, nines, threes and a seven: pairs, twins, colours.
    "Ks:3,Kh:2,Qd:2,9c:2,3s:2,7h:1",
    # Ten-valued ranks of every colour with a few small cards: ranks within one value.
    "Th:2,Jh:1,Qs:2,Kd:2,5h:2,4c:2",
    # Draw-heavy cards: many third cards, both drawing.
    "2c:3,Td:2,Jc:2,8s:1,6d:2,Ah:2",
]


@pytest.mark.parametrize("shoe", SHOES)
def test_every_class_count_matches_a_brute_force_deal(shoe: str) -> None:
    composition = Composition.parse(shoe)
    signatures = [b.signature for b in BETS if b.signature is not None]
    brute = class_counts(composition, [s.index_of for s in signatures])
    got = card_counts(composition, signatures)
    for signature, expected in zip(signatures, brute, strict=True):
        counts = got[signature]
        assert Counter({i: int(c) for i, c in enumerate(counts) if c}) == expected
        assert int(counts.sum()) == six_card_total(composition)


@pytest.mark.parametrize("shoe", SHOES[:1])
def test_every_bet_nets_what_its_rules_say_on_every_dealt_coup(shoe: str) -> None:
    # The class a coup falls in pays what the rules say of the coup itself.
    from baccarat.core.cardspace import coup_facts
    from support.brute import deals

    for coup, _ in deals(Composition.parse(shoe)):
        facts = coup_facts(coup)
        for bet in BETS:
            rule = next((r for r in bet.rules if r.holds(facts)), None)
            assert bet.net(bet.index_of(coup)) == (rule.pays if rule else -1)


def test_unordered_first_cards_give_the_ordered_counts() -> None:
    # A test on P1 alone makes the plan enumerate P1 and P2 in order; without it, as a pair.
    shoe = Composition.parse(SHOES[1])
    twin = STANDARD_BETS["tiger_pair"].signature
    red = STANDARD_BETS["all_red"].signature
    assert twin is not None and red is not None
    asymmetric = Bet.from_data("x", {"rules": [{"when": {"p1_suit": "h"}, "pays": "1"}]})
    assert asymmetric.signature is not None
    alone = card_counts(shoe, [twin, red])
    ordered = card_counts(shoe, [twin, red, asymmetric.signature])
    assert (alone[twin] == ordered[twin]).all() and (alone[red] == ordered[red]).all()


def _one_colour_count(colour_counts: Sequence[int], n: int) -> int:
    """Six-card sequences whose coup's cards all lie in a sub-shoe (``colour_counts`` by value),
    the rest of the six drawn from the whole shoe of ``n``: the rules walked plainly."""
    total = 0
    c = list(colour_counts)

    def completion(used: int) -> int:
        ways = 1
        for k in range(used, 6):
            ways *= n - k
        return ways

    def draws(index: int) -> list[tuple[int, int]]:
        return [(v, c[v]) for v in range(10) if c[v] > 0]

    for p1, w1 in draws(0):
        c[p1] -= 1
        for b1, w2 in draws(1):
            c[b1] -= 1
            for p2, w3 in draws(2):
                c[p2] -= 1
                for b2, w4 in draws(3):
                    c[b2] -= 1
                    w = w1 * w2 * w3 * w4
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if PUNTO_BANCO.is_natural(pt) or PUNTO_BANCO.is_natural(bt):
                        total += w * completion(4)
                    elif PUNTO_BANCO.player_decision(pt).action is Action.DRAW:
                        for p3, w5 in draws(4):
                            if PUNTO_BANCO.banker_decision(bt, p3).action is Action.DRAW:
                                c[p3] -= 1
                                total += sum(w * w5 * w6 for _, w6 in draws(5))
                                c[p3] += 1
                            else:
                                total += w * w5 * completion(5)
                    elif PUNTO_BANCO.banker_decision(bt, None).action is Action.DRAW:
                        total += sum(w * w6 * completion(5) for _, w6 in draws(5))
                    else:
                        total += w * completion(4)
                    c[b2] += 1
                c[p2] += 1
            c[b1] += 1
        c[p1] += 1
    return total


@pytest.mark.parametrize("decks", [1, 8, 30])
def test_one_colour_coups_are_counted_over_that_colour_alone(decks: int) -> None:
    # Half of each rank is red: per value, 2·decks red cards (8·decks of the ten-valued ones).
    composition = Composition.decks(decks)
    red = STANDARD_BETS["all_red"]
    black = STANDARD_BETS["all_black"]
    assert red.signature is not None and black.signature is not None
    counts = card_counts(composition, [red.signature, black.signature])
    expected = _one_colour_count([8 * decks] + [2 * decks] * 9, 52 * decks)
    assert int(counts[red.signature][1]) == int(counts[black.signature][1]) == expected
    assert sum(int(c) for c in counts[red.signature]) == six_card_total(composition)


def test_one_colour_coups_of_the_infinite_deck() -> None:
    # Colour is independent of value there: a coup of k cards is all red with chance 1/2**k.
    composition = Composition.infinite_deck()
    red = STANDARD_BETS["all_red"].signature
    assert red is not None
    d = exact_distribution(composition)
    cards = _summaries()
    by_cards = Counter()  # type: Counter[int]
    for k, count in zip(cards, d.summary_counts, strict=True):
        by_cards[k] += count
    expected = sum(count // 2**k for k, count in by_cards.items())
    assert int(card_counts(composition, [red])[red][1]) == expected


def _summaries() -> list[int]:
    from baccarat.core.summary import SUMMARY_CLASSES

    return [s.cards for s in SUMMARY_CLASSES]


def _tiger_pair_closed_form(composition: Composition) -> dict[int, int]:
    """Tiger Pair's wins by pay from the rank counts alone: the first four cards decide it.

    Over ordered four-card prefixes (P1 B1 P2 B2), each completed to six in ``(n-4)(n-5)`` ways:
    a twin takes four cards of one rank; a side is paired in ``Σ r(r-1) · (n-2)(n-3)`` prefixes
    (the other side any two cards); both sides in ``Σ_ij r_i(r_i-1) · r'_j(r'_j-1)`` with ``r'``
    the counts once the Player's pair is out. One pair only is either side's, less both.
    """
    r = composition.rank_counts
    n = composition.size
    rest = (n - 4) * (n - 5)
    twin = sum(k * (k - 1) * (k - 2) * (k - 3) for k in r)
    one_side = sum(k * (k - 1) for k in r) * (n - 2) * (n - 3)
    both = sum(
        r[i] * (r[i] - 1) * (r[j] - 2 * (i == j)) * (r[j] - 1 - 2 * (i == j))
        for i in range(13)
        for j in range(13)
    )
    return {100: twin * rest, 20: (both - twin) * rest, 4: (2 * one_side - 2 * both) * rest}


@pytest.mark.parametrize("decks", [1, 8])
def test_tiger_pair_matches_its_closed_form(decks: int) -> None:
    from baccarat.odds.par import par_section

    composition = Composition.decks(decks)
    bet = STANDARD_BETS["tiger_pair"]
    rows = par_section(bet, exact_distribution(composition, bets=[bet])).rows
    expected = _tiger_pair_closed_form(composition)
    assert {int(row.pays): row.combinations for row in rows[:3]} == expected


@pytest.mark.parametrize("total", [8, 9])
def test_natural_bets_match_their_closed_form(total: int) -> None:
    composition = Composition.decks(6)
    v = composition.value_counts
    n = composition.size
    two = sum(
        v[a] * (v[b] - (a == b)) for a in range(10) for b in range(10) if (a + b) % 10 == total
    )
    expected = two * (n - 2) * (n - 3) * (n - 4) * (n - 5)
    for side in ("player", "banker"):
        bet = STANDARD_BETS[f"{side}_natural_{total}"]
        d = exact_distribution(composition, bets=[bet])
        assert bet.signature is not None
        counts = d.card_counts[bet.signature]
        wins = sum(c for c, net in zip(counts, bet.outcome_vector(), strict=True) if net > 0)
        assert wins == expected


def test_every_card_level_table_prices_with_its_counts() -> None:
    for rule_set in RULE_SETS.values():
        signatures = [b.signature for b in rule_set.bets.values() if b.signature is not None]
        counts = card_counts(Composition.decks(2), signatures)
        assert set(counts) == set(signatures)
        assert all(isinstance(s, CardSignature) for s in counts)
