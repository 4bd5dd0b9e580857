"""A command line that never traces back, run as a shell runs it (a separate process, no
terminal): output that cannot be written, a reader that stops, Ctrl-C at any moment (the
imports included), a kernel cache that cannot be written, input far past its bound, and errors
as JSON. Each ends in one line on standard error (or none) and a stated exit code."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import baccarat

LAUNCH = "from baccarat.__main__ import main; main()"
"""What the ``baccarat`` script runs (pyproject's entry point)."""
MAIN = [sys.executable, "-c", LAUNCH]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LANGUAGE")}
    return env | {"PYTHONPATH": os.pathsep.join(sys.path)} | extra


def _run(*args: str, **kwargs: object) -> subprocess.CompletedProcess[bytes]:
    options: dict[str, object] = {"capture_output": True, "timeout": 300, "env": _env()}
    return subprocess.run([*MAIN, *args], check=False, **(options | kwargs))  # type: ignore[call-overload,no-any-return]


FULL = pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full here")


@FULL
@pytest.mark.parametrize(
    "args",
    [["--version"], ["--help"], ["deal", "--coups", "3", "--seed", "1"], ["tableau"]],
    ids=["version", "help", "deal", "tableau"],
)  # fmt: skip
def test_a_full_disk_is_one_line_and_exit_2(args: list[str]) -> None:
    with open("/dev/full", "wb") as full:
        result = _run(*args, stdout=full, stderr=subprocess.PIPE, capture_output=False)
    assert result.returncode == 2, result.stderr
    assert (
        result.stderr == b"baccarat: error: cannot write standard output: No space left on device\n"
    )


@FULL
def test_a_full_disk_with_json_is_one_json_object() -> None:
    with open("/dev/full", "wb") as full:
        result = _run("rules", "--json", stdout=full, stderr=subprocess.PIPE, capture_output=False)
    assert result.returncode == 2
    (line,) = result.stderr.decode().splitlines()
    assert json.loads(line)["error"]["code"] == "cannot_write_output"


@pytest.mark.parametrize(
    "args", [["--version"], ["deal", "--coups", "2", "--seed", "1"], ["rules"]]
)
def test_a_closed_standard_output_is_one_line_and_exit_2(args: list[str]) -> None:
    # As `baccarat ... >&-` runs it: no descriptor 1 at all.
    result = subprocess.run(
        [*MAIN, *args], stdin=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False,
        env=_env(), timeout=300, pass_fds=(), close_fds=True,
        preexec_fn=lambda: os.close(1),
    )  # fmt: skip
    assert result.returncode == 2, result.stderr
    assert result.stderr == b"baccarat: error: cannot write standard output: Bad file descriptor\n"


@pytest.mark.parametrize(
    "args", [["--version"], ["--help"], ["deal", "--coups", "20000", "--seed", "1"]]
)
def test_a_reader_that_reads_nothing_ends_it_quietly_with_141(args: list[str]) -> None:
    # As `baccarat ... | head -c0` runs it: the pipe is closed before the first write.
    read, write = os.pipe()
    os.close(read)
    try:
        result = _run(*args, stdout=write, stderr=subprocess.PIPE, capture_output=False)
    finally:
        os.close(write)
    assert (result.returncode, result.stderr) == (141, b"")


STOPS = ["click", "typer", "baccarat.cli", "baccarat.cli.entry", "rich.console", "numba"]

STOPPING = (
    """
import os, signal, sys
class Stop:
    def find_spec(self, name, path=None, target=None):
        if name == os.environ["STOP_AT"]:
            os.kill(os.getpid(), signal.SIGINT)
        return None
sys.meta_path.insert(0, Stop())
"""
    + LAUNCH
)


@pytest.mark.parametrize("module", STOPS)
def test_ctrl_c_while_it_imports_is_one_line_and_130(module: str) -> None:
    """A Ctrl-C that lands while a module loads (the moment the import of ``module`` starts)."""
    result = subprocess.run(
        [sys.executable, "-c", STOPPING, "simulate", "--coups", "1000", "--threads", "1"],
        capture_output=True, check=False, timeout=300, env=_env(STOP_AT=module),
    )  # fmt: skip
    assert result.returncode == 130, result.stderr
    assert result.stderr == b"\nbaccarat: interrupted\n"


def test_a_line_of_9_mb_is_refused_before_it_is_read_whole() -> None:
    line = b"9c " * 3_000_000 + b"\n"
    result = _run("deal", "--cards", "-", input=line)
    assert (result.returncode, result.stdout) == (2, b"")
    assert result.stderr == b"baccarat: error: a line of cards is longer than 1024 characters\n"


def test_json_errors_are_one_object_with_a_stable_code() -> None:
    result = _run("deal", "--cards", "9c 9d Kd Kh 4c", "--json")
    assert (result.returncode, result.stdout) == (2, b"")
    (line,) = result.stderr.decode().splitlines()
    assert json.loads(line) == {
        "error": {
            "code": "unused_cards",
            "message": "the coup uses 4 of the 5 cards given: '4c' is left over",
            "params": {"used": 4, "count": 5, "cards": "4c"},
        }
    }
    usage = json.loads(_run("deal", "--json", "--nope").stderr)
    assert usage["error"]["code"] == "no_such_option"
    long = json.loads(_run("settle", "--cards", "Zz" * 500, "--bet", "x=1", "--json").stderr)
    assert long["error"]["code"] == "unknown_card"
    assert long["error"]["params"]["text"] == "Zz" * 40 + "…"


def _uncacheable_copy(folder: Path) -> Path:
    """The package where no cache can be written beside the kernels (``__pycache__`` is a file,
    which stops root too)."""
    copy = folder / "src" / "baccarat"
    shutil.copytree(
        Path(baccarat.__file__).parent, copy, ignore=shutil.ignore_patterns("__pycache__")
    )
    for package in [copy, *(p for p in copy.rglob("*") if p.is_dir())]:
        (package / "__pycache__").write_text("not a folder\n", encoding="utf-8")
    return copy.parent


def test_kernels_load_uncached_in_any_process_and_version_says_nothing(tmp_path: Path) -> None:
    src = _uncacheable_copy(tmp_path)
    not_a_folder = tmp_path / "not-a-folder"
    not_a_folder.write_text("", encoding="utf-8")
    env = _env(
        PYTHONPATH=os.pathsep.join([str(src), *sys.path]),
        PYTHONDONTWRITEBYTECODE="1",
        NUMBA_CACHE_DIR=str(not_a_folder / "numba"),
        XDG_CACHE_HOME=str(not_a_folder),
    )
    version = subprocess.run(
        [*MAIN, "--version"], capture_output=True, check=False, timeout=300, env=env
    )
    assert (version.returncode, version.stderr) == (0, b"")
    # Outside the command line (a server's worker, a Dask worker): a Python warning, no failure.
    library = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c",
         "import warnings\n"
         "with warnings.catch_warnings(record=True) as seen:\n"
         "    warnings.simplefilter('always')\n"
         "    import baccarat.odds\n"
         "print([type(w.message).__name__ for w in seen])"],
        capture_output=True, check=False, timeout=300, env=env, text=True,
    )  # fmt: skip
    assert library.returncode == 0, library.stderr
    assert library.stdout.strip() == "['UncachedKernels']"
