"""``baccarat ledger check``: prove that every account of the practice table adds up;
``baccarat ledger repair``: undo what an interrupted migration of the old code left behind."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.options import LangOption
from baccarat.cli.output import print_json
from baccarat.extras import require, require_database
from baccarat.records import RecordType

__all__ = ["existing_ledger", "ledger_check_command", "ledger_repair_command", "register"]


def existing_ledger(url: str) -> str:
    """``url``, once an SQLite file it names is known to exist: a check only reads, so it must
    not create the file (or its folder) that opening a missing one would.

    >>> existing_ledger("sqlite:///no/such/folder/baccarat.sqlite3")
    Traceback (most recent call last):
    ...
    baccarat.cli.errors.CliError: no ledger at 'no/such/folder/baccarat.sqlite3': ...
    """
    from sqlalchemy.engine import make_url

    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return url
    path = Path(parsed.database).expanduser()
    if path.is_dir():
        raise CliError("cannot_read_ledger", url=url, reason=CliError("file_is_directory"))
    if not path.exists():
        raise CliError("no_ledger", path=str(path))
    return url


def ledger_check_command(
    database: Annotated[
        str | None,
        typer.Option(
            "--database",
            help="SQLAlchemy URL of the ledger.",
            show_default="the table's: BACCARAT_DATABASE_URL, else SQLite in ./data/",
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The report as one JSON object.")] = False,
    lang: LangOption = None,
) -> None:
    """Check every account: entries numbered without a gap, each running balance the sum of the
    entries so far and never negative, every coup settled exactly and in full, every shoe's
    position equal to its coups.

    Exit code 0 when everything adds up, 1 with the details of each discrepancy, 2 on bad input.
    """
    t = cli_translator(lang)
    require("web", "baccarat ledger check")
    from sqlalchemy.exc import SQLAlchemyError

    from baccarat.cli.serve import check_database_url
    from baccarat.ledger.check import check_ledger
    from baccarat.store.db import Store
    from baccarat.web.settings import Settings

    url = check_database_url(database) if database else Settings().resolved_database_url()
    require_database(url, "baccarat ledger check")
    existing_ledger(url)
    try:
        # Never migrate here: a check reads what is there and changes nothing.
        store = Store.open(url, run_migrations=False)
        try:
            report = check_ledger(store)
        finally:
            store.close()
    except SQLAlchemyError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise CliError("cannot_read_ledger", url=url, reason=first) from None
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
    require("web", "baccarat ledger repair")
    from sqlalchemy.exc import SQLAlchemyError

    from baccarat.cli.serve import check_database_url
    from baccarat.store.db import Store
    from baccarat.store.repair import repair_schema
    from baccarat.web.settings import Settings

    url = check_database_url(database) if database else Settings().resolved_database_url()
    require_database(url, "baccarat ledger repair")
    existing_ledger(url)
    try:
        store = Store.open(url, run_migrations=False)
        try:
            dropped = repair_schema(store.engine)
        finally:
            store.close()
    except SQLAlchemyError as exc:
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise CliError("cannot_read_ledger", url=url, reason=first) from None
    if dropped:
        typer.echo(
            t.gettext(
                "ledger repair: dropped what an interrupted migration left: {objects}; "
                "the next start migrates the ledger"
            ).format(objects=", ".join(dropped))
        )
    else:
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
        ),
    )(ledger_check_command)
    ledger.command(
        "repair",
        short_help="Repair a schema an interrupted migration left half-applied.",
        epilog=examples("baccarat ledger repair --database sqlite:///data/baccarat.sqlite3"),
    )(ledger_repair_command)

    @ledger.callback()
    def _group(lang: LangOption = None) -> None:
        """--lang here too: the help of the group speaks it (read before the command runs)."""

    app.add_typer(ledger, name="ledger")
