"""The coup: exhaustive agreement with the rules, the seed pages' worked examples, and invariants."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.cards import RANKS, SUITS, Card, Rank, full_deck, parse_cards
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.errors import CardError, TableauError
from baccarat.core.explain import explain_coup
from baccarat.core.summary import PairKind, Winner
from baccarat.core.tableau import Action, Reason, Side, Tableau
from support.rules_oracle import play_by_the_book

_ZERO_RANKS = (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING)


def _card(value: int, salt: int) -> Card:
    """A card of the given point value; rank and suit vary with ``salt`` to exercise them all."""
    rank = _ZERO_RANKS[salt % 4] if value == 0 else Rank(value)
    return Card(rank, SUITS[salt % 4])


def test_every_start_and_draw_agrees_with_the_rules_as_written() -> None:
    """All 10^4 first-four-card values, every Player third card, and every Banker third card value
    (the Banker's third card decides no rule, so it is cycled through all ten values)."""
    checked = 0
    for a, b, c, d in itertools.product(range(10), repeat=4):
        for p3 in range(10):
            b3 = (7 * a + 3 * b + c + 5 * d + p3) % 10
            values = [a, b, c, d, p3, b3]
            cards = [_card(v, i + a + c) for i, v in enumerate(values)]
            coup = Coup.from_cards(cards)
            player, banker = play_by_the_book(values)
            assert [x.value for x in coup.player.cards] == player, values
            assert [x.value for x in coup.banker.cards] == banker, values
            assert coup.player.total == sum(player) % 10
            assert coup.banker.total == sum(banker) % 10
            assert coup.cards_used == len(player) + len(banker)
            expected = (
                Winner.PLAYER if coup.player.total > coup.banker.total
                else Winner.BANKER if coup.banker.total > coup.player.total
                else Winner.TIE
            )  # fmt: skip
            assert coup.winner is expected
            assert coup.natural == (sum(player[:2]) % 10 >= 8 or sum(banker[:2]) % 10 >= 8)
            checked += 1
            if len(player) == 2:  # the Player's third card was never used: no need to vary it
                break
    assert checked > 10**4


@pytest.mark.parametrize(
    ("cards", "player", "banker", "winner", "score"),
    [
        # 000 (Vietnamese guide): Player 7c Kd stands, Banker 2s 3h draws 4c, Banker wins 9-7.
        ("7c 2s Kd 3h 4c", "7c Kd", "2s 3h 4c", Winner.BANKER, (7, 9)),
        # 000: Player 2c 3d draws 6s, Banker 4h Kc draws 3d, Banker wins 7-1.
        ("2c 4h 3d Kc 6s 3d", "2c 3d 6s", "4h Kc 3d", Winner.BANKER, (1, 7)),
        # 000: Player As 4d draws 8c, Banker 2h 4c stands on the 8, Banker wins 6-3.
        ("As 2h 4d 4c 8c", "As 4d 8c", "2h 4c", Winner.BANKER, (3, 6)),
        # 001 (rules guide): Player 2+3 draws an 8, Banker A+2 stands on the 8: tie 3-3.
        ("2c Ad 3h 2s 8d", "2c 3h 8d", "Ad 2s", Winner.TIE, (3, 3)),
    ],
)
def test_worked_examples_from_the_seed_pages(
    cards: str, player: str, banker: str, winner: Winner, score: tuple[int, int]
) -> None:
    coup = Coup.from_cards(parse_cards(cards))
    assert coup.player.cards == parse_cards(player)
    assert coup.banker.cards == parse_cards(banker)
    assert coup.winner is winner
    assert (coup.player.total, coup.banker.total) == score


def test_steps_explain_the_seed_example() -> None:
    coup = Coup.from_cards(parse_cards("As 2h 4d 4c 8c"))
    player, banker = coup.steps
    assert (player.side, player.action, player.reason) == (
        Side.PLAYER,
        Action.DRAW,
        Reason.PLAYER_DRAWS,
    )
    assert player.card == Card.parse("8c")
    assert (banker.side, banker.action, banker.reason) == (
        Side.BANKER, Action.STAND, Reason.BANKER_THIRD_CARD_STANDS
    )  # fmt: skip
    assert (banker.total, banker.player_third, banker.low, banker.high) == (6, 8, 8, 9)
    assert explain_coup(coup) == [
        "Player has 5, in 0–5: Player draws.",
        "Banker has 6; the Player's third card is 8, in 8–9: Banker stands.",
    ]


def test_natural_steps() -> None:
    coup = Coup.from_cards(parse_cards("9s 5h Kd Kc"))
    assert coup.natural
    assert [(s.side, s.action, s.reason) for s in coup.steps] == [
        (Side.PLAYER, Action.STAND, Reason.NATURAL),
        (Side.BANKER, Action.STAND, Reason.OPPONENT_NATURAL),
    ]
    assert explain_coup(coup) == [
        "Player has a natural 9: both hands stand.",
        "Player has a natural: Banker stands on 5.",
    ]


def test_pairs_and_pair_kinds() -> None:
    coup = Coup.from_cards(parse_cards("7c 2s 7c 2h 5d 5d"))
    assert coup.player.pair and coup.banker.pair
    assert coup.pairs.player is PairKind.SUITED
    assert coup.pairs.banker is PairKind.PAIR
    assert not Coup.from_cards(parse_cards("Kc 2s Qc 2h 5d 5d")).player.pair


def test_cards_in_order_and_left_over_cards() -> None:
    cards = parse_cards("2c 4h 3d Kc 6s 3d 9h 9h")
    coup = Coup.from_cards(cards)
    assert coup.cards_in_order == cards[:6]


@pytest.mark.parametrize("text", ["", "7c", "7c 2s Kd", "2c 4h 3d Kc", "2c 4h 3d Kc 6s"])
def test_too_few_cards_is_a_clear_error(text: str) -> None:
    with pytest.raises(CardError, match="not enough cards"):
        Coup.from_cards(parse_cards(text))


@given(st.lists(st.sampled_from(full_deck()), min_size=6, max_size=6))
def test_coup_invariants(cards: list[Card]) -> None:
    coup = Coup.from_cards(cards)
    assert 4 <= coup.cards_used <= 6
    assert 0 <= coup.player.total <= 9 and 0 <= coup.banker.total <= 9
    if coup.natural:
        assert not coup.player.drew and not coup.banker.drew
    assert len(coup.steps) == 2
    assert [s.side for s in coup.steps] == [Side.PLAYER, Side.BANKER]
    assert coup.cards_in_order == tuple(cards[: coup.cards_used])
    assert coup.summary.winner is coup.winner
    assert coup.summary.natural == coup.natural
    drew = {s.side: s.action is Action.DRAW for s in coup.steps}
    assert drew == {Side.PLAYER: coup.player.drew, Side.BANKER: coup.banker.drew}


def test_every_rank_is_dealable() -> None:
    for rank in RANKS:
        coup = Coup.from_cards([Card(rank, SUITS[0])] * 6)
        assert coup.cards_used >= 4


def _with_options() -> Tableau:
    """Punto Banco with a Player option on 5 and a Banker option on 6 when the Player stood."""
    return Tableau.from_rows(
        "options",
        player="DDDDDOSSSS",
        banker_player_stood="DDDDDDOSSS",
        banker={0: "D" * 10, 1: "D" * 10, 2: "D" * 10, 3: "DDDDDDDDSO", 4: "SSDDDDDDSS",
                5: "SSSSDDDDSS", 6: "SSSSSSDDSS"},
    )  # fmt: skip


def test_choices_are_asked_for_and_recorded() -> None:
    asked: list[ChoicePoint] = []

    def stand_then_draw(point: ChoicePoint) -> Action:
        asked.append(point)
        return Action.STAND if point.side is Side.PLAYER else Action.DRAW

    coup = Coup.from_cards(parse_cards("2c 3s 3h 3d 7c"), _with_options(), stand_then_draw)
    assert asked == [ChoicePoint(Side.PLAYER, 5), ChoicePoint(Side.BANKER, 6)]
    player, banker = coup.steps
    assert (player.reason, player.action, player.chosen) == (
        Reason.PLAYER_OPTION,
        Action.STAND,
        True,
    )
    assert (banker.reason, banker.action, banker.chosen) == (
        Reason.BANKER_OPTION,
        Action.DRAW,
        True,
    )
    assert banker.params()["options"] == "draw,stand"
    assert banker.params()["choice"] == "draw"
    assert coup.banker.cards == parse_cards("3s 3d 7c")
    assert explain_coup(coup) == [
        "Player has 5, where the rules leave a choice: the Player's hand chose to stand.",
        "Banker has 6, where the rules leave a choice: the Banker's hand chose to draw.",
    ]


def test_banker_option_after_a_player_third_card() -> None:
    coup = Coup.from_cards(
        parse_cards("2c Ks Ah 3d 9c 4h"), _with_options(), lambda point: Action.DRAW
    )
    banker = coup.steps[1]
    assert (banker.reason, banker.player_third, banker.chosen) == (Reason.BANKER_OPTION, 9, True)
    assert not coup.steps[0].chosen


def test_a_choice_without_a_strategy_is_a_clear_error() -> None:
    with pytest.raises(TableauError, match="gives the player a choice on 5"):
        Coup.from_cards(parse_cards("2c 3s 3h 3d 7c"), _with_options())
    with pytest.raises(TableauError, match="must be draw or stand"):
        Coup.from_cards(parse_cards("2c 3s 3h 3d 7c"), _with_options(), lambda p: Action.OPTION)
