"""``baccarat rooms list`` and ``baccarat rooms open``: the practice table's shared tables, for
the operator (the work is :class:`baccarat.ledger.roomservice.RoomService`'s).

A server opens three rooms on a database that has none; these commands list them and open
more, each with its rule set, shoe and betting window, while the servers run (a new room is
dealt by them at once)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli.format import Align, Cell, Column, Table
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.ledgerarchive import DatabaseOption, JsonOption
from baccarat.cli.ledgerurl import database_url, existing_ledger, opened, up_to_date
from baccarat.cli.limits import Whole
from baccarat.cli.options import LangOption
from baccarat.cli.output import print_json, screen
from baccarat.core.rules import DEFAULT_RULE_SET
from baccarat.core.shoe import DEFAULT_DECKS
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.ledger.roomservice import RoomService

__all__ = ["register", "rooms_list_command", "rooms_open_command"]


def rooms_list_command(
    database: DatabaseOption = None, as_json: JsonOption = False, lang: LangOption = None
) -> None:
    """Every room: its rule set, decks, window, the players seated and watching, its state."""
    t = cli_translator(lang)
    with _rooms(database, "baccarat rooms list", migrate=False) as service:
        found = service.all()
    if as_json:
        from baccarat.web.routers.rooms import room_data

        print_json(RecordType.API_ROOMS, {"rooms": [room_data(room) for room in found]})
        return
    table = Table(
        "rooms",
        t.gettext("Rooms"),
        [
            Column("id", t.gettext("Id"), Align.RIGHT),
            Column("name", t.gettext("Room"), Align.LEFT, wrap=True),
            Column("rule_set", t.gettext("Rule set"), Align.LEFT),
            Column("decks", t.gettext("Decks"), Align.RIGHT),
            Column("window", t.gettext("Window (s)"), Align.RIGHT),
            Column("seated", t.gettext("Seated"), Align.RIGHT),
            Column("watching", t.gettext("Watching"), Align.RIGHT),
        ],
    )
    for room in found:
        table.add(
            str(room.id),
            Cell(room.name, room.name),
            room.rule_set.name,
            str(room.decks),
            str(room.window_seconds),
            str(room.seats.seated),
            str(room.seats.watching),
        )
    if not found:
        table.notes.append(t.gettext("No room yet: a server opens three when it starts."))
    screen().table(table)


def rooms_open_command(
    name: Annotated[str, typer.Argument(help="The room's name, as the lobby shows it.")],
    rule_set: Annotated[
        str,
        typer.Option(
            "--rule-set", metavar="NAME", help="The room's rule set (baccarat rules lists them)."
        ),
    ] = DEFAULT_RULE_SET,
    decks: Annotated[
        int, typer.Option("--decks", click_type=Whole(8), help="Decks in the shoe (1 to 8).")
    ] = DEFAULT_DECKS,
    window: Annotated[
        int,
        typer.Option("--window", click_type=Whole(600), help="Seconds each betting window lasts."),
    ] = 15,
    reveal: Annotated[
        int,
        typer.Option(
            "--reveal",
            click_type=Whole(60, least=0),
            help="Seconds after a coup (its cards shown) before the next window's countdown.",
        ),
    ] = 6,
    database: DatabaseOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Open a room: everyone seated there bets on one provably fair shoe in betting windows."""
    t = cli_translator(lang)
    # A refusal (a name taken, a rule set unknown) is the command's one line, exit 2.
    with _rooms(database, "baccarat rooms open", migrate=True) as service:
        room = service.create(name, rule_set, decks, window, reveal)
    if as_json:
        from baccarat.web.routers.rooms import room_data

        me: dict[str, object] = {"seat": None, "bets": {}}
        print_json(RecordType.API_ROOM, {"room": room_data(room), "me": me, "last_event": 0})
        return
    typer.echo(
        t.gettext(
            "Room {id} opened: {name} ({rule_set}, {decks} decks, {window} s windows)."
        ).format(
            id=room.id, name=room.name, rule_set=room.rule_set.name, decks=room.decks, window=window
        )
    )


@contextmanager
def _rooms(database: str | None, command: str, *, migrate: bool) -> Iterator[RoomService]:
    """The rooms of the table's database. A database that is not there is refused, never made:
    a listing only reads, and a room is opened where the servers run, on their ledger (a refused
    one would have left a new file behind). Opening a room (``migrate``) migrates the schema, as
    a server's start would; a listing changes nothing, and refuses a schema behind this
    baccarat's."""
    # The web extra is named before anything needs it.
    url = existing_ledger(database_url(database, command))
    from baccarat.ledger.service import PlayService

    with opened(url, "cannot_open_database", migrate=migrate, read_only=not migrate) as store:
        if not migrate:
            up_to_date(store, url, "cannot_open_database")
        yield PlayService(store).rooms


def register(app: typer.Typer) -> None:
    rooms = typer.Typer(
        help="The practice table's rooms (shared tables).",
        no_args_is_help=True,
        rich_markup_mode=None,
        epilog=examples("baccarat rooms list"),
    )
    rooms.command(
        "list",
        short_help="Every room, its rule set, window and players.",
        epilog=examples("baccarat rooms list", "baccarat rooms list --json"),
    )(rooms_list_command)
    rooms.command(
        "open",
        short_help="Open a room with its rule set, shoe and betting window.",
        epilog=examples(
            'baccarat rooms open "Salon" --rule-set ez --decks 6 --window 20',
        ),
    )(rooms_open_command)

    @rooms.callback()
    def _group(lang: LangOption = None) -> None:
        """--lang here too: the help of the group speaks it (read before the command runs)."""

    app.add_typer(rooms, name="rooms")
