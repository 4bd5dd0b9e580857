"""Benchmark of the Dask backend against the threads backend, on a cluster already running.

Run: ``.venv/bin/python bench/bench_dask.py [--coups N] [--runs R] [--quick]``. It starts
``dask scheduler`` and two ``dask worker --nthreads 1`` processes on 127.0.0.1, warms them (one
small run, not timed), then alternates the two backends on the same run (default 3x10^9 coups,
shoe mode, 8 decks, the same seed) and prints for each the best and the median dealing time in
coups per second, and the ratio Dask / threads (target: at least 0.8 on two cores).

It then times the scheduler alone: tasks that do nothing (:func:`baccarat.sim.dask_tasks.noop`,
through the same :func:`~baccarat.sim.dask_tasks.call` as a dealing task), submitted all at
at once (``client.map``), give the tasks per second this scheduler and these workers handle, and from it what a
cluster of 100 or 1,000 single-threaded workers asks of a scheduler with the backend's task
sizes (:meth:`baccarat.sim.dask_backend.DaskBackend.chunk_size`).
"""

from __future__ import annotations

import argparse
import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Timing

from baccarat.sim import dask_tasks
from baccarat.sim.dask_backend import SCHEDULER_TASKS_PER_SECOND, TASK_SECONDS, DaskBackend
from baccarat.sim.runner import Backend, ThreadBackend, simulate
from baccarat.sim.spec import SimulationSpec

DASK = Path(sys.executable).with_name("dask")


def start_cluster(root: Path) -> tuple[str, list[subprocess.Popen[bytes]]]:
    """A scheduler on a free port of 127.0.0.1 and two single-threaded workers (no nanny)."""
    address_file = root / "scheduler.json"
    command = [str(DASK), "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard"]
    scheduler = subprocess.Popen(
        [*command, "--scheduler-file", str(address_file)],
        stdout=subprocess.DEVNULL,
        stderr=(root / "scheduler.log").open("wb"),
    )
    deadline = time.monotonic() + 60
    while "address" not in (json.loads(address_file.read_text()) if address_file.exists() else {}):
        if time.monotonic() > deadline or scheduler.poll() is not None:
            raise RuntimeError("the scheduler did not start")
        time.sleep(0.05)
    address = str(json.loads(address_file.read_text())["address"])
    worker = [str(DASK), "worker", address, "--nthreads", "1", "--no-nanny", "--no-dashboard"]
    workers = [
        subprocess.Popen(
            [*worker, "--name", f"w{i}", "--local-directory", str(root / f"w{i}")],
            stdout=subprocess.DEVNULL,
            stderr=(root / f"w{i}.log").open("wb"),
        )
        for i in range(2)
    ]
    return address, [scheduler, *workers]


def stop(processes: list[subprocess.Popen[bytes]]) -> None:
    for process in processes:
        if process.poll() is None:
            os.kill(process.pid, signal.SIGTERM)
    for process in processes:
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            os.kill(process.pid, signal.SIGKILL)


def dealing(spec: SimulationSpec, backend: Backend) -> float:
    result = simulate(spec, backend=backend)
    assert result.coups == spec.coups
    return result.seconds


def scheduler_rate(backend: DaskBackend, tasks: int) -> float:
    """Tasks per second through scheduler and workers, for tasks that do nothing."""
    identity = dask_tasks.code_identity()
    client = backend.client
    started = time.perf_counter()
    # One message for all of them: the client's own cost per submission stays out of the figure.
    futures = client.map(
        dask_tasks.call,
        [dask_tasks.noop] * tasks,
        [identity] * tasks,
        [None] * tasks,
        range(tasks),
        [1] * tasks,
        pure=False,
    )
    client.gather(futures)
    return tasks / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--coups", type=int, default=3_000_000_000)
    parser.add_argument("--runs", type=int, default=3, help="runs of each backend (alternated)")
    parser.add_argument("--tasks", type=int, default=4000, help="no-op tasks for the rate")
    parser.add_argument("--quick", action="store_true", help="a check of the script, not figures")
    args = parser.parse_args()
    if args.quick:
        args.coups, args.runs, args.tasks = 100_000_000, 1, 400
    print(f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory(prefix="bench-dask-") as folder:
        started = time.perf_counter()
        address, processes = start_cluster(Path(folder))
        try:
            with DaskBackend.connect(address) as dask:
                dask.client.wait_for_workers(2, timeout=60)
                dask.wait_for_workers()
                print(f"cluster up in {time.perf_counter() - started:.2f} s: {address}, 2 workers")
                warm = simulate(SimulationSpec(coups=10_000_000, seed=1), backend=dask)
                phases = ", ".join(f"{name} {s:.3f} s" for name, s in warm.phases)
                print(f"first run (10^7 coups, not timed): {phases}")
                compiled = [w.worker for w in dask.warm_ups if w.compiled]
                print(f"workers that compiled the kernels: {compiled or 'none (numba cache)'}")
                threads = ThreadBackend(2)
                spec = SimulationSpec(coups=args.coups, seed=2026)
                times: dict[str, list[float]] = {"threads": [], "dask": []}
                for run in range(args.runs):
                    times["threads"].append(dealing(spec, threads))
                    times["dask"].append(dealing(spec, dask))
                    print(
                        f"run {run + 1}: threads {args.coups / times['threads'][-1] / 1e6:.1f}, "
                        f"dask {args.coups / times['dask'][-1] / 1e6:.1f} M coups/s "
                        f"({dask.tasks} tasks so far)"
                    )
                timing = {k: _timing(v) for k, v in times.items()}
                for name, t in timing.items():
                    print(
                        f"{name:8} {args.coups:.0e} coups: best {args.coups / t.best / 1e6:6.1f}, "
                        f"median {args.coups / t.median / 1e6:6.1f} M coups/s"
                    )
                best = timing["threads"].best / timing["dask"].best
                median = timing["threads"].median / timing["dask"].median
                print(f"dask / threads: best {best:.3f}, median {median:.3f} (target >= 0.8)")
                rate = scheduler_rate(dask, args.tasks)
                print(f"scheduler: {rate:,.0f} no-op tasks/s ({args.tasks} at once, 2 workers)")
                for workers in (100, 1000):
                    seconds = max(TASK_SECONDS, workers / SCHEDULER_TASKS_PER_SECOND)
                    asked = workers / seconds
                    print(
                        f"{workers:5} workers: tasks of {seconds:.0f} s, {asked:,.0f} tasks/s "
                        f"= {asked / rate:.0%} of the rate measured here"
                    )
        finally:
            stop(processes)


def _timing(samples: list[float]) -> Timing:
    return Timing(min(samples), statistics.median(samples), len(samples))


if __name__ == "__main__":
    main()
