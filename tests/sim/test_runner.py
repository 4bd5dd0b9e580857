"""The runner: exactly N coups, the same tallies however the work is split, Ctrl-C, no-JIT mode."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap

import pytest

from baccarat.core.shoe import ShoeRules
from baccarat.sim.runner import SimulationResult, Tally, ThreadBackend, run_range, simulate
from baccarat.sim.spec import Mode, SimulationError, SimulationSpec


def tallies(result: SimulationResult) -> tuple[tuple[int, ...], tuple[int, ...]]:
    return result.distribution.summary_counts, result.distribution.pair_counts


@pytest.mark.parametrize("mode", list(Mode))
@pytest.mark.parametrize("coups", [1, 83, 4_321, 250_001])
def test_the_same_seed_gives_the_same_tallies_whatever_the_split(mode: Mode, coups: int) -> None:
    spec = SimulationSpec(coups=coups, mode=mode, seed=42)
    results = [
        simulate(spec, workers=1),
        simulate(spec, workers=2),
        simulate(spec, workers=2, chunk_shoes=37),
        simulate(spec, workers=3, chunk_shoes=1000),
    ]
    assert {r.coups for r in results} == {coups}
    assert len({tallies(r) for r in results}) == 1


def test_a_run_is_the_first_n_coups_of_the_shoe_sequence() -> None:
    spec = SimulationSpec(coups=30_000, seed=3)
    plan = spec.plan()
    shoes = [run_range(plan, i, 1) for i in range(400)]
    cumulative = 0
    whole = 0
    while cumulative + shoes[whole].coups <= spec.coups:
        cumulative += shoes[whole].coups
        whole += 1
    expected = Tally.total([*shoes[:whole], run_range(plan, whole, 1, spec.coups - cumulative)])
    result = simulate(spec, workers=2)
    assert result.distribution.summary_counts == tuple(expected.counts.tolist())
    assert result.distribution.pair_counts == tuple(expected.pairs.tolist())
    assert result.shoes == whole + 1


def test_different_seeds_give_different_tallies() -> None:
    a = simulate(SimulationSpec(coups=10_000, seed=1), workers=1)
    b = simulate(SimulationSpec(coups=10_000, seed=2), workers=1)
    assert tallies(a) != tallies(b)


def test_no_seed_draws_one_and_reports_it() -> None:
    spec = SimulationSpec(coups=500)
    assert isinstance(spec.seed, int)
    again = SimulationSpec(coups=500, seed=spec.seed)
    assert tallies(simulate(spec, workers=1)) == tallies(simulate(again, workers=1))


def test_ctrl_c_keeps_the_coups_dealt_so_far_as_a_prefix_of_the_run() -> None:
    calls: list[int] = []

    def interrupt_on_third_report(done: int, total: int) -> None:
        calls.append(done)
        if len(calls) == 3:
            raise KeyboardInterrupt

    spec = SimulationSpec(coups=2_000_000, seed=8)
    partial = simulate(spec, workers=2, chunk_shoes=500, progress=interrupt_on_third_report)
    assert partial.interrupted
    assert 0 < partial.coups < spec.coups
    assert partial.coups == calls[-1]
    prefix = simulate(SimulationSpec(coups=partial.coups, seed=8), workers=1)
    assert tallies(prefix) == tallies(partial)


def test_a_ctrl_c_in_the_pools_wait_stops_the_run_between_chunks(
    ctrl_c_in_the_pools_wait: list[bool], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Raised inside concurrent.futures.wait, an interrupt can leave a future's lock taken and
    # the pool's shutdown waiting for ever; the run must see it only once a chunk is in.
    spec = SimulationSpec(coups=2_000_000, seed=8)
    partial = simulate(spec, workers=2, chunk_shoes=500)
    waits = ctrl_c_in_the_pools_wait
    assert waits and all(waits)
    assert partial.interrupted and 0 < partial.coups < spec.coups
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    monkeypatch.undo()
    prefix = simulate(SimulationSpec(coups=partial.coups, seed=8), workers=1)
    assert tallies(prefix) == tallies(partial)


def test_progress_reports_reach_the_total() -> None:
    seen: list[tuple[int, int]] = []
    simulate(
        SimulationSpec(coups=300_000, seed=4),
        workers=2,
        progress=lambda d, t: seen.append((d, t)),
    )
    assert seen[-1] == (300_000, 300_000)
    assert [d for d, _ in seen] == sorted(d for d, _ in seen)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"coups": 0}, "--coups must be a whole number of at least 1, got 0"),
        ({"coups": -5}, "got -5"),
        ({"coups": 10, "seed": -1}, "--seed must be a whole number of at least 0, got -1"),
        ({"coups": 10, "shoe": ShoeRules(decks=65)}, "up to 64 decks, got 65"),
    ],
)
def test_bad_specs_are_clear_errors(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(SimulationError, match=message):
        SimulationSpec(**kwargs)  # type: ignore[arg-type]


def test_bad_worker_counts_are_clear_errors() -> None:
    with pytest.raises(
        SimulationError, match="--workers must be a whole number of at least 1, got 0"
    ):
        ThreadBackend(0)


_NO_JIT_SCRIPT = textwrap.dedent(
    """
    import json
    from baccarat.core.shoe import ShoeRules
    from baccarat.sim.runner import run_range
    from baccarat.sim.spec import Mode, SimulationSpec

    CASES = [
        (Mode.SHOE, ShoeRules(decks=1, cut_card=20), 5, 4, -1),
        (Mode.SHOE, ShoeRules(decks=3, burn=False), 0, 2, 30),
        (Mode.FIRST_COUP, ShoeRules(), 7, 6, -1),
        (Mode.INFINITE, ShoeRules(), 3, 1, 20),
    ]
    out = []
    for mode, rules, first, count, limit in CASES:
        plan = SimulationSpec(coups=1, shoe=rules, mode=mode, seed=11).plan()
        tally = run_range(plan, first, count, limit)
        out.append([tally.coups, tally.shoes, tally.counts.tolist(), tally.pairs.tolist()])
    print(json.dumps(out))
    """
)


def test_the_kernels_give_the_same_tallies_without_the_jit() -> None:
    # The kernels are plain Python under NUMBA_DISABLE_JIT=1: same code, NumPy scalars.
    runs = []
    for disable in ("1", "0"):
        env = {**os.environ, "NUMBA_DISABLE_JIT": disable}
        done = subprocess.run(
            [sys.executable, "-c", _NO_JIT_SCRIPT],
            env=env,
            capture_output=True,
            text=True,
            check=True,
            timeout=120,
        )
        runs.append(json.loads(done.stdout))
    assert runs[0] == runs[1]
    assert [coups for coups, *_ in runs[0]] == [sum(r[2]) for r in runs[0]]
