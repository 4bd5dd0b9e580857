"""``baccarat rooms``: open rooms and list them, refusals as one line in the command's language."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from baccarat.records import RecordType
from support.cli import run
from support.records import check_record


@pytest.fixture
def ledger(tmp_path: Path) -> str:
    """The URL of a ledger as a server's first start leaves it: migrated, no room yet."""
    from baccarat.store.db import Store

    url = f"sqlite:///{tmp_path / 'rooms.sqlite3'}"
    Store.open(url).close()
    return url


def test_open_and_list_rooms(capsys: pytest.CaptureFixture[str], ledger: str) -> None:
    database = ["--database", ledger]
    code, out, err = run(capsys, "rooms", "list", *database)
    assert code == 0 and "No room yet" in out
    code, out, err = run(
        capsys,
        "rooms",
        "open",
        "Salon",
        "--rule-set",
        "ez",
        "--decks",
        "6",
        "--window",
        "20",
        *database,
    )
    assert code == 0 and err == ""
    assert out.strip() == "Room 1 opened: Salon (ez, 6 decks, 20 s windows)."
    code, out, err = run(capsys, "rooms", "open", "Salon", *database)
    assert code == 2 and out == "" and err.count("\n") == 1
    assert 'a room called "Salon" already exists' in err
    code, out, _ = run(capsys, "rooms", "list", "--json", *database)
    record = json.loads(out)
    check_record(record, RecordType.API_ROOMS)
    (room,) = record["rooms"]
    assert (room["name"], room["rule_set"], room["decks"], room["window_seconds"]) == (
        "Salon",
        "ez",
        6,
        20,
    )
    assert room["phase"] == "paused" and room["shoe"]["client_seed_open"]


def test_a_room_refused_speaks_the_language(
    capsys: pytest.CaptureFixture[str], ledger: str
) -> None:
    database = ["--database", ledger]
    code, out, err = run(capsys, "--lang", "hu", "rooms", "open", "X", "--window", "0", *database)
    assert code == 2 and out == ""
    assert err.startswith("baccarat: hiba: a terem tétideje") and err.count("\n") == 1
    code, _, _ = run(capsys, "rooms", "list", *database)
    assert code == 0


@pytest.mark.parametrize(
    "argv",
    [
        ["rooms", "list"],
        ["rooms", "list", "--json"],
        ["rooms", "open", "Salon"],
        ["rooms", "open", "Salon", "--window", "0"],
        ["rooms", "open", "Salon", "--rule-set", "macao"],
    ],
)
def test_no_ledger_is_refused_and_none_is_made(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    argv: list[str],
) -> None:
    # Listing only reads; a room opens on the servers' ledger. Either made a 200 KB database
    # where none was, a refused room's included.
    monkeypatch.chdir(tmp_path)
    missing = tmp_path / "nowhere" / "rooms.sqlite3"
    for database in (["--database", f"sqlite:///{missing}"], []):  # given, and the server's
        code, out, err = run(capsys, *argv, *database)
        assert (code, out) == (2, "") and err.count("\n") == 1, err
        assert "no ledger at" in err, err
    assert list(tmp_path.iterdir()) == []


def test_a_listing_never_migrates_an_older_ledger(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """rooms list only reads: on a ledger at an older schema it says so in one line and what to
    do, and the file is left as it was; rooms open migrates it, as a server's start does."""
    from baccarat.store.db import make_engine, migrate

    path = tmp_path / "old.sqlite3"
    engine = make_engine(f"sqlite:///{path}")
    migrate(engine, "0012_ledger_chain")
    engine.dispose()
    before = path.read_bytes()
    database = ["--database", f"sqlite:///{path}"]
    code, out, err = run(capsys, "rooms", "list", *database)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert "has schema revision 0012_ledger_chain, this baccarat's is " in err
    assert "(baccarat serve)" in err and path.read_bytes() == before
    code, _, err = run(capsys, "rooms", "list", "--json", *database)
    assert code == 2 and json.loads(err)["error"]["code"] == "ledger_behind"
    assert path.read_bytes() == before
    code, out, err = run(capsys, "rooms", "open", "Salon", *database)
    assert code == 0 and out.startswith("Room 1 opened: Salon"), err
    code, out, err = run(capsys, "rooms", "list", *database)
    assert code == 0 and "Salon" in out, err
