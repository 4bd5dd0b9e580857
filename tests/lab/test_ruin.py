"""Risk of ruin and Kelly: closed forms against known values, the lattice chain and the roots
against slow oracles (exact path enumeration, a plain simulation), Kelly against its closed form."""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Callable
from fractions import Fraction

import pytest

from baccarat.lab.ruin import Steps, adjustment_coefficient, gamblers_ruin, kelly
from baccarat.lab.ruinchain import Method, ruin_curve

F = Fraction
BANKERISH = Steps.of({F(19, 20): F(50, 100), 0: F(10, 100), -1: F(40, 100)})
TIE_AT_AN_EDGE = Steps.of({8: F(12, 100), -1: F(88, 100)})


def enumerate_ruin(steps: Steps, bankroll: Fraction, floor: Fraction, coups: int) -> Fraction:
    """The slow oracle: every path of ``coups`` coups, exactly."""
    ruined = F(0)
    for path in itertools.product(steps.outcomes, repeat=coups):
        money, chance, fell = bankroll, F(1), False
        for net, p in path:
            chance *= p
            money += net
            fell = fell or money < floor
        if fell:
            ruined += chance
    return ruined


def simulate_ruin(steps: Steps, bankroll: float, floor: float, coups: int, paths: int) -> float:
    """The other oracle: a plain simulation, one coup at a time, stopping far above the floor."""
    rng = random.Random(7)
    nets = [float(n) for n, _ in steps.outcomes]
    weights = [float(p) for _, p in steps.outcomes]
    ruined = 0
    for _ in range(paths):
        money = bankroll
        for _ in range(coups):
            money += rng.choices(nets, weights)[0]
            if money < floor:
                ruined += 1
                break
            if money > bankroll + 60:  # ruin from there: below 1e-5
                break
    return ruined / paths


def test_the_fair_coin_and_an_even_money_bet_have_their_known_values() -> None:
    # Feller XIV.2: fair, ruin before the target is 1 − z/a; biased, ((q/p)^z − (q/p)^a)/(1 − (q/p)^a).
    assert gamblers_ruin(F(1, 2), 9, target=19) == F(1, 2)
    assert gamblers_ruin(F(1, 2), 10) == 1
    assert gamblers_ruin(F(3, 5), 2) == F(8, 27)
    r = F(2, 3)
    assert gamblers_ruin(F(3, 5), 2, target=5) == (r**3 - r**6) / (1 - r**6)
    even = Steps.of({1: F(3, 5), -1: F(2, 5)})
    curve = ruin_curve(even, F(1))
    assert curve.method is Method.CLOSED_FORM
    assert curve.at_bankroll(F(3)).exact == F(8, 27)
    assert curve.at_bankroll(F(3)).probability == pytest.approx(8 / 27)


def test_pushes_do_not_change_the_gamblers_ruin() -> None:
    with_pushes = Steps.of({1: F(3, 10), 0: F(1, 2), -1: F(1, 5)})
    assert ruin_curve(with_pushes, F(1)).at_bankroll(F(3)).exact == F(8, 27)


@pytest.mark.parametrize("steps", [BANKERISH, TIE_AT_AN_EDGE])
@pytest.mark.parametrize("coups", [1, 3, 6])
def test_the_chain_equals_every_path_enumerated(steps: Steps, coups: int) -> None:
    curve = ruin_curve(steps, F(1), coups=coups, top=F(20))
    assert curve.method is Method.CHAIN
    for bankroll in (F(1), F(39, 20), F(2), F(3), F(5)):
        expected = enumerate_ruin(steps, bankroll, F(1), coups)
        assert curve.at_bankroll(bankroll).probability == pytest.approx(float(expected), abs=1e-12)


def test_the_roots_agree_with_the_long_chain_and_a_simulation() -> None:
    forever = ruin_curve(BANKERISH, F(1))
    assert forever.method is Method.ROOTS
    long = ruin_curve(BANKERISH, F(1), coups=4000, top=F(40))
    for bankroll in (F(1), F(5), F(10), F(20)):
        exact = forever.at_bankroll(bankroll).probability
        # Ruin within 4,000 coups is within a hair of ruin ever at this edge.
        assert long.at_bankroll(bankroll).probability == pytest.approx(exact, abs=1e-6)
    simulated = simulate_ruin(BANKERISH, 10.0, 1.0, 3000, 3000)
    exact = forever.at_bankroll(F(10)).probability
    assert abs(simulated - exact) < 4 * math.sqrt(exact * (1 - exact) / 3000)


def test_the_roots_sit_inside_the_lundberg_bounds() -> None:
    lattice = BANKERISH.lattice()
    rho = adjustment_coefficient(lattice)
    curve = ruin_curve(BANKERISH, F(1))
    for y in (0, 10, 100, 500):
        value = curve.at_position(y).probability
        assert math.exp(-rho * (y + lattice.largest_loss)) <= value <= math.exp(-rho * (y + 1))


def test_a_skip_free_walk_is_a_power_of_its_root() -> None:
    curve = ruin_curve(TIE_AT_AN_EDGE, F(1))
    z = curve.at_position(0).probability
    # z is the root in (0, 1) of E[z^X] = 1 (Feller XIV.8 with steps down of one).
    assert 0.12 * z**8 + 0.88 / z == pytest.approx(1)
    for y in (1, 5, 30):
        assert curve.at_position(y).probability == pytest.approx(z ** (y + 1), rel=1e-8)


def test_the_simulated_horizon_agrees_with_the_chain() -> None:
    import baccarat.lab.ruinchain as chain

    exact = ruin_curve(BANKERISH, F(1), coups=300, top=F(60))
    budget = chain.CHAIN_BUDGET
    chain.CHAIN_BUDGET = 0
    try:
        simulated = ruin_curve(BANKERISH, F(1), coups=300, top=F(60), paths=20_000, seed=3)
    finally:
        chain.CHAIN_BUDGET = budget
    assert simulated.method is Method.SIMULATED
    for bankroll in (F(2), F(5), F(10)):
        estimate = simulated.at_bankroll(bankroll)
        assert estimate.low <= exact.at_bankroll(bankroll).probability <= estimate.high
    assert simulated.bankroll_for(0.05) == pytest.approx(exact.bankroll_for(0.05), abs=2)


def test_certain_ruin_and_no_ruin() -> None:
    losing = Steps.of({F(19, 20): F(45, 100), 0: F(10, 100), -1: F(45, 100)})
    curve = ruin_curve(losing, F(1))
    assert curve.method is Method.CERTAIN and curve.at_bankroll(F(10**6)).probability == 1
    assert curve.bankroll_for(0.01) is None
    never = ruin_curve(Steps.of({1: F(1, 2), 0: F(1, 2)}), F(1), coups=10)
    assert never.at_bankroll(F(1)).probability == 0


def test_the_bankroll_for_a_risk_is_the_smallest_that_reaches_it() -> None:
    curve = ruin_curve(BANKERISH, F(1))
    bankroll = curve.bankroll_for(0.01)
    assert bankroll is not None
    assert curve.at_bankroll(bankroll).probability <= 0.01
    assert curve.at_bankroll(bankroll - F(1, 20)).probability > 0.01
    even = ruin_curve(Steps.of({1: F(3, 5), -1: F(2, 5)}), F(1))
    # (2/3)^b ≤ 0.01 from b = 12 (a bankroll of b units, ruined at 0).
    assert even.bankroll_for(0.01) == 12


def _grower(steps: Steps) -> Callable[[float], float]:
    def grow(f: float) -> float:
        return sum(float(pr) * math.log1p(f * float(n)) for n, pr in steps.outcomes)

    return grow


@pytest.mark.parametrize(("b", "a", "p", "q"), [(1, 1, F(3, 5), F(2, 5)), (8, 1, F(12, 100), F(88, 100)),
                                                (F(19, 20), 1, F(1, 2), F(2, 5))])  # fmt: skip
def test_kelly_equals_the_closed_form_of_a_binary_bet(
    b: Fraction, a: int, p: Fraction, q: Fraction
) -> None:
    steps = Steps.of({b: p, -a: q, 0: 1 - p - q})
    k = kelly(steps)
    assert k.exact == (p * b - q * a) / (a * b * (p + q))
    # The growth is largest there: a little more or less grows less.
    grow = _grower(steps)
    assert grow(k.fraction) > grow(k.fraction * 1.01) and grow(k.fraction) > grow(k.fraction * 0.99)


def test_kelly_of_many_outcomes_maximises_the_growth() -> None:
    steps = Steps.of({40: F(3, 100), 1: F(20, 100), -1: F(77, 100)})
    k = kelly(steps)
    assert k.exact is None and k.fraction > 0
    grow = _grower(steps)
    assert k.growth == pytest.approx(grow(k.fraction))
    assert all(grow(k.fraction) >= grow(k.fraction * s) for s in (0.9, 0.99, 1.01, 1.1))


def test_kelly_is_zero_without_a_positive_expectation() -> None:
    assert kelly(Steps.of({F(19, 20): F(1, 2), -1: F(1, 2)})).fraction == 0
    assert kelly(Steps.of({1: F(1, 2), -1: F(1, 2)})).fraction == 0
