"""A command imports only what it runs: the help, the version, completion and the fast commands
never load numpy, numba, FastAPI, SQLAlchemy, Dask or SciPy (each runs in a fresh interpreter,
which lists the modules it holds at exit). And the kernels run, with one warning line, where no
folder for their cache can be written."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import baccarat

HEAVY = frozenset(
    {
        "numpy", "numba", "llvmlite", "scipy", "fastapi", "starlette", "uvicorn", "sqlalchemy",
        "alembic", "dask", "distributed", "pandas", "matplotlib", "cupy",
    }
)  # fmt: skip
"""Libraries the fast commands must not import (the top-level package of a module)."""

# Runs the command line, then writes the names of the modules loaded to the file named by
# BACCARAT_MODULES, whatever way the command ends.
PROGRAM = """
import atexit, json, os, sys
atexit.register(lambda: open(os.environ["BACCARAT_MODULES"], "w").write(json.dumps(sorted(sys.modules))))
from baccarat.cli import main
main()
"""

COMPLETE = {"_BACCARAT_COMPLETE": "complete_bash"}

FAST: dict[str, tuple[list[str], dict[str, str]]] = {
    "help": (["--help"], {}),
    "version": (["--version"], {}),
    "complete a command": ([], COMPLETE | {"COMP_WORDS": "baccarat si", "COMP_CWORD": "1"}),
    "complete a choice": (
        [], COMPLETE | {"COMP_WORDS": "baccarat simulate --mode ", "COMP_CWORD": "3"}
    ),
    "deal": (["deal", "--coups", "1", "--seed", "1"], {}),
    "tableau": (["tableau"], {}),
    "rules": (["rules"], {}),
    "settle": (["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "banker=10"], {}),
    "roads": (["roads", "--results", "B P T B"], {}),
    "quiz": (["quiz", "--heatmap"], {}),
}  # fmt: skip
"""What each fast command runs: its arguments and the environment it adds."""


def _env(**extra: str) -> dict[str, str]:
    return {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), **extra}


@pytest.mark.parametrize("name", FAST)
def test_a_fast_command_imports_no_heavy_library(name: str, tmp_path: Path) -> None:
    args, extra = FAST[name]
    listing = tmp_path / "modules.json"
    result = subprocess.run(
        [sys.executable, "-c", PROGRAM, *args],
        capture_output=True, text=True, timeout=120, check=False,
        env=_env(BACCARAT_MODULES=str(listing), **extra),
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, ""), (name, result.stderr)
    assert result.stdout.strip(), name
    loaded = {module.partition(".")[0] for module in json.loads(listing.read_text())}
    assert "baccarat" in loaded
    assert not loaded & HEAVY, (name, sorted(loaded & HEAVY))


def _uncacheable_copy(folder: Path) -> Path:
    """A copy of the package where numba can write no cache beside the kernels: each folder's
    ``__pycache__`` is a file (so it holds even for root, whom permissions do not stop)."""
    source = Path(baccarat.__file__).parent
    copy = folder / "src" / "baccarat"
    shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__"))
    for package in [copy, *(p for p in copy.rglob("*") if p.is_dir())]:
        (package / "__pycache__").write_text("not a folder\n", encoding="utf-8")
    return copy.parent


def test_the_kernels_run_uncached_with_one_warning_where_no_cache_can_be_written(
    tmp_path: Path,
) -> None:
    src = _uncacheable_copy(tmp_path)
    not_a_folder = tmp_path / "not-a-folder"
    not_a_folder.write_text("", encoding="utf-8")
    result = subprocess.run(
        [sys.executable, "-c", "from baccarat.cli import main; main()",
         "simulate", "--coups", "1000", "--seed", "1", "--threads", "1", "--json"],
        capture_output=True, text=True, timeout=600, check=False,
        env={
            **os.environ,
            "PYTHONPATH": os.pathsep.join([str(src), *sys.path]),
            "PYTHONDONTWRITEBYTECODE": "1",
            # Numba's other two places: the folder it is told, and the user's cache folder.
            "NUMBA_CACHE_DIR": str(not_a_folder / "numba"),
            "XDG_CACHE_HOME": str(not_a_folder),
        },
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["coups"] == 1000
    assert result.stderr.count("\n") == 1, result.stderr
    # --json: the warning is one JSON object on standard error, as a refusal is.
    warning = json.loads(result.stderr)["warning"]
    assert warning["code"] == "uncached_kernels" and warning["params"]["file"].startswith(str(src))
    assert warning["message"].startswith(
        f"no folder can be written to cache the kernels of {src}"
    ), result.stderr
    assert "they are compiled again every time" in warning["message"]


BLAS_PROGRAM = """
import json, sys
import numpy as np
from numba import njit
from baccarat.cli import main
main()  # a simulation: its kernels loaded
spared = "scipy.linalg" not in sys.modules
dot = njit(lambda a, b: np.dot(a, b))
convolve = njit(lambda a, b: np.convolve(a, b))
a, b = np.arange(3.0), np.arange(1.0, 4.0)
print(json.dumps([spared, float(dot(a, b)), convolve(a, b).tolist()]))
"""


def test_a_simulation_spares_numbas_blas_probe_and_blas_still_works() -> None:
    pytest.importorskip("scipy")  # only SciPy gives numba a BLAS to probe for
    result = subprocess.run(
        [sys.executable, "-c", BLAS_PROGRAM, "simulate", "--coups", "1000", "--json"],
        capture_output=True, text=True, timeout=600, check=False, env=_env(),
    )  # fmt: skip
    assert result.returncode == 0, result.stderr
    spared, dot, convolve = json.loads(result.stdout.splitlines()[-1])
    assert spared, "loading the kernels imported SciPy's linear algebra"
    # What numba computes with a BLAS (np.dot) or without one (np.convolve's plain loop).
    assert dot == 8.0 and convolve == [0.0, 1.0, 4.0, 7.0, 6.0]


def test_a_command_process_collects_young_objects_less_often_and_freezes_at_the_end(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import gc

    from baccarat.cli import COMMAND_GC_THRESHOLD, main

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    try:
        main(["--version"])  # a command line handed over (a test, a caller): the collector as is
        assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
        monkeypatch.setattr(sys, "argv", ["baccarat", "--version"])
        main()  # the process's own command line
        assert gc.get_threshold() == (COMMAND_GC_THRESHOLD, *before[1:])
        assert gc.get_freeze_count() > frozen  # what it built, out of the exit's collection
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert capsys.readouterr().out.count(baccarat.__version__) == 2
