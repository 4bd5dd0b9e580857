"""The command line's own refusals (option checks, files it cannot read or write), as templates.

:func:`baccarat.cli.main` prints them in the command's language like every other
:class:`~baccarat.core.errors.TemplatedError`; ``str()`` is the English.

>>> str(CoupsTooFewError(coups=0))
'--coups must be at least 1, got 0'
"""

from __future__ import annotations

from baccarat.core.errors import BaccaratError, CardError, TemplatedError
from baccarat.core.money import MoneyError

__all__ = [
    "BadBetSpecError",
    "BadFractionError",
    "BadProbabilityError",
    "BetGivenTwiceError",
    "CannotListenError",
    "CannotOpenDatabaseError",
    "CannotReadCoupsError",
    "CannotReadFileError",
    "CannotReadLedgerError",
    "CannotReadRulesFileError",
    "CannotWriteError",
    "CannotWriteSvgError",
    "CliError",
    "CompositionTooLargeError",
    "CoupsNotUtf8Error",
    "CoupsTooFewError",
    "DatabaseUrlError",
    "ExtraCardsError",
    "FileIsADirectoryError",
    "FileMissingError",
    "FileTooLargeError",
    "HostUnknownError",
    "LineError",
    "NegativeSimulateError",
    "NestedTooDeeplyError",
    "NoLedgerError",
    "NoResultTokensError",
    "NotARegularFileError",
    "NotBothError",
    "NotUtf8Error",
    "NumberTooLargeError",
    "NumberTooSmallError",
    "OnlyOneOfError",
    "OnlyWithError",
    "PermissionDeniedError",
    "PortInUseError",
    "RoadsSourceError",
    "RoundsOutOfRangeError",
    "SeedDecksWithResultsError",
    "StakeOnBetError",
    "StakesBothZeroError",
    "TogetherError",
    "UnknownBackendError",
    "UnknownBankerError",
    "UnknownFormatError",
    "UnknownLanguageError",
    "UnknownModeError",
    "UnknownShellError",
]


class CliError(BaccaratError):
    """An option or a file the command cannot use."""


class NotBothError(CliError, TemplatedError):
    code = "not_both"
    template = "give {first} or {second}, not both"


class OnlyOneOfError(CliError, TemplatedError):
    code = "only_one_of"
    template = "give one of {options}, not {given}"


class TogetherError(CliError, TemplatedError):
    code = "options_together"
    template = "{first} and {second} cannot be used together"


class RoadsSourceError(CliError, TemplatedError):
    code = "roads_source"
    template = 'give either --results "B P T ..." or --from-shoe, not both or neither'


class SeedDecksWithResultsError(CliError, TemplatedError):
    code = "seed_decks_with_results"
    template = "--seed and --decks go with --from-shoe, not with --results"


class NoResultTokensError(CliError, TemplatedError):
    code = "no_result_tokens"
    template = "--results has no result tokens: {results!r}"


class CoupsTooFewError(CliError, TemplatedError):
    code = "coups_too_few"
    template = "--coups must be at least 1, got {coups}"


class RoundsOutOfRangeError(CliError, TemplatedError):
    code = "rounds_out_of_range"
    template = "--rounds must be 1-{most}, got {rounds}"


class NegativeSimulateError(CliError, TemplatedError):
    code = "negative_simulate"
    template = "--simulate must be 0 or more coups, got {simulate}"


class UnknownBankerError(CliError, TemplatedError):
    code = "unknown_banker"
    template = "unknown --banker {banker!r}: expected rules, free or both"


class BadFractionError(CliError, TemplatedError):
    code = "bad_fraction"
    template = "{option} must be a number such as 1, 0.5 or 9/11, got {text!r}"


class BadProbabilityError(CliError, TemplatedError):
    code = "bad_probability"
    template = "{option} is a probability 0-1, got {value!r}"


class StakesBothZeroError(CliError, TemplatedError):
    code = "stakes_both_zero"
    template = "stakes must be 0 or more, and not both 0"


class UnknownBackendError(CliError, TemplatedError):
    code = "unknown_backend"
    template = "unknown backend {backend!r}: expected cpu or gpu"


class UnknownModeError(CliError, TemplatedError):
    code = "unknown_mode"
    template = "unknown mode {mode!r}: expected one of {modes}"


class UnknownFormatError(CliError, TemplatedError):
    code = "unknown_format"
    template = "unknown format {format!r}: expected one of {formats}"


class UnknownLanguageError(CliError, TemplatedError):
    code = "unknown_language"
    template = "unknown language {lang!r}: expected one of {languages}"


class BadBetSpecError(CliError, TemplatedError):
    code = "bad_bet_spec"
    template = "--bet expects BET=POINTS such as banker=100, got {spec!r}"


class BetGivenTwiceError(CliError, TemplatedError):
    code = "bet_given_twice"
    template = "bet {bet!r} is given twice: put the whole stake in one --bet"


class StakeOnBetError(MoneyError, TemplatedError):
    code = "stake_on_bet"
    template = "stake on {bet!r}: {detail}"


class CannotReadRulesFileError(CliError, TemplatedError):
    code = "cannot_read_rules_file"
    template = "cannot read rules file {path!r}: {reason}"


class CannotReadCoupsError(CliError, TemplatedError):
    code = "cannot_read_coups"
    template = "cannot read --coups-file {path!r}: {reason}"


class CoupsNotUtf8Error(CliError, TemplatedError):
    code = "coups_not_utf8"
    template = "cannot read --coups-file {path!r}: not UTF-8 text"


class CannotWriteError(CliError, TemplatedError):
    code = "cannot_write"
    template = "cannot write {path!r}: {reason}"


class CannotWriteSvgError(CliError, TemplatedError):
    code = "cannot_write_svg"
    template = "cannot write the SVG to {path!r}: {reason}"


class CannotReadLedgerError(CliError, TemplatedError):
    code = "cannot_read_ledger"
    template = "cannot read the ledger at {url!r}: {reason}"


class CannotOpenDatabaseError(CliError, TemplatedError):
    code = "cannot_open_database"
    template = "cannot open the database {url!r}: {reason}"


class DatabaseUrlError(CliError, TemplatedError):
    code = "database_url"
    template = "database URL {url!r} is not supported: use sqlite:///PATH or postgresql+psycopg://USER@HOST/DB"


class LineError(CardError, TemplatedError):
    """A line of ``deal --cards -`` that is not a coup (``detail``: why)."""

    code = "cards_line"
    template = "line {number}: {detail}"


# --- Limits: every number an option takes has a stated bound ------------------------------


class NumberTooLargeError(CliError, TemplatedError):
    code = "number_too_large"
    template = "{option} must be at most {most}, got {value}"


class NumberTooSmallError(CliError, TemplatedError):
    code = "number_too_small"
    template = "{option} must be at least {least}, got {value}"


class CompositionTooLargeError(CliError, TemplatedError):
    code = "composition_too_large"
    template = "--remaining holds {cards} cards: at most {most} (the cards of {decks} decks)"


class OnlyWithError(CliError, TemplatedError):
    code = "only_with"
    template = "{option} goes with {other} only"


class ExtraCardsError(CardError, TemplatedError):
    code = "extra_cards"
    template = "a coup uses at most 6 cards, got {count}: {cards!r}"


# --- Files: the kind, the size and the encoding of what a command reads -------------------


class FileMissingError(CliError, TemplatedError):
    """Why a file cannot be read (the ``reason`` of a refusal that names the file)."""

    code = "file_missing"
    template = "No such file or directory"


class FileIsADirectoryError(CliError, TemplatedError):
    code = "file_is_directory"
    template = "Is a directory"


class NotARegularFileError(CliError, TemplatedError):
    code = "file_not_regular"
    template = "not a regular file"


class PermissionDeniedError(CliError, TemplatedError):
    code = "file_permission"
    template = "Permission denied"


class FileTooLargeError(CliError, TemplatedError):
    code = "file_too_large"
    template = "larger than {most} bytes"


class NotUtf8Error(CliError, TemplatedError):
    code = "file_not_utf8"
    template = "not UTF-8 text"


class NestedTooDeeplyError(CliError, TemplatedError):
    code = "nested_too_deeply"
    template = "nested more than {most} levels deep"


class CannotReadFileError(CliError, TemplatedError):
    code = "cannot_read_file"
    template = "cannot read {option} {path!r}: {reason}"


# --- The practice table: where it listens, the ledger it reads ----------------------------


class PortInUseError(CliError, TemplatedError):
    code = "port_in_use"
    template = "cannot listen on {host}:{port}: the port is in use (try another --port)"


class HostUnknownError(CliError, TemplatedError):
    code = "host_unknown"
    template = "cannot listen on {host!r}: not an address of this machine"


class CannotListenError(CliError, TemplatedError):
    code = "cannot_listen"
    template = "cannot listen on {host}:{port}: {reason}"


class NoLedgerError(CliError, TemplatedError):
    code = "no_ledger"
    template = (
        "no ledger at {path!r}: the practice table makes one when it first starts (baccarat serve)"
    )


class UnknownShellError(CliError, TemplatedError):
    code = "unknown_shell"
    template = "unknown shell {shell!r}: expected one of {shells}"
