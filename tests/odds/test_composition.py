"""Shoe compositions: building, parsing, the suit assumption, removal, and clear errors."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.cards import RANKS, SUITS, Card, Rank, Suit, full_deck
from baccarat.core.errors import BaccaratError
from baccarat.odds.composition import CARDS, Composition, CompositionError, card_index


def test_cards_order_is_rank_then_suit_and_matches_card_index() -> None:
    assert len(CARDS) == 52
    assert [card_index(card) for card in CARDS] == list(range(52))
    assert CARDS[0] == Card(Rank.ACE, Suit.CLUBS)
    assert CARDS[-1] == Card(Rank.KING, Suit.SPADES)
    # The odds panel builds a composition from a shoe's 52 counts in full_deck's order.
    assert full_deck() == CARDS


def test_fresh_shoe_counts() -> None:
    shoe = Composition.decks(8)
    assert shoe.size == 416
    assert shoe.rank_counts == (32,) * 13
    assert shoe.value_counts == (128,) + (32,) * 9
    assert shoe.full_decks == 8
    assert shoe.describe() == "8 decks"
    assert Composition.decks(1).describe() == "1 deck"
    assert Composition.from_cards(full_deck() * 2) == Composition.decks(2)


def test_infinite_deck_weighs_every_card_once() -> None:
    deck = Composition.infinite_deck()
    assert deck.infinite and deck.counts == (1,) * 52
    assert deck.full_decks is None
    assert deck.describe() == "infinite deck" and str(deck) == "infinite"
    assert deck.without([Card.parse("As")]) is deck  # nothing ever leaves an infinite deck
    with pytest.raises(CompositionError, match="equally"):
        Composition((2,) * 52, infinite=True)


def test_parse_issue_example() -> None:
    text = "A:31,2:32,3:32,4:32,5:32,6:32,7:32,8:32,9:32,10:32,J:32,Q:32,K:32"
    shoe = Composition.parse(text)
    assert shoe.rank_counts == (31,) + (32,) * 12
    assert shoe.size == 415
    assert Composition.parse(str(shoe)) == shoe


def test_rank_counts_spread_suits_as_evenly_as_possible() -> None:
    shoe = Composition.parse("A:31, K:2, 7:4, 9:1, 5:30")
    ace = [shoe.count(Card(Rank.ACE, suit)) for suit in SUITS]
    assert ace == [8, 8, 8, 7]
    assert [shoe.count(Card(Rank.KING, suit)) for suit in SUITS] == [1, 1, 0, 0]
    assert [shoe.count(Card(Rank.NINE, suit)) for suit in SUITS] == [1, 0, 0, 0]
    assert [shoe.count(Card(Rank.FIVE, suit)) for suit in SUITS] == [8, 8, 7, 7]
    assert Composition.from_rank_counts({Rank.ACE: 31, Rank.KING: 2, Rank.SEVEN: 4,
                                         Rank.NINE: 1, Rank.FIVE: 30}) == shoe  # fmt: skip


def test_parse_cards_sets_exact_counts_and_prints_back() -> None:
    shoe = Composition.parse("As:3 Ah:1 K:4 10d:2")
    assert shoe.count(Card.parse("As")) == 3
    assert shoe.count(Card.parse("Ac")) == 0
    assert shoe.count(Card.parse("Td")) == 2
    assert str(shoe) == "Ah:1,As:3,Td:2,K:4"
    assert Composition.parse(str(shoe)) == shoe


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("A:31,Z:4", "unknown rank or card 'Z'"),
        ("A:-1,2:32", "negative: A:-1"),
        ("A:3,2:2", "5 card(s)"),
        ("A:x", "'x' for 'A' is not a whole number"),
        ("A31", "expected KEY:COUNT, got 'A31'"),
        ("A:3,a:3", "'a' is given twice"),
        ("A:3,As:3", "rank A is given both as a rank and by card"),
        ("As:3,A:3", "rank A is given both as a rank and by card"),
        ("", "names no cards"),
    ],
)
def test_impossible_or_unreadable_compositions_quote_the_input(text: str, message: str) -> None:
    with pytest.raises(CompositionError) as info:
        Composition.parse(text)
    assert message in str(info.value)
    assert isinstance(info.value, BaccaratError)


def test_constructor_errors() -> None:
    with pytest.raises(CompositionError, match="52 cards"):
        Composition((1,) * 51)
    with pytest.raises(CompositionError, match="at least 0: Ac:-1"):
        Composition((-1,) + (1,) * 51)
    with pytest.raises(CompositionError, match="13 counts"):
        Composition.from_rank_counts([4] * 12)
    with pytest.raises(CompositionError, match="whole number"):
        Composition.from_rank_counts([4] * 12 + [True])
    with pytest.raises(CompositionError, match="at least 1, got -2"):
        Composition.decks(-2)


def test_without_and_without_rank() -> None:
    shoe = Composition.decks(1).without([Card.parse("As"), Card.parse("Ah")])
    assert shoe.rank_counts[0] == 2
    # The most plentiful suit goes first, ties in suit order: clubs, then diamonds.
    assert shoe.without_rank(Rank.ACE).count(Card.parse("Ac")) == 0
    assert shoe.without_rank(Rank.ACE).without_rank(Rank.ACE).rank_counts[0] == 0
    with pytest.raises(CompositionError, match="holds none"):
        shoe.without_rank(Rank.ACE).without_rank(Rank.ACE).without_rank(Rank.ACE)


@given(st.lists(st.integers(0, 40), min_size=13, max_size=13).filter(lambda c: sum(c) >= 6))
def test_rank_counts_round_trip(counts: list[int]) -> None:
    shoe = Composition.from_rank_counts(counts)
    assert shoe.rank_counts == tuple(counts)
    assert sum(shoe.value_counts) == shoe.size == sum(counts)
    assert Composition.parse(str(shoe)) == shoe
    # Even spread: the suits of a rank never differ by more than one card.
    for rank in RANKS:
        suits = [shoe.count(Card(rank, suit)) for suit in SUITS]
        assert max(suits) - min(suits) <= 1
