"""Explanations: one template per reason code, a sentence for every step of every coup."""

from __future__ import annotations

import itertools
import string

import pytest

from baccarat.core.cards import Card, Rank, Suit, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.explain import ENGLISH, explain, explain_coup
from baccarat.core.tableau import Reason


def test_every_reason_has_a_template_and_no_template_is_orphaned() -> None:
    codes = {reason.value for reason in Reason}
    assert codes <= set(ENGLISH)
    assert {key.split(".")[0] for key in ENGLISH} == codes


def test_templates_only_use_known_parameters() -> None:
    known = {"side", "other", "total", "player_third", "range", "choice"}
    for key, template in ENGLISH.items():
        names = {name for _, name, _, _ in string.Formatter().parse(template) if name}
        assert names <= known, key


@pytest.mark.parametrize(
    ("cards", "sentences"),
    [
        ("7c 2s Kd 3h 4c", ["Player has 7, in 6–7: Player stands.",
                            "The Player stood; Banker has 5, in 0–5: Banker draws."]),
        ("6c 7s Kd Kh", ["Player has 6, in 6–7: Player stands.",
                         "The Player stood; Banker has 7, in 6–7: Banker stands."]),
        ("2c 2s 3h Kd 5c 9d", ["Player has 5, in 0–5: Player draws.",
                               "Banker has 2, in 0–2: Banker draws whatever the Player's third card."]),
        ("Kc 3s Kh 4d 8c", ["Player has 0, in 0–5: Player draws.",
                            "Banker has 7: Banker stands whatever the Player's third card."]),
        ("2c 2s 3h Ad 8c", ["Player has 5, in 0–5: Player draws.",
                            "Banker has 3; the Player's third card is 8: Banker stands."]),
        ("2c 2s 3h Ad 9c 5d", ["Player has 5, in 0–5: Player draws.",
                               "Banker has 3; the Player's third card is 9: Banker draws."]),
        ("4c 8s 5h Kd", ["Player has a natural 9: both hands stand.",
                         "Banker has a natural 8: both hands stand."]),
    ],
)  # fmt: skip
def test_sentences(cards: str, sentences: list[str]) -> None:
    assert explain_coup(Coup.from_cards(parse_cards(cards))) == sentences


def test_every_step_of_every_start_renders() -> None:
    zero = Card(Rank.KING, Suit.CLUBS)
    for values in itertools.product(range(10), repeat=4):
        cards = [Card(Rank(v), Suit.SPADES) if v else zero for v in (*values, 5, 5)]
        for step in Coup.from_cards(cards).steps:
            text = explain(step)
            assert text.endswith(".") and "{" not in text
