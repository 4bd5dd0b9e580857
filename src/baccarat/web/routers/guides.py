"""The guides: card values and totals, naturals, the third-card rule, bets and pays, Chemin de Fer
and Banque, and the roads — in every language, with every table and number computed here.

The draw tables are rendered from the tableau data; every probability, house edge and frequency
comes from the exact analyzer (:mod:`baccarat.guides.figures`); the simulation table is the
simulator's cached 24-million-coup run beside the exact values; worked examples are coups dealt by
the engine and explained in its own words. Each figure is printed with its exact value in a
``data-exact`` attribute, so a test can check the page against the analyzer.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterable, Mapping
from fractions import Fraction
from typing import Any

from babel.numbers import format_decimal, get_decimal_symbol
from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse
from markupsafe import Markup
from starlette.exceptions import HTTPException

from baccarat.core.bets import format_pays
from baccarat.core.cards import Rank, parse_cards
from baccarat.core.coup import Coup, hand_total
from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.summary import Winner
from baccarat.core.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Action, Side, Tableau, total_ranges
from baccarat.guides.figures import guide_figures
from baccarat.guides.roads_walk import ask_reasons, walk
from baccarat.guides.simulation import cached_simulation, comparison
from baccarat.i18n.markers import N_
from baccarat.learn.cells import drawing_totals, hard_rows, non_natural_totals, standing_totals
from baccarat.roads import Roads
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.result import RoadResult
from baccarat.roads.svg import ask_svg, bead_plate_svg, big_road_svg, derived_road_svg
from baccarat.web.deps import page_player
from baccarat.web.i18n import _, current, format_fraction_percent, pgettext
from baccarat.web.pages import render
from baccarat.web.present.coup import card_data, rank_name, step_text
from baccarat.web.present.guides import ask_data, question_of, third_card_flow, walk_data
from baccarat.web.present.table import draw_table

__all__ = ["GUIDES", "router"]

router = APIRouter(include_in_schema=False)

DECKS = 8
"""The guides' shoe: eight decks, the usual Punto Banco shoe."""
ROADS_SEED = 8
ROADS_COUPS = 40
WALK_COUPS = 16
"""The roads guide works the first coups of its shoe through cell by cell."""

GUIDES: tuple[tuple[str, str], ...] = (
    ("cards", N_("Card values and totals")),
    ("naturals", N_("Naturals")),
    ("third-card", N_("The third-card rule")),
    ("bets", N_("Bets and pays")),
    ("chemin-de-fer", N_("Chemin de Fer and Banque")),
    ("roads", N_("The roads")),
    ("counting-and-systems", N_("Can counting or a system beat baccarat?")),
)
"""Each guide's address and title, in reading order."""


def figure(key: str, value: Fraction, digits: int = 2) -> dict[str, str]:
    """A probability for the page: its text in the language and its exact value."""
    return {
        "key": key,
        "exact": f"{value.numerator}/{value.denominator}",
        "text": format_fraction_percent(value, digits),
    }


def mean(key: str, value: Fraction, digits: int = 4) -> dict[str, str]:
    """A mean (cards per coup) for the page, with its exact value."""
    text = format_decimal(float(value), format="0." + "0" * digits, locale=current().locale)
    return {"key": key, "exact": f"{value.numerator}/{value.denominator}", "text": str(text)}


def _example(cards: str) -> dict[str, Any]:
    """A coup dealt by the engine from ``cards``, with its explanation in the language."""
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


def ranges(values: Iterable[int]) -> str:
    """Totals as runs with an en dash: ``[0, 1, 2, 5]`` → ``'0–2, 5'`` (read from the data).

    >>> ranges([0, 1, 2, 3, 4, 5]), ranges([7]), ranges([3, 4, 6])
    ('0–5', '7', '3–4, 6')
    """
    return total_ranges(values, dash="–")


def _rule_ranges(tableau: Tableau) -> dict[str, str]:
    """The landmarks of a tableau's rules, as ranges of totals computed from its data."""
    totals = non_natural_totals(tableau)

    def banker_rows(action: Action) -> str:
        return ranges(t for t in totals if all(a is action for a in tableau.banker[t]))

    return {
        "player_draws": ranges(drawing_totals(tableau)),
        "player_stands": ranges(standing_totals(tableau)),
        "stood_draws": ranges(t for t in totals if tableau.banker_player_stood[t] is Action.DRAW),
        "stood_stands": ranges(t for t in totals if tableau.banker_player_stood[t] is Action.STAND),
        "always_draws": banker_rows(Action.DRAW),
        "always_stands": banker_rows(Action.STAND),
        "hard_rows": ranges(hard_rows(tableau)),
    }


def _cards_context() -> dict[str, Any]:
    figures = guide_figures(DECKS)
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
        points = sum(c.value for c in cards)
        sums.append(
            {
                "cards": [card_data(c) for c in cards],
                "addends": " + ".join(str(c.value) for c in cards),
                "sum": points,
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


def _naturals_context() -> dict[str, Any]:
    n = guide_figures(DECKS).naturals
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
        "examples": [_example("9d 3c Kh 4s"), _example("7c 4s Ah 4d")],
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


def _third_card_context() -> dict[str, Any]:
    figures = guide_figures(DECKS)
    f = figures.frequencies
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
                "z": "–"
                if row.z is None
                else str(format_decimal(round(row.z, 1), format="0.0", locale=current().locale)),
            }
        )
    return {
        "draw": draw_table(PUNTO_BANCO),
        "flow": third_card_flow(PUNTO_BANCO),
        "rule": _rule_ranges(PUNTO_BANCO),
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
            _example("6s 3d Kh 2c 9h"),
            _example("2c 4h 3d Kc 3s 5d"),
            _example("Qc 2h 4d Ac 8s"),
        ],
        "simulation": {
            "rows": rows,
            "coups": str(format_decimal(run.coups, locale=current().locale)),
            "seed": run.seed,
            "decks": run.decks,
        },
    }


def _pays(pays: Fraction) -> str:
    """A pay as tables show it (``8:1``, ``0.95:1``, a push or a loss in words) in the page's
    language, with its decimal sign."""
    language = current()
    return format_pays(pays, language.pays_templates).replace(
        ".", get_decimal_symbol(language.locale)
    )


def _bets_context() -> dict[str, Any]:
    figures = guide_figures(DECKS)
    rule_sets = []
    for rs in figures.rule_sets:
        rule_set = rs.rule_set
        bets = []
        for bet in rs.bets:
            stats = bet.stats
            key = f"{rule_set.name}.{bet.bet.name}"
            bets.append(
                {
                    "title": pgettext("bet", bet.bet.title),
                    "pays": _pays(bet.bet.top_pay),
                    "win": figure(key + ".win", stats.win),
                    "push": figure(key + ".push", stats.push),
                    "lose": figure(key + ".lose", stats.lose),
                    "house_edge": figure(key + ".house_edge", stats.house_edge, 4),
                }
            )
        rule_sets.append(
            {
                "name": rule_set.name,
                "title": pgettext("rule set", rule_set.title),
                "description": pgettext("rule set description", rule_set.description)
                if rule_set.description
                else "",
                "bets": bets,
            }
        )
    main = figures.rule_set("punto-banco")
    banker = main.bet("banker")
    return {
        "rule_sets": rule_sets,
        "banker_edge_resolved": figure(
            "punto-banco.banker.house_edge_excluding_pushes",
            banker.house_edge_excluding_pushes or Fraction(0),
            4,
        ),
        "outcomes": {w.value: figure(w.value, figures.outcomes[w]) for w in Winner},
    }


def _chemin_context() -> dict[str, Any]:
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


def _roads_context() -> dict[str, Any]:
    # A shoe dealt by the engine from a fixed seed, with the exact odds before every coup.
    from baccarat.odds import odds_through_shoe
    from baccarat.web.present.coup import road_labels

    shoe = Shoe.shuffled(ShoeRules(decks=DECKS), random.Random(ROADS_SEED))
    steps = list(
        itertools.islice(odds_through_shoe(shoe, get_rule_set("punto-banco")), ROADS_COUPS)
    )
    roads = Roads.from_coups(coup for _report, coup in steps)
    labels = road_labels()
    chances = {
        w.value: [report.exact_outcomes()[w.value] for report, _coup in steps] for w in Winner
    }
    stats = roads.statistics()
    walked = [RoadResult.from_coup(coup) for _report, coup in steps[:WALK_COUPS]]
    walk_roads = Roads(walked)
    asks = {side: ask_reasons(walk_roads, side) for side in (Side.BANKER, Side.PLAYER)}
    rows = {side: walk_roads.big_road.next_cell(side)[1] for side in asks}
    return {
        "walk": walk_data(walk(walked), labels),
        "walk_coups": len(walked),
        "walk_roads": {
            "big_road": Markup(big_road_svg(walk_roads, labels=labels)),
            "derived": [
                {
                    "name": labels.road_name(road),
                    "svg": Markup(derived_road_svg(walk_roads, road, labels=labels)),
                }
                for road in DerivedRoad
            ],
            "ask": Markup(ask_svg(walk_roads, labels=labels)),
        },
        "asks": ask_data(asks, rows, labels),
        "letters": {"banker": labels.banker, "player": labels.player, "tie": labels.tie},
        "roads": {
            "bead_plate": Markup(bead_plate_svg(roads, labels=labels)),
            "big_road": Markup(big_road_svg(roads, labels=labels)),
            "derived": [
                {
                    "name": labels.road_name(road),
                    "svg": Markup(derived_road_svg(roads, road, labels=labels)),
                }
                for road in DerivedRoad
            ],
        },
        "coups": len(steps),
        "banker_wins": stats.banker,
        "player_wins": stats.player,
        "ties": stats.tie,
        "chances": {
            key: {
                "low": figure(f"{key}_low", min(values)),
                "high": figure(f"{key}_high", max(values)),
            }
            for key, values in chances.items()
        },
    }


_LAB_NAMES = {
    "jacobson-dragon-7": N_("Jacobson's Dragon 7 count"),
    "how-dragon-7": N_("How's Dragon 7 count"),
    "jacobson-panda-8": N_("Jacobson's Panda 8 count"),
    "thorp-natural-9": N_("Thorp and Walden's Natural 9 count"),
    "flat": N_("Flat stakes"),
    "martingale": N_("Martingale"),
    "paroli": N_("Paroli"),
    "fibonacci": N_("Fibonacci"),
    "dalembert": N_("d'Alembert"),
    "1-3-2-6": N_("1-3-2-6"),
    "follow-the-road": N_("Following the road"),
}
"""The lab's strategies and systems by name on the guide page."""


def _lab_context() -> dict[str, Any]:
    # The lab's studies, cached like the simulation table (baccarat.guides.lab).
    from baccarat.guides.lab import cached_lab_figures

    figures = cached_lab_figures()
    locale = current().locale

    def number(value: float, pattern: str) -> str:
        return str(format_decimal(value, format=pattern, locale=locale))

    def percent(value: float) -> str:
        return number(value * 100, "0.0") + "%"

    counts = [
        {
            "name": _(_LAB_NAMES[row.name]),
            "bet": pgettext("bet", row.bet),
            "bets_per_shoe": number(row.bets_per_shoe, "0.0"),
            "edge": percent(row.edge_when_betting),
            "units": number(row.units_per_shoe, "+0.00;-0.00"),
            "low": number(row.low, "+0.00;-0.00"),
            "high": number(row.high, "+0.00;-0.00"),
        }
        for row in figures.counts
    ]
    systems = [
        {
            "system": _(_LAB_NAMES[row.system]),
            "mean": number(row.mean, "+0.0;-0.0"),
            "median": number(row.median, "+0.0;-0.0"),
            "ruin": percent(row.ruin),
            "behind": percent(row.behind),
            "expected": number(row.expected, "+0.0;-0.0"),
        }
        for row in figures.systems
    ]
    return {
        # Said in Python: a template's gettext would read the percent sign as a placeholder.
        "interval": _("Interval (95 %)"),
        "counts": counts,
        "systems": systems,
        "shoes": str(format_decimal(figures.shoes, locale=locale)),
        "sessions": str(format_decimal(figures.sessions, locale=locale)),
        "seed": figures.seed,
    }


_PAGES: dict[str, Callable[[], dict[str, Any]]] = {
    "cards": _cards_context,
    "naturals": _naturals_context,
    "third-card": _third_card_context,
    "bets": _bets_context,
    "chemin-de-fer": _chemin_context,
    "roads": _roads_context,
    "counting-and-systems": _lab_context,
}


def _nav(current_slug: str | None) -> list[dict[str, Any]]:
    return [
        {"slug": slug, "title": _(title), "current": slug == current_slug} for slug, title in GUIDES
    ]


@router.get("/guides", response_class=HTMLResponse)
def guides_index(request: Request) -> HTMLResponse:
    """The list of guides."""
    return render(request, "guides/index.html", player=page_player(request), guides=_nav(None))


@router.get("/guides/{slug}", response_class=HTMLResponse)
def guide(request: Request, slug: str) -> HTMLResponse:
    """One guide, its tables and numbers computed for the page's language."""
    build = _PAGES.get(slug)
    if build is None:
        raise HTTPException(404)
    titles = dict(GUIDES)
    return render(
        request,
        f"guides/{slug}.html",
        player=page_player(request),
        guides=_nav(slug),
        title=_(titles[slug]),
        decks=DECKS,
        **build(),
    )
