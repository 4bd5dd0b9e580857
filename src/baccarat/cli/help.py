"""The help screens: every text in the command's language, and examples at the foot.

The commands write their help in English, as Typer reads it (docstrings, ``help=`` of options);
:func:`localize` walks the click command tree before a command line runs and replaces each
text by its translation under the context ``help`` (the extractor lists them all from the same
tree: :mod:`baccarat.cli.helptable`); a command built later from its module
(:mod:`baccarat.cli.registry`) is put in the language as it is built. A command's epilog holds
its examples, one command line a line (:func:`examples`); the help shows them under a
translated heading.

>>> import click
>>> command = click.Command("deal", help="Deal coups.", epilog=examples("baccarat deal -n 3"))
>>> localize(command, _Echo())
>>> print(command.get_help(click.Context(command, info_name="deal")))
Usage: deal [OPTIONS]
<BLANKLINE>
  Deal coups.
<BLANKLINE>
Options:
  --help  Show this message and exit.
<BLANKLINE>
  Examples:
<BLANKLINE>
    baccarat deal -n 3
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Protocol

import click

from baccarat.cli.registry import LazyCommands

__all__ = ["CONTEXT", "examples", "help_texts", "localize", "normalized", "show_defaults_one_way"]

CONTEXT = "help"
_EXAMPLES_MARK = "\x00examples\x00"
_HEADING = "Examples:"
_OPTIONS_METAVAR = "[OPTIONS]"
_SUBCOMMAND_METAVAR = "COMMAND [ARGS]..."
_COMMAND = _SUBCOMMAND_METAVAR.split()[0]
"""The placeholder an example may hold for any command (``baccarat COMMAND --help``): the help
writes it as the usage line does, the first word of :data:`_SUBCOMMAND_METAVAR` translated."""


_PLACEHOLDER = re.compile(r"\b[A-Z][A-Z_]*[A-Z]\b")
"""A word of a metavar that stands for what a person types (``FILE``, ``SEED``, ``BET`` and
``POINTS`` in ``BET=POINTS``), translated as the help texts write it (``--output FÁJL``); a
choice list's values (``[cpu|gpu]``) and a single letter (``N``) are what they are."""


class _Speaks(Protocol):
    def pgettext(self, context: str, message: str) -> str: ...


class _Echo:
    def pgettext(self, context: str, message: str) -> str:
        return message


def examples(*lines: str) -> str:
    """An epilog of example command lines (shown under "Examples:", never rewrapped)."""
    return _EXAMPLES_MARK + "\n".join(lines)


def normalized(text: str) -> str:
    """``text`` as one message: paragraphs kept, the line breaks within each joined.

    >>> normalized("Draw the roads, with the\\n    ask icons.\\n\\n    Exit code 0.")
    'Draw the roads, with the ask icons.\\n\\nExit code 0.'
    """
    import inspect

    paragraphs = inspect.cleandoc(text).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs if p.strip())


def _is_phrase(shown: object) -> bool:
    """Whether a default shown in words is words to translate (``8``, ``punto-banco`` and
    ``burn``, a flag's name, are not)."""
    return isinstance(shown, str) and " " in shown


def show_defaults_one_way(param: click.Parameter) -> None:
    """A default given in words shows as one given as a value (``[default: 8]``, not Typer's
    ``[default: (8)]``), in the help and the manual page alike."""
    if not isinstance(getattr(param, "show_default", None), str):
        return
    if not hasattr(param, "_get_default_string"):
        return
    original = param._get_default_string

    def unbracketed(**kwargs: object) -> str:
        text = str(original(**kwargs))
        return text[1:-1] if text.startswith("(") and text.endswith(")") else text

    param._get_default_string = unbracketed


def _walk(command: click.Command, *, built_only: bool = False) -> Iterator[click.Command]:
    """``command`` and the commands under it; ``built_only``: not those a lazy group would
    import its modules to build."""
    yield command
    if isinstance(command, click.Group):
        commands = command.commands
        names = commands.loaded() if built_only and isinstance(commands, LazyCommands) else commands
        for name in sorted(names):
            yield from _walk(commands[name], built_only=built_only)


def _metavar(param: click.Parameter, ctx: click.Context) -> str | None:
    """What the help shows for ``param``'s value (None: a flag, which takes none).

    >>> command = click.Command("x", params=[click.Option(["--out"], type=click.Path())])
    >>> _metavar(command.params[0], click.Context(command))
    'PATH'
    """
    if isinstance(param, click.Option) and (param.is_flag or param.count):
        return None
    return param.make_metavar(ctx)


def help_texts(command: click.Command) -> Iterator[tuple[str, str]]:
    """``(where, text)`` for every English text of the help screens under ``command``."""
    yield "usage", _OPTIONS_METAVAR
    yield "usage", _SUBCOMMAND_METAVAR
    yield "examples", _HEADING
    placeholders: set[str] = set()
    for cmd in _walk(command):
        where = cmd.name or "baccarat"
        if cmd.help:
            yield where, normalized(cmd.help)
        if cmd.short_help:
            yield f"{where} short", normalized(cmd.short_help)
        for param in cmd.params:
            text = getattr(param, "help", None)
            if text:
                yield f"{where} {param.name}", normalized(text)
            shown = getattr(param, "show_default", None)
            if _is_phrase(shown):
                yield f"{where} {param.name} default", str(shown)
            placeholders.update(_PLACEHOLDER.findall(_metavar(param, click.Context(cmd)) or ""))
    for word in sorted(placeholders):
        yield "placeholder", word


def _placeholders(line: str, t: _Speaks) -> str:
    """An example's placeholder for a command in the words of the usage line: ``baccarat LỆNH
    --help`` under ``Cách dùng: baccarat [TÙY CHỌN] LỆNH [ĐỐI SỐ]...``.

    >>> _placeholders("baccarat COMMAND --help", _Echo())
    'baccarat COMMAND --help'
    """
    command = t.pgettext(CONTEXT, _SUBCOMMAND_METAVAR).split()[0]
    return " ".join(command if word == _COMMAND else word for word in line.split(" "))


def localize(command: click.Command, t: _Speaks) -> None:
    """Put every help text under ``command`` in ``t``'s language, examples at the foot; and
    plain help (click's, which fits the terminal and speaks the language), not Rich panels."""

    def tr(text: str) -> str:
        return t.pgettext(CONTEXT, normalized(text))

    for cmd in _walk(command, built_only=True):
        if isinstance(cmd, click.Group) and isinstance(cmd.commands, LazyCommands):
            cmd.commands.on_load = lambda built: localize(built, t)
        if hasattr(cmd, "rich_markup_mode"):
            cmd.rich_markup_mode = None
        if cmd.help:
            cmd.help = tr(cmd.help)
        if cmd.short_help:
            cmd.short_help = tr(cmd.short_help)
        cmd.options_metavar = t.pgettext(CONTEXT, _OPTIONS_METAVAR)
        if isinstance(cmd, click.Group):
            cmd.subcommand_metavar = t.pgettext(CONTEXT, _SUBCOMMAND_METAVAR)
        if cmd.epilog and cmd.epilog.startswith(_EXAMPLES_MARK):
            lines = [
                _placeholders(line, t)
                for line in cmd.epilog.removeprefix(_EXAMPLES_MARK).splitlines()
            ]
            # \b keeps click from rewrapping the lines below it.
            cmd.epilog = "\n".join(
                [t.pgettext(CONTEXT, _HEADING), "", "\b", *(f"  {line}" for line in lines)]
            )
        ctx = click.Context(cmd)
        for param in cmd.params:
            text = getattr(param, "help", None)
            if text:
                param.help = tr(text)
            english = _metavar(param, ctx)
            if english is not None:
                placeholder = _PLACEHOLDER.sub(lambda m: t.pgettext(CONTEXT, m.group()), english)
                if placeholder != english:
                    param.metavar = placeholder
            shown = getattr(param, "show_default", None)
            if _is_phrase(shown):
                setattr(param, "show_default", t.pgettext(CONTEXT, str(shown)))  # noqa: B010
            show_defaults_one_way(param)
