"""``python -m baccarat`` and the ``baccarat`` script: the command line, Ctrl-C caught from the
first import on.

Loading the command line takes a good part of a second (typer, click, then the command's own
libraries), and a Ctrl-C in that time would end in a traceback: this module imports nothing
but the standard library before it is ready for one, and ends such a run as every other, with
one line and exit code 130 (:mod:`baccarat.cli.entry`).
"""

from __future__ import annotations

import contextlib
import signal
import sys

__all__ = ["main"]


def main() -> None:
    """Run the ``baccarat`` command line; Ctrl-C at any moment is one line and exit code 130."""
    try:
        from baccarat.cli import main as run_command_line

        run_command_line()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # the line is written whole
        entry = sys.modules.get("baccarat.cli.entry")
        stopped = getattr(entry, "interrupted", None)
        if stopped is None:
            # Stopped before the command line could speak the command's language.
            with contextlib.suppress(OSError, ValueError, AttributeError):
                sys.stderr.write("\nbaccarat: interrupted\n")
            raise SystemExit(130) from None
        raise SystemExit(stopped()) from None
    # What is left (the interpreter's exit) takes no Ctrl-C that would print a traceback.
    signal.signal(signal.SIGINT, signal.SIG_IGN)


if __name__ == "__main__":
    main()
