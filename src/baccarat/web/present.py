"""From service views to what a page or the API shows: plain data, translated, amounts formatted.

One function per thing shown, used by both the templates and the JSON API, so the page and the
API never disagree. Notably :func:`coup_data` turns a coup into its *timeline*: the cards in the
real dealing order with the running totals, each draw or stand with its explanation and the cell
of the draw table that decided it, then the result — what the browser plays back card by card.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from baccarat.core.bets import Bet, BetResult, format_pays
from baccarat.core.cards import RANKS, Card, Rank, Suit
from baccarat.core.coup import Coup, Step, hand_total
from baccarat.core.explain import explain
from baccarat.core.money import format_points as exact_points
from baccarat.core.rules import RuleSet
from baccarat.core.settle import BetSettlement, Settlement
from baccarat.core.summary import Winner
from baccarat.core.tableau import Action, Reason, Side, Tableau
from baccarat.i18n.catalogs import Translator
from baccarat.i18n.errors import error_text
from baccarat.i18n.markers import N_
from baccarat.i18n.words import RESULT_WORDS
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import (
    CoupView,
    DealOutcome,
    FairShoeView,
    PlayerView,
    ShoeView,
    TableView,
)
from baccarat.roads import RoadLabels
from baccarat.web.i18n import (
    _,
    current,
    format_points,
    format_signed_points,
    pgettext,
)
from baccarat.web.statuses import ledger_status

__all__ = [
    "bet_data",
    "card_data",
    "cell_id",
    "coup_data",
    "deal_data",
    "draw_table",
    "error_message",
    "error_status",
    "player_data",
    "road_labels",
    "rule_set_data",
    "settlement_data",
    "shoe_data",
    "table_data",
]

_RANK_NAMES = {
    Rank.ACE: N_("Ace"), Rank.TWO: N_("Two"), Rank.THREE: N_("Three"), Rank.FOUR: N_("Four"),
    Rank.FIVE: N_("Five"), Rank.SIX: N_("Six"), Rank.SEVEN: N_("Seven"), Rank.EIGHT: N_("Eight"),
    Rank.NINE: N_("Nine"), Rank.TEN: N_("Ten"), Rank.JACK: N_("Jack"), Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
}  # fmt: skip
_SUIT_NAMES = {
    Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades"),
}  # fmt: skip


def road_labels() -> RoadLabels:
    """The road labels in the current language."""
    return current().road_labels


def rank_name(rank: Rank) -> str:
    return _(_RANK_NAMES[rank])


def card_data(card: Card) -> dict[str, Any]:
    """A card for display: its code, rank and suit symbols, its value and a spoken label."""
    return dict(_card_data(current(), card))


@lru_cache(maxsize=512)
def _card_data(translator: Translator, card: Card) -> dict[str, Any]:
    # The same 52 cards in each language (``translator`` is the current one, the cache key):
    # built once each; callers get a copy to keep.
    return {
        "code": str(card),
        "rank": "10" if card.rank is Rank.TEN else card.rank.symbol,
        "suit": card.suit.symbol,
        "suit_name": card.suit.name.lower(),
        "red": card.suit in (Suit.HEARTS, Suit.DIAMONDS),
        "value": card.value,
        "label": _("{rank} of {suit}").format(
            rank=rank_name(card.rank), suit=_(_SUIT_NAMES[card.suit])
        ),
    }


def side_name(side: Side) -> str:
    return current().side_names[side]


def cell_id(step: Step) -> str:
    """The draw-table cell that decided ``step``: ``n`` (naturals), ``p-<total>``,
    ``b-<total>-<player third card>`` or ``b-<total>-s`` (the Player stood)."""
    if step.reason in (Reason.NATURAL, Reason.OPPONENT_NATURAL):
        return "n"
    if step.side is Side.PLAYER:
        return f"p-{step.total}"
    column = "s" if step.player_third is None else str(step.player_third)
    return f"b-{step.total}-{column}"


def step_text(step: Step) -> str:
    """The explanation of a step in the current language."""
    translator = current()
    return explain(
        step, translator.explain_templates, translator.side_names, translator.action_names
    )


def result_text(coup: Coup) -> str:
    """``Banker wins, 7 to 1.`` / ``Tie, 6 to 6.``, with a word on naturals."""
    player, banker = coup.player.total, coup.banker.total
    if coup.winner is Winner.TIE:
        text = _("Tie, {player} to {banker}.").format(player=player, banker=banker)
    else:
        side = Side.PLAYER if coup.winner is Winner.PLAYER else Side.BANKER
        high, low = max(player, banker), min(player, banker)
        text = _("{side} wins, {high} to {low}.").format(side=side_name(side), high=high, low=low)
    if coup.natural:
        text += " " + _("A natural: no third cards.")
    return text


def coup_data(view: CoupView) -> dict[str, Any]:
    """A coup with its timeline (see the module docstring) and the settlement of its bets."""
    coup = view.coup
    timeline: list[dict[str, Any]] = []
    cards: dict[Side, list[Card]] = {Side.PLAYER: [], Side.BANKER: []}

    def deal(side: Side, card: Card) -> None:
        cards[side].append(card)
        total = hand_total(cards[side])
        shown = card_data(card)
        timeline.append(
            {
                "kind": "card",
                "side": side.value,
                "card": shown,
                "total": total,
                "announce": _("{side}: {card}. {side} total {total}.").format(
                    side=side_name(side), card=shown["label"], total=total
                ),
            }
        )

    p, b = coup.player.cards, coup.banker.cards
    for side, card in ((Side.PLAYER, p[0]), (Side.BANKER, b[0]), (Side.PLAYER, p[1]), (Side.BANKER, b[1])):  # fmt: skip
        deal(side, card)
    for step in coup.steps:
        timeline.append(
            {
                "kind": "step",
                "side": step.side.value,
                "action": step.action.value,
                "reason": step.reason.value,
                "cell": cell_id(step),
                "text": step_text(step),
            }
        )
        if step.card is not None:
            deal(step.side, step.card)
    timeline.append(
        {
            "kind": "result",
            "winner": coup.winner.value,
            "natural": coup.natural,
            "text": result_text(coup),
        }
    )
    return {
        "id": view.id,
        "table_id": view.table_id,
        "shoe": view.shoe_number,
        "number": view.number,
        "dealt_at": view.created_at.isoformat(),
        "winner": coup.winner.value,
        "winner_letter": road_labels().letter(coup.winner),
        "natural": coup.natural,
        "player": {"cards": [card_data(c) for c in p], "total": coup.player.total},
        "banker": {"cards": [card_data(c) for c in b], "total": coup.banker.total},
        "player_pair": coup.player.pair,
        "banker_pair": coup.banker.pair,
        "timeline": timeline,
        "steps": [e for e in timeline if e["kind"] == "step"],
        "result": timeline[-1]["text"],
        "rule_set": view.rule_set.name,
        "settlement": settlement_data(view.settlement, view.rule_set),
    }


def bet_title(bet: Bet) -> str:
    return pgettext("bet", bet.title)


def _bet_line(line: BetSettlement, rule_set: RuleSet) -> dict[str, Any]:
    title = bet_title(rule_set.bets[line.bet]) if line.bet in rule_set.bets else line.bet
    if line.result is BetResult.LOSE and line.returned == 0:
        text = _("{bet}: lost the stake of {stake}.")
    elif line.result is BetResult.PUSH:
        text = _("{bet}: push, the stake of {stake} is returned.")
    elif line.net > 0:
        text = _("{bet}: wins {net} on a stake of {stake}; {returned} returned.")
    else:
        text = _("{bet}: {returned} returned on a stake of {stake}.")
    return {
        "bet": line.bet,
        "title": title,
        "result": line.result.value,
        "result_text": _(RESULT_WORDS[line.result]),
        "stake": exact_points(line.stake),
        "returned": exact_points(line.returned),
        "net": exact_points(line.net),
        # A push, or any return at or below the stake, is shown plainly, never celebrated.
        "celebrate": line.net > 0,
        "text": text.format(
            bet=title,
            stake=format_points(line.stake),
            returned=format_points(line.returned),
            net=format_points(line.net),
        ),
    }


def settlement_data(settlement: Settlement | None, rule_set: RuleSet) -> dict[str, Any] | None:
    """Each bet's settlement and the totals, exact amounts (points) plus display text."""
    if settlement is None:
        return None
    return {
        "bets": [_bet_line(line, rule_set) for line in settlement.bets],
        "staked": exact_points(settlement.staked),
        "returned": exact_points(settlement.returned),
        "net": exact_points(settlement.net),
        "net_text": format_signed_points(settlement.net),
        "celebrate": settlement.net > 0,
    }


def bet_data(bet: Bet, rule_set: RuleSet) -> dict[str, Any]:
    limits = rule_set.limits_for(bet.name)
    return {
        "name": bet.name,
        "title": bet_title(bet),
        "domain": bet.domain.value,
        "pays": bet.describe(current().pays_templates),
        "pays_ratio": format_pays(bet.top_pay, current().pays_templates),
        "minimum": exact_points(limits.minimum),
        "maximum": exact_points(limits.maximum),
        "minimum_text": format_points(limits.minimum),
        "maximum_text": format_points(limits.maximum),
        "main": bet.name in ("player", "banker", "tie"),
    }


def rule_set_data(rule_set: RuleSet) -> dict[str, Any]:
    return {
        "name": rule_set.name,
        "title": pgettext("rule set", rule_set.title),
        "description": pgettext("rule set description", rule_set.description)
        if rule_set.description
        else "",
        "bets": [bet_data(bet, rule_set) for bet in rule_set.bets.values()],
    }


def _counts(counts: Mapping[Rank, int]) -> list[dict[str, Any]]:
    return [
        {"rank": "10" if r is Rank.TEN else r.symbol, "name": rank_name(r), "count": counts[r]}
        for r in RANKS
    ]


def shoe_data(shoe: ShoeView) -> dict[str, Any]:
    """The shoe panel: counts by rank, penetration, the cut card. Never the order."""
    return {
        "number": shoe.number,
        "decks": shoe.decks,
        "size": shoe.size,
        "coups_dealt": shoe.coups_dealt,
        "cards_dealt": shoe.cards_dealt,
        "cards_remaining": shoe.cards_remaining,
        "cards_to_cut": shoe.cards_to_cut,
        "cut_card": shoe.cut_card,
        "cut_card_at": shoe.size - shoe.cut_card,
        "penetration": round(shoe.penetration, 4),
        "penetration_percent": f"{shoe.penetration * 100:.1f}",
        "cut_card_out": shoe.cut_card_out,
        "finished": shoe.finished,
        "burn_card": card_data(shoe.burn_card) if shoe.burn_card is not None else None,
        "burned": shoe.burned,
        "dealt": _counts(shoe.dealt_counts),
        "remaining": _counts(shoe.remaining_counts),
    }


def player_data(player: PlayerView) -> dict[str, Any]:
    top_up = player.top_up
    return {
        "username": player.username,
        "balance": exact_points(player.balance),
        "balance_text": format_points(player.balance),
        "session_net": exact_points(player.net_since),
        "session_net_text": format_signed_points(player.net_since),
        "top_up": {
            "available": top_up.available,
            "amount": exact_points(top_up.amount),
            "amount_text": format_points(top_up.amount),
            "used_today": top_up.used_today,
            "next_at": top_up.next_at.isoformat(),
        },
    }


def table_data(table: TableView, *, coups: bool = True) -> dict[str, Any]:
    """The table: rule set and bets, the shoe, and (unless ``coups`` is false) the coups of the
    current shoe in full."""
    data = {
        "id": table.id,
        "decks": table.decks,
        "rule_set": rule_set_data(table.rule_set),
        "shoe": shoe_data(table.shoe),
        "next_shoe": fair_shoe_data(table.next_shoe) if table.next_shoe is not None else None,
    }
    if coups:
        data["coups"] = [coup_data(view) for view in table.coups]
    return data


def fair_shoe_data(shoe: FairShoeView) -> dict[str, Any]:
    """A provably fair shoe as the player may see it: the commitment and the client seed; the
    server seed only once the shoe has finished; never the order."""
    return {
        "number": shoe.number,
        "commitment": shoe.commitment,
        "client_seed": shoe.client_seed,
        "client_seed_open": shoe.client_seed_open,
        "coups_dealt": shoe.coups_dealt,
        "finished": shoe.finished,
        "server_seed": shoe.server_seed,
    }


def deal_data(outcome: DealOutcome) -> dict[str, Any]:
    return {
        "coup": coup_data(outcome.coup),
        "balance_before": exact_points(outcome.balance_before),
        "balance_after": exact_points(outcome.balance_after),
        "balance_text": format_points(outcome.balance_after),
        "shoe": shoe_data(outcome.shoe),
        "new_shoe": outcome.new_shoe,
        "replayed": outcome.replayed,
        "player": player_data(outcome.player),
    }


def draw_table(tableau: Tableau) -> dict[str, Any]:
    """The draw table as rows of cells, for the page (each cell's id matches :func:`cell_id`)."""
    letters = {
        Action.DRAW: pgettext("draw table", "D"),
        Action.STAND: pgettext("draw table", "S"),
        Action.OPTION: pgettext("draw table", "O"),
    }
    words = {Action.DRAW: _("draw"), Action.STAND: _("stand"), Action.OPTION: _("choice")}
    naturals = tableau.natural_totals
    totals = [t for t in range(10) if t not in naturals]

    def cell(cid: str, action: Action, label: str) -> dict[str, str]:
        return {
            "id": cid,
            "action": action.value,
            "letter": letters[action],
            "label": f"{label}: {words[action]}",
        }

    player = [
        cell(f"p-{t}", tableau.player[t], _("Player {total}").format(total=t)) for t in totals
    ]
    banker = [
        {
            "total": t,
            "cells": [
                cell(
                    f"b-{t}-{v}",
                    tableau.banker[t][v],
                    _("Banker {total}, Player's third card {value}").format(total=t, value=v),
                )
                for v in range(10)
            ]
            + [
                cell(
                    f"b-{t}-s",
                    tableau.banker_player_stood[t],
                    _("Banker {total}, the Player stood").format(total=t),
                )
            ],
        }
        for t in totals
    ]
    return {
        "draw_letter": letters[Action.DRAW],
        "stand_letter": letters[Action.STAND],
        "naturals": " / ".join(str(t) for t in sorted(naturals)),
        "player_totals": totals,
        "player": player,
        "banker": banker,
        "third_values": list(range(10)),
    }


def error_status(exc: Exception) -> int:
    """The HTTP status of a refused request: a ledger refusal's from the web's table
    (:func:`~baccarat.web.statuses.ledger_status`), else 422 for bad input."""
    return ledger_status(exc) if isinstance(exc, LedgerError) else 422


def error_message(exc: Exception) -> str:
    """The message of a refused request in the current language (see :func:`error_text`)."""
    return error_text(exc, current(), format_points)
