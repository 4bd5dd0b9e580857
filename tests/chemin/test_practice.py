"""The practice-table service: the learner decides on 5, the Banker plays optimally, a hint after."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.chemin.game import BANKER_DISCRETION, CHEMIN_DE_FER, Composition
from baccarat.chemin.practice import finish_coup, start_coup
from baccarat.chemin.solve import solve_chemin_de_fer
from baccarat.chemin.strategy import StrategyError
from baccarat.core.cards import Card, full_deck, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.explain import explain_coup
from baccarat.core.tableau import Action, Reason, Side

FREE = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
RULES = solve_chemin_de_fer(Composition.decks(6), CHEMIN_DE_FER)


def _source(text: str) -> Callable[[], Card]:
    return iter(parse_cards(text)).__next__


def test_a_five_asks_the_learner_and_records_the_choice() -> None:
    draw = _source("2c 9d 3h 8s 4c Kd")
    deal = start_coup(draw, RULES)
    assert deal.needs_choice and not deal.natural
    assert [str(c) for c in deal.player_cards] == ["2c", "3h"]
    result = finish_coup(deal, Action.DRAW, draw, RULES, random.Random(1))
    player = result.coup.steps[0]
    assert (player.reason, player.chosen, player.action) == (
        Reason.PLAYER_OPTION,
        True,
        Action.DRAW,
    )
    assert explain_coup(result.coup)[0] == (
        "Player has 5, where the rules leave a choice: the Player's hand chose to draw."
    )
    assert result.hint is not None and result.hint.agrees
    assert result.hint.text == "Optimal play always draws on 5 here: your choice agrees."


def test_standing_against_a_pure_optimum_is_flagged() -> None:
    draw = _source("2c 9d 3h 8s 4c Kd")
    deal = start_coup(draw, RULES)
    result = finish_coup(deal, Action.STAND, draw, RULES, random.Random(1))
    assert result.hint is not None and not result.hint.agrees
    assert result.hint.text == (
        "Optimal play always draws on 5 here: standing gives the Banker an edge."
    )
    data = result.to_data()
    assert data["choice"] == "stand" and data["hint"]["draw_probability"] == "1"
    assert data["coup"]["steps"][0]["params"]["choice"] == "stand"


def test_against_a_free_banker_either_choice_is_part_of_optimal_play() -> None:
    for choice in (Action.DRAW, Action.STAND):
        draw = _source("2c 9d 3h 8s 4c Kd")
        result = finish_coup(start_coup(draw, FREE), choice, draw, FREE, random.Random(2))
        assert result.hint is not None and result.hint.agrees
        assert result.hint.draw_probability == FREE.player.probability(result.hint.point)
        assert "probability 9/11" in result.hint.text


def test_no_choice_no_hint() -> None:
    draw = _source("9c 2d Kh 3s")  # a Player natural
    deal = start_coup(draw, RULES)
    assert deal.natural and not deal.needs_choice
    result = finish_coup(deal, None, draw, RULES, random.Random(1))
    assert result.hint is None and result.coup.natural
    draw = _source("3c 2d Kh 3s 4d 5h")  # Player 3 must draw
    deal = start_coup(draw, RULES)
    assert not deal.needs_choice
    with pytest.raises(StrategyError, match="the rules decide this total"):
        finish_coup(deal, Action.STAND, draw, RULES, random.Random(1))


def test_a_choice_is_required_on_five() -> None:
    draw = _source("2c 9d 3h 8s 4c Kd")
    with pytest.raises(StrategyError, match="choose draw or stand"):
        finish_coup(start_coup(draw, RULES), None, draw, RULES, random.Random(1))


@settings(max_examples=150, deadline=None)
@given(st.permutations(full_deck()).map(lambda cards: cards[:6]), st.booleans())
def test_the_two_step_deal_is_the_engine_s_coup(cards: list[Card], draws: bool) -> None:
    """Starting and finishing a coup deals exactly what the engine deals from the same cards with
    the learner's choice and the Banker's strategy."""
    draw = iter(cards).__next__
    deal = start_coup(draw, RULES)
    choice = (Action.DRAW if draws else Action.STAND) if deal.needs_choice else None
    result = finish_coup(deal, choice, draw, RULES, random.Random(0))
    banker = RULES.banker.chooser()
    expected = Coup.from_cards(
        cards,
        CHEMIN_DE_FER,
        lambda point: choice if point.side is Side.PLAYER and choice else banker(point),
    )
    assert result.coup == expected
