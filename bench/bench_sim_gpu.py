"""The GPU check, in one go: validate the CUDA kernel's tallies bit for bit, then time it.

Run on a machine with an NVIDIA GPU and CuPy (``pip install -e '.[gpu]'``)::

    python bench/bench_sim_gpu.py            # about two minutes on an H200
    python bench/bench_sim_gpu.py --quick    # validation and a short timing

1. **Validation** (exit code 1 on any difference): for shoe mode (8 decks; 1 deck without burn;
   6 decks without the extra coup), first-coup and infinite modes, the GPU's tallies for a range
   of streams equal the numba kernels' exactly; a whole ``simulate()`` of an odd number of coups
   on the GPU equals the CPU run (the run is cut at exactly N coups across the two).
2. **Speed**: shoe mode, 8 decks, full tallies, in launches of 2**24 shoes (about 1.4 billion
   coups), for 64, 128 and 256 threads per block: best and median coups per second (target: 50
   billion on one H200). Then ``simulate()`` of 10**11 coups end to end (chunking, transfers,
   the CPU's share) with the frequencies' z-scores against the exact first coup, which at this size
   show the cut-card effect of docs/simulator.md (naturals about -5e-5).
The CPU reference rate of this machine is printed beside the GPU's, with the ratio.
"""

from __future__ import annotations

import statistics
import sys
import time

from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import ShoeRules
from baccarat.sim import Mode, SimulationError, SimulationSpec, run_range, simulate
from baccarat.sim.report import simulation_report


def validate(backend: object) -> bool:
    from baccarat.sim.gpu import GpuBackend

    assert isinstance(backend, GpuBackend)
    ok = True
    cases = [
        (Mode.SHOE, ShoeRules(), 20_000),
        (Mode.SHOE, ShoeRules(decks=1, cut_card=20, burn=False), 20_000),
        (Mode.SHOE, ShoeRules(decks=6, cut_card=30, one_more_coup=False), 20_000),
        (Mode.FIRST_COUP, ShoeRules(), 200_000),
        (Mode.INFINITE, ShoeRules(), 2_000),
    ]
    for mode, rules, streams in cases:
        plan = SimulationSpec(coups=1, shoe=rules, mode=mode, seed=31).plan()
        first = 12_345_678_901
        gpu, cpu = backend.deal(plan, first, streams), run_range(plan, first, streams)
        same = (
            gpu.coups == cpu.coups
            and gpu.counts.tolist() == cpu.counts.tolist()
            and gpu.pairs.tolist() == cpu.pairs.tolist()
        )
        ok &= same
        print(
            f"  {'PASS' if same else 'FAIL'}  {mode.value:10} {rules.decks} deck(s), burn "
            f"{rules.burn}, cut {rules.cut_card}: {streams:,} streams, {cpu.coups:,} coups"
        )
    for mode in Mode:
        spec = SimulationSpec(coups=10_000_003, mode=mode, seed=2026)
        on_gpu = simulate(spec, backend=backend)
        on_cpu = simulate(spec)
        same = on_gpu.distribution == on_cpu.distribution and on_gpu.coups == spec.coups
        ok &= same
        print(f"  {'PASS' if same else 'FAIL'}  simulate() {mode.value}: {spec.coups:,} coups")
    return ok


def speed(quick: bool) -> None:
    from baccarat.sim.gpu import GpuBackend

    plan = SimulationSpec(coups=1, seed=7).plan()
    shoes = 1 << (22 if quick else 24)
    runs = 3 if quick else 7
    best_rate = 0.0
    for threads in (64, 128, 256):
        backend = GpuBackend(threads=threads)
        backend.deal(plan, 0, 1 << 16)  # warm up
        rates = []
        for r in range(runs):
            start = time.perf_counter()
            tally = backend.deal(plan, r * shoes, shoes)
            rates.append(tally.coups / (time.perf_counter() - start))
        best_rate = max(best_rate, max(rates))
        print(
            f"  {threads:3} threads/block: best {max(rates) / 1e9:6.1f}  median "
            f"{statistics.median(rates) / 1e9:6.1f}  billion coups/s ({tally.coups:,} coups a launch)"
        )
    cpu = simulate(SimulationSpec(coups=24_000_000, seed=7))
    print(
        f"  CPU on this machine ({cpu.workers} threads): {cpu.coups_per_second / 1e6:,.0f} million "
        f"coups/s; GPU/CPU ratio {best_rate / cpu.coups_per_second:,.0f}x"
    )

    coups = 10**10 if quick else 10**11
    result = simulate(SimulationSpec(coups=coups, seed=11), backend=GpuBackend())
    print(
        f"  simulate() {coups:,} coups on the GPU: {result.seconds:.2f} s, "
        f"{result.coups_per_second / 1e9:.1f} billion coups/s end to end"
    )
    report = simulation_report(result, get_rule_set("punto-banco"))
    for key in ("natural", "player_draws", "banker_draws", "both_draw", "cards_per_coup"):
        e = report.frequencies[key]
        print(
            f"    {key:15} simulated {e.observed:.7f}  exact first coup {e.exact:.7f}  "
            f"difference {e.observed - e.exact:+.2e}  z {e.z:+.1f}"
        )


def main() -> int:
    from baccarat.sim.gpu import GpuBackend

    quick = "--quick" in sys.argv
    try:
        backend = GpuBackend()
    except SimulationError as exc:
        print(f"no GPU: {exc}")
        return 2
    print(f"GPU: {backend.device_name}")
    start = time.perf_counter()
    ok = validate(backend)
    print(f"Validation {'passed' if ok else 'FAILED'} in {time.perf_counter() - start:.1f} s")
    if not ok:
        return 1
    speed(quick)
    return 0


if __name__ == "__main__":
    sys.exit(main())
