"""A distribution of coups over the summary classes: exact counts from the analyzer, or tallies
from the simulator. Every frequency and every bet is priced from one of these.

Counts are integers (ordered card sequences for the analyzer, coups for the simulator); ``total``
is their sum. The pair counts (9 classes) have the same total, and so do the counts of each
card-level signature it carries (:mod:`baccarat.core.cardspace`): the classes that card-level
bets read.

>>> from baccarat.core.summary import Summary
>>> counts = [0] * 400
>>> counts[Summary(9, 2, 2, 2).index] = 1  # a Player natural
>>> counts[Summary(3, 6, 3, 2).index] = 3  # Player drew, Banker stood
>>> d = Distribution.from_summary_counts(counts)
>>> d.frequency("natural"), d.frequency("player_draws"), d.frequency("cards_per_coup")
(Fraction(1, 4), Fraction(3, 4), Fraction(19, 4))
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType

from baccarat.core.cardspace import CardSignature
from baccarat.core.errors import BaccaratError
from baccarat.core.summary import PAIR_CLASSES, SUMMARY_CLASSES, Summary, Winner

__all__ = ["FREQUENCY_KEYS", "Distribution"]

_FREQUENCIES: dict[str, Callable[[Summary], int]] = {
    "natural": lambda s: int(s.natural),
    "player_draws": lambda s: int(s.player_cards == 3),
    "banker_draws": lambda s: int(s.banker_cards == 3),
    "both_draw": lambda s: int(s.player_cards == 3 and s.banker_cards == 3),
    "cards_per_coup": lambda s: s.cards,
    "cards_4": lambda s: int(s.cards == 4),
    "cards_5": lambda s: int(s.cards == 5),
    "cards_6": lambda s: int(s.cards == 6),
}

FREQUENCY_KEYS: tuple[str, ...] = tuple(_FREQUENCIES)
"""The frequencies every report shows, in order (``cards_per_coup`` is a mean, not a share)."""

FREQUENCY_VALUES: dict[str, tuple[int, ...]] = {
    key: tuple(f(s) for s in SUMMARY_CLASSES) for key, f in _FREQUENCIES.items()
}
"""Each frequency as a value per summary class: its mean over a distribution is the frequency."""


@dataclass(frozen=True, slots=True)
class Distribution:
    """Integer weights of the 400 summary classes, of the 9 pair classes, and of the classes of
    any card-level signatures (by signature)."""

    summary_counts: tuple[int, ...]
    pair_counts: tuple[int, ...]
    total: int
    card_counts: Mapping[CardSignature, tuple[int, ...]] = field(
        default_factory=lambda: MappingProxyType({}), hash=False
    )

    def __post_init__(self) -> None:
        if len(self.summary_counts) != len(SUMMARY_CLASSES):
            raise BaccaratError(f"expected {len(SUMMARY_CLASSES)} summary counts")
        if len(self.pair_counts) != len(PAIR_CLASSES):
            raise BaccaratError(f"expected {len(PAIR_CLASSES)} pair counts")
        if any(c < 0 for c in (*self.summary_counts, *self.pair_counts)):
            raise BaccaratError("counts cannot be negative")
        if self.total <= 0 or sum(self.summary_counts) != self.total:
            raise BaccaratError(f"summary counts must add up to the total {self.total}")
        if sum(self.pair_counts) not in (0, self.total):
            raise BaccaratError(f"pair counts must add up to the total {self.total} (or be empty)")
        for signature, counts in self.card_counts.items():
            if len(counts) != signature.size or sum(counts) != self.total:
                raise BaccaratError(
                    f"card counts must have {signature.size} classes adding up to {self.total}"
                )
        object.__setattr__(self, "card_counts", MappingProxyType(dict(self.card_counts)))

    def __reduce__(self) -> tuple[type[Distribution], tuple[object, ...]]:
        # A read-only mapping cannot be pickled: rebuild from a plain dict (for worker processes).
        return (
            Distribution,
            (self.summary_counts, self.pair_counts, self.total, dict(self.card_counts)),
        )

    @classmethod
    def from_summary_counts(
        cls, summary_counts: Sequence[int], pair_counts: Sequence[int] | None = None
    ) -> Distribution:
        """Build from counts; pair counts default to all zero (no pair information)."""
        pairs = tuple(int(c) for c in pair_counts) if pair_counts is not None else (0,) * 9
        counts = tuple(int(c) for c in summary_counts)
        return cls(counts, pairs, sum(counts))

    @property
    def has_pairs(self) -> bool:
        return sum(self.pair_counts) == self.total

    def probability(self, index: int) -> Fraction:
        """Exact probability of one summary class."""
        return Fraction(self.summary_counts[index], self.total)

    def mean(self, values: Sequence[int | Fraction]) -> Fraction:
        """Exact mean of a value given per summary class."""
        return Fraction(sum(c * v for c, v in zip(self.summary_counts, values, strict=True))) / (
            self.total
        )

    def frequency(self, key: str) -> Fraction:
        """One of :data:`FREQUENCY_KEYS`, exactly."""
        if key not in FREQUENCY_VALUES:
            raise BaccaratError(f"unknown frequency {key!r}: expected one of {FREQUENCY_KEYS}")
        return self.mean(FREQUENCY_VALUES[key])

    def frequencies(self) -> dict[str, Fraction]:
        return {key: self.frequency(key) for key in FREQUENCY_KEYS}

    def winner_counts(self) -> dict[Winner, int]:
        counts = dict.fromkeys(Winner, 0)
        for s, c in zip(SUMMARY_CLASSES, self.summary_counts, strict=True):
            counts[s.winner] += c
        return counts

    def outcomes(self) -> dict[Winner, Fraction]:
        """Probability of a Banker win, a Player win and a tie."""
        return {w: Fraction(c, self.total) for w, c in self.winner_counts().items()}
