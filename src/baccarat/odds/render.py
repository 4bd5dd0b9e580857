"""PAR sheets as Markdown, HTML and CSV. Rendering only: the numbers come from :mod:`.par`.

Every decimal shown is the exact fraction rounded once (half to even), never a float's digits.

>>> from fractions import Fraction
>>> decimal_text(Fraction(1, 3), 4), decimal_text(Fraction(-5, 1000), 2), percent_text(Fraction(1, 8), 2)
('0.3333', '-0.00', '12.50 %')
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Callable
from fractions import Fraction

from baccarat.core.bets import format_pays, pays_text
from baccarat.core.errors import BaccaratError
from baccarat.i18n.language import SOURCE, Language
from baccarat.i18n.markers import N_
from baccarat.odds.composition import Composition
from baccarat.odds.par import ParBet, ParRow, ParSheet

__all__ = [
    "FORMATS",
    "FREQUENCY_LABELS",
    "PAR_COLUMNS",
    "ParValue",
    "decimal_text",
    "par_rows",
    "percent_text",
    "render_csv",
    "render_html",
    "render_markdown",
    "render_par_sheet",
    "shoe_text",
]

FREQUENCY_LABELS: dict[str, str] = {
    "natural": N_("At least one natural"),
    "player_draws": N_("Player draws"),
    "banker_draws": N_("Banker draws"),
    "both_draw": N_("Both draw"),
    "cards_per_coup": N_("Cards per coup (mean)"),
    "cards_4": N_("Four cards dealt"),
    "cards_5": N_("Five cards dealt"),
    "cards_6": N_("Six cards dealt"),
}
"""How each frequency key is named on a page (English; translated where shown)."""

_OUTCOME_NAMES = {"Banker wins": N_("Banker wins"), "Player wins": N_("Player wins")}


def shoe_text(composition: Composition, t: Language = SOURCE) -> str:
    """:meth:`Composition.describe` in ``t``'s language: ``8 decks``, ``infinite deck``.

    >>> shoe_text(Composition.decks(1)), shoe_text(Composition.infinite_deck())
    ('1 deck', 'infinite deck')
    """
    if composition.infinite:
        return t.gettext("infinite deck")
    decks = composition.full_decks
    if decks is not None:
        return t.ngettext("{count} deck", "{count} decks", decks).format(count=decks)
    return t.gettext("{count} cards: {counts}").format(count=composition.size, counts=composition)


def _outcome_name(name: str, t: Language) -> str:
    # The sheet names Banker and Player wins and the Tie in English; the Tie is the bet's title.
    return t.gettext(_OUTCOME_NAMES[name]) if name in _OUTCOME_NAMES else t.pgettext("bet", name)


_PLACES = 6  # as the published PAR tables print them


def decimal_text(value: Fraction, places: int = _PLACES) -> str:
    """``value`` rounded (half to even) to ``places`` decimals, from the exact fraction."""
    scaled = round(value * 10**places)
    sign = "-" if value < 0 else ""
    digits = str(abs(scaled)).rjust(places + 1, "0")
    return f"{sign}{digits[:-places]}.{digits[-places:]}" if places else f"{sign}{digits}"


def percent_text(value: Fraction, places: int = 4) -> str:
    """``value`` as a percentage: ``1.0579 %``."""
    return f"{decimal_text(value * 100, places)} %"


def _count(n: int, t: Language = SOURCE) -> str:
    return _local(f"{n:,}", t)


def _local(number: str, t: Language) -> str:
    """A number written in English (``14,658,134,400``, ``-0.458597``, ``1.0579 %``) as ``t``'s
    locale writes it: its own group and decimal marks (``14.658.134.400``, ``-0,458597`` in vi),
    and a percentage with no space before its sign (``1,0579%``, the vi and hu glossary's rule;
    the project's English keeps its space, as :class:`baccarat.cli.numbers.Numbers` does)."""
    language = getattr(t, "language", "en")
    if language == "en":
        return number
    from babel.numbers import get_decimal_symbol, get_group_symbol

    marks = {",": get_group_symbol(language), ".": get_decimal_symbol(language)}
    return "".join(marks.get(char, char) for char in number).replace(" %", "%")


def _row_outcome(row: ParRow, t: Language) -> str:
    words = t.pays_templates
    return row.rule.when_text(words) if row.rule is not None else words["otherwise"]


def _bet_rows(section: ParBet, total: int, t: Language) -> list[list[str]]:
    """The cells of a bet's table: one row per outcome, then the total."""
    rows = [
        [
            _row_outcome(row, t),
            format_pays(row.pays, t.pays_templates),
            _count(row.combinations, t),
            _local(decimal_text(row.probability), t),
            _local(decimal_text(row.return_), t),
            _local(decimal_text(row.variance), t),
        ]
        for row in section.rows
    ]
    stats = section.stats
    rows.append(
        [t.pgettext("sum", "Total"), "", _count(total, t), _local(decimal_text(Fraction(1)), t),
         _local(decimal_text(stats.ev), t), _local(decimal_text(stats.variance), t)]
    )  # fmt: skip
    return rows


def _bet_header(t: Language) -> list[str]:
    return [
        t.gettext("Outcome"), t.gettext("Pays"), t.gettext("Combinations"),
        t.gettext("Probability"), t.gettext("Return"), t.gettext("Variance"),
    ]  # fmt: skip


def _summary_line(section: ParBet, t: Language) -> str:
    stats = section.stats
    line = t.gettext("House edge {edge}").format(edge=_local(percent_text(stats.house_edge), t))
    if stats.push and stats.house_edge_excluding_pushes is not None:
        excluding = t.gettext("{edge} excluding pushes").format(
            edge=_local(percent_text(stats.house_edge_excluding_pushes), t)
        )
        line += f" ({excluding})"
    rest = t.gettext("standard deviation {sd} · hit frequency {hit}").format(
        sd=_local(f"{stats.sd:.4f}", t), hit=_local(percent_text(stats.hit_frequency), t)
    )
    return f"{line} · {rest}"


def _intro(sheet: ParSheet, t: Language) -> list[str]:
    lines = [t.pgettext("rule set description", sheet.description)] if sheet.description else []
    lines.append(
        t.gettext(
            "Shoe: {shoe}. Combinations are ordered six-card sequences dealt from it ({total} in "
            "all); a coup that uses fewer cards is counted once for every way to complete it. "
            "Probabilities, returns and variances are exact fractions rounded to {places} "
            "decimals."
        ).format(shoe=shoe_text(sheet.composition, t), total=_count(sheet.total, t), places=_PLACES)
    )
    return lines


def _title(sheet: ParSheet, t: Language) -> str:
    return t.gettext("PAR sheet: {title} ({rule_set}), {shoe}").format(
        title=t.pgettext("rule set", sheet.title),
        rule_set=sheet.rule_set,
        shoe=shoe_text(sheet.composition, t),
    )


def _outcome_table(sheet: ParSheet, t: Language) -> tuple[list[str], list[list[str]]]:
    header = [t.gettext("Outcome"), t.gettext("Combinations"), t.gettext("Probability")]
    rows = [
        [_outcome_name(name, t), _count(c, t), _local(decimal_text(p), t)]
        for name, c, p in sheet.outcomes
    ]
    return header, rows


def _frequency_table(sheet: ParSheet, t: Language) -> tuple[list[str], list[list[str]]]:
    header = [t.gettext("Frequency"), t.gettext("Value")]
    rows = [
        [t.gettext(FREQUENCY_LABELS[key]), _local(decimal_text(value), t)]
        for key, value in sheet.frequencies
    ]
    return header, rows


def _section_title(section: ParBet, t: Language) -> str:
    return t.pgettext("bet", section.title)


def render_markdown(sheet: ParSheet, t: Language = SOURCE) -> str:
    """The sheet as a Markdown document (in ``t``'s language)."""

    def table(header: list[str], rows: list[list[str]], align: str) -> list[str]:
        out = ["| " + " | ".join(header) + " |"]
        out.append("|" + "|".join("---:" if a == "r" else "---" for a in align) + "|")
        out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
        return out

    lines = [f"# {_title(sheet, t)}", ""]
    for paragraph in _intro(sheet, t):
        lines += [paragraph, ""]
    lines += ["## " + t.gettext("Coup outcomes"), ""]
    lines += table(*_outcome_table(sheet, t), "lrr")
    lines += ["", "## " + t.gettext("Frequencies"), ""]
    lines += table(*_frequency_table(sheet, t), "lr")
    for section in sheet.bets:
        lines += ["", f"## {_section_title(section, t)} (`{section.name}`)", ""]
        lines += table(_bet_header(t), _bet_rows(section, sheet.total, t), "llrrrr")
        lines += ["", _summary_line(section, t)]
    return "\n".join(lines) + "\n"


_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}"
    "table{border-collapse:collapse;margin:0.5rem 0 1rem}"
    "th,td{border:1px solid #ccc;padding:0.25rem 0.6rem}"
    "th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "tr.total td{font-weight:bold}"
)


def render_html(sheet: ParSheet, t: Language = SOURCE) -> str:
    """The sheet as a standalone HTML page (in ``t``'s language)."""
    e = html.escape

    def table(header: list[str], rows: list[list[str]], align: str, total: bool = False) -> str:
        head = "".join(f"<th>{e(h)}</th>" for h in header)
        body = []
        for n, row in enumerate(rows):
            cls = ' class="total"' if total and n == len(rows) - 1 else ""
            cells = "".join(
                f'<td class="n">{e(c)}</td>' if a == "r" else f"<td>{e(c)}</td>"
                for c, a in zip(row, align, strict=True)
            )
            body.append(f"<tr{cls}>{cells}</tr>")
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"

    title = _title(sheet, t)
    language = getattr(t, "language", "en")
    parts = [
        "<!doctype html>",
        f'<html lang="{e(language)}">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{e(title)}</h1>",
        *(f"<p>{e(p)}</p>" for p in _intro(sheet, t)),
        f"<h2>{e(t.gettext('Coup outcomes'))}</h2>",
        table(*_outcome_table(sheet, t), "lrr"),
        f"<h2>{e(t.gettext('Frequencies'))}</h2>",
        table(*_frequency_table(sheet, t), "lr"),
    ]
    for section in sheet.bets:
        name = e(section.name)
        heading = e(_section_title(section, t))
        parts += [
            f'<h2 id="{name}">{heading} (<code>{name}</code>)</h2>',
            table(_bet_header(t), _bet_rows(section, sheet.total, t), "llrrrr", total=True),
            f"<p>{e(_summary_line(section, t))}</p>",
        ]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


_CSV_PLACES = 15

PAR_COLUMNS = (
    "rule_set", "shoe", "section", "bet", "outcome", "pays", "combinations", "total",
    "probability", "return", "variance",
)  # fmt: skip
"""The columns of a PAR sheet's data (``par-sheet --format csv``, and its tidy Parquet)."""

ParValue = str | int | Fraction | None
"""One value of :func:`par_rows`: text, an exact count, an exact fraction, or nothing."""


def par_rows(sheet: ParSheet) -> list[tuple[ParValue, ...]]:
    """The sheet's data, one row per coup outcome, per frequency, per bet outcome and bet total
    (:data:`PAR_COLUMNS`), every number exact: the same in every language.

    >>> from baccarat.odds.par import par_sheet
    >>> from baccarat.core.rules import get_rule_set
    >>> par_rows(par_sheet(get_rule_set("punto-banco"), Composition.decks(8)))[0][:5]
    ('punto-banco', '8 decks', 'coup', '', 'Banker wins')
    """
    shoe = sheet.composition.describe()
    rows: list[tuple[ParValue, ...]] = []
    for name, count, p in sheet.outcomes:
        rows.append((sheet.rule_set, shoe, "coup", "", name, "", count, sheet.total, p, None, None))
    for key, value in sheet.frequencies:
        rows.append(
            (sheet.rule_set, shoe, "frequency", "", key, "", None, sheet.total, value, None, None)
        )
    for section in sheet.bets:
        for row in section.rows:
            rows.append(
                (sheet.rule_set, shoe, "bet", section.name, row.outcome, pays_text(row.pays),
                 row.combinations, sheet.total, row.probability, row.return_, row.variance)
            )  # fmt: skip
        stats = section.stats
        rows.append(
            (sheet.rule_set, shoe, "bet", section.name, "total", "", sheet.total, sheet.total,
             Fraction(1), stats.ev, stats.variance)
        )  # fmt: skip
    return rows


def render_csv(sheet: ParSheet, t: Language = SOURCE) -> str:
    """The sheet as CSV: one row per coup outcome, per frequency, per bet outcome and bet total.

    Data, like the JSON: the same in every language (``t`` is not read).

    Combinations are exact integers; pays are exact (``19/20``); the other numbers are the exact
    fractions rounded to 15 decimals.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(PAR_COLUMNS)

    def text(value: ParValue) -> str:
        if isinstance(value, Fraction):
            return decimal_text(value, _CSV_PLACES)
        return "" if value is None else str(value)

    for row in par_rows(sheet):
        writer.writerow([text(value) for value in row])
    return out.getvalue()


FORMATS: dict[str, Callable[[ParSheet, Language], str]] = {
    "md": render_markdown,
    "html": render_html,
    "csv": render_csv,
}
"""The formats ``baccarat par-sheet --format`` accepts."""


def render_par_sheet(sheet: ParSheet, fmt: str, t: Language = SOURCE) -> str:
    """Render ``sheet`` in ``fmt`` (``md``, ``html`` or ``csv``), words in ``t``'s language."""
    renderer = FORMATS.get(fmt)
    if renderer is None:
        raise BaccaratError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
    return renderer(sheet, t)
