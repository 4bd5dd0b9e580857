"""The exact game model against the engine (every deal of a small shoe) and the exact analyzer."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from baccarat.chemin.game import (
    BANKER_DISCRETION,
    CHEMIN_DE_FER,
    ChoiceGame,
    Composition,
    CoupModel,
    GameError,
)
from baccarat.chemin.strategy import Strategy, StrategyError
from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.summary import Winner
from baccarat.core.tableau import Action, Tableau
from baccarat.odds import exact_distribution

SMALL = Composition.parse("T:3,2:2,5:2,6:1,9:1")
"""Nine cards of five values: every ordered deal can be enumerated through the engine."""


def _card(value: int) -> Card:
    return Card(Rank.TEN if value == 0 else Rank(value), Suit.SPADES)


def _engine_expectation(
    contents: Composition, tableau: Tableau, choose: dict[ChoicePoint, Action]
) -> Fraction:
    """Deal every ordered six-card sequence of values with the engine; weight each by its count."""
    counts = list(contents.value_counts)
    total = 0
    weight_sum = 0

    def walk(prefix: list[int], weight: int) -> None:
        nonlocal total, weight_sum
        if len(prefix) == 6:
            coup = Coup.from_cards([_card(v) for v in prefix], tableau, choose.__getitem__)
            payoff = {Winner.PLAYER: 1, Winner.BANKER: -1, Winner.TIE: 0}[coup.winner]
            total += weight * payoff
            weight_sum += weight
            return
        for v in range(10):
            if counts[v]:
                counts[v] -= 1
                walk([*prefix, v], weight * (counts[v] + 1))
                counts[v] += 1

    walk([], 1)
    return Fraction(total, weight_sum)


def _random_pure(game: ChoiceGame, rng: random.Random) -> tuple[Strategy, Strategy]:
    player = game.player_strategy([Fraction(rng.randrange(2)) for _ in game.player_points])
    banker = game.banker_strategy([Fraction(rng.randrange(2)) for _ in game.banker_points])
    return player, banker


def test_the_model_matches_the_engine_on_every_deal_of_a_small_shoe() -> None:
    game = ChoiceGame.of(SMALL, BANKER_DISCRETION)
    rng = random.Random(10)
    for _ in range(4):
        player, banker = _random_pure(game, rng)
        both = Strategy.combine(player, banker)
        choices = {p: both.action(p) for p in both.points}
        assert game.payoff(player, banker) == _engine_expectation(SMALL, BANKER_DISCRETION, choices)


@pytest.mark.parametrize(
    "contents", [Composition.decks(1), Composition.decks(8), Composition.infinite_deck()]
)
def test_pure_profiles_agree_with_the_analyzer_on_resolved_tableaux(contents: Composition) -> None:
    """A pure profile resolves to a fixed tableau; the analyzer's Player-minus-Banker probability
    for it is the game's payoff, exactly."""
    game = ChoiceGame.of(contents, BANKER_DISCRETION)
    rng = random.Random(len(contents.describe()))
    for _ in range(3):
        player, banker = _random_pure(game, rng)
        fixed = Strategy.combine(player, banker).resolved(BANKER_DISCRETION)
        outcomes = exact_distribution(contents, fixed).outcomes()
        assert game.payoff(player, banker) == outcomes[Winner.PLAYER] - outcomes[Winner.BANKER]


def test_the_payoff_is_multilinear_in_the_choices() -> None:
    """A mixed profile's payoff is the average of the pure profiles' payoffs, weighted by their
    probabilities (each choice point is chosen independently)."""
    game = ChoiceGame.of(Composition.decks(2), CHEMIN_DE_FER)
    x = [Fraction(2, 7)]
    q = [Fraction(1, 3), Fraction(5, 8)]
    mixed = game.payoff(game.player_strategy(x), game.banker_strategy(q))
    expected = Fraction(0)
    for bits in itertools.product((0, 1), repeat=3):
        weight = Fraction(1)
        for bit, p in zip(bits, (*x, *q), strict=True):
            weight *= p if bit else 1 - p
        pure_x = [Fraction(bits[0])]
        pure_q = [Fraction(bits[1]), Fraction(bits[2])]
        expected += weight * game.payoff(game.player_strategy(pure_x), game.banker_strategy(pure_q))
    assert mixed == expected


def test_guarantees_are_the_minima_and_maxima_over_pure_replies() -> None:
    game = ChoiceGame.of(Composition.decks(6), CHEMIN_DE_FER)
    player = game.player_strategy([Fraction(3, 4)])
    banker = game.banker_strategy([Fraction(1, 2), Fraction(1, 5)])
    replies = [
        game.banker_strategy([Fraction(a), Fraction(b)])
        for a, b in itertools.product((0, 1), repeat=2)
    ]
    assert game.guaranteed(player) == min(game.payoff(player, r) for r in replies)
    answers = [game.player_strategy([Fraction(a)]) for a in (0, 1)]
    assert game.conceded(banker) == max(game.payoff(a, banker) for a in answers)
    assert game.payoff(player, game.banker_best_reply(player)) == game.guaranteed(player)
    assert game.payoff(game.player_best_reply(banker), banker) == game.conceded(banker)


def test_the_punto_banco_choices_give_the_punto_banco_player_edge() -> None:
    """Filling Chemin de Fer's options as Punto Banco does gives Punto Banco's Player-minus-Banker
    probability (the Player bet's expectation without any commission)."""
    contents = Composition.decks(8)
    game = ChoiceGame.of(contents, CHEMIN_DE_FER)
    player = Strategy.of({"P5": 1})
    banker = Strategy.of({"B3/9": 1, "B5/4": 1})
    outcomes = exact_distribution(contents).outcomes()
    assert game.payoff(player, banker) == outcomes[Winner.PLAYER] - outcomes[Winner.BANKER]


def test_strategies_must_fit_the_game() -> None:
    game = ChoiceGame.of(Composition.decks(6), CHEMIN_DE_FER)
    with pytest.raises(StrategyError, match="the banker has no choice at B6-"):
        game.payoff(Strategy.of({"P5": 1}), Strategy.of({"B3/9": 1, "B5/4": 1, "B6-": 0}))
    with pytest.raises(StrategyError, match="no choice for Banker on 5"):
        game.payoff(Strategy.of({"P5": 1}), Strategy.of({"B3/9": 1}))


def test_the_model_is_shared_per_composition_and_refuses_other_inputs() -> None:
    a = CoupModel.of(Composition.decks(4))
    b = CoupModel.of(Composition.decks(4))
    assert a.cells is b.cells  # cached enumeration
    assert a.total == 208 * 207 * 206 * 205 * 204 * 203
    with pytest.raises(GameError, match="expected a Composition"):
        CoupModel.of((16, 4, 4, 4, 4, 4, 4, 4, 4, 4))  # type: ignore[arg-type]
