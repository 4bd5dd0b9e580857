"""Benchmark of the command line's start-up: how long a command takes from the shell, whole.

Run: ``.venv/bin/python bench/bench_startup.py [--quick]``. Each command runs as a fresh process,
in turn with its references (``A B A B …``, so that a change in the machine's load moves both),
and is reported as the median wall time and CPU time (user + system) of its runs, and as ratios
to references measured in the same run:

* ``python -c pass``: the interpreter alone;
* ``python -c "import typer"``: the command line's framework, which every command needs;
* ``python -c "import numba"``: the simulator's compiler, which ``simulate`` needs.

``simulate --coups 1000`` is the simulator's start-up alone (imports, the kernels loaded from
numba's cache, the exact reference, the report); ``--coups 24000000`` adds the dealing, which its
JSON record times (``seconds``), so that what it takes beyond the dealing is printed as well.

Targets, on a quiet 2-core machine: ``baccarat --help`` 0.25 s, a completion request 0.15 s,
``baccarat simulate --coups 24000000`` within 0.6 s of the time its kernels deal (the ``seconds``
of its JSON record). The commands run as installed: with bytecode (written to a folder of its
own first, whatever ``PYTHONDONTWRITEBYTECODE`` says) and the kernels in numba's cache.
"""

from __future__ import annotations

import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

BACCARAT = str(Path(sys.executable).with_name("baccarat"))
PYTHON = sys.executable
COMPLETE = {"_BACCARAT_COMPLETE": "complete_bash", "COMP_WORDS": "baccarat si", "COMP_CWORD": "1"}


@dataclass(frozen=True)
class Command:
    """A command line to time, and what it adds to the environment."""

    label: str
    argv: Sequence[str]
    env: Mapping[str, str]


@dataclass(frozen=True)
class Runs:
    """Wall and CPU seconds (all of the process's threads) of each run, and the last output."""

    wall: list[float]
    cpu: list[float]
    output: str

    @property
    def median_wall(self) -> float:
        return statistics.median(self.wall)

    @property
    def median_cpu(self) -> float:
        return statistics.median(self.cpu)


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _once(command: Command, env: Mapping[str, str]) -> tuple[float, float, str]:
    cpu = _children_cpu()
    start = time.perf_counter()
    result = subprocess.run(
        command.argv, env={**env, **command.env}, capture_output=True, text=True, check=True
    )
    return time.perf_counter() - start, _children_cpu() - cpu, result.stdout


def paired(commands: Sequence[Command], runs: int, env: Mapping[str, str]) -> list[Runs]:
    """Each command ``runs`` times, in turn (after one run each that is not counted)."""
    for command in commands:
        _once(command, env)
    walls: list[list[float]] = [[] for _ in commands]
    cpus: list[list[float]] = [[] for _ in commands]
    outputs = [""] * len(commands)
    for _ in range(runs):
        for i, command in enumerate(commands):
            wall, cpu, outputs[i] = _once(command, env)
            walls[i].append(wall)
            cpus[i].append(cpu)
    return [Runs(w, c, o) for w, c, o in zip(walls, cpus, outputs, strict=True)]


def _python(code: str) -> Command:
    return Command(f'python -c "{code}"', [PYTHON, "-c", code], {})


def _row(label: str, runs: Runs, references: Sequence[tuple[str, Runs]]) -> str:
    ratios = ", ".join(
        f"{runs.median_cpu / ref.median_cpu:.1f}x {name}" for name, ref in references
    )
    return (
        f"  {label:36s} wall {runs.median_wall:6.3f} s   cpu {runs.median_cpu:6.3f} s   "
        f"(cpu: {ratios})"
    )


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 5 if quick else 15
    heavy_runs = 3 if quick else 5
    with tempfile.TemporaryDirectory() as bytecode:
        # As installed: each module's bytecode read, not compiled again in every run.
        env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env["PYTHONPYCACHEPREFIX"] = bytecode
        print(f"Start-up of baccarat; median of {runs} runs each ({os.cpu_count()} cores)")
        print(f"  load average at start: {os.getloadavg()[0]:.2f}")

        fast = [
            Command("baccarat --help", [BACCARAT, "--help"], {}),
            Command("completion (baccarat si<TAB>)", [BACCARAT], COMPLETE),
            Command("baccarat --version", [BACCARAT, "--version"], {}),
            Command("baccarat deal --coups 1", [BACCARAT, "deal", "--coups", "1"], {}),
            Command("baccarat tableau", [BACCARAT, "tableau"], {}),
        ]
        timed = paired([_python("pass"), _python("import typer"), *fast], runs, env)
        python, typer = timed[0], timed[1]
        print(_row("python -c pass", python, []))
        print(_row('python -c "import typer"', typer, [("python", python)]))
        for command, result in zip(fast, timed[2:], strict=True):
            print(_row(command.label, result, [("python", python), ("import typer", typer)]))
        print(
            f"  targets (quiet machine): --help 0.25 s, completion 0.15 s; here "
            f"{timed[2].median_wall:.3f} s and {timed[3].median_wall:.3f} s"
        )

        simulations = [
            Command(
                f"baccarat simulate --coups {coups}",
                [BACCARAT, "simulate", "--coups", coups, "--seed", "1", "--json"],
                {},
            )
            for coups in ("1000", "24000000")
        ]
        python, numba, start_up, end_to_end = paired(
            [_python("pass"), _python("import numba"), *simulations], heavy_runs, env
        )
        print(_row('python -c "import numba"', numba, [("python", python)]))
        for command, result in zip(simulations, (start_up, end_to_end), strict=True):
            print(_row(command.label, result, [("python", python), ("import numba", numba)]))
        dealing = json.loads(end_to_end.output)["seconds"]
        above = end_to_end.median_wall - dealing
        print(
            f"  24 M coups beyond the kernels' dealing ({dealing:.3f} s in the last run): "
            f"{above:.3f} s, {above / numba.median_wall:.1f}x import numba (target 0.6 s)"
        )
        print(f"  load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
