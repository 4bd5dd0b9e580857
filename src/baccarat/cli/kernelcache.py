"""Before a command loads the numba kernels: their cache on disk, and numba's BLAS probe.

Numba keeps the compiled kernels in ``NUMBA_CACHE_DIR`` when it is set and can be written,
else in the ``__pycache__`` beside their source, else in the user's cache folder. Where none of
them can be written (a read-only install, a locked-down home), numba refuses to import the
kernels at all. A command that runs them calls :func:`prepare_kernels` first: the kernels are then
compiled again in each command, without a cache, and one warning line on standard error says so.

Loading its first kernel, numba also looks for a BLAS by importing SciPy's linear algebra where
SciPy is installed (some 0.2 s of every simulation's start-up); no kernel of this package calls
one, so a command tells numba there is none (:func:`_spare_blas_probe`).

>>> prepare_kernels()
>>> uncached()
False
"""

from __future__ import annotations

from typing import Any

__all__ = ["prepare_kernels", "uncached"]

_MARK = "_baccarat_allows_uncached"
_missing: list[str] = []
"""The kernel file whose cache could not be written, once one could not."""


def uncached() -> bool:
    """Whether kernels compiled in this process went without a cache."""
    return bool(_missing)


def _warn(source: str) -> None:
    from baccarat.cli.entry import warn
    from baccarat.cli.language import active_translator

    _missing.append(source)
    text = active_translator().gettext(
        "no folder can be written to cache the kernels of {file}: they are compiled again every "
        "time (NUMBA_CACHE_DIR can name a folder that can be written)"
    )
    warn(text.format(file=source))


def _spare_blas_probe() -> None:
    """Numba's array library, imported when the first kernel loads, asks once whether a BLAS is
    there, and where none is, ``np.convolve`` and ``np.correlate`` in a kernel take its plain
    loop: answer "none" for that one question, before the library is imported. Every later BLAS
    call (``np.dot``, ``np.linalg``) still finds SciPy's."""
    import sys

    if "numba.np.arraymath" in sys.modules:
        return
    import numba.np.linalg as linalg

    probe = linalg.ensure_blas

    def none() -> None:
        raise ImportError("no BLAS asked for")

    linalg.ensure_blas = none
    try:
        import numba.np.arraymath  # noqa: F401  (asks its question here)
    finally:
        linalg.ensure_blas = probe


def prepare_kernels() -> None:
    """Before a command imports the kernels: a kernel numba cannot find a cache folder for is
    compiled without one (and the first such kernel gives the warning), instead of failing; and
    numba's BLAS probe is spared."""
    from numba.core.dispatcher import Dispatcher

    _spare_blas_probe()

    original = Dispatcher.enable_caching
    if getattr(original, _MARK, False):
        return

    def enable_caching(self: Any) -> None:
        try:
            original(self)
        except RuntimeError:  # numba: "cannot cache function ...: no locator available"
            # The dispatcher keeps the null cache it started with: it compiles in memory.
            if not _missing:
                _warn(self.py_func.__code__.co_filename)

    setattr(enable_caching, _MARK, True)
    Dispatcher.enable_caching = enable_caching  # type: ignore[method-assign]  # numba has no hook
