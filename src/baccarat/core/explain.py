"""Sentences that explain each step of a coup, rendered from templates keyed by reason code.

The wording lives here and only here. Templates take named parameters (``side``, ``other``,
``total``, ``player_third``, ``range``, ``choice``), so other languages can supply their own table with the
same keys and say exactly the same thing.

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> coup = Coup.from_cards(parse_cards("2c 4h 3d Kc 6s 3d"))
>>> for step in coup.steps:
...     print(explain(step))
Player has 5, in 0–5: Player draws.
Banker has 4; the Player's third card is 6, in 2–7: Banker draws.
"""

from __future__ import annotations

from collections.abc import Mapping

from baccarat.core.coup import Coup, Step
from baccarat.core.tableau import Action, Reason, Side

__all__ = ["ENGLISH", "explain", "explain_coup", "template_key"]

ENGLISH: Mapping[str, str] = {
    "natural": "{side} has a natural {total}: both hands stand.",
    "opponent_natural": "{other} has a natural: {side} stands on {total}.",
    "player_draws": "Player has {total}, in {range}: Player draws.",
    "player_stands": "Player has {total}, in {range}: Player stands.",
    "banker_player_stood_draws": "The Player stood; Banker has {total}, in {range}: Banker draws.",
    "banker_player_stood_stands": (
        "The Player stood; Banker has {total}, in {range}: Banker stands."
    ),
    "banker_always_draws": (
        "Banker has {total}, in {range}: Banker draws whatever the Player's third card."
    ),
    "banker_always_draws.one": (
        "Banker has {total}: Banker draws whatever the Player's third card."
    ),
    "banker_always_stands": (
        "Banker has {total}, in {range}: Banker stands whatever the Player's third card."
    ),
    "banker_always_stands.one": (
        "Banker has {total}: Banker stands whatever the Player's third card."
    ),
    "banker_third_card_draws": (
        "Banker has {total}; the Player's third card is {player_third}, in {range}: Banker draws."
    ),
    "banker_third_card_draws.one": (
        "Banker has {total}; the Player's third card is {player_third}: Banker draws."
    ),
    "banker_third_card_stands": (
        "Banker has {total}; the Player's third card is {player_third}, in {range}: Banker stands."
    ),
    "banker_third_card_stands.one": (
        "Banker has {total}; the Player's third card is {player_third}: Banker stands."
    ),
    "player_option": (
        "Player has {total}, where the rules leave a choice: the Player's hand chose to {choice}."
    ),
    "banker_option": (
        "Banker has {total}, where the rules leave a choice: the Banker's hand chose to {choice}."
    ),
}
"""English templates by reason code; a ``.one`` variant is used when the range is one value."""

_SIDE_NAMES_EN: Mapping[Side, str] = {Side.PLAYER: "Player", Side.BANKER: "Banker"}
_ACTION_NAMES_EN: Mapping[Action, str] = {Action.DRAW: "draw", Action.STAND: "stand"}


def template_key(step: Step, templates: Mapping[str, str]) -> str:
    """The template key for a step: its reason code, or the ``.one`` variant where one exists."""
    key = step.reason.value
    if step.low == step.high and f"{key}.one" in templates:
        return f"{key}.one"
    return key


def explain(
    step: Step,
    templates: Mapping[str, str] = ENGLISH,
    side_names: Mapping[Side, str] = _SIDE_NAMES_EN,
    action_names: Mapping[Action, str] = _ACTION_NAMES_EN,
) -> str:
    """One sentence saying why this hand drew or stood."""
    other = Side.BANKER if step.side is Side.PLAYER else Side.PLAYER
    span = str(step.low) if step.low == step.high else f"{step.low}–{step.high}"
    if step.reason is Reason.NATURAL:
        span = str(step.total)
    return templates[template_key(step, templates)].format(
        side=side_names[step.side],
        other=side_names[other],
        total=step.total,
        player_third="" if step.player_third is None else step.player_third,
        range=span,
        choice=action_names[step.action],
    )


def explain_coup(coup: Coup, templates: Mapping[str, str] = ENGLISH) -> list[str]:
    """Every step's sentence, in order."""
    return [explain(step, templates) for step in coup.steps]
