"""Plain-data (JSON-ready) forms of core records, shared by the CLI and the web API.

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> record = coup_record(Coup.from_cards(parse_cards("7c 2s Kd 3h 4c")))
>>> record["winner"], record["banker"], record["cards_used"]
('banker', {'cards': ['2s', '3h', '4c'], 'total': 9, 'two_card_total': 5, 'drew': True}, 5)
>>> record["steps"][1]["text"]
'The Player stood; Banker has 5, in 0–5: Banker draws.'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baccarat.core.coup import Coup, Hand
from baccarat.core.explain import ENGLISH, explain

__all__ = ["coup_record", "hand_record"]


def hand_record(hand: Hand) -> dict[str, Any]:
    return {
        "cards": [str(card) for card in hand.cards],
        "total": hand.total,
        "two_card_total": hand.two_card_total,
        "drew": hand.drew,
    }


def coup_record(coup: Coup, templates: Mapping[str, str] = ENGLISH) -> dict[str, Any]:
    """The coup as the JSON object documented for ``baccarat deal --json``."""
    return {
        "player": hand_record(coup.player),
        "banker": hand_record(coup.banker),
        "winner": coup.winner.value,
        "natural": coup.natural,
        "cards_used": coup.cards_used,
        "steps": [
            {
                "side": step.side.value,
                "action": step.action.value,
                "reason": step.reason.value,
                "text": explain(step, templates),
                "params": step.params(),
            }
            for step in coup.steps
        ],
    }
