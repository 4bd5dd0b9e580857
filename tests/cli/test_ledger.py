"""``baccarat ledger check`` through the real entry point: exit codes 0, 1 and 2, text and JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from support.cli import played_ledger, run


def test_a_sound_ledger_passes(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url = played_ledger(tmp_path)
    code, out, err = run(capsys, "ledger", "check", "--database", url)
    assert (code, err) == (0, "")
    # 1 grant and 3 stakes, then a payout or a refund for each coup the Banker did not lose.
    assert re.fullmatch(
        r"ledger check: ok \(1 player, [4-7] entries, 3 coups, 1 shoe\)", out.strip()
    )
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    record = json.loads(out)
    assert code == 0 and record["ok"] and record["discrepancies"] == []
    assert record["coups"] == 3


def test_a_discrepancy_exits_1_with_details(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = played_ledger(tmp_path, shoe_says=5)
    code, out, _ = run(capsys, "ledger", "check", "--database", url)
    assert code == 1
    assert "ledger check: 1 discrepancy (" in out and "shoe_position (player " in out
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    assert code == 1 and json.loads(out)["discrepancies"][0]["code"] == "shoe_position"


def test_bad_input_is_one_line_and_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "ledger", "check", "--database", "mysql://db/x")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "not supported" in err


def test_an_entry_changed_by_hand_exits_1_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``UPDATE ledger_entries SET amount = …`` (the immutability triggers dropped first): the
    check names the player and the entry, in text and in JSON."""
    import sqlite3

    url = played_ledger(tmp_path)
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    heads = json.loads(out)["heads"]
    ((player, head),) = heads.items()
    assert code == 0 and head["seq"] >= 4 and len(head["hash"]) == 64
    with sqlite3.connect(tmp_path / "ledger.sqlite3") as conn:
        conn.execute("DROP TRIGGER ledger_entries_no_update")
        conn.execute("UPDATE ledger_entries SET amount = amount * 2 WHERE seq = 2")
        conn.execute("UPDATE ledger_entries SET balance_after = balance_after - 2500 WHERE seq > 1")
    code, out, _ = run(capsys, "ledger", "check", "--database", url)
    assert code == 1
    assert (
        f"  chain_broken (player {player}): entry 2 does not match the hash chain: it, or the "
        "entry before it, was changed, moved or removed outside the ledger"
    ) in out.splitlines()
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--lang", "hu")
    assert code == 1 and "chain_broken" in out
    assert "): 2. tétel: nem illeszkedik a hash-láncba" in out
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    found = json.loads(out)["discrepancies"]
    # (and coup_settlement if the Banker won: the payout is no longer the stake's)
    assert code == 1 and (found[0]["code"], found[0]["params"]) == ("chain_broken", {"entry": 2})
    assert found[0]["player_id"] == player


def test_kept_heads_anchor_the_chain(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import sqlite3

    url = played_ledger(tmp_path)
    _, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
    kept = tmp_path / "heads.json"
    kept.write_text(out)
    ((player, head),) = json.loads(out)["heads"].items()
    assert run(capsys, "ledger", "check", "--database", url, "--anchor", str(kept))[0] == 0
    with sqlite3.connect(tmp_path / "ledger.sqlite3") as conn:  # the last entry removed
        conn.execute("DROP TRIGGER ledger_entries_no_delete")
        conn.execute("DELETE FROM ledger_entries WHERE seq = ?", (head["seq"],))
    assert run(capsys, "ledger", "check", "--database", url)[0] == 1  # its coup is unsettled
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--anchor", str(kept))
    assert code == 1 and f"  chain_anchor (player {player}): entry {head['seq']} " in out


@pytest.mark.parametrize("text", ["not json", "[]", '{"heads": {"p": {"seq": 1}}}'])
def test_an_anchor_that_holds_no_heads_is_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    url = played_ledger(tmp_path)
    kept = tmp_path / "heads.json"
    kept.write_text(text)
    code, out, err = run(capsys, "ledger", "check", "--database", url, "--anchor", str(kept))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "holds no ledger heads" in err


def _older_ledger(path: Path) -> str:
    """An SQLite ledger one schema revision behind this baccarat's, as an older one left it."""
    from baccarat.store.db import make_engine, migrate

    engine = make_engine(f"sqlite:///{path}")
    migrate(engine, "0012_ledger_chain")
    engine.dispose()
    return f"sqlite:///{path}"


@pytest.mark.parametrize("command", [["check"], ["export", "kept.zip"]])
def test_a_read_only_command_refuses_an_older_schema_and_changes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """ledger check and ledger export never migrate, as rooms list does not: a ledger behind
    this baccarat's schema is one line, exit 2, saying what to do; the file is left as it was
    and no archive is written."""
    path = tmp_path / "old.sqlite3"
    url = _older_ledger(path)
    before = path.read_bytes()
    command = [*command[:1], *(str(tmp_path / name) for name in command[1:])]
    code, out, err = run(capsys, "ledger", *command, "--database", url)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert "has schema revision 0012_ledger_chain, this baccarat's is " in err
    assert "(baccarat serve)" in err
    code, _, err = run(capsys, "ledger", *command, "--database", url, "--json")
    assert code == 2 and json.loads(err)["error"]["code"] == "ledger_behind"
    assert path.read_bytes() == before and not (tmp_path / "kept.zip").exists()


def test_repair_reads_an_older_schema_against_its_own_revision(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """ledger repair is the one ledger command made for a schema behind this baccarat's (an
    interrupted migration leaves one): it repairs it against its stored revision and leaves the
    upgrade to the next start."""
    url = _older_ledger(tmp_path / "old.sqlite3")
    code, out, err = run(capsys, "ledger", "repair", "--database", url)
    assert (code, out.strip(), err) == (0, "ledger repair: nothing to repair", "")
    code, _, err = run(capsys, "ledger", "check", "--database", url)
    assert code == 2 and "schema revision 0012_ledger_chain" in err


@pytest.mark.parametrize("command", [["check"], ["export", "newer.zip"], ["rooms"]])
def test_a_ledger_from_a_newer_baccarat_is_named_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str]
) -> None:
    """A schema revision this baccarat does not know was written by a newer one: starting the
    practice table (the advice for an older ledger) cannot help, so the refusal says which
    version to use; nothing is written."""
    import sqlite3

    path = tmp_path / "newer.sqlite3"
    url = _older_ledger(path)
    with sqlite3.connect(path) as conn:
        conn.execute("UPDATE alembic_version SET version_num = '9999_from_the_future'")
    conn.close()
    before = path.read_bytes()
    if command == ["rooms"]:
        args = ["rooms", "list"]
    else:
        args = ["ledger", *command[:1], *(str(tmp_path / name) for name in command[1:])]
    code, out, err = run(capsys, *args, "--database", url)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert "9999_from_the_future, which this baccarat does not know" in err
    assert "baccarat serve" not in err
    assert path.read_bytes() == before and not (tmp_path / "newer.zip").exists()


def test_repair_refuses_another_programs_database_and_drops_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A --database that names another program's SQLite file is no half-migrated ledger: repair
    used to drop its empty tables as leftovers."""
    import sqlite3

    path = tmp_path / "other.sqlite3"
    with sqlite3.connect(path) as conn:
        conn.execute("CREATE TABLE notes (body TEXT)")
        conn.execute("CREATE TABLE empty (body TEXT)")
        conn.execute("INSERT INTO notes VALUES ('kept')")
    conn.close()
    code, out, err = run(capsys, "ledger", "repair", "--database", f"sqlite:///{path}")
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    assert "is not a baccarat ledger" in err and "'empty'" in err
    with sqlite3.connect(path) as conn:
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
        assert tables == {"notes", "empty"}
        assert conn.execute("SELECT body FROM notes").fetchall() == [("kept",)]
    conn.close()


@pytest.mark.parametrize("command", [["check"], ["export", "x.zip"]])
@pytest.mark.parametrize("made", ["zero bytes", "no tables", "another program's tables"])
def test_a_database_without_a_ledger_schema_is_not_a_ledger(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], command: list[str], made: str
) -> None:
    """An empty SQLite file, or one that holds no baccarat schema, is said to be no ledger, not
    a ledger at 'schema revision none'."""
    import sqlite3

    path = tmp_path / "empty.sqlite3"
    path.touch()
    if made != "zero bytes":
        with sqlite3.connect(path) as conn:
            conn.execute("PRAGMA user_version = 1")
            if made == "another program's tables":
                conn.execute("CREATE TABLE notes (body TEXT)")
    url = f"sqlite:///{path}"
    before = path.read_bytes()
    command = ["ledger", *command[:1], *(str(tmp_path / name) for name in command[1:])]
    for args in ([*command, "--database", url], ["rooms", "list", "--database", url]):
        code, out, err = run(capsys, *args)
        assert (code, out) == (2, "") and err.count("\n") == 1, err
        assert "is not a baccarat ledger" in err and "none" not in err, err
        # A file named by mistake keeps every byte (its journal mode too: not switched to WAL).
        assert path.read_bytes() == before
        assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.sqlite3"]
