"""Benchmark of the practice table's start-up: how long ``baccarat serve`` takes to be ready.

Run: ``.venv/bin/python bench/bench_ready.py [--quick]``. Each run starts ``baccarat serve`` as a
fresh process on a free port and times, from the moment it was started:

* the "started" line on its standard output, which it prints once it is ready;
* its first ``GET /readyz`` answered 200 (database, schema and warm-up ready), asked as soon as
  the line came and again until it is (a server older than ``/readyz``: ``/healthz`` answered);
* its first page, ``GET /`` as a new visitor (and the page it sends them to), after the line:
  what a person waits for.

Twice: on a new SQLite file (the schema is made and migrated first) and on a file a run has
already made, as a restarted server finds it. Each runs in turn with ``python -c pass`` and
``python -c "import fastapi"`` (the web framework, which the server needs whatever it does),
``A B C A B C …`` so that a change in the machine's load moves them all, and is reported as the
median wall time, with ratios to those references measured in the same run.

Target, on a quiet 2-core machine: the started line within 2 s of the start.
"""

from __future__ import annotations

import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from http.client import HTTPConnection
from pathlib import Path

BACCARAT = str(Path(sys.executable).with_name("baccarat"))
PYTHON = sys.executable
TARGET = 2.0


def _free_port() -> int:
    # The port is free when asked; another process could take it before the server binds it,
    # which a benchmark can live with (the run fails loudly and is started again).
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _get(port: int, path: str) -> int:
    """The status of ``GET path``, after the redirect a new visitor gets (to the gate).

    A server that printed its started line before its port was open (as ``serve`` did before it
    waited for its own /healthz) is asked again until it answers, so its figure is its readiness
    too."""
    while True:
        try:
            return _get_once(port, path)
        except ConnectionRefusedError:
            time.sleep(0.005)


def _ready(port: int) -> int:
    """``GET /readyz`` until it is not 503 (a server that printed its line before its warm-up
    was done answers 503 meanwhile); a server older than ``/readyz`` (404): ``GET /healthz``."""
    while True:
        status = _get(port, "/readyz")
        if status == 404:
            return _get(port, "/healthz")
        if status != 503:
            return status
        time.sleep(0.005)


def _get_once(port: int, path: str) -> int:
    connection = HTTPConnection("127.0.0.1", port, timeout=30)
    try:
        connection.request("GET", path)
        response = connection.getresponse()
        response.read()
        location = response.getheader("location")
        if response.status in (302, 303, 307) and location is not None:
            connection.request("GET", location)
            response = connection.getresponse()
            response.read()
        return response.status
    finally:
        connection.close()


def serve_once(database: Path, env: dict[str, str]) -> tuple[float, float, float]:
    """Seconds from the start to the started line, to /readyz answered 200 and to the first
    page."""
    port = _free_port()
    argv = [BACCARAT, "serve", "--host", "127.0.0.1", "--port", str(port)]
    argv += ["--database", f"sqlite:///{database}"]
    start = time.perf_counter()
    server = subprocess.Popen(argv, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        line = server.stdout.readline()
        started = time.perf_counter() - start
        if "baccarat practice table on" not in line:
            raise SystemExit(f"serve did not start: {line!r}")
        status = _ready(port)
        healthy = time.perf_counter() - start
        page = _get(port, "/")
        first_page = time.perf_counter() - start
        if status != 200 or page != 200:
            raise SystemExit(f"serve answered {status} and {page}")
        return started, healthy, first_page
    finally:
        server.terminate()
        server.wait(timeout=30)


def python_once(code: str, env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run([PYTHON, "-c", code], env=env, check=True)
    return time.perf_counter() - start


def main() -> None:
    runs = 3 if "--quick" in sys.argv else 9
    with tempfile.TemporaryDirectory() as folder:
        # As installed: each module's bytecode read, not compiled again in every run.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = str(Path(folder, "bytecode"))
        print(f"Start-up of baccarat serve; median of {runs} runs each ({os.cpu_count()} cores)")
        print(f"  load average at start: {os.getloadavg()[0]:.2f}")
        kept = Path(folder, "kept.sqlite3")
        serve_once(kept, env)  # not counted: writes the bytecode and the kept file
        python_once("import fastapi", env)
        fresh: list[tuple[float, float, float]] = []
        again: list[tuple[float, float, float]] = []
        python: list[float] = []
        fastapi: list[float] = []
        for run in range(runs):
            python.append(python_once("pass", env))
            fastapi.append(python_once("import fastapi", env))
            fresh.append(serve_once(Path(folder, f"new-{run}.sqlite3"), env))
            again.append(serve_once(kept, env))
        base, framework = statistics.median(python), statistics.median(fastapi)
        for label, seconds in (("python -c pass", base), ('python -c "import fastapi"', framework)):
            print(f"  {label:44s} {seconds:6.3f} s")
        for label, timings in (("a new database", fresh), ("a database made before", again)):
            started, healthy, page = (statistics.median(t[i] for t in timings) for i in range(3))
            print(f"  serve on {label}:")
            for what, seconds in (
                ("started line", started),
                ("GET /readyz answered 200", healthy),
                ("GET / answered (first page)", page),
            ):
                print(
                    f"    {what:42s} {seconds:6.3f} s   ({seconds / base:.1f}x python, "
                    f"{seconds / framework:.1f}x import fastapi)"
                )
        worst = statistics.median(t[0] for t in fresh)
        print(
            f"  target (quiet machine): the started line within {TARGET:.1f} s; here {worst:.3f} s"
        )
        print(f"  load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
