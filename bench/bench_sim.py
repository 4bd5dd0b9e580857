"""Benchmark of the simulator: coups per second on one core and on every core, end to end.

Run: ``.venv/bin/python bench/bench_sim.py [--quick]``. Figures (best and median of several runs;
the machine is shared and noisy, so both are printed):

* ``shoe`` mode, 8 decks, full tallies (400 summary classes and 9 pair classes), through
  :func:`baccarat.sim.simulate`, on 1 thread and on every core (targets: 50 and 100 million
  coups per second on this machine's two cores);
* ``first-coup`` and ``infinite`` modes, for information;
* rule sets with card-level bets (Tiger, naturals, colours), shoe mode on one core: the kernels
  that read each coup's cards as well (:mod:`baccarat.sim.cards`);
* the pure-Python engine (``Shoe.shuffled`` and ``deal_all``, tallying the same classes) in the
  same run, and the ratio;
* ``baccarat simulate --coups 24000000 --json`` end to end: process start, imports, kernels loaded
  from numba's disk cache, exact reference, report (target: under 2 s).
"""

from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Timing, measure

from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.odds.exact import signatures_of
from baccarat.sim import Mode, SimulationSpec, simulate


def _rate(coups: int, t: Timing) -> str:
    return f"best {coups / t.best / 1e6:7.1f}   median {coups / t.median / 1e6:7.1f}  M coups/s"


def simulator(coups: int, mode: Mode, workers: int, runs: int, rules: str | None = None) -> Timing:
    signatures = signatures_of(get_rule_set(rules).bets.values()) if rules else ()
    spec = SimulationSpec(coups=coups, mode=mode, seed=2026, signatures=signatures)
    warm = SimulationSpec(coups=10_000, mode=mode, seed=1, signatures=signatures)
    simulate(warm, workers=workers)  # load the kernels
    return measure(lambda: simulate(spec, workers=workers), runs=runs)


def cpu_seconds(coups: int, workers: int, runs: int) -> float:
    """The least CPU time (all threads) a shoe-mode run took: what other load on the machine
    cannot inflate much, unlike the wall clock."""
    spec = SimulationSpec(coups=coups, seed=2026)
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        simulate(spec, workers=workers)
        best = min(best, time.process_time() - start)
    return best


def python_engine(shoes: int) -> tuple[int, float]:
    """Coups per second of the pure-Python engine doing the same work: shuffle, deal, tally."""
    rng = random.Random(1)
    counts = [0] * 400
    pairs = [0] * 9
    coups = 0
    start = time.perf_counter()
    for _ in range(shoes):
        for coup in Shoe.shuffled(ShoeRules(), rng).deal_all():
            counts[coup.summary.index] += 1
            pairs[coup.pairs.index] += 1
            coups += 1
    return coups, time.perf_counter() - start


def end_to_end(coups: int, runs: int) -> Timing:
    command = [str(Path(sys.executable).with_name("baccarat")), "simulate", "--coups", str(coups)]
    command += ["--seed", "1", "--json"]
    subprocess.run(command, check=True, capture_output=True)  # fill numba's cache if needed

    def once() -> None:
        subprocess.run(command, check=True, capture_output=True)

    return measure(once, runs=runs)


def main() -> None:
    quick = "--quick" in sys.argv
    runs = 3 if quick else 7
    cores = os.cpu_count() or 1
    coups = 12_000_000 if quick else 48_000_000
    print(f"Simulator, 8 decks, full tallies; {cores} cores; best and median of {runs} runs")
    # The machine is shared: say how busy it was, since every figure depends on it.
    print(f"  load average at start: {os.getloadavg()[0]:.2f}")

    one = simulator(coups, Mode.SHOE, 1, runs)
    print(f"  shoe mode, 1 core      {coups:>12,} coups   {_rate(coups, one)}")
    every = simulator(coups, Mode.SHOE, cores, runs)
    print(f"  shoe mode, {cores} cores     {coups:>12,} coups   {_rate(coups, every)}")
    cpu = cpu_seconds(coups, cores, runs)
    print(
        f"  shoe mode, per CPU-second of all threads: {coups / cpu / 1e6:.1f} M coups "
        f"(x {cores} cores = {coups / cpu * cores / 1e6:.0f} M coups/s on an idle machine)"
    )
    for mode, n in ((Mode.FIRST_COUP, coups // 8), (Mode.INFINITE, coups // 2)):
        t = simulator(n, mode, cores, runs)
        print(f"  {mode.value} mode, {cores} cores {n:>10,} coups   {_rate(n, t)}")
    for rules in ("tiger", "naturals", "colours"):
        n = coups // 4
        t = simulator(n, Mode.SHOE, 1, runs, rules)
        print(f"  card-level {rules:9s} 1 core {n:>10,} coups   {_rate(n, t)}")

    # The reference is as noisy as the rest: best of several short runs, like the simulator's.
    python_rates = []
    for _ in range(3 if quick else 5):
        python_coups, python_seconds = python_engine(10)
        python_rates.append(python_coups / python_seconds)
    python_rate = max(python_rates)
    print(
        f"  pure-Python engine, 1 core: best {python_rate / 1e3:,.1f}   median "
        f"{sorted(python_rates)[len(python_rates) // 2] / 1e3:,.1f} thousand coups/s"
    )
    print(
        f"  ratio, simulator on 1 core / pure Python: {coups / one.best / python_rate:,.0f}x best, "
        f"{coups / one.median / python_rate:,.0f}x median"
    )

    cli = end_to_end(24_000_000, 3 if quick else 5)
    print(
        f"  baccarat simulate --coups 24000000 end to end: best {cli.best:.2f} s, "
        f"median {cli.median:.2f} s"
    )
    print(f"  load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
