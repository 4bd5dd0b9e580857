"""Strategies: exact probabilities, pure and mixed play, and the choosers the engine asks."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

from baccarat.chemin.strategy import Strategy, StrategyError
from baccarat.chemin.tableau import CHEMIN_DE_FER, ChoiceError, choice_points, parse_point
from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.core.tableau import Action

P5, B39, B54 = choice_points(CHEMIN_DE_FER)


def test_probabilities_are_read_exactly() -> None:
    s = Strategy.of({"P5": "9/11", "B3/9": 1, "B5/4": Action.STAND})
    assert s.draw == {P5: Fraction(9, 11), B39: Fraction(1), B54: Fraction(0)}
    assert s.to_data() == {"P5": "9/11", "B3/9": "1", "B5/4": "0"}
    assert not s.is_pure and s.mixed_points == (P5,)


@pytest.mark.parametrize(
    ("value", "message"),
    [
        (0.5, "exact number"),
        (True, "exact number"),
        ("3/2", "lies in 0-1"),
        ("-1", "lies in 0-1"),
        ("half", "cannot read"),
        (Action.OPTION, "draw or stand"),
    ],
)
def test_bad_probabilities_are_refused(value: object, message: str) -> None:
    with pytest.raises(StrategyError, match=message):
        Strategy.of({"P5": value})  # type: ignore[dict-item]


def test_a_pure_strategy_plays_its_actions_without_a_random_source() -> None:
    s = Strategy.pure({P5: Action.DRAW, B39: Action.STAND, B54: Action.DRAW})
    choose = s.chooser()
    assert [choose(p) for p in (P5, B39, B54)] == [Action.DRAW, Action.STAND, Action.DRAW]
    assert s.action(B39) is Action.STAND


def test_a_mixed_strategy_needs_a_random_source_and_plays_its_probability() -> None:
    s = Strategy.of({"P5": "9/11"})
    with pytest.raises(StrategyError, match="needs a random source"):
        s.chooser()
    with pytest.raises(StrategyError, match="probability 9/11"):
        s.action(P5)
    choose = s.chooser(random.Random(11))
    n = 44_000
    draws = sum(choose(P5) is Action.DRAW for _ in range(n))
    expected = n * 9 / 11
    sd = (n * 9 / 11 * 2 / 11) ** 0.5
    assert abs(draws - expected) < 4 * sd


def test_the_same_seed_plays_the_same_choices() -> None:
    s = Strategy.of({"P5": "1/3"})
    a = s.chooser(random.Random(5))
    b = s.chooser(random.Random(5))
    assert [a(P5) for _ in range(50)] == [b(P5) for _ in range(50)]


def test_asking_outside_the_strategy_names_the_point() -> None:
    with pytest.raises(StrategyError, match=r"no choice for Banker on 3, .*\(B3/9\); it covers P5"):
        Strategy.of({"P5": 1}, name="x").probability(B39)


def test_combining_covers_both_hands_and_refuses_overlaps() -> None:
    player = Strategy.of({"P5": 1}, name="player")
    banker = Strategy.of({"B3/9": 1, "B5/4": 0}, name="banker")
    both = Strategy.combine(player, banker)
    assert both.points == (P5, B39, B54) and both.name == "player + banker"
    with pytest.raises(StrategyError, match="two strategies decide at P5"):
        Strategy.combine(player, Strategy.of({"P5": 0}))


def test_a_combined_pure_strategy_deals_the_coup_its_resolved_tableau_deals() -> None:
    both = Strategy.of({"P5": 1, "B3/9": 0, "B5/4": 1})
    fixed = both.resolved(CHEMIN_DE_FER)
    cards = parse_cards("2c 2d 3h 3s 4c 9d")  # Player 5 draws a 4; Banker 5 v 4 draws
    assert Coup.from_cards(cards, fixed).banker.cards == (
        Coup.from_cards(cards, CHEMIN_DE_FER, both.chooser()).banker.cards
    )
    with pytest.raises(StrategyError, match="only a pure strategy"):
        Strategy.of({"P5": "1/2", "B3/9": 0, "B5/4": 1}).resolved(CHEMIN_DE_FER)


def test_parse_point_errors_surface_through_of() -> None:
    with pytest.raises(ChoiceError, match="unknown choice point 'Z'"):
        Strategy.of({"Z": 1})
    assert parse_point("P5") == P5
