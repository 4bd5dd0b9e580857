"""Solving the Chemin de Fer game: linear programming with SciPy, then an exact certificate.

Each hand acts at most once per coup, so in the sequence form each side's strategy is simply a
probability of drawing at each of its choice points (a behavioural strategy), and the best reply of
the other side splits into one independent choice per choice point. The Player's problem is then
the linear programme

    maximise   c0 + Σ_i c_i x_i + Σ_k u_k
    subject to u_k ≤ 0,  u_k ≤ d_k + Σ_i e_ik x_i,  0 ≤ x_i ≤ 1

(``u_k`` is what the Banker's best choice at ``k`` adds: the smaller of standing, 0, and drawing),
and the Banker's is the mirror image, minimising ``c0 + Σ_k d_k q_k + Σ_i max(0, c_i + Σ_k e_ik q_k)``.
:func:`solve` hands both to ``scipy.optimize.linprog`` (HiGHS). Floating point only finds *where*
the optimal strategies mix; the exact strategies then follow from the indifference equations on
that support, in fractions, and are **certified**: what the Player's strategy guarantees equals what
the Banker's concedes, exactly. That common number is the value of the game.

>>> from baccarat.chemin.game import BANKER_DISCRETION, ChoiceGame, Composition
>>> solution = solve(ChoiceGame.of(Composition.infinite_deck(), BANKER_DISCRETION))
>>> solution.player.to_data(), solution.value
({'P5': '9/11'}, Fraction(-679568, 53094899))
>>> [(point_key(p), str(q)) for p, q in solution.mixed_banker.items()]
[('B6-', '859/2288')]
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from baccarat.chemin.game import (
    CHEMIN_DE_FER,
    ChoiceGame,
    Composition,
    GameError,
    Information,
)
from baccarat.chemin.strategy import Strategy
from baccarat.chemin.tableau import point_key, point_label
from baccarat.core.coup import ChoicePoint
from baccarat.core.tableau import Tableau

__all__ = ["Solution", "SolveError", "solve", "solve_chemin_de_fer"]

# A float probability within this of 0 or 1 is taken as pure when reading the LP's support.
_PURE_TOLERANCE = 1e-7


class SolveError(GameError):
    """The LP's answer could not be turned into a certified exact solution."""


@dataclass(frozen=True)
class Solution:
    """Optimal strategies for both hands and the value of the game, all exact and certified.

    ``value`` is the Player's expectation per unit staked under optimal play; ``lp_value`` the
    floating-point value the LP reported (kept to show the two agree).
    """

    game: ChoiceGame = field(compare=False)
    player: Strategy
    banker: Strategy
    value: Fraction
    lp_value: float

    @property
    def mixed_player(self) -> dict[ChoicePoint, Fraction]:
        """The Player's choice points where optimal play randomises, with P(draw)."""
        return {p: self.player.probability(p) for p in self.player.mixed_points}

    @property
    def mixed_banker(self) -> dict[ChoicePoint, Fraction]:
        """The Banker's choice points where optimal play randomises, with P(draw)."""
        return {p: self.banker.probability(p) for p in self.banker.mixed_points}

    @property
    def strategy(self) -> Strategy:
        """Both hands' optimal strategies as one (the chooser for a whole coup)."""
        return Strategy.combine(self.player, self.banker, name="optimal")

    def to_data(self) -> dict[str, Any]:
        """JSON-ready: the game, both strategies (exact strings), the mixed points and the value."""
        return {
            "tableau": self.game.tableau.name,
            "shoe": self.game.contents.describe(),
            "value": str(self.value),
            "value_float": float(self.value),
            "lp_value": self.lp_value,
            "player": self.player.to_data(),
            "banker": self.banker.to_data(),
            "mixed": {
                point_key(p): {"draw": str(q), "situation": point_label(p)}
                for p, q in (self.mixed_player | self.mixed_banker).items()
            },
        }


def _linprog(c: list[float], a_ub: list[list[float]], b_ub: list[float], bounds: Any) -> Any:
    from scipy.optimize import linprog

    result = linprog(c, A_ub=a_ub or None, b_ub=b_ub or None, bounds=bounds, method="highs")
    if result.status != 0:
        raise SolveError(f"the LP solver failed: {result.message}")
    return result


def _lp_strategies(game: ChoiceGame) -> tuple[list[float], list[float], float]:
    """Both LPs, in floats scaled so that the largest coefficient is 1."""
    m, n = len(game.player_points), len(game.banker_points)
    if m == 0 and n == 0:
        return [], [], game.constant / game.total  # nothing to choose: the value is the payoff
    scale = float(
        max(
            [abs(v) for v in (*game.player_gain, *game.banker_gain)]
            + [abs(v) for row in game.cross for v in row]
            + [1]
        )
    )
    c = [v / scale for v in game.player_gain]
    d = [v / scale for v in game.banker_gain]
    e = [[v / scale for v in row] for row in game.cross]
    # Player: variables x (m) then u (n); linprog minimises, so negate the objective.
    a_ub = [
        [-e[i][k] for i in range(m)] + [1.0 if j == k else 0.0 for j in range(n)] for k in range(n)
    ]
    player = _linprog(
        [-v for v in c] + [-1.0] * n,
        a_ub,
        d,
        [(0.0, 1.0)] * m + [(None, 0.0)] * n,
    )
    # Banker: variables q (n) then w (m): w_i >= 0, w_i >= c_i + Σ_k e_ik q_k.
    a_ub = [list(e[i]) + [-1.0 if j == i else 0.0 for j in range(m)] for i in range(m)]
    banker = _linprog(
        d + [1.0] * m,
        a_ub,
        [-v for v in c],
        [(0.0, 1.0)] * n + [(0.0, None)] * m,
    )
    lp_value = (game.constant / scale - player.fun) * scale / game.total
    banker_value = (game.constant / scale + banker.fun) * scale / game.total
    if abs(lp_value - banker_value) > 1e-9:
        raise SolveError(f"the two LPs disagree: {lp_value} and {banker_value}")
    return [float(v) for v in player.x[:m]], [float(v) for v in banker.x[:n]], lp_value


def _solve_linear(rows: list[list[Fraction]], rhs: list[Fraction]) -> list[Fraction] | None:
    """Exact Gaussian elimination for a square system; None if it is singular."""
    size = len(rows)
    a = [[*row, b] for row, b in zip(rows, rhs, strict=True)]
    for col in range(size):
        pivot = next((r for r in range(col, size) if a[r][col] != 0), None)
        if pivot is None:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col] != 0:
                f = a[r][col] / a[col][col]
                a[r] = [x - f * y for x, y in zip(a[r], a[col], strict=True)]
    return [a[i][size] / a[i][i] for i in range(size)]


def _round(values: Sequence[float]) -> list[Fraction | None]:
    """0 or 1 where the float is within tolerance of it, None (still to be found) otherwise."""
    out: list[Fraction | None] = []
    for v in values:
        if v <= _PURE_TOLERANCE:
            out.append(Fraction(0))
        elif v >= 1 - _PURE_TOLERANCE:
            out.append(Fraction(1))
        else:
            out.append(None)
    return out


def _exact_support(
    game: ChoiceGame, x_float: Sequence[float], q_float: Sequence[float]
) -> tuple[list[Fraction], list[Fraction]]:
    """Exact strategies on the support the LP found, from the indifference equations.

    Where the Banker mixes, the Player's strategy must leave him indifferent (his draw gain is 0);
    where the Player mixes, the Banker's must leave the Player indifferent. With as many mixed
    points on each side (the usual, non-degenerate case) both are square linear systems.
    """
    x_round, q_round = _round(x_float), _round(q_float)
    mixed_x = [i for i, v in enumerate(x_round) if v is None]
    mixed_q = [k for k, v in enumerate(q_round) if v is None]
    x = [v if v is not None else Fraction(0) for v in x_round]
    q = [v if v is not None else Fraction(0) for v in q_round]
    if len(mixed_x) == len(mixed_q) and mixed_x:
        # Unknown x_i (i mixed): for each mixed k, d_k + Σ_i e_ik x_i = 0.
        solved_x = _indifferent(game.cross, game.banker_gain, mixed_q, mixed_x, x)
        # Unknown q_k (k mixed): for each mixed i, c_i + Σ_k e_ik q_k = 0.
        across = tuple(zip(*game.cross, strict=True))  # e_ik indexed [k][i]
        solved_q = _indifferent(across, game.player_gain, mixed_x, mixed_q, q)
        if solved_x is not None and solved_q is not None:
            for i, v in zip(mixed_x, solved_x, strict=True):
                x[i] = v
            for k, v in zip(mixed_q, solved_q, strict=True):
                q[k] = v
            return x, q
    # Degenerate support: the nearest simple fractions, to be certified like any other answer.
    for i in mixed_x:
        x[i] = Fraction(x_float[i]).limit_denominator(10**9)
    for k in mixed_q:
        q[k] = Fraction(q_float[k]).limit_denominator(10**9)
    return x, q


def _indifferent(
    weights: Sequence[Sequence[int]],
    gains: Sequence[int],
    equations: Sequence[int],
    unknowns: Sequence[int],
    values: Sequence[Fraction],
) -> list[Fraction] | None:
    """The values at ``unknowns`` that leave the other side indifferent at each of ``equations``:
    ``gains[e] + Σ_u weights[u][e] values[u] = 0``, the other ``values`` as given (None when the
    system is singular). One side's mixed probabilities, from the other side's mixed points.

    >>> _indifferent([[2], [1]], [-3], [0], [0], [Fraction(0), Fraction(1)])
    [Fraction(1, 1)]
    """
    rows = [[Fraction(weights[u][e]) for u in unknowns] for e in equations]
    rhs = [
        -Fraction(gains[e])
        - sum(
            (weights[u][e] * values[u] for u in range(len(values)) if u not in unknowns),
            Fraction(0),
        )
        for e in equations
    ]
    return _solve_linear(rows, rhs)


def solve(game: ChoiceGame) -> Solution:
    """Optimal strategies and the exact value of ``game`` (LP, then an exact certificate)."""
    x_float, q_float, lp_value = _lp_strategies(game)
    x, q = _exact_support(game, x_float, q_float)
    if not all(0 <= v <= 1 for v in (*x, *q)):
        raise SolveError(f"the exact strategies left 0-1 on {game.describe()}")
    player = game.player_strategy(x, name="optimal Player")
    banker = game.banker_strategy(q, name="optimal Banker")
    lower, upper = game.guaranteed(player), game.conceded(banker)
    if lower != upper:
        raise SolveError(
            f"{game.describe()}: no certified solution (the Player is guaranteed {float(lower)}, "
            f"the Banker concedes {float(upper)})"
        )
    return Solution(game, player, banker, lower, lp_value)


@functools.lru_cache(maxsize=32)
def _solve_cached(contents: Composition, tableau: Tableau, information: Information) -> Solution:
    return solve(ChoiceGame.of(contents, tableau, information))


def solve_chemin_de_fer(
    contents: Composition | None = None,
    tableau: Tableau = CHEMIN_DE_FER,
    information: Information = Information.TOTALS,
) -> Solution:
    """The solution of Chemin de Fer on ``contents`` (default: a fresh 6-deck shoe), cached.

    ``tableau`` may be :data:`~baccarat.core.tableau.BANKER_DISCRETION` for the game in
    which the Banker chooses everywhere (Kemeny and Snell's); with ``information``
    :attr:`~baccarat.chemin.information.Information.BANKER_CARDS` as well, the Banker decides on
    his two cards and not only their total (Downton and Lockwood's game).
    """
    contents = contents if contents is not None else Composition.decks(6)
    return _solve_cached(contents, tableau, information)
