"""The command line's own refusals (option checks, files it cannot read or write), as templates.

:func:`baccarat.cli.main` prints them in the command's language like every other
:class:`~baccarat.core.errors.TemplatedError`; ``str()`` is the English.

>>> str(CliError("coups_too_few", coups=0))
'--coups must be at least 1, got 0'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from baccarat.core.errors import TemplatedError

__all__ = [
    "CliError",
    "database_refusal",
]


class CliError(TemplatedError):
    """An option or a file the command cannot use."""

    templates: ClassVar[Mapping[str, str]] = {
        "bad_anchor": (
            "--anchor {path!r} holds no ledger heads: keep what 'baccarat ledger check --json' "
            "prints"
        ),
        "bad_bet_spec": "--stake expects BET=POINTS such as banker=100, got {spec!r}",
        "bad_fraction": "{option} must be a number such as 1, 0.5 or 9/11, got {text!r}",
        "bad_probability": "{option} is a probability 0-1, got {value!r}",
        "bet_given_twice": "bet {bet!r} is given twice: put the whole stake in one --stake",
        "binary_to_terminal": (
            "--format {format} writes a binary file: give --output FILE, or pipe it into a program"
        ),
        "cannot_listen": "cannot listen on {host}:{port}: {reason}",
        "cannot_open_database": "cannot open the database {url!r}: {reason}",
        "cannot_read": "cannot read {path!r}: {reason}",
        "cannot_read_coups": "cannot read --coups-file {path!r}: {reason}",
        "cannot_read_file": "cannot read {option} {path!r}: {reason}",
        "cannot_read_ledger": "cannot read the ledger at {url!r}: {reason}",
        "cannot_read_rules_file": "cannot read rules file {path!r}: {reason}",
        "cannot_write": "cannot write {path!r}: {reason}",
        "cannot_write_svg": "cannot write the SVG to {path!r}: {reason}",
        "composition_too_large": "--remaining holds {cards} cards: at most {most} (the cards of {decks} decks)",
        "coups_not_utf8": "cannot read --coups-file {path!r}: not UTF-8 text",
        "coups_too_few": "--coups must be at least 1, got {coups}",
        "database_url": (
            "database URL {url!r} is not supported: use sqlite:///PATH or "
            "postgresql+psycopg://USER@HOST/DB"
        ),
        "file_is_directory": "Is a directory",
        # Why a file cannot be read (the ``reason`` of a refusal that names the file).
        "file_missing": "No such file or directory",
        "file_not_regular": "not a regular file",
        "file_not_utf8": "not UTF-8 text",
        "file_permission": "Permission denied",
        "file_too_large": "larger than {most} bytes",
        "host_unknown": "cannot listen on {host!r}: not an address of this machine",
        "ledger_behind": (
            "the ledger at {url!r} has schema revision {revision}, this baccarat's is {head}: "
            "start the practice table once (baccarat serve), which upgrades it"
        ),
        "ledger_newer": (
            "the ledger at {url!r} has schema revision {revision}, which this baccarat does not "
            "know: a newer version wrote it, so use that version or a later one"
        ),
        "line_too_long": "a line of cards is longer than {most} characters",
        "negative_simulate": "--simulate must be 0 or more coups, got {simulate}",
        "nested_too_deeply": "nested more than {most} levels deep",
        "no_ledger": (
            "no ledger at {path!r}: the practice table makes one when it first starts "
            "(baccarat serve)"
        ),
        "not_a_ledger": (
            "{url!r} is not a baccarat ledger (it has no ledger schema): check --database, or "
            "start the practice table there once (baccarat serve), which makes one"
        ),
        "no_result_tokens": "--results has no result tokens: {results!r}",
        "not_both": "give {first} or {second}, not both",
        "one_of": "give {first} or {second}",
        "number_too_large": "{option} must be at most {most}, got {value}",
        "number_too_small": "{option} must be at least {least}, got {value}",
        "only_one_of": "give only one of these: {options} (given together: {given})",
        "only_with": "{option} goes with {other} only",
        "options_together": "{first} and {second} cannot be used together",
        "port_in_use": "cannot listen on {host}:{port}: the port is in use (try another --port)",
        "roads_source": 'give either --results "B P T ..." or --from-shoe, not both or neither',
        "rounds_out_of_range": "--rounds must be 1-{most}, got {rounds}",
        "seed_decks_with_results": "--seed and --decks go with --from-shoe, not with --results",
        "stakes_both_zero": "stakes must be 0 or more, and not both 0",
        "unknown_backend": "unknown backend {backend!r}: expected cpu or gpu",
        "unknown_banker": "unknown --banker {banker!r}: expected rules, free or both",
        "unknown_format": "unknown format {format!r}: expected one of {formats}",
        "unknown_language": "unknown language {lang!r}: expected one of {languages}",
        "unknown_mode": "unknown mode {mode!r}: expected one of {modes}",
        "unknown_shell": "unknown shell {shell!r}: expected one of {shells}",
    }


# --- Limits: every number an option takes has a stated bound ------------------------------


# --- Files: the kind, the size and the encoding of what a command reads -------------------


# --- The practice table: where it listens, the ledger it reads ----------------------------


def database_refusal(code: str, url: str, exc: Exception) -> CliError:
    """A database's error as the command's refusal ``code``: the URL, its password hidden, and
    the error's first line (the driver's next lines are its SQL and a link, no reader's
    business), where the URL it quotes is hidden and cut as the refusal's own is.

    >>> str(database_refusal("cannot_read_ledger", "sqlite://" + "x" * 100,
    ...                      ValueError("Invalid SQLite URL: sqlite://" + "x" * 100)))
    "cannot read the ledger at 'sqlite://xxx...x…': Invalid SQLite URL: sqlite://xxx...x…"
    """
    from baccarat.core.errors import shown_input
    from baccarat.store.schema import shown_url

    text = str(exc).strip()
    reason = text.splitlines()[0] if text else type(exc).__name__
    hidden = shown_url(url)
    return CliError(code, url=hidden, reason=reason.replace(url, shown_input(hidden)))
