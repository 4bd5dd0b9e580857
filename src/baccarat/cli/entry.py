"""Running one command line: the language first, then the command; how every run ends.

- Bad input of any kind (click's usage errors, the package's refusals) is one line on standard
  error, ``baccarat: error: ...``, and exit code 2, in the command's language; with ``--json``
  on the command line that line is one JSON object, ``{"error": {"code": ..., ...}}``.
- A bare ``baccarat`` (or ``baccarat solve``) prints its help once, on standard output.
- A reader that stops early (``| head``) ends the run quietly with exit code 141 (128 + SIGPIPE,
  as a shell reports ``seq``, ``cat`` or ``git`` stopped the same way).
- Standard output that cannot be written (a full disk, a closed descriptor) is one line,
  ``baccarat: error: cannot write standard output: ...``, and exit code 2 (1 is a result:
  ``verify``'s mismatch).
- Ctrl-C ends it with a newline, a line that says so (a command with figures to sum up prints
  them first) and exit code 130; :mod:`baccarat.__main__` catches one that comes during the
  imports too.
- ``_BACCARAT_COMPLETE`` in the environment asks for shell completion (click's protocol).
"""

from __future__ import annotations

import errno
import itertools
import json
import math
import os
import re
import sys
import warnings
from collections.abc import Mapping, Sequence
from typing import Any, TextIO

import click
import typer

from baccarat.cli.clicktext import speaking
from baccarat.cli.help import localize
from baccarat.cli.language import active_translator, forget_translator, use_language_of_args
from baccarat.core.errors import BaccaratError, TemplatedError, quoted_fields, shown_input

__all__ = [
    "BROKEN_PIPE",
    "INTERRUPTED",
    "StdoutError",
    "deprecated",
    "interrupted",
    "refuse",
    "run",
    "warn",
]

PROG = "baccarat"
COMPLETE_VAR = "_BACCARAT_COMPLETE"
INTERRUPTED = 130
"""The exit code of a run stopped by Ctrl-C (128 + SIGINT), as shells report it."""
BROKEN_PIPE = 141
"""The exit code of a run whose reader stopped reading (128 + SIGPIPE), as shells report it."""
BAD_INPUT = 2
"""The exit code of a refusal, and of output that cannot be written."""

_as_json = False
"""Whether this run's errors are JSON (``--json`` or ``--format json`` on its command line)."""


class StdoutError(Exception):
    """Standard output cannot be written: its ``error`` says why (a closed pipe is not one of
    these, it stays a :class:`BrokenPipeError`)."""

    def __init__(self, error: OSError) -> None:
        super().__init__(error.strerror or str(error))
        self.error = error


class _Output:
    """Standard output, whose write errors are :class:`StdoutError` wherever a command writes
    (Rich, click and ``sys.stdout.write`` alike), so that a command that catches ``OSError`` for
    its own files never takes one for the other. ``None`` is a descriptor the shell closed."""

    def __init__(self, stream: TextIO | None) -> None:
        self.stream = stream

    def write(self, text: str) -> int:
        if self.stream is None:
            raise StdoutError(OSError(errno.EBADF, os.strerror(errno.EBADF)))
        try:
            return self.stream.write(text)
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutError(exc) from None

    def flush(self) -> None:
        if self.stream is None:
            return
        try:
            self.stream.flush()
        except BrokenPipeError:
            raise
        except OSError as exc:
            raise StdoutError(exc) from None

    def isatty(self) -> bool:
        return self.stream is not None and self.stream.isatty()

    def __getattr__(self, name: str) -> Any:
        if self.stream is None:
            if name == "encoding":
                return "utf-8"
            raise AttributeError(name)
        return getattr(self.stream, name)


def error_line(exc: BaccaratError) -> str:
    """The error in the command's language when it has a template; else as it is (English)."""
    if not isinstance(exc, TemplatedError):
        return str(exc)
    from baccarat.i18n.errors import error_text

    return error_text(exc, active_translator())


def _say(line: str) -> None:
    """Write ``line`` on standard error; where that cannot be written, the exit code says all."""
    try:
        sys.stderr.write(line)
        sys.stderr.flush()
    except (OSError, ValueError, AttributeError):
        pass


def _wants_json(args: Sequence[str]) -> bool:
    words = list(args[: args.index("--")] if "--" in args else args)
    if "--json" in words or "--format=json" in words:
        return True
    return any(a == "--format" and b == "json" for a, b in itertools.pairwise(words))


def _report(kind: str, code: str, message: str, params: Mapping[str, object] | None) -> None:
    """One line of standard error, ``baccarat: KIND: MESSAGE`` (the word in the command's
    language), or with ``--json`` one JSON object, ``{KIND: {"code", "message", "params"}}``."""
    text = " ".join(message.split())
    if _as_json:
        body: dict[str, object] = {"code": code, "message": text}
        if params:
            body["params"] = params
        _say(json.dumps({kind: body}, ensure_ascii=False) + "\n")
    else:
        _say(f"{PROG}: {_word(kind)}: {text}\n")


def _word(kind: str) -> str:
    """The word between "baccarat:" and the message, in the command's language."""
    t = active_translator()
    if kind == "warning":
        # Translators: the word between "baccarat:" and a warning on the command line.
        return t.gettext("warning")
    # Translators: the word between "baccarat:" and a refusal on the command line.
    return t.gettext("error")


def _error(code: str, message: str, params: Mapping[str, object] | None = None) -> None:
    """One error line: ``baccarat: error: MESSAGE``, or with ``--json`` one JSON object."""
    _report("error", code, message, params)


def refuse(message: str, code: str = "error") -> int:
    """Print a refusal on one line of standard error; the exit code of bad input."""
    _error(code, message)
    return BAD_INPUT


def _json_param(value: object, quoted: bool) -> object:
    if isinstance(value, TemplatedError):
        return error_line(value)
    if isinstance(value, bool | int | None):
        return value
    if isinstance(value, float):
        return value if math.isfinite(value) else str(value)
    text = value if isinstance(value, str) else str(value)
    return shown_input(text) if quoted else text


def _refuse_error(exc: BaccaratError) -> int:
    if not isinstance(exc, TemplatedError):
        return refuse(str(exc))
    quoted = quoted_fields(exc.template)
    params = {key: _json_param(value, key in quoted) for key, value in exc.params.items()}
    _error(exc.code, error_line(exc), params)
    return BAD_INPUT


def _click_code(exc: click.ClickException) -> str:
    """A click refusal's code: its class in snake case (``no_such_option``, ``bad_parameter``)."""
    return re.sub(r"(?<!^)(?=[A-Z])", "_", type(exc).__name__).lower()


def warn(message: str, code: str = "warning", params: Mapping[str, object] | None = None) -> None:
    """Print a warning on one line of standard error: ``baccarat: warning: MESSAGE``, or with
    ``--json`` one JSON object, ``{"warning": {"code": ..., "message": ..., "params": ...}}``
    (``code`` stable, as a refusal's is)."""
    _report("warning", code, message, params)


_pending: list[tuple[str, str, dict[str, object]]] = []
"""Warnings shown once the command has run (a refusal stays one line): code, message, params."""


def deprecated(old: str, new: str) -> None:
    """Say, after the command's output, that option ``old`` is deprecated in favour of ``new``
    (a command line refused for another reason says only that)."""
    text = active_translator().gettext("{old} is deprecated: use {new}")
    _pending.append(("deprecated", text.format(old=old, new=new), {"old": old, "new": new}))


def _flush_warnings() -> None:
    for code, message, params in _pending:
        warn(message, code, params)
    _pending.clear()


def interrupted(language_known: bool = True) -> int:
    """Say that Ctrl-C stopped the run (in the command's language once it is known); 130."""
    stopped = active_translator().gettext("interrupted") if language_known else "interrupted"
    if _as_json:
        _error("interrupted", stopped)
    else:
        _say(f"\n{PROG}: {stopped}\n")
    return INTERRUPTED


def _silence_output() -> None:
    # Nothing more reaches the reader; point standard output at nothing, so the interpreter's
    # last flush at exit does not fail a second time.
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.__stdout__.fileno())  # type: ignore[union-attr]
    except (OSError, ValueError, AttributeError):  # a stream with no file (or none)
        pass


def _broken_pipe() -> int:
    _silence_output()
    return BROKEN_PIPE


def _output_lost(exc: StdoutError) -> int:
    _silence_output()
    text = active_translator().gettext("cannot write standard output: {reason}")
    _error("cannot_write_output", text.format(reason=exc), {"reason": str(exc)})
    return BAD_INPUT


def _show_warning_with(shown: Any) -> Any:
    """Python's warning printer, but kernels without a cache are one line in the language."""

    def show(message: Warning | str, category: type[Warning], *args: Any, **kwargs: Any) -> None:
        jitcache = sys.modules.get("baccarat.odds.jitcache")
        if jitcache is not None and issubclass(category, jitcache.UncachedKernels):
            from baccarat.cli.kernelcache import uncached_message

            source = getattr(message, "source", str(message))
            warn(uncached_message(source), "uncached_kernels", {"file": source})
            return
        shown(message, category, *args, **kwargs)

    return show


def run(app: typer.Typer, args: Sequence[str]) -> int:
    """Run ``baccarat ARGS``; the exit code (a command's ``SystemExit`` passes through)."""
    global _as_json
    _as_json = _wants_json(args)
    stdout, show_warning = sys.stdout, warnings.showwarning
    sys.stdout = _Output(stdout)
    warnings.showwarning = _show_warning_with(show_warning)
    try:
        return _run(app, args)
    finally:
        sys.stdout, warnings.showwarning = stdout, show_warning


def _run(app: typer.Typer, args: Sequence[str]) -> int:
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
            sys.stdout.flush()
        except click.exceptions.NoArgsIsHelpError as exc:
            try:
                sys.stdout.write(exc.ctx.get_help() + "\n")
                sys.stdout.flush()
            except BrokenPipeError:
                return _broken_pipe()
            except StdoutError as lost:
                return _output_lost(lost)
            return 0
        except click.exceptions.Exit as exc:
            return exc.exit_code
        except (click.exceptions.Abort, KeyboardInterrupt):
            return interrupted()
        except click.ClickException as exc:
            return refuse(exc.format_message(), _click_code(exc))
        except BaccaratError as exc:
            return _refuse_error(exc)
        except BrokenPipeError:
            return _broken_pipe()
        except StdoutError as exc:
            return _output_lost(exc)
        _flush_warnings()
    # A command's return value is its exit code (typer.Exit(n) comes here as n too).
    return code if isinstance(code, int) else 0
