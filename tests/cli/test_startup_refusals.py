"""A start that finds a half-migrated schema or a damaged SQLite file refuses in one line (exit 2)
that names the database and what to do; ``baccarat ledger repair`` repairs the first."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

from baccarat.store.db import Store
from baccarat.store.errors import StoreError
from support.cli import run
from support.ledgers import first_ddl, half_migrate, populate

pytest.importorskip("fastapi")


@pytest.fixture
def quiet_serve(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """``serve`` up to the server's start, which is recorded instead."""
    from baccarat.cli import serve

    calls: dict[str, Any] = {}
    monkeypatch.setattr(serve, "run_server", lambda app, announce, **kw: calls.update(app=app))
    monkeypatch.setattr(serve, "check_listen", lambda host, port: None)
    monkeypatch.setenv("BACCARAT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BACCARAT_SECRET_KEY", "s" * 32)
    return calls


def _ledger_at(folder: Path, revision: str) -> Path:
    from alembic import command

    from baccarat.store.db import alembic_config

    path = folder / "ledger.sqlite3"
    store = Store.open(f"sqlite:///{path}")
    populate(store)
    command.downgrade(alembic_config(store.engine), revision)
    store.close()
    return path


def test_a_half_migrated_ledger_is_refused_then_repaired(
    quiet_serve: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # As the old code left it: 0011's first tables created, still stamped 0010.
    path = _ledger_at(tmp_path, "0010_table_rule_sets")
    half_migrate(path, first_ddl(path, "0011_trust")[:2])
    url = f"sqlite:///{path}"
    code, out, err = run(capsys, "serve", "--database", url)
    assert (code, out, quiet_serve) == (2, "", {})
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "half-migrated from revision 0010_table_rule_sets" in err
    assert "table play_sessions" in err and "index ix_play_sessions_player_id_id" in err
    assert err.strip().endswith(f"baccarat ledger repair --database {url}")
    code, out, err = run(capsys, "ledger", "repair", "--database", url)
    assert (code, err) == (0, "")
    assert "table play_sessions" in out and "next start migrates" in out
    code, out, err = run(capsys, "ledger", "repair", "--database", url)
    assert (code, out.strip()) == (0, "ledger repair: nothing to repair")
    code, _, err = run(capsys, "serve", "--database", url)
    assert (code, err) == (0, "") and "app" in quiet_serve
    code, out, _ = run(capsys, "ledger", "check", "--database", url)
    assert code == 0 and out.startswith("ledger check: ok (2 players")


def test_a_repair_that_must_keep_rows_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "rows.sqlite3"
    Store.open(f"sqlite:///{path}").close()
    half_migrate(path, ["CREATE TABLE notes (body TEXT)", "INSERT INTO notes VALUES ('x')"])
    code, out, err = run(capsys, "ledger", "repair", "--database", f"sqlite:///{path}")
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert "'notes' holds 1 rows" in err and "backup" in err


def _damage(source: Path, target: Path) -> None:
    """A copy with pages in the middle of the file overwritten."""
    shutil.copyfile(source, target)
    size = target.stat().st_size
    with target.open("r+b") as file:
        for offset in range(size // 3, 2 * size // 3, 4096):
            file.seek(offset)
            file.write(b"\xa5" * 512)


def test_a_damaged_file_is_refused_in_one_line(
    quiet_serve: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from baccarat.web.app import create_app
    from baccarat.web.settings import Settings

    good = tmp_path / "good.sqlite3"
    store = Store.open(f"sqlite:///{good}")
    populate(store)
    store.close()
    bad = tmp_path / "bad.sqlite3"
    _damage(good, bad)
    url = f"sqlite:///{bad}"
    code, out, err = run(capsys, "serve", "--database", url)
    assert (code, out, quiet_serve) == (2, "", {})
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"the database file '{bad}' is damaged" in err
    assert f"sqlite3 {bad} .recover" in err and "backup" in err
    # The application factory (uvicorn --factory, each worker) refuses it the same way.
    with pytest.raises(StoreError) as refused:
        create_app(Settings(database_url=url))
    assert refused.value.code == "damaged_file" and "\n" not in str(refused.value)
    # The good file still starts.
    code, _, err = run(capsys, "serve", "--database", f"sqlite:///{good}")
    assert (code, err) == (0, "")
