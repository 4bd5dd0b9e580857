"""Choice points of a tableau, their keys, and resolving options into a fixed tableau."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.chemin.tableau import (
    BANKER_DISCRETION,
    CHEMIN_DE_FER,
    ChoiceError,
    choice_points,
    decision_points,
    parse_point,
    point_key,
    point_label,
    resolve,
    tableau_action,
)
from baccarat.core.cards import Card, full_deck
from baccarat.core.coup import ChoicePoint, Coup
from baccarat.core.tableau import PUNTO_BANCO, Action, Side


def test_decision_points_cover_every_situation_once() -> None:
    points = decision_points(CHEMIN_DE_FER)
    assert len(points) == 8 + 8 * 11  # Player totals 0-7; Banker totals 0-7 by third card or stood
    assert len(set(points)) == len(points)


def test_choice_points_are_the_option_cells() -> None:
    assert [point_key(p) for p in choice_points(CHEMIN_DE_FER)] == ["P5", "B3/9", "B5/4"]
    free = choice_points(BANKER_DISCRETION)
    assert len(free) == 1 + 88
    assert choice_points(PUNTO_BANCO) == ()


def test_every_key_reads_back_to_its_point() -> None:
    for point in decision_points(CHEMIN_DE_FER):
        assert parse_point(point_key(point)) == point
    assert parse_point(" b6- ") == ChoicePoint(Side.BANKER, 6, None)


@pytest.mark.parametrize("key", ["", "P", "P10", "B5/", "B5/10", "X5", "B5-4", "P5/4"])
def test_bad_keys_are_refused_with_the_key_quoted(key: str) -> None:
    with pytest.raises(ChoiceError, match=f"unknown choice point {key!r}"):
        parse_point(key)


def test_labels_say_the_situation() -> None:
    assert point_label(parse_point("P5")) == "Player on 5"
    assert point_label(parse_point("B6-")) == "Banker on 6, the Player stood"
    assert point_label(parse_point("B3/9")) == "Banker on 3, the Player's third card a 9"


def test_resolving_every_choice_replaces_exactly_the_options() -> None:
    points = choice_points(CHEMIN_DE_FER)
    for actions in itertools.product((Action.DRAW, Action.STAND), repeat=len(points)):
        chosen = dict(zip(points, actions, strict=True))
        fixed = resolve(CHEMIN_DE_FER, chosen)
        assert not fixed.has_options
        for point in decision_points(CHEMIN_DE_FER):
            expected = chosen.get(point, tableau_action(CHEMIN_DE_FER, point))
            assert tableau_action(fixed, point) is expected


def test_resolving_with_the_punto_banco_choices_gives_punto_banco() -> None:
    """Chemin de Fer differs from Punto Banco only in its options: fill them as Punto Banco does."""
    chosen = {p: tableau_action(PUNTO_BANCO, p) for p in choice_points(CHEMIN_DE_FER)}
    fixed = resolve(CHEMIN_DE_FER, chosen)
    assert (fixed.player, fixed.banker_player_stood, fixed.banker) == (
        PUNTO_BANCO.player,
        PUNTO_BANCO.banker_player_stood,
        PUNTO_BANCO.banker,
    )


def test_resolve_refuses_missing_stray_and_bad_choices() -> None:
    p5, b39, b54 = choice_points(CHEMIN_DE_FER)
    with pytest.raises(ChoiceError, match="no choice given for B5/4"):
        resolve(CHEMIN_DE_FER, {p5: Action.DRAW, b39: Action.DRAW})
    with pytest.raises(ChoiceError, match="leaves no choice at B6-"):
        resolve(
            CHEMIN_DE_FER,
            {p5: Action.DRAW, b39: Action.DRAW, b54: Action.DRAW, parse_point("B6-"): Action.STAND},
        )
    with pytest.raises(ChoiceError, match="must be draw or stand"):
        resolve(CHEMIN_DE_FER, {p5: Action.OPTION, b39: Action.DRAW, b54: Action.DRAW})


@settings(max_examples=200, deadline=None)
@given(
    st.permutations(full_deck()).map(lambda cards: cards[:6]),
    st.lists(st.booleans(), min_size=3, max_size=3),
)
def test_a_resolved_tableau_deals_what_the_choices_deal(
    cards: list[Card], draws: list[bool]
) -> None:
    """Dealing the fixed tableau gives the coup that the options tableau gives with those choices,
    except that the steps say "the rule" instead of "the choice"."""
    chosen = {
        p: Action.DRAW if d else Action.STAND
        for p, d in zip(choice_points(CHEMIN_DE_FER), draws, strict=True)
    }
    with_options = Coup.from_cards(cards, CHEMIN_DE_FER, lambda point: chosen[point])
    fixed = Coup.from_cards(cards, resolve(CHEMIN_DE_FER, chosen))
    assert (fixed.player, fixed.banker) == (with_options.player, with_options.banker)
    assert [s.action for s in fixed.steps] == [s.action for s in with_options.steps]
    assert not any(s.chosen for s in fixed.steps)
