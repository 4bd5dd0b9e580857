"""Running one command line: the language first, then the command; how every run ends.

- Bad input of any kind (click's usage errors, the package's refusals) is one line on standard
  error, ``baccarat: error: ...``, and exit code 2, in the command's language.
- A bare ``baccarat`` (or ``baccarat solve``) prints its help once, on standard output.
- A reader that stops early (``| head``) ends the run quietly with exit code 0.
- Ctrl-C ends it with a newline, a line that says so (a command with figures to sum up prints
  them first) and exit code 130.
- ``_BACCARAT_COMPLETE`` in the environment asks for shell completion (click's protocol).
"""

from __future__ import annotations

import os
import sys
from collections.abc import Sequence

import click
import typer

from baccarat.cli.clicktext import speaking
from baccarat.cli.help import localize
from baccarat.cli.language import active_translator, forget_translator, use_language_of_args
from baccarat.core.errors import BaccaratError, TemplatedError

__all__ = ["INTERRUPTED", "deprecated", "refuse", "run", "warn"]

PROG = "baccarat"
COMPLETE_VAR = "_BACCARAT_COMPLETE"
INTERRUPTED = 130
"""The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells report it."""


def error_line(exc: BaccaratError) -> str:
    """The error in the command's language when it has a template; else as it is (English)."""
    if not isinstance(exc, TemplatedError):
        return str(exc)
    from baccarat.i18n.errors import error_text

    return error_text(exc, active_translator())


def refuse(message: str) -> int:
    """Print a refusal on one line of standard error; the exit code of bad input."""
    sys.stderr.write(f"{PROG}: error: {' '.join(message.split())}\n")
    return 2


def warn(message: str) -> None:
    """Print a warning on one line of standard error."""
    warning = active_translator().gettext("warning")
    sys.stderr.write(f"{PROG}: {warning}: {message}\n")


_pending: list[str] = []
"""Warnings shown once the command has run (a refusal stays one line)."""


def deprecated(old: str, new: str) -> None:
    """Say, after the command's output, that option ``old`` is deprecated in favour of ``new``
    (a command line refused for another reason says only that)."""
    text = active_translator().gettext("{old} is deprecated: use {new}")
    _pending.append(text.format(old=old, new=new))


def _flush_warnings() -> None:
    for message in _pending:
        warn(message)
    _pending.clear()


def _interrupted() -> int:
    stopped = active_translator().gettext("interrupted")
    sys.stderr.write(f"\n{PROG}: {stopped}\n")
    return INTERRUPTED


def _broken_pipe() -> int:
    # Nothing more reaches the reader; point standard output at nothing, so the interpreter's
    # last flush at exit does not fail a second time.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):  # pragma: no cover - a stream with no file
        pass
    return 0


def run(app: typer.Typer, args: Sequence[str]) -> int:
    """Run ``baccarat ARGS``; the exit code (a command's ``SystemExit`` passes through)."""
    forget_translator()
    _pending.clear()
    translator = use_language_of_args(args)
    command = typer.main.get_command(app)
    localize(command, translator)
    with speaking(translator):
        try:
            if os.environ.get(COMPLETE_VAR):
                # Typer's answers, in the form its scripts read (baccarat completion SHELL).
                from typer._completion_classes import completion_init

                completion_init()
                command._main_shell_completion({}, PROG, COMPLETE_VAR)
            with command.make_context(PROG, list(args)) as ctx:
                try:
                    code = command.invoke(ctx)
                except SystemExit as exc:
                    if exc.code in (0, 1, None):  # a result (verify's exit 1), not a refusal
                        _flush_warnings()
                    raise
        except click.exceptions.NoArgsIsHelpError as exc:
            sys.stdout.write(exc.ctx.get_help() + "\n")
            return 0
        except click.exceptions.Exit as exc:
            return exc.exit_code
        except (click.exceptions.Abort, KeyboardInterrupt):
            return _interrupted()
        except click.ClickException as exc:
            return refuse(exc.format_message())
        except BaccaratError as exc:
            return refuse(error_line(exc))
        except BrokenPipeError:
            return _broken_pipe()
        try:
            sys.stdout.flush()
        except BrokenPipeError:
            return _broken_pipe()
        _flush_warnings()
    # A command's return value is its exit code (typer.Exit(n) comes here as n too).
    return code if isinstance(code, int) else 0
