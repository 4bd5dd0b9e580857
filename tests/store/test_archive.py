"""Ledger archives: a populated ledger goes from either engine to the other and back unchanged
(every row of every table, the ledger check, every fair shoe's verification); a damaged archive
or a non-empty target is refused and leaves the target as it was; an export taken while deals
go on is one consistent state."""

from __future__ import annotations

import hashlib
import io
import json
import random
import threading
import zipfile
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, date, datetime, time
from decimal import Decimal
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import inspect, select

from baccarat.learn.cells import Cell
from baccarat.learn.progress import CellRecord
from baccarat.ledger.check import check_ledger
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.store.archive import (
    CACHES,
    MANIFEST,
    SEAL,
    ArchiveError,
    archived_tables,
    export_ledger,
    import_ledger,
    verify_archive,
)
from baccarat.store.archivecodecs import codec_of, decode, encode
from baccarat.store.db import Store, head_revision
from baccarat.store.models import Base
from baccarat.store.quiz import DatabaseStore
from support.databases import shared_database
from support.errors import raises_code
from support.fair import ContributingService

ROUND_TRIPS = [("sqlite", "sqlite"), ("sqlite", "postgresql"), ("postgresql", "sqlite")]


def populate(store: Store) -> list[tuple[str, int]]:
    """Players with every kind of record: an account, a signed-in session, a failed log-in, two
    tables dealt across several shoes, an idempotent deal, limits, a play session ended, a
    Chemin de Fer practice coup, quiz cells. Returns each (player, table) dealt at."""
    service = ContributingService(store, rng=random.Random(7))
    dealt = []
    for n in range(2):
        player = service.join().player_id
        table = service.open_table(player, decks=1).id
        for coup in range(14 + n):  # a one-deck shoe ends within a dozen coups
            key = f"key-{coup}" if coup % 5 == 0 else None
            service.deal(player, table, {"banker": 10_00, "tie": (coup + 1) * 100}, None, key)
        dealt.append((player, table))
    player = dealt[0][0]
    service.register(player, "ana", "a long enough password")
    service.log_in("ana", "a long enough password", "127.0.0.1")
    with pytest.raises(LedgerError):
        service.log_in("ana", "the wrong password", "127.0.0.2")
    service.set_limits(
        player, reality_check_minutes=30, session_limit_minutes=90, daily_coup_limit=500
    )
    service.set_limits(
        player, reality_check_minutes=30, session_limit_minutes=None, daily_coup_limit=None
    )  # raised: pending for 24 hours
    service.continue_play(player)
    service.play_practice_coup(player, None, lambda started: started)
    service.end_play(dealt[1][0])
    service.cool_off(dealt[1][0], "1d")
    DatabaseStore(store).save(
        player, [CellRecord(Cell.banker(3, 8), right=1, wrong=2, box=1, due=10.5, seen=0.1)]
    )
    return dealt


def rows(store: Store) -> dict[str, list[tuple[Any, ...]]]:
    """Every row of every archived table, in key order."""
    with store.engine.connect() as connection:
        return {
            table.name: [
                tuple(row)
                for row in connection.execute(select(table).order_by(*table.primary_key.columns))
            ]
            for table in archived_tables()
        }


def verifications(store: Store, dealt: list[tuple[str, int]]) -> list[Any]:
    """Each finished shoe's verification and events, and every player's history and balance."""
    service = PlayService(store)
    found: list[Any] = []
    for player, table in dealt:
        found.append(service.player(player).balance)
        found.append(
            [
                (c.id, c.table_id, c.shoe_number, c.number, c.coup, c.settlement, c.created_at)
                for c in service.history(player)
            ]
        )
        for shoe in service.shoe_history(player, table):
            if shoe.server_seed is not None:
                verification, events = service.verify_shoe(player, table, shoe.number)
                assert verification.ok
                found.append((shoe.number, verification.ok, events))
    return found


@pytest.fixture
def source(tmp_path: Path) -> Iterator[tuple[Store, list[tuple[str, int]], Path]]:
    """A populated SQLite ledger and its archive."""
    with shared_database("sqlite", tmp_path, "source") as url:
        store = Store.open(url)
        dealt = populate(store)
        archive = tmp_path / "ledger.zip"
        export_ledger(store.engine, archive)
        yield store, dealt, archive
        store.close()


@contextmanager
def opened(kind: str, folder: Path, name: str, *, migrated: bool = False) -> Iterator[Store]:
    with shared_database(kind, folder, name) as url:
        store = Store.open(url, run_migrations=migrated)
        try:
            yield store
        finally:
            store.close()


def tables_of(store: Store) -> list[str]:
    return sorted(inspect(store.engine).get_table_names())


@pytest.mark.parametrize(("first", "second"), ROUND_TRIPS)
def test_a_round_trip_changes_no_row(tmp_path: Path, first: str, second: str) -> None:
    with opened(first, tmp_path, "first", migrated=True) as origin:
        dealt = populate(origin)
        before, checked = rows(origin), verifications(origin, dealt)
        assert all(before[name] for name in ("players", "ledger_entries", "shoes", "coups"))
        assert all(before[name] for name in ("web_sessions", "login_failures", "deal_keys"))
        assert all(before[name] for name in ("play_sessions", "chemin_coups", "quiz_cells"))
        written = export_ledger(origin.engine, tmp_path / "ledger.zip")
    assert written.revision == head_revision() and written.rows == sum(map(len, before.values()))
    with opened(second, tmp_path, "second") as target:
        loaded = import_ledger(target.engine, tmp_path / "ledger.zip")
        assert loaded.tables == written.tables and loaded.sha256 == written.sha256
        assert rows(target) == before
        report = check_ledger(target)
        assert report.ok, report.discrepancies
        assert verifications(target, dealt) == checked
        assert target.schema_revision() == head_revision()
        # New rows get new ids (PostgreSQL's sequences were moved past the loaded ones).
        service = ContributingService(target, rng=random.Random(5))
        player, table = dealt[0]
        service.deal(player, table, {"banker": 5_00})
        newcomer = service.join().player_id
        service.deal(newcomer, service.table(newcomer).id, {"player": 5_00})
        assert check_ledger(target).ok


def test_every_column_of_every_table_travels(source: tuple[Store, Any, Path]) -> None:
    _, _, archive = source
    with zipfile.ZipFile(archive) as opened_zip:
        manifest = json.loads(opened_zip.read(MANIFEST))
    described = {t["name"]: [c["name"] for c in t["columns"]] for t in manifest["tables"]}
    expected = {
        table.name: [column.name for column in table.columns]
        for table in Base.metadata.sorted_tables
        if table.name not in CACHES
    }
    assert described == expected and manifest["schema_revision"] == head_revision()
    assert [t["name"] for t in manifest["tables"]] == [t.name for t in archived_tables()]


@pytest.mark.parametrize(
    ("codec", "value"),
    [
        ("int", 2**62 + 1),
        ("int", -(2**40)),
        ("bool", False),
        ("float", 0.1 + 0.2),
        ("decimal", Decimal("12345678901234567890.000001")),
        ("datetime", datetime(2026, 3, 4, 5, 6, 7, 891011, tzinfo=UTC)),
        ("datetime", datetime(2026, 3, 4, 5, 6, 7)),
        ("date", date(2026, 2, 28)),
        ("time", time(23, 59, 58, 1)),
        ("bytes", bytes(range(256))),
        ("json", {"a": [1, 2.5, None, "é"], "b": True}),
        ("text", "Ks9dAc ☃"),
        ("text", None),
    ],
)
def test_every_codec_gives_back_the_value(codec: str, value: Any) -> None:
    written = json.loads(json.dumps(encode(codec, value)))
    back = decode(codec, written)
    assert back == value and type(back) is type(value)
    if isinstance(value, datetime):
        assert back.utcoffset() == value.utcoffset()


def test_every_column_type_of_the_schema_has_a_codec() -> None:
    for table in Base.metadata.sorted_tables:
        for column in table.columns:
            assert codec_of(column)


def _sealed(entries: dict[str, bytes]) -> bytes:
    """A zip of ``entries`` sealed as export seals an archive (to build a well-formed archive
    with a changed manifest)."""
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries.items():
            archive.writestr(name, data)
        archive.comment = SEAL + b"0" * 64
    data = buffer.getvalue()
    return data[:-64] + hashlib.sha256(data[:-64]).hexdigest().encode()


def _with_manifest(archive: Path, **changes: Any) -> bytes:
    with zipfile.ZipFile(archive) as opened_zip:
        entries = {name: opened_zip.read(name) for name in opened_zip.namelist()}
    manifest = json.loads(entries[MANIFEST]) | changes
    entries[MANIFEST] = json.dumps(manifest).encode()
    return _sealed(entries)


def _damaged(archive: Path) -> Iterator[tuple[str, str, bytes]]:
    """Each damaged archive with the code it is refused with."""
    data = archive.read_bytes()
    for at in (
        0,
        40,
        len(data) // 3,
        len(data) // 2,
        len(data) - 90,
        len(data) - 30,
        len(data) - 1,
    ):
        flipped = bytearray(data)
        flipped[at] ^= 0x20
        code = "not_an_archive" if at == 0 else None
        yield f"byte {at} flipped", code or "archive_checksum|archive_truncated", bytes(flipped)
    yield "truncated", "archive_truncated", data[: len(data) // 2]
    yield "cut short by one byte", "archive_truncated|archive_checksum", data[:-1]
    yield "empty", "archive_empty", b""
    yield "a PNG", "not_an_archive", b"\x89PNG\r\n\x1a\n" + bytes(200)
    other = io.BytesIO()
    with zipfile.ZipFile(other, "w") as some_zip:
        some_zip.writestr("readme.txt", "hello")
    yield "another zip", "not_an_archive", other.getvalue()
    yield "a newer schema", "archive_newer", _with_manifest(archive, schema_revision="9999_later")
    yield (
        "an older schema",
        "archive_older",
        _with_manifest(archive, schema_revision="0010_table_rule_sets"),
    )
    yield "a later format", "archive_format", _with_manifest(archive, version=2)
    with zipfile.ZipFile(archive) as opened_zip:
        entries = {name: opened_zip.read(name) for name in opened_zip.namelist()}
    entries["tables/players.jsonl"] += b'["intruder"]\n'
    yield "a row added and resealed", "archive_table_damaged", _sealed(entries)


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_damaged_archive_leaves_an_empty_target_untouched(
    source: tuple[Store, Any, Path], tmp_path: Path, kind: str
) -> None:
    _, _, archive = source
    bad = tmp_path / "bad.zip"
    with opened(kind, tmp_path, "target") as target:
        for what, codes, data in _damaged(archive):
            bad.write_bytes(data)
            with pytest.raises(ArchiveError) as refused:
                import_ledger(target.engine, bad)
            assert refused.value.code in codes.split("|"), (what, refused.value)
            assert "bad.zip" in str(refused.value)
            assert tables_of(target) == [], what
        import_ledger(target.engine, archive)  # the good one still goes in
        assert check_ledger(target).ok


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_database_that_holds_anything_is_refused(
    source: tuple[Store, Any, Path], tmp_path: Path, kind: str
) -> None:
    _, _, archive = source
    with opened(kind, tmp_path, "target", migrated=True) as target:
        PlayService(target).join()
        before = rows(target)
        with raises_code(ArchiveError, "database_not_empty", match="players"):
            import_ledger(target.engine, archive)
        assert rows(target) == before


def test_a_failure_while_loading_leaves_nothing(
    source: tuple[Store, Any, Path], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from baccarat.store import archive as module

    _, _, archive = source
    with opened("sqlite", tmp_path, "target", migrated=True) as target:
        real = module._decoded
        calls = [0]

        def failing(codecs: list[str], row: list[Any]) -> list[Any]:
            calls[0] += 1
            if calls[0] > 40:  # well into the load, some tables written already
                raise RuntimeError("the disk is full")
            return real(codecs, row)

        monkeypatch.setattr(module, "_decoded", failing)
        monkeypatch.setattr(module, "verify_archive", lambda path: None)
        with pytest.raises(RuntimeError):
            import_ledger(target.engine, archive)
        assert all(not found for found in rows(target).values())


def test_export_refuses_to_replace_a_file_unless_asked(source: tuple[Store, Any, Path]) -> None:
    store, _, archive = source
    kept = archive.read_bytes()
    with raises_code(ArchiveError, "archive_exists"):
        export_ledger(store.engine, archive)
    assert archive.read_bytes() == kept
    export_ledger(store.engine, archive, replace=True)
    assert verify_archive(archive).rows > 0
    assert [p.name for p in archive.parent.iterdir() if p.name.endswith(".partial")] == []


def test_a_ledger_without_a_schema_is_not_exported(tmp_path: Path) -> None:
    with opened("sqlite", tmp_path, "bare") as bare, raises_code(ArchiveError, "ledger_no_schema"):
        export_ledger(bare.engine, tmp_path / "x.zip")
    assert not (tmp_path / "x.zip").exists()


def test_an_export_while_deals_go_on_is_consistent(tmp_path: Path) -> None:
    with shared_database("sqlite", tmp_path, "busy") as url:
        writer_store, reader_store = Store.open(url), Store.open(url, run_migrations=False)
        service = ContributingService(writer_store, rng=random.Random(3))
        player = service.join().player_id
        table = service.open_table(player, decks=1).id
        stop, deals = threading.Event(), [0]

        def deal_on() -> None:
            while not stop.is_set():
                service.deal(player, table, {"banker": 1_00})
                deals[0] += 1

        writer = threading.Thread(target=deal_on)
        writer.start()
        try:
            overlapped = 0
            for attempt in range(40):
                started = deals[0]
                summary = export_ledger(reader_store.engine, tmp_path / f"busy-{attempt}.zip")
                overlapped += deals[0] > started
                with opened("sqlite", tmp_path, f"copy-{attempt}") as copy:
                    import_ledger(copy.engine, summary.path)
                    report = check_ledger(copy)
                    assert report.ok, report.discrepancies
                if overlapped >= 3:
                    break
        finally:
            stop.set()
            writer.join()
            writer_store.close()
            reader_store.close()
    assert overlapped >= 3, "no export overlapped a deal"
