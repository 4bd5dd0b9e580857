"""Where every command prints: the console for tables, :func:`print_json` for ``--json``.

Rich wraps and crops tables to the terminal's width, and to 80 columns when the output is not a
terminal. Piped into a file or another program, a wide table (effects of removal, PAR sheets)
would lose its numbers to ellipses, so there it gets a generous width instead, unless COLUMNS
says otherwise.

A ``--json`` document is one line, its ``schema`` field first (``baccarat.<type>/<version>``,
see :mod:`baccarat.records.schema` and docs/json.md).
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Mapping
from typing import Any

from rich.console import Console

from baccarat.records import RecordType, tagged

__all__ = ["PIPED_WIDTH", "console", "json_line", "print_json"]

PIPED_WIDTH = 160


def console() -> Console:
    """A console for a command's standard output (no syntax highlighting of numbers)."""
    piped = not sys.stdout.isatty() and "COLUMNS" not in os.environ
    return Console(highlight=False, width=PIPED_WIDTH if piped else None)


def json_line(kind: RecordType, record: Mapping[str, Any]) -> str:
    """``record`` as one line of JSON tagged as ``kind``, text as is (no ``\\u`` escapes).

    >>> print(json_line(RecordType.SERVE, {"url": "http://127.0.0.1:8000/"}), end="")
    {"schema": "baccarat.serve/1", "url": "http://127.0.0.1:8000/"}
    """
    return json.dumps(tagged(kind, record), ensure_ascii=False) + "\n"


def print_json(kind: RecordType, record: Mapping[str, Any]) -> None:
    """Print ``record`` tagged as ``kind`` on one line of standard output (flushed: a reader
    of ``serve --json`` gets the line before the server starts)."""
    sys.stdout.write(json_line(kind, record))
    sys.stdout.flush()
