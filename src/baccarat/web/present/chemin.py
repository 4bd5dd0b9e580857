"""What the Chemin de Fer page shows of a learner's table, in the page's language.

The finished coup (the engine's timeline, each choice with what optimal play does there, and the
hint after the learner's choice), the coup waiting for the choice (the Banker's cards face down),
the optimal strategies of the game the table plays, and the session's record. Each view is the
data a template renders; :mod:`baccarat.web.routers.chemin` puts them on the page.

>>> from baccarat.chemin.tableau import parse_point
>>> optimal_text(parse_point("P5"), Fraction(9, 11))
'Optimal play for the Player: draw on 5 with probability 9/11 (81.82%), stand otherwise.'
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal

from baccarat.chemin.practice import draw_advantage
from baccarat.chemin.solve import Solution
from baccarat.chemin.table import (
    DECK_CHOICES,
    AutoStop,
    BankerPlay,
    CheminTable,
    Played,
    choice_point,
    solution_for,
)
from baccarat.chemin.tableau import choice_points, tableau_action
from baccarat.core.cards import Card
from baccarat.core.coup import ChoicePoint, hand_total
from baccarat.core.rules import get_rule_set
from baccarat.core.summary import Winner
from baccarat.core.tableau import PUNTO_BANCO, Action, Side
from baccarat.i18n.markers import N_
from baccarat.ledger.views import ShoeView
from baccarat.web.i18n import _, current, format_fraction_percent, ngettext, pgettext
from baccarat.web.present.coup import card_data, coup_display
from baccarat.web.present.coup import timeline as coup_timeline
from baccarat.web.present.table import draw_table, shoe_data

__all__ = [
    "PLAY_NAMES",
    "auto_note",
    "optimal_text",
    "pending_view",
    "played_view",
    "record_view",
    "strategy_view",
    "table_view",
]

RULE_SET = get_rule_set("chemin-de-fer")

PLAY_NAMES = {
    BankerPlay.RULES: N_("The Banker follows the table, with its two options (3 v 9, 5 v 4)"),
    BankerPlay.FREE: N_("The Banker is free to draw or stand everywhere (Kemeny and Snell's game)"),
}
"""How the Banker plays, in the words of the page's choice of game."""


def _probability_text(p: Fraction) -> str:
    """``9/11 (81.82%)``; a fraction with a long denominator only as its percentage."""
    percent = format_fraction_percent(p, 2)
    return f"{p} ({percent})" if p.denominator <= 1000 else percent


def _draw_rate_text(p: Fraction) -> str:
    """How often optimal play draws, in a word where it is pure."""
    if p in (0, 1):
        return _("always") if p == 1 else _("never")
    return _probability_text(p)


def optimal_text(point: ChoicePoint, p: Fraction) -> str:
    """What optimal play does at ``point``, in the page's language."""
    side = current().side_names[point.side]
    if point.side is Side.PLAYER:
        where = _("on {total}").format(total=point.total)
    elif point.player_third is None:
        where = _("on {total} when the Player stood").format(total=point.total)
    else:
        where = _("on {total} against a third card of {value}").format(
            total=point.total, value=point.player_third
        )
    if p == 1:
        return _("Optimal play for the {side}: always draw {where}.").format(side=side, where=where)
    if p == 0:
        return _("Optimal play for the {side}: always stand {where}.").format(
            side=side, where=where
        )
    return _(
        "Optimal play for the {side}: draw {where} with probability {probability}, stand otherwise."
    ).format(side=side, where=where, probability=_probability_text(p))


def _hint_view(played: Played, solution: Solution) -> dict[str, Any] | None:
    """The hint after the learner's choice: what optimal play does, how the choice compares, and
    what drawing is worth against standing (None when nobody chose)."""
    hint = played.result.hint
    if hint is None:
        return None
    p = hint.draw_probability
    total = hint.point.total
    if 0 < p < 1:
        verdict = (
            _(
                "Drawing is part of optimal play: it mixes, so that the Banker cannot profit from "
                "a habit."
            )
            if hint.choice is Action.DRAW
            else _(
                "Standing is part of optimal play: it mixes, so that the Banker cannot profit "
                "from a habit."
            )
        )
    elif hint.agrees:
        verdict = _("Your choice agrees with optimal play.")
    elif hint.choice is Action.STAND:
        verdict = _("You stood: standing here gives the Banker an edge.")
    else:
        verdict = _("You drew: drawing here gives the Banker an edge.")
    advantage = draw_advantage(solution, hint.point)
    if advantage == 0:
        worth = _(
            "Against the Banker's optimal strategy, drawing and standing on {total} are worth "
            "exactly the same; what protects you is not being predictable."
        ).format(total=total)
    else:
        worth = (
            _(
                "Against the Banker's optimal strategy, drawing on {total} is worth {amount} of "
                "the stake more than standing, on average over the coups in which you hold {total}."
            )
            if advantage > 0
            else _(
                "Against the Banker's optimal strategy, standing on {total} is worth {amount} of "
                "the stake more than drawing, on average over the coups in which you hold {total}."
            )
        ).format(total=total, amount=format_fraction_percent(abs(advantage), 2))
    return {
        "optimal": optimal_text(hint.point, p),
        "verdict": verdict,
        "worth": worth,
        "agrees": hint.agrees,
        "choice": hint.choice.value,
        "probability": str(p),
        "advantage": str(advantage),
    }


def played_view(played: Played) -> dict[str, Any]:
    """The finished coup: the engine's timeline (cards with running totals, every step explained),
    each Banker choice with what optimal play does there, the learner's choice and the hint."""
    coup = played.result.coup
    solution = solution_for(played.decks, played.banker)
    data = coup_display(coup, shoe=played.shoe, number=played.number, rule_set=RULE_SET)
    data["timeline"] = coup_timeline(data)
    steps = iter(coup.steps)
    timeline = []
    for event in data["timeline"]:
        event = dict(event)
        if event["kind"] == "step":
            step = next(steps)
            event["chosen"] = step.chosen
            event["yours"] = step.chosen and step.side is Side.PLAYER
            event["optimal"] = None
            if step.chosen and step.side is Side.BANKER:
                point = choice_point(step)
                event["optimal"] = optimal_text(point, solution.banker.probability(point))
        timeline.append(event)
    data["timeline"] = timeline
    data["hint"] = _hint_view(played, solution)
    data["choice"] = None if played.result.choice is None else played.result.choice.value
    data["no_choice"] = (
        None
        if played.result.choice is not None
        else (
            _("A natural decided this coup: nobody chose.")
            if coup.natural
            else _("The rules decided the Player's hand on {total}: no choice to make.").format(
                total=coup.player.two_card_total
            )
        )
    )
    return data


def pending_view(table: CheminTable) -> dict[str, Any] | None:
    """The coup waiting for the choice: the Player's two cards with running totals; the Banker's
    two cards face down (the Player decides knowing only his own total, as at a real table)."""
    pending = table.pending
    if pending is None:
        return None
    names = current().side_names
    player = names[Side.PLAYER]
    timeline = []
    shown: list[Card] = []
    for index, card in enumerate(pending.deal.cards):
        if index % 2 == 0:
            shown.append(card)
            total = hand_total(shown)
            data = card_data(card)
            timeline.append(
                {
                    "side": "player",
                    "card": data,
                    "total": total,
                    "announce": _("{side}: {card}. {side} total {total}.").format(
                        side=player, card=data["label"], total=total
                    ),
                }
            )
        else:
            timeline.append(
                {
                    "side": "banker",
                    "card": None,
                    "announce": _("{side}: a card face down.").format(side=names[Side.BANKER]),
                }
            )
    total = pending.deal.player_total
    return {
        "token": f"{table.shoe_number}-{pending.number}",
        "number": pending.number,
        "player": {
            "cards": [card_data(c) for c in pending.deal.player_cards],
            "total": total,
        },
        "timeline": timeline,
        "prompt": _(
            "You hold {total}, and the rules leave the choice to you: draw or stand?"
        ).format(total=total),
        "draw": current().action_names[Action.DRAW],
        "stand": current().action_names[Action.STAND],
    }


def strategy_view(solution: Solution, banker: BankerPlay) -> dict[str, Any]:
    """The optimal strategies of the game the table plays, for a fresh shoe, and its value."""
    player = [optimal_text(p, solution.player.probability(p)) for p in solution.player.points]
    # The Banker's choices worth listing: all of them under the rules (two); with a free Banker,
    # those where optimal play mixes or differs from the Punto Banco table.
    listed = [
        p
        for p in choice_points(banker.tableau)
        if p.side is Side.BANKER
        and (
            banker is BankerPlay.RULES
            or 0 < solution.banker.probability(p) < 1
            or (solution.banker.probability(p) == 1)
            != (tableau_action(PUNTO_BANCO, p) is Action.DRAW)
        )
    ]
    return {
        "player": player,
        "banker": [optimal_text(p, solution.banker.probability(p)) for p in listed],
        "free": banker is BankerPlay.FREE,
        "value": _(
            "Under optimal play on both sides the Player's expectation is {value} of the stake "
            "per coup."
        ).format(value=format_fraction_percent(solution.value, 3)),
    }


def record_view(table: CheminTable) -> dict[str, Any]:
    """The session's running totals and its last coups, newest first."""
    names = current().side_names
    actions = current().action_names
    tally = table.tally
    rows = []
    for line in reversed(table.record):
        if line.winner is Winner.TIE:
            outcome = _("Tie")
        else:
            outcome = names[Side.PLAYER if line.winner is Winner.PLAYER else Side.BANKER]
        rows.append(
            {
                "coup": _("Shoe {shoe}, coup {number}").format(shoe=line.shoe, number=line.number),
                "totals": f"{line.player}–{line.banker}",
                "winner": line.winner.value,
                "outcome": outcome,
                "choice": _("no choice") if line.choice is None else actions[line.choice],
                "optimal": None if line.optimal is None else _draw_rate_text(line.optimal),
                "agrees": line.agrees,
            }
        )
    expected = format_decimal(
        round(float(tally.optimal_draws), 2), format="0.##", locale=current().locale
    )
    return {
        "counts": [
            ("coups", _("Coups"), tally.coups),
            ("player", _("Player wins"), tally.wins[Winner.PLAYER]),
            ("banker", _("Banker wins"), tally.wins[Winner.BANKER]),
            ("tie", _("Ties"), tally.wins[Winner.TIE]),
        ],
        "choices": [
            ("choices", _("Your choices on 5"), tally.choices),
            ("draws", _("You drew"), tally.draws),
            ("optimal", _("Draws optimal play would make (on average)"), expected),
            ("agreed", _("Choices that agree with optimal play"), tally.agreed),
        ],
        "rows": rows,
        "yes": _("yes"),
        "no": _("no"),
    }


def auto_note(dealt: int, stop: AutoStop) -> str | None:
    """What "deal until I have a choice" says after it stopped, having dealt ``dealt`` coups (the
    coup that waits for the choice included); None when there is nothing to add (the first coup
    was the choice).

    >>> auto_note(35, AutoStop.CHOICE)
    '34 coups were dealt before this one, none with a choice for you; they count in this session.'
    """
    if stop is AutoStop.CHOICE:
        before = dealt - 1
        if before <= 0:
            return None
        return ngettext(
            "%(num)s coup was dealt before this one, with no choice for you; it counts in this "
            "session.",
            "%(num)s coups were dealt before this one, none with a choice for you; they count in "
            "this session.",
            before,
        ) % {"num": before}
    if stop is AutoStop.MOST:
        return ngettext(
            "No choice came in %(num)s coup, the most dealt at one click: deal again to go on.",
            "No choice came in %(num)s coups, the most dealt at one click: deal again to go on.",
            dealt,
        ) % {"num": dealt}
    if stop is AutoStop.HALTED:
        return ngettext(
            "Dealing stopped after %(num)s coup: a reality check is due.",
            "Dealing stopped after %(num)s coups: a reality check is due.",
            dealt,
        ) % {"num": dealt}
    return ngettext(
        "Dealing stopped after %(num)s coup: the next one was refused.",
        "Dealing stopped after %(num)s coups: the next one was refused.",
        dealt,
    ) % {"num": dealt}


def table_view(table: CheminTable) -> dict[str, Any]:
    """The whole page of a learner's table: the game it plays and the choices of another, the
    coup waiting for the choice or the last one, the shoe, the strategies, the record, and the
    draw table with the cells to mark."""
    last = played_view(table.last) if table.last is not None else None
    # The draw-table cells to mark: the learner's cell while they choose, else the coup's steps.
    if table.pending is not None:
        cells = [f"p-{table.pending.deal.player_total}"]
    else:
        cells = [e["cell"] for e in last["timeline"] if e["kind"] == "step"] if last else []
    return {
        "decks": table.decks,
        "banker": table.banker.value,
        "banker_text": _(PLAY_NAMES[table.banker]),
        "plays": [(play.value, _(PLAY_NAMES[play])) for play in BankerPlay],
        "deck_choices": DECK_CHOICES,
        "pending": pending_view(table),
        "last": last,
        "shoe": shoe_data(ShoeView.of(table.shoe_number, table.shoe)),
        "strategy": strategy_view(table.solution, table.banker),
        "record": record_view(table),
        "draw": draw_table(table.banker.tableau),
        "cells": cells,
        "option_letter": pgettext("draw table", "O"),
    }
