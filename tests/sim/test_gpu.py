"""The CUDA C kernel: built for the host, it deals bit for bit what the numba kernels deal; the
GPU backend's bookkeeping, run on that host build; a missing GPU is a clear error."""

from __future__ import annotations

import ctypes
import os
import shutil
import sys
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np
import pytest

from baccarat.core.shoe import ShoeRules
from baccarat.sim import gpu
from baccarat.sim.gpu import GpuBackend, HostKernel, build_host_library
from baccarat.sim.runner import run_range, simulate
from baccarat.sim.spec import Mode, SimulationError, SimulationSpec

pytestmark = pytest.mark.skipif(
    shutil.which("cc") is None and shutil.which("gcc") is None, reason="no C compiler"
)


@pytest.fixture(scope="module")
def host(tmp_path_factory: pytest.TempPathFactory) -> HostKernel:
    compiler = "cc" if shutil.which("cc") else "gcc"
    return HostKernel(build_host_library(tmp_path_factory.mktemp("kernel"), compiler))


CASES = [
    (Mode.SHOE, ShoeRules()),
    (Mode.SHOE, ShoeRules(decks=1, cut_card=20, burn=False)),
    (Mode.SHOE, ShoeRules(decks=6, cut_card=30, one_more_coup=False)),
    (Mode.SHOE, ShoeRules(decks=12, cut_card=70)),
    (Mode.FIRST_COUP, ShoeRules()),
    (Mode.FIRST_COUP, ShoeRules(decks=2, burn=False)),
    (Mode.INFINITE, ShoeRules()),
]


@pytest.mark.parametrize(("mode", "rules"), CASES)
def test_host_build_of_the_cuda_kernel_matches_numba_bit_for_bit(
    host: HostKernel, mode: Mode, rules: ShoeRules
) -> None:
    plan = SimulationSpec(coups=1, shoe=rules, mode=mode, seed=77).plan()
    for first, count, limit in ((10, 101, -1), (3, 50, 777), (2**33, 9, -1)):
        c, numba = host.run(plan, first, count, limit), run_range(plan, first, count, limit)
        assert (c.coups, c.shoes) == (numba.coups, numba.shoes)
        assert c.counts.tolist() == numba.counts.tolist()
        assert c.pairs.tolist() == numba.pairs.tolist()


class _Array(np.ndarray):
    """A NumPy array that answers ``.get()`` like a CuPy one."""

    def get(self) -> np.ndarray:
        return np.asarray(self)


class _FakeKernel:
    """Stands in for ``cupy.RawKernel``: a launch deals its streams with the host build."""

    max_dynamic_shared_size_bytes = 0

    def __init__(self, host: HostKernel, launches: list[tuple[int, int]]) -> None:
        self.host = host
        self.launches = launches

    def __call__(self, grid: Any, block: Any, args: tuple[Any, ...], shared_mem: int = 0) -> None:
        mode, k0, k1, first, count, template, n, table, cut, burn, one_more, totals, coups = args
        assert shared_mem == 409 * 4 + int(n) * block[0]
        self.launches.append((int(first), int(count)))
        self.host._run(
            int(mode), int(k0), int(k1), int(first), int(count), -1, template.ctypes.data,
            int(n), table.ctypes.data, int(cut), int(burn), int(one_more), totals.ctypes.data,
            coups.ctypes.data,
        )  # fmt: skip


@pytest.fixture
def fake_cupy(host: HostKernel, monkeypatch: pytest.MonkeyPatch) -> list[tuple[int, int]]:
    launches: list[tuple[int, int]] = []

    def array(values: Any, dtype: Any = None) -> _Array:
        return np.ascontiguousarray(values, dtype=dtype).view(_Array)

    def zeros(size: int, dtype: Any) -> _Array:
        return np.zeros(size, dtype=dtype).view(_Array)

    fake = SimpleNamespace(
        uint8=np.uint8,
        uint16=np.uint16,
        uint64=np.uint64,
        asarray=array,
        zeros=zeros,
        RawKernel=lambda source, name, options: _FakeKernel(host, launches),
        cuda=SimpleNamespace(
            Device=lambda: SimpleNamespace(
                id=0,
                attributes={"MultiProcessorCount": 2, "MaxSharedMemoryPerBlockOptin": 232448},
            ),
            runtime=SimpleNamespace(getDeviceProperties=lambda i: {"name": b"host C"}),
        ),
    )
    monkeypatch.setattr(gpu, "_cupy", lambda: fake)
    return launches


@pytest.mark.parametrize("mode", list(Mode))
def test_gpu_backend_gives_the_cpu_result(fake_cupy: list[tuple[int, int]], mode: Mode) -> None:
    spec = SimulationSpec(coups=400_003, mode=mode, seed=5)
    on_gpu = simulate(spec, backend=GpuBackend())
    on_cpu = simulate(spec, workers=2)
    assert on_gpu.backend == "gpu" and on_gpu.coups == spec.coups
    assert on_gpu.distribution == on_cpu.distribution
    assert fake_cupy  # the bulk went through the (host-built) CUDA kernel


def test_gpu_backend_cuts_a_chunk_at_exactly_the_limit(fake_cupy: list[tuple[int, int]]) -> None:
    plan = SimulationSpec(coups=1, seed=6).plan()
    whole = run_range(plan, 100, 40)
    for limit in (1, 80, whole.coups // 2, whole.coups - 1, whole.coups):
        cut = GpuBackend().run_limited(plan, 100, 40, limit)
        assert cut.coups == limit
        expected = run_range(plan, 100, 40, limit)
        assert cut.counts.tolist() == expected.counts.tolist()
        assert cut.pairs.tolist() == expected.pairs.tolist()


def test_a_missing_cupy_is_a_clear_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(__import__("sys").modules, "cupy", None)
    gpu._cupy.cache_clear()
    try:
        with pytest.raises(SimulationError, match="--backend gpu needs CuPy"):
            GpuBackend()
    finally:
        gpu._cupy.cache_clear()


def test_the_kernel_source_is_packaged() -> None:
    source = gpu.kernel_source()
    assert 'extern "C" __global__ void sim_streams' in source
    assert Path(gpu.__file__).with_name("kernel.c").read_text("utf-8") == source


def _nvrtc() -> ctypes.CDLL | None:
    """NVRTC, if this machine has it (CuPy's CUDA wheels, or BACCARAT_NVRTC=/path/libnvrtc.so)."""
    candidates = [os.environ.get("BACCARAT_NVRTC", "")]
    for base in map(Path, sys.path):
        candidates += [str(p) for p in sorted(base.glob("nvidia/*/lib/libnvrtc.so*"))]
    for name in filter(None, candidates):
        path = Path(name)
        try:
            for builtins in sorted(path.parent.glob("libnvrtc-builtins.so*")):
                ctypes.CDLL(str(builtins), mode=ctypes.RTLD_GLOBAL)
            return ctypes.CDLL(str(path))
        except OSError:
            continue
    return None


def test_the_cuda_source_compiles_with_nvrtc() -> None:
    # No GPU is needed to compile: NVRTC turns the source into PTX on any machine that has it.
    nvrtc = _nvrtc()
    if nvrtc is None:
        pytest.skip("NVRTC not found (set BACCARAT_NVRTC to libnvrtc.so to run this check)")
    program = ctypes.c_void_p()
    source = gpu.kernel_source().encode()
    assert nvrtc.nvrtcCreateProgram(ctypes.byref(program), source, b"kernel.c", 0, None, None) == 0
    options = [b"--std=c++14", b"--gpu-architecture=compute_90"]
    compiled = nvrtc.nvrtcCompileProgram(
        program, len(options), (ctypes.c_char_p * len(options))(*options)
    )
    size = ctypes.c_size_t()
    nvrtc.nvrtcGetProgramLogSize(program, ctypes.byref(size))
    log = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetProgramLog(program, log)
    assert compiled == 0, log.value.decode()
    nvrtc.nvrtcGetPTXSize(program, ctypes.byref(size))
    ptx = ctypes.create_string_buffer(size.value)
    nvrtc.nvrtcGetPTX(program, ptx)
    assert ".entry sim_streams(" in ptx.value.decode()


def _nvcc() -> str | None:
    """The CUDA compiler, if this machine has one (on the PATH, or in CUDA_HOME)."""
    found = shutil.which("nvcc")
    if found is None and os.environ.get("CUDA_HOME"):
        candidate = Path(os.environ["CUDA_HOME"]) / "bin" / "nvcc"
        found = str(candidate) if candidate.exists() else None
    return found


def test_the_cuda_source_compiles_with_nvcc_for_the_h200(tmp_path: Path) -> None:
    """The toolkit's own compiler, without a GPU: the same source (as CuPy's RawKernel takes it)
    to PTX, then ``ptxas`` to machine code for the H200 (``sm_90``), which also checks the
    kernel fits the hardware's limits (registers, local memory) without spilling."""
    nvcc = _nvcc()
    if nvcc is None:
        pytest.skip("nvcc not found (put the CUDA toolkit on PATH or set CUDA_HOME)")
    import subprocess

    source = tmp_path / "kernel.cu"
    source.write_text(gpu.kernel_source(), "utf-8")
    ptx = tmp_path / "kernel.ptx"
    subprocess.run(
        [nvcc, "--ptx", "-std=c++14", "-arch=compute_90", str(source), "-o", str(ptx)],
        check=True,
        capture_output=True,
    )
    assert ".entry sim_streams(" in ptx.read_text()
    ptxas = Path(nvcc).resolve().parent / "ptxas"
    report = subprocess.run(
        [str(ptxas), "-arch=sm_90", "-v", str(ptx), "-o", str(tmp_path / "kernel.cubin")],
        check=True,
        capture_output=True,
        text=True,
    )
    usage = report.stderr + report.stdout
    assert "Compiling entry function 'sim_streams'" in usage, usage
    assert "bytes spill stores" not in usage or "0 bytes spill stores" in usage, usage
