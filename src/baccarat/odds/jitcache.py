"""One stamp for the cached machine code of every numba kernel in the package.

Numba keeps a kernel compiled with ``cache=True`` on disk, stamped with its own source file
only, and uses it again while that file is unchanged. The kernels call each other across files
(``sim.kernels`` deals with ``sim.dealing``'s shuffle and coup, the lab with both, every kernel
reads ``sim.config``'s numbers as constants), so after an edit of one file the kernels of the
others would go on running what was compiled from its old text. Every kernel file calls
:func:`install` before its first ``@njit``: a kernel of :data:`KERNEL_SOURCES` is then stamped
with all of them, and an edit of any one compiles them all again.

>>> stamp = source_stamp()
>>> len(stamp), stamp == source_stamp()
(64, True)
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["KERNEL_SOURCES", "install", "source_stamp", "stamp_of"]

_PACKAGE = Path(__file__).resolve().parents[1]

KERNEL_SOURCES: tuple[str, ...] = (
    "odds/_kernel.py",
    "odds/_cards.py",
    "sim/config.py",
    "sim/dealing.py",
    "sim/kernels.py",
    "sim/cards.py",
    "lab/kernel.py",
    "lab/sparse.py",
)
"""The files whose text a kernel's machine code depends on, relative to the package."""


def stamp_of(paths: Iterable[Path]) -> str:
    """The SHA-256 of the files' names and contents, in the order given."""
    digest = hashlib.sha256()
    for path in paths:
        content = path.read_bytes()
        digest.update(f"{path.name}\0{len(content)}\0".encode())
        digest.update(content)
    return digest.hexdigest()


@cache
def source_stamp() -> str:
    """The stamp of :data:`KERNEL_SOURCES` as this process found them (read once)."""
    return stamp_of(_PACKAGE / name for name in KERNEL_SOURCES)


@cache
def _kernel_files() -> frozenset[Path]:
    return frozenset((_PACKAGE / name).resolve() for name in KERNEL_SOURCES)


@cache
def install() -> None:
    """Put the shared stamp ahead of numba's own for the package's kernels (once a process)."""
    from numba.core import caching

    # CacheImpl in the numba of today, _CacheImpl in older ones.
    impl: Any = vars(caching).get("CacheImpl") or vars(caching)["_CacheImpl"]

    class SharedStampLocator(caching._CacheLocator):
        """Numba's own locator for the file (where the cache goes), stamped with every kernel
        source instead of the one file."""

        def __init__(self, inner: Any) -> None:
            self.inner = inner

        def ensure_cache_path(self) -> None:
            self.inner.ensure_cache_path()

        def get_cache_path(self) -> Any:
            return self.inner.get_cache_path()

        def get_source_stamp(self) -> str:
            return source_stamp()

        def get_disambiguator(self) -> Any:
            return self.inner.get_disambiguator()

        @classmethod
        def from_function(cls, py_func: Any, py_file: str) -> SharedStampLocator | None:
            if Path(py_file).resolve() not in _kernel_files():
                return None
            for locator in impl._locator_classes:
                if locator is not cls:
                    inner = locator.from_function(py_func, py_file)
                    if inner is not None:
                        return cls(inner)
            return None

    impl._locator_classes.insert(0, SharedStampLocator)
