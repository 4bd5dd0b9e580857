"""Summary classes: indexing, winners and naturals derived from totals and card counts."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.cards import Card, full_deck
from baccarat.core.coup import Coup
from baccarat.core.summary import PAIR_CLASSES, SUMMARY_CLASSES, Summary


def test_indices_are_a_bijection() -> None:
    assert [s.index for s in SUMMARY_CLASSES] == list(range(400))
    assert [p.index for p in PAIR_CLASSES] == list(range(9))
    assert all(Summary.from_index(s.index) == s for s in SUMMARY_CLASSES)


@given(st.lists(st.sampled_from(full_deck()), min_size=6, max_size=6))
def test_a_coups_summary_carries_its_winner_natural_and_card_count(cards: list[Card]) -> None:
    coup = Coup.from_cards(cards)
    s = coup.summary
    assert s.winner is coup.winner
    assert s.natural == coup.natural
    assert s.cards == coup.cards_used
    assert SUMMARY_CLASSES[s.index] == s
    assert PAIR_CLASSES[coup.pairs.index] == coup.pairs
