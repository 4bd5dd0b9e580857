"""Result tokens and the road facts of a dealt coup."""

from __future__ import annotations

import itertools
import random

import pytest

from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.core.errors import BaccaratError
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.result import RoadError, RoadResult, parse_results

FLAGS = ("bp", "pp", "n")


def test_every_token_form_round_trips() -> None:
    # Exhaustive: 3 outcomes x every subset of flags x every order x either case.
    for letter, outcome in (("B", Winner.BANKER), ("P", Winner.PLAYER), ("T", Winner.TIE)):
        for size in range(len(FLAGS) + 1):
            for flags in itertools.permutations(FLAGS, size):
                text = letter + "".join(f"+{f}" for f in flags)
                for token in (text, text.lower(), text.upper()):
                    result = RoadResult.parse(token)
                    assert result.outcome is outcome
                    assert result.banker_pair == ("bp" in flags)
                    assert result.player_pair == ("pp" in flags)
                    assert result.natural == ("n" in flags)
                    assert RoadResult.parse(result.token) == result
                    assert result.token == str(result)


def test_canonical_token_orders_flags() -> None:
    assert RoadResult.parse("B+n+pp+bp").token == "B+bp+pp+n"
    assert RoadResult(Winner.TIE).token == "T"


@pytest.mark.parametrize(
    "token",
    ["X", "", "+bp", "BP", "B+", "B+xx", "B+bp+bp", "Banker", "b+ n", "P+pp+pp", "T++n", "7"],
)
def test_bad_tokens_name_the_token(token: str) -> None:
    with pytest.raises(RoadError) as info:
        RoadResult.parse(token)
    assert repr(token) in str(info.value)
    assert isinstance(info.value, BaccaratError)
    assert isinstance(info.value, ValueError)


def test_parse_results_splits_on_spaces_and_commas() -> None:
    tokens = parse_results(" B,P  T+n,\tB+bp ,")
    assert [t.token for t in tokens] == ["B", "P", "T+n", "B+bp"]
    assert parse_results("   ") == ()
    with pytest.raises(RoadError, match="'Q'"):
        parse_results("B Q P")


def test_side() -> None:
    assert RoadResult.parse("B").side is Side.BANKER
    assert RoadResult.parse("P").side is Side.PLAYER
    assert RoadResult.parse("T").side is None


def test_from_coup_reads_winner_pairs_natural_and_totals() -> None:
    # P: 9c 9d (natural 8, a pair); B: 4h 3s (7): Player wins on a natural with a Player pair.
    coup = Coup.from_cards(parse_cards("9c 4h 9d 3s"))
    result = RoadResult.from_coup(coup)
    assert result == RoadResult(Winner.PLAYER, False, True, True, 8, 7)
    # P: 2c 3d (5, draws 4h: 9); B: Kc Ks (0, a pair; 0 always draws: 7c, 7).
    coup = Coup.from_cards(parse_cards("2c Kc 3d Ks 4h 7c"))
    result = RoadResult.from_coup(coup)
    assert (result.outcome, result.banker_pair, result.player_pair, result.natural) == (
        Winner.PLAYER,
        True,
        False,
        False,
    )
    assert (result.player_total, result.banker_total) == (9, 7)


def test_from_coup_agrees_with_the_coup_over_a_shoe() -> None:
    for coup in Shoe.shuffled(ShoeRules(decks=8), random.Random(11)).deal_all():
        result = RoadResult.from_coup(coup)
        assert result.outcome is coup.winner
        assert result.banker_pair is coup.banker.pair
        assert result.player_pair is coup.player.pair
        assert result.natural is coup.natural
        assert (result.player_total, result.banker_total) == (
            coup.player.total,
            coup.banker.total,
        )


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"player_total": 3}, "both"),
        ({"player_total": 3, "banker_total": 10}, "0 to 9"),
        ({"player_total": True, "banker_total": 3}, "0 to 9"),
        ({"player_total": 5, "banker_total": 3}, "contradicts"),
        ({"player_total": 3, "banker_total": 5, "natural": True}, "natural"),
    ],
)
def test_inconsistent_results_are_refused(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(RoadError, match=message):
        RoadResult(Winner.BANKER, **kwargs)  # type: ignore[arg-type]


def test_outcome_must_be_a_winner() -> None:
    with pytest.raises(RoadError, match="'B'"):
        RoadResult("B")  # type: ignore[arg-type]
