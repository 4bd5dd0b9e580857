"""``docs/deploy.md`` as an operator would follow it: every ``sh`` block runs, in order, in one
shell, and the systemd unit passes ``systemd-analyze verify``.

The guide's own names stand for this machine's: ``/srv/baccarat`` is a temporary folder, ``8000``
a free port, and the PostgreSQL role and databases (``bac_app``, ``bac_ledger``, ``bac_restore``)
get names of their own, dropped afterwards. A block the guide marks as not run by the tests is
left out (and must say why).
"""

from __future__ import annotations

import contextlib
import getpass
import os
import re
import shutil
import signal
import subprocess
import sys
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from support.browser import free_port
from support.databases import POSTGRES_URL

GUIDE = Path(__file__).parents[2] / "docs" / "deploy.md"
NOT_RUN = re.compile(r"<!-- not run by the tests: \S.* -->")
BLOCK = re.compile(r"(?P<before>[^\n]*)\n```(?P<kind>\w+)\n(?P<body>.*?)\n```", re.S)
TIMEOUT = 300

pytestmark = pytest.mark.fault  # starts `baccarat serve` processes


def blocks(kind: str) -> Iterator[tuple[bool, str]]:
    """Each fenced block of ``kind`` in the guide: (whether the tests run it, its text)."""
    for match in BLOCK.finditer(GUIDE.read_text()):
        if match["kind"] == kind:
            yield NOT_RUN.fullmatch(match["before"].strip()) is None, match["body"]


def test_every_block_is_run_or_says_why_not() -> None:
    kinds = {m["kind"] for m in BLOCK.finditer(GUIDE.read_text())}
    assert kinds <= {"sh", "ini", "nginx"}, kinds
    assert all(run for run, _ in blocks("sh"))  # every shell block can run on one machine
    for kind in ("ini", "nginx"):
        assert [run for run, _ in blocks(kind)] == [False]  # each shown once, said why


@pytest.fixture
def names(tmp_path: Path) -> Iterator[dict[str, str]]:
    """The guide's names, and this machine's for them; the role and databases are dropped."""
    psql = shutil.which("psql")
    if psql is None:
        pytest.skip("no psql on this machine")
    suffix = uuid.uuid4().hex[:10]
    chosen = {
        "/srv/baccarat": str(tmp_path / "srv"),
        "8000": str(free_port()),
        "bac_app": f"bac_app_{suffix}",
        "bac_ledger": f"bac_ledger_{suffix}",
        "bac_restore": f"bac_restore_{suffix}",
    }
    yield chosen
    admin = POSTGRES_URL.replace("postgresql+psycopg://", "postgresql://", 1)
    drops = [
        f'DROP DATABASE IF EXISTS "{chosen["bac_restore"]}" WITH (FORCE)',
        f'DROP DATABASE IF EXISTS "{chosen["bac_ledger"]}" WITH (FORCE)',
        f'DROP ROLE IF EXISTS "{chosen["bac_app"]}"',
    ]
    for drop in drops:
        subprocess.run([psql, admin, "-q", "-c", drop], check=False, capture_output=True)


def localized(text: str, names: dict[str, str]) -> str:
    for ours, theirs in names.items():
        text = re.sub(rf"(?<!\w){re.escape(ours)}(?!\w)", theirs, text)
    return text


def test_the_guide_runs(names: dict[str, str], tmp_path: Path) -> None:
    script = ["set -euo pipefail"]
    for number, (run, body) in enumerate(blocks("sh"), 1):
        if run:
            script += [f"echo '--- block {number}' >&2", localized(body, names)]
    env = {
        **os.environ,
        "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
        "LANGUAGE": "en",
    }
    env.pop("BACCARAT_DATABASE_URL", None)
    shell = subprocess.Popen(
        ["bash", "-c", "\n".join(script)],
        cwd=tmp_path,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its background server goes with it, whatever happens
    )
    try:
        out, err = shell.communicate(timeout=TIMEOUT)
    finally:
        # Whatever the guide left running (its server, if a block failed before stopping it).
        with contextlib.suppress(ProcessLookupError):
            os.killpg(shell.pid, signal.SIGKILL)
    assert shell.returncode == 0, err
    srv = Path(names["/srv/baccarat"])
    log = (srv / "serve.log").read_text()
    port = names["8000"]
    # The server started (two processes on PostgreSQL), was ready, and was stopped by the guide.
    assert f"baccarat practice table on http://127.0.0.1:{port}/" in log, log
    assert '"status":"ready"' in out.replace(" ", ""), out
    assert "baccarat_http_requests_total{" in out, out  # the metrics the guide turned on
    # The backup was taken, restored into a database of its own and checked clean.
    assert len(list((srv / "backups").glob("ledger-*.zip"))) == 1
    assert "ledger check: ok" in out, out
    assert oct((srv / "env").stat().st_mode & 0o777) == "0o600"


def test_the_unit_verifies(names: dict[str, str], tmp_path: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("no systemd-analyze on this machine")
    [(_, unit)] = blocks("ini")
    srv = Path(names["/srv/baccarat"])
    (srv / "venv" / "bin").mkdir(parents=True)
    (srv / "venv" / "bin" / "baccarat").symlink_to(Path(sys.executable).with_name("baccarat"))
    (srv / "env").write_text("BACCARAT_DATA_DIR=/tmp\n")
    text = localized(unit, names).replace("User=baccarat", f"User={getpass.getuser()}")
    path = tmp_path / "baccarat.service"
    path.write_text(text)
    done = subprocess.run([analyze, "verify", str(path)], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
