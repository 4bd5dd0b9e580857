"""Baccarat Banque: strategies for the three hands, the Banker's best reply, bets on either hand.

In Banque the Banker plays one hand against two Player hands (:mod:`baccarat.chemin.banque.deal`
deals and records the coups) and is free to draw or stand in every situation, seeing both hands.
What is best for him depends on both at once, and on how much is staked on each: a card that helps
him against the right-hand hand may hurt him against the left.

:class:`BanqueGame` computes, exactly on the infinite deck, the Banker's expectation against each
Player hand for any strategies, and his **best reply** to given Player strategies (each hand's
probability of drawing on 5) and stakes: in each situation he draws when that raises his total
expectation, summed over both hands in proportion to their stakes. The Player hands being dealt
independently on the infinite deck, what the Banker sees of one hand tells him nothing about the
other, which makes the computation a sum over each hand's few possible histories.

>>> from fractions import Fraction
>>> game = BanqueGame.of({Seat.RIGHT: Fraction(9, 11), Seat.LEFT: Fraction(9, 11)})
>>> banker = game.banker_best_reply()
>>> point = BanqueChoicePoint(5, HandView(third=4), HandView(third=None))
>>> banker.probability(point)  # the Banker on 5: the right hand drew a 4, the left stood
Fraction(1, 1)
>>> edge = game.banker_edge(banker)
>>> edge[Seat.RIGHT] == edge[Seat.LEFT] > 0
True
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from baccarat.chemin.banque.deal import (
    BanqueChoicePoint,
    BanqueChooser,
    BanqueCoup,
    HandView,
    PlayerChooser,
    Seat,
    deal_banque_coup,
)
from baccarat.chemin.strategy import StrategyError
from baccarat.core.coup import ChoicePoint
from baccarat.core.errors import BaccaratError
from baccarat.core.money import net_amount
from baccarat.core.summary import Winner
from baccarat.core.tableau import CHEMIN_DE_FER, Action, Tableau

__all__ = [
    "BANQUE_BETS",
    "BanqueBanker",
    "BanqueGame",
    "BanqueRun",
    "banque_coup_record",
    "banque_net",
    "banque_situations",
    "player_chooser",
    "settle_banque",
    "simulate_banque",
]

SEATS = (Seat.RIGHT, Seat.LEFT)
VIEWS: tuple[HandView, ...] = (
    HandView(natural=True),
    HandView(third=None),
    *(HandView(third=v) for v in range(10)),
)
"""Everything the Banker can see of one Player hand: a natural, "stood", or a third card 0-9."""


def banque_situations(tableau: Tableau = CHEMIN_DE_FER) -> tuple[BanqueChoicePoint, ...]:
    """Every situation in which the Banque Banker chooses (no Banker natural, not both hands
    naturals): his total by what he sees of the right hand and of the left."""
    return tuple(
        BanqueChoicePoint(total, right, left)
        for total in range(10)
        if not tableau.is_natural(total)
        for right in VIEWS
        for left in VIEWS
        if not (right.natural and left.natural)
    )


def situation_key(point: BanqueChoicePoint) -> str:
    """``B5 R4 L-``: the Banker on 5, the right hand drew a 4, the left stood (``N``: natural)."""
    return f"B{point.total} R{point.right.key} L{point.left.key}"


@dataclass(frozen=True)
class BanqueBanker:
    """The Banque Banker's strategy: his probability of drawing in each situation."""

    draw: Mapping[BanqueChoicePoint, Fraction] = field(hash=False)
    name: str = ""

    def __post_init__(self) -> None:
        for point, p in self.draw.items():
            if not isinstance(p, Fraction | int) or isinstance(p, bool) or not 0 <= p <= 1:
                raise StrategyError(f"{situation_key(point)}: a probability 0-1, got {p!r}")
        object.__setattr__(
            self, "draw", MappingProxyType({k: Fraction(v) for k, v in self.draw.items()})
        )

    def probability(self, point: BanqueChoicePoint) -> Fraction:
        p = self.draw.get(point)
        if p is None:
            raise StrategyError(
                f"Banker strategy {self.name or '(unnamed)'} has no choice for {situation_key(point)}"
            )
        return p

    @property
    def is_pure(self) -> bool:
        return all(p in (0, 1) for p in self.draw.values())

    def chooser(self, rng: random.Random | None = None) -> BanqueChooser:
        """The chooser :func:`~baccarat.chemin.banque.deal.deal_banque_coup` asks (mixed: needs
        ``rng``)."""
        if rng is None and not self.is_pure:
            raise StrategyError("a mixed Banker strategy needs a random source")

        def choose(point: BanqueChoicePoint) -> Action:
            p = self.probability(point)
            if p in (0, 1):
                return Action.DRAW if p == 1 else Action.STAND
            assert rng is not None
            return Action.DRAW if rng.randrange(p.denominator) < p.numerator else Action.STAND

        return choose

    def to_data(self) -> dict[str, str]:
        return {situation_key(p): str(v) for p, v in self.draw.items()}


def player_chooser(
    draw_on_option: Mapping[Seat, Fraction], rng: random.Random | None = None
) -> PlayerChooser:
    """Both Player hands' chooser: each draws at its option with its own probability."""

    def choose(seat: Seat, point: ChoicePoint) -> Action:
        p = Fraction(draw_on_option[seat])
        if p in (0, 1):
            return Action.DRAW if p == 1 else Action.STAND
        if rng is None:
            raise StrategyError(f"the {seat.value} hand mixes on {point.total}: it needs a rng")
        return Action.DRAW if rng.randrange(p.denominator) < p.numerator else Action.STAND

    return choose


_WEIGHTS = (Fraction(4, 13), *(Fraction(1, 13) for _ in range(9)))
"""The infinite deck: each card value's probability on every draw."""


def _two_card_totals() -> tuple[Fraction, ...]:
    totals = [Fraction(0)] * 10
    for a in range(10):
        for b in range(10):
            totals[(a + b) % 10] += _WEIGHTS[a] * _WEIGHTS[b]
    return tuple(totals)


def _sign(a: int, b: int) -> int:
    return (a > b) - (a < b)


@dataclass(frozen=True)
class _SeatTable:
    """For one Player hand: P(view) and the Banker's expected payoff against it, jointly with the
    view, if he stands and if he draws — by Banker total and view."""

    probability: Mapping[HandView, Fraction]
    stand: Mapping[tuple[int, HandView], Fraction]
    draw: Mapping[tuple[int, HandView], Fraction]


@dataclass(frozen=True)
class BanqueGame:
    """Banque on the infinite deck, with each Player hand's probability of drawing at its option."""

    player_draw: Mapping[Seat, Fraction] = field(hash=False)
    tableau: Tableau = CHEMIN_DE_FER
    tables: Mapping[Seat, _SeatTable] = field(hash=False, repr=False, default_factory=dict)

    @classmethod
    def of(
        cls, player_draw: Mapping[Seat, Fraction], tableau: Tableau = CHEMIN_DE_FER
    ) -> BanqueGame:
        """The game in which the hands on ``seat`` draw at their option with ``player_draw[seat]``."""
        draws = {seat: Fraction(player_draw[seat]) for seat in SEATS}
        for seat, p in draws.items():
            if not 0 <= p <= 1:
                raise StrategyError(f"the {seat.value} hand's probability of drawing is {p}")
        return cls(draws, tableau, {seat: _seat_table(draws[seat], tableau) for seat in SEATS})

    def banker_best_reply(
        self, stakes: Mapping[Seat, Fraction] | None = None, name: str = "best reply"
    ) -> BanqueBanker:
        """The Banker's pure best reply to the Player hands, with ``stakes`` on each (default equal).

        In each situation he draws when drawing raises his expectation summed over both hands
        (weighted by stake); where both are equal he stands.
        """
        weights = {seat: Fraction(1) for seat in SEATS} if stakes is None else dict(stakes)
        draw: dict[BanqueChoicePoint, Fraction] = {}
        for point in banque_situations(self.tableau):
            gain = Fraction(0)
            for seat in SEATS:
                view = point.view(seat)
                table = self.tables[seat]
                p_view = table.probability[view]
                if p_view:
                    key = (point.total, view)
                    gain += weights[seat] * (table.draw[key] - table.stand[key]) / p_view
            draw[point] = Fraction(int(gain > 0))
        return BanqueBanker(draw, name)

    def banker_edge(self, banker: BanqueBanker) -> dict[Seat, Fraction]:
        """The Banker's exact expectation per unit staked on each Player hand (Banker +1 on a win)."""
        p2 = _two_card_totals()
        edge: dict[Seat, Fraction] = {}
        for seat in SEATS:
            other = Seat.LEFT if seat is Seat.RIGHT else Seat.RIGHT
            mine, theirs = self.tables[seat], self.tables[other]
            value = Fraction(0)
            for bt in range(10):
                if self.tableau.is_natural(bt):
                    value += p2[bt] * sum((p2[t] * _sign(bt, t) for t in range(10)), Fraction(0))
                    continue
                for view in VIEWS:
                    for seen in VIEWS:
                        p_other = theirs.probability[seen]
                        if not p_other or not mine.probability[view]:
                            continue
                        if view.natural and seen.natural:
                            q = Fraction(0)  # nobody left to play: the Banker stands
                        else:
                            point = (
                                BanqueChoicePoint(bt, view, seen)
                                if seat is Seat.RIGHT
                                else BanqueChoicePoint(bt, seen, view)
                            )
                            q = banker.probability(point)
                        key = (bt, view)
                        joint = q * mine.draw[key] + (1 - q) * mine.stand[key]
                        value += p2[bt] * p_other * joint
            edge[seat] = value
        return edge

    def to_data(self, banker: BanqueBanker) -> dict[str, Any]:
        edge = self.banker_edge(banker)
        return {
            "player_draw_on_option": {s.value: str(p) for s, p in self.player_draw.items()},
            "banker_edge": {s.value: str(v) for s, v in edge.items()},
            "banker_edge_float": {s.value: float(v) for s, v in edge.items()},
            "banker": banker.to_data(),
        }


def _seat_table(p: Fraction, tableau: Tableau) -> _SeatTable:
    p2 = _two_card_totals()
    draws_on = {
        t: Fraction(1) if a is Action.DRAW else Fraction(0) if a is Action.STAND else p
        for t, a in enumerate(tableau.player)
        if not tableau.is_natural(t)
    }
    probability: dict[HandView, Fraction] = dict.fromkeys(VIEWS, Fraction(0))
    stand: dict[tuple[int, HandView], Fraction] = {}
    draw: dict[tuple[int, HandView], Fraction] = {}
    # The hand's possible histories: (view, probability, final total).
    histories: list[tuple[HandView, Fraction, int]] = []
    for t in range(10):
        if tableau.is_natural(t):
            histories.append((VIEWS[0], p2[t], t))
            continue
        if draws_on[t] < 1:
            histories.append((VIEWS[1], p2[t] * (1 - draws_on[t]), t))
        if draws_on[t] > 0:
            for y in range(10):
                histories.append(
                    (HandView(third=y), p2[t] * draws_on[t] * _WEIGHTS[y], (t + y) % 10)
                )
    for view, prob, _ in histories:
        probability[view] += prob
    for bt in range(10):
        if tableau.is_natural(bt):
            continue
        for view in VIEWS:
            stand[(bt, view)] = Fraction(0)
            draw[(bt, view)] = Fraction(0)
        for view, prob, final in histories:
            stand[(bt, view)] += prob * _sign(bt, final)
            if view.natural:
                # Decided on two cards: the Banker's draw (against the other hand) cannot change it.
                draw[(bt, view)] += prob * _sign(bt, final)
            else:
                draw[(bt, view)] += prob * sum(
                    (_WEIGHTS[z] * _sign((bt + z) % 10, final) for z in range(10)), Fraction(0)
                )
    return _SeatTable(probability, stand, draw)


# --- bets on the Player hands -------------------------------------------------------------------

BANQUE_BETS: tuple[str, ...] = ("right", "left", "both")
"""The punters' bets: on the right-hand hand, on the left-hand hand, or on both at once ("à
cheval": it wins if both hands win, loses if both lose, and otherwise wins or loses half per hand —
a hand that ties returns its half)."""


class BanqueBetError(BaccaratError):
    """An unknown Banque bet or a stake that cannot be settled."""


def _outcome(winner: Winner) -> int:
    return 1 if winner is Winner.PLAYER else -1 if winner is Winner.BANKER else 0


def banque_net(coup: BanqueCoup, bet: str) -> Fraction:
    """The punter's net per unit staked on ``bet`` (1:1 on a Player hand; a tie returns the stake).

    >>> from baccarat.core.cards import parse_cards
    >>> coup = BanqueCoup.from_cards(parse_cards("8c 2d 3h Kc Kh 3s 3c"),
    ...     lambda seat, point: Action.DRAW, lambda point: Action.STAND)
    >>> [str(banque_net(coup, bet)) for bet in BANQUE_BETS]  # right wins (natural 8), left loses
    ['1', '-1', '0']
    """
    if bet == "right":
        return Fraction(_outcome(coup.result(Seat.RIGHT)))
    if bet == "left":
        return Fraction(_outcome(coup.result(Seat.LEFT)))
    if bet == "both":
        return Fraction(_outcome(coup.result(Seat.RIGHT)) + _outcome(coup.result(Seat.LEFT)), 2)
    raise BanqueBetError(f"unknown Banque bet {bet!r}: expected right, left or both")


def settle_banque(coup: BanqueCoup, stakes: Mapping[str, int]) -> dict[str, int]:
    """Each bet's net in minor units, through the package's one rounding rule."""
    settled: dict[str, int] = {}
    for bet, stake in stakes.items():
        if isinstance(stake, bool) or not isinstance(stake, int) or stake <= 0:
            raise BanqueBetError(f"stake on {bet!r} must be a positive whole number of minor units")
        settled[bet] = net_amount(stake, banque_net(coup, bet))
    return settled


def banque_coup_record(coup: BanqueCoup) -> dict[str, Any]:
    """A Banque coup as JSON-ready data: the three hands, each Player hand's result, the steps.

    Hands are written as :func:`~baccarat.records.hand_record` writes them; each step carries its
    seat (``right``, ``left``, or null for the Banker), its reason code, its parameters and its
    sentence.
    """
    from baccarat.chemin.banque.deal import explain_banque_coup
    from baccarat.records import hand_record

    sentences = explain_banque_coup(coup)
    return {
        "right": hand_record(coup.right),
        "left": hand_record(coup.left),
        "banker": hand_record(coup.banker),
        "results": {seat.value: coup.result(seat).value for seat in SEATS},
        "steps": [
            {
                "seat": None if s.seat is None else s.seat.value,
                "side": s.step.side.value,
                "action": s.step.action.value,
                "reason": s.step.reason.value,
                "text": text,
                "params": s.step.params(),
            }
            for s, text in zip(coup.steps, sentences, strict=True)
        ],
    }


# --- simulation -----------------------------------------------------------------------------------

PROGRESS_EVERY = 4096
"""Coups between two progress reports."""


@dataclass(frozen=True, slots=True)
class BanqueRun:
    """What a run of Banque coups gave the Banker against each Player hand."""

    coups: int
    banker_net: Mapping[Seat, int]
    decisive: Mapping[Seat, int]
    """Coups in which that hand won or lost (not tied)."""
    interrupted: bool = False
    """Ctrl-C: the figures are for the coups dealt so far."""

    def mean(self, seat: Seat) -> Fraction:
        return Fraction(self.banker_net[seat], self.coups)

    def standard_error(self, seat: Seat) -> float:
        """The standard error of :meth:`mean` (the payoffs are -1, 0 or +1)."""
        n = self.coups
        mean = float(self.mean(seat))
        variance = max(self.decisive[seat] / n - mean * mean, 0.0)
        return math.sqrt(variance / max(n - 1, 1))

    def z(self, seat: Seat, value: Fraction) -> float:
        return (float(self.mean(seat)) - float(value)) / self.standard_error(seat)


def simulate_banque(
    game: BanqueGame,
    banker: BanqueBanker,
    coups: int,
    rng: random.Random,
    progress: Callable[[int, int], None] | None = None,
) -> BanqueRun:
    """Deal ``coups`` Banque coups from the infinite deck with the engine and tally each hand,
    telling ``progress(dealt, coups)`` as it goes. Ctrl-C keeps the coups dealt (after the
    first)."""
    from baccarat.core.cards import full_deck

    deck = full_deck()
    choose_player = player_chooser(game.player_draw, rng)
    choose_banker = banker.chooser(rng)
    # One tuple, replaced whole after each coup, so an interrupt never splits a coup's tally:
    # the coups, then each seat's net and decisive coups.
    tally = (0,) + (0, 0) * len(SEATS)
    interrupted = False
    try:
        for _ in range(coups):
            coup = deal_banque_coup(
                lambda: deck[rng.randrange(52)], choose_player, choose_banker, game.tableau
            )
            outcomes = [-_outcome(coup.result(seat)) for seat in SEATS]
            tally = (
                tally[0] + 1,
                *(
                    x + d
                    for i, o in enumerate(outcomes)
                    for x, d in zip(tally[1 + 2 * i : 3 + 2 * i], (o, o != 0), strict=True)
                ),
            )
            if progress is not None and tally[0] % PROGRESS_EVERY == 0:
                progress(tally[0], coups)
    except KeyboardInterrupt:
        if tally[0] == 0:
            raise
        interrupted = True
    net = {seat: tally[1 + 2 * i] for i, seat in enumerate(SEATS)}
    decisive = {seat: tally[2 + 2 * i] for i, seat in enumerate(SEATS)}
    return BanqueRun(tally[0], net, decisive, interrupted)
