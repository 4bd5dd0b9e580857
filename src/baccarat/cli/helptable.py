"""Every help text of the command line, as a table the message extractor finds.

Read from the command tree itself (:func:`baccarat.cli.help.help_texts`), so a new option's help
is in the catalogs as soon as the extractor runs; nothing imports this module at run time.
"""

from __future__ import annotations

import typer

from baccarat.cli import app
from baccarat.cli.help import CONTEXT, help_texts
from baccarat.core.messages import MessageTable

__all__ = ["HELP"]

HELP = MessageTable(
    {
        f"{where} #{n}": text
        for n, (where, text) in enumerate(help_texts(typer.main.get_command(app)))
    },
    context=CONTEXT,
)
"""The help texts, in English, keyed by where they appear."""
