"""Where every command prints: text fitted to the terminal, tables in five formats, JSON lines.

On a terminal, text is wrapped and tables are laid out to its width (or ``COLUMNS``), in colour.
Piped into a file or another program, output has no fixed width: lines are as long as their
text, tables as wide as their columns, unless ``COLUMNS`` asks for a width. No line ends in a
space either way.

``--output FILE`` sends a command's output in any ``--format`` to a file instead, written whole
(into a file beside it, then renamed) once the output is made: a failed run leaves no half file.
``--format parquet`` writes the tables' tidy form (:data:`baccarat.cli.format.TIDY_COLUMNS`, and
``number``: the value as a number where it is one) as a Parquet file, to ``--output FILE`` or to
a pipe, never to a terminal.

A ``--json`` document is one line, its ``schema`` field first (``baccarat.<type>/<version>``,
see :mod:`baccarat.records.schema` and docs/json.md).

>>> screen = Screen(width=30, styled=False)
>>> screen.paragraph("Effects of removal - rules punto-banco, 8 decks: the change")
Effects of removal - rules
punto-banco, 8 decks: the
change
"""

from __future__ import annotations

import io
import json
import os
import sys
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

from baccarat.cli.format import (
    Block,
    Line,
    Paragraph,
    Table,
    csv_text,
    hanging_indent,
    markdown_text,
    paragraph_lines,
    table_lines,
    tidy_cells,
)
from baccarat.cli.options import DESTINATION, OutputFormat

if TYPE_CHECKING:
    # The records load with the first JSON line: their package builds the rule catalogue.
    from baccarat.records import RecordType

__all__ = [
    "Screen",
    "console",
    "json_line",
    "parquet_bytes",
    "print_json",
    "screen",
    "show",
    "width",
]

_UNLIMITED = 1_000_000
"""The width Rich is given when output has no fixed width (it never wraps then)."""


def width() -> int | None:
    """The width output is laid out to: ``COLUMNS`` when set, else the terminal's; ``None``
    (no limit) when standard output is not a terminal."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit() and int(columns) > 0:
        return int(columns)
    if not sys.stdout.isatty():
        return None
    return Console().width


class _Console(Console):
    """Rich's console, but a reader that stopped reading ends the command quietly (exit 0,
    :mod:`baccarat.cli.entry`), not with Rich's exit code 1."""

    def on_broken_pipe(self) -> None:
        raise BrokenPipeError


def console() -> Console:
    """A console for a command's standard output: colour on a terminal, no wrapping by Rich
    (text is wrapped by :class:`Screen`), no syntax highlighting of numbers."""
    shown = width()
    return _Console(highlight=False, soft_wrap=True, width=shown or _UNLIMITED)


class Screen:
    """Paragraphs and tables laid out to a width, printed on a console (no trailing spaces)."""

    def __init__(self, width: int | None, styled: bool = True, out: Console | None = None) -> None:
        self.width = width
        self.styled = styled
        self.console = out or _Console(
            highlight=False,
            soft_wrap=True,
            width=width or _UNLIMITED,
            no_color=not styled,
            force_terminal=None if styled else False,
        )

    def lines(self, lines: Sequence[Line]) -> None:
        for line in lines:
            text = Text()
            for piece, style in line:
                text.append(piece, style=style if self.styled else None)
            self.console.print(text, soft_wrap=True)

    def paragraph(self, text: str, style: str | None = None) -> None:
        self.lines(paragraph_lines(Paragraph(text, style), self.width))

    def markup(self, text: str) -> None:
        """Rich markup (colours), wrapped at spaces to the width, no line ending in a space."""
        rich_text = Text.from_markup(text)
        if not self.styled:
            self.paragraph(rich_text.plain)
            return
        for line in rich_text.split("\n"):
            if not self.width or cell_len(line.plain) <= self.width:
                pieces = [line]
            else:
                # The rest of a wrapped line hangs under its text, as paragraph() puts it.
                hang = hanging_indent(line.plain, self.width)
                body = line[hang:].wrap(self.console, self.width - hang)
                pieces = [line[:hang] + body[0], *(Text(" " * hang) + piece for piece in body[1:])]
            for piece in pieces:
                piece.rstrip()
                self.console.print(piece, soft_wrap=True)

    def blank(self) -> None:
        self.console.print()

    def table(self, table: Table) -> None:
        self.lines(table_lines(table, self.width))

    def blocks(self, blocks: Sequence[Block]) -> None:
        """Paragraphs and tables, a blank line after each table."""
        for block in blocks:
            if isinstance(block, Paragraph):
                self.paragraph(block.text, block.style)
            else:
                self.table(block)
                self.blank()


def screen() -> Screen:
    """The screen of a command's standard output."""
    out = console()
    return Screen(width(), styled=out.is_terminal, out=out)


def _destination() -> Path | None:
    """The file of ``--output`` (:func:`baccarat.cli.options.output_format` keeps it)."""
    import click

    context = click.get_current_context(silent=True)
    return None if context is None else context.meta.get(DESTINATION)


def _write_file(path: Path, data: bytes) -> None:
    """``data`` as the file ``path``: written beside it, then renamed over it (never half)."""
    from baccarat.cli.errors import CliError
    from baccarat.cli.files import reason_of

    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        partial.write_bytes(data)
        os.replace(partial, path)
    except OSError as exc:
        partial.unlink(missing_ok=True)
        raise CliError("cannot_write", path=str(path), reason=reason_of(exc)) from None


def parquet_bytes(tables: Sequence[Table]) -> bytes:
    """The tables' tidy form as a Parquet file: :data:`baccarat.cli.format.TIDY_COLUMNS`, then
    ``number`` (the value as a float where it is a number, else null); an empty value is null."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    cells = list(tidy_cells(tables))
    frame = pa.table(
        {
            "table": pa.array([c[0] for c in cells], pa.string()),
            "row": pa.array([c[1] for c in cells], pa.int64()),
            "variable": pa.array([c[2] for c in cells], pa.string()),
            "value": pa.array([c[3].data() or None for c in cells], pa.string()),
            "number": pa.array([c[3].number() for c in cells], pa.float64()),
        },
        metadata={"baccarat": "tidy/1"},
    )
    out = io.BytesIO()
    pq.write_table(frame, out)
    return out.getvalue()


def _text(fmt: OutputFormat, shown: Sequence[Block]) -> str:
    """``shown`` in a text format, as written to a file (no width, no colour)."""
    if fmt is OutputFormat.CSV:
        return csv_text([b for b in shown if isinstance(b, Table)])
    if fmt is OutputFormat.MD:
        return markdown_text(shown)
    out = io.StringIO()
    plain_console = _Console(
        file=out, highlight=False, soft_wrap=True, width=_UNLIMITED, no_color=True,
        force_terminal=False,
    )  # fmt: skip
    Screen(None, styled=False, out=plain_console).blocks(shown)
    return out.getvalue()


def show(
    fmt: OutputFormat,
    blocks: Callable[[], Sequence[Block]],
    record: Callable[[], tuple[RecordType, Mapping[str, Any]]],
) -> None:
    """Print a command's output in ``fmt``: its record as JSON, else its blocks (to the file of
    ``--output``, when given)."""
    target = _destination()
    if fmt is OutputFormat.JSON:
        if target is not None:
            _write_file(target, json_line(*record()).encode())
        else:
            print_json(*record())
        return
    shown = blocks()
    if fmt is OutputFormat.PARQUET:
        data = parquet_bytes([b for b in shown if isinstance(b, Table)])
        if target is not None:
            _write_file(target, data)
        else:
            sys.stdout.flush()
            sys.stdout.buffer.write(data)
            sys.stdout.buffer.flush()
    elif target is not None:
        _write_file(target, _text(fmt, shown).encode())
    elif fmt is OutputFormat.CSV:
        sys.stdout.write(csv_text([b for b in shown if isinstance(b, Table)]))
    elif fmt is OutputFormat.MD:
        sys.stdout.write(markdown_text(shown))
    else:
        screen().blocks(shown)


def json_line(kind: RecordType, record: Mapping[str, Any]) -> str:
    """``record`` as one line of JSON tagged as ``kind``, text as is (no ``\\u`` escapes).

    >>> from baccarat.records import RecordType
    >>> print(json_line(RecordType.SERVE, {"url": "http://127.0.0.1:8000/"}), end="")
    {"schema": "baccarat.serve/1", "url": "http://127.0.0.1:8000/"}
    """
    from baccarat.records import tagged

    return json.dumps(tagged(kind, record), ensure_ascii=False) + "\n"


def print_json(kind: RecordType, record: Mapping[str, Any]) -> None:
    """Print ``record`` tagged as ``kind`` on one line of standard output (flushed: a reader
    of ``serve --json`` gets the line before the server starts)."""
    sys.stdout.write(json_line(kind, record))
    sys.stdout.flush()
