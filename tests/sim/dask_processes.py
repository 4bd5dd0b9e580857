"""A Dask scheduler and workers as separate processes on 127.0.0.1, started as a cluster's
operators start them (``dask scheduler``, ``dask worker``) and stopped by their process ids.

Every wait is for an event (the scheduler's file written, a worker registered, a process gone)
and bounded in time; nothing sleeps in its place.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

DASK = Path(sys.executable).with_name("dask")
START_SECONDS = 60.0
"""The most a scheduler or a worker may take to start (the machine is shared and often busy)."""

# A worker without baccarat: the same interpreter with every folder that holds the package taken
# off its path before the worker starts (no nanny, so the worker is this very process).
WITHOUT_BACCARAT = (
    "import os, sys\n"
    "sys.path[:] = [p for p in sys.path if not os.path.isdir(os.path.join(p or '.', 'baccarat'))]\n"
    "from distributed.cli.dask_worker import main\n"
    "main()\n"
)


def until(condition: Callable[[], object], seconds: float = START_SECONDS) -> None:
    """Return once ``condition()`` is true, polling; fail after ``seconds``."""
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            raise TimeoutError(f"gave up waiting after {seconds} s")
        time.sleep(0.02)


@dataclass
class Process:
    """A started process, its log file and (for a worker) its name."""

    popen: subprocess.Popen[bytes]
    log: Path
    name: str = ""

    @property
    def pid(self) -> int:
        return self.popen.pid

    def stop(self) -> None:
        """SIGTERM by process id, then SIGKILL if it has not gone within ten seconds."""
        if self.popen.poll() is None:
            os.kill(self.pid, signal.SIGTERM)
            try:
                self.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                os.kill(self.pid, signal.SIGKILL)
                self.popen.wait(timeout=10)


@dataclass
class Cluster:
    """A scheduler's process and address, and the workers started for it."""

    root: Path
    scheduler: Process
    address: str
    workers: list[Process] = field(default_factory=list)

    def worker(
        self,
        name: str,
        *,
        code: str | None = None,
        env: Mapping[str, str] | None = None,
    ) -> Process:
        """Start a single-threaded worker (no nanny: the process is the worker). ``code`` runs
        the worker through ``python -c`` instead of the ``dask`` command."""
        command = [str(DASK), "worker"] if code is None else [sys.executable, "-c", code]
        command += [
            self.address,
            "--name",
            name,
            "--nthreads",
            "1",
            "--no-nanny",
            "--no-dashboard",
            "--local-directory",
            str(self.root / name),
            "--death-timeout",
            "60",
        ]
        worker = _start(command, self.root / f"{name}.log", {**os.environ, **(env or {})})
        worker.name = name
        self.workers.append(worker)
        return worker

    def stop(self) -> None:
        for process in [*self.workers, self.scheduler]:
            process.stop()


def _start(command: list[str], log: Path, env: Mapping[str, str]) -> Process:
    with log.open("wb") as out:
        popen = subprocess.Popen(
            command, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env
        )
    return Process(popen, log)


def start_scheduler(root: Path) -> Cluster:
    """``dask scheduler`` on a free port of 127.0.0.1 (port 0: the system picks one; the
    scheduler writes its address to a file)."""
    root.mkdir(parents=True, exist_ok=True)
    address_file = root / "scheduler.json"
    address_file.unlink(missing_ok=True)  # only this scheduler's address counts
    command = [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
    command += ["--scheduler-file", str(address_file)]
    scheduler = _start(command, root / "scheduler.log", os.environ)
    try:
        until(lambda: address_file.exists() or scheduler.popen.poll() is not None)
        until(lambda: "address" in _read(address_file), 10)
    except BaseException:
        scheduler.stop()
        raise
    if scheduler.popen.poll() is not None:
        raise RuntimeError(f"the scheduler did not start: {scheduler.log.read_text()}")
    return Cluster(root, scheduler, str(_read(address_file)["address"]))


def _read(path: Path) -> dict[str, object]:
    try:
        record: dict[str, object] = json.loads(path.read_text())
    except (OSError, ValueError):
        return {}
    return record
