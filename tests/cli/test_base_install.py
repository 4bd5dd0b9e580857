"""The base install alone, in a fresh virtual environment: the analysis commands work, and a
command that needs an extra says which ``pip install`` adds it.

Slow (a minute or two: pip installs numpy and numba, numba compiles the kernels), so it is marked
``install``: ``pytest -m "not install"`` leaves it out. pip uses its cache and the index it is
configured with, so a second run downloads nothing.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.install

ROOT = Path(__file__).resolve().parents[2]
# Generous: only a hang trips these, never a slow machine.
INSTALL_TIMEOUT = 900
COMMAND_TIMEOUT = 300
OPTIONAL = ("scipy", "dask", "distributed", "fastapi", "uvicorn", "sqlalchemy", "pydantic", "cupy")


def _environment(home: Path) -> dict[str, str]:
    """The caller's environment without anything that would reach past the new venv."""
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "PYTHONSTARTUP")
    }
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        env.pop(variable, None)
    env["XDG_DATA_HOME"] = str(home / "xdg-data")
    env["BACCARAT_DATA_DIR"] = str(home / "data")
    env["PIP_DISABLE_PIP_VERSION_CHECK"] = "1"
    return env


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    """A venv with ``pip install .`` (no extras) from a copy of this checkout: its bin folder
    and the environment to run it in."""
    home = tmp_path_factory.mktemp("base-install")
    source = home / "source"
    source.mkdir()
    # A copy, so pip's in-tree build writes nothing into the checkout.
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, source / name)
    shutil.copytree(
        ROOT / "src", source / "src", ignore=shutil.ignore_patterns("__pycache__", "*.egg-info")
    )
    venv = home / "venv"
    env = _environment(home)
    subprocess.run(
        [sys.executable, "-m", "venv", str(venv)], check=True, env=env, timeout=INSTALL_TIMEOUT
    )
    pip = [str(venv / "bin" / "python"), "-m", "pip", "install", "--quiet", "--no-input"]
    done = subprocess.run(
        [*pip, str(source)],
        env=env,
        capture_output=True,
        text=True,
        timeout=INSTALL_TIMEOUT,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return venv / "bin", env


def _baccarat(
    base: tuple[Path, dict[str, str]], *args: str, stdin: str | None = None
) -> subprocess.CompletedProcess[str]:
    bin_dir, env = base
    return subprocess.run(
        [str(bin_dir / "baccarat"), *args],
        env=env,
        input=stdin,
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
        check=False,
    )


def test_the_base_install_has_no_optional_layer(base: tuple[Path, dict[str, str]]) -> None:
    bin_dir, env = base
    probe = "import importlib.util as u, sys; print(*[m for m in sys.argv[1:] if u.find_spec(m)])"
    done = subprocess.run(
        [str(bin_dir / "python"), "-c", probe, *OPTIONAL],
        env=env,
        capture_output=True,
        text=True,
        timeout=COMMAND_TIMEOUT,
        check=True,
    )
    assert done.stdout.split() == []


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("odds", "--decks", "8", "--json"), '"banker"'),
        (("deal", "--coups", "3", "--seed", "1"), "Banker"),
        (("settle", "--cards", "7c 2s Kd 3h 4c", "--stake", "banker=100", "--json"), '"net"'),
        (("simulate", "--coups", "20000", "--seed", "1", "--json"), '"coups": 20000'),
        (("roads", "--results", "B B P P P B P B B B T B P P T T B P"), "Big Road"),
        (("rules",), "punto-banco"),
        (("tableau",), "Banker"),
        (("deal", "--cards", "2c 4h 3d Kc 6s 3d", "--lang", "vi"), "Cái"),
    ],
)
def test_the_analysis_commands_run_on_the_base_install(
    base: tuple[Path, dict[str, str]], args: tuple[str, ...], expected: str
) -> None:
    done = _baccarat(base, *args)
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout


@pytest.mark.parametrize(
    ("args", "extra"),
    [
        (("serve",), "web"),
        (("ledger", "check"), "web"),
        (("ledger", "export", "backup.zip"), "web"),
        (("rooms", "list"), "web"),
        (("solve", "chemin-de-fer", "--infinite"), "chemin"),
        (("simulate", "--coups", "10", "--dask", "local"), "dask"),
    ],
)
def test_a_command_that_needs_an_extra_names_it(
    base: tuple[Path, dict[str, str]], args: tuple[str, ...], extra: str
) -> None:
    done = _baccarat(base, *args)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith("baccarat: error: baccarat ")
    assert done.stderr.endswith(
        f"which the base install leaves out: pip install 'baccarat[{extra}]'\n"
    )
