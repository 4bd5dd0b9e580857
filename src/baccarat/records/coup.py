"""The one JSON form of a coup (``baccarat.coup/1``), for every command and the web API.

:func:`coup_record` writes both hands, the cards in dealing order with each hand's running
total, every step (side, action, reason code, parameters, sentence and the draw-table cell that
decided it), the winner, whether a natural ended it, the result in a sentence and, when known,
the shoe and coup numbers, the rule set and the settlement of the bets. The web adds display
fields to the same object (:func:`baccarat.web.present.coup.web_coup`); its shape,
:class:`~baccarat.records.shapes.coup.CoupRecord`, describes them all.

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> record = coup_record(Coup.from_cards(parse_cards("7c 2s Kd 3h 4c")))
>>> record["schema"], record["winner"], record["cards_used"]
('baccarat.coup/1', 'banker', 5)
>>> record["banker"]
{'cards': ['2s', '3h', '4c'], 'total': 9, 'two_card_total': 5, 'drew': True, 'pair': False}
>>> [(c["code"], c["side"], c["total"]) for c in record["cards"]][3:]
[('3h', 'banker', 5), ('4c', 'banker', 9)]
>>> record["steps"][1]["text"], record["steps"][1]["cell"]
('The Player stood; Banker has 5, in 0–5: Banker draws.', 'b-5-s')
>>> record["result"]
'Banker wins, 9 to 7.'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from baccarat.core.cards import Card
from baccarat.core.coup import Coup, Hand, Step, hand_total
from baccarat.core.explain import explain
from baccarat.core.points import format_points
from baccarat.core.settle import Settlement
from baccarat.core.summary import Winner
from baccarat.core.tableau import Reason, Side
from baccarat.i18n.language import SOURCE, Language
from baccarat.records.schema import RecordType

if TYPE_CHECKING:
    # The shapes these builders write (read by the type checker; importing them costs startup).
    from baccarat.records.shapes import coup as shapes

__all__ = [
    "cell_id",
    "coup_record",
    "dealt_cards",
    "hand_record",
    "result_text",
    "settlement_record",
    "step_record",
]


def hand_record(hand: Hand) -> shapes.Hand:
    """A hand: its cards, total, two-card total, whether it drew, whether its first two pair.

    >>> from baccarat.core.cards import parse_cards
    >>> hand_record(Hand(parse_cards("8c 8h")))
    {'cards': ['8c', '8h'], 'total': 6, 'two_card_total': 6, 'drew': False, 'pair': True}
    """
    return {
        "cards": [str(card) for card in hand.cards],
        "total": hand.total,
        "two_card_total": hand.two_card_total,
        "drew": hand.drew,
        "pair": hand.pair,
    }


def cell_id(step: Step) -> str:
    """The draw-table cell that decided ``step``: ``n`` (naturals), ``p-<total>``,
    ``b-<total>-<player third card>`` or ``b-<total>-s`` (the Player stood).

    >>> from baccarat.core.cards import parse_cards
    >>> [cell_id(step) for step in Coup.from_cards(parse_cards("2c 4h 3d Kc 6s 3d")).steps]
    ['p-5', 'b-4-6']
    """
    if step.reason in (Reason.NATURAL, Reason.OPPONENT_NATURAL):
        return "n"
    if step.side is Side.PLAYER:
        return f"p-{step.total}"
    column = "s" if step.player_third is None else str(step.player_third)
    return f"b-{step.total}-{column}"


def dealt_cards(coup: Coup) -> list[tuple[Side, Card]]:
    """The cards in the order they were dealt (P1 B1 P2 B2, then each step's card), with the
    hand each went to."""
    p, b = coup.player.cards, coup.banker.cards
    dealt = [(Side.PLAYER, p[0]), (Side.BANKER, b[0]), (Side.PLAYER, p[1]), (Side.BANKER, b[1])]
    dealt += [(step.side, step.card) for step in coup.steps if step.card is not None]
    return dealt


def _cards_record(coup: Coup) -> list[shapes.DealtCard]:
    held: dict[Side, list[Card]] = {Side.PLAYER: [], Side.BANKER: []}
    cards: list[shapes.DealtCard] = []
    for side, card in dealt_cards(coup):
        held[side].append(card)
        total = hand_total(held[side])
        cards.append({"code": str(card), "side": side.value, "value": card.value, "total": total})
    return cards


def step_record(step: Step, t: Language = SOURCE) -> shapes.Step:
    """One step: who, what, the rule's reason code and parameters, its sentence, its cell."""
    return {
        "side": step.side.value,
        "action": step.action.value,
        "reason": step.reason.value,
        # The core writes the parameters as a plain dict (it knows no shapes).
        "params": cast("shapes.StepParams", step.params()),
        "text": explain(step, t.explain_templates, t.side_names, t.action_names),
        "cell": cell_id(step),
    }


def result_text(coup: Coup, t: Language = SOURCE) -> str:
    """``Banker wins, 7 to 1.`` / ``Tie, 6 to 6.``, with a word on naturals, in ``t``'s language.

    >>> from baccarat.core.cards import parse_cards
    >>> result_text(Coup.from_cards(parse_cards("9c 2s Kd 3h")))
    'Player wins, 9 to 5. A natural: no third cards.'
    """
    player, banker = coup.player.total, coup.banker.total
    if coup.winner is Winner.TIE:
        text = t.gettext("Tie, {player} to {banker}.").format(player=player, banker=banker)
    else:
        side = t.side_names[Side.PLAYER if coup.winner is Winner.PLAYER else Side.BANKER]
        high, low = max(player, banker), min(player, banker)
        text = t.gettext("{side} wins, {high} to {low}.").format(side=side, high=high, low=low)
    if coup.natural:
        text += " " + t.gettext("A natural: no third cards.")
    return text


def settlement_record(settlement: Settlement) -> dict[str, Any]:
    """Each bet's stake, result, amount returned and net, and the totals, in exact points."""
    return {
        "bets": [line.to_data() for line in settlement.bets],
        "staked": format_points(settlement.staked),
        "returned": format_points(settlement.returned),
        "net": format_points(settlement.net),
    }


def coup_record(
    coup: Coup,
    t: Language = SOURCE,
    *,
    shoe: int | None = None,
    number: int | None = None,
    rule_set: str | None = None,
    settlement: Settlement | None = None,
) -> shapes.CoupRecord:
    """The coup as the ``baccarat.coup/1`` record, its sentences in ``t``'s language.

    ``shoe`` and ``number`` (the coup's number in the shoe), ``rule_set`` and ``settlement`` are
    written when given; a field that is not known is left out, never null.
    """
    # The fields in the record's order: the tag, what is known of the coup's place, the coup.
    known: dict[str, Any] = {"schema": RecordType.COUP.tag}
    if shoe is not None:
        known["shoe"] = shoe
    if number is not None:
        known["number"] = number
    if rule_set is not None:
        known["rule_set"] = rule_set
    record: shapes.CoupRecord = {
        "schema": RecordType.COUP.tag,
        "player": hand_record(coup.player),
        "banker": hand_record(coup.banker),
        "cards": _cards_record(coup),
        "steps": [step_record(step, t) for step in coup.steps],
        "winner": coup.winner.value,
        "natural": coup.natural,
        "cards_used": coup.cards_used,
        "result": result_text(coup, t),
    }
    if settlement is not None:
        # A plain dict: the web adds its words to it (web.present) before it is sent.
        record["settlement"] = cast("shapes.Settlement", settlement_record(settlement))
    return cast("shapes.CoupRecord", known | record)
