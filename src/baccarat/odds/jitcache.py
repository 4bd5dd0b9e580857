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
import warnings
from collections.abc import Iterable
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["KERNEL_SOURCES", "UncachedKernels", "install", "source_stamp", "stamp_of", "uncached"]

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
    "lab/sweepkernel.py",
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


class UncachedKernels(RuntimeWarning):
    """No folder could be written to cache the kernels of ``source``: they are compiled in
    memory, again in every process (the command line shows it as one warning line)."""

    def __init__(self, source: str) -> None:
        super().__init__(
            f"no folder can be written to cache the kernels of {source}: they are compiled "
            "again every time (NUMBA_CACHE_DIR can name a folder that can be written)"
        )
        self.source = source


_uncached: list[str] = []
"""The kernel file whose cache could not be written, once one could not."""


def uncached() -> bool:
    """Whether a kernel of this process went without a cache.

    >>> uncached()
    False
    """
    return bool(_uncached)


def _without_cache(source: str) -> None:
    if not _uncached:
        _uncached.append(source)
        warnings.warn(UncachedKernels(source), stacklevel=3)


def _allow_uncached(caching: Any) -> None:
    """Where numba can write no cache for a kernel (a read-only install, a locked-down home, a
    full disk), it refuses to load the kernel at all: compile it in memory instead, with one
    :class:`UncachedKernels` warning a process."""
    from numba.core.dispatcher import Dispatcher

    enable_caching = Dispatcher.enable_caching
    save_overload = caching.Cache.save_overload

    def caching_or_not(self: Any) -> None:
        try:
            enable_caching(self)
        except RuntimeError:  # numba: "cannot cache function ...: no locator available"
            # The dispatcher keeps the null cache it started with: it compiles in memory.
            _without_cache(self.py_func.__code__.co_filename)

    def save_or_not(self: Any, sig: Any, data: Any) -> None:
        try:
            save_overload(self, sig, data)
        except OSError:  # a folder found writable that fills up or turns read-only
            _without_cache(self._py_file)

    Dispatcher.enable_caching = caching_or_not  # type: ignore[method-assign]  # numba has no hook
    caching.Cache.save_overload = save_or_not


@cache
def install() -> None:
    """Put the shared stamp ahead of numba's own for the package's kernels, and let a kernel
    whose cache cannot be written run without one (once a process)."""
    from numba.core import caching

    _allow_uncached(caching)

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
