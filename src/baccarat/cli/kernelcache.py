"""Before a command loads the numba kernels: their cache on disk, and numba's BLAS probe.

Numba keeps the compiled kernels in ``NUMBA_CACHE_DIR`` when it is set and can be written,
else in the ``__pycache__`` beside their source, else in the user's cache folder. Where none of
them can be written (a read-only install, a locked-down home), the kernels are compiled again in
each process, without a cache (:mod:`baccarat.odds.jitcache`, for every command and the server),
and :func:`uncached_message` says so in one warning line on standard error.

Loading its first kernel, numba also looks for a BLAS by importing SciPy's linear algebra where
SciPy is installed (some 0.2 s of every simulation's start-up); no kernel of this package calls
one, so a command tells numba there is none (:func:`_spare_blas_probe`).

>>> prepare_kernels()
>>> uncached()
False
"""

from __future__ import annotations

import sys

__all__ = ["prepare_kernels", "uncached", "uncached_message"]


def uncached() -> bool:
    """Whether kernels compiled in this process went without a cache."""
    jitcache = sys.modules.get("baccarat.odds.jitcache")
    return jitcache is not None and bool(jitcache.uncached())


def uncached_message(source: str) -> str:
    """The warning of kernels compiled without a cache, in the command's language."""
    from baccarat.cli.language import active_translator

    text = active_translator().gettext(
        "no folder can be written to cache the kernels of {file}: they are compiled again every "
        "time (NUMBA_CACHE_DIR can name a folder that can be written)"
    )
    return text.format(file=source)


def _spare_blas_probe() -> None:
    """Numba's array library, imported when the first kernel loads, asks once whether a BLAS is
    there, and where none is, ``np.convolve`` and ``np.correlate`` in a kernel take its plain
    loop: answer "none" for that one question, before the library is imported. Every later BLAS
    call (``np.dot``, ``np.linalg``) still finds SciPy's."""
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
    """Before a command imports the kernels: numba's BLAS probe is spared."""
    _spare_blas_probe()
