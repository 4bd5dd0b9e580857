"""Benchmark: the cost of a provably fair shoe against an ordinary shuffle.

Prints, for an 8-deck shoe: ``fair_order`` (HMAC-SHA256 stream, rejection sampling, Fisher–Yates);
the reference, ``shuffled_order`` with the OS CSPRNG (what an ordinary table does), and the ratio;
and a whole ``verify`` of a shoe (order, commitment, dealing every coup, checking every coup given
as a line of cards).

Run: ``.venv/bin/python bench/bench_fair.py``
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.timing import measure

from baccarat.core.shoe import ShoeRules, shuffled_order
from baccarat.fair import fair_order, fair_shoe, verify

SEED = bytes(range(32)).hex()


def main() -> None:
    rules = ShoeRules(decks=8)
    numbers = iter(range(1, 10**9))
    fair = measure(lambda: fair_order(SEED, "bench", next(numbers), rules), runs=7, inner=50)
    system = random.SystemRandom()
    reference = measure(lambda: shuffled_order(rules, system), runs=7, inner=50)
    lines = [
        " ".join(str(card) for card in coup.cards_in_order)
        for coup in fair_shoe(SEED, "bench", 1, rules).deal_all()
    ]
    whole = measure(lambda: verify(SEED, "bench", 1, rules, coups=lines), runs=5, inner=5)
    print("8-deck shoe (416 cards)                    best       median")
    print(
        f"fair_order (HMAC stream)              {fair.best * 1e3:8.3f} ms {fair.median * 1e3:8.3f} ms"
    )
    print(
        f"shuffled_order (SystemRandom, ref.)   {reference.best * 1e3:8.3f} ms "
        f"{reference.median * 1e3:8.3f} ms"
    )
    print(f"ratio fair / reference (best)         {fair.best / reference.best:8.2f}")
    print(
        f"verify, {len(lines)} coups given                {whole.best * 1e3:8.3f} ms "
        f"{whole.median * 1e3:8.3f} ms"
    )


if __name__ == "__main__":
    main()
