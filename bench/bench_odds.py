"""Benchmark of the exact analyzer: every bet of a rule set for one shoe composition, on one core.

Run: ``.venv/bin/python bench/bench_odds.py``. The process is pinned to one CPU and numpy's
thread pools to one thread, so every figure is single-core. Each figure is the best and the median
of many runs (the machine is shared and noisy). The pure-Python reference enumeration is timed in
the same run on the same composition, and the ratio printed.
"""

from __future__ import annotations

import os

# One core: set before numpy loads its thread pools.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import functools  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
from pathlib import Path  # noqa: E402

# The shared timing helpers live beside this script, in the repository's bench/ folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Timing, measure  # noqa: E402

from baccarat.core.rules import get_rule_set, rule_set_names  # noqa: E402
from baccarat.core.shoe import Shoe, ShoeRules  # noqa: E402
from baccarat.odds import (  # noqa: E402
    Composition,
    effects_of_removal,
    exact_counts,
    odds_report,
    odds_through_shoe,
    reference_distribution,
)


def _us(t: Timing) -> str:
    return f"best {t.best * 1e6:8.1f} µs   median {t.median * 1e6:8.1f} µs"


def _partial_shoe(seed: int) -> Composition:
    """An 8-deck shoe with a random 150 cards dealt (a mid-shoe composition)."""
    rng = random.Random(seed)
    counts = [32] * 13
    for _ in range(150):
        rank = rng.choice([r for r in range(13) if counts[r]])
        counts[rank] -= 1
    return Composition.from_rank_counts(counts)


def main() -> None:
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else "?"
    print(f"Exact analyzer benchmark (pinned to {cores} core)")
    punto = get_rule_set("punto-banco")
    eight = Composition.decks(8)
    odds_report(eight, punto)  # compile (or load the cached machine code) first

    print("\nAll bets of a rule set for one composition, exact integer counts included:")
    full = measure(lambda: odds_report(eight, punto), runs=400)
    print(f"  punto-banco ({len(punto.bets)} bets), 8 decks:      {_us(full)}")
    partials = [_partial_shoe(seed) for seed in range(50)]
    cycle = iter(partials * 20)
    mid = measure(lambda: odds_report(next(cycle), punto), runs=1000)
    print(f"  punto-banco, mid-shoe compositions:      {_us(mid)}")
    for name in rule_set_names():
        rules = get_rule_set(name)
        t = measure(functools.partial(odds_report, eight, rules), runs=200)
        print(f"  {name:13s} ({len(rules.bets):2d} bets), 8 decks:     {_us(t)}")
    one = measure(lambda: odds_report(Composition.decks(1), punto), runs=200)
    print(f"  punto-banco, 1 deck:                     {_us(one)}")
    inf = measure(lambda: odds_report(Composition.infinite_deck(), punto), runs=200)
    print(f"  punto-banco, infinite deck:              {_us(inf)}")
    kernel = measure(lambda: exact_counts(eight), runs=400)
    print(f"  of which the counting kernel alone:      {_us(kernel)}")

    print("\nReference enumeration (pure Python, same composition, same counts):")
    reference = measure(lambda: reference_distribution(eight), runs=3)
    print(f"  8 decks: best {reference.best:.3f} s   median {reference.median:.3f} s")
    print(
        f"  ratio (reference / analyzer with all bets priced): "
        f"{reference.best / full.best:,.0f}x best, {reference.median / full.median:,.0f}x median"
    )

    print("\nOther figures:")
    big = Composition.decks(30)
    huge = measure(lambda: odds_report(big, punto), runs=3)
    print(
        f"  30 decks (past 64 bits, Python integers): best {huge.best:.3f} s   "
        f"median {huge.median:.3f} s"
    )
    eor = measure(lambda: effects_of_removal(eight, punto), runs=30)
    print(f"  effects of removal, 13 ranks, 8 decks:   best {eor.best * 1e3:.2f} ms   "
          f"median {eor.median * 1e3:.2f} ms")  # fmt: skip

    def whole_shoe() -> int:
        shoe = Shoe.shuffled(ShoeRules(decks=8), random.Random(5))
        return sum(1 for _ in odds_through_shoe(shoe, punto))

    coups = whole_shoe()
    shoe_time = measure(whole_shoe, runs=7)
    print(
        f"  a whole 8-deck shoe ({coups} coups), exact odds before every coup: "
        f"best {shoe_time.best * 1e3:.1f} ms   median {shoe_time.median * 1e3:.1f} ms "
        f"({shoe_time.best / coups * 1e6:.0f} µs per coup, dealing included)"
    )


if __name__ == "__main__":
    main()
