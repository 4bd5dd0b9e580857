"""``baccarat serve``: options reach uvicorn and the settings; bad input is one line and exit 2."""

from __future__ import annotations

import json
import os
import pickle
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
import pytest

from baccarat.cli import main
from support.browser import free_port

HANG_TIMEOUT = 120
"""Seconds: only a hang trips it, never a slow machine."""


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> dict[str, Any]:
    """Run the command without starting a server: record what uvicorn would have served, and
    answer at once (the start-up line comes once the server answers)."""
    from baccarat.cli import serve

    calls: dict[str, Any] = {}

    def fake_run(app: Any, announce: Callable[[int], None], **kwargs: Any) -> None:
        calls["app"] = app
        calls.update(kwargs)
        announce(kwargs["port"])

    real_check = serve.check_listen

    def check_listen(host: str, port: int) -> None:
        # The port is recorded, and the host probed on a port of the system's choosing: the
        # defaults' 8000 may be taken by another server on this machine (a `make run`), and a
        # busy port's refusal has its own test (tests/cli/test_refusals.py).
        calls["listen"] = (host, port)
        real_check(host, 0)

    monkeypatch.setattr(serve, "run_server", fake_run)
    monkeypatch.setattr(serve, "check_listen", check_listen)
    monkeypatch.setenv("BACCARAT_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("BACCARAT_SECRET_KEY", "s" * 32)
    # ``serve --workers`` hands its settings to the worker processes through these: recorded
    # here, so monkeypatch restores them after the test and no later test reads them.
    # (delenv alone records nothing to restore when the variable is unset.)
    for name in (
        "BACCARAT_DATABASE_URL",
        "BACCARAT_THREADS",
        "BACCARAT_RULES_DIR",
        "BACCARAT_SERVER_GC",
        "BACCARAT_WARM_BEFORE_SERVING",
        "PROMETHEUS_MULTIPROC_DIR",
    ):
        monkeypatch.setenv(name, "")
        monkeypatch.delenv(name)
    return calls


def test_serve_defaults_to_localhost_8000_and_sqlite_in_the_data_dir(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    main(["serve", "--json"])
    assert (served["host"], served["port"]) == ("127.0.0.1", 8000)
    assert served["listen"] == ("127.0.0.1", 8000)  # checked before the start, as served
    line = json.loads(capsys.readouterr().out)
    assert line.pop("schema") == "baccarat.serve/1"
    assert line == {
        "url": "http://127.0.0.1:8000/",
        "database": f"sqlite:///{tmp_path / 'data' / 'baccarat.sqlite3'}",
    }
    assert (tmp_path / "data" / "baccarat.sqlite3").exists()  # created and migrated at start


def test_serve_takes_host_port_and_database(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = f"sqlite:///{tmp_path / 'other.sqlite3'}"
    main(["serve", "--host", "0.0.0.0", "--port", "8123", "--database", database])
    assert (served["host"], served["port"]) == ("0.0.0.0", 8123)
    assert served["app"].state.settings.resolved_database_url() == database
    assert "virtual points only" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--database", "mysql://db/x"], "is not supported"),
        (["--database", "not a url"], "is not supported"),
        (
            ["--database", "postgresql+psycopg://nobody@127.0.0.1:1/none"],
            "cannot open the database",
        ),
        (["--port", "0"], "--port"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_2(
    served: dict[str, Any],
    capsys: pytest.CaptureFixture[str],
    args: list[str],
    message: str,
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", *args])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err
    assert "app" not in served


def test_serve_with_workers_migrates_once_and_hands_the_factory_to_uvicorn(
    served: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    database = f"sqlite:///{tmp_path / 'w.sqlite3'}"
    # Restored after the test, whatever serve sets it to.
    monkeypatch.setenv("BACCARAT_DATABASE_URL", f"sqlite:///{tmp_path / 'other.sqlite3'}")
    main(["serve", "--workers", "3", "--database", database])
    assert (served["app"], served["factory"], served["workers"]) == (
        "baccarat.web.app:create_app",
        True,
        3,
    )
    assert (tmp_path / "w.sqlite3").exists()  # migrated here, before any worker starts
    # Each worker builds its application from the environment: the same database.
    assert os.environ["BACCARAT_DATABASE_URL"] == database


@pytest.mark.parametrize("option", ["--workers", "--threads"])
def test_serve_refuses_zero_workers_or_threads(
    served: dict[str, Any], capsys: pytest.CaptureFixture[str], option: str
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["serve", option, "0"])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and option in err
    assert "app" not in served


def test_serve_threads_reach_the_settings_and_every_worker(
    served: dict[str, Any], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    main(["serve", "--threads", "7"])
    assert served["app"].state.settings.threads == 7
    main(["serve", "--workers", "2", "--threads", "9"])
    assert os.environ["BACCARAT_THREADS"] == "9"


def test_serve_hands_uvicorn_the_limits_of_the_settings(
    served: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    from baccarat.web.connections import GuardedProtocol

    monkeypatch.setenv("BACCARAT_HEADER_TIMEOUT", "7.5")
    monkeypatch.setenv("BACCARAT_MAX_CONNECTIONS", "40")
    monkeypatch.setenv("BACCARAT_KEEP_ALIVE_TIMEOUT", "12")
    main(["serve", "--workers", "2"])
    # A partial of an importable class: it reaches every worker process, pickled.
    protocol = pickle.loads(pickle.dumps(served["http"]))
    assert protocol.func is GuardedProtocol
    assert protocol.keywords == {"header_timeout": 7.5, "max_connections": 40}
    assert served["timeout_keep_alive"] == 12


def test_serve_with_workers_and_metrics_shares_a_metrics_folder(
    served: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("BACCARAT_METRICS", "true")
    main(["serve", "--workers", "2"])
    shared = Path(os.environ["PROMETHEUS_MULTIPROC_DIR"])  # the workers inherit it
    assert shared.is_dir() and not any(shared.iterdir())


def test_serve_tunes_the_collector_of_every_server_process(served: dict[str, Any]) -> None:
    main(["serve"])
    assert served["app"].state.settings.server_gc is True
    main(["serve", "--workers", "2"])
    assert os.environ["BACCARAT_SERVER_GC"] == "true"


def test_every_worker_of_several_is_warm_before_it_takes_a_connection(
    served: dict[str, Any],
) -> None:
    """One process answers at once and warms up beside its first requests; the workers of
    ``--workers`` share the socket, so each warms up before it takes a connection, and is given
    the time to (a worker the server replaces must be ready before the old one goes)."""
    from baccarat.cli import serve
    from baccarat.web.settings import Settings

    main(["serve"])
    assert served["app"].state.settings.warm_before_serving is False
    assert "BACCARAT_WARM_BEFORE_SERVING" not in os.environ
    main(["serve", "--workers", "2"])
    assert Settings().warm_before_serving is True  # what each worker reads
    assert served["timeout_worker_healthcheck"] == serve.WORKER_START_TIMEOUT


def test_serve_offers_the_rule_sets_of_a_folder(served: dict[str, Any], tmp_path: Path) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    (folder / "red.toml").write_text(
        'name = "red-table"\nextends = "punto-banco"\noffers = ["player", "banker", "all_red"]\n',
        encoding="utf-8",
    )
    main(["serve", "--rules-dir", str(folder)])
    assert "red-table" in served["app"].state.service.rule_sets
    main(["serve", "--workers", "2", "--rules-dir", str(folder)])
    assert os.environ["BACCARAT_RULES_DIR"] == str(folder.resolve())


def test_serve_refuses_a_bad_rule_set_file_at_start_up_with_its_line(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "tables"
    folder.mkdir()
    bad = folder / "bad.toml"
    bad.write_text('name = "x"\noffers = ["player", "lucky"]\n', encoding="utf-8")
    with pytest.raises(SystemExit) as info:
        main(["serve", "--rules-dir", str(folder)])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert (
        err
        == f"baccarat: error: {bad}:2: rule set 'x': offers unknown bet 'lucky': "
        + (err.split("offers unknown bet 'lucky': ")[1])
    )
    assert err.count("\n") == 1 and "app" not in served


@pytest.mark.fault  # a `baccarat serve` process (two, with --workers 2)
@pytest.mark.parametrize("workers", [1, 2])
def test_the_started_line_comes_once_the_server_is_ready(tmp_path: Path, workers: int) -> None:
    port = free_port()
    env = {**os.environ, "BACCARAT_DATA_DIR": str(tmp_path), "BACCARAT_SECRET_KEY": "s" * 40}
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    command = [sys.executable, "-c", "from baccarat.cli import main; main()", "serve"]
    options = ["--port", str(port), "--database", database, "--json", "--workers", str(workers)]
    with subprocess.Popen(
        [*command, *options], env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL
    ) as server:
        try:
            assert server.stdout is not None
            line = json.loads(server.stdout.readline())
            assert line["url"] == f"http://127.0.0.1:{port}/"
            # Answered at once, without waiting or retrying: the line came when it could be,
            # once the server was ready (its warm-up done; with two workers, the first's, and
            # the second takes no connection before its own is). Each request is a connection
            # of its own, so any worker may take it.
            for _ in range(8):
                with httpx.Client(base_url=line["url"], timeout=HANG_TIMEOUT) as client:
                    assert client.get("/readyz").json()["status"] == "ready"
            with httpx.Client(base_url=line["url"], timeout=HANG_TIMEOUT) as client:
                assert client.get("/healthz").json() == {"status": "ok"}
                assert client.get("/gate").status_code == 200
        finally:
            server.terminate()
            server.wait(HANG_TIMEOUT)


def test_the_database_password_is_never_shown(
    served: dict[str, Any], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The start-up line (text and JSON) and a refusal go to logs others read: each names the
    database with its password hidden."""
    from sqlalchemy.engine import make_url

    from support.databases import shared_database

    def with_password(url: str) -> str:
        return make_url(url).set(password="s3cret-pw").render_as_string(hide_password=False)

    with shared_database("postgresql", tmp_path, "password") as url:
        database = with_password(url)
        main(["serve", "--database", database])
        main(["serve", "--database", database, "--json"])
    out = capsys.readouterr().out
    text, record = out.splitlines()[0], json.loads(out.splitlines()[1])
    assert "s3cret" not in out
    assert make_url(database).render_as_string(hide_password=True) in text  # ...:***@...
    assert make_url(record["database"]).password == "***"
    for refused in (
        with_password("postgresql+psycopg://nobody@127.0.0.1:1/none"),  # cannot open it
        "mysql://nobody:s3cret-pw@db/x",  # not supported
        "postgresql+psycopg://nobody@127.0.0.1:1/none?password=s3cret-pw",
    ):
        with pytest.raises(SystemExit):
            main(["serve", "--database", refused])
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "***" in err and "s3cret" not in err, err
