"""Dealing one coup: P, B, P, B; naturals; the Player's third card; the Banker's decision.

A :class:`Coup` is an immutable record of both hands, the winner and the ordered :class:`Step`\\ s
that say why each hand drew or stood. Deal it from explicit cards (replays, tests) or from a shoe.

>>> from baccarat.core.cards import parse_cards
>>> coup = Coup.from_cards(parse_cards("7c 2s Kd 3h 4c"))
>>> coup.player.total, coup.banker.total, coup.winner.value
(7, 9, 'banker')
>>> [(s.side.value, s.action.value, s.reason.value) for s in coup.steps]
[('player', 'stand', 'player_stands'), ('banker', 'draw', 'banker_player_stood_draws')]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from baccarat.core.cards import Card
from baccarat.core.errors import CardError, TableauError
from baccarat.core.summary import PairKind, PairSummary, Summary, Winner
from baccarat.core.tableau import PUNTO_BANCO, Action, Reason, Side, Tableau

__all__ = ["ChoicePoint", "Chooser", "Coup", "Hand", "Step", "deal_coup", "hand_total"]


def hand_total(cards: Iterable[Card]) -> int:
    """The baccarat total of some cards: the sum of their values, modulo 10.

    >>> from baccarat.core.cards import parse_cards
    >>> hand_total(parse_cards("9c 8d"))
    7
    """
    return sum(card.value for card in cards) % 10


@dataclass(frozen=True, slots=True)
class Hand:
    """One side's cards in the order dealt."""

    cards: tuple[Card, ...]

    @property
    def total(self) -> int:
        """Final total."""
        return hand_total(self.cards)

    @property
    def two_card_total(self) -> int:
        """Total of the first two cards."""
        return hand_total(self.cards[:2])

    @property
    def drew(self) -> bool:
        """Whether this hand took a third card."""
        return len(self.cards) == 3

    @property
    def third_card(self) -> Card | None:
        return self.cards[2] if self.drew else None

    @property
    def pair(self) -> bool:
        """Whether the first two cards have the same rank."""
        return self.cards[0].rank is self.cards[1].rank

    @property
    def pair_kind(self) -> PairKind:
        """:class:`PairKind` of the first two cards."""
        if not self.pair:
            return PairKind.NONE
        return PairKind.SUITED if self.cards[0].suit is self.cards[1].suit else PairKind.PAIR


@dataclass(frozen=True, slots=True)
class ChoicePoint:
    """A place where the rules let a hand choose: what that hand knows when it chooses.

    ``total`` is the choosing hand's two-card total; ``player_third`` the value of the Player's
    third card when the Banker chooses after the Player drew (None otherwise). ``cards`` is the
    values of the hand's two cards, lower first, in a model where the hand decides on their
    composition and not only on their total (None: on the total alone).
    """

    side: Side
    total: int
    player_third: int | None = None
    cards: tuple[int, int] | None = None


Chooser = Callable[[ChoicePoint], Action]
"""A strategy: given a choice point, return ``Action.DRAW`` or ``Action.STAND``."""


@dataclass(frozen=True, slots=True)
class Step:
    """One decision of one hand and everything that justifies it.

    ``total`` is the hand's two-card total; ``player_third`` the value of the Player's third card
    when the Banker decided after the Player drew; ``low``–``high`` the range of the rule that
    applied (see :class:`~baccarat.core.tableau.Decision`); ``card`` the card drawn, if any.
    """

    side: Side
    action: Action
    reason: Reason
    total: int
    low: int
    high: int
    player_third: int | None = None
    card: Card | None = None
    chosen: bool = False
    """True when the rules gave this hand a choice (draw or stand) and ``action`` is the choice."""

    def params(self) -> dict[str, str | int]:
        """The step's parameters by name, for templates and JSON."""
        params: dict[str, str | int] = {
            "side": self.side.value,
            "total": self.total,
            "low": self.low,
            "high": self.high,
        }
        if self.player_third is not None:
            params["player_third"] = self.player_third
        if self.card is not None:
            params["card"] = str(self.card)
            params["card_value"] = self.card.value
        if self.chosen:
            params["options"] = "draw,stand"
            params["choice"] = self.action.value
        return params


@dataclass(frozen=True, slots=True)
class Coup:
    """An immutable record of one dealt coup."""

    player: Hand
    banker: Hand
    steps: tuple[Step, ...]

    @property
    def winner(self) -> Winner:
        return self.summary.winner

    @property
    def natural(self) -> bool:
        """Whether either hand had a natural."""
        return any(step.reason is Reason.NATURAL for step in self.steps)

    @property
    def cards_used(self) -> int:
        return len(self.player.cards) + len(self.banker.cards)

    @property
    def cards_in_order(self) -> tuple[Card, ...]:
        """The cards in the order they left the shoe: P1 B1 P2 B2, then the third cards."""
        p, b = self.player.cards, self.banker.cards
        return (p[0], b[0], p[1], b[1], *p[2:], *b[2:])

    @property
    def summary(self) -> Summary:
        return Summary(
            self.player.total, self.banker.total, len(self.player.cards), len(self.banker.cards)
        )

    @property
    def pairs(self) -> PairSummary:
        return PairSummary(self.player.pair_kind, self.banker.pair_kind)

    def hand(self, side: Side) -> Hand:
        return self.player if side is Side.PLAYER else self.banker

    @classmethod
    def from_cards(
        cls, cards: Iterable[Card], tableau: Tableau = PUNTO_BANCO, choose: Chooser | None = None
    ) -> Coup:
        """Deal one coup from cards in shoe order; cards left over are not dealt.

        >>> from baccarat.core.cards import parse_cards
        >>> Coup.from_cards(parse_cards("7c 2s Kd"))
        Traceback (most recent call last):
        ...
        baccarat.core.errors.CardError: not enough cards for a coup: got 3 ('7c 2s Kd'), a coup needs 4 to 6
        """
        given = tuple(cards)
        it = iter(given)

        def draw() -> Card:
            card = next(it, None)
            if card is None:
                shown = " ".join(str(c) for c in given)
                raise CardError("not_enough_cards", count=len(given), cards=shown, least=4, most=6)
            return card

        return deal_coup(draw, tableau, choose)


def deal_coup(
    draw: Callable[[], Card], tableau: Tableau = PUNTO_BANCO, choose: Chooser | None = None
) -> Coup:
    """Deal a coup, taking each card from ``draw()`` in shoe order, by the rules in ``tableau``.

    Where the tableau leaves a hand a choice (``Action.OPTION``), ``choose`` decides; the step
    records the choice with ``chosen=True``.
    """
    p1, b1, p2, b2 = draw(), draw(), draw(), draw()
    player, banker = [p1, p2], [b1, b2]
    pt, bt = hand_total(player), hand_total(banker)
    steps: list[Step] = []
    if tableau.is_natural(pt) or tableau.is_natural(bt):
        low, high = tableau.natural_range()
        for side, total in ((Side.PLAYER, pt), (Side.BANKER, bt)):
            reason = Reason.NATURAL if tableau.is_natural(total) else Reason.OPPONENT_NATURAL
            steps.append(Step(side, Action.STAND, reason, total, low, high))
        return Coup(Hand(tuple(player)), Hand(tuple(banker)), tuple(steps))

    player_third: int | None = None
    for side, hand, total in ((Side.PLAYER, player, pt), (Side.BANKER, banker, bt)):
        decision = (
            tableau.player_decision(total)
            if side is Side.PLAYER
            else tableau.banker_decision(total, player_third)
        )
        action = decision.action
        if action is Action.OPTION:
            action = _choose(choose, ChoicePoint(side, total, player_third), tableau)
        card = draw() if action is Action.DRAW else None
        if card is not None:
            hand.append(card)
            if side is Side.PLAYER:
                player_third = card.value
        steps.append(
            Step(
                side,
                action,
                decision.reason,
                total,
                decision.low,
                decision.high,
                player_third if side is Side.BANKER else None,
                card,
                chosen=decision.action is Action.OPTION,
            )
        )
    return Coup(Hand(tuple(player)), Hand(tuple(banker)), tuple(steps))


def _choose(choose: Chooser | None, point: ChoicePoint, tableau: Tableau) -> Action:
    if choose is None:
        raise TableauError(
            f"tableau {tableau.name!r} gives the {point.side.value} a choice on {point.total}"
            + ("" if point.player_third is None else f" against a third card {point.player_third}")
            + ": pass a strategy (choose=...)"
        )
    action = choose(point)
    if action not in (Action.DRAW, Action.STAND):
        raise TableauError(f"a choice must be draw or stand, got {action!r}")
    return action
