"""``baccarat ledger check``: prove that every account of the practice table adds up;
``baccarat ledger repair``: undo what an interrupted migration of the old code left behind."""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.ledgerurl import database_url, existing_ledger, opened, up_to_date
from baccarat.cli.options import LangOption
from baccarat.cli.output import print_json
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.ledger.check import Head

__all__ = [
    "existing_ledger",
    "kept_heads",
    "ledger_check_command",
    "ledger_repair_command",
    "register",
]

_MOST_ANCHOR_BYTES = 1 << 28
"""The largest ``--anchor`` file read: 256 MiB, the heads of a million players and more."""


def kept_heads(path: str) -> dict[str, Head]:
    """The heads in the ``ledger check --json`` record kept at ``path``: player → last entry.

    >>> import tempfile, pathlib
    >>> kept = pathlib.Path(tempfile.mkdtemp()) / "heads.json"
    >>> _ = kept.write_text('{"heads": {"p1": {"seq": 3, "hash": "' + "ab" * 32 + '"}}}')
    >>> kept_heads(str(kept))["p1"].seq
    3
    >>> _ = kept.write_text('{"heads": {"p1": {"seq": 0, "hash": "x"}}}')
    >>> kept_heads(str(kept))
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: --anchor '...' holds no ledger heads: keep what 'baccarat ledger check --json' prints
    """
    from baccarat.cli.files import read_text
    from baccarat.ledger.check import Head

    text = read_text(path, "--anchor", most=_MOST_ANCHOR_BYTES)
    refusal = CliError("bad_anchor", path=path)
    try:
        heads = json.loads(text).get("heads")
    except (ValueError, AttributeError):
        raise refusal from None
    if not isinstance(heads, dict):
        raise refusal
    kept: dict[str, Head] = {}
    for player, head in heads.items():
        seq = head.get("seq") if isinstance(head, dict) else None
        chained = head.get("hash") if isinstance(head, dict) else None
        if not (isinstance(seq, int) and not isinstance(seq, bool) and seq >= 1):
            raise refusal
        if not (isinstance(chained, str) and len(chained) == 64):
            raise refusal
        kept[player] = Head(seq, chained)
    return kept


def ledger_check_command(
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="SQLAlchemy URL of the ledger.",
            show_default="the table's: BACCARAT_DATABASE_URL, else SQLite in ./data/",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The report as one JSON object.")] = False,
    anchor: Annotated[
        str | None,
        typer.Option(
            "--anchor",
            metavar="FILE",
            help="A report kept from an earlier 'ledger check --json' (- for standard input): "
            "every player's chain must still hold the head it names.",
            show_default=False,
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Check every account: entries numbered without a gap, each running balance the sum of the
    entries so far and never negative, each entry's hash chained to the one before it, every
    coup settled exactly and in full, every shoe's position equal to its coups.

    Exit code 0 when everything adds up, 1 with the details of each discrepancy, 2 on bad input.
    """
    t = cli_translator(lang)
    url = existing_ledger(database_url(database, "baccarat ledger check"))  # the extra, first
    from baccarat.ledger.check import check_ledger

    anchors = kept_heads(anchor) if anchor is not None else None
    # Never migrate here: a check reads what is there and changes nothing, so a schema behind
    # this baccarat's is refused (its checks read this schema's tables) rather than upgraded.
    with opened(url, "cannot_read_ledger", read_only=True) as store:
        up_to_date(store, url, "cannot_read_ledger")
        report = check_ledger(store, anchors)
    if as_json:
        record = {
            "ok": report.ok,
            "players": report.players,
            "entries": report.entries,
            "coups": report.coups,
            "shoes": report.shoes,
            "points": sum(report.balances.values()),
            "discrepancies": [
                {
                    "code": d.code,
                    "player_id": d.player_id,
                    "coup_id": d.coup_id,
                    "shoe_id": d.shoe_id,
                    "params": dict(d.params),
                    "detail": d.detail,
                }
                for d in report.discrepancies
            ],
            "heads": {
                player: {"seq": head.seq, "hash": head.hash}
                for player, head in report.heads.items()
            },
        }
        print_json(RecordType.LEDGER_CHECK, record)
    else:
        count = len(report.discrepancies)
        verdict = (
            t.gettext("ok")
            if report.ok
            else t.ngettext("{count} discrepancy", "{count} discrepancies", count).format(
                count=count
            )
        )
        numbers = (report.players, report.entries, report.coups, report.shoes)
        counts = ", ".join(
            text.format(count=n)
            for text, n in zip(
                (
                    t.ngettext("{count} player", "{count} players", report.players),
                    t.ngettext("{count} entry", "{count} entries", report.entries),
                    t.ngettext("{count} coup", "{count} coups", report.coups),
                    t.ngettext("{count} shoe", "{count} shoes", report.shoes),
                ),
                numbers,
                strict=True,
            )
        )
        typer.echo(
            t.gettext("ledger check: {verdict} ({counts})").format(verdict=verdict, counts=counts)
        )
        for d in report.discrepancies:
            where = ", ".join(
                f"{name} {value}"
                for name, value in (
                    (t.gettext("player"), d.player_id),
                    (t.gettext("coup"), d.coup_id),
                    (t.gettext("shoe"), d.shoe_id),
                )
                if value is not None
            )
            detail = t.gettext(d.template).format(**d.params)
            typer.echo(f"  {d.code} ({where}): {detail}")
    if not report.ok:
        # Not typer.Exit: with standalone_mode=False click returns its code instead of exiting.
        raise SystemExit(1)


def ledger_repair_command(
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            metavar="URL",
            help="SQLAlchemy URL of the ledger.",
            show_default="the table's: BACCARAT_DATABASE_URL, else SQLite in ./data/",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Repair a schema an interrupted migration left half-applied (SQLite, before this version):
    drop, in one transaction, the tables, columns and indexes the stored revision does not have.

    Refused, with nothing changed, when something of the revision is missing or a leftover table
    holds rows: restore a backup then. The next start migrates as usual.
    """
    t = cli_translator(lang)
    url = existing_ledger(database_url(database, "baccarat ledger repair"))  # the extra, first
    from baccarat.store.repair import repair_schema

    with opened(url, "cannot_read_ledger") as store:
        repaired = repair_schema(store.engine)
    if repaired.dropped:
        typer.echo(
            t.gettext(
                "ledger repair: dropped what an interrupted migration left: {objects}; "
                "the next start migrates the ledger"
            ).format(objects=", ".join(repaired.dropped))
        )
    if repaired.made:
        typer.echo(
            t.gettext(
                "ledger repair: made again what an interrupted migration dropped: {objects}"
            ).format(objects=", ".join(repaired.made))
        )
    if not repaired:
        typer.echo(t.gettext("ledger repair: nothing to repair"))


def register(app: typer.Typer) -> None:
    ledger = typer.Typer(
        help="The practice table's ledger.",
        no_args_is_help=True,
        rich_markup_mode=None,
        epilog=examples("baccarat ledger check"),
    )
    ledger.command(
        "check",
        short_help="Prove that every account of the practice table adds up.",
        epilog=examples(
            "baccarat ledger check",
            "baccarat ledger check --database sqlite:///data/baccarat.sqlite3 --json",
            "baccarat ledger check --anchor 2026-12-06.json",
        ),
    )(ledger_check_command)
    ledger.command(
        "repair",
        short_help="Repair a schema an interrupted migration left half-applied.",
        epilog=examples("baccarat ledger repair --database sqlite:///data/baccarat.sqlite3"),
    )(ledger_repair_command)
    from baccarat.cli.ledgerarchive import register_archive_commands

    register_archive_commands(ledger)

    @ledger.callback()
    def _group(lang: LangOption = None) -> None:
        """--lang here too: the help of the group speaks it (read before the command runs)."""

    app.add_typer(ledger, name="ledger")
