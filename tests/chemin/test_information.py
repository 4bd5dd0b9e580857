"""What a hand sees of its cards: Downton and Lockwood's Banker, who decides on his two cards.

The model with the Banker's composition is checked against the engine on every deal of a small
shoe, against the model on totals (a Banker who ignores his cards plays the same game), and by
what information is worth: seeing more never hurts the Banker, and with cards dealt with
replacement his cards tell him nothing.
"""

from __future__ import annotations

import random
from fractions import Fraction

from baccarat.chemin.game import BANKER_DISCRETION, ChoiceGame, Composition, CoupModel
from baccarat.chemin.information import Information, compositions
from baccarat.chemin.strategy import Strategy
from baccarat.chemin.tableau import parse_point, point_key, point_label
from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.summary import Winner
from baccarat.core.tableau import Action, Side

SMALL = Composition.parse("T:3,A:2,4:2,5:1,6:1")
"""Nine cards: the Banker's 5 can be 1 + 4 or 0 + 5, and every ordered deal can be enumerated."""


def _card(value: int) -> Card:
    return Card(Rank.TEN if value == 0 else Rank(value), Suit.SPADES)


def _engine_expectation(contents: Composition, choose: dict[ChoicePoint, Action]) -> Fraction:
    """Every ordered six-card deal through the engine, the Banker told his two cards' values."""
    counts = list(contents.value_counts)
    total = weights = 0

    def walk(prefix: list[int], weight: int) -> None:
        nonlocal total, weights
        if len(prefix) == 6:

            def chooser(point: ChoicePoint) -> Action:
                if point.side is Side.BANKER:
                    low, high = sorted((prefix[1], prefix[3]))
                    point = ChoicePoint(Side.BANKER, point.total, point.player_third, (low, high))
                return choose[point]

            coup = Coup.from_cards([_card(v) for v in prefix], BANKER_DISCRETION, chooser)
            total += weight * {Winner.PLAYER: 1, Winner.BANKER: -1, Winner.TIE: 0}[coup.winner]
            weights += weight
            return
        for v in range(10):
            if counts[v]:
                counts[v] -= 1
                walk([*prefix, v], weight * (counts[v] + 1))
                counts[v] += 1

    walk([], 1)
    return Fraction(total, weights)


def test_the_banker_has_484_information_sets() -> None:
    """44 two-card hands of 0-7 by the Player's third card 0-9 or "stood": a 2 x 2^484 game."""
    assert sum(len(compositions(t)) for t in range(8)) == 44
    game = ChoiceGame.of(Composition.decks(6), BANKER_DISCRETION, Information.BANKER_CARDS)
    assert len(game.player_points) == 1
    assert len(game.banker_points) == 484 == len(set(game.banker_points))
    assert all(p.cards is not None and sum(p.cards) % 10 == p.total for p in game.banker_points)


def test_the_model_matches_the_engine_on_every_deal_of_a_small_shoe() -> None:
    game = ChoiceGame.of(SMALL, BANKER_DISCRETION, Information.BANKER_CARDS)
    rng = random.Random(38)
    for _ in range(3):
        player = game.player_strategy([Fraction(rng.randrange(2)) for _ in game.player_points])
        banker = game.banker_strategy([Fraction(rng.randrange(2)) for _ in game.banker_points])
        both = Strategy.combine(player, banker)
        choices = {p: both.action(p) for p in both.points}
        assert game.payoff(player, banker) == _engine_expectation(SMALL, choices)


def test_a_banker_who_ignores_his_cards_plays_the_game_on_totals() -> None:
    contents = Composition.decks(2)
    totals = ChoiceGame.of(contents, BANKER_DISCRETION)
    cards = ChoiceGame.of(contents, BANKER_DISCRETION, Information.BANKER_CARDS)
    rng = random.Random(5)
    q = {p: Fraction(rng.randrange(4), 3) for p in totals.banker_points}
    blind = cards.banker_strategy(
        [q[ChoicePoint(Side.BANKER, p.total, p.player_third)] for p in cards.banker_points]
    )
    player = Strategy.of({"P5": "2/7"})
    assert cards.payoff(player, blind) == totals.payoff(
        player, totals.banker_strategy(list(q.values()))
    )
    assert CoupModel.of(contents, information=Information.BANKER_CARDS).total == (
        CoupModel.of(contents).total
    )


def test_seeing_his_cards_never_hurts_the_banker_and_is_worthless_with_replacement() -> None:
    from baccarat.chemin.solve import solve_chemin_de_fer

    for contents in (Composition.decks(1), Composition.decks(6)):
        on_totals = solve_chemin_de_fer(contents, BANKER_DISCRETION).value
        on_cards = solve_chemin_de_fer(contents, BANKER_DISCRETION, Information.BANKER_CARDS).value
        assert on_cards < on_totals
    infinite = Composition.infinite_deck()
    assert solve_chemin_de_fer(infinite, BANKER_DISCRETION, Information.BANKER_CARDS).value == (
        Fraction(-679568, 53094899)  # Kemeny and Snell's game: the cards say nothing more
    )


def test_points_with_cards_have_keys_and_labels() -> None:
    point = ChoicePoint(Side.BANKER, 5, 4, (1, 4))
    assert point_key(point) == "B5(1+4)/4"
    assert parse_point("b5(4+1)/4") == point
    assert parse_point("B6(0+6)-") == ChoicePoint(Side.BANKER, 6, None, (0, 6))
    assert point_label(point) == "Banker on 5 (1 and 4), the Player's third card a 4"
    assert point_label(parse_point("B6(0+6)-")) == "Banker on 6 (0 and 6), the Player stood"
    assert Information.BANKER_CARDS.refine(ChoicePoint(Side.PLAYER, 5)) == (
        ChoicePoint(Side.PLAYER, 5),
    )
