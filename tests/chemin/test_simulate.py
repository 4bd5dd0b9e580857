"""The value of the game checked by dealing coups with the engine under the optimal strategies."""

from __future__ import annotations

import random
from collections import Counter
from fractions import Fraction

import pytest

from baccarat.chemin.game import BANKER_DISCRETION, CHEMIN_DE_FER, Composition, GameError
from baccarat.chemin.simulate import SimulatedValue, card_source, simulate_value
from baccarat.chemin.solve import solve_chemin_de_fer
from baccarat.chemin.strategy import Strategy, StrategyError
from baccarat.core.cards import full_deck
from baccarat.core.tableau import Tableau


@pytest.mark.parametrize(
    ("contents", "tableau", "seed"),
    [
        (Composition.infinite_deck(), BANKER_DISCRETION, 2026),
        (Composition.decks(8), CHEMIN_DE_FER, 2027),
    ],
    ids=["kemeny-snell-infinite", "chemin-de-fer-8-decks"],
)
def test_the_simulated_value_agrees_with_the_exact_value(
    contents: Composition, tableau: Tableau, seed: int
) -> None:
    """A seeded run of 120,000 coups of optimal play against the exact value: the gap must be
    within four standard errors (about ±0.011)."""
    solution = solve_chemin_de_fer(contents, tableau)
    run = simulate_value(
        solution.game, solution.player, solution.banker, 120_000, random.Random(seed)
    )
    assert run.coups == run.player_wins + run.banker_wins + run.ties == 120_000
    assert abs(run.z(solution.value)) < 4, (float(run.mean), float(solution.value))


def test_the_banker_mixes_at_the_rate_the_solution_says() -> None:
    """Among Kemeny-Snell coups where the Banker held 6 and the Player stood (about 1.8 % of coups),
    the Banker drew about 859/2288 of the time."""
    from baccarat.core.coup import ChoicePoint, deal_coup
    from baccarat.core.tableau import Side

    solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    rng = random.Random(3)
    choose = solution.strategy.chooser(rng)
    new_coup = card_source(Composition.infinite_deck(), rng)
    seen = Counter[bool]()
    for _ in range(60_000):
        coup = deal_coup(new_coup(), BANKER_DISCRETION, choose)
        banker = coup.steps[-1]
        if banker.chosen and ChoicePoint(Side.BANKER, banker.total, banker.player_third) == (
            ChoicePoint(Side.BANKER, 6, None)
        ):
            seen[coup.banker.drew] += 1
    n = seen[True] + seen[False]
    p = 859 / 2288
    assert n > 800
    assert abs(seen[True] - n * p) < 4 * (n * p * (1 - p)) ** 0.5


def test_a_finite_shoe_deals_each_coup_from_a_fresh_shuffle() -> None:
    rng = random.Random(1)
    new_coup = card_source(Composition.decks(1), rng)
    for _ in range(200):
        draw = new_coup()
        cards = [draw() for _ in range(6)]
        assert len(set(cards)) == 6  # one deck: six distinct cards
        with pytest.raises(StopIteration):
            draw()
    assert set(full_deck()) == set(card_source.__globals__["_cards_of"](Composition.decks(1)))


def test_standard_error_and_z() -> None:
    run = SimulatedValue(coups=100, player_wins=40, banker_wins=50, ties=10)
    assert run.mean == Fraction(-1, 10)
    # Payoffs: 40 × (+1), 50 × (-1), 10 × 0: sample variance (0.9 - 0.01) × 100/99.
    assert run.standard_error == pytest.approx(((0.9 - 0.01) * 100 / 99 / 100) ** 0.5)
    assert run.z(Fraction(-1, 10)) == 0
    assert run.to_data()["coups"] == 100


def test_bad_runs_are_refused() -> None:
    solution = solve_chemin_de_fer(Composition.decks(6))
    with pytest.raises(GameError, match="at least 1"):
        simulate_value(solution.game, solution.player, solution.banker, 0, random.Random(1))
    with pytest.raises(StrategyError, match="no choice at P4"):
        simulate_value(
            solution.game, Strategy.of({"P5": 1, "P4": 1}), solution.banker, 10, random.Random(1)
        )


def _package_simulator_value(
    tableau: Tableau, contents: Composition, coups: int, seed: int
) -> tuple[float, float]:
    """The mean payoff and its standard error from the package's simulator (first coup of each
    fresh shoe, or the infinite deck) dealing a fixed tableau."""
    import math

    from baccarat.core.shoe import ShoeRules
    from baccarat.core.summary import Winner
    from baccarat.sim.runner import simulate
    from baccarat.sim.spec import Mode, SimulationSpec

    decks = contents.full_decks or 1
    mode = Mode.INFINITE if contents.infinite else Mode.FIRST_COUP
    spec = SimulationSpec(
        coups=coups,
        shoe=ShoeRules(decks=decks),
        mode=mode,
        seed=seed,
        tableau=tableau,
    )
    outcomes = simulate(spec, workers=1).distribution.outcomes()
    mean = float(outcomes[Winner.PLAYER] - outcomes[Winner.BANKER])
    variance = float(outcomes[Winner.PLAYER] + outcomes[Winner.BANKER]) - mean * mean
    return mean, math.sqrt(variance / coups)


def test_the_package_simulator_plays_the_resolved_optimal_tableau() -> None:
    """Optimal play in the rules game is pure: its resolved tableau goes into the simulator."""
    solution = solve_chemin_de_fer(Composition.decks(8), CHEMIN_DE_FER)
    fixed = solution.strategy.resolved(CHEMIN_DE_FER)
    mean, se = _package_simulator_value(fixed, Composition.decks(8), 2_000_000, 11)
    assert abs(mean - float(solution.value)) < 4 * se


def test_the_kemeny_snell_value_as_a_mixture_of_four_simulated_pure_games() -> None:
    """The mixed optimum draws independently at two points, so its value is the probability-weighted
    mean of the four pure games — each a fixed tableau the package simulator deals fast."""
    import itertools

    solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
    mixed = solution.strategy
    points = mixed.mixed_points
    assert [p.side.value for p in points] == ["player", "banker"]
    mean = variance = 0.0
    for seed, bits in enumerate(itertools.product((0, 1), repeat=2)):
        draws = dict(mixed.draw) | {p: Fraction(b) for p, b in zip(points, bits, strict=True)}
        weight = 1.0
        for p, b in zip(points, bits, strict=True):
            q = float(mixed.probability(p))
            weight *= q if b else 1 - q
        fixed = Strategy(draws).resolved(BANKER_DISCRETION)
        m, se = _package_simulator_value(fixed, Composition.infinite_deck(), 2_000_000, 100 + seed)
        mean += weight * m
        variance += (weight * se) ** 2
    assert abs(mean - float(solution.value)) < 4 * variance**0.5


def test_downton_lockwood_is_dealt_with_the_banker_seeing_his_cards() -> None:
    """The engine tells a chooser the Banker's total; the simulation tells the composition
    strategy his two cards (the second and fourth dealt). 60,000 six-deck coups against the
    exact value, within four standard errors."""
    from baccarat.chemin.information import Information

    solution = solve_chemin_de_fer(
        Composition.decks(6), BANKER_DISCRETION, Information.BANKER_CARDS
    )
    run = simulate_value(solution.game, solution.player, solution.banker, 60_000, random.Random(9))
    assert abs(run.z(solution.value)) < 4, (float(run.mean), float(solution.value))


def test_ctrl_c_keeps_the_coups_dealt_and_the_progress_is_told() -> None:
    from baccarat.chemin.simulate import PROGRESS_EVERY

    solution = solve_chemin_de_fer(Composition.decks(6), CHEMIN_DE_FER)
    told: list[tuple[int, int]] = []

    def stop_at_the_second_report(done: int, total: int) -> None:
        told.append((done, total))
        if len(told) == 2:
            raise KeyboardInterrupt

    run = simulate_value(
        solution.game, solution.player, solution.banker, 10**9, random.Random(1),
        progress=stop_at_the_second_report,
    )  # fmt: skip
    assert told == [(PROGRESS_EVERY, 10**9), (2 * PROGRESS_EVERY, 10**9)]
    assert run.interrupted and run.coups == 2 * PROGRESS_EVERY
    assert run.player_wins + run.banker_wins + run.ties == run.coups
    assert run.to_data()["interrupted"] is True
