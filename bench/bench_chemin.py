"""Benchmark: building and solving the Chemin de Fer game, and playing it with the engine.

Prints, for an 8-deck shoe: the exact game model (every deal enumerated once, cold) against the
reference, one exact-analyzer run on a fixed tableau — the model prices all 2^89 pure strategy pairs
of the free-Banker game from one enumeration; the LP solve with its exact certificate; coups per
second of optimal play through the engine against plain Punto Banco dealt from the same cards (a
fixed cell costs more than an option: the engine works out the range of the rule it applied, for
the explanation); and the Banque Banker's exact best reply with his edge.

Run: ``.venv/bin/python bench/bench_chemin.py``
"""

from __future__ import annotations

import random
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import measure

from baccarat.chemin.banque.deal import Seat
from baccarat.chemin.banque.solve import BanqueGame
from baccarat.chemin.game import BANKER_DISCRETION, ChoiceGame, CoupModel
from baccarat.chemin.game import _enumerate as enumerate_model
from baccarat.chemin.simulate import card_source
from baccarat.chemin.solve import solve
from baccarat.core.coup import deal_coup
from baccarat.core.tableau import PUNTO_BANCO
from baccarat.odds import Composition, exact_distribution


def main() -> None:
    shoe = Composition.decks(8)

    def model() -> None:
        enumerate_model.cache_clear()
        CoupModel.of(shoe)

    exact_distribution(shoe)  # compile the analyzer's kernels first
    built = measure(model, runs=5)
    reference = measure(lambda: exact_distribution(shoe), runs=5)
    print(
        f"game model, 8 decks (cold):      {built.best * 1e3:8.1f} ms best, {built.median * 1e3:8.1f} median"
    )
    print(
        f"reference: one analyzer run:     {reference.best * 1e3:8.1f} ms best, {reference.median * 1e3:8.1f} median"
    )
    print(f"ratio model / analyzer run:      {built.best / reference.best:8.2f}")

    game = ChoiceGame.of(shoe, BANKER_DISCRETION)
    solve(game)  # import SciPy once
    solved = measure(lambda: solve(game), runs=5)
    print(
        f"LP solve + exact certificate:    {solved.best * 1e3:8.1f} ms best, {solved.median * 1e3:8.1f} median"
    )

    solution = solve(game)
    coups = 20_000

    def optimal() -> None:
        rng = random.Random(1)
        choose = solution.strategy.chooser(rng)
        new_coup = card_source(shoe, rng)
        for _ in range(coups):
            deal_coup(new_coup(), BANKER_DISCRETION, choose)

    def plain() -> None:
        rng = random.Random(1)
        new_coup = card_source(shoe, rng)
        for _ in range(coups):
            deal_coup(new_coup(), PUNTO_BANCO)

    played = measure(optimal, runs=3)
    base = measure(plain, runs=3)
    print(f"optimal play through the engine: {coups / played.best:8.0f} coups/s")
    print(f"reference: plain Punto Banco:    {coups / base.best:8.0f} coups/s")
    print(f"ratio (time, optimal / plain):   {played.best / base.best:8.2f}")

    def banque() -> None:
        mix = Fraction(9, 11)
        g = BanqueGame.of({Seat.RIGHT: mix, Seat.LEFT: mix})
        g.banker_edge(g.banker_best_reply())

    timed = measure(banque, runs=3)
    print(
        f"Banque best reply + edge (exact): {timed.best * 1e3:7.1f} ms best, {timed.median * 1e3:8.1f} median"
    )


if __name__ == "__main__":
    main()
