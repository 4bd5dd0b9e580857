"""The console every command prints tables to.

Rich wraps and crops tables to the terminal's width, and to 80 columns when the output is not a
terminal. Piped into a file or another program, a wide table (effects of removal, PAR sheets)
would lose its numbers to ellipses, so there it gets a generous width instead, unless COLUMNS
says otherwise.
"""

from __future__ import annotations

import os
import sys

from rich.console import Console

__all__ = ["PIPED_WIDTH", "console"]

PIPED_WIDTH = 160


def console() -> Console:
    """A console for a command's standard output (no syntax highlighting of numbers)."""
    piped = not sys.stdout.isatty() and "COLUMNS" not in os.environ
    return Console(highlight=False, width=PIPED_WIDTH if piped else None)
