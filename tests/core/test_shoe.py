"""The shoe: composition, burn, cut card and the one-more-coup rule, for every deck count."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.cards import Card, Rank, full_deck
from baccarat.core.coup import Coup
from baccarat.core.errors import ShoeError
from baccarat.core.shoe import Shoe, ShoeRules


def reference_deal(order: list[Card], rules: ShoeRules) -> tuple[list[Coup], int, tuple[Card, ...]]:
    """The shoe procedure restated plainly: returns coups, cards used, burned cards."""
    pos = 0
    burned: tuple[Card, ...] = ()
    if rules.burn:
        burned = tuple(order[: 1 + (order[0].value or 10)])
        pos = len(burned)
    cut_index = len(order) - rules.cut_card
    coups: list[Coup] = []
    while True:
        coup = Coup.from_cards(order[pos : pos + 6])
        coups.append(coup)
        pos += coup.cards_used
        if pos - 1 >= cut_index:  # this coup drew a card at or past the cut card
            break
    if rules.one_more_coup:
        coup = Coup.from_cards(order[pos : pos + 6])
        coups.append(coup)
        pos += coup.cards_used
    return coups, pos, burned


@st.composite
def shoe_rules(draw: st.DrawFn) -> ShoeRules:
    decks = draw(st.integers(1, 8))
    one_more = draw(st.booleans())
    least = 12 if one_more else 6
    cut = draw(st.one_of(st.just(14), st.integers(least, decks * 52 - 1)))
    return ShoeRules(decks=decks, cut_card=cut, burn=draw(st.booleans()), one_more_coup=one_more)


@settings(max_examples=60, deadline=None)
@given(shoe_rules(), st.integers(0, 2**32))
def test_a_whole_shoe_follows_the_procedure(rules: ShoeRules, seed: int) -> None:
    shoe = Shoe.shuffled(rules, random.Random(seed))
    order = list(full_deck() * rules.decks)
    random.Random(seed).shuffle(order)
    start = Counter(c.rank for c in order)
    assert shoe.starting_counts() == {r: start[r] for r in Rank}

    coups, used, burned = reference_deal(order, rules)
    dealt: list[Coup] = []
    while not shoe.finished:
        dealt.append(shoe.deal_coup())
        # Cards dealt plus cards remaining always equal the starting shoe.
        together = Counter(shoe.dealt_counts()) + Counter(shoe.remaining_counts())
        assert dict(together) == {r: n for r, n in start.items() if n}
    assert dealt == coups
    assert shoe.burned == burned
    assert shoe.cards_dealt == used
    assert shoe.cut_card_out
    assert shoe.cards_remaining >= 0
    with pytest.raises(ShoeError, match="ended"):
        shoe.deal_coup()


def test_burn_turns_one_card_and_burns_its_value_ten_for_zero() -> None:
    base = list(full_deck())
    for first, extra in (("5h", 5), ("Kd", 10), ("Ac", 1), ("9s", 9)):
        card = Card.parse(first)
        order = [card, *(c for c in base if c != card)]
        shoe = Shoe.from_order(order, ShoeRules(decks=1))
        assert shoe.burned[0] == card
        assert len(shoe.burned) == 1 + extra
        assert shoe.cards_dealt == 1 + extra


def test_no_burn_deals_from_the_first_card() -> None:
    order = list(full_deck())
    random.Random(3).shuffle(order)
    shoe = Shoe.from_order(order, ShoeRules(decks=1, burn=False))
    assert shoe.deal_coup().cards_in_order == tuple(order[: shoe.cards_dealt])


def test_unseen_cards_include_the_face_down_burn() -> None:
    order = list(full_deck() * 2)
    random.Random(5).shuffle(order)
    shoe = Shoe.from_order(order, ShoeRules(decks=2))
    unseen = sum(shoe.unseen_counts().values())
    assert unseen == shoe.cards_remaining + len(shoe.burned) - 1
    seen = Counter(order) - shoe.unseen_cards()
    assert seen == Counter([shoe.burned[0]])  # only the turned burn card has been shown
    shoe.deal_coup()
    seen = Counter(order) - shoe.unseen_cards()
    assert sum(seen.values()) == 1 + (shoe.cards_dealt - len(shoe.burned))


def _by_rank(cards: Counter[Card]) -> dict[Rank, int]:
    counts = dict.fromkeys(Rank, 0)
    for card, n in cards.items():
        counts[card.rank] += n
    return counts


@pytest.mark.parametrize("rules", [ShoeRules(), ShoeRules(decks=1), ShoeRules(decks=2, burn=False)])
def test_counts_by_card_number_are_the_counts_card_by_card(rules: ShoeRules) -> None:
    # The shoe counts its cards by number (bytes), not card by card: at every coup the counts
    # are those of its cards themselves, in the same order of keys.
    order = list(full_deck() * rules.decks)
    random.Random(rules.decks).shuffle(order)
    shoe = Shoe.from_order(order, rules)
    while True:
        dealt, left = order[: shoe.cards_dealt], order[shoe.cards_dealt :]
        assert list(shoe.dealt_counts().items()) == list(_by_rank(Counter(dealt)).items())
        assert list(shoe.remaining_counts().items()) == list(_by_rank(Counter(left)).items())
        unseen = Counter(left) + Counter(shoe.burned[1:])
        assert shoe.unseen_cards() == unseen
        assert shoe.unseen_card_counts() == tuple(unseen[card] for card in full_deck())
        if shoe.finished:
            break
        shoe.deal_coup()


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"decks": 0}, "decks must be a whole number of at least 1, got 0"),
        ({"decks": -2}, "got -2"),
        ({"decks": 1, "cut_card": 52}, "cut card 52 is outside the shoe"),
        ({"decks": 8, "cut_card": 11}, "cut card 11 is outside the shoe"),
        ({"decks": 8, "cut_card": -1}, "cut card -1"),
        ({"decks": 8, "cut_card": 5, "one_more_coup": False}, "cut card 5"),
    ],
)
def test_impossible_shoes_are_clear_errors(kwargs: dict[str, int], message: str) -> None:
    with pytest.raises(ShoeError, match=message):
        ShoeRules(**kwargs)  # type: ignore[arg-type]


def test_more_than_eight_decks_are_allowed() -> None:
    shoe = Shoe.shuffled(ShoeRules(decks=12), random.Random(1))
    assert sum(shoe.starting_counts().values()) == 12 * 52


def test_wrong_sized_order_is_an_error() -> None:
    with pytest.raises(ShoeError, match="holds 52 cards"):
        Shoe.from_order(list(full_deck())[:50], ShoeRules(decks=1))


def test_default_source_is_the_system_csprng(monkeypatch: pytest.MonkeyPatch) -> None:
    used: list[str] = []

    class Spy(random.SystemRandom):
        def shuffle(self, x: list[Card]) -> None:  # type: ignore[override]
            used.append("system")
            super().shuffle(x)

    monkeypatch.setattr(random, "SystemRandom", Spy)
    Shoe.shuffled(ShoeRules(decks=1))
    assert used == ["system"]


def test_a_shoe_deals_a_tableau_with_options_through_the_chooser() -> None:
    """A Chemin de Fer shoe asks the chooser at every option and deals the same coups as the cards."""
    from baccarat.core.coup import ChoicePoint
    from baccarat.core.errors import TableauError
    from baccarat.core.tableau import CHEMIN_DE_FER, Action, Side

    def choose(point: ChoicePoint) -> Action:
        return Action.DRAW if point.side is Side.PLAYER else Action.STAND

    order = list(full_deck() * 2)
    random.Random(5).shuffle(order)
    rules = ShoeRules(decks=2, burn=False)
    coups = list(Shoe.from_order(order, rules).deal_all(CHEMIN_DE_FER, choose))
    pos = 0
    for coup in coups:
        assert coup == Coup.from_cards(order[pos : pos + 6], CHEMIN_DE_FER, choose)
        pos += coup.cards_used
    assert any(step.chosen for coup in coups for step in coup.steps)
    with pytest.raises(TableauError, match="pass a strategy"):
        list(Shoe.from_order(order, rules).deal_all(CHEMIN_DE_FER))
