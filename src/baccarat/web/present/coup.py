"""A coup as a page or the API shows it: its record with the page's display fields, its timeline,
a line of the history, the settlement's sentences, in the page's language.

A coup is its record, :func:`~baccarat.records.coup_record` (the form every command prints too),
with the page's display fields on top (:func:`web_coup`); the templates also get its
:func:`timeline`, the same cards and steps in the order they are dealt.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from datetime import datetime
from functools import lru_cache
from typing import Any

from baccarat.core.bets import Bet, BetResult
from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.coup import Coup, Step
from baccarat.core.explain import explain
from baccarat.core.rules import RuleSet
from baccarat.core.settle import BetSettlement, Settlement
from baccarat.core.tableau import Side
from baccarat.i18n import words
from baccarat.i18n.catalogs import Translator
from baccarat.i18n.markers import N_, NP_
from baccarat.i18n.words import RESULT_WORDS
from baccarat.ledger.views import (
    CoupView,
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
    pgettext,
)

__all__ = [
    "bet_title",
    "card_data",
    "coup_data",
    "history_entry",
    "history_groups",
    "rank_name",
    "road_labels",
    "rule_set_title",
    "settlement_data",
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
    shown = coup_display(
        view.coup,
        shoe=view.shoe_number,
        number=view.number,
        rule_set=view.rule_set,
        settlement=view.settlement,
    )
    ledger = {"id": view.id, "table_id": view.table_id, "dealt_at": view.created_at.isoformat()}
    return {SCHEMA_KEY: shown.pop(SCHEMA_KEY), **ledger, **shown}


def coup_display(
    coup: Coup,
    *,
    shoe: int,
    number: int,
    rule_set: RuleSet,
    settlement: Settlement | None = None,
) -> dict[str, Any]:
    """A coup's record with the page's display fields (:func:`web_coup` without the ledger's
    facts), for a coup no ledger holds: Chemin de Fer's practice coups.

    >>> from baccarat.core.cards import parse_cards
    >>> from baccarat.core.rules import get_rule_set
    >>> coup = Coup.from_cards(parse_cards("9h 2c Kd 3s"))
    >>> shown = coup_display(coup, shoe=1, number=1, rule_set=get_rule_set("punto-banco"))
    >>> shown["winner"], shown["winner_letter"], shown["cards"][0]["announce"]
    ('player', 'P', 'Player: Nine of hearts. Player total 9.')
    """
    record = coup_record(
        coup, current(), shoe=shoe, number=number, rule_set=rule_set.name, settlement=settlement
    )
    data: dict[str, Any] = {**record, "winner_letter": road_labels().letter(coup.winner)}
    for (side, card), entry in zip(dealt_cards(coup), data["cards"], strict=True):
        shown = card_data(card)
        entry.update({key: shown[key] for key in _CARD_DISPLAY})
        entry["announce"] = _("{side}: {card}. {side} total {total}.").format(
            side=side_name(side), card=shown["label"], total=entry["total"]
        )
    if settlement is not None:
        _settlement_display(data["settlement"], settlement, rule_set)
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
    """``bet``'s title in the request's language (:func:`baccarat.i18n.words.bet_title`)."""
    return words.bet_title(bet, current())


def rule_set_title(rule_set: RuleSet) -> str:
    """``rule_set``'s title in the request's language
    (:func:`baccarat.i18n.words.rule_set_title`)."""
    return words.rule_set_title(rule_set, current())


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


def history_groups(
    views: Sequence[CoupView], shown: Callable[[CoupView], dict[str, Any]]
) -> list[dict[str, Any]]:
    """``views`` (newest first) as groups of one table's shoe, in the same order; ``shown`` gives
    a coup's page data. Each group: table, shoe, the rule set's title and the decks, first and
    last moment."""
    groups: list[dict[str, Any]] = []
    for view in views:
        key = (view.table_id, view.shoe_number)
        if not groups or groups[-1]["key"] != key:
            groups.append(
                {
                    "key": key,
                    "id": f"table-{view.table_id}-shoe-{view.shoe_number}",
                    "table": view.table_id,
                    "shoe": view.shoe_number,
                    "rule_set": rule_set_title(view.rule_set),
                    "decks": view.decks,
                    "coups": [],
                    "first": view.created_at,
                    "last": view.created_at,
                }
            )
        group = groups[-1]
        group["coups"].append(shown(view))
        first: datetime = group["first"]
        group["first"] = min(first, view.created_at)
    return groups
