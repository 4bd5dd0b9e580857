"""Bets as pay tables: every standard bet against an independent oracle over all 400 (or 9)
classes, table-driven coups dealt from real cards, the pay-table reader and its errors."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.bets import Bet, BetResult, PayRule, format_pays, parse_pays, pays_text
from baccarat.core.cards import parse_cards
from baccarat.core.catalogue import (
    BANKER,
    BANKER_PAIR,
    BIG,
    BIG_TIGER,
    DRAGON_7,
    DRAGON_BONUS_BANKER,
    DRAGON_BONUS_PLAYER,
    EGALITE_PAYS,
    EITHER_PAIR,
    PANDA_8,
    PERFECT_PAIR,
    PERFECT_PAIR_TWO_LEVEL,
    PLAYER,
    PLAYER_PAIR,
    SMALL,
    SMALL_TIGER,
    STANDARD_BETS,
    SUPER_6,
    TIE,
    egalite_bet,
)
from baccarat.core.conditions import BetError, Condition, Domain, Field
from baccarat.core.coup import Coup
from baccarat.core.rules import BANKER_EZ, BANKER_NO_COMMISSION, TIE_9
from baccarat.core.summary import (
    PAIR_CLASSES,
    SUMMARY_CLASSES,
    PairKind,
    PairSummary,
    Summary,
    Winner,
)

F = Fraction

# --- Oracles: each pay table written directly from the words, not through pay rules ----

P, B, T = Winner.PLAYER, Winner.BANKER, Winner.TIE


def _main(side: Winner, win: F) -> Callable[[Summary], F]:
    def pays(s: Summary) -> F:
        if s.winner is T:
            return F(0)
        return win if s.winner is side else F(-1)

    return pays


def _banker_no_commission(s: Summary) -> F:
    if s.winner is B:
        return F(1, 2) if s.banker_total == 6 else F(1)
    return F(0) if s.winner is T else F(-1)


def _banker_ez(s: Summary) -> F:
    if s.winner is B:
        return F(0) if (s.banker_total, s.banker_cards) == (7, 3) else F(1)
    return F(0) if s.winner is T else F(-1)


def _dragon(side: Winner) -> Callable[[Summary], F]:
    def pays(s: Summary) -> F:
        if s.natural:
            if s.winner is side:
                return F(1)
            return F(0) if s.winner is T else F(-1)
        margin = abs(s.player_total - s.banker_total)
        if s.winner is side and margin >= 4:
            return F({9: 30, 8: 10, 7: 6, 6: 4, 5: 2, 4: 1}[margin])
        return F(-1)

    return pays


def _when(predicate: Callable[[Summary], bool], win: int | F) -> Callable[[Summary], F]:
    return lambda s: F(win) if predicate(s) else F(-1)


def _egalite(total: int) -> Callable[[Summary], F]:
    return _when(lambda s: s.player_total == s.banker_total == total, EGALITE_PAYS[total])


SUMMARY_ORACLES: list[tuple[Bet, Callable[[Summary], F]]] = [
    (PLAYER, _main(P, F(1))),
    (BANKER, _main(B, F(95, 100))),
    (BANKER_NO_COMMISSION, _banker_no_commission),
    (BANKER_EZ, _banker_ez),
    (TIE, _when(lambda s: s.player_total == s.banker_total, 8)),
    (TIE_9, _when(lambda s: s.player_total == s.banker_total, 9)),
    (DRAGON_BONUS_PLAYER, _dragon(P)),
    (DRAGON_BONUS_BANKER, _dragon(B)),
    (BIG, _when(lambda s: s.player_cards + s.banker_cards in (5, 6), F(54, 100))),
    (SMALL, _when(lambda s: s.player_cards + s.banker_cards == 4, F(15, 10))),
    (DRAGON_7, _when(lambda s: s.winner is B and (s.banker_total, s.banker_cards) == (7, 3), 40)),
    (PANDA_8, _when(lambda s: s.winner is P and (s.player_total, s.player_cards) == (8, 3), 25)),
    (SUPER_6, _when(lambda s: s.winner is B and s.banker_total == 6, 12)),
    (BIG_TIGER, _when(lambda s: s.winner is B and (s.banker_total, s.banker_cards) == (6, 3), 50)),
    (
        SMALL_TIGER,
        _when(lambda s: s.winner is B and (s.banker_total, s.banker_cards) == (6, 2), 22),
    ),
    *((egalite_bet(t), _egalite(t)) for t in range(10)),
    # The side bets of the Tiger, Lucky and 4-5-6 tables.
    (
        STANDARD_BETS["tiger"],
        lambda s: (
            F({2: 12, 3: 20}[s.banker_cards]) if s.winner is B and s.banker_total == 6 else F(-1)
        ),
    ),
    (
        STANDARD_BETS["lucky_6"],
        lambda s: (
            F({2: 12, 3: 23}[s.banker_cards]) if s.winner is B and s.banker_total == 6 else F(-1)
        ),
    ),
    (STANDARD_BETS["tiger_tie"], _when(lambda s: s.player_total == s.banker_total == 6, 35)),
    (
        STANDARD_BETS["lucky_7"],
        lambda s: (
            F({2: 6, 3: 15}[s.player_cards]) if s.winner is P and s.player_total == 7 else F(-1)
        ),
    ),
    (
        STANDARD_BETS["super_lucky_7"],
        lambda s: (
            F({(3, 3): 100, (3, 2): 40, (2, 2): 30}.get((s.player_cards, s.banker_cards), -1))
            if (s.player_total, s.banker_total) == (7, 6)
            else F(-1)
        ),
    ),
    (STANDARD_BETS["four_cards"], _when(lambda s: s.player_cards + s.banker_cards == 4, F(3, 2))),
    (STANDARD_BETS["five_cards"], _when(lambda s: s.player_cards + s.banker_cards == 5, 2)),
    (STANDARD_BETS["six_cards"], _when(lambda s: s.player_cards + s.banker_cards == 6, 2)),
]

_IS_PAIR = (PairKind.PAIR, PairKind.SUITED)
_SUITED = PairKind.SUITED


def _pair_when(predicate: Callable[[PairSummary], bool], win: int) -> Callable[[PairSummary], F]:
    return lambda p: F(win) if predicate(p) else F(-1)


def _two_level(p: PairSummary) -> F:
    suited = (p.player is _SUITED) + (p.banker is _SUITED)
    return F({0: -1, 1: 25, 2: 250}[suited])


PAIR_ORACLES: list[tuple[Bet, Callable[[PairSummary], F]]] = [
    (PLAYER_PAIR, _pair_when(lambda p: p.player in _IS_PAIR, 11)),
    (BANKER_PAIR, _pair_when(lambda p: p.banker in _IS_PAIR, 11)),
    (EITHER_PAIR, _pair_when(lambda p: p.player in _IS_PAIR or p.banker in _IS_PAIR, 5)),
    (PERFECT_PAIR, _pair_when(lambda p: _SUITED in (p.player, p.banker), 25)),
    (PERFECT_PAIR_TWO_LEVEL, _two_level),
]


@pytest.mark.parametrize(("bet", "oracle"), SUMMARY_ORACLES, ids=lambda x: getattr(x, "title", ""))
def test_summary_bets_match_their_oracle_on_every_class(
    bet: Bet, oracle: Callable[[Summary], F]
) -> None:
    assert bet.domain is Domain.SUMMARY
    assert bet.outcome_vector() == tuple(oracle(s) for s in SUMMARY_CLASSES)


@pytest.mark.parametrize(("bet", "oracle"), PAIR_ORACLES, ids=lambda x: getattr(x, "title", ""))
def test_pair_bets_match_their_oracle_on_every_class(
    bet: Bet, oracle: Callable[[PairSummary], F]
) -> None:
    assert bet.domain is Domain.PAIRS
    assert bet.outcome_vector() == tuple(oracle(p) for p in PAIR_CLASSES)


def _tiger_pair(coup: Coup) -> F:
    p, b = coup.player.cards, coup.banker.cards
    if p[0].rank == p[1].rank == b[0].rank == b[1].rank:
        return F(100)
    if p[0].rank == p[1].rank and b[0].rank == b[1].rank:
        return F(20)
    return F(4) if p[0].rank == p[1].rank or b[0].rank == b[1].rank else F(-1)


def _one_colour(colour: str) -> Callable[[Coup], F]:
    red = colour == "red"
    return lambda c: (
        F(24) if all((x.suit.value in "dh") == red for x in c.cards_in_order) else F(-1)
    )


def _natural(side: str, total: int) -> Callable[[Coup], F]:
    return lambda c: F(9) if getattr(c, side).two_card_total == total else F(-1)


def _three_giving_eight(coup: Coup) -> F:
    third = coup.player.third_card
    eight = third is not None and third.value == 8
    return F(200) if coup.banker.two_card_total == 3 and eight else F(-1)


CARD_ORACLES: list[tuple[Bet, Callable[[Coup], F]]] = [
    (STANDARD_BETS["tiger_pair"], _tiger_pair),
    (STANDARD_BETS["all_red"], _one_colour("red")),
    (STANDARD_BETS["all_black"], _one_colour("black")),
    (STANDARD_BETS["three_giving_eight"], _three_giving_eight),
    *(
        (STANDARD_BETS[f"{side}_natural_{total}"], _natural(side, total))
        for side in ("player", "banker")
        for total in (8, 9)
    ),
]


def _coups() -> list[Coup]:
    """Coups from shuffled two-deck shoes, with enough pairs, twins and one-colour coups."""
    import random

    from baccarat.core.cards import full_deck

    rng = random.Random(18)
    found = []
    for _ in range(3000):
        cards = list(full_deck()) * 2
        rng.shuffle(cards)
        found.append(Coup.from_cards(cards[:6]))
    # Two rare ones for sure: every card red (a natural 8 and 8), and a twin pair of fours.
    found += [Coup.from_cards(parse_cards(c)) for c in ("5h 5d 3h 3d", "4c 4s 4s 4c")]
    return found


COUPS_SAMPLE = _coups()


@pytest.mark.parametrize(("bet", "oracle"), CARD_ORACLES, ids=lambda x: getattr(x, "title", ""))
def test_card_level_bets_match_their_oracle_on_dealt_coups(
    bet: Bet, oracle: Callable[[Coup], F]
) -> None:
    assert bet.domain is Domain.CARDS
    nets = [bet.net(bet.index_of(coup)) for coup in COUPS_SAMPLE]
    assert nets == [oracle(coup) for coup in COUPS_SAMPLE]
    assert set(nets) == {r.pays for r in bet.rules} | {F(-1)}  # every rule was hit


def test_every_standard_bet_is_checked_by_an_oracle() -> None:
    checked = {bet.name for bet, _ in SUMMARY_ORACLES} | {bet.name for bet, _ in PAIR_ORACLES}
    checked |= {bet.name for bet, _ in CARD_ORACLES}
    assert set(STANDARD_BETS) <= checked


@pytest.mark.parametrize("bet", [*STANDARD_BETS.values(), BANKER_EZ, BANKER_NO_COMMISSION, TIE_9])
def test_net_result_and_vector_agree(bet: Bet) -> None:
    vector = bet.outcome_vector()
    sizes = {Domain.SUMMARY: 400, Domain.PAIRS: 9}
    size = sizes[bet.domain] if bet.signature is None else bet.signature.size
    assert len(vector) == bet.size == size
    for index, net in enumerate(vector):
        assert isinstance(net, F)
        assert net >= -1
        assert bet.net(index) == net
        expected = BetResult.WIN if net > 0 else BetResult.PUSH if net == 0 else BetResult.LOSE
        assert bet.result(index) is expected


# --- Coups dealt from real cards: the cases that decide each bet -------------------------------

# name: (cards in shoe order, the summary they must deal, the pair class they must deal)
COUPS: dict[str, tuple[str, Summary, PairSummary]] = {
    # Banker wins 6-5 on two cards (a Banker pair, 3d 3s).
    "banker_two_card_6": (
        "2c 3d 3h 3s Kc",
        Summary(5, 6, 3, 2),
        PairSummary(PairKind.NONE, PairKind.PAIR),
    ),
    "banker_three_card_6": (
        "3c 2d 2h Ad Kc 3s",
        Summary(5, 6, 3, 3),
        PairSummary(PairKind.NONE, PairKind.NONE),
    ),
    "banker_three_card_7": (
        "3c 2d 2h Ad Kc 4s",
        Summary(5, 7, 3, 3),
        PairSummary(PairKind.NONE, PairKind.NONE),
    ),
    "player_three_card_8": (
        "2c Kd 3h 7s 3d",
        Summary(8, 7, 3, 2),
        PairSummary(PairKind.NONE, PairKind.NONE),
    ),
    # 8-8 on naturals; the Player holds 4c 4h (a pair, not suited).
    "natural_tie_8": (
        "4c 5d 4h 3s",
        Summary(8, 8, 2, 2),
        PairSummary(PairKind.PAIR, PairKind.NONE),
    ),
    "player_natural_9_over_7": (
        "Kc 3d 9h 4s",
        Summary(9, 7, 2, 2),
        PairSummary(PairKind.NONE, PairKind.NONE),
    ),
    "player_three_card_9_over_0": (
        "Kc Kd Kh Ks 9c Qc",
        Summary(9, 0, 3, 3),
        PairSummary(PairKind.PAIR, PairKind.PAIR),
    ),
    "banker_natural_9_over_0": (
        "Kc 9d Kh Ks",
        Summary(0, 9, 2, 2),
        PairSummary(PairKind.PAIR, PairKind.NONE),
    ),
    # 4-4 without a natural; the Player's 7c 7c is a suited pair (two decks or more).
    "tie_4_player_suited": (
        "7c 7d 7c 7h Kd Kd",
        Summary(4, 4, 3, 2),
        PairSummary(PairKind.SUITED, PairKind.PAIR),
    ),
    "both_suited_pairs": (
        "7c 7d 7c 7d Kd Kd",
        Summary(4, 4, 3, 2),
        PairSummary(PairKind.SUITED, PairKind.SUITED),
    ),
}


@pytest.mark.parametrize("name", COUPS)
def test_the_cards_deal_the_intended_coup(name: str) -> None:
    cards, summary, pairs = COUPS[name]
    coup = Coup.from_cards(parse_cards(cards))
    assert (coup.summary, coup.pairs) == (summary, pairs)


CASES: list[tuple[str, Bet, F]] = [
    ("banker_two_card_6", BANKER, F(19, 20)),
    ("banker_two_card_6", BANKER_NO_COMMISSION, F(1, 2)),
    ("banker_two_card_6", BANKER_EZ, F(1)),
    ("banker_two_card_6", PLAYER, F(-1)),
    ("banker_two_card_6", SUPER_6, F(12)),
    ("banker_two_card_6", SMALL_TIGER, F(22)),
    ("banker_two_card_6", BIG_TIGER, F(-1)),
    ("banker_two_card_6", BIG, F(27, 50)),
    ("banker_two_card_6", SMALL, F(-1)),
    ("banker_two_card_6", BANKER_PAIR, F(11)),
    ("banker_two_card_6", PLAYER_PAIR, F(-1)),
    ("banker_two_card_6", EITHER_PAIR, F(5)),
    ("banker_two_card_6", PERFECT_PAIR, F(-1)),
    ("banker_two_card_6", DRAGON_BONUS_BANKER, F(-1)),  # won by 1, not a natural
    ("banker_three_card_6", BANKER_NO_COMMISSION, F(1, 2)),
    ("banker_three_card_6", SUPER_6, F(12)),
    ("banker_three_card_6", BIG_TIGER, F(50)),
    ("banker_three_card_6", SMALL_TIGER, F(-1)),
    ("banker_three_card_6", BIG, F(27, 50)),
    ("banker_three_card_7", BANKER_EZ, F(0)),
    ("banker_three_card_7", DRAGON_7, F(40)),
    ("banker_three_card_7", BANKER, F(19, 20)),
    ("banker_three_card_7", BANKER_NO_COMMISSION, F(1)),
    ("banker_three_card_7", PLAYER, F(-1)),
    ("banker_three_card_7", SUPER_6, F(-1)),
    ("player_three_card_8", PANDA_8, F(25)),
    ("player_three_card_8", PLAYER, F(1)),
    ("player_three_card_8", BANKER_EZ, F(-1)),
    ("player_three_card_8", DRAGON_7, F(-1)),
    ("player_three_card_8", DRAGON_BONUS_PLAYER, F(-1)),  # won by 1
    ("natural_tie_8", PLAYER, F(0)),
    ("natural_tie_8", BANKER, F(0)),
    ("natural_tie_8", BANKER_NO_COMMISSION, F(0)),
    ("natural_tie_8", TIE, F(8)),
    ("natural_tie_8", TIE_9, F(9)),
    ("natural_tie_8", DRAGON_BONUS_PLAYER, F(0)),
    ("natural_tie_8", DRAGON_BONUS_BANKER, F(0)),
    ("natural_tie_8", egalite_bet(8), F(80)),
    ("natural_tie_8", egalite_bet(9), F(-1)),
    ("natural_tie_8", SMALL, F(3, 2)),
    ("natural_tie_8", BIG, F(-1)),
    ("natural_tie_8", PLAYER_PAIR, F(11)),
    ("natural_tie_8", PERFECT_PAIR, F(-1)),
    ("player_natural_9_over_7", DRAGON_BONUS_PLAYER, F(1)),  # a natural pays 1:1, not by margin
    ("player_natural_9_over_7", DRAGON_BONUS_BANKER, F(-1)),
    ("player_three_card_9_over_0", DRAGON_BONUS_PLAYER, F(30)),
    ("player_three_card_9_over_0", DRAGON_BONUS_BANKER, F(-1)),
    ("player_three_card_9_over_0", PLAYER_PAIR, F(11)),
    ("player_three_card_9_over_0", BANKER_PAIR, F(11)),
    ("player_three_card_9_over_0", EITHER_PAIR, F(5)),
    ("player_three_card_9_over_0", PERFECT_PAIR, F(-1)),
    ("banker_natural_9_over_0", DRAGON_BONUS_BANKER, F(1)),
    ("banker_natural_9_over_0", DRAGON_BONUS_PLAYER, F(-1)),
    ("tie_4_player_suited", TIE, F(8)),
    ("tie_4_player_suited", DRAGON_BONUS_PLAYER, F(-1)),  # a tie without a natural loses
    ("tie_4_player_suited", egalite_bet(4), F(120)),
    ("tie_4_player_suited", PERFECT_PAIR, F(25)),
    ("tie_4_player_suited", PERFECT_PAIR_TWO_LEVEL, F(25)),
    ("tie_4_player_suited", PLAYER_PAIR, F(11)),
    ("tie_4_player_suited", BANKER_PAIR, F(11)),
    ("both_suited_pairs", PERFECT_PAIR, F(25)),
    ("both_suited_pairs", PERFECT_PAIR_TWO_LEVEL, F(250)),
    ("both_suited_pairs", EITHER_PAIR, F(5)),
]


@pytest.mark.parametrize(("coup_name", "bet", "net"), CASES, ids=lambda x: getattr(x, "title", x))
def test_bet_on_a_dealt_coup(coup_name: str, bet: Bet, net: F) -> None:
    coup = Coup.from_cards(parse_cards(COUPS[coup_name][0]))
    assert bet.net(bet.index_of(coup)) == net


def test_dragon_bonus_pays_by_margin_without_a_natural() -> None:
    # Margins 4-8 are not in the dealt coups above: check them on summary classes.
    for margin, pays in {8: 10, 7: 6, 6: 4, 5: 2, 4: 1, 3: -1, 1: -1}.items():
        s = Summary(margin, 0, 3, 3)
        assert DRAGON_BONUS_PLAYER.net(s.index) == pays
        assert DRAGON_BONUS_BANKER.net(Summary(0, margin, 3, 3).index) == pays


# --- Pays ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("raw", "pays"),
    [
        ("8", F(8)),
        (8, F(8)),
        ("8:1", F(8)),
        ("1:2", F(1, 2)),
        ("0.95", F(19, 20)),
        ("0.95:1", F(19, 20)),
        ("19/20", F(19, 20)),
        ("0.54", F(27, 50)),
        ("1.5", F(3, 2)),
        ("3:2", F(3, 2)),
        (" Push ", F(0)),
        ("lose", F(-1)),
        ("-1", F(-1)),
        ("-1/2", F(-1, 2)),
        ("-1:2", F(-1, 2)),
    ],
)
def test_parse_pays(raw: str | int, pays: F) -> None:
    assert parse_pays(raw) == pays


@pytest.mark.parametrize("raw", [0.95, True, None, "", "abc", "1:0", "1:2:3", "x:1", "1:-2", "1/0"])
def test_parse_pays_refuses(raw: object) -> None:
    with pytest.raises(BetError, match="pays"):
        parse_pays(raw)


@given(st.fractions(min_value=-1, max_value=1000))
def test_pays_text_reads_back_exactly(pays: F) -> None:
    assert parse_pays(pays_text(pays)) == pays
    assert parse_pays(format_pays(pays)) == pays


@pytest.mark.parametrize(
    ("pays", "text"),
    [
        (F(8), "8:1"),
        (F(19, 20), "0.95:1"),
        (F(1, 2), "1:2"),
        (F(27, 50), "0.54:1"),
        (F(3, 2), "1.5:1"),
        (F(0), "push"),
        (F(-1), "lose"),
        (F(2, 3), "2:3"),
        (F(250), "250:1"),
    ],
)
def test_format_pays(pays: F, text: str) -> None:
    assert format_pays(pays) == text


# --- Pay tables as data -------------------------------------------------------------------------


def test_describe_lists_the_rules_then_the_loss() -> None:
    assert BANKER_NO_COMMISSION.describe() == [
        "winner = banker, banker_total = 6 → 1:2",
        "winner = banker → 1:1",
        "winner = tie → push",
        "otherwise → lose",
    ]
    assert BIG.describe() == ["cards in [5, 6] → 0.54:1", "otherwise → lose"]
    catch_all = Bet("always", Domain.SUMMARY, (PayRule((), F(0)),))
    assert catch_all.describe() == ["always → push"]
    assert catch_all.outcome_vector() == (F(0),) * 400


def test_first_matching_rule_wins() -> None:
    # The same two rules in the other order: the general rule now shadows the special one.
    shadowed = Bet("shadowed", Domain.SUMMARY, tuple(reversed(BANKER_NO_COMMISSION.rules[:2])))
    assert shadowed.net(Summary(3, 6, 3, 2).index) == 1


@pytest.mark.parametrize("bet", [*STANDARD_BETS.values(), BANKER_EZ, PERFECT_PAIR_TWO_LEVEL])
def test_standard_bets_round_trip_through_data(bet: Bet) -> None:
    again = Bet.from_data(bet.name, bet.to_data())
    assert again == bet
    assert again.outcome_vector() == bet.outcome_vector()


_SUMMARY_FIELDS = [f for f in Field if f.domain is Domain.SUMMARY]


@st.composite
def _conditions(draw: st.DrawFn) -> tuple[Condition, ...]:
    fields = draw(st.lists(st.sampled_from(_SUMMARY_FIELDS), unique=True, max_size=4))
    return tuple(
        Condition(f, tuple(draw(st.lists(st.sampled_from(f.choices), min_size=1, unique=True))))
        for f in fields
    )


_rules = st.builds(PayRule, _conditions(), st.fractions(min_value=-1, max_value=500))


@given(st.lists(_rules, min_size=1, max_size=6))
def test_any_pay_table_round_trips_and_first_match_decides(rules: list[PayRule]) -> None:
    bet = Bet("custom", Domain.SUMMARY, tuple(rules))
    assert Bet.from_data("custom", bet.to_data()) == bet
    for s in SUMMARY_CLASSES[::7]:
        facts: dict[object, object] = {
            Field.WINNER: s.winner,
            Field.PLAYER_TOTAL: s.player_total,
            Field.BANKER_TOTAL: s.banker_total,
            Field.PLAYER_CARDS: s.player_cards,
            Field.BANKER_CARDS: s.banker_cards,
            Field.CARDS: s.cards,
            Field.NATURAL: s.natural,
            Field.MARGIN: abs(s.player_total - s.banker_total),
        }
        matching = [
            r
            for r in rules
            if all(facts[c.field] in c.values for c in r.when if isinstance(c, Condition))
        ]
        assert bet.net(s.index) == (matching[0].pays if matching else -1)


def test_conditions_are_canonical() -> None:
    assert Condition.of("cards", [6, 5]) == Condition.of("cards", [5, 6])
    assert Condition.of("winner", ["tie", "Banker"]).values == (B, T)
    assert Condition.of("natural", False).text() == "not natural"


@pytest.mark.parametrize(
    ("field", "raw", "message"),
    [
        ("winner", "punto", "winner cannot be 'punto'"),
        ("player_total", 10, "player_total cannot be 10"),
        ("player_total", "6", "player_total cannot be '6'"),
        ("banker_cards", 4, "banker_cards cannot be 4"),
        ("cards", True, "cards cannot be true"),
        ("natural", 1, "natural cannot be 1"),
        ("player_pair", "any", "player_pair cannot be 'any'"),
        ("colour", "red", "unknown condition 'colour'"),
        ("cards", [], "has no values"),
        ("cards", [5, 5], "repeats a value"),
    ],
)
def test_bad_conditions(field: str, raw: object, message: str) -> None:
    with pytest.raises(BetError, match=message):
        Condition.of(field, raw)


def test_bad_bets() -> None:
    win = Condition.of("winner", "banker")
    with pytest.raises(BetError, match="bad bet name 'Lucky 7'"):
        Bet("Lucky 7", Domain.SUMMARY, ())
    with pytest.raises(BetError, match="reads the pairs classes but a rule tests winner"):
        Bet("odd", Domain.PAIRS, (PayRule((win,), F(1)),))
    with pytest.raises(BetError, match="reads the summary classes but a rule tests player_pair"):
        Bet("odd", Domain.SUMMARY, (PayRule((Condition.of("player_pair", "pair"),), F(1)),))
    with pytest.raises(BetError, match="a field repeats"):
        PayRule((win, Condition.of("winner", "tie")), F(1))
    with pytest.raises(BetError, match="below -1"):
        PayRule((win,), F(-2))


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, "bet 'x': needs a non-empty list of rules"),
        ({"rules": []}, "needs a non-empty list of rules"),
        (
            {"rules": [{"when": {"winner": "tie"}}]},
            "rule 1: expected a table with 'when' and 'pays'",
        ),
        ({"rules": [{"pays": "1", "odds": "2"}]}, "rule 1: expected a table"),
        ({"rules": [{"when": "tie", "pays": "1"}]}, "rule 1: 'when' must be a table"),
        ({"rules": [{"when": {"winner": "tie"}, "pays": 0.5}]}, "rule 1: pays 0.5 is a float"),
        ({"rules": [{"pays": 1}, {"when": {"cards": 7}, "pays": 1}]}, "rule 2: cards cannot be 7"),
        ({"rules": [{"pays": 1}], "odds": 2}, "unknown key"),
        ({"rules": [{"pays": 1}], "domain": "deck"}, "unknown domain 'deck'"),
        ({"rules": [{"pays": 1}], "title": 3}, "title must be a string"),
    ],
)
def test_bad_bet_data(data: dict[str, object], message: str) -> None:
    with pytest.raises(BetError, match=message):
        Bet.from_data("x", data)


def test_pair_bet_from_data() -> None:
    bet = Bet.from_data(
        "player_perfect",
        {"domain": "pairs", "rules": [{"when": {"player_pair": "suited"}, "pays": "25"}]},
    )
    assert bet.net(PairSummary(PairKind.SUITED, PairKind.NONE).index) == 25
    assert bet.net(PairSummary(PairKind.PAIR, PairKind.SUITED).index) == -1


def test_format_pays_is_exact_for_long_decimals() -> None:
    tiny = F(-1, 2**41)
    # 1/2^41 = 5^41/10^41: 41 decimals, more than Decimal's default 28 digits of precision.
    assert format_pays(tiny) == "-0." + str(5**41).rjust(41, "0") + ":1"
    assert parse_pays(format_pays(tiny)) == tiny
    assert format_pays(F(12345, 100)) == "123.45:1"
