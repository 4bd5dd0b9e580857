"""Pricing a bet on a distribution: win, push and loss probabilities, EV, house edge, variance.

A bet is its pay vector (:meth:`~baccarat.core.bets.Bet.outcome_vector`, the net per unit staked
in every class); a distribution is integer weights over the same classes (the 400 summary
classes, the 9 pair classes, or a card-level bet's signature). The expected value is their dot
product over the total, the variance follows from the squares. The same code prices the exact
analyzer's counts and the simulator's tallies.

Floats (:func:`bet_stats`, :func:`price_bets`) are for display and speed: the pay vectors of many
bets are stacked once into a matrix and priced with one product. :func:`exact_bet_stats` gives the
same figures as exact fractions.

>>> from baccarat.core.catalogue import BANKER
>>> from baccarat.odds.composition import Composition
>>> from baccarat.odds.exact import exact_distribution
>>> d = exact_distribution(Composition.decks(8))
>>> f"{bet_stats(BANKER, d).house_edge:.4%}"
'1.0579%'
>>> exact_bet_stats(BANKER, d).house_edge
Fraction(114753351728, 10847218479825)
"""

from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat.core.bets import Bet
from baccarat.core.cardspace import CardSignature
from baccarat.core.conditions import Domain
from baccarat.core.distribution import Distribution
from baccarat.core.errors import BaccaratError

__all__ = [
    "BetBook",
    "BetStats",
    "ExactBetStats",
    "PricingError",
    "bet_stats",
    "counts_of",
    "exact_bet_stats",
    "house_edges",
    "pay_counts",
    "price_bets",
]


class PricingError(BaccaratError):
    """A bet that cannot be priced on the distribution given (for instance, no pair counts)."""


@dataclass(frozen=True, slots=True)
class BetStats:
    """A bet's figures per unit staked, as floats (probabilities are fractions of one, not %).

    ``house_edge`` is ``-ev``; ``house_edge_excluding_pushes`` is the edge per bet that is
    resolved (``-ev / (1 - push)``: for Banker and Player, ties excluded), NaN if every coup pushes.
    """

    bet: str
    win: float
    push: float
    lose: float
    ev: float
    house_edge: float
    house_edge_excluding_pushes: float
    variance: float
    sd: float

    @property
    def hit_frequency(self) -> float:
        """How often the bet wins (any pay above zero)."""
        return self.win

    def as_dict(self) -> dict[str, float]:
        """The figures by name, as ``baccarat odds --json`` prints them."""
        return {
            "win": self.win,
            "push": self.push,
            "lose": self.lose,
            "ev": self.ev,
            "house_edge": self.house_edge,
            "house_edge_excluding_pushes": self.house_edge_excluding_pushes,
            "variance": self.variance,
            "sd": self.sd,
            "hit_frequency": self.hit_frequency,
        }


@dataclass(frozen=True, slots=True)
class ExactBetStats:
    """:class:`BetStats` as exact fractions (the standard deviation, a square root, as a float)."""

    bet: str
    win: Fraction
    push: Fraction
    lose: Fraction
    ev: Fraction
    house_edge: Fraction
    house_edge_excluding_pushes: Fraction | None
    variance: Fraction

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance)

    @property
    def hit_frequency(self) -> Fraction:
        return self.win

    def to_float(self) -> BetStats:
        """The same figures as floats."""
        ex = self.house_edge_excluding_pushes
        return BetStats(
            self.bet,
            float(self.win),
            float(self.push),
            float(self.lose),
            float(self.ev),
            float(self.house_edge),
            float(ex) if ex is not None else math.nan,
            float(self.variance),
            self.sd,
        )

    def as_dict(self) -> dict[str, str | float | None]:
        """Every rational figure as a ``"numerator/denominator"`` string; ``sd`` as a float."""
        ex = self.house_edge_excluding_pushes
        return {
            "win": _fraction_text(self.win),
            "push": _fraction_text(self.push),
            "lose": _fraction_text(self.lose),
            "ev": _fraction_text(self.ev),
            "house_edge": _fraction_text(self.house_edge),
            "house_edge_excluding_pushes": _fraction_text(ex) if ex is not None else None,
            "variance": _fraction_text(self.variance),
            "sd": self.sd,
            "hit_frequency": _fraction_text(self.hit_frequency),
        }


def _fraction_text(value: Fraction) -> str:
    """``"numerator/denominator"``, always with the slash (``"0/1"``, ``"8/1"``)."""
    return f"{value.numerator}/{value.denominator}"


def counts_of(
    source: Any, domain: Domain, signature: CardSignature | None = None
) -> Sequence[int] | npt.NDArray[Any]:
    """The weights a bet of ``domain`` (and ``signature``, for a card-level bet) reads, from a
    Distribution or the kernel's ExactCounts."""
    if domain is Domain.CARDS:
        cards = source.card_counts if isinstance(source, Distribution) else source.cards
        found: Sequence[int] | npt.NDArray[Any] | None = (
            cards.get(signature) if signature is not None else None
        )
        if found is None:
            raise PricingError(
                "this distribution has no counts of the card classes this bet reads; "
                "ask for them with its bets (exact_distribution(..., bets=...))"
            )
        return found
    if isinstance(source, Distribution):
        if domain is Domain.PAIRS and not source.has_pairs:
            raise PricingError(
                "this distribution has no pair counts, so a pair bet cannot be priced on it"
            )
        return source.summary_counts if domain is Domain.SUMMARY else source.pair_counts
    counts: npt.NDArray[Any] = source.summary if domain is Domain.SUMMARY else source.pairs
    return counts


def float_probabilities(
    counts: Sequence[int] | npt.NDArray[Any], total: int
) -> npt.NDArray[np.float64]:
    """Counts over their total as float64 (counts may be Python integers of any size)."""
    # Counts below 2**53 convert exactly; larger ones keep 16 significant digits, ample for floats.
    array = np.asarray(counts)
    if array.dtype == object:
        array = np.array([float(c) for c in array], dtype=np.float64)
    return array.astype(np.float64) / float(total)


class BetBook:
    """Several bets' pay vectors stacked into one matrix per domain, to price them all at once.

    Rows of the matrix, for ``k`` bets: nets (``k``), squared nets, win, push and loss indicators.
    Building a book costs a little; pricing with it is one matrix product per domain.
    """

    __slots__ = ("_domains", "bets")

    def __init__(self, bets: Iterable[Bet]) -> None:
        self.bets: tuple[Bet, ...] = tuple(bets)
        names = [bet.name for bet in self.bets]
        if len(set(names)) != len(names):
            raise PricingError(f"a bet book needs distinct bet names, got {names}")
        self._domains: list[
            tuple[Domain, CardSignature | None, list[int], npt.NDArray[np.float64]]
        ] = []
        # One matrix per class space: the summary, the pairs, and each card-level signature.
        spaces = dict.fromkeys((bet.domain, bet.signature) for bet in self.bets)
        for domain, signature in spaces:
            members = [
                i
                for i, bet in enumerate(self.bets)
                if (bet.domain, bet.signature) == (domain, signature)
            ]
            nets = np.array([_float_vector(self.bets[i]) for i in members], dtype=np.float64)
            matrix = np.vstack([nets, nets * nets, nets > 0, nets == 0, nets < 0])
            matrix.setflags(write=False)
            self._domains.append((domain, signature, members, matrix))

    def _figures(
        self, source: Distribution | Any
    ) -> Iterator[tuple[list[int], npt.NDArray[np.float64]]]:
        """Each class space's members and its matrix product: for ``k`` members, ``k`` EVs,
        then ``k`` second moments, win, push and loss probabilities."""
        total = int(source.total)
        for domain, signature, members, matrix in self._domains:
            yield members, matrix @ float_probabilities(counts_of(source, domain, signature), total)

    def price(self, source: Distribution | Any) -> dict[str, BetStats]:
        """Every bet's :class:`BetStats` on ``source`` (a Distribution, or the kernel's counts)."""
        results: list[BetStats | None] = [None] * len(self.bets)
        for members, figures in self._figures(source):
            k = len(members)
            ev, second, win, push, lose = (figures[j * k : (j + 1) * k] for j in range(5))
            variance = np.maximum(second - ev * ev, 0.0)
            resolved = 1.0 - push
            for j, i in enumerate(members):
                e = float(ev[j])
                r = float(resolved[j])
                results[i] = BetStats(
                    self.bets[i].name,
                    float(win[j]),
                    float(push[j]),
                    float(lose[j]),
                    e,
                    -e,
                    -e / r if r > 0 else math.nan,
                    float(variance[j]),
                    math.sqrt(float(variance[j])),
                )
        return {stats.bet: stats for stats in results if stats is not None}

    def house_edges(self, source: Distribution | Any) -> dict[str, float]:
        """Every bet's house edge on ``source``: the same figure as :meth:`price`'s, without
        the rest (what a panel shows every coup)."""
        edges: dict[int, float] = {}
        for members, figures in self._figures(source):
            for j, i in enumerate(members):
                edges[i] = -float(figures[j])
        return {bet.name: edges[i] for i, bet in enumerate(self.bets)}


def _float_vector(bet: Bet) -> list[float]:
    # Few distinct pays: convert each once, not once per class.
    floats = {pay: float(pay) for pay in set(bet.outcome_vector())}
    return [floats[v] for v in bet.outcome_vector()]


# Books by the identity of their bets: hashing a Bet walks its whole pay table, which would cost
# more than pricing. A book keeps its bets alive, so an id cannot be reused while it is cached.
_BOOKS: OrderedDict[tuple[int, ...], BetBook] = OrderedDict()
_BOOKS_KEPT = 64


def _book(bets: Sequence[Bet]) -> BetBook:
    key = tuple(id(bet) for bet in bets)
    book = _BOOKS.get(key)
    if book is not None and all(a is b for a, b in zip(book.bets, bets, strict=True)):
        _BOOKS.move_to_end(key)
        return book
    book = BetBook(bets)
    _BOOKS[key] = book
    if len(_BOOKS) > _BOOKS_KEPT:
        _BOOKS.popitem(last=False)
    return book


def price_bets(
    bets: Iterable[Bet] | Mapping[str, Bet], source: Distribution | Any
) -> dict[str, BetStats]:
    """:class:`BetStats` of every bet (a sequence, or a rule set's ``bets`` mapping), by name."""
    listed = tuple(bets.values()) if isinstance(bets, Mapping) else tuple(bets)
    return _book(listed).price(source)


def house_edges(
    bets: Iterable[Bet] | Mapping[str, Bet], source: Distribution | Any
) -> dict[str, float]:
    """:attr:`BetStats.house_edge` of every bet, by name: what :func:`price_bets` gives, less
    the rest.

    >>> from baccarat.core.catalogue import BANKER, PLAYER
    >>> from baccarat.odds.composition import Composition
    >>> from baccarat.odds.exact import exact_distribution
    >>> d = exact_distribution(Composition.decks(8))
    >>> edges = house_edges((BANKER, PLAYER), d)
    >>> edges == {name: s.house_edge for name, s in price_bets((BANKER, PLAYER), d).items()}
    True
    >>> f"{edges['player']:.4%}"
    '1.2351%'
    """
    listed = tuple(bets.values()) if isinstance(bets, Mapping) else tuple(bets)
    return _book(listed).house_edges(source)


def bet_stats(bet: Bet, distribution: Distribution | Any) -> BetStats:
    """A bet's win/push/loss probabilities, EV, house edge and standard deviation, as floats.

    ``distribution`` is exact counts (:func:`~baccarat.odds.exact.exact_distribution`) or a
    simulator's tallies; a pair bet needs a distribution with pair counts.
    """
    return price_bets((bet,), distribution)[bet.name]


def pay_counts(bet: Bet, distribution: Distribution | Any) -> dict[Fraction, int]:
    """The count of every pay the bet can net on ``distribution`` (exact integers; pays that
    never happen left out)."""
    counts = counts_of(distribution, bet.domain, bet.signature)
    vector = bet.outcome_vector()
    by_pay: dict[Fraction, int] = {}
    if len(vector) > 1000:
        # Few distinct pays over many classes: one exact sum per pay, in numpy.
        pays = sorted(set(vector))
        number = {pay: j for j, pay in enumerate(pays)}
        ids = np.array([number[v] for v in vector]) if len(pays) > 1 else None
        array = np.asarray(counts)
        for j, pay in enumerate(pays):
            total = int(array.sum() if ids is None else array[ids == j].sum())
            if total:
                by_pay[pay] = total
        return by_pay
    for net, count in zip(vector, counts, strict=True):
        if count:
            by_pay[net] = by_pay.get(net, 0) + int(count)
    return by_pay


def exact_bet_stats(bet: Bet, distribution: Distribution | Any) -> ExactBetStats:
    """:func:`bet_stats` as exact fractions."""
    total = int(distribution.total)
    # Few distinct pays per bet: add up the counts per pay first, then multiply as fractions.
    by_pay = pay_counts(bet, distribution)
    win = sum(c for v, c in by_pay.items() if v > 0)
    push = by_pay.get(Fraction(0), 0)
    lose = sum(c for v, c in by_pay.items() if v < 0)
    ev = Fraction(sum(v * c for v, c in by_pay.items())) / total
    second = Fraction(sum(v * v * c for v, c in by_pay.items())) / total
    resolved = Fraction(total - push, total)
    return ExactBetStats(
        bet.name,
        Fraction(win, total),
        Fraction(push, total),
        Fraction(lose, total),
        ev,
        -ev,
        -ev / resolved if resolved else None,
        second - ev * ev,
    )
