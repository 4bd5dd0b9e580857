"""The ``baccarat`` command line: Typer commands over every layer, ``--json`` everywhere.

Each feature lives in its own module with a ``register(app)`` function; :func:`main` turns every
error of bad input into one line on standard error and exit code 2.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from collections.abc import Sequence

import click
import typer

from baccarat.cli.language import active_translator, forget_translator
from baccarat.core.errors import BaccaratError, TemplatedError

__all__ = ["app", "main"]

app = typer.Typer(
    name="baccarat",
    help="Learn, play (virtual points only) and analyse Punto Banco baccarat.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

# Every module of this package that defines ``register(app)`` adds its commands, so a feature's
# command lives beside nothing else and adding one touches no shared file.
for _info in sorted(pkgutil.iter_modules(__path__), key=lambda info: info.name):
    _module = importlib.import_module(f"{__name__}.{_info.name}")
    if hasattr(_module, "register"):
        _module.register(app)


def fail(message: str) -> None:
    """Print one line on standard error and exit with code 2."""
    sys.stderr.write(f"baccarat: error: {message}\n")
    raise SystemExit(2)


def _error_line(exc: BaccaratError) -> str:
    """The error in the command's language when it has a template; else as it is (English)."""
    if not isinstance(exc, TemplatedError):
        return str(exc)
    from baccarat.i18n.errors import error_text

    return error_text(exc, active_translator())


def main(argv: Sequence[str] | None = None) -> None:
    """Run the command line; bad input is one line on stderr and exit code 2, never a traceback."""
    command = typer.main.get_command(app)
    forget_translator()
    try:
        code = command.main(
            args=list(argv) if argv is not None else None,
            prog_name="baccarat",
            standalone_mode=False,
        )
    except click.exceptions.Abort:
        sys.stderr.write("baccarat: aborted\n")
        raise SystemExit(130) from None
    except click.exceptions.NoArgsIsHelpError as exc:
        sys.stdout.write(exc.ctx.get_help() + "\n" if exc.ctx else "")
    except click.UsageError as exc:
        fail(" ".join(exc.format_message().split()))
    except click.exceptions.Exit as exc:
        raise SystemExit(exc.exit_code) from None
    except BaccaratError as exc:
        fail(_error_line(exc))
    else:
        # With standalone_mode=False click returns a command's exit code (typer.Exit(n)).
        if isinstance(code, int) and code != 0:
            raise SystemExit(code)
