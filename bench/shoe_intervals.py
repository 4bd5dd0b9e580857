"""How far the simulator's intervals are from right in ``shoe`` mode, where coups are dependent.

The report's intervals and standard errors treat coups as independent. Coups dealt one after
another from one shoe are not (the cards one coup takes are missing from the next), so in
``shoe`` mode the spread of a figure across runs could differ from the one the report assumes.
This measures it: it runs the same simulation with many seeds and prints, for every frequency
and the three main bets, the standard deviation across runs against the one the report gives
(for a frequency the binomial ``√(p(1−p)/N)``, for a bet its standard error), with the ratio. A
ratio of 1 means the intervals are right; below 1 they are wider than needed (conservative);
above 1 they are too narrow. With ``--runs R`` the ratio itself is known to about ±1/√(2R).

Run: ``.venv/bin/python bench/shoe_intervals.py [--runs 1000] [--coups 1000000]``
(1000 runs of a million coups take about 10 s on two cores).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from baccarat.core.rules import get_rule_set
from baccarat.sim import Mode, SimulationSpec, simulate
from baccarat.sim.report import simulation_report

BETS = ("banker", "player", "tie")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1000)
    parser.add_argument("--coups", type=int, default=1_000_000, help="coups per run")
    parser.add_argument("--mode", default="shoe", choices=[m.value for m in Mode])
    args = parser.parse_args()
    rule_set = get_rule_set("punto-banco")
    shares: dict[str, list[float]] = {}
    bets: dict[str, list[tuple[float, float]]] = {name: [] for name in BETS}
    for seed in range(1, args.runs + 1):
        spec = SimulationSpec(coups=args.coups, mode=Mode(args.mode), seed=seed)
        report = simulation_report(simulate(spec, workers=2), rule_set)
        for key, estimate in report.frequencies.items():
            shares.setdefault(key, []).append(estimate.observed)
        for name in BETS:
            bet = report.bets[name]
            bets[name].append((bet.net_per_unit, bet.se))
    precision = 1 / math.sqrt(2 * (args.runs - 1))
    print(
        f"{args.mode} mode, 8 decks, {args.runs} runs of {args.coups:,} coups: the spread across "
        f"runs against the report's (ratio known to about ±{precision:.1%})"
    )
    print(f"  {'figure':<14} {'across runs':>12} {'report':>12} {'ratio':>7}")
    for key, values in shares.items():
        p = statistics.fmean(values)
        if not 0 < p < 1:
            continue  # cards per coup is not a share
        assumed = math.sqrt(p * (1 - p) / args.coups)
        spread = statistics.stdev(values)
        print(f"  {key:<14} {spread:12.3e} {assumed:12.3e} {spread / assumed:7.3f}")
    for name, pairs in bets.items():
        spread = statistics.stdev(net for net, _ in pairs)
        assumed = statistics.fmean(se for _, se in pairs)
        print(f"  bet {name:<10} {spread:12.3e} {assumed:12.3e} {spread / assumed:7.3f}")


if __name__ == "__main__":
    main()
