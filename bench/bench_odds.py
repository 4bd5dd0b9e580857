"""Benchmark of the exact analyzer: every bet of a rule set for one shoe composition, on one core.

Run: ``.venv/bin/python bench/bench_odds.py``. The process is pinned to one CPU and numpy's
thread pools to one thread, so every figure is single-core. Each figure is the best and the median
of many runs (the machine is shared and noisy). Standard rule sets (bets on the summary and pair
classes) and card-level ones (bets that read two-card totals, third cards, ranks, suits, colours)
are timed apart, with odds given what is known; beside them, in the same run on the same
composition, the pure-Python references: the independent enumeration of the summary classes,
and the card-level kernel run as plain Python.
"""

from __future__ import annotations

import os

# One core: set before numpy loads its thread pools.
for _var in ("OMP_NUM_THREADS", "OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "NUMBA_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import functools  # noqa: E402
import random  # noqa: E402
import sys  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from pathlib import Path  # noqa: E402

# The shared timing helpers live beside this script, in the repository's bench/ folder.
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import Timing, measure  # noqa: E402

from baccarat.core.cardspace import CardSignature  # noqa: E402
from baccarat.core.rules import get_rule_set, rule_set_names  # noqa: E402
from baccarat.core.shoe import Shoe, ShoeRules  # noqa: E402
from baccarat.odds import (  # noqa: E402
    Composition,
    card_counts,
    effects_of_removal,
    exact_counts,
    odds_report,
    odds_through_shoe,
    parse_given,
    reference_distribution,
)
from baccarat.odds import _cards as kernel_module  # noqa: E402
from baccarat.odds import cards as cards_module  # noqa: E402
from baccarat.odds.exact import signatures_of  # noqa: E402


def _us(t: Timing) -> str:
    return f"best {t.best * 1e6:8.1f} µs   median {t.median * 1e6:8.1f} µs"


def _ms(t: Timing) -> str:
    return f"best {t.best * 1e3:6.2f} ms   median {t.median * 1e3:6.2f} ms"


def _python_card_counts(composition: Composition, signatures: Sequence[CardSignature]) -> None:
    """The card-level kernel as plain Python (the same code, not compiled), on int64 counts."""
    compiled = kernel_module.card_counts
    kernel_module.card_counts = cards_module._python_kernel()
    try:
        card_counts(composition, signatures)
    finally:
        kernel_module.card_counts = compiled


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

    print("\nCard-level rule sets, 8 decks (bets read the cards: the card-level enumeration):")
    card_level = [n for n in rule_set_names() if signatures_of(get_rule_set(n).bets.values())]
    slowest = None
    for name in card_level:
        rules = get_rule_set(name)
        t = measure(functools.partial(odds_report, eight, rules), runs=100)
        slowest = t if slowest is None or t.best > slowest.best else slowest
        print(f"  {name:13s} ({len(rules.bets):2d} bets):                {_ms(t)}")
    colours = get_rule_set("colours")
    signatures = signatures_of(colours.bets.values())
    alone = measure(lambda: card_counts(eight, signatures), runs=100)
    print(f"  of which the card kernel alone (colours): {_ms(alone)}")

    print("\nOdds given what is known, 8 decks, every bet of the table priced:")
    for rules, given in (
        (punto, parse_given("player_two_card_total=5,banker_two_card_total=3")),
        (punto, parse_given(seen="P1=5h,B1=Kc")),
        (get_rule_set("tiger"), parse_given(seen="P1=high,B1=high", groups="high=6789")),
    ):
        t = measure(functools.partial(odds_report, eight, rules, given=given), runs=30)
        written = given.given or ",".join(f"{k}={v}" for k, v in given.seen.items())
        print(f"  {rules.name:12s} given {written:48s} {_ms(t)}")

    print("\nReference enumerations (pure Python, same composition, same counts):")
    reference = measure(lambda: reference_distribution(eight), runs=3)
    print(
        f"  summary classes, 8 decks: best {reference.best:.3f} s   median {reference.median:.3f} s"
    )
    print(
        f"  ratio (reference / analyzer with all bets priced): "
        f"{reference.best / full.best:,.0f}x best, {reference.median / full.median:,.0f}x median"
    )
    python = measure(lambda: _python_card_counts(eight, signatures), runs=3)
    colours_report = measure(lambda: odds_report(eight, colours), runs=30)
    print(f"  card classes of colours, 8 decks: best {python.best:.3f} s   median "
          f"{python.median:.3f} s")  # fmt: skip
    print(
        f"  ratio (reference / analyzer with all bets of colours priced): "
        f"{python.best / colours_report.best:,.0f}x best, "
        f"{python.median / colours_report.median:,.0f}x median"
    )
    if slowest is not None:
        print(f"  slowest card-level table: best {slowest.best * 1e3:.2f} ms (target: under 10 ms)")

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
