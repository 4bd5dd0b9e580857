"""The ``baccarat`` command line: Typer commands over every layer, ``--json`` everywhere.

Each feature lives in its own module with a ``register(app)`` function, listed in
:data:`baccarat.cli.registry.COMMANDS`; a command line imports only the module of the command it
runs. :func:`main` runs a command line (:mod:`baccarat.cli.entry`): every error of bad input is
one line on standard error and exit code 2, in the command's language, and the help speaks it
too.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Annotated

import typer

from baccarat.cli.help import examples
from baccarat.cli.language import LangOption
from baccarat.cli.registry import CommandGroup

__all__ = ["app", "fail", "main", "version"]

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
    sys.stderr.write(f"baccarat: error: {message}\n")
    raise SystemExit(2)


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line; bad input is one line on stderr and exit code 2, never a traceback."""
    from baccarat.cli.entry import run

    code = run(app, list(argv) if argv is not None else sys.argv[1:])
    if code != 0:
        raise SystemExit(code)
