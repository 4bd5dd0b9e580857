"""Betting systems over many sessions: what a progression changes, and what it cannot.

A session plays the coups of its own shoes (session ``s`` deals the simulator's shoes ``s·k`` to
``s·k + k − 1`` of the seed, ``k`` shoes a session), one bet a coup on Banker or Player, with a
stake a system chooses from what happened so far:

* ``flat``: one unit every coup (the yardstick);
* ``martingale``: double after a loss, back to one unit after a win;
* ``paroli``: double after a win, up to three wins in a row, back to one unit after a loss;
* ``fibonacci``: one step up the sequence 1, 1, 2, 3, 5, … after a loss, two steps down after a win;
* ``dalembert``: one unit more after a loss, one less after a win (at least one);
* ``1-3-2-6``: 1, 3, 2 and 6 units on four wins in a row, back to 1 after a loss or the fourth win;
* ``follow-the-road``: one unit on the side that won the last decided coup (Banker first).

A tie pushes a Banker or Player bet: the stake comes back and the system does not move. Stakes
are capped by the table maximum and by the bankroll; a session stops when the bankroll cannot
cover the table minimum (ruin), when it is up by the stop-win amount, or when its shoes end.
Amounts are exact fractions of a unit (a Banker win on 1 unit pays 0.95).

Whatever the system, the expected result is the edge times the total staked: a progression moves
stakes between coups but every coup's stake meets the same edge (the report checks it).

>>> session = play_session("martingale", ["player", "player", "banker", "tie", "banker"],
...                        bet="banker", bankroll=Fraction(20))
>>> [str(s) for s in session.stakes], str(session.result)
(['1', '2', '4', '1', '1'], '7/4')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import numpy as np

from baccarat.core.rules import RuleSet
from baccarat.core.shoe import ShoeRules
from baccarat.lab.strategy import LabError

__all__ = [
    "SYSTEMS",
    "Session",
    "SystemResult",
    "SystemsReport",
    "deal_classes",
    "play_session",
    "run_systems",
]

SYSTEMS = ("flat", "martingale", "paroli", "fibonacci", "dalembert", "1-3-2-6", "follow-the-road")
_ONE_THREE_TWO_SIX = (1, 3, 2, 6)
Amount = Fraction | float
"""Exact fractions of a unit (the bookkeeping tests), or floats (many sessions)."""
FAN_SESSIONS = 2000
"""Sessions whose bankroll paths draw the fan (the quantiles coup by coup)."""


@dataclass
class Session:
    """One session's bookkeeping: every stake, the side bet, the bankroll after each coup."""

    stakes: list[Amount] = field(default_factory=list)
    sides: list[str] = field(default_factory=list)
    bankrolls: list[Amount] = field(default_factory=list)
    result: Amount = Fraction(0)
    staked: dict[str, Amount] = field(
        default_factory=lambda: {"banker": Fraction(0), "player": Fraction(0)}
    )
    ruined: bool = False
    stopped_winning: bool = False


def _fibonacci(step: int) -> int:
    a, b = 1, 1
    for _ in range(step):
        a, b = b, a + b
    return a


_PAYS: Mapping[str, Mapping[Hashable, Amount]] = {
    "banker": {"banker": Fraction(19, 20), "player": Fraction(-1), "tie": Fraction(0)},
    "player": {"banker": Fraction(-1), "player": Fraction(1), "tie": Fraction(0)},
}
_WINNERS: Mapping[Hashable, str] = {"banker": "banker", "player": "player", "tie": "tie"}


def play_session(
    system: str,
    coups: Sequence[Hashable],
    *,
    bet: str = "banker",
    bankroll: Amount = Fraction(100),
    table_min: Amount = Fraction(1),
    table_max: Amount = Fraction(1000),
    stop_win: Amount | None = None,
    pays: Mapping[str, Mapping[Hashable, Amount]] = _PAYS,
    winners: Mapping[Hashable, str] = _WINNERS,
) -> Session:
    """Play ``system`` (stakes in multiples of the table minimum) over the coups, in order.

    A coup is a key: ``pays[side][key]`` is a side's net per unit staked and ``winners[key]``
    who won (by default the keys are the winners, Banker paying 0.95:1 and ties pushing; the
    lab passes summary classes, so EZ's pushed Banker three-card 7 pays as its table says).
    """
    if system not in SYSTEMS:
        raise LabError("lab_unknown_system", name=system, names=", ".join(SYSTEMS))
    session = Session()
    money = bankroll
    level = (
        1  # martingale and d'Alembert: units; paroli and 1-3-2-6: wins in a row; fibonacci: step
    )
    step = 0
    last = "banker"
    for coup in coups:
        winner = winners[coup]
        if money < table_min:
            session.ruined = True
            break
        if stop_win is not None and money - bankroll >= stop_win:
            session.stopped_winning = True
            break
        if system == "martingale" or system == "dalembert":
            units = level
        elif system == "paroli":
            units = 2**step
        elif system == "fibonacci":
            units = _fibonacci(step)
        elif system == "1-3-2-6":
            units = _ONE_THREE_TWO_SIX[step]
        else:
            units = 1
        side = last if system == "follow-the-road" else bet
        stake = min(units * table_min, table_max, money)
        net = stake * pays[side][coup]
        money += net
        session.stakes.append(stake)
        session.sides.append(side)
        session.bankrolls.append(money)
        session.staked[side] += stake
        if winner != "tie":
            last = winner
        if net > 0:
            level = 1 if system == "martingale" else max(1, level - 1)
            if system == "paroli":
                step = step + 1 if step < 2 else 0
            elif system == "fibonacci":
                step = max(0, step - 2)
            elif system == "1-3-2-6":
                step = step + 1 if step < 3 else 0
        elif net < 0:
            level = 2 * level if system == "martingale" else level + 1
            if system == "fibonacci":
                step += 1
            elif system in ("paroli", "1-3-2-6"):
                step = 0
    session.result = money - bankroll
    return session


def deal_classes(rules: ShoeRules, seed: int, first: int, count: int, tableau: Any) -> list[int]:
    """The summary class of every coup of the simulator's shoes ``first`` to ``first + count − 1``."""
    from baccarat.sim import kernels
    from baccarat.sim.spec import SimulationSpec

    plan = SimulationSpec(coups=1, shoe=rules, seed=seed, tableau=tableau).plan()
    record = np.zeros((400, 3), dtype=np.int64)
    classes: list[int] = []
    with np.errstate(over="ignore"):
        for index in range(first, first + count):
            codes = kernels.stream_order(
                0, np.uint64(plan.k0), np.uint64(plan.k1), index, plan.template, plan.burn
            )
            order = np.zeros(codes.shape[0] + 8, dtype=np.uint8)
            order[: codes.shape[0]] = codes
            coups = kernels.deal_order(
                order, plan.cut_index, plan.burn, plan.one_more, plan.table, record
            )
            classes += [int(e) >> 3 for e in record[:coups, 0].tolist()]
    return classes


@dataclass(frozen=True)
class SystemResult:
    """One system over every session (amounts in base units)."""

    system: str
    sessions: int
    mean: float
    sd: float
    quantiles: tuple[float, ...]
    """5, 25, 50, 75 and 95 % of the session results."""
    ruin: float
    behind: float
    stopped_winning: float
    staked: float
    """Mean total staked per session."""
    expected: float
    """The edge times the mean staked (each side's exact house edge, first coup of a shoe)."""
    fan: tuple[tuple[float, ...], ...]
    """Bankroll quantiles (5, 25, 50, 75, 95 %) after each coup (sessions that stopped keep
    their last bankroll)."""

    @property
    def z(self) -> float:
        """(mean − edge × staked) / standard error: within ±2 about 19 times in 20."""
        se = self.sd / math.sqrt(self.sessions) if self.sessions > 1 else 0.0
        return (self.mean - self.expected) / se if se > 0 else 0.0


@dataclass(frozen=True)
class SystemsReport:
    results: tuple[SystemResult, ...]
    sessions: int
    shoes_per_session: int
    bankroll: float
    table_min: float
    table_max: float
    stop_win: float | None
    bet: str
    seed: int
    edges: dict[str, float]
    seconds: float
    interrupted: bool = False

    def to_frame(self) -> Any:
        """One row per system as a pandas DataFrame (:func:`baccarat.lab.frames.to_frame`)."""
        from baccarat.lab.frames import to_frame

        return to_frame(self)

    def frame_rows(self) -> tuple[list[dict[str, Any]], str]:
        """The rows of :meth:`to_frame` (one per system) and the index column."""
        quantile_names = ("q05", "q25", "median", "q75", "q95")
        rows = [
            {
                "system": r.system,
                "mean": r.mean,
                "sd": r.sd,
                **dict(zip(quantile_names, r.quantiles, strict=True)),
                "risk_of_ruin": r.ruin,
                "behind": r.behind,
                "staked": r.staked,
                "edge_times_staked": r.expected,
                "z": r.z,
            }
            for r in self.results
        ]
        return rows, "system"

    def as_dict(self) -> dict[str, Any]:
        """The report as its JSON record (``baccarat.systems/1``, docs/json.md)."""
        return {
            "sessions": self.sessions,
            "shoes_per_session": self.shoes_per_session,
            "bankroll": self.bankroll,
            "table_min": self.table_min,
            "table_max": self.table_max,
            "stop_win": self.stop_win,
            "bet": self.bet,
            "seed": self.seed,
            "seconds": self.seconds,
            "interrupted": self.interrupted,
            "house_edge": self.edges,
            "systems": [
                {
                    "system": r.system,
                    "mean": r.mean,
                    "sd": r.sd,
                    "quantiles": list(r.quantiles),
                    "risk_of_ruin": r.ruin,
                    "behind": r.behind,
                    "stopped_winning": r.stopped_winning,
                    "staked": r.staked,
                    "edge_times_staked": r.expected,
                    "z": r.z,
                }
                for r in self.results
            ],
        }


PROGRESS_EVERY = 16
"""Sessions between two progress reports."""


def _play_one(
    number: int, systems: Sequence[str], shoe: ShoeRules, seed: int, shoes_per_session: int,
    rule_set: RuleSet, bet: str, bankroll: Fraction, table_min: Fraction, table_max: Fraction,
    stop_win: Fraction | None, pays: Any, winners: Any,
    results: dict[str, list[tuple[float, float, float, bool, bool]]],
    fans: dict[str, list[list[float]]],
) -> None:  # fmt: skip
    """Session ``number`` of every system, its figures appended to ``results`` (and its path
    to ``fans`` for the first :data:`FAN_SESSIONS`)."""
    coups = deal_classes(
        shoe, seed, number * shoes_per_session, shoes_per_session, rule_set.tableau
    )
    for system in systems:
        played = play_session(
            system, coups, bet=bet, bankroll=float(bankroll), table_min=float(table_min),
            table_max=float(table_max), stop_win=None if stop_win is None else float(stop_win),
            pays=pays, winners=winners,
        )  # fmt: skip
        results[system].append(
            (
                float(played.result),
                float(played.staked["banker"]),
                float(played.staked["player"]),
                played.ruined,
                played.stopped_winning,
            )
        )
        if number < FAN_SESSIONS:
            fans[system].append([float(bankroll)] + [float(b) for b in played.bankrolls])


def run_systems(
    systems: Sequence[str],
    rule_set: RuleSet,
    *,
    sessions: int,
    shoes_per_session: int = 1,
    shoe: ShoeRules | None = None,
    seed: int = 0,
    bet: str = "banker",
    bankroll: Fraction = Fraction(100),
    table_min: Fraction = Fraction(1),
    table_max: Fraction = Fraction(1000),
    stop_win: Fraction | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> SystemsReport:
    """Play each system over the same ``sessions`` (the same coups for every system), telling
    ``progress(played, sessions)`` as it goes. Ctrl-C keeps the sessions played (the report
    says it was interrupted); before the first one, it goes on up."""
    import time

    from baccarat.odds.composition import Composition
    from baccarat.odds.exact import exact_distribution
    from baccarat.odds.stats import bet_stats

    shoe = shoe or ShoeRules()
    started = time.perf_counter()
    exact = exact_distribution(Composition.decks(shoe.decks), rule_set.tableau)
    edges = {side: float(-bet_stats(rule_set.bet(side), exact).ev) for side in ("banker", "player")}
    from baccarat.core.summary import Summary

    # Floats for the many sessions (a report's figures are statistics); play_session keeps
    # Fractions exact where it is given them (the bookkeeping tests).
    pays: dict[str, Mapping[Hashable, Amount]] = {
        side: {i: float(v) for i, v in enumerate(rule_set.bet(side).outcome_vector())}
        for side in ("banker", "player")
    }
    winners: dict[Hashable, str] = {i: Summary.from_index(i).winner.value for i in range(400)}
    # Each session's figures only (no session is kept whole, but the fan's first ones' paths).
    results: dict[str, list[tuple[float, float, float, bool, bool]]] = {s: [] for s in systems}
    fans: dict[str, list[list[float]]] = {s: [] for s in systems}
    played_sessions = 0
    interrupted = False
    try:
        for number in range(sessions):
            _play_one(
                number, systems, shoe, seed, shoes_per_session, rule_set, bet, bankroll,
                table_min, table_max, stop_win, pays, winners, results, fans,
            )  # fmt: skip
            played_sessions = number + 1
            if progress is not None and (played_sessions % PROGRESS_EVERY == 0):
                progress(played_sessions, sessions)
    except KeyboardInterrupt:
        if played_sessions == 0:
            raise
        interrupted = True
        for system in systems:  # a system the interrupt caught mid-session loses that session
            del results[system][played_sessions:]
            del fans[system][played_sessions:]
    sessions = played_sessions
    seconds = time.perf_counter() - started
    out = []
    for system in systems:
        table = np.array(results[system], dtype=np.float64)
        values = table[:, 0]
        staked = {"banker": float(table[:, 1].mean()), "player": float(table[:, 2].mean())}
        out.append(
            SystemResult(
                system=system,
                sessions=sessions,
                mean=float(values.mean()),
                sd=float(values.std(ddof=1)) if sessions > 1 else 0.0,
                quantiles=tuple(
                    float(q) for q in np.quantile(values, (0.05, 0.25, 0.5, 0.75, 0.95))
                ),
                ruin=float(table[:, 3].mean()),
                behind=float((values < 0).mean()),
                stopped_winning=float(table[:, 4].mean()),
                staked=sum(staked.values()),
                expected=-sum(edges[side] * staked[side] for side in staked),
                fan=_fan(fans[system]),
            )
        )
    return SystemsReport(
        results=tuple(out),
        sessions=sessions,
        shoes_per_session=shoes_per_session,
        bankroll=float(bankroll),
        table_min=float(table_min),
        table_max=float(table_max),
        stop_win=None if stop_win is None else float(stop_win),
        bet=bet,
        seed=seed,
        edges=edges,
        seconds=seconds,
        interrupted=interrupted,
    )


def _fan(paths: list[list[float]]) -> tuple[tuple[float, ...], ...]:
    if not paths:
        return ()
    longest = max(len(p) for p in paths)
    grid = np.array([p + [p[-1]] * (longest - len(p)) for p in paths])
    quantiles = np.quantile(grid, (0.05, 0.25, 0.5, 0.75, 0.95), axis=0)
    return tuple(tuple(float(x) for x in quantiles[:, c]) for c in range(longest))
