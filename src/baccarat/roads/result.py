"""One coup as the roads see it: the outcome, the pairs, the natural and (when known) the totals.

A :class:`RoadResult` is made from a dealt :class:`~baccarat.core.coup.Coup` or read from a result
token: ``B``, ``P`` or ``T``, optionally followed by ``+bp`` (Banker pair), ``+pp`` (Player pair)
and ``+n`` (natural), in any order.

>>> result = RoadResult.parse("B+bp+n")
>>> result.outcome, result.banker_pair, result.player_pair, result.natural
(<Winner.BANKER: 'banker'>, True, False, True)
>>> str(result)
'B+bp+n'
>>> [str(r) for r in parse_results("B P+pp, T")]
['B', 'P+pp', 'T']
>>> RoadResult.parse("X+bp")
Traceback (most recent call last):
...
baccarat.roads.result.RoadError: bad result token 'X+bp': expected B, P or T with optional +bp, +pp, +n, e.g. 'B+bp+n'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import ClassVar, TypeGuard

from baccarat.core.coup import Coup
from baccarat.core.errors import TemplatedError
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side

__all__ = ["RoadError", "RoadResult", "parse_results"]

_OUTCOMES = {"B": Winner.BANKER, "P": Winner.PLAYER, "T": Winner.TIE}
_FLAGS = ("bp", "pp", "n")
_SEPARATORS = re.compile(r"[\s,]+")


class RoadError(TemplatedError):
    """Road input that cannot be read: a bad result token or a result that contradicts itself."""

    templates: ClassVar[Mapping[str, str]] = {
        "bad_result_token": (
            "bad result token {token!r}: expected B, P or T with optional +bp, +pp, +n, "
            "e.g. 'B+bp+n'"
        ),
        "result_flag_twice": "bad result token {token!r}: '+{flag}' is given twice",
        "unknown_result_flag": (
            "bad result token {token!r}: unknown flag '+{flag}'; expected B, P or T with "
            "optional +bp, +pp, +n, e.g. 'B+bp+n'"
        ),
    }


@dataclass(frozen=True, slots=True)
class RoadResult:
    """The facts of one coup that the roads draw.

    ``player_total`` and ``banker_total`` are the final totals, both known (a dealt coup) or both
    ``None`` (a result typed as a token). When known they must agree with the outcome and, for a
    natural, include an 8 or a 9.
    """

    outcome: Winner
    banker_pair: bool = False
    player_pair: bool = False
    natural: bool = False
    player_total: int | None = None
    banker_total: int | None = None

    def __post_init__(self) -> None:
        if not isinstance(self.outcome, Winner):
            raise RoadError(f"outcome must be a Winner, got {self.outcome!r}")
        player, banker = self.player_total, self.banker_total
        if player is None and banker is None:
            return
        if not (_is_total(player) and _is_total(banker)):
            raise RoadError(
                f"totals must both be whole numbers 0 to 9 or both unknown, got {(player, banker)}"
            )
        expected = (
            Winner.BANKER if banker > player else Winner.PLAYER if player > banker else Winner.TIE
        )
        if expected is not self.outcome:
            raise RoadError(
                f"outcome {self.outcome.letter} contradicts the totals: Player {player}, "
                f"Banker {banker}"
            )
        if self.natural and max(player, banker) < 8:
            raise RoadError(
                f"a natural needs a total of 8 or 9, got Player {player}, Banker {banker}"
            )

    @property
    def side(self) -> Side | None:
        """The winning side, or ``None`` for a tie (a tie takes no Big Road cell)."""
        if self.outcome is Winner.BANKER:
            return Side.BANKER
        if self.outcome is Winner.PLAYER:
            return Side.PLAYER
        return None

    @property
    def token(self) -> str:
        """The canonical result token: the outcome letter, then ``+bp``, ``+pp``, ``+n``."""
        flags = (self.banker_pair, self.player_pair, self.natural)
        return self.outcome.letter + "".join(
            f"+{f}" for f, on in zip(_FLAGS, flags, strict=True) if on
        )

    def __str__(self) -> str:
        return self.token

    @classmethod
    def parse(cls, token: str) -> RoadResult:
        """Read one result token (letters in either case; flags in any order, each at most once).

        >>> RoadResult.parse("p+N+pp").token
        'P+pp+n'
        >>> RoadResult.parse("T+n+n")
        Traceback (most recent call last):
        ...
        baccarat.roads.result.RoadError: bad result token 'T+n+n': '+n' is given twice
        """
        head, *flags = token.strip().split("+")
        outcome = _OUTCOMES.get(head.upper())
        if outcome is None:
            raise RoadError("bad_result_token", token=token)
        seen: set[str] = set()
        for flag in flags:
            key = flag.lower()
            if key not in _FLAGS:
                raise RoadError("unknown_result_flag", token=token, flag=flag)
            if key in seen:
                raise RoadError("result_flag_twice", token=token, flag=key)
            seen.add(key)
        return cls(outcome, "bp" in seen, "pp" in seen, "n" in seen)

    @classmethod
    def from_coup(cls, coup: Coup) -> RoadResult:
        """The road facts of a dealt coup, totals included.

        >>> from baccarat.core.cards import parse_cards
        >>> result = RoadResult.from_coup(Coup.from_cards(parse_cards("9c 4h 9d 4s")))
        >>> result.token, result.player_total, result.banker_total
        ('T+bp+pp+n', 8, 8)
        """
        return cls(
            outcome=coup.winner,
            banker_pair=coup.banker.pair,
            player_pair=coup.player.pair,
            natural=coup.natural,
            player_total=coup.player.total,
            banker_total=coup.banker.total,
        )


def _is_total(value: int | None) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value <= 9


def parse_results(text: str) -> tuple[RoadResult, ...]:
    """Read result tokens separated by spaces and/or commas.

    >>> len(parse_results("B B P T  P,B"))
    6
    """
    return tuple(RoadResult.parse(token) for token in _SEPARATORS.split(text.strip()) if token)
