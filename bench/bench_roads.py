"""Benchmark: keeping the roads live, one coup at a time, against recomputing them.

Prints, for dealt 8-deck shoes: the cost of one incremental ``Roads.add``; the reference, a
from-scratch rebuild after every coup (what a page would do without the incremental model), and
the ratio; the cost of one add late in a very long sequence (it must not grow with the length);
and the cost of rendering a whole shoe as text and as SVG.

Run: ``.venv/bin/python bench/bench_roads.py``
"""

from __future__ import annotations

import random
import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass

from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.roads import RoadResult, Roads
from baccarat.roads.svg import roads_svg
from baccarat.roads.text import render_text


@dataclass(frozen=True)
class Timing:
    best: float
    median: float
    runs: int


def measure(work: Callable[[], object], runs: int = 5, inner: int = 1) -> Timing:
    """Best and median seconds per call over ``runs`` runs (the machine is shared and noisy).

    (bench/timing.py has the same helper, but mypy's configuration cannot resolve it from here.)
    """
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        for _ in range(inner):
            work()
        samples.append((time.perf_counter() - start) / inner)
    return Timing(min(samples), statistics.median(samples), runs)


def main() -> None:
    rng = random.Random(2026)
    shoes = [
        [RoadResult.from_coup(c) for c in Shoe.shuffled(ShoeRules(decks=8), rng).deal_all()]
        for _ in range(20)
    ]
    coups = sum(len(shoe) for shoe in shoes)

    def incremental() -> None:
        for shoe in shoes:
            roads = Roads()
            for result in shoe:
                roads.add(result)

    def rebuild() -> None:
        for shoe in shoes:
            for i in range(1, len(shoe) + 1):
                Roads(shoe[:i])

    live = measure(incremental, runs=5)
    again = measure(rebuild, runs=3)
    print(f"shoes: {len(shoes)}, coups: {coups} ({coups / len(shoes):.1f} a shoe)")
    print(
        f"incremental add:               {live.best / coups * 1e6:8.2f} µs a coup "
        f"(median {live.median / coups * 1e6:.2f})"
    )
    print(
        f"reference, rebuild every coup: {again.best / coups * 1e6:8.2f} µs a coup "
        f"(median {again.median / coups * 1e6:.2f}); ratio {again.best / live.best:.1f}x"
    )

    # One add at the end of sequences of growing length: flat if each add is O(change).
    long = [result for shoe in shoes for result in shoe] * 10
    for size in (100, 1_000, len(long) - 200):
        tail = long[size : size + 200]
        samples = []
        for _ in range(5):
            roads = Roads(long[:size])  # set-up, not timed
            start = time.perf_counter()
            for result in tail:
                roads.add(result)
            samples.append((time.perf_counter() - start) / len(tail))
        print(f"add after {size:6d} coups:        {min(samples) * 1e6:8.2f} µs a coup (best of 5)")

    roads = Roads(shoes[0])
    text = measure(lambda: render_text(roads), runs=7, inner=5)
    svg = measure(lambda: roads_svg(roads), runs=7, inner=5)
    print(
        f"render one shoe ({len(roads)} coups): text {text.best * 1e3:.2f} ms, "
        f"SVG {svg.best * 1e3:.2f} ms (best of {svg.runs})"
    )


if __name__ == "__main__":
    main()
