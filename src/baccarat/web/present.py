"""From service views to what a page or the API shows: plain data, translated, amounts formatted.

One function per thing shown, used by both the templates and the JSON API, so the page and the
API never disagree. A coup is its record, :func:`~baccarat.records.coup_record` (the form every
command prints too), with the page's display fields on top (:func:`web_coup`); the templates
also get its :func:`timeline`, the same cards and steps in the order they are dealt.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import datetime
from functools import lru_cache
from typing import Any

from babel.numbers import format_decimal, get_decimal_symbol

from baccarat.core.bets import Bet, BetResult, format_pays
from baccarat.core.cards import RANKS, Card, Rank, Suit
from baccarat.core.coup import Step
from baccarat.core.explain import explain
from baccarat.core.points import format_points as exact_points
from baccarat.core.rules import RuleSet
from baccarat.core.settle import BetSettlement, Settlement
from baccarat.core.tableau import Action, Side, Tableau
from baccarat.i18n.catalogs import Translator
from baccarat.i18n.errors import error_text
from baccarat.i18n.markers import N_, NP_
from baccarat.i18n.words import RESULT_WORDS
from baccarat.ledger.views import (
    CoupView,
    DealOutcome,
    FairShoeView,
    PlayerView,
    ShoeView,
    TableView,
)
from baccarat.records import (
    SCHEMA_KEY,
    coup_record,
    dealt_cards,
    result_text,
    settlement_record,
)
from baccarat.roads import RoadLabels
from baccarat.roads.labels import labels_in
from baccarat.web.i18n import (
    _,
    current,
    format_points,
    format_signed_points,
    ngettext,
    pgettext,
)
from baccarat.web.labels import readable_error

__all__ = [
    "bet_data",
    "card_data",
    "coup_data",
    "deal_data",
    "draw_table",
    "error_message",
    "history_entry",
    "player_data",
    "road_labels",
    "rule_set_data",
    "settlement_data",
    "shoe_data",
    "table_data",
    "timeline",
    "web_coup",
]

_RANK_NAMES = {
    Rank.ACE: N_("Ace"), Rank.TWO: N_("Two"), Rank.THREE: N_("Three"), Rank.FOUR: N_("Four"),
    Rank.FIVE: N_("Five"), Rank.SIX: N_("Six"), Rank.SEVEN: N_("Seven"), Rank.EIGHT: N_("Eight"),
    Rank.NINE: N_("Nine"), Rank.TEN: N_("Ten"), Rank.JACK: N_("Jack"), Rank.QUEEN: N_("Queen"),
    Rank.KING: N_("King"),
}  # fmt: skip
# A rank inside a card's name has a context of its own: some languages write it differently there
# (Hungarian in lower case after the suit: "kőr négyes").
_CARD_NAME = "card name"
_CARD_RANK_NAMES = {
    # Translators: a rank as it reads inside a card's name ("Four" in "Four of hearts").
    Rank.ACE: NP_("card name", "Ace"), Rank.TWO: NP_("card name", "Two"),
    Rank.THREE: NP_("card name", "Three"), Rank.FOUR: NP_("card name", "Four"),
    Rank.FIVE: NP_("card name", "Five"), Rank.SIX: NP_("card name", "Six"),
    Rank.SEVEN: NP_("card name", "Seven"), Rank.EIGHT: NP_("card name", "Eight"),
    Rank.NINE: NP_("card name", "Nine"), Rank.TEN: NP_("card name", "Ten"),
    Rank.JACK: NP_("card name", "Jack"), Rank.QUEEN: NP_("card name", "Queen"),
    Rank.KING: NP_("card name", "King"),
}  # fmt: skip
_SUIT_NAMES = {
    Suit.CLUBS: N_("clubs"), Suit.DIAMONDS: N_("diamonds"),
    Suit.HEARTS: N_("hearts"), Suit.SPADES: N_("spades"),
}  # fmt: skip


def road_labels() -> RoadLabels:
    """The road labels in the current language."""
    return labels_in(current())


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
        # Translators: a card's spoken name; {rank} is a rank in context "card name", {suit} a suit.
        "label": _("{rank} of {suit}").format(
            rank=pgettext(_CARD_NAME, _CARD_RANK_NAMES[card.rank]), suit=_(_SUIT_NAMES[card.suit])
        ),
    }


def side_name(side: Side) -> str:
    return current().side_names[side]


def step_text(step: Step) -> str:
    """The explanation of a step in the current language."""
    translator = current()
    return explain(
        step, translator.explain_templates, translator.side_names, translator.action_names
    )


_CARD_DISPLAY = ("rank", "suit", "suit_name", "red", "label")
"""What :func:`card_data` adds to a card of the record, for the page."""


def web_coup(view: CoupView) -> dict[str, Any]:
    """The coup's record (:func:`~baccarat.records.coup_record`, in the current language) with
    the ledger's facts (``id``, ``table_id``, ``dealt_at``) and the page's display fields on
    top: each card's rank and suit symbols, colour, spoken label and announcement, the bead
    letter of the winner, and each bet's title and sentence. What the API answers."""
    coup = view.coup
    record = coup_record(
        coup,
        current(),
        shoe=view.shoe_number,
        number=view.number,
        rule_set=view.rule_set.name,
        settlement=view.settlement,
    )
    data: dict[str, Any] = {
        SCHEMA_KEY: record[SCHEMA_KEY],
        "id": view.id,
        "table_id": view.table_id,
        "dealt_at": view.created_at.isoformat(),
        **record,
        "winner_letter": road_labels().letter(coup.winner),
    }
    for (side, card), entry in zip(dealt_cards(coup), data["cards"], strict=True):
        shown = card_data(card)
        entry.update({key: shown[key] for key in _CARD_DISPLAY})
        entry["announce"] = _("{side}: {card}. {side} total {total}.").format(
            side=side_name(side), card=shown["label"], total=entry["total"]
        )
    if view.settlement is not None:
        _settlement_display(data["settlement"], view.settlement, view.rule_set)
    return data


def timeline(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    """The coup of :func:`web_coup` in the order a page shows it: the four cards, each step
    followed by the card it drew, then the result (``kind`` says which). For the pages rendered
    on the server; the page's script reads the same order off the record itself."""
    cards = iter(data["cards"])
    events = [{"kind": "card", **next(cards)} for _ in range(4)]
    for step in data["steps"]:
        events.append({"kind": "step", **step})
        if "card" in step["params"]:
            events.append({"kind": "card", **next(cards)})
    result = {"winner": data["winner"], "natural": data["natural"], "text": data["result"]}
    events.append({"kind": "result", **result})
    return events


def coup_data(view: CoupView) -> dict[str, Any]:
    """:func:`web_coup` with its :func:`timeline`, for the templates (never sent as JSON)."""
    data = web_coup(view)
    data["timeline"] = timeline(data)
    return data


def history_entry(view: CoupView) -> dict[str, Any]:
    """What a list of coups shows of one (the ``history_item`` macro): the fields of
    :func:`web_coup` it reads, with the same values, and none of the cards, steps and sentences
    it does not. The table's panels list fifty coups; building fifty whole records for a line
    each was most of what the panels cost.
    """
    coup = view.coup
    entry: dict[str, Any] = {
        "id": view.id,
        "shoe": view.shoe_number,
        "number": view.number,
        "winner": coup.winner.value,
        "winner_letter": road_labels().letter(coup.winner),
        "result": result_text(coup, current()),
    }
    if view.settlement is not None:
        entry["settlement"] = {"net_text": format_signed_points(view.settlement.net)}
    return entry


def bet_title(bet: Bet) -> str:
    return pgettext("bet", bet.title)


def _bet_display(line: BetSettlement, rule_set: RuleSet) -> dict[str, Any]:
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
        "title": title,
        "result_text": _(RESULT_WORDS[line.result]),
        # A push, or any return at or below the stake, is shown plainly, never celebrated.
        "celebrate": line.net > 0,
        "text": text.format(
            bet=title,
            stake=format_points(line.stake),
            returned=format_points(line.returned),
            net=format_points(line.net),
        ),
    }


def _settlement_display(data: dict[str, Any], settlement: Settlement, rule_set: RuleSet) -> None:
    """Add the page's words to a settlement record: each bet's title and sentence, the net."""
    for line, entry in zip(settlement.bets, data["bets"], strict=True):
        entry.update(_bet_display(line, rule_set))
    data["net_text"] = format_signed_points(settlement.net)
    data["celebrate"] = settlement.net > 0


def settlement_data(settlement: Settlement | None, rule_set: RuleSet) -> dict[str, Any] | None:
    """The settlement record (exact amounts in points) with the page's words on top."""
    if settlement is None:
        return None
    data = settlement_record(settlement)
    _settlement_display(data, settlement, rule_set)
    return data


def _decimal_sign(pays: str) -> str:
    """A pay as the language writes its decimals: ``0.95:1`` is ``0,95:1`` in Vietnamese."""
    return _DECIMAL_POINT.sub(get_decimal_symbol(current().locale), pays)


_DECIMAL_POINT = re.compile(r"(?<=\d)\.(?=\d)")


def bet_data(bet: Bet, rule_set: RuleSet) -> dict[str, Any]:
    limits = rule_set.limits_for(bet.name)
    return {
        "name": bet.name,
        "title": bet_title(bet),
        "domain": bet.domain.value,
        "pays": [_decimal_sign(line) for line in bet.describe(current().pays_templates)],
        "pays_ratio": _decimal_sign(format_pays(bet.top_pay, current().pays_templates)),
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
        "penetration_percent": format_decimal(
            shoe.penetration * 100, format="0.0", locale=current().locale
        ),
        "cut_card_out": shoe.cut_card_out,
        "finished": shoe.finished,
        "burn_card": card_data(shoe.burn_card) if shoe.burn_card is not None else None,
        "burned": shoe.burned,
        "dealt": _counts(shoe.dealt_counts),
        "remaining": _counts(shoe.remaining_counts),
    }


def cut_card_text(shoe: Mapping[str, Any]) -> str:
    """Where the cut card is, and the burn, as the shoe panel says it (``shoe``:
    :func:`shoe_data`).

    >>> cut_card_text({"cut_card_out": True, "burn_card": None})
    'The cut card is out.'
    """
    if shoe["cut_card_out"]:
        text = _("The cut card is out.")
    else:
        text = _("The cut card lies %(cut)s cards from the end: %(to_cut)s cards before it.") % {
            "cut": shoe["cut_card"],
            "to_cut": shoe["cards_to_cut"],
        }
    burn = shoe["burn_card"]
    if burn is not None:
        more = shoe["burned"] - 1
        text += " " + _("Burn: %(card)s face up, then %(more)s face down.") % {
            "card": burn["label"],
            "more": more,
        }
    return text


def shoe_texts(shoe: Mapping[str, Any]) -> dict[str, Any]:
    """What the shoe panel shows of ``shoe`` (:func:`shoe_data`) besides the rank names: its
    sentences, the dealt share of its gauge (a percentage) and the counts by rank. The page
    renders them, and a deal's answer carries them so the page updates the panel in place.

    >>> import random
    >>> from baccarat.core.shoe import Shoe
    >>> texts = shoe_texts(shoe_data(ShoeView.of(1, Shoe.shuffled(rng=random.Random(1)))))
    >>> texts["summary"], texts["dealt_width"]
    ('8 decks · 9 cards dealt, 407 left · penetration 2.2%', 2.2)
    >>> texts["cut_note"]
    'The cut card lies 14 cards from the end: 393 cards before it. Burn: Eight of spades face up, then 8 face down.'
    >>> texts["dealt"][7], texts["remaining"][7]  # the burn card shown face up: an eight
    (1, 31)
    """
    decks = shoe["decks"]
    summary = (
        ngettext("%(num)s deck", "%(num)s decks", decks) % {"num": decks},
        _("%(dealt)s cards dealt, %(left)s left")
        % {"dealt": shoe["cards_dealt"], "left": shoe["cards_remaining"]},
        _("penetration %(p)s%%") % {"p": shoe["penetration_percent"]},
    )
    gauge = _("%(dealt)s of %(size)s cards dealt; the cut card lies %(cut)s cards from the end")
    return {
        "summary": " · ".join(summary),
        "gauge": gauge
        % {"dealt": shoe["cards_dealt"], "size": shoe["size"], "cut": shoe["cut_card"]},
        "dealt_width": round(shoe["penetration"] * 100, 1),
        "cut_note": cut_card_text(shoe),
        "dealt": [rank["count"] for rank in shoe["dealt"]],
        "remaining": [rank["count"] for rank in shoe["remaining"]],
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
        data["coups"] = [web_coup(view) for view in table.coups]
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
        "scheme": shoe.scheme,
        "awaiting_contribution": shoe.awaiting_contribution,
        "events": {
            "commitment_shown": _stamp(shoe.committed_at),
            "contribution_received": _stamp(shoe.contributed_at),
            "first_card": _stamp(shoe.first_card_at),
        },
    }


def _stamp(moment: datetime | None) -> str | None:
    return moment.isoformat() if moment is not None else None


def deal_data(outcome: DealOutcome) -> dict[str, Any]:
    return {
        "coup": web_coup(outcome.coup),
        "balance_before": exact_points(outcome.balance_before),
        "balance_after": exact_points(outcome.balance_after),
        "balance_text": format_points(outcome.balance_after),
        "shoe": shoe_data(outcome.shoe),
        "new_shoe": outcome.new_shoe,
        "replayed": outcome.replayed,
        "player": player_data(outcome.player),
    }


def draw_table(tableau: Tableau) -> dict[str, Any]:
    """The draw table as rows of cells, for the page (each cell's id is a step's ``cell``, see
    :func:`~baccarat.records.cell_id`)."""
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


def error_message(exc: Exception) -> str:
    """The message of a refused request in the current language (see :func:`error_text`)."""
    # The names it carries (a bet, a rule set, a limit) as words: no code reaches a reader.
    return error_text(readable_error(exc), current(), format_points)
