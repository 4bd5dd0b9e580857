"""Benchmark of the lab: a tag-count study against the plain simulator, and computer-perfect play.

Run: ``.venv/bin/python bench/bench_lab.py [--quick]``. Figures (best and median of several runs,
interleaved so that both sides meet the same load; the machine is shared and noisy):

* coups per second of a tag-count study (``jacobson-dragon-7``: true count, and
  ``how-dragon-7``: running count) and of the plain simulator (``shoe`` mode, the same shoes
  and seed), on one thread and on every core, with the ratio (target: at least 0.5);
* shoes a minute of computer-perfect play for Dragon 7 (a bet that reads the summary), on every
  core (target: at least 10,000 on two cores).
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Timing, measure

from baccarat.core.rules import get_rule_set
from baccarat.lab.strategy import BUILT_IN, CountStrategy
from baccarat.lab.study import count_plan, count_range, run_study
from baccarat.sim import SimulationSpec, simulate
from baccarat.sim.runner import run_range


def _interleaved(a: object, b: object, runs: int) -> tuple[Timing, Timing]:
    """Time two callables in turn, ``runs`` times each."""
    import statistics
    import time

    samples: tuple[list[float], list[float]] = ([], [])
    for _ in range(runs):
        for fn, out in ((a, samples[0]), (b, samples[1])):
            started = time.perf_counter()
            fn()  # type: ignore[operator]
            out.append(time.perf_counter() - started)
    return tuple(Timing(min(s), statistics.median(s), runs) for s in samples)  # type: ignore[return-value]


def main() -> None:
    quick = "--quick" in sys.argv
    cores = os.cpu_count() or 1
    shoes = 20_000 if quick else 200_000
    runs = 3 if quick else 7
    rules = get_rule_set("ez")
    sim_plan = SimulationSpec(coups=1, seed=1).plan()
    run_range(sim_plan, 0, 4)
    print(f"{cores} cores; {shoes:,} 8-deck shoes a run")
    for name in ("jacobson-dragon-7", "how-dragon-7"):
        plan = count_plan(BUILT_IN[name], rules, seed=1)
        count_range(plan, 0, 4)
        coups = count_range(plan, 0, shoes // 10).coups
        one_count, one_sim = _interleaved(
            lambda plan=plan: count_range(plan, 0, shoes // 10),
            lambda: run_range(sim_plan, 0, shoes // 10),
            runs,
        )
        print(
            f"{name:18} 1 thread : study {coups / one_count.best / 1e6:6.1f} M coups/s best, "
            f"simulator {coups / one_sim.best / 1e6:6.1f}; ratio {one_sim.best / one_count.best:.2f}"
            f" (medians {one_sim.median / one_count.median:.2f})"
        )
        total = run_study(plan, shoes, workers=cores).tally.coups
        every_count, every_sim = _interleaved(
            lambda plan=plan: run_study(plan, shoes, workers=cores),
            lambda total=total: simulate(SimulationSpec(coups=total, seed=1), workers=cores),
            max(2, runs // 2),
        )
        print(
            f"{name:18} {cores} threads: study {total / every_count.best / 1e6:6.1f} M coups/s best, "
            f"simulator {total / every_sim.best / 1e6:6.1f}; ratio {every_sim.best / every_count.best:.2f}"
            f" (medians {every_sim.median / every_count.median:.2f})"
        )
    perfect = count_plan(
        CountStrategy("perfect", (0,) * 13, bet="dragon_7"), rules, seed=1, perfect=True
    )
    count_range(perfect, 0, 1)
    dealt = 200 if quick else 2000
    timing = measure(lambda: run_study(perfect, dealt, workers=cores), runs=max(1, runs // 3))
    print(
        f"perfect play, Dragon 7, {cores} threads: {dealt / timing.best * 60:,.0f} shoes a minute best,"
        f" {dealt / timing.median * 60:,.0f} median (target 10,000 on 2 cores)"
    )


if __name__ == "__main__":
    main()
