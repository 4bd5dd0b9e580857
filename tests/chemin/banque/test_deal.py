"""Banque coups: dealing order, naturals, both Player hands' choices, the Banker's view, sentences."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.chemin.banque.deal import (
    BanqueChoicePoint,
    BanqueCoup,
    HandView,
    Seat,
    explain_banque_coup,
)
from baccarat.core.cards import Card, full_deck, parse_cards
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.errors import CardError, TableauError
from baccarat.core.summary import Winner
from baccarat.core.tableau import BANKER_DISCRETION, Action, Reason, Side


def _draw(seat: Seat, point: ChoicePoint) -> Action:
    return Action.DRAW


def _stand(point: BanqueChoicePoint) -> Action:
    return Action.STAND


def test_cards_go_right_left_banker_twice_then_third_cards_in_turn() -> None:
    cards = parse_cards("Ac 2d 3h 4s 2c 6d 9h 8c 7s")
    # Right A+4 = 5, left 2+2 = 4, Banker 3+6 = 9: a Banker natural ends everything.
    coup = BanqueCoup.from_cards(cards, _draw, _stand)
    assert [str(c) for c in coup.right.cards] == ["Ac", "4s"]
    assert [str(c) for c in coup.left.cards] == ["2d", "2c"]
    assert [str(c) for c in coup.banker.cards] == ["3h", "6d"]
    # Now without a natural: right draws 9h, left draws 8c, the Banker draws 7s.
    cards = parse_cards("Ac 2d 3h 4s 2c 2h 9h 8c 7s")
    coup = BanqueCoup.from_cards(cards, _draw, lambda point: Action.DRAW)
    assert [str(c) for c in coup.right.cards] == ["Ac", "4s", "9h"]
    assert [str(c) for c in coup.left.cards] == ["2d", "2c", "8c"]
    assert [str(c) for c in coup.banker.cards] == ["3h", "2h", "7s"]
    assert coup.cards_in_order == cards


def test_a_banker_natural_stops_every_hand_and_asks_nobody() -> None:
    def refuse(*args: object) -> Action:
        raise AssertionError("nobody chooses after a Banker natural")

    coup = BanqueCoup.from_cards(parse_cards("8c 2d 9h Kc 3h Ks"), refuse, refuse)
    assert (coup.right.total, coup.left.total, coup.banker.total) == (8, 5, 9)
    assert coup.result(Seat.RIGHT) is Winner.BANKER
    assert coup.result(Seat.LEFT) is Winner.BANKER
    assert [(s.seat, s.step.reason) for s in coup.steps] == [
        (Seat.RIGHT, Reason.NATURAL),  # its own natural 8, beaten by the Banker's 9
        (Seat.LEFT, Reason.OPPONENT_NATURAL),
        (None, Reason.NATURAL),
    ]
    assert explain_banque_coup(coup)[-1] == "Banker has a natural 9: every hand stands."


def test_a_player_natural_is_decided_on_two_cards_while_the_other_hand_plays_on() -> None:
    # Right 4+4 = 8 (natural), left K+3 = 3 draws a 2, Banker 2+3 = 5 draws a 4 to 9.
    coup = BanqueCoup.from_cards(
        parse_cards("4c Kd 2h 4s 3c 3h 2d 4d"), _draw, lambda p: Action.DRAW
    )
    assert coup.banker.total == 9 and len(coup.banker.cards) == 3
    assert coup.totals(Seat.RIGHT) == (8, 5)  # the Banker's draw came after it was decided
    assert coup.result(Seat.RIGHT) is Winner.PLAYER
    assert coup.totals(Seat.LEFT) == (5, 9)
    assert coup.result(Seat.LEFT) is Winner.BANKER
    assert explain_banque_coup(coup)[0] == "Right hand: Player has a natural 8: this hand stands."


def test_after_two_player_naturals_the_banker_stands_without_choosing() -> None:
    coup = BanqueCoup.from_cards(parse_cards("4c 9d Kh 4s Kc 3h"), _draw, None)
    assert coup.banker.cards == parse_cards("Kh 3h")
    assert coup.steps[-1].step.reason is Reason.OPPONENT_NATURAL
    assert explain_banque_coup(coup)[-1] == (
        "Both Player hands have a natural: Banker stands on 3."
    )


def test_the_banker_sees_each_hand_stood_drew_or_natural() -> None:
    seen: list[BanqueChoicePoint] = []

    def banker(point: BanqueChoicePoint) -> Action:
        seen.append(point)
        return Action.STAND

    # Right 2+3 = 5 stands (its choice), left 9+K = 9 natural, Banker 3+3 = 6.
    BanqueCoup.from_cards(
        parse_cards("2c 9d 3h 3s Kd 3d"), lambda seat, point: Action.STAND, banker
    )
    assert seen == [BanqueChoicePoint(6, HandView(third=None), HandView(natural=True))]
    assert (seen[0].right.key, seen[0].left.key, seen[0].right.stood) == ("-", "N", True)
    # Right 2+3 draws a 7, left 1+2 = 3 draws a K.
    seen.clear()
    BanqueCoup.from_cards(parse_cards("2c Ad 3h 3s 2d 3d 7c Kc"), _draw, banker)
    assert seen == [BanqueChoicePoint(6, HandView(third=7), HandView(third=0))]


def test_each_player_hand_is_asked_with_its_seat() -> None:
    asked: list[tuple[Seat, ChoicePoint]] = []

    def player(seat: Seat, point: ChoicePoint) -> Action:
        asked.append((seat, point))
        return Action.DRAW if seat is Seat.RIGHT else Action.STAND

    coup = BanqueCoup.from_cards(parse_cards("2c 2d Kh 3s 3d 4h 5c 6c"), player, _stand)
    assert asked == [
        (Seat.RIGHT, ChoicePoint(Side.PLAYER, 5)),
        (Seat.LEFT, ChoicePoint(Side.PLAYER, 5)),
    ]
    assert [s.step.chosen for s in coup.steps] == [True, True, True]
    assert explain_banque_coup(coup) == [
        "Right hand: Player has 5, where the rules leave a choice: the Player's hand chose to draw.",
        "Left hand: Player has 5, where the rules leave a choice: the Player's hand chose to stand.",
        "Banker has 4, where the rules leave a choice: the Banker's hand chose to stand.",
    ]


def test_missing_strategies_and_bad_choices_are_errors() -> None:
    cards = parse_cards("2c 2d Kh 3s 3d 4h 5c 6c")
    with pytest.raises(TableauError, match="right Player hand has a choice on 5"):
        BanqueCoup.from_cards(cards, None, _stand)
    with pytest.raises(TableauError, match="the Banker always chooses"):
        BanqueCoup.from_cards(cards, _draw, None)
    with pytest.raises(TableauError, match="draw or stand"):
        BanqueCoup.from_cards(cards, _draw, lambda p: Action.OPTION)
    with pytest.raises(CardError, match="needs 6 to 9"):
        BanqueCoup.from_cards(cards[:5], _draw, _stand)


def _replay_as_chemin_de_fer(coup: BanqueCoup, seat: Seat) -> Coup:
    """The seat's contest dealt as a Chemin de Fer coup, replaying the recorded choices."""
    hand, banker = coup.hand(seat).cards, coup.banker.cards
    actions = {s.seat: s.step.action for s in coup.steps}
    order = [hand[0], banker[0], hand[1], banker[1], *hand[2:], *banker[2:]]
    return Coup.from_cards(
        order,
        BANKER_DISCRETION,
        lambda point: actions[seat] if point.side is Side.PLAYER else actions[None],
    )


@settings(max_examples=300, deadline=None)
@given(
    st.permutations(full_deck()).map(lambda cards: cards[:9]),
    st.booleans(),
    st.booleans(),
    st.booleans(),
)
def test_each_seat_plays_a_chemin_de_fer_coup_against_the_banker(
    cards: list[Card], right_draws: bool, left_draws: bool, banker_draws: bool
) -> None:
    """Whatever the cards and choices, each Player hand's result is that of the Chemin de Fer
    coup between it and the Banker's hand, dealt by the core engine with the same choices."""
    draws = {Seat.RIGHT: right_draws, Seat.LEFT: left_draws}
    coup = BanqueCoup.from_cards(
        cards,
        lambda seat, point: Action.DRAW if draws[seat] else Action.STAND,
        lambda point: Action.DRAW if banker_draws else Action.STAND,
    )
    assert coup.cards_in_order == tuple(cards[: len(coup.cards_in_order)])
    for seat in (Seat.RIGHT, Seat.LEFT):
        single = _replay_as_chemin_de_fer(coup, seat)
        assert single.winner is coup.result(seat)
        assert single.player.cards == coup.hand(seat).cards
    assert len(coup.steps) == 3
