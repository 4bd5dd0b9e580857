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
from typing import Any

from baccarat.core.bets import format_pays, pays_text
from baccarat.core.errors import BaccaratError
from baccarat.odds.par import ParBet, ParSheet

__all__ = [
    "FORMATS",
    "FREQUENCY_LABELS",
    "decimal_text",
    "par_sheet_record",
    "percent_text",
    "render_csv",
    "render_html",
    "render_markdown",
    "render_par_sheet",
]

FREQUENCY_LABELS: dict[str, str] = {
    "natural": "At least one natural",
    "player_draws": "Player draws",
    "banker_draws": "Banker draws",
    "both_draw": "Both draw",
    "cards_per_coup": "Cards per coup (mean)",
    "cards_4": "Four cards dealt",
    "cards_5": "Five cards dealt",
    "cards_6": "Six cards dealt",
}
"""How each frequency key is named on a page."""

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


def _count(n: int) -> str:
    return f"{n:,}"


def _bet_rows(section: ParBet, total: int) -> list[list[str]]:
    """The cells of a bet's table: one row per outcome, then the total."""
    rows = [
        [
            row.outcome,
            format_pays(row.pays),
            _count(row.combinations),
            decimal_text(row.probability),
            decimal_text(row.return_),
            decimal_text(row.variance),
        ]
        for row in section.rows
    ]
    stats = section.stats
    rows.append(
        ["Total", "", _count(total), decimal_text(Fraction(1)), decimal_text(stats.ev),
         decimal_text(stats.variance)]
    )  # fmt: skip
    return rows


_BET_HEADER = ["Outcome", "Pays", "Combinations", "Probability", "Return", "Variance"]


def _summary_line(section: ParBet) -> str:
    stats = section.stats
    parts = [f"House edge {percent_text(stats.house_edge)}"]
    if stats.push and stats.house_edge_excluding_pushes is not None:
        parts.append(f"{percent_text(stats.house_edge_excluding_pushes)} excluding pushes")
    line = parts[0] + (f" ({parts[1]})" if len(parts) > 1 else "")
    return (
        f"{line} · standard deviation {stats.sd:.4f}"
        f" · hit frequency {percent_text(stats.hit_frequency)}"
    )


def _intro(sheet: ParSheet) -> list[str]:
    lines = [sheet.description] if sheet.description else []
    lines.append(
        f"Shoe: {sheet.composition.describe()}. Combinations are ordered six-card sequences "
        f"dealt from it ({_count(sheet.total)} in all); a coup that uses fewer cards is counted "
        "once for every way to complete it. Probabilities, returns and variances are exact "
        f"fractions rounded to {_PLACES} decimals."
    )
    return lines


def render_markdown(sheet: ParSheet) -> str:
    """The sheet as a Markdown document."""

    def table(header: list[str], rows: list[list[str]], align: str) -> list[str]:
        out = ["| " + " | ".join(header) + " |"]
        out.append("|" + "|".join("---:" if a == "r" else "---" for a in align) + "|")
        out += ["| " + " | ".join(cell.replace("|", "\\|") for cell in row) + " |" for row in rows]
        return out

    lines = [f"# PAR sheet: {sheet.title} ({sheet.rule_set}), {sheet.composition.describe()}", ""]
    for paragraph in _intro(sheet):
        lines += [paragraph, ""]
    lines += ["## Coup outcomes", ""]
    lines += table(
        ["Outcome", "Combinations", "Probability"],
        [[name, _count(c), decimal_text(p)] for name, c, p in sheet.outcomes],
        "lrr",
    )
    lines += ["", "## Frequencies", ""]
    lines += table(
        ["Frequency", "Value"],
        [[FREQUENCY_LABELS[key], decimal_text(value)] for key, value in sheet.frequencies],
        "lr",
    )
    for section in sheet.bets:
        lines += ["", f"## {section.title} (`{section.name}`)", ""]
        lines += table(_BET_HEADER, _bet_rows(section, sheet.total), "llrrrr")
        lines += ["", _summary_line(section)]
    return "\n".join(lines) + "\n"


_STYLE = (
    "body{font-family:system-ui,sans-serif;margin:2rem;max-width:60rem}"
    "table{border-collapse:collapse;margin:0.5rem 0 1rem}"
    "th,td{border:1px solid #ccc;padding:0.25rem 0.6rem}"
    "th{background:#f3f3f3}td.n{text-align:right;font-variant-numeric:tabular-nums}"
    "tr.total td{font-weight:bold}"
)


def render_html(sheet: ParSheet) -> str:
    """The sheet as a standalone HTML page."""
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

    title = f"PAR sheet: {sheet.title} ({sheet.rule_set}), {sheet.composition.describe()}"
    parts = [
        "<!doctype html>",
        '<html lang="en">',
        "<head>",
        '<meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        f"<style>{_STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{e(title)}</h1>",
        *(f"<p>{e(p)}</p>" for p in _intro(sheet)),
        "<h2>Coup outcomes</h2>",
        table(
            ["Outcome", "Combinations", "Probability"],
            [[name, _count(c), decimal_text(p)] for name, c, p in sheet.outcomes],
            "lrr",
        ),
        "<h2>Frequencies</h2>",
        table(
            ["Frequency", "Value"],
            [[FREQUENCY_LABELS[key], decimal_text(value)] for key, value in sheet.frequencies],
            "lr",
        ),
    ]
    for section in sheet.bets:
        parts += [
            f'<h2 id="{e(section.name)}">{e(section.title)} (<code>{e(section.name)}</code>)</h2>',
            table(_BET_HEADER, _bet_rows(section, sheet.total), "llrrrr", total=True),
            f"<p>{e(_summary_line(section))}</p>",
        ]
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


_CSV_PLACES = 15


def render_csv(sheet: ParSheet) -> str:
    """The sheet as CSV: one row per coup outcome, per frequency, per bet outcome and bet total.

    Combinations are exact integers; pays are exact (``19/20``); the other numbers are the exact
    fractions rounded to 15 decimals.
    """
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(
        ["rule_set", "shoe", "section", "bet", "outcome", "pays", "combinations", "total",
         "probability", "return", "variance"]
    )  # fmt: skip
    shoe = sheet.composition.describe()

    def d(value: Fraction) -> str:
        return decimal_text(value, _CSV_PLACES)

    for name, count, p in sheet.outcomes:
        writer.writerow(
            [sheet.rule_set, shoe, "coup", "", name, "", count, sheet.total, d(p), "", ""]
        )
    for key, value in sheet.frequencies:
        writer.writerow(
            [sheet.rule_set, shoe, "frequency", "", key, "", "", sheet.total, d(value), "", ""]
        )
    for section in sheet.bets:
        for row in section.rows:
            writer.writerow(
                [sheet.rule_set, shoe, "bet", section.name, row.outcome, pays_text(row.pays),
                 row.combinations, sheet.total, d(row.probability), d(row.return_), d(row.variance)]
            )  # fmt: skip
        stats = section.stats
        writer.writerow(
            [sheet.rule_set, shoe, "bet", section.name, "total", "", sheet.total, sheet.total,
             d(Fraction(1)), d(stats.ev), d(stats.variance)]
        )  # fmt: skip
    return out.getvalue()


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def par_sheet_record(sheet: ParSheet) -> dict[str, Any]:
    """The sheet as JSON-ready data: counts as integers, every rational as ``"num/den"``."""
    return {
        "rules": sheet.rule_set,
        "title": sheet.title,
        "shoe": sheet.composition.describe(),
        "composition": str(sheet.composition),
        "total": sheet.total,
        "outcomes": [
            {"outcome": name, "combinations": count, "probability": _fraction(p)}
            for name, count, p in sheet.outcomes
        ],
        "frequencies": {key: _fraction(value) for key, value in sheet.frequencies},
        "bets": [
            {
                "bet": section.name,
                "title": section.title,
                "rows": [
                    {
                        "outcome": row.outcome,
                        "pays": pays_text(row.pays),
                        "combinations": row.combinations,
                        "probability": _fraction(row.probability),
                        "return": _fraction(row.return_),
                        "variance": _fraction(row.variance),
                    }
                    for row in section.rows
                ],
                "stats": section.stats.as_dict(),
            }
            for section in sheet.bets
        ],
    }


FORMATS: dict[str, Callable[[ParSheet], str]] = {
    "md": render_markdown,
    "html": render_html,
    "csv": render_csv,
}
"""The formats ``baccarat par-sheet --format`` accepts."""


def render_par_sheet(sheet: ParSheet, fmt: str) -> str:
    """Render ``sheet`` in ``fmt`` (``md``, ``html`` or ``csv``)."""
    renderer = FORMATS.get(fmt)
    if renderer is None:
        raise BaccaratError(f"unknown format {fmt!r}: expected one of {', '.join(FORMATS)}")
    return renderer(sheet)
