"""The parts of the table's panels that every page coup renders again, written in Python: the
shoe's counts (with the cut card's note and the counts by rank), the statistics, the odds for the
next coup and each spot's house edge.

The page renders them through these functions (template globals) and so does a deal's answer
(``_deal.html``): each part has one renderer. As Jinja macros they cost about five times as much,
every expression looked up and escaped through the template's machinery: some 0.3 ms of a page
coup's server CPU (``bench/bench_load.py``). Every text is escaped here as Jinja escapes it.

>>> from markupsafe import Markup
>>> str(spot_edges({"tie": {"now": "14.3%", "full": "14.4%"}}, "{now} <{full}>"))
'<p class="spot-edge" id="edge-tie">14.3% &lt;14.4%&gt;</p>'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from markupsafe import Markup

from baccarat.web.i18n import _
from baccarat.web.present.panels import statistics_caption
from baccarat.web.present.table import cut_card_text, shoe_texts

__all__ = [
    "cut_card_note",
    "odds_table",
    "ranks_table",
    "shoe_counts",
    "spot_edges",
    "statistics_table",
]


def escape(text: object) -> str:
    """``text`` escaped for HTML exactly as Jinja escapes it (markupsafe's entities), without
    a :class:`~markupsafe.Markup` made for every piece."""
    return (
        str(text)
        .replace("&", "&amp;")
        .replace(">", "&gt;")
        .replace("<", "&lt;")
        .replace("'", "&#39;")
        .replace('"', "&#34;")
    )


def cut_card_note(shoe: Mapping[str, Any]) -> Markup:
    """Where the cut card lies and the burn (``shoe``: :func:`shoe_data`)."""
    return Markup(f'<p class="cut-card-note">{escape(cut_card_text(shoe))}</p>')


def ranks_table(shoe: Mapping[str, Any], indent: int = 0) -> Markup:
    """The cards dealt and left by rank, its lines after the first indented by ``indent``."""
    pad = "\n" + " " * indent
    # The messages are read outside the f-strings, where the catalogs' extractor finds them.
    caption = escape(_("Cards dealt and left, by rank"))
    # Translators: a card's rank (A, 2 … K), as a row head.
    rank = escape(_("Rank"))
    shown = escape(_("Dealt"))
    # Translators: the cards still in the shoe, as a row head.
    still = escape(_("Left"))
    head = "".join(
        f'<th scope="col" title="{escape(r["name"])}">{escape(r["rank"])}</th>'
        for r in shoe["dealt"]
    )
    dealt = "".join(f"<td>{r['count']}</td>" for r in shoe["dealt"])
    left = "".join(f"<td>{r['count']}</td>" for r in shoe["remaining"])
    lines = (
        '<table class="ranks">',
        f'  <caption class="visually-hidden">{caption}</caption>',
        '  <colgroup><col class="ranks-label"></colgroup>',
        f'  <tr><th scope="row">{rank}</th>{head}</tr>',
        f'  <tr data-counts="dealt"><th scope="row">{shown}</th>{dealt}</tr>',
        f'  <tr data-counts="remaining"><th scope="row">{still}</th>{left}</tr>',
        "</table>",
    )
    return Markup(pad.join(lines))


def shoe_counts(shoe: Mapping[str, Any]) -> Markup:
    """The shoe panel's counts: its summary, the penetration gauge with the cut card, the cut
    card's note and the counts by rank (``shoe``: :func:`shoe_data`)."""
    texts = shoe_texts(shoe)
    cut_at = round(shoe["cut_card_at"] / shoe["size"] * 100, 1)
    cut_card = escape(_("cut card"))
    return Markup(
        '<div class="shoe-counts" id="shoe-counts">\n'
        f'  <p class="shoe-summary">{escape(texts["summary"])}</p>\n'
        f'  <div class="penetration" role="img" aria-label="{escape(texts["gauge"])}">\n'
        f'    <div class="penetration-dealt" style="width: {texts["dealt_width"]}%"></div>\n'
        f'    <div class="penetration-cut" style="left: {cut_at}%" title="{cut_card}">'
        "</div>\n"
        "  </div>\n"
        f"  {cut_card_note(shoe)}\n"
        f"  {ranks_table(shoe, 2)}\n"
        "</div>"
    )


def variance_rows(variance: Mapping[str, Any]) -> str:
    """The streaks, the chop rate and the derived roads' colours beside what chance alone gives
    (``variance``: :func:`~baccarat.web.present.panels.variance_of`), as the statistics table's
    second body, its note last."""
    # Translators: the head of the statistics rows on streaks, chops and the derived roads.
    head = escape(_("Streaks, chops and derived roads"))
    observed = escape(_("Observed"))
    # Translators: a column head: what chance alone gives on average (for independent coups).
    expected = escape(_("Expected"))
    rows = "".join(
        f'  <tr data-key="{row["key"]}"><th scope="row">{escape(row["label"])}</th>'
        f"<td>{escape(row['observed'])}</td><td>{escape(row['expected'])}</td></tr>\n"
        for row in variance["rows"]
    )
    return (
        '<tbody class="variance" id="stats-variance">\n'
        f'  <tr class="variance-head"><th scope="col">{head}</th><th scope="col">{observed}</th>'
        f'<th scope="col">{expected}</th></tr>\n'
        f"{rows}"
        f'  <tr class="variance-note"><td colspan="3">{escape(variance["note"])}</td></tr>\n'
        "</tbody>\n"
    )


def statistics_table(
    statistics: Mapping[str, Any], variance: Mapping[str, Any] | None = None
) -> Markup:
    """This shoe's statistics beside the exact figures (``statistics``: :func:`statistics_of`),
    then, given ``variance`` (:func:`~baccarat.web.present.panels.variance_of`), its streaks,
    chops and derived-road colours beside what chance alone gives."""
    rows = "".join(
        f'  <tr data-key="{row["key"]}"><th scope="row">{escape(row["label"])}</th>'
        f"<td>{escape(row['observed'])}</td><td>{escape(row['exact'])}</td></tr>\n"
        for row in statistics["rows"]
    )
    cards = statistics["cards_per_coup"]
    # Translators: what this shoe has shown so far, beside the exact figure.
    observed = escape(_("Observed"))
    exact = escape(_("Exact"))
    per_coup = escape(_("Cards per coup"))
    return Markup(
        '<table class="stats" id="stats-table">\n'
        f"  <caption>{escape(statistics_caption(statistics['coups']))}</caption>\n"
        f'  <tr><td></td><th scope="col">{observed}</th><th scope="col">{exact}</th></tr>\n'
        f"{rows}"
        f'  <tr data-key="cards_per_coup"><th scope="row">{per_coup}</th>'
        f"<td>{escape(cards['observed'])}</td><td>{escape(cards['exact'])}</td></tr>\n"
        f"{variance_rows(variance) if variance is not None else ''}"
        "</table>"
    )


def odds_table(odds: Mapping[str, Any]) -> Markup:
    """Every bet's house edge for the next coup beside a full shoe's (``odds``:
    :func:`odds_rows`), with the note of a fresh shoe after a shoe's last coup."""
    note = _("The next coup comes from a freshly shuffled shoe.")
    fresh = f"<p>{escape(note)}</p>" if odds["new_shoe"] else ""
    bet, now, full = escape(_("Bet")), escape(_("House edge now")), escape(_("Full shoe"))
    rows = "".join(
        f'    <tr data-bet="{row["bet"]}"><th scope="row">{escape(row["title"])}</th>'
        f"<td>{escape(row['now'])}</td><td>{escape(row['full'])}</td></tr>\n"
        for row in odds["rows"]
    )
    return Markup(
        '<div class="odds-now" id="odds-now">\n'
        f'{fresh}  <table class="odds">\n'
        f'    <tr><th scope="col">{bet}</th><th scope="col">{now}</th>'
        f'<th scope="col">{full}</th></tr>\n'
        f"{rows}"
        "  </table>\n"
        "</div>"
    )


def spot_edges(edges: Mapping[str, Mapping[str, str]], template: str) -> Markup:
    """Each spot's house edge now and for a full shoe, by bet (``edges``: :func:`spot_odds`;
    ``template``: the sentence with ``{now}`` and ``{full}``)."""
    return Markup(
        "".join(
            f'<p class="spot-edge" id="edge-{bet}">'
            f"{escape(template.format(now=edge['now'], full=edge['full']))}</p>"
            for bet, edge in edges.items()
        )
    )
