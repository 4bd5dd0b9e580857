"""A betting plan (a flat bet or a bet ramp on any bet of a rule set) and its risk of ruin, the
bankroll each target risk needs, and its Kelly fractions: what ``baccarat ruin`` prints.

A plan is levels: the share of coups at each level, the stake there in units (0: sitting out)
and, for counted or advantage play, the player's advantage there (its expected net per unit
staked). A level without an advantage plays the bet's exact distribution for the shoe; a level
with one plays the bet's pays and push chance with the win moved between its best win and its
full loss until the expectation is the advantage (a count changes how often a bet wins, not what
it pays). The coups are taken as independent, each at a level drawn by its share: the usual model
of a count's advantage distribution (Schlesinger 2005, ch. 10).

>>> from baccarat.core.catalogue import BANKER
>>> from baccarat.odds.composition import Composition
>>> base = bet_steps(BANKER, Composition.decks(8))
>>> float(base.mean)
-0.010579...
>>> [(str(lv.share), str(lv.stake), lv.advantage) for lv in parse_ramp("0.75:0,0.25:2:0.02")]
[('3/4', '0', None), ('1/4', '2', Fraction(1, 50))]
>>> tilted(base, Fraction(1, 50), "banker").mean
Fraction(1, 50)
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from baccarat.core.bets import Bet
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.lab.ruin import Kelly, RuinError, Steps, kelly
from baccarat.lab.ruinchain import Estimate, RuinCurve, ruin_curve
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_counts, signatures_of
from baccarat.odds.stats import pay_counts

__all__ = [
    "MAX_LEVELS",
    "MAX_STAKE",
    "Level",
    "RuinStudy",
    "bet_steps",
    "parse_quantity",
    "parse_ramp",
    "parse_risk",
    "ruin_study",
    "tilted",
]

MAX_LEVELS = 20
"""Levels of one ramp."""
MAX_STAKE = 1000
"""The largest stake of a level, in units."""
_DECIMAL = re.compile(r"[+-]?[0-9]{1,15}(\.[0-9]{1,6})?")
_SHOWN = 80


def _quote(text: str) -> str:
    return text if len(text) <= _SHOWN else text[:_SHOWN] + "…"


def parse_quantity(text: str, option: str, most: int, *, signed: bool = False) -> Fraction:
    """A decimal of ASCII digits (``100``, ``2.5``), above 0 (any sign with ``signed``) and at
    most ``most``.

    >>> parse_quantity("2.5", "--bankroll", 10**6)
    Fraction(5, 2)
    >>> parse_quantity("-3", "--bankroll", 10**6)
    Traceback (most recent call last):
    ...
    baccarat.lab.ruin.RuinError: --bankroll must be more than 0, got '-3'
    """
    if not _DECIMAL.fullmatch(text.strip()):
        raise RuinError("ruin_number", option=option, text=_quote(text))
    value = Fraction(text.strip())
    if not signed and value <= 0:
        raise RuinError("ruin_positive", option=option, text=_quote(text))
    if abs(value) > most:
        raise RuinError("ruin_too_large", option=option, most=most, text=_quote(text))
    return value


def parse_risk(text: str) -> Fraction:
    """A target risk: a probability strictly between 0 and 1 (``0.01``, or ``1%``).

    >>> parse_risk("1%"), parse_risk("0.05")
    (Fraction(1, 100), Fraction(1, 20))
    """
    raw = text.strip()
    percent = raw.endswith("%")
    digits = raw[:-1] if percent else raw
    if not re.fullmatch(r"[0-9]{1,3}(\.[0-9]{1,9})?", digits):
        raise RuinError("ruin_risk", option="--risk", text=_quote(text))
    value = Fraction(digits) / (100 if percent else 1)
    if not 0 < value < 1:
        raise RuinError("ruin_risk", option="--risk", text=_quote(text))
    return value


@dataclass(frozen=True)
class Level:
    """One level of a plan: its share of the coups, its stake in units, its advantage (``None``:
    the bet's own expectation for the shoe)."""

    share: Fraction
    stake: Fraction
    advantage: Fraction | None = None


def parse_ramp(text: str) -> tuple[Level, ...]:
    """``SHARE:STAKE[:ADVANTAGE]`` joined by commas, the shares adding up to 1."""
    parts = [part.strip() for part in text.split(",")]
    if not 0 < len(parts) <= MAX_LEVELS:
        raise RuinError("ruin_ramp", text=_quote(text))
    levels: list[Level] = []
    for part in parts:
        fields = part.split(":")
        if len(fields) not in (2, 3) or not all(_DECIMAL.fullmatch(f) for f in fields):
            raise RuinError("ruin_ramp", text=_quote(text))
        share, stake = Fraction(fields[0]), Fraction(fields[1])
        advantage = Fraction(fields[2]) if len(fields) == 3 else None
        if not 0 <= share <= 1 or not 0 <= stake <= MAX_STAKE:
            raise RuinError("ruin_ramp", text=_quote(text))
        if advantage is not None and abs(advantage) > MAX_STAKE:
            raise RuinError("ruin_ramp", text=_quote(text))
        levels.append(Level(share, stake, advantage))
    if sum(level.share for level in levels) != 1:
        raise RuinError("ruin_ramp", text=_quote(text))
    if not any(level.share and level.stake for level in levels):
        raise RuinError("ruin_no_stake")
    return tuple(levels)


def bet_steps(bet: Bet, composition: Composition, tableau: Tableau = PUNTO_BANCO) -> Steps:
    """The bet's net per unit staked on the next coup of ``composition``, exactly (the exact
    analyzer's counts, as ``baccarat odds`` prices the bet)."""
    counts = exact_counts(composition, tableau, signatures_of((bet,)))
    return Steps.of((net, Fraction(n, counts.total)) for net, n in pay_counts(bet, counts).items())


def tilted(steps: Steps, advantage: Fraction, bet: str) -> Steps:
    """``steps`` with probability moved between the best win and the worst loss until their
    mean is ``advantage`` (pushes and pays unchanged)."""
    (worst, p_worst), (best, p_best) = steps.outcomes[0], steps.outcomes[-1]
    nets: dict[int | Fraction, int | Fraction] = dict(steps.outcomes)
    if best <= 0 or worst >= 0:
        raise RuinError("ruin_advantage", advantage=str(advantage), bet=bet,
                        lowest=str(steps.mean), highest=str(steps.mean))  # fmt: skip
    moved = (advantage - steps.mean) / (best - worst)
    lowest = steps.mean - p_best * (best - worst)
    highest = steps.mean + p_worst * (best - worst)
    if not lowest <= advantage <= highest:
        raise RuinError("ruin_advantage", advantage=str(advantage), bet=bet,
                        lowest=f"{float(lowest):.4f}", highest=f"{float(highest):.4f}")  # fmt: skip
    nets[best] += moved
    nets[worst] -= moved
    return Steps.of(nets)


@dataclass(frozen=True)
class RuinStudy:
    """A plan's risk of ruin for each horizon and bankroll, the bankroll for each target risk,
    and its Kelly fractions."""

    bet: str
    levels: tuple[Level, ...]
    level_steps: tuple[Steps, ...]
    """Each level's net per unit staked."""
    steps: Steps
    """One coup of the plan, in units."""
    floor: Fraction
    bankrolls: tuple[Fraction, ...]
    risks: tuple[Fraction, ...]
    curves: tuple[RuinCurve, ...]
    """One per horizon, in the order asked (``coups`` ``None``: ever)."""
    kelly: Kelly
    """The plan's: the fraction of the bankroll one unit of the ramp should be."""
    level_kelly: tuple[Kelly, ...]

    def ruin(self) -> list[list[Estimate]]:
        """By horizon, by bankroll."""
        return [[c.at_bankroll(b) for b in self.bankrolls] for c in self.curves]

    def needed(self) -> list[list[Fraction | None]]:
        """By horizon, by risk: the smallest bankroll (``None``: none the curve knows)."""
        return [[c.bankroll_for(float(r)) for r in self.risks] for c in self.curves]

    def as_dict(self) -> dict[str, Any]:
        """The record of ``baccarat ruin --json`` (less its schema tag)."""
        ruin, needed = self.ruin(), self.needed()
        return {
            "bet": self.bet,
            "floor": float(self.floor),
            "mean": float(self.steps.mean),
            "variance": float(self.steps.variance),
            "levels": [
                {
                    "share": float(level.share),
                    "stake": float(level.stake),
                    "mean": _text(steps.mean),
                    "variance": float(steps.variance),
                    "kelly": _kelly_dict(k),
                }
                for level, steps, k in zip(
                    self.levels, self.level_steps, self.level_kelly, strict=True
                )
            ],
            "kelly": _kelly_dict(self.kelly),
            "horizons": [
                {
                    "coups": curve.coups,
                    "method": curve.method.value,
                    "exact": curve.method.exact,
                    "ruin": [
                        {
                            "bankroll": float(b),
                            "probability": e.probability,
                            "interval": [e.low, e.high],
                            "exact": _text(e.exact) if e.exact is not None else None,
                        }
                        for b, e in zip(self.bankrolls, ruin[i], strict=True)
                    ],
                    "bankroll_for_risk": [
                        {"risk": float(r), "bankroll": float(n) if n is not None else None}
                        for r, n in zip(self.risks, needed[i], strict=True)
                    ],
                }
                for i, curve in enumerate(self.curves)
            ],
        }


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _kelly_dict(k: Kelly) -> dict[str, Any]:
    return {
        "fraction": k.fraction,
        "exact": _text(k.exact) if k.exact is not None else None,
        "growth": k.growth,
        "half_kelly_growth": k.half_growth,
    }


def ruin_study(
    bet: Bet,
    composition: Composition,
    levels: Sequence[Level],
    *,
    tableau: Tableau = PUNTO_BANCO,
    bankrolls: Sequence[Fraction],
    horizons: Sequence[int | None],
    risks: Sequence[Fraction],
    paths: int = 10_000,
    seed: int = 0,
) -> RuinStudy:
    """Everything ``baccarat ruin`` prints, for ``bet`` on the next coup of ``composition``."""
    base = bet_steps(bet, composition, tableau)
    per_level = tuple(
        base if level.advantage is None else tilted(base, level.advantage, bet.name)
        for level in levels
    )
    played = [(lv, s) for lv, s in zip(levels, per_level, strict=True) if lv.share]
    steps = Steps.mixture((lv.share, s.scaled(lv.stake)) for lv, s in played)
    floor = max(lv.stake for lv, _ in played)
    for bankroll in bankrolls:
        if bankroll < floor:
            raise RuinError("ruin_bankroll_below_floor", bankroll=str(bankroll), floor=str(floor))
    top = max(4 * max(bankrolls), Fraction(1000) * floor)
    smallest = float(min(risks)) if risks else 1e-6
    curves = tuple(
        ruin_curve(steps, floor, coups=coups, top=top, risk=smallest, paths=paths, seed=seed)
        for coups in horizons
    )
    return RuinStudy(
        bet.name,
        tuple(levels),
        per_level,
        steps,
        floor,
        tuple(bankrolls),
        tuple(risks),
        curves,
        kelly(steps),
        tuple(kelly(s) for s in per_level),
    )
