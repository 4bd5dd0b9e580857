"""The ``baccarat`` command line: Typer commands over every layer, ``--json`` everywhere.

Each feature lives in its own module with a ``register(app)`` function, listed in
:data:`baccarat.cli.registry.COMMANDS`; a command line imports only the module of the command it
runs. :func:`main` runs a command line (:mod:`baccarat.cli.entry`): every error of bad input is
one line on standard error and exit code 2, in the command's language, and the help speaks it
too.
"""

from __future__ import annotations

import gc
import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from baccarat.cli.help import examples
from baccarat.cli.language import LangOption, active_translator
from baccarat.cli.registry import CommandGroup

__all__ = ["COMMAND_GC_THRESHOLD", "app", "fail", "main", "version"]

COMMAND_GC_THRESHOLD = 100_000
"""Allocations between two collections of young objects in a ``baccarat`` process (Python's
default: 700). A command's imports (numba's above all) allocate millions of objects that live as
long as the process; at the default, collections ran through them again and again while they
were made (``bench/bench_startup.py``)."""

app = typer.Typer(
    name="baccarat",
    cls=CommandGroup,
    help="Learn, play (virtual points only) and analyse Punto Banco baccarat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def version() -> str:
    """The installed version (the source's when run from a checkout)."""
    from importlib.metadata import PackageNotFoundError
    from importlib.metadata import version as installed

    try:
        return installed("baccarat")
    except PackageNotFoundError:
        from baccarat import __version__

        return __version__


def _show_version(value: bool) -> None:
    if value:
        sys.stdout.write(f"baccarat {version()}\n")
        raise typer.Exit()


@app.callback(
    epilog=examples(
        "baccarat deal --coups 3 --seed 7",
        "baccarat odds --rules ez",
        "baccarat COMMAND --help",
    )
)
def _root(
    show_version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=_show_version,
            help="Show the version and exit.",
        ),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Learn, play (virtual points only) and analyse Punto Banco baccarat."""
    # --lang is read before the command line runs (the help speaks it); nothing to do here.


def fail(message: str) -> None:
    """Print one line on standard error and exit with code 2."""
    error = active_translator().gettext("error")
    sys.stderr.write(f"baccarat: {error}: {message}\n")
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line; bad input is one line on stderr and exit code 2, never a traceback.

    Without ``argv`` it runs the process's own command line, and tunes the process's collector
    for a command: young objects are collected less often (:data:`COMMAND_GC_THRESHOLD`), and
    once the command is done what it built is frozen, so the interpreter's last collection at
    exit does not go through it (some 0.25 s once numba's kernels are loaded). The files a
    command writes are closed by the command itself, never left to that collection.
    """
    from baccarat.cli.entry import run

    whole_process = argv is None
    if whole_process:
        gc.set_threshold(COMMAND_GC_THRESHOLD, *gc.get_threshold()[1:])
    try:
        code = run(app, list(argv) if argv is not None else sys.argv[1:])
    finally:
        if whole_process:
            gc.freeze()
    if code != 0:
        raise SystemExit(code)
