"""Baccarat Banque (à deux tableaux): one Banker hand against two Player hands, dealt and recorded.

The Banker deals a card to the right-hand Player hand (tableau one), one to the left (tableau
two) and one to himself, then a second round in the same order. Then:

1. A Banker natural: every hand stands and each Player hand is decided on two cards.
2. Each Player hand in turn (right, then left): a natural stands and is decided at once against the
   Banker's first two cards; otherwise the hand follows the Player row of the tableau — draw on
   0-4, stand on 6-7, **its holder's choice on 5** in the default Chemin de Fer rules.
3. The Banker, unless both Player hands had naturals, **chooses freely** whether to draw, seeing
   both hands: for each, that it stood, or the value of its third card (dealt face up).
4. Each Player hand not already decided is compared with the Banker's final hand.

Each hand's decisions are :class:`~baccarat.core.coup.Step`\\ s as in every coup, tagged with the
:class:`Seat` they belong to, and explained by the same templates (:func:`explain_banque_coup`).

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.tableau import Action
>>> cards = parse_cards("2c 6d 3h 3s Kd 4h 9c 7c 5s")  # right 2+3=5, left 6+K=6, Banker 3+4=7
>>> coup = BanqueCoup.from_cards(cards, lambda seat, point: Action.DRAW, lambda point: Action.STAND)
>>> coup.right.total, coup.left.total, coup.banker.total
(4, 6, 7)
>>> coup.result(Seat.RIGHT).value, coup.result(Seat.LEFT).value
('banker', 'banker')
>>> for sentence in explain_banque_coup(coup):
...     print(sentence)
Right hand: Player has 5, where the rules leave a choice: the Player's hand chose to draw.
Left hand: Player has 6, in 6–7: Player stands.
Banker has 7, where the rules leave a choice: the Banker's hand chose to stand.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from baccarat.core.cards import Card
from baccarat.core.coup import ChoicePoint, Hand, Step, hand_total
from baccarat.core.errors import CardError, TableauError
from baccarat.core.explain import ENGLISH, explain
from baccarat.core.summary import Winner
from baccarat.core.tableau import CHEMIN_DE_FER, Action, Reason, Side, Tableau

__all__ = [
    "BANQUE_ENGLISH",
    "BanqueChoicePoint",
    "BanqueChooser",
    "BanqueCoup",
    "HandView",
    "PlayerChooser",
    "Seat",
    "SeatStep",
    "deal_banque_coup",
    "explain_banque_coup",
]


class Seat(enum.Enum):
    """The two Player hands of Banque, in dealing order."""

    RIGHT = "right"
    """Tableau one, on the Banker's right: dealt first."""
    LEFT = "left"
    """Tableau two, on the Banker's left."""

    @property
    def title(self) -> str:
        return self.value.capitalize()


SEATS: tuple[Seat, ...] = (Seat.RIGHT, Seat.LEFT)


@dataclass(frozen=True, slots=True)
class HandView:
    """What the Banker sees of one Player hand when he decides.

    ``natural``: it showed a natural (and is already decided); otherwise ``third`` is the value of
    its face-up third card, or None if it stood.
    """

    natural: bool = False
    third: int | None = None

    @property
    def stood(self) -> bool:
        return not self.natural and self.third is None

    @property
    def key(self) -> str:
        """``N`` (natural), ``-`` (stood) or the third card's value."""
        return "N" if self.natural else "-" if self.third is None else str(self.third)


@dataclass(frozen=True, slots=True)
class BanqueChoicePoint:
    """The Banker's decision situation: his two-card total and what he sees of each Player hand."""

    total: int
    right: HandView
    left: HandView

    def view(self, seat: Seat) -> HandView:
        return self.right if seat is Seat.RIGHT else self.left


PlayerChooser = Callable[[Seat, ChoicePoint], Action]
"""A Player hand's strategy: given its seat and its choice point, draw or stand."""

BanqueChooser = Callable[[BanqueChoicePoint], Action]
"""The Banker's strategy in Banque: given the situation, draw or stand."""


@dataclass(frozen=True, slots=True)
class SeatStep:
    """A step of one hand: ``seat`` is the Player hand's seat, None for the Banker."""

    seat: Seat | None
    step: Step


@dataclass(frozen=True, slots=True)
class BanqueCoup:
    """An immutable record of one Banque coup: three hands and the steps that explain them."""

    right: Hand
    left: Hand
    banker: Hand
    steps: tuple[SeatStep, ...]
    natural_totals: frozenset[int] = frozenset({8, 9})

    def hand(self, seat: Seat) -> Hand:
        return self.right if seat is Seat.RIGHT else self.left

    def decided_on_two_cards(self, seat: Seat) -> bool:
        """Whether this Player hand's contest ended on a natural (either side's)."""
        return (
            self.hand(seat).two_card_total in self.natural_totals
            or self.banker.two_card_total in self.natural_totals
        )

    def totals(self, seat: Seat) -> tuple[int, int]:
        """The Player hand's and the Banker's totals that decide this seat."""
        hand = self.hand(seat)
        if self.decided_on_two_cards(seat):
            return hand.two_card_total, self.banker.two_card_total
        return hand.total, self.banker.total

    def result(self, seat: Seat) -> Winner:
        """Who won against this Player hand (``TIE``: a stand-off)."""
        player, banker = self.totals(seat)
        if player > banker:
            return Winner.PLAYER
        return Winner.BANKER if banker > player else Winner.TIE

    @property
    def cards_in_order(self) -> tuple[Card, ...]:
        """The cards as they left the shoe: R1 L1 B1 R2 L2 B2, then the third cards in turn."""
        r, left, b = self.right.cards, self.left.cards, self.banker.cards
        return (r[0], left[0], b[0], r[1], left[1], b[1], *r[2:], *left[2:], *b[2:])

    @classmethod
    def from_cards(
        cls,
        cards: Iterable[Card],
        choose_player: PlayerChooser | None = None,
        choose_banker: BanqueChooser | None = None,
        tableau: Tableau = CHEMIN_DE_FER,
    ) -> BanqueCoup:
        """Deal one coup from cards in shoe order; cards left over are not dealt."""
        given = tuple(cards)
        it = iter(given)

        def draw() -> Card:
            card = next(it, None)
            if card is None:
                raise CardError("not_enough_banque_cards", count=len(given), least=6, most=9)
            return card

        return deal_banque_coup(draw, choose_player, choose_banker, tableau)


def deal_banque_coup(
    draw: Callable[[], Card],
    choose_player: PlayerChooser | None = None,
    choose_banker: BanqueChooser | None = None,
    tableau: Tableau = CHEMIN_DE_FER,
) -> BanqueCoup:
    """Deal a Banque coup from ``draw()`` in shoe order.

    The Player hands follow ``tableau``'s Player row (and its naturals), asking ``choose_player``
    where it leaves a choice; the Banker always asks ``choose_banker``.
    """
    first = [draw() for _ in range(6)]
    hands: dict[Seat | None, list[Card]] = {
        Seat.RIGHT: [first[0], first[3]],
        Seat.LEFT: [first[1], first[4]],
        None: [first[2], first[5]],
    }
    low, high = tableau.natural_range()
    bt = hand_total(hands[None])
    steps: list[SeatStep] = []
    views: dict[Seat, HandView] = {}

    def finish() -> BanqueCoup:
        return BanqueCoup(
            Hand(tuple(hands[Seat.RIGHT])),
            Hand(tuple(hands[Seat.LEFT])),
            Hand(tuple(hands[None])),
            tuple(steps),
            tableau.natural_totals,
        )

    if tableau.is_natural(bt):
        for seat in SEATS:
            total = hand_total(hands[seat])
            reason = Reason.NATURAL if tableau.is_natural(total) else Reason.OPPONENT_NATURAL
            steps.append(SeatStep(seat, Step(Side.PLAYER, Action.STAND, reason, total, low, high)))
        steps.append(SeatStep(None, Step(Side.BANKER, Action.STAND, Reason.NATURAL, bt, low, high)))
        return finish()

    for seat in SEATS:
        hand = hands[seat]
        total = hand_total(hand)
        if tableau.is_natural(total):
            views[seat] = HandView(natural=True)
            steps.append(
                SeatStep(seat, Step(Side.PLAYER, Action.STAND, Reason.NATURAL, total, low, high))
            )
            continue
        decision = tableau.player_decision(total)
        action = decision.action
        if action is Action.OPTION:
            point = ChoicePoint(Side.PLAYER, total)
            if choose_player is None:
                raise TableauError(
                    f"the {seat.value} Player hand has a choice on {total}: pass a strategy "
                    "(choose_player=...)"
                )
            action = _checked(choose_player(seat, point))
        card = draw() if action is Action.DRAW else None
        if card is not None:
            hand.append(card)
        views[seat] = HandView(third=None if card is None else card.value)
        steps.append(
            SeatStep(
                seat,
                Step(
                    Side.PLAYER,
                    action,
                    decision.reason,
                    total,
                    decision.low,
                    decision.high,
                    card=card,
                    chosen=decision.action is Action.OPTION,
                ),
            )
        )

    if all(view.natural for view in views.values()):
        steps.append(
            SeatStep(None, Step(Side.BANKER, Action.STAND, Reason.OPPONENT_NATURAL, bt, low, high))
        )
        return finish()
    if choose_banker is None:
        raise TableauError(
            "in Banque the Banker always chooses: pass a strategy (choose_banker=...)"
        )
    action = _checked(choose_banker(BanqueChoicePoint(bt, views[Seat.RIGHT], views[Seat.LEFT])))
    card = draw() if action is Action.DRAW else None
    if card is not None:
        hands[None].append(card)
    steps.append(
        SeatStep(
            None,
            Step(Side.BANKER, action, Reason.BANKER_OPTION, bt, bt, bt, card=card, chosen=True),
        )
    )
    return finish()


def _checked(action: Action) -> Action:
    if action not in (Action.DRAW, Action.STAND):
        raise TableauError(f"a choice must be draw or stand, got {action!r}")
    return action


BANQUE_ENGLISH: Mapping[str, str] = {
    **ENGLISH,
    "natural": "{side} has a natural {total}: this hand stands.",
    "banque.banker_natural": "{side} has a natural {total}: every hand stands.",
    "banque.both_naturals": "Both Player hands have a natural: {side} stands on {total}.",
    "banque.seat": "{seat} hand: {sentence}",
    "banque.seat.right": "Right",
    "banque.seat.left": "Left",
}
"""The English sentences of a Banque coup: the coup templates of
:data:`~baccarat.core.explain.ENGLISH` (same keys), with the few that Banque says differently —
a Player natural ends only that hand's contest — and the seat names. A language supplies its own
mapping with the same keys."""


def explain_banque_coup(
    coup: BanqueCoup, templates: Mapping[str, str] = BANQUE_ENGLISH
) -> list[str]:
    """Every step's sentence, in order; Player hands' sentences name their seat."""
    sentences: list[str] = []
    for seat_step in coup.steps:
        step = seat_step.step
        chosen = dict(templates)
        if seat_step.seat is None and step.reason is Reason.NATURAL:
            chosen["natural"] = templates["banque.banker_natural"]
        if seat_step.seat is None and step.reason is Reason.OPPONENT_NATURAL:
            chosen["opponent_natural"] = templates["banque.both_naturals"]
        sentence = explain(step, chosen)
        if seat_step.seat is not None:
            seat = templates[f"banque.seat.{seat_step.seat.value}"]
            sentence = templates["banque.seat"].format(seat=seat, sentence=sentence)
        sentences.append(sentence)
    return sentences
