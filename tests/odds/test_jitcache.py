"""The kernels' shared cache stamp: an edit of any kernel source compiles every kernel again."""

from __future__ import annotations

import importlib
import os
import re
from pathlib import Path

import pytest
from numba.core.registry import CPUDispatcher

from baccarat.odds import jitcache
from baccarat.odds.jitcache import KERNEL_SOURCES, source_stamp, stamp_of

PACKAGE = Path(jitcache.__file__).resolve().parents[1]


def test_every_cached_kernel_file_and_the_tunables_are_stamped() -> None:
    cached = {
        path.relative_to(PACKAGE).as_posix()
        for path in PACKAGE.rglob("*.py")
        if re.search(r"@njit\([^)]*cache=True", path.read_text(encoding="utf-8"))
    }
    assert cached | {"sim/config.py"} == set(KERNEL_SOURCES)


@pytest.mark.skipif(os.environ.get("NUMBA_DISABLE_JIT") == "1", reason="no kernels compiled")
@pytest.mark.parametrize("source", [s for s in KERNEL_SOURCES if s != "sim/config.py"])
def test_each_kernel_is_stamped_with_every_kernel_source(source: str) -> None:
    module = importlib.import_module("baccarat." + source.removesuffix(".py").replace("/", "."))
    kernels = [k for k in vars(module).values() if isinstance(k, CPUDispatcher)]
    assert kernels
    for kernel in kernels:
        locator = kernel._cache._impl.locator  # type: ignore[attr-defined]  # numba's own
        assert type(locator).__name__ == "SharedStampLocator", kernel
        assert locator.get_source_stamp() == source_stamp()
        # Where numba would keep it (the __pycache__ beside the file, or NUMBA_CACHE_DIR).
        assert Path(locator.get_cache_path()).exists()


def test_the_stamp_changes_with_any_file(tmp_path: Path) -> None:
    files = [tmp_path / name for name in ("a.py", "b.py", "c.py")]
    for file in files:
        file.write_text("x = 1\n")
    before = stamp_of(files)
    assert stamp_of(files) == before
    for file in files:
        file.write_text("x = 2\n")
        assert stamp_of(files) != before
        file.write_text("x = 1\n")
    assert stamp_of(files) == before
    # The same text moved from one file to the next is another stamp.
    files[0].write_text("x = 1\nx = 1\n")
    files[1].write_text("")
    assert stamp_of(files) != before
