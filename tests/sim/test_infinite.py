"""Independent cards (``Mode.INFINITE``): a stream is a unit of coups, a limit cuts it exactly.

Small runs, so ``make coverage-kernels`` (the kernels as plain Python) measures this kernel too.
"""

from __future__ import annotations

import numpy as np

from baccarat.core.shoe import ShoeRules
from baccarat.sim.kernels import INFINITE_UNIT
from baccarat.sim.runner import Tally, run_range
from baccarat.sim.spec import Mode, SimulationSpec

PLAN = SimulationSpec(coups=1, shoe=ShoeRules(), mode=Mode.INFINITE, seed=11).plan()


def test_a_limit_deals_exactly_that_many_coups_each_tallied_once() -> None:
    tally = run_range(PLAN, 3, 2, limit=37)
    assert tally.coups == 37 == int(tally.counts.sum()) == int(tally.pairs.sum())


def test_a_stream_is_a_unit_of_coups_and_streams_add_up() -> None:
    whole = run_range(PLAN, 5, 2)
    parts = Tally.total([run_range(PLAN, 5, 1), run_range(PLAN, 6, 1)])
    assert whole.coups == parts.coups == 2 * INFINITE_UNIT
    assert np.array_equal(whole.counts, parts.counts)
    assert np.array_equal(whole.pairs, parts.pairs)


def test_the_same_stream_deals_the_same_coups() -> None:
    first, again = run_range(PLAN, 9, 1, limit=100), run_range(PLAN, 9, 1, limit=100)
    other = run_range(PLAN, 10, 1, limit=100)
    assert np.array_equal(first.counts, again.counts)
    assert not np.array_equal(first.counts, other.counts)
