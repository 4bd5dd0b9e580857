"""``baccarat serve`` as a process on a free port, for the tests that need a real server (and
may kill it): started once its start-up line comes, which it prints only when ``/readyz``
answers 200, so no test polls the port or sleeps."""

from __future__ import annotations

import json
import os
import selectors
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping

from support.browser import free_port

HANG_TIMEOUT = 120
"""Seconds for the start-up line: only a hang trips it, never a slow machine."""


def serve_process(*options: str, env: Mapping[str, str]) -> tuple[subprocess.Popen[bytes], str]:
    """Start ``baccarat serve --json --port PORT OPTIONS`` in the environment ``env``; return
    the process and its base URL (``http://127.0.0.1:PORT``) once it answers. The caller stops
    the process. Its standard error goes to a file, read only to say why it did not start."""
    port = free_port()
    command = [sys.executable, "-c", "from baccarat.cli import main; main()", "serve"]
    with tempfile.TemporaryFile() as errors:
        process = subprocess.Popen(
            [*command, "--port", str(port), "--json", *options],
            env=dict(env),
            stdout=subprocess.PIPE,
            stderr=errors,
        )
        line = _first_line(process)
        if not line.endswith(b"\n"):
            running = process.poll() is None
            process.kill()
            process.wait()
            errors.seek(0)
            said = errors.read().decode(errors="replace").strip().splitlines()[-20:]
            why = (
                f"still running after {HANG_TIMEOUT} s, killed"
                if running
                else f"exit status {process.returncode}"
            )
            raise RuntimeError(f"the server did not start ({why}); it said:\n" + "\n".join(said))
    record = json.loads(line)
    assert record["schema"].startswith("baccarat.serve/"), record
    base = f"http://127.0.0.1:{port}"
    assert record["url"] == f"{base}/", record
    return process, base


def _first_line(process: subprocess.Popen[bytes]) -> bytes:
    """What the process wrote to standard output until its first line ended, it closed its
    output, or ``HANG_TIMEOUT`` passed."""
    assert process.stdout is not None
    line = b""
    with selectors.DefaultSelector() as waiting:
        waiting.register(process.stdout, selectors.EVENT_READ)
        deadline = time.monotonic() + HANG_TIMEOUT
        # The one line comes whole (one write, flushed); with --log-level warning nothing else
        # is written to standard output, so the pipe never fills.
        while not line.endswith(b"\n") and waiting.select(deadline - time.monotonic()):
            chunk = os.read(process.stdout.fileno(), 4096)
            if not chunk:
                break  # the server exited before it answered
            line += chunk
    return line
