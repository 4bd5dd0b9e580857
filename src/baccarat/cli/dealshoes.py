"""Dealing a lab run's shoes from the command line: on a Dask cluster or on this machine's
threads, with a progress bar (``count``'s studies and sweeps alike)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeVar

from baccarat.cli import progress

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = ["deal_shoes"]

Plan = TypeVar("Plan")
Run = TypeVar("Run")


def deal_shoes(
    load: Callable[[Plan, int, int], object],
    run: Callable[..., Run],
    plan: Plan,
    shoes: int,
    *,
    dask: str | None,
    workers: int | None,
    threads: int | None,
    t: Translator,
) -> Run:
    """Deal ``shoes`` shoes of ``plan`` with ``run`` (a study's or a sweep's) and a progress
    bar: on the Dask cluster ``dask`` names (``workers`` processes for ``local``), else on
    ``threads`` threads once ``load`` has loaded (or compiled) the kernel, said while it does."""
    backend: Any = None
    if dask is not None:
        from baccarat.extras import require

        require("dask", "baccarat count --dask")
        from baccarat.sim.dask_backend import DaskBackend

        backend = DaskBackend.connect(dask, workers)
    else:
        with progress.compiling():
            load(plan, 0, 0)
    update, close_bar = progress.bar(t.gettext("Dealing shoes"), t.gettext("shoes"))
    try:
        return run(plan, shoes, workers=threads, dask=backend, progress=update)
    finally:
        close_bar()
        if backend is not None:
            backend.close()
