"""The GPU backend (CuPy, CUDA C compiled at run time) and the host build of the same C source.

``kernel.c`` is the CUDA kernel; with the CUDA parts left out by the preprocessor it is also a
plain C library, which :func:`build_host_library` compiles with the system C compiler. The tests
check that library bit for bit against the numba kernels, so the GPU deals the same shoes as the
CPU even on a machine without a GPU. ``bench/bench_sim_gpu.py`` checks the GPU itself.

A GPU launch deals whole streams; the runner cuts the run at exactly N coups with the coups per
stream the kernel writes back, dealing the one straddling stream on the CPU.
"""

from __future__ import annotations

import ctypes
import functools
import hashlib
import importlib.resources
import os
import shutil
import subprocess
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat.sim.config import GPU_CHUNK_SHOES
from baccarat.sim.runner import Tally, run_range
from baccarat.sim.spec import KernelPlan, SimulationError
from baccarat.sim.tables import private_cache_dir

__all__ = ["GpuBackend", "HostKernel", "build_host_library", "kernel_source"]

TALLIES = 409


def kernel_source() -> str:
    """The C source shared by the GPU and the host build."""
    return importlib.resources.files("baccarat.sim").joinpath("kernel.c").read_text("utf-8")


def _tally(totals: npt.NDArray[np.uint64], coups: int, shoes: int) -> Tally:
    """A :class:`Tally` from the kernel's 409 counters (pair class 0 left implicit)."""
    tally = Tally()
    tally.coups = coups
    tally.shoes = shoes
    tally.counts[:] = totals[:400]
    tally.pairs[1:] = totals[401:409]
    tally.pairs[0] = tally.coups - int(tally.pairs[1:].sum())
    return tally


def build_host_library(directory: Path | None = None, compiler: str | None = None) -> Path:
    """Compile ``kernel.c`` for this machine with the C compiler (``$CC`` or ``cc``); return the
    shared library's path. The library is cached by the source's hash under ``directory`` (by
    default a folder only this user can write, since the library is loaded and run).
    """
    compiler = compiler or os.environ.get("CC") or "cc"
    if shutil.which(compiler) is None:
        raise SimulationError(f"no C compiler {compiler!r} to build the host kernel")
    source = kernel_source()
    digest = hashlib.sha256(source.encode()).hexdigest()[:16]
    if directory is None:
        directory = private_cache_dir()
        if directory is None:
            raise SimulationError("no private folder to build the host kernel in")
    directory.mkdir(parents=True, exist_ok=True)
    library = directory / f"kernel-{digest}.so"
    if not library.exists():
        c_file = directory / f"kernel-{digest}.c"
        c_file.write_text(source, "utf-8")
        partial = directory / f"kernel-{digest}.{os.getpid()}.so"
        command = [compiler, "-std=c99", "-O2", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC"]
        done = subprocess.run(
            [*command, str(c_file), "-o", str(partial)], capture_output=True, text=True, check=False
        )
        if done.returncode != 0:
            raise SimulationError(f"the C compiler failed on kernel.c: {done.stderr.strip()}")
        partial.replace(library)
    return library


class HostKernel:
    """``kernel.c`` built for this machine: deals streams exactly as the GPU would, one by one."""

    def __init__(self, library: Path | None = None) -> None:
        lib = ctypes.CDLL(str(library or build_host_library()))
        run = lib.host_run_streams
        run.restype = ctypes.c_int64
        pointer = ctypes.c_void_p
        run.argtypes = [
            ctypes.c_int, ctypes.c_uint64, ctypes.c_uint64, ctypes.c_int64, ctypes.c_int64,
            ctypes.c_int64, pointer, ctypes.c_int, pointer, ctypes.c_int, ctypes.c_int,
            ctypes.c_int, pointer, pointer,
        ]  # fmt: skip
        self._run = run

    def run(self, plan: KernelPlan, first: int, count: int, limit: int = -1) -> Tally:
        """Streams ``first`` to ``first + count - 1``, at most ``limit`` coups (``-1``: all)."""
        template = np.ascontiguousarray(plan.template, dtype=np.uint8)
        table = np.ascontiguousarray(plan.table, dtype=np.uint16)
        totals = np.zeros(TALLIES, dtype=np.uint64)
        stream_coups = np.zeros(count, dtype=np.uint16)
        coups = self._run(
            plan.mode, plan.k0, plan.k1, first, count, limit,
            template.ctypes.data, template.shape[0], table.ctypes.data, plan.cut_index,
            int(plan.burn), int(plan.one_more), totals.ctypes.data, stream_coups.ctypes.data,
        )  # fmt: skip
        if coups < 0:
            raise SimulationError("the host kernel failed to allocate its shoe")
        return _tally(totals, int(coups), int(np.count_nonzero(stream_coups)))


@functools.cache
def _cupy() -> Any:
    try:
        import cupy
    except ImportError as exc:
        raise SimulationError("simulation_no_cupy", reason=str(exc)) from None
    try:
        devices = cupy.cuda.runtime.getDeviceCount()
    except Exception as exc:  # CUDARuntimeError without a driver; its class varies by version
        raise SimulationError("simulation_gpu_unusable", reason=str(exc)) from None
    if devices < 1:
        raise SimulationError("simulation_no_gpu")
    return cupy


class GpuBackend:
    """Streams dealt by ``kernel.c`` on a CUDA GPU through CuPy, one thread per stream."""

    name = "gpu"
    max_chunk_shoes = GPU_CHUNK_SHOES
    card_level = False
    """The kernel keeps the 409 counters of the summary and pair classes only: a run with
    card-level bets is refused (``SimulationError`` ``simulation_gpu_card_level``)."""

    def __init__(self, threads: int = 128, blocks_per_sm: int = 8) -> None:
        if threads < 32 or threads % 32:
            raise SimulationError(f"threads per block must be a multiple of 32, got {threads}")
        cp = _cupy()
        self._cp = cp
        self.threads = threads
        device = cp.cuda.Device()
        attributes = device.attributes
        self.blocks = attributes["MultiProcessorCount"] * blocks_per_sm
        self.max_shared = int(attributes.get("MaxSharedMemoryPerBlockOptin", 48 * 1024))
        self._kernel = cp.RawKernel(kernel_source(), "sim_streams", options=("--std=c++14",))
        self.device_name = cp.cuda.runtime.getDeviceProperties(device.id)["name"].decode()

    def threads_for(self, cards: int) -> int:
        """Threads per block for a shoe of ``cards``: each thread keeps its shoe in shared memory."""
        fit = (self.max_shared - TALLIES * 4) // cards // 32 * 32
        if fit < 32:
            raise SimulationError(f"a shoe of {cards} cards does not fit this GPU's shared memory")
        return min(self.threads, fit)

    def parallelism(self) -> int:
        return 1

    def _launch(self, plan: KernelPlan, first: int, count: int) -> tuple[Any, Any]:
        cp = self._cp
        n = int(plan.template.shape[0])
        template = cp.asarray(plan.template, dtype=cp.uint8)
        table = cp.asarray(plan.table, dtype=cp.uint16)
        totals = cp.zeros(TALLIES, dtype=cp.uint64)
        stream_coups = cp.zeros(count, dtype=cp.uint16)
        threads = self.threads_for(n)
        shared = TALLIES * 4 + n * threads
        self._kernel.max_dynamic_shared_size_bytes = shared
        blocks = max(1, min(self.blocks, -(-count // threads)))
        self._kernel(
            (blocks,),
            (threads,),
            (
                np.int32(plan.mode), np.uint64(plan.k0), np.uint64(plan.k1), np.int64(first),
                np.int64(count), template, np.int32(n), table, np.int32(plan.cut_index),
                np.int32(plan.burn), np.int32(plan.one_more), totals, stream_coups,
            ),
            shared_mem=shared,
        )  # fmt: skip
        return totals, stream_coups

    def deal(self, plan: KernelPlan, first: int, count: int) -> Tally:
        """Streams ``first`` to ``first + count - 1`` in one launch; waits for the result."""
        totals, stream_coups = self._launch(plan, first, count)
        # Every stream deals at least one coup; the sum is taken on the GPU, so only the 409
        # counters cross the bus.
        coups = int(stream_coups.sum(dtype=self._cp.uint64))
        return _tally(totals.get(), coups, count)

    def run(
        self, plan: KernelPlan, chunks: Sequence[tuple[int, int]]
    ) -> Iterator[tuple[int, Tally]]:
        for index, (first, count) in enumerate(chunks):
            yield index, self.deal(plan, first, count)

    def run_limited(self, plan: KernelPlan, first: int, count: int, limit: int) -> Tally:
        # Whole streams on the GPU up to the one that crosses the limit, that one on the CPU.
        _, stream_coups = self._launch(plan, first, count)
        cumulative = np.cumsum(stream_coups.get(), dtype=np.int64)
        crossing = int(np.searchsorted(cumulative, limit, side="left"))
        parts = []
        before = int(cumulative[crossing - 1]) if crossing > 0 else 0
        if crossing > 0:
            parts.append(self.deal(plan, first, crossing))
        parts.append(run_range(plan, first + crossing, 1, limit - before))
        return Tally.total(parts)
