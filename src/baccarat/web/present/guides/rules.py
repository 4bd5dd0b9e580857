"""The guides on the rules as page data: card values and totals, naturals, the third-card rule,
bets and pays, Chemin de Fer and Banque.

The draw tables and every range of totals are read from the tableau data; every probability,
house edge and frequency from the exact analyzer (:func:`baccarat.guides.figures.guide_figures`);
the simulation table is the simulator's cached run beside the exact values
(:mod:`baccarat.guides.simulation`); worked examples are coups dealt by the engine and explained
in its own words.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from fractions import Fraction
from typing import Any

from baccarat.core.cards import Rank, parse_cards
from baccarat.core.coup import Coup, hand_total
from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.core.summary import Winner
from baccarat.core.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Action, Reason, Side, Tableau
from baccarat.guides.figures import guide_figures
from baccarat.guides.simulation import cached_simulation, comparison
from baccarat.i18n.markers import N_
from baccarat.learn.cells import drawing_totals, hard_rows, non_natural_totals, standing_totals
from baccarat.web.i18n import _, current, pgettext
from baccarat.web.present.coup import bet_title, card_data, rank_name, rule_set_title, step_text
from baccarat.web.present.guides.numbers import figure, mean, number, pays, ranges, signed
from baccarat.web.present.table import draw_table

__all__ = [
    "QUESTION_OF_REASON",
    "banker_rows",
    "bets_page",
    "cards_page",
    "chemin_page",
    "example",
    "naturals_page",
    "question_of",
    "rule_ranges",
    "third_card_flow",
    "third_card_page",
]

QUESTION_OF_REASON = {
    Reason.NATURAL: 1,
    Reason.OPPONENT_NATURAL: 1,
    Reason.PLAYER_DRAWS: 2,
    Reason.PLAYER_STANDS: 2,
    Reason.PLAYER_OPTION: 2,
}
"""Which of the three questions a step answers (any other, a Banker step: the third)."""


def question_of(reason: Reason) -> int:
    """The question (1 natural, 2 Player, 3 Banker) that a step's reason answers.

    >>> question_of(Reason.OPPONENT_NATURAL), question_of(Reason.BANKER_ALWAYS_DRAWS)
    (1, 3)
    """
    return QUESTION_OF_REASON.get(reason, 3)


def example(cards: str) -> dict[str, Any]:
    """A coup dealt by the engine from ``cards``, with its explanation in the language.

    >>> shown = example("9d 3c Kh 4s")
    >>> shown["player_total"], shown["banker_total"], shown["result"]
    (9, 7, 'Player wins, 9 to 7.')
    """
    coup = Coup.from_cards(parse_cards(cards))
    t = current()
    return {
        "player": [card_data(c) for c in coup.player.cards],
        "banker": [card_data(c) for c in coup.banker.cards],
        "player_total": coup.player.total,
        "banker_total": coup.banker.total,
        "steps": [
            {"text": step_text(step), "question": question_of(step.reason)} for step in coup.steps
        ],
        "result": _result(coup.winner, coup.player.total, coup.banker.total, t.side_names),
    }


def _result(winner: Winner, player: int, banker: int, sides: Mapping[Side, str]) -> str:
    high, low = max(player, banker), min(player, banker)
    if winner is Winner.TIE:
        return _("Tie, {player} to {banker}.").format(player=player, banker=banker)
    side = sides[Side(winner.value)]
    return _("{side} wins, {high} to {low}.").format(side=side, high=high, low=low)


def rule_ranges(tableau: Tableau) -> dict[str, str]:
    """The landmarks of a tableau's rules, as ranges of totals computed from its data.

    >>> rule_ranges(PUNTO_BANCO)["player_draws"], rule_ranges(PUNTO_BANCO)["always_stands"]
    ('0–5', '7')
    """
    totals = non_natural_totals(tableau)
    stood = tableau.banker_player_stood

    def banker_rows(action: Action) -> str:
        return ranges(t for t in totals if all(a is action for a in tableau.banker[t]))

    return {
        "player_draws": ranges(drawing_totals(tableau)),
        "player_stands": ranges(standing_totals(tableau)),
        "stood_draws": ranges(t for t in totals if stood[t] is Action.DRAW),
        "stood_stands": ranges(t for t in totals if stood[t] is Action.STAND),
        "always_draws": banker_rows(Action.DRAW),
        "always_stands": banker_rows(Action.STAND),
        "hard_rows": ranges(hard_rows(tableau)),
    }


def banker_rows(tableau: Tableau) -> list[dict[str, Any]]:
    """For each Banker total that is not a natural, what it does after a Player's third card,
    read from the tableau: always draws, always stands, or the third-card values it draws on.

    >>> [row["kind"] for row in banker_rows(PUNTO_BANCO)]
    ['draw', 'draw', 'draw', 'depends', 'depends', 'depends', 'depends', 'stand']
    """
    rows = []
    for total in non_natural_totals(tableau):
        actions = tableau.banker[total]
        draws = [v for v in range(10) if actions[v] is Action.DRAW]
        stands = [v for v in range(10) if actions[v] is Action.STAND]
        if len(draws) == 10:
            text = _("draws, whatever the Player's third card")
            kind = "draw"
        elif len(stands) == 10:
            text = _("stands, whatever the Player's third card")
            kind = "stand"
        else:
            text = _(
                "draws if the Player's third card is {draws}; stands if it is {stands}"
            ).format(draws=ranges(draws), stands=ranges(stands) or "–")
            kind = "depends"
        rows.append({"total": total, "text": text, "kind": kind})
    return rows


def third_card_flow(tableau: Tableau) -> dict[str, Any]:
    """The three questions with their answers, every total read from ``tableau``.

    >>> flow = third_card_flow(PUNTO_BANCO)
    >>> flow["naturals"], flow["stood_draws"], len(flow["banker_rows"])
    ('8–9', '0–5', 8)
    """
    landmarks = rule_ranges(tableau)
    return {
        "naturals": ranges(sorted(tableau.natural_totals)),
        **{
            key: landmarks[key]
            for key in ("player_draws", "player_stands", "stood_draws", "stood_stands")
        },
        "banker_rows": banker_rows(tableau),
    }


def cards_page() -> dict[str, Any]:
    """Card values and totals: each rank's value, hands added up, and how often each total
    comes.

    >>> page = cards_page()
    >>> [(s["addends"], s["total"]) for s in page["sums"]][:2]
    [('7 + 8', 5), ('0 + 9', 9)]
    """
    figures = guide_figures(DEFAULT_DECKS)
    ranks = [
        {
            "symbol": "10" if r is Rank.TEN else r.symbol,
            "name": rank_name(r),
            "value": r.value_points,
        }
        for r in Rank
    ]
    sums = []
    for text in ("7h 8s", "Kd 9c", "5s 5d", "6c 7d 8h", "Ah Qc 2d"):
        cards = parse_cards(text)
        sums.append(
            {
                "cards": [card_data(c) for c in cards],
                "addends": " + ".join(str(c.value) for c in cards),
                "sum": sum(c.value for c in cards),
                "total": hand_total(cards),
            }
        )
    totals = [
        {
            "total": t,
            "player": figure(f"player_total_{t}", figures.player_totals[t]),
            "banker": figure(f"banker_total_{t}", figures.banker_totals[t]),
        }
        for t in range(10)
    ]
    return {"ranks": ranks, "sums": sums, "totals": totals}


def naturals_page() -> dict[str, Any]:
    """Naturals: how often they come and who wins on them, with two dealt examples.

    >>> naturals_page()["natural"]["any"]["text"]
    '34.30%'
    """
    n = guide_figures(DEFAULT_DECKS).naturals
    return {
        "natural": {
            "any": figure("natural", n.any),
            "player": figure("natural_player", n.player),
            "banker": figure("natural_banker", n.banker),
            "both": figure("natural_both", n.both),
            "nine": figure("natural_nine", n.nine),
            "player_wins": figure("natural_player_wins", n.player_wins),
            "banker_wins": figure("natural_banker_wins", n.banker_wins),
            "tie": figure("natural_tie", n.tie),
        },
        "examples": [example("9d 3c Kh 4s"), example("7c 4s Ah 4d")],
    }


_SIMULATION_LABELS = {
    "natural": N_("At least one natural"),
    "player_draws": N_("Player draws a third card"),
    "banker_draws": N_("Banker draws a third card"),
    "both_draw": N_("Both draw"),
    "cards_per_coup": N_("Cards per coup"),
    "banker": N_("Banker wins"),
    "player": N_("Player wins"),
    "tie": N_("Ties"),
}


def _simulation() -> dict[str, Any]:
    """The simulator's cached run beside the exact values, row by row."""
    run = cached_simulation()
    rows = []
    for row in comparison(run):
        show: Callable[[str, Fraction], dict[str, str]] = (
            mean if row.key == "cards_per_coup" else figure
        )
        rows.append(
            {
                "label": _(_SIMULATION_LABELS[row.key]),
                "simulated": show("simulated_" + row.key, row.simulated),
                "exact": show("exact_" + row.key, row.exact),
                "z": "–" if row.z is None else signed(round(row.z, 1), "0.0", plus=False),
            }
        )
    return {"rows": rows, "coups": number(run.coups), "seed": run.seed, "decks": run.decks}


def third_card_page() -> dict[str, Any]:
    """The third-card rule: the draw table, the three questions, how often each side draws,
    three dealt examples, and the simulation beside the exact figures.

    >>> page = third_card_page()
    >>> page["frequencies"]["player_draws"]["text"], page["simulation"]["coups"]
    ('50.34%', '24,000,000')
    """
    f = guide_figures(DEFAULT_DECKS).frequencies
    return {
        "draw": draw_table(PUNTO_BANCO),
        "flow": third_card_flow(PUNTO_BANCO),
        "rule": rule_ranges(PUNTO_BANCO),
        "frequencies": {
            "player_draws": figure("player_draws", f["player_draws"]),
            "banker_draws": figure("banker_draws", f["banker_draws"]),
            "both_draw": figure("both_draw", f["both_draw"]),
            "cards_4": figure("cards_4", f["cards_4"]),
            "cards_5": figure("cards_5", f["cards_5"]),
            "cards_6": figure("cards_6", f["cards_6"]),
            "cards_per_coup": mean("cards_per_coup", f["cards_per_coup"]),
        },
        "examples": [
            example("6s 3d Kh 2c 9h"),
            example("2c 4h 3d Kc 3s 5d"),
            example("Qc 2h 4d Ac 8s"),
        ],
        "simulation": _simulation(),
    }


def bets_page() -> dict[str, Any]:
    """Bets and pays: every built-in rule set's bets with what they pay, their chances and
    house edge, and the three outcomes.

    >>> page = bets_page()
    >>> page["banker_edge_resolved"]["text"], page["outcomes"]["tie"]["text"]
    ('1.1692%', '9.52%')
    """
    figures = guide_figures(DEFAULT_DECKS)
    rule_sets = []
    for rs in figures.rule_sets:
        rule_set = rs.rule_set
        bets = []
        for bet in rs.bets:
            stats = bet.stats
            key = f"{rule_set.name}.{bet.bet.name}"
            bets.append(
                {
                    "title": bet_title(bet.bet),
                    "pays": pays(bet.bet.top_pay),
                    "win": figure(key + ".win", stats.win),
                    "push": figure(key + ".push", stats.push),
                    "lose": figure(key + ".lose", stats.lose),
                    "house_edge": figure(key + ".house_edge", stats.house_edge, 4),
                }
            )
        rule_sets.append(
            {
                "name": rule_set.name,
                "title": rule_set_title(rule_set),
                "description": pgettext("rule set description", rule_set.description)
                if rule_set.description
                else "",
                "bets": bets,
            }
        )
    banker = figures.rule_set("punto-banco").bet("banker")
    return {
        "rule_sets": rule_sets,
        "banker_edge_resolved": figure(
            "punto-banco.banker.house_edge_excluding_pushes",
            banker.house_edge_excluding_pushes or Fraction(0),
            4,
        ),
        "outcomes": {w.value: figure(w.value, figures.outcomes[w]) for w in Winner},
    }


def chemin_page() -> dict[str, Any]:
    """Chemin de Fer and Banque: the draw table with its options, read from the tableau.

    >>> chemin_page()["options"]["player"]
    '5'
    """
    tableau = CHEMIN_DE_FER
    player = [t for t in non_natural_totals(tableau) if tableau.player[t] is Action.OPTION]
    banker = [
        _("{total} against a third card of {value}").format(total=t, value=v)
        for t in non_natural_totals(tableau)
        for v in range(10)
        if tableau.banker[t][v] is Action.OPTION
    ]
    return {
        "draw": draw_table(tableau),
        "option_letter": pgettext("draw table", "O"),
        "options": {"player": ranges(player), "banker": "; ".join(banker)},
    }
