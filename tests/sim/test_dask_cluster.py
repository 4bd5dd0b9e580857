"""Dask as a cluster's operators run it: ``dask scheduler`` and ``dask worker`` processes on
127.0.0.1, ``baccarat simulate --dask tcp://...``, a worker killed mid-run, workers refused.

Each run is compared with a threads run of the same seed, tally for tally.
"""

from __future__ import annotations

import json
import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from baccarat.sim.dask_backend import DaskBackend
from baccarat.sim.runner import SimulationResult, simulate
from baccarat.sim.spec import SimulationError, SimulationSpec
from sim.dask_processes import WITHOUT_BACCARAT, Cluster, start_scheduler, until
from support.cli import command_module, simulate_command, simulate_command_json
from support.errors import raises_code

# A scheduler and worker processes for the module.
pytestmark = pytest.mark.cluster

README = Path(__file__).resolve().parents[2] / "README.md"
SAME_RUN = ("coups", "shoes", "seed", "outcomes", "frequencies", "ci95", "z", "bets")
"""The keys of ``simulate --json`` that depend on the tallies alone (not on time or backend)."""


@pytest.fixture(autouse=True)
def _english(monkeypatch: pytest.MonkeyPatch) -> None:
    """The command's messages in English, whatever this machine's locale."""
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(variable, raising=False)


@pytest.fixture(scope="module")
def cluster(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler and two single-threaded workers, for the whole module."""
    running = start_scheduler(tmp_path_factory.mktemp("dask"))
    try:
        running.worker("one")
        running.worker("two")
        with DaskBackend.connect(running.address) as backend:
            backend.client.wait_for_workers(2, timeout=60)
        yield running
    finally:
        running.stop()


@pytest.fixture(scope="module")
def bare(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    """A scheduler with no workers, but those a test starts and stops itself."""
    running = start_scheduler(tmp_path_factory.mktemp("bare"))
    try:
        yield running
    finally:
        running.stop()


def tallies(result: SimulationResult) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return result.distribution.summary_counts, result.distribution.pair_counts


def test_simulate_on_a_cluster_gives_the_threads_tallies(
    cluster: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    args = ("--coups", "20000000", "--seed", "11")
    on_dask = simulate_command_json(capsys, *args, "--dask", cluster.address)
    on_threads = simulate_command_json(capsys, *args, "--workers", "2")
    assert on_dask["backend"] == "dask" and on_dask["workers"] == 2
    assert list(on_dask["phases"]) == ["connect", "workers", "warm_up", "dealing"]
    assert on_dask["phases"]["dealing"] == on_dask["seconds"]
    assert {k: on_dask[k] for k in SAME_RUN} == {k: on_threads[k] for k in SAME_RUN}
    # The same through the API, down to every count of the 400 + 9 classes.
    spec = SimulationSpec(coups=20_000_000, seed=11)
    with DaskBackend.connect(cluster.address) as backend:
        result = simulate(spec, backend=backend)
        # The client loaded the kernels from numba's cache first, so the workers found them too.
        assert len(backend.warm_ups) == 2 and not any(w.compiled for w in backend.warm_ups)
    assert tallies(result) == tallies(simulate(spec, workers=2))


def test_the_table_says_how_long_each_part_took(
    cluster: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, _ = simulate_command(
        capsys, "--coups", "300000", "--seed", "1", "--dask", cluster.address
    )
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("Time taken: "))
    assert re.fullmatch(
        r"Time taken: connecting [\d.]+ s, checking the workers [\d.]+ s, warm-up [\d.]+ s, "
        r"dealing [\d.]+ s",
        line.strip(),
    )


def test_a_dask_run_shows_a_bar_with_coups_per_second(
    cluster: Cluster, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # A terminal for the bar (Rich reads TTY_COMPATIBLE), open from the first coup on.
    monkeypatch.setattr(command_module("simulate").progress, "AFTER", 0.0)
    monkeypatch.setenv("TTY_COMPATIBLE", "1")
    code, _, err = simulate_command(
        capsys, "--coups", "40000000", "--seed", "5", "--dask", cluster.address
    )
    assert code == 0
    assert "Dealing coups" in err
    assert re.search(r"\d[\d,]*\.\d M coups/s", err), err


def test_a_worker_killed_mid_run_changes_nothing(cluster: Cluster) -> None:
    doomed = cluster.worker("doomed")
    spec = SimulationSpec(coups=40_000_000, seed=13)
    with DaskBackend.connect(cluster.address) as backend:
        client = backend.client
        until(lambda: "doomed" in _names(client))
        address = _names(client)["doomed"]
        held: list[object] = []

        def kill_when_the_first_task_is_in(done: int, total: int) -> None:
            # Called by the pilot (dealt here), then as each task's tally is kept.
            held.append(done)
            if len(held) != 2:
                return
            # The doomed worker is running a task or holds a finished one nobody fetched yet.
            until(
                lambda: client.processing([address])[address] or client.has_what([address])[address]
            )
            os.kill(doomed.pid, signal.SIGKILL)

        result = simulate(
            spec, backend=backend, chunk_shoes=32768, progress=kill_when_the_first_task_is_in
        )
        assert doomed.popen.wait(timeout=10) == -signal.SIGKILL
        until(lambda: "doomed" not in _names(client))
    assert len(held) > 2 and result.coups == spec.coups
    assert tallies(result) == tallies(simulate(spec, workers=2))


def _names(client: Any) -> dict[str, str]:
    workers: dict[str, dict[str, Any]] = client.scheduler_info()["workers"]
    return {str(info["name"]): address for address, info in workers.items()}


def test_ctrl_c_cancels_the_tasks_and_prints_the_coups_dealt_so_far(cluster: Cluster) -> None:
    command = [sys.executable, "-c", "from baccarat.cli import main; main()", "simulate"]
    command += ["--coups", "100000000000", "--seed", "3", "--dask", cluster.address, "--json"]
    with DaskBackend.connect(cluster.address) as watcher:
        process = subprocess.Popen(
            command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
        )
        try:
            # Interrupt once the cluster is dealing the run's tasks.
            until(lambda: _dealing(watcher) or process.poll() is not None)
            process.send_signal(signal.SIGINT)
            out, err = process.communicate(timeout=60)
        finally:
            if process.poll() is None:
                process.kill()
        assert process.returncode == 130, err
        record = json.loads(out)
        assert record["interrupted"] is True and 0 < record["coups"] < 100_000_000_000
        assert err.endswith(f"baccarat: interrupted after {record['coups']:,} coups\n")
        until(lambda: not _dealing(watcher), 30)


def _dealing(watcher: DaskBackend) -> bool:
    processing: dict[str, list[str]] = watcher.client.processing()
    return any(
        str(key).startswith("baccarat-deal-") for keys in processing.values() for key in keys
    )


def test_the_readme_dask_example_runs(capsys: pytest.CaptureFixture[str]) -> None:
    # The exact command of the README, at 100 million coups: more than the size at which a
    # scattered plan used to go missing (20 million coups).
    line = next(
        line
        for line in README.read_text().splitlines()
        if "--dask local" in line and line.startswith("baccarat simulate")
    )
    args = shlex.split(line.split("#")[0])[2:]
    record = simulate_command_json(capsys, *(a for a in args if a != "--json"))
    coups = int(args[args.index("--coups") + 1])
    assert coups >= 20_000_000 and record["coups"] == coups and record["backend"] == "dask"
    threads = simulate_command_json(capsys, "--coups", str(coups), "--seed", str(record["seed"]))
    assert {k: record[k] for k in SAME_RUN} == {k: threads[k] for k in SAME_RUN}


def test_no_workers_is_refused_after_the_wait(
    bare: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = simulate_command(
        capsys, "--coups", "1000", "--dask", bare.address, "--dask-wait", "0.5"
    )
    assert (code, out) == (2, "")
    assert err == (
        f"baccarat: error: the Dask scheduler at {bare.address!r} has no workers after 0.5 s: "
        f"start some (dask worker {bare.address}) or wait longer (--dask-wait)\n"
    )


def test_a_worker_without_baccarat_is_refused(
    bare: Cluster, capsys: pytest.CaptureFixture[str]
) -> None:
    lacking = bare.worker("lacking", code=WITHOUT_BACCARAT)
    try:
        code, out, err = simulate_command(capsys, "--coups", "1000", "--dask", bare.address)
    finally:
        _leave(bare, lacking)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert err.startswith("baccarat: error: 1 of the 1 Dask workers cannot import baccarat (tcp://")
    assert "No module named 'baccarat'" in err and err.endswith("on every worker\n")


def test_a_worker_on_another_version_is_refused(
    bare: Cluster, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import baccarat

    other = tmp_path / "other"
    shutil.copytree(
        Path(baccarat.__file__).parent,
        other / "baccarat",
        ignore=shutil.ignore_patterns("__pycache__"),
    )
    init = other / "baccarat" / "__init__.py"
    init.write_text(init.read_text().replace(f'"{baccarat.__version__}"', '"0.0.1"'))
    stale = bare.worker("stale", env={"PYTHONPATH": str(other)})
    try:
        code, out, err = simulate_command(capsys, "--coups", "1000", "--dask", bare.address)
    finally:
        _leave(bare, stale)
    assert (code, out) == (2, "") and err.count("\n") == 1
    assert re.fullmatch(
        r"baccarat: error: Dask worker 'tcp://[\d.:]+' runs baccarat 0\.0\.1 \(code \w+\), this "
        rf"command runs {re.escape(baccarat.__version__)} \(code \w+\): install the same baccarat "
        r"on every worker\n",
        err,
    )


def test_a_run_whose_workers_all_leave_ends_in_one_line_with_the_coups_dealt(
    bare: Cluster,
) -> None:
    lonely = bare.worker("lonely")
    command = [sys.executable, "-c", "from baccarat.cli import main; main()", "simulate"]
    command += ["--coups", "100000000000", "--seed", "3", "--dask", bare.address]
    command += ["--dask-wait", "60", "--json"]
    try:
        with DaskBackend.connect(bare.address) as watcher:
            process = subprocess.Popen(
                command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
            )
            try:
                until(lambda: _dealing(watcher) or process.poll() is not None)
                # The run now deals and has kept a task's tally or will: the worker goes for good.
                os.kill(lonely.pid, signal.SIGKILL)
                out, err = process.communicate(timeout=120)
            finally:
                if process.poll() is None:
                    process.kill()
    finally:
        _leave(bare, lonely)
    assert process.returncode == 2, err
    # --json: the refusal is one JSON object on standard error, after the record on standard out.
    refusal = json.loads(err)["error"]
    assert refusal["code"] == "simulation_dask_workers_gone"
    assert refusal["message"] == (
        f"every Dask worker of the scheduler at {bare.address!r} left during the simulation and "
        "none came back within 60 s (--dask-wait)"
    )
    record = json.loads(out)
    assert record["interrupted"] is True and 0 < record["coups"] < 100_000_000_000


def test_workers_gone_before_the_warm_up_are_waited_for_then_refused(bare: Cluster) -> None:
    ghost = bare.worker("ghost")
    with DaskBackend.connect(bare.address) as backend:
        until(backend.client.nthreads)
        backend.wait_for_workers(0.5)  # as --dask-wait 0.5: found at once
        _leave(bare, ghost)
        with raises_code(SimulationError, "simulation_dask_workers_gone") as gone:
            backend.prepare(SimulationSpec(coups=1000, seed=1).plan())
    assert str(gone.value) == (
        f"every Dask worker of the scheduler at {bare.address!r} left during the simulation and none "
        "came back within 0.5 s (--dask-wait)"
    )


def _leave(cluster: Cluster, worker: Any) -> None:
    """Stop a worker and wait until the scheduler has seen it go."""
    worker.stop()
    cluster.workers.remove(worker)
    with DaskBackend.connect(cluster.address) as watcher:
        until(lambda: not watcher.client.nthreads(), 30)


def test_a_scheduler_lost_mid_run_is_a_clear_error(tmp_path: Path) -> None:
    doomed = start_scheduler(tmp_path / "doomed")
    try:
        doomed.worker("alone")
        with DaskBackend.connect(doomed.address) as backend:
            backend.wait_for_workers(60)
            kept: list[int] = []

            def kill_the_scheduler(done: int, total: int) -> None:
                kept.append(done)
                if len(kept) == 2:  # the pilot, then the first task's tally
                    os.kill(doomed.scheduler.pid, signal.SIGKILL)

            spec = SimulationSpec(coups=200_000_000, seed=1)
            result = simulate(spec, backend=backend, chunk_shoes=16384, progress=kill_the_scheduler)
        # The run stops with the tallies it kept: the first task's at least.
        lost = result.stopped
        assert lost is not None and lost.code == "simulation_dask_lost", lost
        assert result.interrupted and 0 < result.coups < spec.coups
        assert str(lost).startswith(
            f"lost the Dask scheduler at {doomed.address!r} during the run: "
        )
        assert "\n" not in str(lost)
    finally:
        doomed.stop()
