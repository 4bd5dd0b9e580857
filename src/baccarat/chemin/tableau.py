"""Where a Chemin de Fer tableau leaves a hand a choice, and how to fix those choices.

A *choice point* (:class:`~baccarat.core.coup.ChoicePoint`) is what the choosing hand knows: its
own two-card total and, for the Banker after the Player drew, the value of the Player's third card.
Each is a separate information set of the game. :func:`choice_points` lists those of a tableau;
:func:`resolve` replaces every option by a chosen action, which gives an ordinary fixed tableau that
the exact analyzer and the simulator take as they take Punto Banco.

>>> [point_key(p) for p in choice_points(CHEMIN_DE_FER)]
['P5', 'B3/9', 'B5/4']
>>> fixed = resolve(CHEMIN_DE_FER, {p: Action.DRAW for p in choice_points(CHEMIN_DE_FER)})
>>> fixed.has_options, fixed.name
(False, 'chemin-de-fer[P5=D,B3/9=D,B5/4=D]')
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from baccarat.core.coup import ChoicePoint
from baccarat.core.errors import BaccaratError
from baccarat.core.messages import MessageTable
from baccarat.core.tableau import BANKER_DISCRETION, CHEMIN_DE_FER, Action, Side, Tableau

__all__ = [
    "BANKER_DISCRETION",
    "CHEMIN_DE_FER",
    "POINT_LABELS",
    "POINT_MESSAGES",
    "ChoiceError",
    "banker_points",
    "choice_points",
    "decision_points",
    "parse_point",
    "point_key",
    "point_label",
    "resolve",
    "tableau_action",
]


class ChoiceError(BaccaratError):
    """A choice point or a set of choices that does not fit the tableau."""


def decision_points(tableau: Tableau) -> tuple[ChoicePoint, ...]:
    """Every situation in which a hand decides (no natural on the table), forced or free.

    The Player's two-card totals first, then the Banker's by total, each with the Player's third
    card 0-9 and then "the Player stood" (``player_third=None``).
    """
    lows = [t for t in range(10) if not tableau.is_natural(t)]
    player = [ChoicePoint(Side.PLAYER, t) for t in lows]
    return (*player, *banker_points(tableau))


def banker_points(tableau: Tableau) -> tuple[ChoicePoint, ...]:
    """Every Banker decision situation: total (no natural) by the Player's third card or "stood"."""
    return tuple(
        ChoicePoint(Side.BANKER, total, third)
        for total in range(10)
        if not tableau.is_natural(total)
        for third in (*range(10), None)
    )


def tableau_action(tableau: Tableau, point: ChoicePoint) -> Action:
    """The tableau's cell for a decision situation: ``DRAW``, ``STAND`` or ``OPTION``."""
    if point.side is Side.PLAYER:
        return tableau.player[point.total]
    if point.player_third is None:
        return tableau.banker_player_stood[point.total]
    return tableau.banker[point.total][point.player_third]


def choice_points(tableau: Tableau) -> tuple[ChoicePoint, ...]:
    """The decision situations the tableau leaves to the hand (its ``OPTION`` cells), in order."""
    return tuple(p for p in decision_points(tableau) if tableau_action(tableau, p) is Action.OPTION)


def point_key(point: ChoicePoint) -> str:
    """A short stable key: ``P5`` (Player on 5), ``B6-`` (Banker on 6, the Player stood),
    ``B5/4`` (Banker on 5, the Player's third card a 4); where the Banker sees his two cards,
    their values follow the total: ``B6(0+6)-``, ``B5(1+4)/4``."""
    if point.side is Side.PLAYER:
        return f"P{point.total}"
    cards = "" if point.cards is None else f"({point.cards[0]}+{point.cards[1]})"
    third = "-" if point.player_third is None else f"/{point.player_third}"
    return f"B{point.total}{cards}{third}"


_KEY = re.compile(r"(?:P(\d)|B(\d)(?:\((\d)\+(\d)\))?(?:/(\d)|-))\Z")


def parse_point(key: str) -> ChoicePoint:
    """Read a :func:`point_key` back.

    >>> parse_point("B5/4"), parse_point("P5") == ChoicePoint(Side.PLAYER, 5)
    (ChoicePoint(side=<Side.BANKER: 'banker'>, total=5, player_third=4, cards=None), True)
    >>> parse_point("B6(6+0)-").cards
    (0, 6)
    >>> parse_point("B10")
    Traceback (most recent call last):
    ...
    baccarat.chemin.tableau.ChoiceError: unknown choice point 'B10': expected P<total>, B<total>/<third> or B<total>-
    >>> parse_point("B6(1+4)-")
    Traceback (most recent call last):
    ...
    baccarat.chemin.tableau.ChoiceError: choice point 'B6(1+4)-': cards 1 and 4 make 5, not 6
    """
    match = _KEY.match(key.strip().upper())
    if match is None:
        raise ChoiceError(
            f"unknown choice point {key!r}: expected P<total>, B<total>/<third> or B<total>-"
        )
    player, banker, first, second, third = match.groups()
    if player is not None:
        return ChoicePoint(Side.PLAYER, int(player))
    cards = None
    if first is not None:
        low, high = sorted((int(first), int(second)))
        if (low + high) % 10 != int(banker):
            raise ChoiceError(
                f"choice point {key!r}: cards {first} and {second} make {(low + high) % 10}, "
                f"not {banker}"
            )
        cards = (low, high)
    return ChoicePoint(Side.BANKER, int(banker), None if third is None else int(third), cards)


POINT_LABELS: Mapping[str, str] = MappingProxyType(
    {
        "player": "Player on {total}",
        "banker_player_stood": "Banker on {total}, the Player stood",
        "banker": "Banker on {total}, the Player's third card a {third}",
        "banker_cards_player_stood": "Banker on {total} ({first} and {second}), the Player stood",
        "banker_cards": (
            "Banker on {total} ({first} and {second}), the Player's third card a {third}"
        ),
    }
)
"""How :func:`point_label` says a situation in English; another language gives the same keys."""

POINT_MESSAGES = MessageTable(POINT_LABELS, context="chemin point")
"""The choice points to translate (``language.translated(POINT_MESSAGES)``)."""


def point_label(point: ChoicePoint, templates: Mapping[str, str] = POINT_LABELS) -> str:
    """The situation in words: ``Banker on 5, the Player's third card a 4``, or with the
    Banker's cards ``Banker on 5 (1 and 4), the Player's third card a 4``."""
    if point.side is Side.PLAYER:
        return templates["player"].format(total=point.total)
    if point.cards is not None:
        first, second = point.cards
        if point.player_third is None:
            return templates["banker_cards_player_stood"].format(
                total=point.total, first=first, second=second
            )
        return templates["banker_cards"].format(
            total=point.total, first=first, second=second, third=point.player_third
        )
    if point.player_third is None:
        return templates["banker_player_stood"].format(total=point.total)
    return templates["banker"].format(total=point.total, third=point.player_third)


def resolve(
    tableau: Tableau, actions: Mapping[ChoicePoint, Action], name: str | None = None
) -> Tableau:
    """The fixed tableau in which every option of ``tableau`` is replaced by the chosen action.

    ``actions`` must give ``DRAW`` or ``STAND`` for every choice point of the tableau and nothing
    else (a choice at a forced cell is a mistake worth hearing about).
    """
    points = choice_points(tableau)
    missing = [point_key(p) for p in points if p not in actions]
    if missing:
        raise ChoiceError(f"tableau {tableau.name!r}: no choice given for {', '.join(missing)}")
    extra = [point_key(p) for p in actions if p not in points]
    if extra:
        raise ChoiceError(
            f"tableau {tableau.name!r} leaves no choice at {', '.join(extra)} (its options: "
            f"{', '.join(point_key(p) for p in points) or 'none'})"
        )
    for point, action in actions.items():
        if action not in (Action.DRAW, Action.STAND):
            raise ChoiceError(
                f"a choice at {point_key(point)} must be draw or stand, got {action!r}"
            )

    def cell(point: ChoicePoint) -> Action:
        return actions.get(point, tableau_action(tableau, point))

    player = tuple(
        tableau.player[t] if tableau.is_natural(t) else cell(ChoicePoint(Side.PLAYER, t))
        for t in range(10)
    )
    stood = tuple(
        tableau.banker_player_stood[t]
        if tableau.is_natural(t)
        else cell(ChoicePoint(Side.BANKER, t, None))
        for t in range(10)
    )
    banker = tuple(
        tableau.banker[t]
        if tableau.is_natural(t)
        else tuple(cell(ChoicePoint(Side.BANKER, t, v)) for v in range(10))
        for t in range(10)
    )
    if name is None:
        letters = ",".join(
            f"{point_key(p)}={'D' if actions[p] is Action.DRAW else 'S'}" for p in points
        )
        name = f"{tableau.name}[{letters}]"
    return Tableau(name, tableau.natural_totals, player, stood, banker)
