"""The coup summary: the few facts of a coup on which every bet is decided.

A coup reduces to the Player's and the Banker's final totals and how many cards each side holds
(2 or 3): 400 classes, from which the winner, the naturals and the number of cards follow. Pair
bets look only at each side's first two cards, reduced to a :class:`PairKind` per side (9 classes).
The exact analyzer, the simulator and settlement all speak in these classes, so a bet is described
once, as a pay table over them.

>>> s = Summary(player_total=3, banker_total=6, player_cards=3, banker_cards=2)
>>> s.winner, s.natural, s.cards, s.index
(<Winner.BANKER: 'banker'>, False, 5, 146)
>>> Summary.from_index(146) == s
True
"""

from __future__ import annotations

import enum
from dataclasses import dataclass

__all__ = [
    "PAIR_CLASSES",
    "SUMMARY_CLASSES",
    "PairKind",
    "PairSummary",
    "Summary",
    "Winner",
]


class Winner(enum.Enum):
    """The result of a coup."""

    PLAYER = "player"
    BANKER = "banker"
    TIE = "tie"

    @property
    def letter(self) -> str:
        """``P``, ``B`` or ``T`` (the bead letter)."""
        return self.value[0].upper()


@dataclass(frozen=True, slots=True)
class Summary:
    """Final totals and card counts of both sides; index ``pt*40 + bt*4 + (pc-2)*2 + (bc-2)``."""

    player_total: int
    banker_total: int
    player_cards: int
    banker_cards: int

    @property
    def winner(self) -> Winner:
        if self.player_total > self.banker_total:
            return Winner.PLAYER
        if self.banker_total > self.player_total:
            return Winner.BANKER
        return Winner.TIE

    @property
    def natural(self) -> bool:
        """Whether the coup ended on a natural (an 8 or 9 on two cards).

        Without a natural at least one side draws unless both stand on 6-7, so two-card hands with
        a final 8 or 9 can only come from a natural.
        """
        return (
            self.player_cards == 2
            and self.banker_cards == 2
            and max(self.player_total, self.banker_total) >= 8
        )

    @property
    def cards(self) -> int:
        """Cards dealt in the coup (4, 5 or 6)."""
        return self.player_cards + self.banker_cards

    @property
    def index(self) -> int:
        """The class number, 0–399."""
        return (
            self.player_total * 40
            + self.banker_total * 4
            + (self.player_cards - 2) * 2
            + (self.banker_cards - 2)
        )

    @classmethod
    def from_index(cls, index: int) -> Summary:
        """The summary with class number ``index`` (0–399)."""
        return SUMMARY_CLASSES[index]


SUMMARY_CLASSES: tuple[Summary, ...] = tuple(
    Summary(pt, bt, pc, bc)
    for pt in range(10)
    for bt in range(10)
    for pc in (2, 3)
    for bc in (2, 3)
)
"""All 400 summary classes, in index order (some are impossible under a given tableau)."""


class PairKind(enum.IntEnum):
    """What a side's first two cards make, for the pair bets."""

    NONE = 0
    PAIR = 1
    """Same rank, different suits."""
    SUITED = 2
    """Same rank and suit (a perfect pair; only possible with two or more decks)."""


@dataclass(frozen=True, slots=True)
class PairSummary:
    """Both sides' :class:`PairKind`; index ``player*3 + banker``.

    >>> PairSummary(PairKind.SUITED, PairKind.NONE).index
    6
    """

    player: PairKind
    banker: PairKind

    @property
    def index(self) -> int:
        return int(self.player) * 3 + int(self.banker)


PAIR_CLASSES: tuple[PairSummary, ...] = tuple(PairSummary(p, b) for p in PairKind for b in PairKind)
"""All 9 pair classes, in index order."""
