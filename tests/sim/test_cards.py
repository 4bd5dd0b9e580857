"""The simulator's card-level tallies: the same coups as the fast path, each read as the bets read
it, and z-scores against the exact odds in first-coup mode."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from baccarat.core.bets import Bet
from baccarat.core.catalogue import STANDARD_BETS
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.odds.exact import signatures_of
from baccarat.sim import Mode, SimulationSpec, kernels, run_range, simulate
from baccarat.sim.runner import ThreadBackend
from baccarat.sim.spec import SimulationError
from baccarat.sim.tables import card_from_code
from support.errors import raises_code

BETS = [
    *(b for b in STANDARD_BETS.values() if b.signature is not None),
    Bet.from_data(
        "third_cards",
        {"rules": [{"when": {"same_suit": ["P3", "B3"], "p1_value": [0, 9]}, "pays": "40"}]},
    ),
    Bet.from_data(
        "relations",
        {"rules": [{"when": {"same_colour": ["P1", "B1"], "same_value": "banker"}, "pays": "3"}]},
    ),
]
SIGNATURES = signatures_of(BETS)


@pytest.mark.parametrize(
    ("mode", "rules"),
    [
        (Mode.SHOE, ShoeRules()),
        (Mode.SHOE, ShoeRules(decks=1, cut_card=20, burn=False)),
        (Mode.FIRST_COUP, ShoeRules()),
        (Mode.FIRST_COUP, ShoeRules(decks=2, burn=False)),
    ],
)
def test_every_coup_of_a_stream_is_read_as_the_engine_deals_it(
    mode: Mode, rules: ShoeRules
) -> None:
    plan = SimulationSpec(coups=1, shoe=rules, mode=mode, seed=18, signatures=SIGNATURES).plan()
    assert plan.cards is not None
    for index in (0, 5, 99):
        codes = kernels.stream_order(
            plan.mode, np.uint64(plan.k0), np.uint64(plan.k1), index, plan.template, plan.burn
        )
        shoe = Shoe.from_order([card_from_code(c) for c in codes], rules)
        coups = []
        while not shoe.finished:
            coups.append(shoe.deal_coup())
        if mode is Mode.FIRST_COUP:
            coups = coups[:1]
        got = run_range(plan, index, 1)
        plain = run_range(SimulationSpec(coups=1, shoe=rules, mode=mode, seed=18).plan(), index, 1)
        assert got.counts.tolist() == plain.counts.tolist()
        assert got.pairs.tolist() == plain.pairs.tolist()
        counts = plan.cards.counts(got.cards)
        for signature in SIGNATURES:
            expected = Counter(signature.index_of(coup) for coup in coups)
            tallied = Counter({i: c for i, c in enumerate(counts[signature]) if c})
            assert tallied == expected


def test_infinite_mode_tallies_the_coups_of_the_fast_path() -> None:
    spec = SimulationSpec(coups=5_000, mode=Mode.INFINITE, seed=3, signatures=SIGNATURES)
    got = simulate(spec, workers=1)
    plain = simulate(SimulationSpec(coups=5_000, mode=Mode.INFINITE, seed=3), workers=1)
    assert got.distribution.summary_counts == plain.distribution.summary_counts
    assert got.distribution.pair_counts == plain.distribution.pair_counts
    assert all(sum(c) == 5_000 for c in got.distribution.card_counts.values())


def test_the_gpu_kernel_refuses_card_level_bets_in_one_line() -> None:
    class NoCards(ThreadBackend):
        card_level = False

    spec = SimulationSpec(coups=1000, signatures=SIGNATURES[:1])
    with raises_code(
        SimulationError, "simulation_gpu_card_level", match="--backend gpu tallies the summary"
    ):
        simulate(spec, backend=NoCards(1))
