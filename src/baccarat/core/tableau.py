"""The draw rules (the *tableau*) as data, and the one engine that reads them.

A :class:`Tableau` holds three tables of :class:`Action`: the Player's action by two-card total,
the Banker's action when the Player stood, and the Banker's action by Banker two-card total and
the value of the Player's third card. Every decision comes back with a :class:`Reason` and the range
of the table that applied, worked out from the data, so a variant with other rules is new data and
its explanations stay right without new code.

Every game's tableau is here: :data:`PUNTO_BANCO` (every cell forced), :data:`CHEMIN_DE_FER` (the
Player's option on 5 and the Banker's two traditional options) and :data:`BANKER_DISCRETION` (the
same Player, and a Banker free in every situation). Where the rules leave a hand a choice, the
cell says ``OPTION``, so one engine deals them all and the choices land in the coup's steps.

>>> PUNTO_BANCO.banker_decision(4, player_third=6)
Decision(action=<Action.DRAW: 'draw'>, reason=<Reason.BANKER_THIRD_CARD_DRAWS: 'banker_third_card_draws'>, low=2, high=7)
>>> PUNTO_BANCO.player_decision(6).reason.value
'player_stands'
>>> print(CHEMIN_DE_FER.to_text().splitlines()[1])
Player draws on 0-4, stands on 6-7, may choose on 5.
>>> CHEMIN_DE_FER.banker_decision(5, player_third=4).reason.value
'banker_option'
>>> BANKER_DISCRETION.banker_decision(0, player_third=None).action
<Action.OPTION: 'option'>
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from baccarat.core.errors import TableauError

__all__ = [
    "BANKER_DISCRETION",
    "CHEMIN_DE_FER",
    "PUNTO_BANCO",
    "Action",
    "Decision",
    "Reason",
    "Side",
    "Tableau",
    "total_ranges",
]


class Side(enum.Enum):
    """The two hands of Punto Banco."""

    PLAYER = "player"
    BANKER = "banker"

    @property
    def title(self) -> str:
        """``Player`` or ``Banker``."""
        return self.value.capitalize()


class Action(enum.Enum):
    """What a hand does at its decision point; in a tableau, ``OPTION`` marks a free choice."""

    DRAW = "draw"
    STAND = "stand"
    OPTION = "option"
    """Only in tableau cells (Chemin de Fer, Banque): the hand may draw or stand as it chooses."""


class Reason(enum.Enum):
    """Why a hand drew or stood. The values are stable codes used in JSON and translations."""

    NATURAL = "natural"
    """This hand's first two cards total a natural (8 or 9): both hands stand."""
    OPPONENT_NATURAL = "opponent_natural"
    """The other hand has a natural: this hand stands whatever its total."""
    PLAYER_DRAWS = "player_draws"
    """The Player's two-card total is in a drawing range (0–5)."""
    PLAYER_STANDS = "player_stands"
    """The Player's two-card total is in a standing range (6–7)."""
    BANKER_PLAYER_STOOD_DRAWS = "banker_player_stood_draws"
    """The Player stood; the Banker's total is in the range that draws (0–5)."""
    BANKER_PLAYER_STOOD_STANDS = "banker_player_stood_stands"
    """The Player stood; the Banker's total is in the range that stands (6–7)."""
    BANKER_ALWAYS_DRAWS = "banker_always_draws"
    """The Banker's total draws whatever the Player's third card (0–2)."""
    BANKER_ALWAYS_STANDS = "banker_always_stands"
    """The Banker's total stands whatever the Player's third card (7)."""
    BANKER_THIRD_CARD_DRAWS = "banker_third_card_draws"
    """The Player's third card is in the range that makes this Banker total draw."""
    BANKER_THIRD_CARD_STANDS = "banker_third_card_stands"
    """The Player's third card is in the range that makes this Banker total stand."""
    PLAYER_OPTION = "player_option"
    """The rules leave the Player's hand a choice on this total; the step's action is the choice."""
    BANKER_OPTION = "banker_option"
    """The rules leave the Banker's hand a choice in this cell; the step's action is the choice."""


@dataclass(frozen=True, slots=True)
class Decision:
    """An action with the reason for it and the inclusive range of the table that applied.

    For Player decisions and ``BANKER_PLAYER_STOOD_*`` the range is of two-card totals; for
    ``BANKER_THIRD_CARD_*`` it is of the Player's third-card value; for ``BANKER_ALWAYS_*`` it is of
    Banker totals whose whole row is the same; for naturals it is the natural totals.
    """

    action: Action
    reason: Reason
    low: int
    high: int


_TOTALS = range(10)


def _run_around(
    values: Sequence[Action], index: int, skip: frozenset[int] = frozenset()
) -> tuple[int, int]:
    """The inclusive bounds of the run of equal actions that contains ``values[index]``.

    Indices in ``skip`` (natural totals, which never reach the rule) end a run.
    """
    low = high = index
    while low > 0 and low - 1 not in skip and values[low - 1] is values[index]:
        low -= 1
    while high < len(values) - 1 and high + 1 not in skip and values[high + 1] is values[index]:
        high += 1
    return low, high


_LETTERS = {"D": Action.DRAW, "S": Action.STAND, "O": Action.OPTION}


def _parse_row(row: str, what: str) -> tuple[Action, ...]:
    if len(row) != 10 or any(ch not in _LETTERS for ch in row.upper()):
        raise TableauError(f"{what}: expected 10 letters D, S or O (option), got {row!r}")
    return tuple(_LETTERS[ch] for ch in row.upper())


@dataclass(frozen=True, slots=True)
class Tableau:
    """The fixed draw rules of a game, as data.

    ``player[t]`` is the Player's action on two-card total ``t``; ``banker_player_stood[t]`` the
    Banker's action on ``t`` when the Player stood; ``banker[t][v]`` the Banker's action on ``t`` when
    the Player drew a third card of value ``v``. Hands whose two-card total is in ``natural_totals``
    end the coup at once. Rows for natural totals are never consulted.
    """

    name: str
    natural_totals: frozenset[int]
    player: tuple[Action, ...]
    banker_player_stood: tuple[Action, ...]
    banker: tuple[tuple[Action, ...], ...]

    def __post_init__(self) -> None:
        if not self.natural_totals <= set(_TOTALS):
            raise TableauError(f"natural totals must be in 0-9, got {sorted(self.natural_totals)}")
        if len(self.player) != 10 or len(self.banker_player_stood) != 10:
            raise TableauError(f"tableau {self.name!r}: Player rows need 10 entries")
        if len(self.banker) != 10 or any(len(row) != 10 for row in self.banker):
            raise TableauError(f"tableau {self.name!r}: the Banker table needs 10 rows of 10")

    @classmethod
    def from_rows(
        cls,
        name: str,
        *,
        player: str,
        banker_player_stood: str,
        banker: Mapping[int, str],
        natural_totals: frozenset[int] = frozenset({8, 9}),
    ) -> Tableau:
        """Build a tableau from rows of ``D`` (draw) and ``S`` (stand), indexed 0–9.

        Banker rows not given stand.

        >>> t = Tableau.from_rows("all-stand", player="S" * 10, banker_player_stood="S" * 10, banker={})
        >>> t.player_decision(0).action
        <Action.STAND: 'stand'>
        """
        for total in banker:
            if total not in _TOTALS:
                raise TableauError(f"Banker row {total!r} is not a total 0-9")
        return cls(
            name=name,
            natural_totals=natural_totals,
            player=_parse_row(player, "Player row"),
            banker_player_stood=_parse_row(banker_player_stood, "Banker row (Player stood)"),
            banker=tuple(
                _parse_row(banker.get(total, "S" * 10), f"Banker row {total}") for total in _TOTALS
            ),
        )

    def is_natural(self, two_card_total: int) -> bool:
        """Whether a two-card total is a natural."""
        return two_card_total in self.natural_totals

    def natural_range(self) -> tuple[int, int]:
        """The lowest and highest natural total (8, 9 in Punto Banco)."""
        return min(self.natural_totals), max(self.natural_totals)

    @property
    def has_options(self) -> bool:
        """Whether any cell leaves a hand a choice (then dealing needs a chooser)."""
        return any(
            Action.OPTION in row for row in (self.player, self.banker_player_stood, *self.banker)
        )

    def player_decision(self, total: int) -> Decision:
        """The Player's action on a two-card total (no natural on the table).

        An ``OPTION`` cell comes back as action ``OPTION`` with reason ``PLAYER_OPTION``.
        """
        _check_total(total)
        action = self.player[total]
        low, high = _run_around(self.player, total, self.natural_totals)
        reason = {
            Action.DRAW: Reason.PLAYER_DRAWS,
            Action.STAND: Reason.PLAYER_STANDS,
            Action.OPTION: Reason.PLAYER_OPTION,
        }[action]
        return Decision(action, reason, low, high)

    def banker_decision(self, total: int, player_third: int | None) -> Decision:
        """The Banker's action on a two-card total, given the Player's third-card value (or None)."""
        _check_total(total)
        if player_third is None:
            action = self.banker_player_stood[total]
            low, high = _run_around(self.banker_player_stood, total, self.natural_totals)
            reason = {
                Action.DRAW: Reason.BANKER_PLAYER_STOOD_DRAWS,
                Action.STAND: Reason.BANKER_PLAYER_STOOD_STANDS,
                Action.OPTION: Reason.BANKER_OPTION,
            }[action]
            return Decision(action, reason, low, high)
        _check_total(player_third)
        row = self.banker[total]
        action = row[player_third]
        if action is Action.OPTION:
            low, high = _run_around(row, player_third)
            return Decision(action, Reason.BANKER_OPTION, low, high)
        if all(cell is action for cell in row):
            # The whole row is one action: report the band of Banker totals that always do it.
            uniform = tuple(
                action if all(cell is action for cell in r) else None for r in self.banker
            )
            low, high = total, total
            while low > 0 and uniform[low - 1] is action:
                low -= 1
            while high < 9 and uniform[high + 1] is action and high + 1 not in self.natural_totals:
                high += 1
            reason = (
                Reason.BANKER_ALWAYS_DRAWS if action is Action.DRAW else Reason.BANKER_ALWAYS_STANDS
            )
            return Decision(action, reason, low, high)
        low, high = _run_around(row, player_third)
        reason = (
            Reason.BANKER_THIRD_CARD_DRAWS
            if action is Action.DRAW
            else Reason.BANKER_THIRD_CARD_STANDS
        )
        return Decision(action, reason, low, high)

    def to_text(self) -> str:
        """The draw table as plain text, generated from the data.

        >>> print(PUNTO_BANCO.to_text().splitlines()[7])
        Banker  3 | D  D  D  D  D  D  D  D  S  D | D
        """
        lows = [t for t in _TOTALS if t not in self.natural_totals]
        by_action = {
            a: total_ranges(t for t in lows if self.player[t] is a) or "none" for a in Action
        }
        player_rule = (
            f"Player draws on {by_action[Action.DRAW]}, stands on {by_action[Action.STAND]}"
        )
        if any(self.player[t] is Action.OPTION for t in lows):
            player_rule += f", may choose on {by_action[Action.OPTION]}"
        lines = [
            f"Naturals: a two-card total of {_join(sorted(self.natural_totals))} - both hands stand.",
            player_rule + ".",
            "Banker: D = draw, S = stand"
            + (", O = option" if self.has_options else "")
            + ", by the Player's third card (0-9) or '-' if the Player stood",
            "            " + "  ".join(str(v) for v in _TOTALS) + "   -",
        ]
        for total in lows:
            cells = "  ".join(self._letter(a) for a in self.banker[total])
            lines.append(
                f"Banker {total:>2} | {cells} | {self._letter(self.banker_player_stood[total])}"
            )
        return "\n".join(lines)

    @staticmethod
    def _letter(action: Action) -> str:
        return {Action.DRAW: "D", Action.STAND: "S", Action.OPTION: "O"}[action]


def _check_total(total: int) -> None:
    if total not in _TOTALS:
        raise TableauError(f"a hand total is 0-9, got {total!r}")


def _join(values: Sequence[int]) -> str:
    return " or ".join(str(v) for v in values)


def total_ranges(values: Iterable[int], dash: str = "-") -> str:
    """Totals as runs, in order: the one way every page and command writes them.

    >>> total_ranges([0, 1, 2, 5]), total_ranges([7]), total_ranges([6, 3, 4], dash="–")
    ('0-2, 5', '7', '3–4, 6')
    >>> total_ranges([])
    ''
    """
    runs: list[list[int]] = []
    for value in sorted(values):
        if runs and runs[-1][-1] == value - 1:
            runs[-1].append(value)
        else:
            runs.append([value])
    return ", ".join(f"{r[0]}{dash}{r[-1]}" if len(r) > 1 else str(r[0]) for r in runs)


PUNTO_BANCO = Tableau.from_rows(
    "punto-banco",
    # Two-card totals 0..9 (8 and 9 are naturals and never reach this row).
    player="DDDDDDSSSS",
    banker_player_stood="DDDDDDSSSS",
    # Banker total -> action by the Player's third-card value 0..9.
    banker={
        0: "DDDDDDDDDD",
        1: "DDDDDDDDDD",
        2: "DDDDDDDDDD",
        3: "DDDDDDDDSD",
        4: "SSDDDDDDSS",
        5: "SSSSDDDDSS",
        6: "SSSSSSDDSS",
        7: "SSSSSSSSSS",
    },
)
"""The fixed Punto Banco (and mini-baccarat) tableau."""

# --- Chemin de Fer --------------------------------------------------------------------------------
# Baccarat played between two people: the Player ("ponte", who holds the punters' cards) and the
# Banker (a player holding the shoe). Naturals are as in Punto Banco. The Player draws on 0-4,
# stands on 6-7 and may choose on 5. The Banker follows a table close to the Punto Banco one, except
# that in two cells the traditional rules leave him free: a 3 against a Player's third card of 9,
# and a 5 against a Player's third card of 4 (the rules as printed by Scarne and quoted at
# gaming-dictionary.pokerwiner.com/chemin-de-fer-must-play-poker.html; see docs/chemin.md). When
# the Player stood, the Banker draws on 0-5 and stands on 6-7.

CHEMIN_DE_FER = Tableau.from_rows(
    "chemin-de-fer",
    # Two-card totals 0..9; O = the Player's option on 5.
    player="DDDDDOSSSS",
    banker_player_stood="DDDDDDSSSS",
    # Banker total -> action by the Player's third-card value 0..9; O = the Banker's option.
    banker={
        0: "DDDDDDDDDD",
        1: "DDDDDDDDDD",
        2: "DDDDDDDDDD",
        3: "DDDDDDDDSO",
        4: "SSDDDDDDSS",
        5: "SSSSODDDSS",
        6: "SSSSSSDDSS",
        7: "SSSSSSSSSS",
    },
)
"""Chemin de Fer: the Player's option on 5 and the Banker's two traditional options."""

BANKER_DISCRETION = Tableau.from_rows(
    "chemin-de-fer-banker-discretion",
    player="DDDDDOSSSS",
    # Rows and cells for natural totals (8, 9) are never consulted.
    banker_player_stood="OOOOOOOOSS",
    banker=dict.fromkeys(range(8), "O" * 10),
)
"""The game studied by Kemeny and Snell (1957): the Player's option on 5, and the Banker free in
every situation."""
