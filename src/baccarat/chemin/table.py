"""A learner's Chemin de Fer practice table: its shoe, the coup waiting for a choice, the record.

Each player has a table of their own: a real shoe (shuffled, burned, with its cut card, dealt by
:class:`~baccarat.core.shoe.Shoe`) kept in memory, never shown whole. A coup is dealt in the two
steps of :mod:`baccarat.chemin.practice`: the first four cards, then — when the learner holds 5 and
no natural is out — a stop for the choice (draw or stand), and then the rest, the Banker playing the
optimal strategy of the game solved for that shoe. The live shoe deals the same coup once it is
decided, so it moves on exactly as the engine's shoe does. :class:`CheminTables` keeps every
player's table behind one lock, with the session's record and running :class:`Tally`; what it
refuses it raises as a :class:`CheminError`, whose template another layer shows in the reader's
language.

>>> from datetime import UTC, datetime
>>> from baccarat.core.cards import full_deck, parse_cards
>>> first = parse_cards("Ac 2c 2d 9d 3h 8s 4c Kd")  # burn an ace and one card; Player 5, Banker 7
>>> tables = CheminTables(
...     random.Random(1), shuffle=lambda rules: (*first, *full_deck() * rules.decks)[: rules.size]
... )
>>> when = datetime(2026, 1, 1, tzinfo=UTC)
>>> table = tables.deal("learner", when)
>>> table.pending.deal.player_total, table.pending.deal.needs_choice
(5, True)
>>> table = tables.choose("learner", when, "1-1", "draw")
>>> table.last.result.coup.winner.value, table.tally.coups, table.pending is None
('player', 1, True)
>>> tables.choose("learner", when, "1-1", "draw")
Traceback (most recent call last):
...
baccarat.chemin.table.CheminError: No coup is waiting for a choice: deal a coup first.
"""

from __future__ import annotations

import copy
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from typing import ClassVar

from baccarat.chemin.practice import PracticeDeal, PracticeResult, finish_coup, start_coup
from baccarat.chemin.solve import Solution, solve_chemin_de_fer
from baccarat.core.cards import Card
from baccarat.core.coup import ChoicePoint, Coup, Step
from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.shoe import Shoe, ShoeRules, shuffled_order
from baccarat.core.summary import Winner
from baccarat.core.tableau import BANKER_DISCRETION, CHEMIN_DE_FER, Action, Side, Tableau
from baccarat.odds.composition import Composition

__all__ = [
    "AUTO_DEALS",
    "DECK_CHOICES",
    "DEFAULT_DECKS",
    "RECORD_KEPT",
    "TABLES_KEPT",
    "AutoDeal",
    "AutoStop",
    "BankerPlay",
    "CheminError",
    "CheminTable",
    "CheminTables",
    "Pending",
    "Played",
    "RecordLine",
    "Tally",
    "choice_point",
    "deal_until_choice",
    "solution_for",
]

DECK_CHOICES = (1, 2, 4, 6, 8)
DEFAULT_DECKS = 6
"""Six decks: what the French regulation of casino games sets for chemin de fer."""
RECORD_KEPT = 50
"""Coups of a session listed in the record (its totals count them all)."""
TABLES_KEPT = 2_000
"""Players whose Chemin de Fer table stays in memory (about 10 kB each with a six-deck shoe); the
least recently used goes first, and its player gets a fresh table and record on the next visit."""
AUTO_DEALS = 200
"""The most coups "deal until I have a choice" deals at once. The learner holds 5 with no natural
out in about one coup in ten, so 200 coups without a choice is all but impossible (about 1 in
10⁹); the bound keeps one click from dealing a whole evening of coups whatever happens."""


class BankerPlay(StrEnum):
    """Which game the Banker plays: the printed table of options, or free everywhere."""

    RULES = "rules"
    """The ``chemin-de-fer`` rule set: the Banker chooses only on 3 v 9 and 5 v 4."""
    FREE = "free"
    """Kemeny and Snell's game: the Banker may draw or stand in every situation."""

    @property
    def tableau(self) -> Tableau:
        return CHEMIN_DE_FER if self is BankerPlay.RULES else BANKER_DISCRETION


# --- refusals -------------------------------------------------------------------------------------


class CheminError(TemplatedError):
    """A request the Chemin de Fer table refuses; nothing changed. ``status`` is its HTTP status."""

    templates: ClassVar[Mapping[str, str]] = {
        "chemin_banker_play": "Choose how the Banker plays (got “{banker}”).",
        "chemin_coup_waiting": "A coup is waiting for your choice: draw or stand first.",
        "chemin_decks": "Choose 1, 2, 4, 6 or 8 decks (got “{decks}”).",
        "chemin_draw_or_stand": "Choose draw or stand (got “{choice}”).",
        "chemin_no_coup_waiting": "No coup is waiting for a choice: deal a coup first.",
        "chemin_stale_choice": "That choice was for a coup that is over; here is the table as it is now.",
    }


# --- the tables -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pending:
    """A coup stopped for the learner's choice: the deal and the cards that will follow it.

    ``upcoming`` is the shoe's next cards, read from a copy of the shoe; it stays on the server.
    """

    number: int
    deal: PracticeDeal
    upcoming: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class Played:
    """A finished coup: its number in the shoe, what the learner chose, the hint."""

    shoe: int
    number: int
    result: PracticeResult
    banker: BankerPlay
    decks: int


@dataclass(frozen=True, slots=True)
class RecordLine:
    """One coup of the session's record."""

    shoe: int
    number: int
    player: int
    banker: int
    winner: Winner
    natural: bool
    choice: Action | None
    optimal: Fraction | None
    """Optimal play's probability of drawing where the learner chose."""
    agrees: bool | None


@dataclass(frozen=True, slots=True)
class Tally:
    """The session's running totals: every coup counted, however many the record keeps."""

    coups: int = 0
    player: int = 0
    banker: int = 0
    ties: int = 0
    choices: int = 0
    draws: int = 0
    optimal_draws: Fraction = Fraction(0)
    """The sum, over the learner's choices, of optimal play's probability of drawing there."""
    agreed: int = 0

    @property
    def wins(self) -> dict[Winner, int]:
        return {Winner.PLAYER: self.player, Winner.BANKER: self.banker, Winner.TIE: self.ties}

    def add(self, line: RecordLine) -> Tally:
        chose = line.choice is not None
        return Tally(
            coups=self.coups + 1,
            player=self.player + (line.winner is Winner.PLAYER),
            banker=self.banker + (line.winner is Winner.BANKER),
            ties=self.ties + (line.winner is Winner.TIE),
            choices=self.choices + chose,
            draws=self.draws + (line.choice is Action.DRAW),
            optimal_draws=self.optimal_draws + (line.optimal or 0),
            agreed=self.agreed + bool(line.agrees),
        )


@dataclass(frozen=True)
class CheminTable:
    """One player's Chemin de Fer table. ``shoe`` is the live shoe (mutated only under the lock)."""

    decks: int
    banker: BankerPlay
    shoe: Shoe
    shoe_number: int
    session: datetime
    pending: Pending | None = None
    last: Played | None = None
    record: tuple[RecordLine, ...] = ()
    """The session's last :data:`RECORD_KEPT` coups."""
    tally: Tally = Tally()

    @property
    def solution(self) -> Solution:
        return solution_for(self.decks, self.banker)


def solution_for(decks: int, banker: BankerPlay) -> Solution:
    """The solved game the Banker plays: a fresh shoe of ``decks`` decks (cached)."""
    return solve_chemin_de_fer(Composition.decks(decks), banker.tableau)


def choice_point(step: Step) -> ChoicePoint:
    """The choice point at which a chosen step was decided."""
    third = step.player_third if step.side is Side.BANKER else None
    return ChoicePoint(step.side, step.total, third)


def _replay(coup: Coup) -> Callable[[ChoicePoint], Action]:
    """A chooser that makes again the choices recorded in ``coup``."""
    made = {choice_point(step): step.action for step in coup.steps if step.chosen}
    return made.__getitem__


def _draw_everywhere(point: ChoicePoint) -> Action:
    return Action.DRAW


class CheminTables:
    """Every player's Chemin de Fer table, in memory, behind one lock.

    ``shuffle`` makes a shoe's order (default: :func:`~baccarat.core.shoe.shuffled_order` with
    ``rng``, itself the OS CSPRNG by default); ``rng`` also draws the Banker's mixed choices.
    """

    def __init__(
        self,
        rng: random.Random | None = None,
        shuffle: Callable[[ShoeRules], Sequence[Card]] | None = None,
        limit: int = TABLES_KEPT,
    ) -> None:
        self.rng = rng if rng is not None else random.SystemRandom()
        self._shuffle = shuffle or (lambda rules: shuffled_order(rules, self.rng))
        self._tables: OrderedDict[str, CheminTable] = OrderedDict()
        self._lock = threading.Lock()
        self.limit = limit

    def _new_shoe(self, decks: int) -> Shoe:
        rules = ShoeRules(decks=decks)
        return Shoe.from_order(self._shuffle(rules), rules)

    def _get(self, player_id: str, session: datetime) -> CheminTable:
        table = self._tables.get(player_id)
        if table is None:
            table = CheminTable(
                DEFAULT_DECKS, BankerPlay.RULES, self._new_shoe(DEFAULT_DECKS), 1, session
            )
        elif table.session != session:
            # A new play session starts a new record (the shoe and any coup in progress stay).
            table = replace(table, session=session, record=(), tally=Tally(), last=None)
        self._put(player_id, table)
        return table

    def _put(self, player_id: str, table: CheminTable) -> None:
        self._tables[player_id] = table
        self._tables.move_to_end(player_id)
        while len(self._tables) > self.limit:
            self._tables.popitem(last=False)

    def table(self, player_id: str, session: datetime) -> CheminTable:
        """The player's table (a six-deck table with the rules' Banker on a first visit)."""
        with self._lock:
            return self._get(player_id, session)

    def open(
        self, player_id: str, session: datetime, decks: int, banker: BankerPlay
    ) -> CheminTable:
        """A new shoe with these settings (a coup in progress is abandoned; the record stays)."""
        if decks not in DECK_CHOICES:
            raise CheminError("chemin_decks", decks=decks)
        solution_for(decks, banker)  # solved before the lock is taken (cached afterwards)
        with self._lock:
            table = self._get(player_id, session)
            table = replace(
                table,
                decks=decks,
                banker=banker,
                shoe=self._new_shoe(decks),
                shoe_number=table.shoe_number + 1,
                pending=None,
                last=None,
            )
            self._put(player_id, table)
            return table

    def deal(self, player_id: str, session: datetime) -> CheminTable:
        """Deal the next coup's first four cards; finish it at once unless the learner chooses."""
        with self._lock:
            table = self._get(player_id, session)
            if table.pending is not None:
                raise CheminError("chemin_coup_waiting")
            if table.shoe.finished:
                table = replace(
                    table, shoe=self._new_shoe(table.decks), shoe_number=table.shoe_number + 1
                )
            # The shoe deals whole coups only, so the cards to come are read from a copy of it,
            # dealt with every option taken as a draw: no choice takes more cards than that, and
            # every choice takes a prefix of them. The live shoe deals the coup once it is decided.
            probe = copy.deepcopy(table.shoe)
            upcoming = probe.deal_coup(table.banker.tableau, _draw_everywhere).cards_in_order
            solution = table.solution
            deal = start_coup(iter(upcoming).__next__, solution)
            pending = Pending(table.shoe.coups_dealt + 1, deal, upcoming)
            table = replace(table, pending=pending)
            if deal.needs_choice:
                self._put(player_id, table)
                return table
            table = self._finish(table, None)
            self._put(player_id, table)
            return table

    def choose(self, player_id: str, session: datetime, coup: str, choice: str) -> CheminTable:
        """The learner's choice on the coup ``coup`` (``"<shoe>-<number>"``) in progress."""
        action = {a.value: a for a in (Action.DRAW, Action.STAND)}.get(choice)
        if action is None:
            raise CheminError("chemin_draw_or_stand", choice=choice)
        with self._lock:
            table = self._get(player_id, session)
            if table.pending is None:
                raise CheminError("chemin_no_coup_waiting")
            if coup != f"{table.shoe_number}-{table.pending.number}":
                raise CheminError("chemin_stale_choice")
            table = self._finish(table, action)
            self._put(player_id, table)
            return table

    def _finish(self, table: CheminTable, choice: Action | None) -> CheminTable:
        pending = table.pending
        assert pending is not None
        solution = table.solution
        result = finish_coup(
            pending.deal, choice, iter(pending.upcoming[4:]).__next__, solution, self.rng
        )
        # The live shoe deals the same coup, making the same choices: it moves on exactly as the
        # engine's shoe does (the cut card, the one more coup), and the two must agree.
        dealt = table.shoe.deal_coup(table.banker.tableau, _replay(result.coup))
        if dealt != result.coup:
            raise RuntimeError(f"the shoe dealt {dealt} where the practice deal had {result.coup}")
        hint = result.hint
        line = RecordLine(
            shoe=table.shoe_number,
            number=pending.number,
            player=result.coup.player.total,
            banker=result.coup.banker.total,
            winner=result.coup.winner,
            natural=result.coup.natural,
            choice=choice,
            optimal=hint.draw_probability if hint else None,
            agrees=hint.agrees if hint else None,
        )
        played = Played(table.shoe_number, pending.number, result, table.banker, table.decks)
        return replace(
            table,
            pending=None,
            last=played,
            record=(*table.record, line)[-RECORD_KEPT:],
            tally=table.tally.add(line),
        )


# --- dealing until the learner has a choice -------------------------------------------------------


class AutoStop(StrEnum):
    """Why :func:`deal_until_choice` stopped."""

    CHOICE = "choice"
    """A coup waits for the learner's choice."""
    MOST = "most"
    """It dealt its most coups (:data:`AUTO_DEALS`) without a choice."""
    HALTED = "halted"
    """Its ``halt`` said stop before the next coup (a reality check came due, say)."""
    REFUSED = "refused"
    """The next coup was refused (a limit, a cool-off); ``refusal`` says why."""


@dataclass(frozen=True, slots=True)
class AutoDeal:
    """What :func:`deal_until_choice` did: the coups it dealt, why it stopped, the table after its
    last coup (None if it dealt none), and the refusal that stopped it, if one did."""

    dealt: int
    stop: AutoStop
    table: CheminTable | None = None
    refusal: BaccaratError | None = None


def deal_until_choice(
    deal: Callable[[], CheminTable],
    most: int = AUTO_DEALS,
    halt: Callable[[], bool] = lambda: False,
) -> AutoDeal:
    """Deal coups with ``deal`` (each one a whole deal, checked and counted as any other) until one
    waits for the learner's choice, ``most`` coups have been dealt, ``halt()`` is true before a
    coup, or a coup is refused: a refusal (a :class:`~baccarat.core.errors.BaccaratError`) stops
    it, and the coups already dealt stay dealt.

    >>> from datetime import UTC
    >>> from baccarat.core.cards import full_deck, parse_cards
    >>> first = parse_cards("Ac 2c 8d 9d Kh 8s 2d 9h 3h 8c")  # burn 2; a natural, then Player 5
    >>> tables = CheminTables(
    ...     random.Random(1), shuffle=lambda rules: (*first, *full_deck() * rules.decks)[: rules.size]
    ... )
    >>> when = datetime(2026, 1, 1, tzinfo=UTC)
    >>> done = deal_until_choice(lambda: tables.deal("learner", when))
    >>> done.dealt, done.stop.value, done.table.pending.number, done.table.tally.coups
    (2, 'choice', 2, 1)
    """
    table: CheminTable | None = None
    for dealt in range(most):
        if halt():
            return AutoDeal(dealt, AutoStop.HALTED, table)
        try:
            table = deal()
        except BaccaratError as refusal:
            return AutoDeal(dealt, AutoStop.REFUSED, table, refusal)
        if table.pending is not None:
            return AutoDeal(dealt + 1, AutoStop.CHOICE, table)
    return AutoDeal(most, AutoStop.MOST, table)
