"""The simulation the guides show: the cached run is the simulator's, and agrees with exact values."""

from __future__ import annotations

from baccarat.core.shoe import DEFAULT_DECKS as DECKS
from baccarat.core.shoe import ShoeRules
from baccarat.guides.simulation import (
    COUPS,
    MODE,
    SEED,
    SimulatedRun,
    cached_simulation,
    comparison,
    run_simulation,
)
from baccarat.sim import Mode, SimulationSpec, simulate


def test_the_cached_run_is_the_one_the_guide_describes() -> None:
    run = cached_simulation()
    assert (run.coups, run.decks, run.seed, run.mode) == (COUPS, DECKS, SEED, MODE)
    assert run.distribution.total == 24_000_000
    assert run.distribution.has_pairs


def test_the_simulation_agrees_with_the_exact_values_within_chance() -> None:
    rows = comparison(cached_simulation())
    assert {row.key for row in rows} == {"natural", "player_draws", "banker_draws", "both_draw",
                                         "cards_per_coup", "banker", "player", "tie"}  # fmt: skip
    for row in rows:
        if row.z is not None:
            assert abs(row.z) < 5, row
        else:
            assert abs(row.simulated - row.exact) < 0.001


def test_a_run_is_the_simulators_run_and_its_cache_module_reads_back() -> None:
    run = run_simulation(coups=20_000, seed=SEED)
    spec = SimulationSpec(coups=20_000, shoe=ShoeRules(decks=8), mode=Mode.FIRST_COUP, seed=SEED)
    assert run.distribution == simulate(spec, workers=1).distribution
    namespace: dict[str, object] = {}
    exec(run.to_module(), namespace)  # the generated cache module is plain data
    assert namespace["SUMMARY_COUNTS"] == run.distribution.summary_counts
    assert namespace["PAIR_COUNTS"] == run.distribution.pair_counts
    assert (namespace["COUPS"], namespace["SEED"], namespace["MODE"]) == (20_000, SEED, MODE)
    assert isinstance(cached_simulation(), SimulatedRun)
