"""Tables that fit the terminal, and the same tables as CSV or Markdown.

A command builds its tables as data (:class:`Table`: columns with a key and a heading, cells with
the text shown and the value a script reads); :func:`table_lines` lays one out for a width:

1. as it is, when it fits;
2. else with its headings wrapped and its text columns (never a number) wrapped at spaces;
3. else in panels, the first column repeated in each, the others shared out among them;
4. else vertically, one block per row, a ``heading: value`` line per cell.

No cell is ever cut and no line ends in a space. Without a width (output piped into a file or a
program, with no ``COLUMNS``), every table is laid out as it is.

>>> table = Table("odds", "Bets", (Column("bet", "Bet", Align.LEFT), Column("edge", "House edge %")))
>>> table.add("banker", Cell("1.0579", 0.010579))
>>> table.add("player", Cell("1.2351", 0.012351))
>>> print("\\n".join(plain(table_lines(table, None))))
Bets
Bet     House edge %
────────────────────
banker        1.0579
player        1.2351
>>> print("\\n".join(plain(table_lines(table, 16))))
Bets
           House
Bet       edge %
────────────────
banker    1.0579
player    1.2351
>>> print("\\n".join(plain(table_lines(table, 12))))
Bets
banker
  House edge %: 1.0579
<BLANKLINE>
player
  House edge %: 1.2351
>>> print(csv_text([table]), end="")
table,row,variable,value
odds,1,bet,banker
odds,1,edge,0.010579
odds,2,bet,player
odds,2,edge,0.012351
"""

from __future__ import annotations

import csv
import io
import textwrap
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from fractions import Fraction

from rich.cells import cell_len

__all__ = [
    "TIDY_COLUMNS",
    "Align",
    "Block",
    "Cell",
    "Column",
    "Line",
    "Paragraph",
    "Segment",
    "Table",
    "csv_text",
    "hanging_indent",
    "markdown_text",
    "paragraph_lines",
    "plain",
    "table_lines",
    "tidy_cells",
]

GAP = 2
"""Spaces between two columns (three between the panels' key column and the rest)."""
RULE = "─"
_MIN_TEXT = 12
"""The narrowest a wrapping text column becomes before the table goes to panels."""

Segment = tuple[str, str | None]
"""A piece of a line and its Rich style (``None``: plain)."""
Line = list[Segment]


class Align(StrEnum):
    LEFT = "left"
    RIGHT = "right"
    CENTER = "center"


@dataclass(frozen=True)
class Column:
    """``key``: the column's name in CSV (English, the same in every language); ``header``:
    its heading as shown; ``wrap``: text that may wrap at spaces (a number never does)."""

    key: str
    header: str
    align: Align = Align.RIGHT
    wrap: bool = False


@dataclass(frozen=True)
class Cell:
    """``text`` as shown (lines split at ``\\n``); ``value`` as a script reads it (CSV), the
    text itself when ``None``; ``style`` a Rich style for a terminal."""

    text: str
    value: object = None
    style: str | None = None

    def data(self) -> str:
        value = self.text if self.value is None else self.value
        if isinstance(value, Fraction):
            return f"{value.numerator}/{value.denominator}"
        return "" if value is None else str(value)

    def number(self) -> float | None:
        """The value as a number, where it is one (an exact fraction too); else ``None``.

        >>> Cell("1/2", Fraction(1, 2)).number(), Cell("95", "95").number(), Cell("win").number()
        (0.5, 95.0, None)
        """
        value = self.text if self.value is None else self.value
        if isinstance(value, bool):
            return None
        if isinstance(value, int | float | Fraction):
            return float(value)
        try:
            return float(Fraction(str(value).strip()))
        except (ValueError, ZeroDivisionError):
            return None


@dataclass(frozen=True)
class Paragraph:
    """A sentence or two around the tables (wrapped at spaces to the width)."""

    text: str
    style: str | None = None


@dataclass
class Table:
    """A titled table; :meth:`add` appends a row, :meth:`rule` a line before the next row."""

    key: str
    title: str | None
    columns: Sequence[Column]
    rows: list[tuple[Cell, ...]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    rules_before: set[int] = field(default_factory=set)

    def add(self, *cells: Cell | str) -> None:
        if len(cells) != len(self.columns):
            raise ValueError(f"{self.key}: {len(cells)} cells for {len(self.columns)} columns")
        self.rows.append(tuple(c if isinstance(c, Cell) else Cell(c) for c in cells))

    def rule(self) -> None:
        self.rules_before.add(len(self.rows))


Block = Table | Paragraph


def plain(lines: Iterable[Line]) -> list[str]:
    """The text of each line, without its styles."""
    return ["".join(text for text, _ in line) for line in lines]


def _strip(line: Line) -> Line:
    """``line`` without the spaces at its end."""
    out = list(line)
    while out:
        text, style = out[-1]
        stripped = text.rstrip(" ")
        if stripped:
            out[-1] = (stripped, style)
            break
        out.pop()
    return out


BULLET = "· "
"""What starts an item of a list in a paragraph (``deal``'s reasons): a wrapped item's rest
lines up under its text, not under the bullet."""


def hanging_indent(line: str, width: int) -> int:
    """The columns the rest of ``line`` is indented when it wraps at ``width``: its own indent,
    and a bullet's after it; none when that would leave less than half the width.

    >>> hanging_indent("   · Banker has 4", 80), hanging_indent("  Player on 5", 80)
    (5, 2)
    """
    indent = len(line) - len(line.lstrip(" "))
    if line.startswith(BULLET, indent):
        indent += len(BULLET)
    return indent if indent < width // 2 else 0


def _wrap(text: str, width: int | None) -> list[str]:
    """``text`` wrapped at spaces to ``width`` (its own lines kept, an indented or bulleted
    line's rest under its text: :func:`hanging_indent`); a word longer than the width stays
    whole."""
    lines: list[str] = []
    for line in text.split("\n"):
        if width is None or cell_len(line) <= width:
            lines.append(line)
            continue
        lines += textwrap.wrap(
            line,
            width,
            subsequent_indent=" " * hanging_indent(line, width),
            break_long_words=False,
            break_on_hyphens=False,
        ) or [""]
    return lines


def paragraph_lines(paragraph: Paragraph, width: int | None) -> list[Line]:
    """A paragraph wrapped to ``width`` (``None``: one line per line of its text)."""
    return [_strip([(line, paragraph.style)]) for line in _wrap(paragraph.text, width)]


def _longest_word(text: str) -> int:
    return max((cell_len(w) for w in text.split()), default=0)


def _natural(table: Table, n: int) -> int:
    texts = [table.columns[n].header, *(row[n].text for row in table.rows)]
    return max((cell_len(line) for text in texts for line in text.split("\n")), default=0)


def _least(table: Table, n: int) -> int:
    """The narrowest column ``n`` can be: its longest cell (a text column: its longest word,
    or :data:`_MIN_TEXT`), and its heading's longest word."""
    column = table.columns[n]
    if column.wrap:
        words = max((_longest_word(row[n].text) for row in table.rows), default=0)
        cells = min(_natural(table, n), max(words, _MIN_TEXT))
    else:
        cells = max(
            (cell_len(line) for row in table.rows for line in row[n].text.split("\n")), default=0
        )
    return max(cells, _longest_word(column.header), 1)


def _fit(table: Table, columns: Sequence[int], width: int | None) -> list[int] | None:
    """Widths for ``columns`` of ``table`` within ``width``, or ``None`` if they cannot fit."""
    natural = [_natural(table, n) for n in columns]
    room = None if width is None else width - GAP * (len(columns) - 1)
    if room is None or sum(natural) <= room:
        return natural
    widths = [_least(table, n) for n in columns]
    if sum(widths) > room:
        return None
    # The room left goes first to the text columns, in proportion to what each lacks, then to
    # the headings, up to their natural width, one column at a time from the left.
    spare = room - sum(widths)
    wrapping = [i for i, n in enumerate(columns) if table.columns[n].wrap]
    lacking = sum(natural[i] - widths[i] for i in wrapping)
    if lacking:
        share = min(spare, lacking)
        for i in wrapping:
            extra = share * (natural[i] - widths[i]) // lacking
            widths[i] += extra
            spare -= extra
    for i in [*wrapping, *range(len(columns))]:
        extra = min(spare, natural[i] - widths[i])
        widths[i] += extra
        spare -= extra
    return widths


def _aligned(text: str, width: int, align: Align) -> str:
    pad = width - cell_len(text)
    if align is Align.RIGHT:
        return " " * pad + text
    if align is Align.CENTER:
        return " " * (pad // 2) + text + " " * (pad - pad // 2)
    return text + " " * pad


def _layout(table: Table, columns: Sequence[int], widths: Sequence[int]) -> list[Line]:
    specs = [table.columns[n] for n in columns]
    heads = [_wrap(spec.header, w) for spec, w in zip(specs, widths, strict=True)]
    lines: list[Line] = []
    gap = (" " * GAP, None)
    for k in range(max(len(h) for h in heads)):
        line: Line = []
        for i, (spec, w) in enumerate(zip(specs, widths, strict=True)):
            # A wrapped heading sits on the rows just above the rule, as a stack.
            top = len(heads[i]) - (max(len(h) for h in heads) - k)
            text = heads[i][top] if top >= 0 else ""
            line += [*([gap] if i else []), (_aligned(text, w, spec.align), "bold")]
        lines.append(_strip(line))
    total = sum(widths) + GAP * (len(widths) - 1)
    lines.append([(RULE * total, "dim")])
    for r, row in enumerate(table.rows):
        if r in table.rules_before:
            lines.append([(RULE * total, "dim")])
        cells = [
            _wrap(row[n].text, w if spec.wrap else None)
            for n, spec, w in zip(columns, specs, widths, strict=True)
        ]
        for k in range(max(len(c) for c in cells)):
            line = []
            for i, n in enumerate(columns):
                text = cells[i][k] if k < len(cells[i]) else ""
                cell = (_aligned(text, widths[i], specs[i].align), row[n].style)
                line += [*([gap] if i else []), cell]
            lines.append(_strip(line))
    return lines


def _panels(table: Table, width: int) -> list[list[int]] | None:
    """The columns of each panel (the first column in every one), or ``None`` if one value
    column beside the first does not fit."""
    panels: list[list[int]] = []
    current = [0]
    for n in range(1, len(table.columns)):
        if _fit(table, [*current, n], width) is not None:
            current.append(n)
        elif len(current) > 1:
            panels.append(current)
            current = [0, n]
            if _fit(table, current, width) is None:
                return None
        else:
            return None
    panels.append(current)
    return panels


def _vertical(table: Table, width: int) -> list[Line]:
    lines: list[Line] = []
    for r, row in enumerate(table.rows):
        if r:
            lines.append([])
        lines += [[(text, "bold")] for text in _wrap(row[0].text, width)]
        for n in range(1, len(table.columns)):
            head = " ".join(table.columns[n].header.split())
            value = row[n].text.replace("\n", " ")
            if value:
                lines.append(_strip([("  " + head + ": ", None), (value, row[n].style)]))
    return lines


def table_lines(table: Table, width: int | None) -> list[Line]:
    """``table`` laid out within ``width`` columns (``None``: no limit), title and notes too."""
    lines: list[Line] = []
    if table.title:
        lines += [_strip([(text, "bold")]) for text in _wrap(table.title, width)]
    everything = list(range(len(table.columns)))
    widths = _fit(table, everything, width)
    if widths is not None:
        lines += _layout(table, everything, widths)
    else:
        assert width is not None  # without a limit, every table fits
        panels = _panels(table, width)
        if panels is None:
            lines += _vertical(table, width)
        else:
            for p, panel in enumerate(panels):
                if p:
                    lines.append([])
                fitted = _fit(table, panel, width)
                assert fitted is not None
                lines += _layout(table, panel, fitted)
    for note in table.notes:
        lines += paragraph_lines(Paragraph(note, "dim"), width)
    return lines


TIDY_COLUMNS = ("table", "row", "variable", "value")
"""The columns of the tidy form of a command's tables (``--format csv`` and ``parquet``): one
line per value, long format. ``table`` is the table's key, ``row`` the row's number in it (from
1), ``variable`` the column's key, ``value`` the cell's value as a script reads it (empty where
the table shows nothing). A table's row is the observation (``table``, ``row``); pivoting on
``variable`` gives the table back."""


def tidy_cells(tables: Sequence[Table]) -> Iterator[tuple[str, int, str, Cell]]:
    """Every cell of ``tables`` with its table's key, its row's number and its column's key."""
    for table in tables:
        for number, row in enumerate(table.rows, 1):
            for column, cell in zip(table.columns, row, strict=True):
                yield table.key, number, column.key, cell


def csv_text(tables: Sequence[Table]) -> str:
    """The tables as one tidy CSV (:data:`TIDY_COLUMNS`, a header first), the same in every
    language."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(TIDY_COLUMNS)
    for key, number, variable, cell in tidy_cells(tables):
        writer.writerow([key, number, variable, cell.data()])
    return out.getvalue()


def markdown_text(blocks: Sequence[Block]) -> str:
    """The blocks as Markdown: a table under a ``###`` heading of its title, paragraphs as
    they are (the words of the language, the numbers as shown)."""

    def escaped(text: str) -> str:
        return text.replace("|", "\\|").replace("\n", "<br>")

    out: list[str] = []
    for block in blocks:
        if out:
            out.append("")
        if isinstance(block, Paragraph):
            out.append(" ".join(block.text.split("\n")))
            continue
        if block.title:
            out += [f"### {block.title}", ""]
        out.append("| " + " | ".join(escaped(c.header) for c in block.columns) + " |")
        out.append(
            "|"
            + "|".join(
                "---:" if c.align is Align.RIGHT else ":---:" if c.align is Align.CENTER else "---"
                for c in block.columns
            )
            + "|"
        )
        out += ["| " + " | ".join(escaped(cell.text) for cell in row) + " |" for row in block.rows]
        out += ["", *block.notes] if block.notes else []
    return "\n".join(out) + "\n"
