"""What the streaks, the chops and the derived roads' colours come to by chance alone, exactly.

The panel sets each figure a shoe shows (:class:`~baccarat.roads.statistics.RoadStatistics`)
beside its expectation for **independent** coups: each decision (a coup won by Banker or Player;
ties are skipped, as the roads skip them) won by Banker with chance ``q``, by Player with
``1 - q``, whatever came before. Dealt from one shoe, coups are not quite independent (each
takes its cards away), but the expectations are what chance alone gives, which is the point:
long streaks, chops and red marks come by themselves, and none of them predicts the next coup.

Everything is an exact :class:`~fractions.Fraction`:

- the chop rate's expectation, ``2q(1 - q)`` (:func:`expected_chop_rate`);
- the expected longest streak of one side in ``n`` decisions, by an exact recursion on the
  chance of no streak of ``k`` (:func:`expected_longest_streak`);
- a derived road's long-run share of red marks (:func:`long_run_red_share`): the Big Road's
  columns then alternate sides with independent geometric lengths, so the share follows from
  the chances that two columns are of equal length or one is longer.

For a fair coin the derived roads are red half the time, whichever road:

>>> {road.value: long_run_red_share(Fraction(1, 2), road) for road in DerivedRoad}
{'big_eye_boy': Fraction(1, 2), 'small_road': Fraction(1, 2), 'cockroach_pig': Fraction(1, 2)}
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

from baccarat.roads.derived import DerivedRoad

__all__ = [
    "VarianceError",
    "decision_share",
    "expected_chop_rate",
    "expected_longest_streak",
    "long_run_red_share",
    "no_streak_chance",
]


class VarianceError(ValueError):
    """A chance outside 0..1, or a negative count of decisions."""


def _check(q: Fraction, decisions: int = 0) -> None:
    if not 0 <= q <= 1:
        raise VarianceError(f"a chance must lie in 0..1, not {q!r}")
    if decisions < 0:
        raise VarianceError(f"a count of decisions cannot be negative: {decisions!r}")


def decision_share(banker: Fraction, player: Fraction) -> Fraction:
    """Banker's chance of a decision: its share of the coups that are not ties.

    >>> decision_share(Fraction(9, 20), Fraction(9, 20))
    Fraction(1, 2)
    """
    if banker < 0 or player < 0 or banker + player == 0:
        raise VarianceError(f"no decisions with Banker {banker!r} and Player {player!r}")
    return banker / (banker + player)


def expected_chop_rate(q: Fraction) -> Fraction:
    """The expected share of decisions (after the first) won by the other side than the one
    before, when Banker wins each with chance ``q``: ``2q(1 - q)``, at most a half.

    >>> expected_chop_rate(Fraction(1, 2)), expected_chop_rate(Fraction(3, 4))
    (Fraction(1, 2), Fraction(3, 8))
    """
    _check(q)
    return 2 * q * (1 - q)


def _scaled_no_streak(a: int, c: int, k: int, decisions: int) -> int:
    """``c ** decisions`` times the chance of no streak of ``k`` in ``decisions`` decisions,
    each the side's with chance ``a / c``: integers only (the fractions' denominators would
    otherwise be reduced at every step).

    With ``g(i)`` that chance after ``i`` decisions, ``g(i) = 1`` for ``i < k``,
    ``g(k) = 1 - q**k``, and past ``k`` the first streak of ``k`` ends at ``i`` only after a
    decision of the other side at ``i - k`` and none before it:
    ``g(i) = g(i - 1) - (1 - q) q**k g(i - k - 1)``; scaled, ``G(i) = c**i g(i)``.
    """
    power = [1]
    for _ in range(decisions):
        power.append(power[-1] * c)
    scaled = power[: min(k, decisions + 1)]
    if decisions < k:
        return scaled[decisions]
    streak = a**k
    scaled.append(power[k] - streak)
    other = (c - a) * streak
    for i in range(k + 1, decisions + 1):
        scaled.append(c * scaled[i - 1] - other * scaled[i - k - 1])
    return scaled[decisions]


def no_streak_chance(q: Fraction, k: int, decisions: int) -> Fraction:
    """The chance that ``decisions`` independent decisions, each the side's with chance ``q``,
    hold no streak of ``k`` or more of that side.

    >>> no_streak_chance(Fraction(1, 2), 2, 3)  # of 8, only BBB, BBP, PBB have BB
    Fraction(5, 8)
    """
    _check(q, decisions)
    if k < 1:
        return Fraction(0)
    return (
        Fraction(_scaled_no_streak(q.numerator, q.denominator, k, decisions))
        / Fraction(q.denominator) ** decisions
    )


@lru_cache(maxsize=1024)
def expected_longest_streak(q: Fraction, decisions: int) -> Fraction:
    """The expected longest streak of one side in ``decisions`` independent decisions, each
    the side's with chance ``q`` (0 when it wins none): the sum over ``k`` of the chance of a
    streak of at least ``k``.

    >>> expected_longest_streak(Fraction(1, 2), 3)  # 0,1,1,2,1,1,2,3 over the 8 sequences
    Fraction(11, 8)
    >>> round(float(expected_longest_streak(Fraction(1, 2), 70)), 3)
    5.484
    """
    _check(q, decisions)
    a, c = q.numerator, q.denominator
    whole = c**decisions
    missing = sum(_scaled_no_streak(a, c, k, decisions) for k in range(1, decisions + 1))
    return Fraction(decisions * whole - missing, whole)


def _equal(x: Fraction, y: Fraction) -> Fraction:
    """The chance two independent columns are of equal length, each going on with chance
    ``x`` and ``y`` (lengths geometric: ``P(L = l) = x**(l - 1) (1 - x)``)."""
    return (1 - x) * (1 - y) / (1 - x * y)


def _longer(x: Fraction, y: Fraction) -> Fraction:
    """The chance a column going on with chance ``x`` is longer than one going on with ``y``."""
    return x * (1 - y) / (1 - x * y)


def long_run_red_share(q: Fraction, road: DerivedRoad) -> Fraction:
    """The share of ``road``'s marks that are red over a long sequence of independent
    decisions, Banker's each with chance ``q`` (0 < q < 1).

    A column's first cell is blue when the two columns before it, ``offset`` apart, differ in
    length; each later cell is red but for the one just below the end of the column
    ``offset`` back, which is blue when the column reaches it. Columns alternate sides, so
    over each Banker and Player column the blue marks expected are summed and set against the
    cells (every cell is one mark, far enough into the shoe).

    >>> long_run_red_share(Fraction(3, 5), DerivedRoad.BIG_EYE_BOY)
    Fraction(241, 475)
    """
    _check(q)
    if q in (0, 1):
        raise VarianceError(f"one side wins every decision at {q!r}: the Big Road has one column")
    odd = road.offset % 2 == 1
    blue = Fraction(0)
    for own, other in ((q, 1 - q), (1 - q, q)):
        # The column before this one is the other side's; ``offset`` columns before that is
        # this side's when the offset is odd.
        blue += 1 - _equal(other, own if odd else other)
        # A cell just below the end of the column ``offset`` back: there when longer than it.
        blue += _longer(own, other if odd else own)
    cells = 1 / (1 - q) + 1 / q
    return 1 - blue / cells
