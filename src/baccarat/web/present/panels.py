"""The side panels of the table: roads, statistics (observed next to exact), odds for the next coup.

The roads are the roads package's SVG, with every label in the page's language. The statistics
panel puts what this shoe has shown next to the exact frequencies for a full shoe of the table's
deck count; the odds panel prices every bet the table offers from the cards not yet seen. Both
exact figures come from :mod:`baccarat.odds` (imported when first needed: numba starts slowly).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from decimal import ROUND_HALF_EVEN, Decimal
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from babel.numbers import (
    format_decimal,
    format_percent,
    get_decimal_symbol,
)
from markupsafe import Markup

from baccarat.core.bets import Bet
from baccarat.core.distribution import Distribution
from baccarat.core.rules import RuleSet
from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side, Tableau
from baccarat.i18n.catalogs import Translator
from baccarat.i18n.markers import N_
from baccarat.ledger.live import LiveTables
from baccarat.ledger.views import ShoeView, TableView
from baccarat.roads import Roads
from baccarat.roads.derived import DerivedRoad
from baccarat.roads.statistics import RoadStatistics
from baccarat.roads.svg import ask_svg, bead_plate_svg, big_road_svg, derived_road_svg
from baccarat.roads.variance import (
    decision_share,
    expected_chop_rate,
    expected_longest_streak,
    long_run_red_share,
)
from baccarat.roads.why import Case, MarkReason, mark_reasons
from baccarat.web.i18n import MINUS, _, current, format_fraction_percent, ngettext
from baccarat.web.present.coup import bet_title, road_labels

if TYPE_CHECKING:
    from baccarat.odds import Composition

__all__ = ["FREQUENCY_ROWS", "panel_context", "variance_of"]

BOARD_COLUMNS = 14
"""The fewest columns a road board shows, so an empty shoe still looks like a score board."""


@lru_cache(maxsize=16)
def _percent_signs(translator: Translator) -> tuple[str, str, str]:
    """The decimal sign, and what goes before and after a percentage's number in
    ``translator``'s language (read off Babel's own 1%)."""
    locale = translator.locale
    before, after = format_percent(Decimal("0.01"), format="0%", locale=locale).split("1")
    return get_decimal_symbol(locale), before, after


_QUANTA = {digits: Decimal(10) ** -digits for digits in range(6)}


def percent(value: Fraction | float, digits: int = 2) -> str:
    """:func:`~baccarat.web.i18n.format_fraction_percent`, the same text (the tests compare
    them), without Babel's pattern machinery on every call: the panels format dozens a coup.

    >>> percent(Fraction(1, 8)), percent(Fraction(-106, 10000), 3)
    ('12.50%', '−1.060%')
    """
    decimal, before, after = _percent_signs(current())
    share = (Decimal(float(value)) * 100).quantize(_QUANTA[digits], rounding=ROUND_HALF_EVEN)
    text = format(share, "f").replace(".", decimal)
    negative = text.startswith("-")
    return (MINUS if negative else "") + before + text.removeprefix("-") + after


def _decimal(value: Fraction | float, pattern: str) -> str:
    """A figure with the language's decimal sign (``4,9388`` in Vietnamese and Hungarian)."""
    return format_decimal(float(value), format=pattern, locale=current().locale)


_GLYPHS = {
    DerivedRoad.BIG_EYE_BOY: N_("rings"),
    DerivedRoad.SMALL_ROAD: N_("dots"),
    DerivedRoad.COCKROACH_PIG: N_("slashes"),
}
"""What each derived road draws its marks as (the shape tells the roads apart)."""


def reason_text(reason: MarkReason) -> str:
    """Why a derived mark is red or blue, in the page's language: the Big Road cell it came
    from and the columns compared (columns and rows counted from 1, as the page shows them)."""
    column, row = reason.column + 1, reason.depth
    compared = [c + 1 for c in reason.compared]
    if reason.case is Case.SAME_LENGTH:
        text = _(
            "Big Road column {column} began: the columns {first} and {second} before it are "
            "the same length ({length}), so red."
        )
        return text.format(
            column=column, first=compared[0], second=compared[1], length=reason.lengths[0]
        )
    if reason.case is Case.OTHER_LENGTH:
        text = _(
            "Big Road column {column} began: column {first} has {first_length} cells and "
            "column {second} has {second_length}, not the same length, so blue."
        )
        return text.format(
            column=column,
            first=compared[0],
            second=compared[1],
            first_length=reason.lengths[0],
            second_length=reason.lengths[1],
        )
    texts = {
        Case.LEVEL: _(
            "Big Road column {column}, row {row}: column {compared} has {length} cells, so "
            "it has a cell level with this one: red."
        ),
        Case.BELOW: _(
            "Big Road column {column}, row {row}: column {compared} has {length} cells, so "
            "this cell is just below its end: blue."
        ),
        Case.DROP: _(
            "Big Road column {column}, row {row}: column {compared} has {length} cells and "
            "ended further up (a straight drop): red."
        ),
    }
    return texts[reason.case].format(
        column=column, row=row, compared=compared[0], length=reason.lengths[0]
    )


def road_reasons(roads: Roads) -> dict[str, list[str]]:
    """Every derived mark's reason, by road, in the order of the road's marks."""
    lengths = roads.big_road.lengths
    return {
        road.value: [reason_text(reason) for reason in mark_reasons(lengths, road)]
        for road in DerivedRoad
    }


def roads_of(roads: Roads, coup_ids: Sequence[int]) -> dict[str, Any]:
    """The five roads and the ask icons as inline SVG, with their titles, the letters their
    legends explain, the reason of every derived mark, and the coup id of every bead."""
    labels = road_labels()

    def wide(width: int) -> int:
        return max(BOARD_COLUMNS, width)

    return {
        "roads": {
            "bead_plate": Markup(
                bead_plate_svg(roads, labels=labels, columns=wide(roads.bead_plate.width))
            ),
            "big_road": Markup(
                big_road_svg(roads, labels=labels, columns=wide(roads.big_road.width))
            ),
            "derived": [
                {
                    "key": road.value,
                    "css": road.value.replace("_", "-"),
                    "title": labels.road_name(road),
                    "glyph": _(_GLYPHS[road]),
                    "svg": Markup(
                        derived_road_svg(
                            roads, road, labels=labels, columns=wide(roads.derived(road).width)
                        )
                    ),
                }
                for road in DerivedRoad
            ],
            "derived_names": ", ".join(labels.road_name(road) for road in DerivedRoad),
            "ask": Markup(ask_svg(roads, labels=labels)),
            "coup_ids": list(coup_ids),
            "reasons": road_reasons(roads),
        },
        "road_letters": labels,
        "road_stats": roads.statistics(),
    }


def live_roads(live: LiveTables, table: TableView) -> dict[str, Any] | None:
    """:func:`roads_of` the roads the table's live state keeps, drawn while it is held at the
    table's position; None where it stands elsewhere (the caller draws them from the coups)."""
    with live.reading(table.id, table.position) as held:
        return roads_of(held.roads, table_ids(table)) if held is not None else None


def table_ids(table: TableView) -> list[int]:
    """The coup id of every bead of the table's shoe."""
    return [view.id for view in table.coups]


def roads_context(table: TableView) -> dict[str, Any]:
    """:func:`roads_of` the table's current shoe."""
    roads = Roads.from_coups(view.coup for view in table.coups)
    return roads_of(roads, table_ids(table))


FREQUENCY_ROWS: tuple[tuple[str, str], ...] = (
    ("banker", N_("Banker wins")),
    ("player", N_("Player wins")),
    ("tie", N_("Ties")),
    ("natural", N_("At least one natural")),
    ("player_draws", N_("Player draws a third card")),
    ("banker_draws", N_("Banker draws a third card")),
    ("both_draw", N_("Both draw")),
    ("player_pair", N_("Player pair")),
    ("banker_pair", N_("Banker pair")),
)
"""The statistics panel's rows: a key and its English label (translated where shown)."""


def _shares(distribution: Distribution) -> dict[str, Fraction]:
    """Every row of :data:`FREQUENCY_ROWS` (and cards per coup) as an exact share."""
    outcomes = distribution.outcomes()
    shares: dict[str, Fraction] = {
        "banker": outcomes[Winner.BANKER],
        "player": outcomes[Winner.PLAYER],
        "tie": outcomes[Winner.TIE],
        **distribution.frequencies(),
    }
    if distribution.has_pairs:
        # Pair class index = player kind * 3 + banker kind; kind 0 is "no pair".
        total = distribution.total
        counts = distribution.pair_counts
        shares["player_pair"] = Fraction(sum(counts[3:]), total)
        shares["banker_pair"] = Fraction(sum(c for i, c in enumerate(counts) if i % 3), total)
    return shares


def observed_distribution(table: TableView) -> Distribution | None:
    """The coups of this shoe as a distribution of counts (None before the first coup)."""
    if not table.coups:
        return None
    summary = [0] * 400
    pairs = [0] * 9
    for view in table.coups:
        summary[view.coup.summary.index] += 1
        pairs[view.coup.pairs.index] += 1
    return Distribution.from_summary_counts(summary, pairs)


@lru_cache(maxsize=256)
def _exact_column(translator: Translator, exact: Distribution | None) -> dict[str, str]:
    """The statistics panel's exact column as shown (the same for every coup of a table)."""
    expected = _shares(exact) if exact is not None else {}
    column = {
        key: format_fraction_percent(expected[key], 2) if key in expected else "–"
        for key, _label in FREQUENCY_ROWS
    }
    column["cards_per_coup"] = _decimal(expected["cards_per_coup"], "0.0000") if expected else "–"
    return column


def observed_shares(table: TableView) -> dict[str, Fraction]:
    """Every statistic of the table's shoe so far, exactly (empty before its first coup)."""
    observed = observed_distribution(table)
    return _shares(observed) if observed is not None else {}


def statistics_of(
    seen: Mapping[str, Fraction], coups: int, exact: Distribution | None
) -> dict[str, Any]:
    """Rows of observed (``seen``: this shoe's ``coups`` coups) next to exact (a full shoe)."""
    expected = _exact_column(current(), exact)
    rows = [
        {
            "key": key,
            "label": _(label),
            "observed": percent(seen[key], 1) if key in seen else "–",
            "exact": expected[key],
        }
        for key, label in FREQUENCY_ROWS
    ]
    cards = {
        "observed": _decimal(seen["cards_per_coup"], "0.00") if seen else "–",
        "exact": expected["cards_per_coup"],
    }
    return {"rows": rows, "cards_per_coup": cards, "coups": coups}


def statistics_caption(coups: int) -> str:
    """The statistics panel's caption after ``coups`` coups of the shoe.

    >>> statistics_caption(1)
    'This shoe (1 coup) next to the exact frequencies for a full shoe'
    """
    caption = ngettext(
        "This shoe (%(num)s coup) next to the exact frequencies for a full shoe",
        "This shoe (%(num)s coups) next to the exact frequencies for a full shoe",
        coups,
    )
    return caption % {"num": coups}


def observed_column(statistics: Mapping[str, Any]) -> dict[str, Any]:
    """What changes in the statistics panel from one coup to the next: its caption and the
    observed column by row (``statistics``: :func:`statistics_of`)."""
    observed = {row["key"]: row["observed"] for row in statistics["rows"]}
    observed["cards_per_coup"] = statistics["cards_per_coup"]["observed"]
    return {"caption": statistics_caption(statistics["coups"]), "observed": observed}


def statistics_context(table: TableView, exact: Distribution | None) -> dict[str, Any]:
    """:func:`statistics_of` the table's current shoe."""
    return {"statistics": statistics_of(observed_shares(table), len(table.coups), exact)}


@lru_cache(maxsize=64)
def _banker_decision(exact: Distribution) -> Fraction:
    """Banker's chance of a decision (a coup not tied) from ``exact``: what the expectations of
    the streaks, chops and derived roads are worked out with."""
    outcomes = exact.outcomes()
    return decision_share(outcomes[Winner.BANKER], outcomes[Winner.PLAYER])


def variance_of(stats: RoadStatistics, exact: Distribution | None) -> dict[str, Any]:
    """The statistics panel's streaks, chop rate and derived-road colours (``stats``: the
    shoe's :meth:`~baccarat.roads.Roads.statistics`), each beside what chance alone gives for
    independent coups at the odds of ``exact`` (a dash without them), with the sentence that
    none of it predicts the next coup.

    >>> from baccarat.roads import Roads
    >>> figures = variance_of(Roads.from_tokens("B B P B").statistics(), None)
    >>> [(row["key"], row["observed"], row["expected"]) for row in figures["rows"]][:4]
    [('longest_banker', '2', '–'), ('longest_player', '1', '–'), ('current', 'Banker 1', '–'), ('chop_rate', '66.7%', '–')]
    """
    labels = road_labels()
    q = _banker_decision(exact) if exact is not None else None
    decisions = stats.decisions
    dash = "–"

    def longest(chance: Fraction | None) -> str:
        if chance is None:
            return dash
        return _decimal(expected_longest_streak(chance, decisions), "0.0")

    current_run = stats.current_run
    if current_run is None:
        current, goes_on = dash, dash
    else:
        current = _("{side} {length}").format(
            side=labels.side_name(current_run.side), length=current_run.length
        )
        same = None if q is None else q if current_run.side is Side.BANKER else 1 - q
        goes_on = dash if same is None else _("{chance} to go on").format(chance=percent(same, 1))
    chop = stats.chop_rate
    rows = [
        {
            "key": "longest_banker",
            "label": _("Longest Banker streak"),
            "observed": str(stats.longest_banker_run),
            "expected": longest(q),
        },
        {
            "key": "longest_player",
            "label": _("Longest Player streak"),
            "observed": str(stats.longest_player_run),
            "expected": longest(None if q is None else 1 - q),
        },
        {
            "key": "current",
            "label": _("Current streak"),
            "observed": current,
            "expected": goes_on,
        },
        {
            "key": "chop_rate",
            # Translators: a "chop" is a win by the other side than the win before (ties skipped).
            "label": _("Chop rate: wins by the other side than the win before"),
            "observed": percent(chop, 1) if chop is not None else dash,
            "expected": percent(expected_chop_rate(q), 1) if q is not None else dash,
        },
    ]
    for counts in stats.derived:
        marks = counts.red + counts.blue
        expected = long_run_red_share(q, counts.road) if q is not None else None
        rows.append(
            {
                "key": counts.road.value,
                "label": _("{road}: red / blue").format(road=labels.road_name(counts.road)),
                "observed": _("{red} / {blue} ({share} red)").format(
                    red=counts.red, blue=counts.blue, share=percent(Fraction(counts.red, marks), 0)
                )
                if marks
                else f"{counts.red} / {counts.blue}",
                "expected": dash
                if expected is None
                else _("{share} red").format(share=percent(expected, 1)),
            }
        )
    note = ngettext(
        "Expected: what chance alone gives for independent coups at this table's exact odds, "
        "over this shoe's %(num)s win by Banker or Player (a streak's chance to go on is the "
        "same at any length; the red share is the long-run one). None of these figures "
        "predicts the next coup.",
        "Expected: what chance alone gives for independent coups at this table's exact odds, "
        "over this shoe's %(num)s wins by Banker or Player (a streak's chance to go on is the "
        "same at any length; the red share is the long-run one). None of these figures "
        "predicts the next coup.",
        decisions,
    ) % {"num": decisions}
    return {"rows": rows, "note": note}


def _composition(shoe: ShoeView) -> Composition:
    """The cards the next coup can come from, as the player sees it.

    After the last coup of a shoe, the next coup comes from a fresh shoe of the same decks.
    """
    from baccarat.odds import Composition

    if shoe.finished:
        return Composition.decks(shoe.decks)
    # Counted in the composition's own order (CARDS is full_deck's: rank, then suit).
    return Composition(shoe.unseen_card_counts)


@lru_cache(maxsize=64)
def full_shoe_distribution(
    decks: int, tableau: Tableau, bets: tuple[Bet, ...] = ()
) -> Distribution:
    """The exact distribution of a coup from a full shoe (the statistics panel's reference),
    with the classes the card-level ``bets`` read."""
    from baccarat.odds import Composition, exact_distribution

    return exact_distribution(Composition.decks(decks), tableau, bets)


@lru_cache(maxsize=256)
def _full_shoe_edges(translator: Translator, rule_set: RuleSet, decks: int) -> dict[str, Any]:
    """Every bet's house edge for a full shoe, exact and as shown (the same for every coup)."""
    from baccarat.odds import house_edges

    card_level = tuple(bet for bet in rule_set.bets.values() if bet.signature is not None)
    full = full_shoe_distribution(decks, rule_set.tableau, card_level)
    edges = house_edges(rule_set.bets, full)
    return {
        name: (edge, format_fraction_percent(edge, 3), bet_title(rule_set.bets[name]))
        for name, edge in edges.items()
    }


def warm_up(rule_sets: Iterable[RuleSet], decks: int = DEFAULT_DECKS) -> None:
    """Price a full shoe of ``decks`` decks for each rule set, as the odds panel does.

    A server process calls it before it freezes what it has built (``Settings.server_gc``):
    the analyzer's compiled kernels, loaded on their first use, are then built once, out of the
    collector's full scans, and the first player at a table does not wait for them.
    """
    for rule_set in rule_sets:
        _full_shoe_edges(current(), rule_set, decks)


def odds_rows(
    shoe: ShoeView, rule_set: RuleSet, decks: int, *, change: bool = True
) -> dict[str, Any]:
    """Every offered bet's house edge for the next coup, beside its value for a full shoe (and,
    unless ``change`` is false, the difference: the API's figure; the page shows the two)."""
    from baccarat.odds import exact_counts, house_edges
    from baccarat.odds.exact import signatures_of

    card_level = tuple(bet for bet in rule_set.bets.values() if bet.signature is not None)
    # The kernel's counts priced as they come (house_edges takes them): the same counts as
    # exact_distribution's, without turning hundreds of them into Python integers first.
    now = exact_counts(_composition(shoe), rule_set.tableau, signatures_of(card_level))
    # Every bet priced at once: one matrix product per class space.
    edges = house_edges(rule_set.bets, now)
    full = _full_shoe_edges(current(), rule_set, decks)
    rows = []
    for name in rule_set.bets:
        edge_now = edges[name]
        edge_full, full_text, title = full[name]
        row = {"bet": name, "title": title, "now": percent(edge_now, 3)}
        row["full"] = full_text
        if change:
            row["change"] = percent(edge_now - edge_full, 3)
        rows.append(row)
    return {"rows": rows, "new_shoe": shoe.finished}


def odds_context(table: TableView) -> dict[str, Any]:
    """:func:`odds_rows` for the table's next coup."""
    return {"odds": odds_rows(table.shoe, table.rule_set, table.decks)}


def panel_context(
    table: TableView, *, exact_odds: bool = True, roads: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Everything the side panels show, for a table as it stands (``roads``: its
    :func:`roads_of`, when the caller drew them from roads it keeps)."""
    context = roads if roads is not None else roads_context(table)
    exact = full_shoe_distribution(table.decks, table.rule_set.tableau) if exact_odds else None
    context = context | statistics_context(table, exact)
    context["variance"] = variance_of(context["road_stats"], exact)
    context |= odds_context(table) if exact_odds else {"odds": None}
    return context
