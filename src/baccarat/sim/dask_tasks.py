"""What runs on a Dask worker: a task is a pure function of its arguments, nothing else.

Every task carries all it reads (the :class:`~baccarat.sim.spec.KernelPlan`, about 21 KB, and a
range of shoes) and returns a :class:`~baccarat.sim.runner.Tally` (about 3.3 KB), so when a
worker is lost the scheduler simply runs its tasks again elsewhere and the tallies do not change.
Nothing is scattered to the workers, so nothing held by one worker alone can go missing.

A task checks that the worker runs the client's code (:func:`code_identity`: the version and a
digest of the package's sources) and reports a failing kernel as a refusal that names the worker.
The module imports only the standard library, so a client can ask a worker who it is
(:func:`worker_identity`) before anything heavy is imported there.

>>> from baccarat.sim.spec import SimulationSpec
>>> plan = SimulationSpec(coups=1, seed=5).plan()
>>> tally = call(deal, code_identity(), plan, 0, 8)
>>> tally.shoes, tally.coups > 8 * 60
(8, True)
>>> call(deal, "0.0.0 (code 000000000000)", plan, 0, 8)
Traceback (most recent call last):
...
baccarat.sim.spec.SimulationError: Dask worker 'this process' runs baccarat ...
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import hashlib
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from baccarat.sim.runner import Tally
    from baccarat.sim.spec import KernelPlan

__all__ = [
    "WarmUp",
    "call",
    "code_identity",
    "compile_lock",
    "deal",
    "deal_limited",
    "one_line",
    "warm_up",
    "worker_identity",
]

Payload = TypeVar("Payload")
Result = TypeVar("Result")


@functools.cache
def code_identity() -> str:
    """This installation of ``baccarat``: its version and a digest of its sources (``.py`` and
    ``.c``), so two checkouts of one version that deal differently are told apart."""
    import baccarat

    root = Path(baccarat.__file__).parent
    digest = hashlib.sha256()
    for path in sorted(p for p in root.rglob("*") if p.suffix in (".py", ".c")):
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(path.read_bytes())
    return f"{baccarat.__version__} (code {digest.hexdigest()[:12]})"


def worker_identity() -> str:
    """What ``client.run`` asks each worker before a run: :func:`code_identity`."""
    return code_identity()


def one_line(exc: BaseException, limit: int = 300) -> str:
    """An exception as one short line (a refusal is one line, whatever the worker said)."""
    text = " ".join(f"{type(exc).__name__}: {exc}".split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _worker_address() -> str:
    try:
        from distributed import get_worker

        address: str = get_worker().address
    except (ImportError, ValueError):
        return "this process"  # called outside a Dask worker (tests, a local fallback)
    return address


def call(
    task: Callable[[Payload, int, int], Result],
    identity: str,
    payload: Payload,
    first: int,
    count: int,
) -> Result:
    """Run ``task(payload, first, count)`` here if this worker runs the client's code
    (``identity``); a failure in the task comes back as a refusal that names this worker."""
    from baccarat.sim.spec import SimulationError

    ours = code_identity()
    if ours != identity:
        raise SimulationError(
            "simulation_dask_version", worker=_worker_address(), theirs=ours, ours=identity
        )
    try:
        return task(payload, first, count)
    except Exception as exc:
        raise SimulationError(
            "simulation_dask_kernels", worker=_worker_address(), reason=one_line(exc)
        ) from exc


def _local_plan(plan: KernelPlan) -> KernelPlan:
    """``plan`` with the arrays flagged as the client's are (template writable, table read-only):
    numba compiles one machine-code version per flag, so a worker that received the other flags
    would compile a second one for 15-20 s instead of loading the cached one."""
    import numpy as np

    template = plan.template if plan.template.flags.writeable else np.array(plan.template)
    table = plan.table
    if table.flags.writeable:
        table = table.view()
        table.setflags(write=False)
    return dataclasses.replace(plan, template=template, table=table)


_loaded = False
"""Whether this process has loaded (or compiled) the kernels."""


def compile_lock() -> Path | None:
    """The file whose lock one process of this machine (and user) holds while it loads the
    kernels; None where there is no private folder for it."""
    from baccarat.sim.tables import private_cache_dir

    folder = private_cache_dir()
    return None if folder is None else folder / "numba-compile.lock"


@contextlib.contextmanager
def _one_compiler() -> Iterator[None]:
    """Load the kernels under this machine's compile lock: when several workers start at once
    on a machine without cached machine code, the first compiles (15-20 s) and caches it, and
    the others wait, then load the cache in half a second, instead of each compiling."""
    try:
        import fcntl
    except ImportError:  # not POSIX: each process may compile
        yield
        return
    path = compile_lock()
    if path is None:
        yield
        return
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


def _load(plan: KernelPlan) -> None:
    global _loaded
    if not _loaded:
        from baccarat.sim.runner import run_range

        with _one_compiler():
            run_range(plan, 0, 0)
        _loaded = True


def deal(plan: KernelPlan, first: int, count: int) -> Tally:
    """The simulator's task: deal shoes ``first`` to ``first + count - 1``."""
    from baccarat.sim.runner import run_range

    local = _local_plan(plan)
    _load(local)
    return run_range(local, first, count)


def deal_limited(job: tuple[KernelPlan, int], first: int, count: int) -> Tally:
    """Deal the shoes of a chunk again up to a number of coups (``job``: the plan and the limit)."""
    from baccarat.sim.runner import run_range

    plan, limit = job
    local = _local_plan(plan)
    _load(local)
    return run_range(local, first, count, limit)


@dataclasses.dataclass(frozen=True)
class WarmUp:
    """A worker's answer to :func:`warm_up`."""

    worker: str
    load_seconds: float
    """Loading (or compiling) the kernels."""
    compiled: bool
    """True when numba found no cached machine code and compiled the kernels."""
    tally: Tally
    seconds: float
    """Dealing the warm-up's shoes, once loaded: the worker's speed."""


def warm_up(plan: KernelPlan, first: int, count: int) -> WarmUp:
    """Load the kernels here, then deal a few shoes and time them (run through :func:`call`).

    The client compares the tally with its own, so a worker that deals differently is refused.
    """
    from baccarat.sim import kernels
    from baccarat.sim.runner import run_range

    local = _local_plan(plan)
    misses = sum(kernels.run_shoes.stats.cache_misses.values())
    started = time.perf_counter()
    _load(local)
    loaded = time.perf_counter()
    tally = run_range(local, first, count)
    dealt = time.perf_counter()
    compiled = sum(kernels.run_shoes.stats.cache_misses.values()) > misses
    return WarmUp(_worker_address(), loaded - started, compiled, tally, dealt - loaded)


def noop(payload: Any, first: int, count: int) -> int:
    """A task that does nothing, to time the scheduler alone (``bench/bench_dask.py``)."""
    return first
