"""The manual page ``baccarat(1)``, written from the command tree: every command, its options
(with their defaults, as ``--help`` shows them) and its examples, in English.

``make man`` (``python -m baccarat.cli.manpage``) writes ``docs/baccarat.1``; a test fails while
the committed page differs from what the commands say, and checks that groff renders it without
a warning. ``man -l docs/baccarat.1`` reads it.

>>> print(roff("--seed 7 .x"))
\\-\\-seed 7 .x
>>> print(roff(".hidden"))
\\&.hidden
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import click

from baccarat.cli.help import show_defaults_one_way

__all__ = ["PAGE", "main", "manual", "roff"]

PAGE = Path("docs") / "baccarat.1"
"""Where ``make man`` writes the page, from the repository's root."""

_EXAMPLES_MARK = "\x00examples\x00"

_EXIT_STATUS = (
    ("0", "The command did what was asked (a reader that stopped reading early included)."),
    ("1", "verify: the shoe does not match its seeds."),
    ("2", "Bad input: one line on standard error says why; nothing was written."),
    ("130", "Interrupted (Ctrl-C)."),
)
_ENVIRONMENT = (
    ("BACCARAT_LANG", "The language of the output, the messages and the help (en, vi, hu)."),
    ("LC_ALL, LC_MESSAGES, LANG", "The language, when BACCARAT_LANG and --lang are not given."),
    ("COLUMNS", "The width tables and text are laid out to (else the terminal's)."),
    ("BACCARAT_DATABASE_URL", "The ledger of serve and ledger (else SQLite in ./data/)."),
)


def roff(text: str) -> str:
    """``text`` safe in a roff line: backslashes and hyphens escaped (an option's dashes are
    the ASCII ones), any other character beyond ASCII as its Unicode escape (troff reads its
    input as Latin-1), a line never starting with a control character.

    >>> print(roff("--bankroll (10 … 1000)"))
    \\-\\-bankroll (10 \\[u2026] 1000)
    """
    escaped = text.replace("\\", "\\e").replace("-", "\\-")
    escaped = "".join(c if ord(c) < 128 else f"\\[u{ord(c):04X}]" for c in escaped)
    lines = [
        ("\\&" + line if line.startswith((".", "'")) else line) for line in escaped.split("\n")
    ]
    return "\n".join(lines)


def _paragraphs(text: str) -> Iterator[str]:
    """The paragraphs of a help text, each on one line."""
    for paragraph in text.split("\n\n"):
        joined = " ".join(paragraph.split())
        if joined:
            yield joined


def _commands(group: click.Group, ctx: click.Context) -> Iterator[tuple[str, click.Command]]:
    for name in group.list_commands(ctx):
        command = group.get_command(ctx, name)
        if command is None or command.hidden:
            continue
        if isinstance(command, click.Group):
            yield from (
                (f"{name} {sub}", c)
                for sub, c in _commands(command, click.Context(command, parent=ctx, info_name=name))
            )
        else:
            yield name, command


def _command_section(path: str, command: click.Command, root: click.Context) -> list[str]:
    ctx = click.Context(command, parent=root, info_name=path)
    lines = [f'.SS "baccarat {roff(path)}"']
    usage = " ".join(command.collect_usage_pieces(ctx))
    lines.append(f"\\fBbaccarat {roff(path)}\\fR {roff(usage)}")
    for paragraph in _paragraphs(command.help or ""):
        lines += [".PP", roff(paragraph)]
    for param in command.get_params(ctx):
        show_defaults_one_way(param)
        record = param.get_help_record(ctx)
        if record is None:
            continue
        names, help_text = record
        lines += [".TP", f"\\fB{roff(names)}\\fR", roff(" ".join(help_text.split()))]
    epilog = command.epilog or ""
    if epilog.startswith(_EXAMPLES_MARK):
        lines += [".PP", "Examples:", ".PP", ".RS 4", ".nf"]
        lines += [roff(line) for line in epilog[len(_EXAMPLES_MARK) :].split("\n")]
        lines += [".fi", ".RE"]
    return lines


def manual(root: click.Group, version: str) -> str:
    """The manual page of ``root`` (the ``baccarat`` group), in roff (the ``man`` macros)."""
    ctx = click.Context(root, info_name="baccarat")
    lines = [
        '.\\" Written by python -m baccarat.cli.manpage (make man) from the commands: do not edit.',
        f'.TH BACCARAT 1 "" "baccarat {roff(version)}" "User Commands"',
        ".SH NAME",
        f"baccarat \\- {roff(root.help or '')}",
        ".SH SYNOPSIS",
        "\\fBbaccarat\\fR [\\fB\\-\\-lang\\fR \\fILANG\\fR] \\fICOMMAND\\fR [\\fIOPTIONS\\fR]",
        ".br",
        "\\fBbaccarat\\fR \\fB\\-\\-version\\fR | \\fB\\-\\-help\\fR",
        ".SH DESCRIPTION",
        roff(
            "Every command answers --help (-h) in the language of --lang. Bad input is one line "
            "on standard error and exit status 2. The commands that print tables take --format "
            "(table, json, csv, md, parquet) and --output FILE; --json is --format json."
        ),
        ".PP",
        roff(
            "Option names mean one thing in every command: --workers counts processes, "
            "--threads threads; --seed SEED repeats a run, and without it a fresh 64-bit seed "
            "is drawn and printed; --bet BET names a bet by its id (baccarat rules lists them), "
            "--stake BET=POINTS puts points on one."
        ),
        ".SH COMMANDS",
    ]
    for name in root.list_commands(ctx):
        command = root.get_command(ctx, name)
        if command is not None and not command.hidden:
            lines += [".TP", f"\\fB{roff(name)}\\fR", roff(command.get_short_help_str(200))]
    for path, command in _commands(root, ctx):
        lines += _command_section(path, command, ctx)
    lines.append(".SH EXIT STATUS")
    for code, meaning in _EXIT_STATUS:
        lines += [".TP", f"\\fB{code}\\fR", roff(meaning)]
    lines.append(".SH ENVIRONMENT")
    for name, meaning in _ENVIRONMENT:
        lines += [".TP", f"\\fB{roff(name)}\\fR", roff(meaning)]
    lines += [
        ".SH SEE ALSO",
        roff(
            "docs/cli.md (the command line), docs/json.md (the --json records and the tidy "
            "CSV and Parquet), README.md."
        ),
    ]
    return "\n".join(lines) + "\n"


def page_text() -> str:
    """The page as the installed commands write it (the root group built as ``baccarat``)."""
    import typer

    from baccarat.cli import app, version

    command = typer.main.get_command(app)
    assert isinstance(command, click.Group)
    return manual(command, version())


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m baccarat.cli.manpage [PATH]``: write the page (``docs/baccarat.1``)."""
    args = list(sys.argv[1:] if argv is None else argv)
    path = Path(args[0]) if args else PAGE
    path.write_text(page_text(), encoding="utf-8")
    sys.stdout.write(f"wrote {path}\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
