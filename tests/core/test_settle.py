"""Settlement: table-driven coups under every rule set, combinations, validation before any
settling, and the invariants net = returned - stake and "a push returns the stake exactly"."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.bets import BetResult
from baccarat.core.cards import full_deck, parse_cards
from baccarat.core.conditions import BetError
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.errors import BaccaratError
from baccarat.core.money import net_amount
from baccarat.core.rules import RULE_SETS, RuleSet, TableLimits, get_rule_set
from baccarat.core.settle import BetSettlement, Settlement, StakeError, check_stakes, settle
from baccarat.core.tableau import Action, Tableau

WIN, LOSE, PUSH = BetResult.WIN, BetResult.LOSE, BetResult.PUSH

BANKER_2CARD_6 = "2c 3d 3h 3s Kc"  # Banker 6 (two cards) beats Player 5
BANKER_3CARD_6 = "3c 2d 2h Ad Kc 3s"  # Banker 6 (three cards) beats Player 5
BANKER_3CARD_7 = "3c 2d 2h Ad Kc 4s"  # Banker 7 (three cards) beats Player 5
PLAYER_3CARD_8 = "2c Kd 3h 7s 3d"  # Player 8 (three cards) beats Banker 7
NATURAL_TIE = "4c 5d 4h 3s"  # 8-8 on naturals, the Player holds a pair
PLAYER_NATURAL = "Kc 3d 9h 4s"  # Player natural 9 beats Banker 7


def _coup(cards: str) -> Coup:
    return Coup.from_cards(parse_cards(cards))


# (cards, rule set, {bet: stake in minor units}, [(result, returned, net) per bet], total net)
CASES: list[tuple[str, str, dict[str, int], list[tuple[BetResult, int, int]], int]] = [
    # The example: 100 on the Banker, 5 on the Tie; the Banker wins.
    (BANKER_2CARD_6, "punto-banco", {"banker": 10_000, "tie": 500},
     [(WIN, 19_500, 9_500), (LOSE, 0, -500)], 9_000),
    (BANKER_2CARD_6, "no-commission", {"banker": 10_000}, [(WIN, 15_000, 5_000)], 5_000),
    (BANKER_3CARD_6, "no-commission", {"banker": 10_000, "super_6": 100, "big_tiger": 100,
                                       "small_tiger": 100},
     [(WIN, 15_000, 5_000), (WIN, 1_300, 1_200), (WIN, 5_100, 5_000), (LOSE, 0, -100)], 11_100),
    (BANKER_2CARD_6, "no-commission", {"big_tiger": 100, "small_tiger": 100},
     [(LOSE, 0, -100), (WIN, 2_300, 2_200)], 2_100),
    (BANKER_2CARD_6, "ez", {"banker": 10_000}, [(WIN, 20_000, 10_000)], 10_000),
    (BANKER_3CARD_7, "ez", {"banker": 10_000, "dragon_7": 500, "player": 200},
     [(PUSH, 10_000, 0), (WIN, 20_500, 20_000), (LOSE, 0, -200)], 19_800),
    (BANKER_3CARD_7, "punto-banco", {"banker": 10_000}, [(WIN, 19_500, 9_500)], 9_500),
    (PLAYER_3CARD_8, "ez", {"panda_8": 1_000, "player": 1_000, "banker": 1_000},
     [(WIN, 26_000, 25_000), (WIN, 2_000, 1_000), (LOSE, 0, -1_000)], 25_000),
    # Seed house rules: on a tie, Player and Banker bets are returned and only the Tie is paid.
    (NATURAL_TIE, "punto-banco", {"tie": 500, "player": 10_000, "banker": 2_000},
     [(WIN, 4_500, 4_000), (PUSH, 10_000, 0), (PUSH, 2_000, 0)], 4_000),
    (NATURAL_TIE, "tie-9", {"tie": 500}, [(WIN, 5_000, 4_500)], 4_500),
    (NATURAL_TIE, "punto-banco", {"dragon_bonus_player": 300, "dragon_bonus_banker": 300,
                                  "egalite_8": 100, "egalite_9": 100, "small": 200, "big": 200,
                                  "player_pair": 100, "perfect_pair": 100},
     [(PUSH, 300, 0), (PUSH, 300, 0), (WIN, 8_100, 8_000), (LOSE, 0, -100), (WIN, 500, 300),
      (LOSE, 0, -200), (WIN, 1_200, 1_100), (LOSE, 0, -100)], 9_000),
    (PLAYER_NATURAL, "punto-banco", {"dragon_bonus_player": 1_000, "player": 1_000},
     [(WIN, 2_000, 1_000), (WIN, 2_000, 1_000)], 2_000),
    # Fractional pays round down to the minor unit: 12.5 x 0.95 = 11.875 -> 11.87.
    (BANKER_2CARD_6, "punto-banco", {"banker": 1_250}, [(WIN, 2_437, 1_187)], 1_187),
    # 1.01 x 0.54 = 0.5454 -> 0.54; 1.01 x 1:2 = 0.505 -> 0.50.
    (BANKER_2CARD_6, "punto-banco", {"big": 101}, [(WIN, 155, 54)], 54),
    (BANKER_2CARD_6, "no-commission", {"banker": 101}, [(WIN, 151, 50)], 50),
]  # fmt: skip


@pytest.mark.parametrize(("cards", "rules", "stakes", "expected", "total"), CASES)
def test_settle(
    cards: str,
    rules: str,
    stakes: dict[str, int],
    expected: list[tuple[BetResult, int, int]],
    total: int,
) -> None:
    settlement = settle(_coup(cards), stakes, get_rule_set(rules))
    assert settlement.rule_set == rules
    assert [b.bet for b in settlement.bets] == list(stakes)
    assert [b.stake for b in settlement.bets] == list(stakes.values())
    assert [(b.result, b.returned, b.net) for b in settlement.bets] == expected
    assert settlement.net == total
    assert settlement.staked == sum(stakes.values())
    assert settlement.returned == settlement.staked + settlement.net


def test_default_rule_set_is_punto_banco() -> None:
    assert settle(_coup(BANKER_2CARD_6), {"banker": 10_000}).bets[0].net == 9_500


def test_a_win_too_small_to_pay_is_still_a_win() -> None:
    # 0.01 on the Banker: 0.0095 is rounded away, but the bet won and its stake comes back.
    (bet,) = settle(_coup(BANKER_2CARD_6), {"banker": 1}, _low_limits("punto-banco")).bets
    assert (bet.result, bet.returned, bet.net) == (WIN, 1, 0)


def test_to_data_is_exact_decimal_strings() -> None:
    data = settle(_coup(BANKER_2CARD_6), {"banker": 1_250, "tie": 500}).to_data()
    assert data == {
        "rules": "punto-banco",
        "bets": [
            {
                "bet": "banker",
                "stake": "12.5",
                "result": "win",
                "returned": "24.37",
                "net": "11.87",
            },
            {"bet": "tie", "stake": "5", "result": "lose", "returned": "0", "net": "-5"},
        ],
        "staked": "17.5",
        "returned": "24.37",
        "net": "6.87",
    }


def test_no_stakes_settle_to_nothing() -> None:
    settlement = settle(_coup(BANKER_2CARD_6), {})
    assert settlement == Settlement("punto-banco", ())
    assert settlement.net == 0


# --- Validation: the first bad stake raises, and nothing is settled -------------------------------


@pytest.mark.parametrize(
    ("stakes", "error", "message"),
    [
        ({"lucky_13": 100}, BetError, "unknown bet 'lucky_13'"),
        ({"banker": 100, "dragon_7": 100}, BetError, "'dragon_7' is not offered by rule set 'punto-banco'"),
        ({"banker": 0}, StakeError, "stake on 'banker' must be positive, got 0 points"),
        ({"tie": -500}, StakeError, "stake on 'tie' must be positive, got -5 points"),
        ({"tie": 1.5}, StakeError, "whole number of minor units, got 1.5"),
        ({"tie": Fraction(1, 2)}, StakeError, "whole number of minor units"),
        ({"tie": True}, StakeError, "whole number of minor units, got True"),
        ({"tie": 99}, StakeError, "stake of 0.99 points on 'tie' is below the table minimum of 1 point"),
        ({"player": 100, "tie": 100_001}, StakeError,
         "stake of 1000.01 points on 'tie' is above the table maximum of 1000 points"),
        ({"banker": 1_000_001}, StakeError, "above the table maximum of 10000 points \\(punto-banco\\)"),
    ],
)  # fmt: skip
def test_bad_stakes_are_refused(
    stakes: dict[str, int], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        check_stakes(stakes, get_rule_set())
    with pytest.raises(error, match=message):
        settle(_coup(NATURAL_TIE), stakes, get_rule_set())


def test_limits_are_inclusive() -> None:
    rules = get_rule_set()
    check_stakes({"banker": 100, "player": 1_000_000, "tie": 100_000}, rules)


def test_a_coup_dealt_by_other_draw_rules_is_refused() -> None:
    never_draw = Tableau.from_rows(
        "never-draw", player="S" * 10, banker_player_stood="S" * 10, banker={}
    )
    base = get_rule_set()
    rules = RuleSet.of(
        "never-draw", "Never draw", base.bets.values(), base.limits, tableau=never_draw
    )
    with pytest.raises(BaccaratError, match="not dealt by the draw rules of rule set 'never-draw'"):
        settle(_coup(BANKER_2CARD_6), {"banker": 100}, rules)
    two_card = Coup.from_cards(parse_cards(BANKER_2CARD_6), never_draw)
    assert two_card.cards_used == 4
    assert settle(two_card, {"banker": 100}, rules).bets[0].net == 95  # 6 beats 5, no draw


# --- Invariants over random coups and stakes -------------------------------------------------------


def _low_limits(name: str) -> RuleSet:
    """The rule set with limits of 0.01 to 10^9 points, so any positive stake is accepted."""
    rules = RULE_SETS[name]
    return RuleSet.of(rules.name, rules.title, rules.bets.values(), TableLimits(1, 10**11))


_LOW = {name: _low_limits(name) for name in RULE_SETS}

_cards = st.lists(st.sampled_from(full_deck()), min_size=6, max_size=6)


@st.composite
def _stakes(draw: st.DrawFn, rules: RuleSet) -> dict[str, int]:
    names = draw(st.lists(st.sampled_from(list(rules.bets)), unique=True, max_size=8))
    return {name: draw(st.integers(min_value=1, max_value=10**11)) for name in names}


@given(st.data(), _cards, st.sampled_from(list(_LOW)))
def test_settlement_invariants(data: st.DataObject, cards: list[object], name: str) -> None:
    rules = _LOW[name]
    stakes = data.draw(_stakes(rules))
    coup = Coup.from_cards(cards)  # type: ignore[arg-type]
    settlement = settle(coup, stakes, rules)
    for b in settlement.bets:
        bet = rules.bet(b.bet)
        per_unit = bet.net(bet.index_of(coup))
        assert b.result is bet.result(bet.index_of(coup))
        assert b.net == b.returned - b.stake
        assert b.net == net_amount(b.stake, per_unit)
        assert b.net <= b.stake * per_unit < b.net + 1  # rounded down, by less than a minor unit
        if b.result is PUSH:
            assert (b.returned, b.net) == (b.stake, 0)
        elif b.result is LOSE:
            assert b.returned == 0 or per_unit > -1
        else:
            assert b.returned >= b.stake
    assert settlement.net == sum(b.net for b in settlement.bets)


@given(_cards, st.integers(min_value=1, max_value=10**11))
def test_player_and_banker_push_exactly_on_every_tie(cards: list[object], stake: int) -> None:
    coup = Coup.from_cards(cards)  # type: ignore[arg-type]
    for rules in _LOW.values():
        for b in settle(coup, {"player": stake, "banker": stake}, rules).bets:
            if coup.player.total == coup.banker.total:
                assert (b.result, b.returned, b.net) == (PUSH, stake, 0)
            else:
                assert b.result is not PUSH or (b.bet == "banker" and rules.name == "ez")


def test_bet_settlement_record() -> None:
    record = BetSettlement("tie", 500, PUSH, 500, 0).to_data()
    assert record == {"bet": "tie", "stake": "5", "result": "push", "returned": "5", "net": "0"}


def test_a_coup_with_a_choice_is_settled_by_replaying_the_choice() -> None:
    # The Player may choose at 5 (as in Chemin de Fer); the Banker's rules are Punto Banco's.
    pb = get_rule_set().tableau
    rows = {t: "".join(a.value[0].upper() for a in pb.banker[t]) for t in range(10)}
    choice = Tableau.from_rows(
        "player-choice-5", player="DDDDDOSSSS", banker_player_stood="DDDDDDSSSS", banker=rows
    )
    base = get_rule_set()
    rules = RuleSet.of("player-choice-5", "Choice", base.bets.values(), base.limits, tableau=choice)
    cards = parse_cards(BANKER_2CARD_6)  # the Player holds 5, the Banker 6

    def always(action: Action) -> Callable[[ChoicePoint], Action]:
        return lambda _point: action

    for action, cards_used in ((Action.DRAW, 5), (Action.STAND, 4)):
        coup = Coup.from_cards(cards, choice, always(action))
        assert coup.cards_used == cards_used
        assert settle(coup, {"banker": 100}, rules).bets[0].result is WIN
    with pytest.raises(BaccaratError, match="not dealt by the draw rules"):
        settle(_coup(BANKER_2CARD_6), {"banker": 100}, RuleSet.of(
            "stand-5", "Stand on 5", base.bets.values(), base.limits,
            tableau=Tableau.from_rows("stand-5", player="DDDDDSSSSS",
                                      banker_player_stood="DDDDDDSSSS", banker=rows)))  # fmt: skip
