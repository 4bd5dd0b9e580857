"""A table as a page or the API shows it: its rule set and bets, the shoe panel, the player, the
provably fair shoe, a deal's answer and the draw table, in the page's language.

>>> from baccarat.core.rules import get_rule_set
>>> [bet["name"] for bet in rule_set_data(get_rule_set("punto-banco"))["bets"]][:3]
['player', 'banker', 'tie']
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from datetime import datetime
from functools import cache
from typing import Any

from babel.numbers import format_decimal, get_decimal_symbol

from baccarat.core.bets import Bet, format_pays
from baccarat.core.cards import RANKS, Rank
from baccarat.core.points import format_points as exact_points
from baccarat.core.rules import RuleSet
from baccarat.core.tableau import Action, Tableau
from baccarat.fair.verify import Verification
from baccarat.i18n.catalogs import Translator
from baccarat.ledger.views import (
    DealOutcome,
    FairShoeView,
    PlayerView,
    ShoeView,
    TableView,
)
from baccarat.web.i18n import (
    _,
    current,
    format_points,
    format_signed_points,
    ngettext,
    pgettext,
)
from baccarat.web.present.coup import bet_title, card_data, rank_name, rule_set_title, web_coup

__all__ = [
    "bet_data",
    "cut_card_text",
    "deal_data",
    "draw_table",
    "fair_shoe_data",
    "player_data",
    "rule_set_data",
    "shoe_data",
    "shoe_texts",
    "table_data",
    "verify_command",
]


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
        "title": rule_set_title(rule_set),
        "description": pgettext("rule set description", rule_set.description)
        if rule_set.description
        else "",
        "bets": [bet_data(bet, rule_set) for bet in rule_set.bets.values()],
    }


def _counts(counts: Mapping[Rank, int]) -> list[dict[str, Any]]:
    return [
        {"rank": symbol, "name": name, "count": counts[r]}
        for r, symbol, name in _rank_heads(current())
    ]


@cache
def _rank_heads(translator: Translator) -> tuple[tuple[Rank, str, str], ...]:
    """Each rank with its symbol and its name in ``translator``'s language (the current one,
    the cache key): the shoe's counts are written twice a coup."""
    return tuple((r, "10" if r is Rank.TEN else r.symbol, rank_name(r)) for r in RANKS)


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


def verify_command(result: Verification, contributions: Sequence[str] = ()) -> list[str]:
    """The command that checks an ended shoe, an argument with its value a piece (the page
    breaks its line only between them): a room's shoe by its players' contributions, a private
    table's by its client seed.

    >>> from baccarat.fair import verify
    >>> from baccarat.core.shoe import ShoeRules
    >>> result = verify("00" * 32, "my seed", 1, ShoeRules(decks=1))
    >>> verify_command(result)[2:4]
    ["--client-seed 'my seed'", '--shoe 1']
    """
    seeds = [f"--contribution {shlex.quote(seed)}" for seed in contributions]
    return [
        "baccarat verify",
        f"--server-seed {result.server_seed}",
        *(seeds or [f"--client-seed {shlex.quote(result.client_seed)}"]),
        f"--shoe {result.shoe_number}",
        f"--decks {result.rules.decks}",
        f"--commitment {result.commitment_given}",
    ]


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
