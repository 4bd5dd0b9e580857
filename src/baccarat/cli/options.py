"""Options that several commands share, written once: the shoe a run deals, where it deals, the
rule set it prices, its seed, its output format and language.

A command takes them as typed parameters, ``None`` standing for "not given" (so that a command
can tell a default from an explicit choice, and refuse one that does not fit its mode). Where
commands word an option differently (a seed "for a reproducible shoe", "of the simulation"),
the option is a function of its help text; otherwise it is a type to annotate with:

>>> import inspect
>>> def command(
...     decks: DecksOption = None,
...     seed: Annotated[int | None, seed_option("Seed of the shoes.")] = None,
... ) -> None: ...
>>> [p.name for p in inspect.signature(command).parameters.values()]
['decks', 'seed']
>>> shoe_rules(decks=6, cut_card=None)
ShoeRules(decks=6, cut_card=14, burn=True, one_more_coup=True)

The rule set and the shoe are built by :func:`load_rule_set` and :func:`shoe_rules` from what
was given. This module imports no engine beyond the shoe's defaults, so a command that only
declares its options starts fast.
"""

from __future__ import annotations

import os
import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.language import LangOption
from baccarat.cli.limits import (
    MAX_DECKS,
    MAX_SEED,
    MAX_THREADS,
    MAX_TOML_DEPTH,
    EnumChoice,
    Whole,
)
from baccarat.core.shoe import DEFAULT_CUT_CARD, DEFAULT_DECKS, ShoeRules
from baccarat.sim.config import KERNEL_MAX_DECKS

if TYPE_CHECKING:
    from baccarat.core.rules import RuleSet

__all__ = [
    "DASK_WORKERS_HELP",
    "DEFAULT_RULE_SET",
    "DESTINATION",
    "FORMAT_CHOICE",
    "SEED_DEFAULT",
    "BurnOption",
    "CutCardOption",
    "DaskOption",
    "DecksOption",
    "FormatOption",
    "JsonOption",
    "LangOption",
    "OneMoreCoupOption",
    "OutputFormat",
    "OutputOption",
    "RulesFileOption",
    "RulesOption",
    "bet_option",
    "decks_option",
    "fresh_seed",
    "load_rule_set",
    "output_format",
    "plot_option",
    "rules_file_option",
    "rules_option",
    "seed_option",
    "shoe_rules",
    "stake_option",
    "threads_and_workers",
    "threads_option",
    "workers_option",
]


def decks_option(help: str, most: int = MAX_DECKS, show_default: str = str(DEFAULT_DECKS)) -> Any:
    """``--decks N``: decks in the shoe, at most ``most``."""
    return typer.Option("--decks", click_type=Whole(most), help=help, show_default=show_default)


DecksOption = Annotated[int | None, decks_option("Decks in the shoe.", KERNEL_MAX_DECKS)]
"""Decks of a shoe the simulator's kernels deal (up to their bound)."""
CutCardOption = Annotated[
    int | None,
    typer.Option(
        click_type=Whole(KERNEL_MAX_DECKS * 52),
        help="Cards behind the cut card.",
        show_default=str(DEFAULT_CUT_CARD),
    ),
]
BurnOption = Annotated[
    bool | None,
    typer.Option("--burn/--no-burn", help="Burn cards first.", show_default="burn"),
]
OneMoreCoupOption = Annotated[
    bool | None,
    typer.Option(
        "--one-more-coup/--no-one-more-coup",
        help="Whether one more coup follows the coup in which the cut card came out.",
        show_default="one more coup",
    ),
]
DaskOption = Annotated[
    str | None,
    typer.Option(
        metavar="ADDRESS",
        help="Deal on Dask: 'local' starts a local cluster, or tcp://HOST:8786.",
    ),
]
DEFAULT_RULE_SET = "punto-banco"
"""The rule set a command prices when none is named: :data:`baccarat.core.rules.DEFAULT_RULE_SET`
(written out, because importing the rules builds every built-in rule set).

>>> from baccarat.core import rules
>>> DEFAULT_RULE_SET == rules.DEFAULT_RULE_SET
True
"""


def rules_option(help: str, show_default: str = DEFAULT_RULE_SET) -> Any:
    """``--rules NAME``: a named rule set (``baccarat rules`` lists them)."""
    return typer.Option("--rules", metavar="NAME", help=help, show_default=show_default)


def rules_file_option(help: str) -> Any:
    """``--rules-file FILE``: a rule set described in a TOML file."""
    return typer.Option("--rules-file", metavar="FILE", help=help)


RulesOption = Annotated[str | None, rules_option("A named rule set (baccarat rules lists them).")]
"""The plain ``--rules``; :func:`rules_option` words it otherwise."""
RulesFileOption = Annotated[
    Path | None,
    typer.Option("--rules-file", metavar="FILE", help="A rule set described in a TOML file."),
]
"""The plain ``--rules-file``; :func:`rules_file_option` words it otherwise."""


SEED_DEFAULT = "a fresh one, printed"
"""What every ``--seed`` defaults to: a fresh 64-bit seed from the OS's generator, printed so that
the run can be repeated. Random by default, as a shoe at a table is, and never unrepeatable: a
fixed default would deal every run the same shoes, and an unprinted one could not be dealt again."""


def seed_option(help: str) -> Any:
    """``--seed SEED``: a 64-bit seed, to repeat a run; :data:`SEED_DEFAULT` when none is given
    (:func:`fresh_seed`)."""
    return typer.Option(
        click_type=Whole(MAX_SEED), metavar="SEED", help=help, show_default=SEED_DEFAULT
    )


def fresh_seed(seed: int | None, announce: bool = True) -> int:
    """``seed``, or a fresh 64-bit one; ``announce``: say the fresh one on standard error (a
    command whose output already shows its seed does not).

    >>> fresh_seed(7)
    7
    >>> 0 <= fresh_seed(None, announce=False) < 2**64
    True
    """
    if seed is not None:
        return seed
    import secrets

    from baccarat.cli.language import active_translator

    drawn = secrets.randbits(64)
    if announce:
        text = active_translator().gettext("seed {seed} (--seed {seed} deals the same again)")
        sys.stderr.write(f"baccarat: {text.format(seed=drawn)}\n")
    return drawn


def threads_option(
    help: str, most: int = MAX_THREADS, show_default: str | bool = "every core"
) -> Any:
    """``--threads THREADS``: how many threads of one process work (never processes)."""
    return typer.Option(
        "--threads",
        click_type=Whole(most, least=1),
        metavar="THREADS",
        help=help,
        show_default=show_default,
    )


def workers_option(
    help: str,
    most: int = MAX_THREADS,
    least: int | None = 1,
    show_default: str | bool = "every core",
) -> Any:
    """``--workers PROCESSES``: how many processes serve or deal (never threads)."""
    return typer.Option(
        "--workers",
        click_type=Whole(most, least=least),
        metavar="PROCESSES",
        help=help,
        show_default=show_default,
    )


DASK_WORKERS_HELP = "Dask worker processes of --dask local (without --dask: --threads, deprecated)."
"""The help of ``--workers`` where it counts a local Dask cluster's processes."""


def threads_and_workers(
    threads: int | None, workers: int | None, dask: str | None
) -> tuple[int | None, int | None]:
    """``--threads`` and ``--workers`` of a command that deals on threads or on Dask: without
    ``--dask``, ``--workers`` is the deprecated name of ``--threads`` (it counted threads
    there), said after the output; ``--threads`` goes with no ``--dask``.

    >>> threads_and_workers(None, 4, "local")
    (None, 4)
    >>> threads_and_workers(2, None, "local")
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: give --threads or --dask, not both
    """
    if workers is not None and dask is None:
        from baccarat.cli.entry import deprecated

        deprecated("--workers", "--threads")
        threads, workers = threads if threads is not None else workers, None
    if threads is not None and dask is not None:
        raise CliError("not_both", first="--threads", second="--dask")
    return threads, workers


def stake_option() -> Any:
    """``--stake BET=POINTS``: points staked on one bet (repeated for several bets)."""
    return typer.Option(
        "--stake",
        metavar="BET=POINTS",
        help="Points on a bet: BET=POINTS, e.g. 'banker=100' or 'tie=2.5' (up to two "
        "decimals); repeat for several bets on the same coup.",
        show_default=False,
    )


def bet_option(help: str, show_default: str | bool = True) -> Any:
    """``--bet BET``: one bet, by the id ``baccarat rules`` lists (a stake on a bet is
    ``--stake BET=POINTS``)."""
    return typer.Option("--bet", metavar="BET", help=help, show_default=show_default)


def plot_option(help: str) -> Any:
    """``--plot FILE``: a picture of the results (.png or .svg; the ``lab`` extra draws it)."""
    return typer.Option(metavar="FILE", help=help)


def load_rule_set(name: str | None, path: Path | None) -> RuleSet:
    """The rule set named ``name`` (the default one when neither is given), or read from the
    TOML file at ``path`` (not both).

    >>> load_rule_set("ez", None).name
    'ez'
    >>> load_rule_set("ez", Path("ez.toml"))
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: give --rules or --rules-file, not both
    """
    from baccarat.core.rules import get_rule_set

    if name is not None and path is not None:
        raise CliError("not_both", first="--rules", second="--rules-file")
    if path is None:
        return get_rule_set(name if name is not None else DEFAULT_RULE_SET)
    from baccarat.cli.files import nesting_depth, read_text
    from baccarat.core.errors import BaccaratError
    from baccarat.core.rulefile import rule_set_from_toml

    def refuse(where: str, reason: BaccaratError | str) -> BaccaratError:
        return CliError("cannot_read_rules_file", path=where, reason=reason)

    text = read_text(path, "--rules-file", refuse=refuse)
    if nesting_depth(text) > MAX_TOML_DEPTH:
        raise refuse(str(path), CliError("nested_too_deeply", most=MAX_TOML_DEPTH))
    return rule_set_from_toml(text)


def shoe_rules(
    decks: int | None = None,
    cut_card: int | None = None,
    burn: bool | None = None,
    one_more_coup: bool | None = None,
) -> ShoeRules:
    """The shoe the options describe, each one not given at its default (8 decks, the cut card
    14 cards from the end, a burn, one more coup after the cut card): a refusal quotes the bad
    value (``ShoeError``)."""
    return ShoeRules(
        decks=DEFAULT_DECKS if decks is None else decks,
        cut_card=DEFAULT_CUT_CARD if cut_card is None else cut_card,
        burn=True if burn is None else burn,
        one_more_coup=True if one_more_coup is None else one_more_coup,
    )


class OutputFormat(StrEnum):
    """What a command that prints tables prints: ``table`` (text for a person), ``json`` (its
    record), ``csv`` (the tables' values as tidy CSV, the same in every language), ``md``
    (Markdown) or ``parquet`` (the tidy table as a Parquet file: the ``parquet`` extra)."""

    TABLE = "table"
    JSON = "json"
    CSV = "csv"
    MD = "md"
    PARQUET = "parquet"


def _unknown_format(text: str) -> CliError:
    return CliError("unknown_format", format=text, formats=", ".join(f.value for f in OutputFormat))


FORMAT_CHOICE = EnumChoice(OutputFormat, _unknown_format)
"""The type of every ``--format`` of a command that prints tables."""

FormatOption = Annotated[
    OutputFormat,
    typer.Option(
        "--format",
        click_type=FORMAT_CHOICE,
        help="table (for a person), json, csv (tidy: one row per value, the same in every "
        "language), md or parquet (the same rows, to --output FILE or a pipe).",
    ),
]
"""Add ``fmt: FormatOption = OutputFormat.TABLE``, :data:`JsonOption` and :data:`OutputOption`
to a command."""

JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON: the same as --format json.")]

OutputOption = Annotated[
    Path | None,
    typer.Option(
        "--output",
        "-o",
        metavar="FILE",
        dir_okay=False,
        help="Write to this file instead of standard output (any --format).",
    ),
]
"""``--output FILE``: where the tables go (written whole once they are made, never halfway)."""


def output_format(fmt: OutputFormat, as_json: bool, output: Path | None = None) -> OutputFormat:
    """The format asked for: ``--json`` is ``--format json`` (and goes with no other format).
    ``output`` (``--output FILE``) is where :func:`baccarat.cli.output.show` writes it; Parquet
    needs the ``parquet`` extra, and a file or a pipe (never a terminal).

    >>> output_format(OutputFormat.TABLE, True).value
    'json'
    """
    if as_json and fmt not in (OutputFormat.TABLE, OutputFormat.JSON):
        raise CliError("options_together", first="--json", second=f"--format {fmt.value}")
    chosen = OutputFormat.JSON if as_json else fmt
    _destine(chosen, output)
    return chosen


DESTINATION = "baccarat.output"
"""The key of ``--output FILE`` in the running command's context (read by ``show``)."""


def _destine(fmt: OutputFormat, output: Path | None) -> None:
    """Check, before any work, that ``fmt`` can go where it is sent (``output``: a file, else
    standard output), and keep ``output`` in the running command's context for ``show``."""
    import click

    if fmt is OutputFormat.PARQUET:
        from baccarat.extras import require

        require("parquet", "--format parquet")
        if output is None and sys.stdout.isatty():
            raise CliError("binary_to_terminal", format=fmt.value)
    if output is not None:
        from baccarat.cli.files import reason_of

        if output.is_dir():
            raise CliError("cannot_write", path=str(output), reason=CliError("file_is_directory"))
        if not output.absolute().parent.is_dir():
            raise CliError("cannot_write", path=str(output), reason=CliError("file_missing"))
        try:
            writable = os.access(output.absolute().parent, os.W_OK)
        except OSError as exc:  # pragma: no cover - a parent the OS cannot check
            raise CliError("cannot_write", path=str(output), reason=reason_of(exc)) from None
        if not writable:
            raise CliError("cannot_write", path=str(output), reason=CliError("file_permission"))
    context = click.get_current_context(silent=True)
    if context is not None:
        context.meta[DESTINATION] = output
