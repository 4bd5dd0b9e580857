"""Cards: values, parsing in every accepted form, formatting, and errors that quote the input."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.cards import RANKS, SUITS, Card, Rank, Suit, format_cards, full_deck, parse_cards
from baccarat.core.errors import BaccaratError, CardError


def test_point_values_follow_the_rules() -> None:
    expected = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9}
    expected |= {"T": 0, "J": 0, "Q": 0, "K": 0}
    assert {rank.symbol: rank.value_points for rank in Rank} == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ks", Card(Rank.KING, Suit.SPADES)),
        ("Th", Card(Rank.TEN, Suit.HEARTS)),
        ("10h", Card(Rank.TEN, Suit.HEARTS)),
        ("9d", Card(Rank.NINE, Suit.DIAMONDS)),
        ("Ac", Card(Rank.ACE, Suit.CLUBS)),
        ("K♠", Card(Rank.KING, Suit.SPADES)),
        ("q♥", Card(Rank.QUEEN, Suit.HEARTS)),
        ("10♦", Card(Rank.TEN, Suit.DIAMONDS)),
        ("2♣", Card(Rank.TWO, Suit.CLUBS)),
        (" js ", Card(Rank.JACK, Suit.SPADES)),
    ],
)
def test_parse_accepts_every_documented_form(text: str, expected: Card) -> None:
    assert Card.parse(text) == expected


@pytest.mark.parametrize("text", ["", "1s", "Kx", "K", "11h", "AA", "10", "Ks ", "K♠♠", "0h"])
def test_bad_card_is_a_specific_error_quoting_the_input(text: str) -> None:
    if text == "Ks ":  # surrounding blanks are forgiven
        assert Card.parse(text) == Card(Rank.KING, Suit.SPADES)
        return
    with pytest.raises(CardError) as info:
        Card.parse(text)
    assert repr(text) in str(info.value)
    assert isinstance(info.value, BaccaratError)
    assert isinstance(info.value, ValueError)


def test_output_is_two_character_ascii() -> None:
    deck = full_deck()
    assert len(deck) == 52 and len(set(deck)) == 52
    assert all(len(str(card)) == 2 and str(card).isascii() for card in deck)
    assert str(Card.parse("10h")) == "Th"


@given(st.lists(st.sampled_from(full_deck()), max_size=20))
def test_format_then_parse_round_trips(cards: list[Card]) -> None:
    assert parse_cards(format_cards(cards)) == tuple(cards)


@given(st.sampled_from(RANKS), st.sampled_from(SUITS))
def test_unicode_and_ascii_forms_agree(rank: Rank, suit: Suit) -> None:
    assert Card.parse(rank.symbol + suit.symbol) == Card.parse(rank.symbol + suit.value)


def test_parse_cards_accepts_commas_and_reports_the_bad_token() -> None:
    assert len(parse_cards("7c, 2s,Kd  3h")) == 4
    with pytest.raises(CardError, match="'Zz'"):
        parse_cards("7c Zz 2s")


def test_rank_parse_errors_quote_the_input() -> None:
    with pytest.raises(CardError, match="'X'"):
        Rank.parse("X")
