"""Chemin de Fer at the practice table: the learner holds the Player hand and decides on 5.

Each player has a Chemin de Fer table of their own: a real shoe (shuffled, burned, with its cut
card, dealt by :class:`~baccarat.core.shoe.Shoe`) kept in the server's memory and never sent to the
browser. A coup is dealt in the two steps of :mod:`baccarat.chemin.practice`: the first four cards,
then — when the learner holds 5 and no natural is out — a stop for the choice (draw or stand), and
then the rest, the Banker playing the optimal strategy of the game solved for that shoe. After the
choice the page says what optimal play does on 5, how the choice compares, and why the Banker did
what it did. The session's coups are kept as a running record.

No points are staked here: the play service settles tables with fixed draw rules only (it refuses
the ``chemin-de-fer`` rule set), so this table is for learning the choice, and says so.

The pages work without JavaScript: dealing and choosing are forms, answered by post/redirect/get.
Tests (and only tests: nothing reachable over HTTP sets it) may put their own
:class:`CheminTables` on ``app.state.chemin_tables`` to deal a known shoe.
"""

from __future__ import annotations

import copy
import random
import threading
from collections import OrderedDict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from enum import StrEnum
from fractions import Fraction
from typing import Annotated, Any

from babel.numbers import format_decimal
from fastapi import APIRouter, Depends, Form, Request
from fastapi.responses import HTMLResponse, RedirectResponse, Response

from baccarat.chemin.practice import (
    PracticeDeal,
    PracticeResult,
    draw_advantage,
    finish_coup,
    start_coup,
)
from baccarat.chemin.solve import Solution, solve_chemin_de_fer
from baccarat.chemin.tableau import choice_points, tableau_action
from baccarat.core.cards import Card
from baccarat.core.chemin_de_fer import BANKER_DISCRETION, CHEMIN_DE_FER
from baccarat.core.coup import ChoicePoint, Coup, Step, hand_total
from baccarat.core.errors import BaccaratError
from baccarat.core.rules import get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules, shuffled_order
from baccarat.core.summary import Winner
from baccarat.core.tableau import PUNTO_BANCO, Action, Side, Tableau
from baccarat.i18n.markers import N_
from baccarat.ledger.views import CoupView, ShoeView
from baccarat.odds.composition import Composition
from baccarat.web.deps import PlayerId, Service, SessionInfo
from baccarat.web.i18n import _, current, format_fraction_percent, pgettext
from baccarat.web.pages import render
from baccarat.web.present import (
    card_data,
    coup_data,
    draw_table,
    error_message,
    error_status,
    shoe_data,
)

__all__ = [
    "BankerPlay",
    "CheminError",
    "CheminTable",
    "CheminTables",
    "router",
]

router = APIRouter(include_in_schema=False)

RULE_SET = get_rule_set("chemin-de-fer")
DECK_CHOICES = (1, 2, 4, 6, 8)
DEFAULT_DECKS = 6
"""Six decks: what the French regulation of casino games sets for chemin de fer."""
RECORD_KEPT = 50
"""Coups of a session listed in the record (its totals count them all)."""
TABLES_KEPT = 2_000
"""Players whose Chemin de Fer table stays in memory (about 10 kB each with a six-deck shoe); the
least recently used goes first, and its player gets a fresh table and record on the next visit."""


class BankerPlay(StrEnum):
    """Which game the Banker plays: the printed table of options, or free everywhere."""

    RULES = "rules"
    """The ``chemin-de-fer`` rule set: the Banker chooses only on 3 v 9 and 5 v 4."""
    FREE = "free"
    """Kemeny and Snell's game: the Banker may draw or stand in every situation."""

    @property
    def tableau(self) -> Tableau:
        return CHEMIN_DE_FER if self is BankerPlay.RULES else BANKER_DISCRETION


_PLAY_NAMES = {
    BankerPlay.RULES: N_("The Banker follows the table, with its two options (3 v 9, 5 v 4)"),
    BankerPlay.FREE: N_("The Banker is free to draw or stand everywhere (Kemeny and Snell's game)"),
}


class CheminError(BaccaratError):
    """A request the Chemin de Fer table refuses; ``status`` is its HTTP status."""

    def __init__(self, message: str, status: int = 409) -> None:
        super().__init__(message)
        self.status = status


# --- the tables, kept on the server -------------------------------------------------------------


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


def _point_of(step: Step) -> ChoicePoint:
    """The choice point at which a chosen step was decided."""
    third = step.player_third if step.side is Side.BANKER else None
    return ChoicePoint(step.side, step.total, third)


def _replay(coup: Coup) -> Callable[[ChoicePoint], Action]:
    """A chooser that makes again the choices recorded in ``coup``."""
    made = {_point_of(step): step.action for step in coup.steps if step.chosen}
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
            raise CheminError(
                _("Choose 1, 2, 4, 6 or 8 decks (got “{decks}”).").format(decks=decks), 422
            )
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
                raise CheminError(_("A coup is waiting for your choice: draw or stand first."))
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
            raise CheminError(
                _("Choose draw or stand (got “{choice}”).").format(choice=choice), 422
            )
        with self._lock:
            table = self._get(player_id, session)
            if table.pending is None:
                raise CheminError(_("No coup is waiting for a choice: deal a coup first."))
            if coup != f"{table.shoe_number}-{table.pending.number}":
                raise CheminError(
                    _("That choice was for a coup that is over; here is the table as it is now.")
                )
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


_create_lock = threading.Lock()


def _tables(request: Request) -> CheminTables:
    tables = getattr(request.app.state, "chemin_tables", None)
    if tables is None:
        with _create_lock:
            tables = getattr(request.app.state, "chemin_tables", None)
            if tables is None:
                seed = request.app.state.settings.shoe_seed
                tables = CheminTables(random.Random(seed) if seed is not None else None)
                request.app.state.chemin_tables = tables
    assert isinstance(tables, CheminTables)
    return tables


Tables = Annotated[CheminTables, Depends(_tables)]


# --- what the page shows ------------------------------------------------------------------------


def _probability_text(p: Fraction) -> str:
    """``9/11 (81.82%)``; a fraction with a long denominator only as its percentage."""
    percent = format_fraction_percent(p, 2)
    return f"{p} ({percent})" if p.denominator <= 1000 else percent


def _draw_rate_text(p: Fraction) -> str:
    """How often optimal play draws, in a word where it is pure."""
    if p in (0, 1):
        return _("always") if p == 1 else _("never")
    return _probability_text(p)


def _optimal_text(point: ChoicePoint, p: Fraction) -> str:
    """What optimal play does at ``point``, in the page's language."""
    side = current().side_names[point.side]
    if point.side is Side.PLAYER:
        where = _("on {total}").format(total=point.total)
    elif point.player_third is None:
        where = _("on {total} when the Player stood").format(total=point.total)
    else:
        where = _("on {total} against a third card of {value}").format(
            total=point.total, value=point.player_third
        )
    if p == 1:
        return _("Optimal play for the {side}: always draw {where}.").format(side=side, where=where)
    if p == 0:
        return _("Optimal play for the {side}: always stand {where}.").format(
            side=side, where=where
        )
    return _(
        "Optimal play for the {side}: draw {where} with probability {probability}, stand otherwise."
    ).format(side=side, where=where, probability=_probability_text(p))


def _hint_view(played: Played, solution: Solution) -> dict[str, Any] | None:
    hint = played.result.hint
    if hint is None:
        return None
    p = hint.draw_probability
    total = hint.point.total
    if 0 < p < 1:
        verdict = (
            _(
                "Drawing is part of optimal play: it mixes, so that the Banker cannot profit from "
                "a habit."
            )
            if hint.choice is Action.DRAW
            else _(
                "Standing is part of optimal play: it mixes, so that the Banker cannot profit "
                "from a habit."
            )
        )
    elif hint.agrees:
        verdict = _("Your choice agrees with optimal play.")
    elif hint.choice is Action.STAND:
        verdict = _("You stood: standing here gives the Banker an edge.")
    else:
        verdict = _("You drew: drawing here gives the Banker an edge.")
    advantage = draw_advantage(solution, hint.point)
    if advantage == 0:
        worth = _(
            "Against the Banker's optimal strategy, drawing and standing on {total} are worth "
            "exactly the same; what protects you is not being predictable."
        ).format(total=total)
    else:
        worth = (
            _(
                "Against the Banker's optimal strategy, drawing on {total} is worth {amount} of "
                "the stake more than standing, on average over the coups in which you hold {total}."
            )
            if advantage > 0
            else _(
                "Against the Banker's optimal strategy, standing on {total} is worth {amount} of "
                "the stake more than drawing, on average over the coups in which you hold {total}."
            )
        ).format(total=total, amount=format_fraction_percent(abs(advantage), 2))
    return {
        "optimal": _optimal_text(hint.point, p),
        "verdict": verdict,
        "worth": worth,
        "agrees": hint.agrees,
        "choice": hint.choice.value,
        "probability": str(p),
        "advantage": str(advantage),
    }


def _played_view(played: Played) -> dict[str, Any]:
    """The finished coup: the engine's timeline (cards with running totals, every step explained),
    each Banker choice with what optimal play does there, the learner's choice and the hint."""
    coup = played.result.coup
    solution = solution_for(played.decks, played.banker)
    view = CoupView(
        id=played.number,
        table_id=0,
        shoe_number=played.shoe,
        number=played.number,
        rule_set=RULE_SET,
        coup=coup,
        settlement=None,
        created_at=datetime.min,
    )
    data = coup_data(view)
    steps = iter(coup.steps)
    timeline = []
    for event in data["timeline"]:
        event = dict(event)
        if event["kind"] == "step":
            step = next(steps)
            event["chosen"] = step.chosen
            event["yours"] = step.chosen and step.side is Side.PLAYER
            event["optimal"] = None
            if step.chosen and step.side is Side.BANKER:
                point = _point_of(step)
                event["optimal"] = _optimal_text(point, solution.banker.probability(point))
        timeline.append(event)
    data["timeline"] = timeline
    data["hint"] = _hint_view(played, solution)
    data["choice"] = None if played.result.choice is None else played.result.choice.value
    data["no_choice"] = (
        None
        if played.result.choice is not None
        else (
            _("A natural decided this coup: nobody chose.")
            if coup.natural
            else _("The rules decided the Player's hand on {total}: no choice to make.").format(
                total=coup.player.two_card_total
            )
        )
    )
    return data


def _pending_view(table: CheminTable) -> dict[str, Any] | None:
    """The coup waiting for the choice: the Player's two cards with running totals; the Banker's
    two cards face down (the Player decides knowing only his own total, as at a real table)."""
    pending = table.pending
    if pending is None:
        return None
    names = current().side_names
    player = names[Side.PLAYER]
    timeline = []
    shown: list[Card] = []
    for index, card in enumerate(pending.deal.cards):
        if index % 2 == 0:
            shown.append(card)
            total = hand_total(shown)
            data = card_data(card)
            timeline.append(
                {
                    "side": "player",
                    "card": data,
                    "total": total,
                    "announce": _("{side}: {card}. {side} total {total}.").format(
                        side=player, card=data["label"], total=total
                    ),
                }
            )
        else:
            timeline.append(
                {
                    "side": "banker",
                    "card": None,
                    "announce": _("{side}: a card face down.").format(side=names[Side.BANKER]),
                }
            )
    total = pending.deal.player_total
    return {
        "token": f"{table.shoe_number}-{pending.number}",
        "number": pending.number,
        "player": {
            "cards": [card_data(c) for c in pending.deal.player_cards],
            "total": total,
        },
        "timeline": timeline,
        "prompt": _(
            "You hold {total}, and the rules leave the choice to you: draw or stand?"
        ).format(total=total),
        "draw": current().action_names[Action.DRAW],
        "stand": current().action_names[Action.STAND],
    }


def _strategy_view(solution: Solution, banker: BankerPlay) -> dict[str, Any]:
    """The optimal strategies of the game the table plays, for a fresh shoe, and its value."""
    player = [_optimal_text(p, solution.player.probability(p)) for p in solution.player.points]
    # The Banker's choices worth listing: all of them under the rules (two); with a free Banker,
    # those where optimal play mixes or differs from the Punto Banco table.
    listed = [
        p
        for p in choice_points(banker.tableau)
        if p.side is Side.BANKER
        and (
            banker is BankerPlay.RULES
            or 0 < solution.banker.probability(p) < 1
            or (solution.banker.probability(p) == 1)
            != (tableau_action(PUNTO_BANCO, p) is Action.DRAW)
        )
    ]
    return {
        "player": player,
        "banker": [_optimal_text(p, solution.banker.probability(p)) for p in listed],
        "free": banker is BankerPlay.FREE,
        "value": _(
            "Under optimal play on both sides the Player's expectation is {value} of the stake "
            "per coup."
        ).format(value=format_fraction_percent(solution.value, 3)),
    }


def _record_view(table: CheminTable) -> dict[str, Any]:
    names = current().side_names
    actions = current().action_names
    tally = table.tally
    rows = []
    for line in reversed(table.record):
        if line.winner is Winner.TIE:
            outcome = _("Tie")
        else:
            outcome = names[Side.PLAYER if line.winner is Winner.PLAYER else Side.BANKER]
        rows.append(
            {
                "coup": _("Shoe {shoe}, coup {number}").format(shoe=line.shoe, number=line.number),
                "totals": f"{line.player}–{line.banker}",
                "winner": line.winner.value,
                "outcome": outcome,
                "choice": _("no choice") if line.choice is None else actions[line.choice],
                "optimal": None if line.optimal is None else _draw_rate_text(line.optimal),
                "agrees": line.agrees,
            }
        )
    expected = format_decimal(
        round(float(tally.optimal_draws), 2), format="0.##", locale=current().locale
    )
    return {
        "counts": [
            ("coups", _("Coups"), tally.coups),
            ("player", _("Player wins"), tally.wins[Winner.PLAYER]),
            ("banker", _("Banker wins"), tally.wins[Winner.BANKER]),
            ("tie", _("Ties"), tally.wins[Winner.TIE]),
        ],
        "choices": [
            ("choices", _("Your choices on 5"), tally.choices),
            ("draws", _("You drew"), tally.draws),
            ("optimal", _("Draws optimal play would make (on average)"), expected),
            ("agreed", _("Choices that agree with optimal play"), tally.agreed),
        ],
        "rows": rows,
        "yes": _("yes"),
        "no": _("no"),
    }


def _page(
    request: Request,
    service: Service,
    player_id: str,
    session: SessionInfo,
    tables: CheminTables,
    *,
    error: str | None = None,
    status: int = 200,
) -> HTMLResponse:
    player = service.player(player_id, since=session.started)
    table = tables.table(player_id, session.started)
    solution = table.solution
    last = _played_view(table.last) if table.last is not None else None
    pending = _pending_view(table)
    # The draw-table cells to mark: the learner's cell while they choose, else the coup's steps.
    if table.pending is not None:
        cells = [f"p-{table.pending.deal.player_total}"]
    else:
        cells = [e["cell"] for e in last["timeline"] if e["kind"] == "step"] if last else []
    return render(
        request,
        "chemin/play.html",
        status=status,
        player=player,
        error=error,
        decks=table.decks,
        banker=table.banker.value,
        banker_text=_(_PLAY_NAMES[table.banker]),
        plays=[(play.value, _(_PLAY_NAMES[play])) for play in BankerPlay],
        deck_choices=DECK_CHOICES,
        pending=pending,
        last=last,
        shoe=shoe_data(ShoeView.of(table.shoe_number, table.shoe)),
        strategy=_strategy_view(solution, table.banker),
        record=_record_view(table),
        draw=draw_table(table.banker.tableau),
        cells=cells,
        option_letter=pgettext("draw table", "O"),
    )


def _refused(
    request: Request,
    service: Service,
    player_id: str,
    session: SessionInfo,
    tables: CheminTables,
    exc: BaccaratError,
) -> HTMLResponse:
    """The page with the refusal: the table's own (:class:`CheminError`), or the player's
    limits, said as at the other tables."""
    if isinstance(exc, CheminError):
        message, status = str(exc), exc.status
    else:
        message, status = error_message(exc), error_status(exc)
    return _page(request, service, player_id, session, tables, error=message, status=status)


@router.get("/chemin", response_class=HTMLResponse)
def chemin_page(
    request: Request, service: Service, player_id: PlayerId, session: SessionInfo, tables: Tables
) -> HTMLResponse:
    """The Chemin de Fer table: the coup in progress or the last one, the record, the strategy."""
    return _page(request, service, player_id, session, tables)


@router.post("/chemin/deal", response_model=None)
def chemin_deal(
    request: Request, service: Service, player_id: PlayerId, session: SessionInfo, tables: Tables
) -> Response:
    """Deal a coup; it stops for the learner's choice when they hold 5 and no natural is out.

    No points are staked, but it is a coup: the player's cool-off, session limit and daily coup
    limit refuse it as they refuse a deal at a table, and it counts towards the coups of the day.
    """
    try:
        table = service.play_practice_coup(
            player_id, session.started, lambda: tables.deal(player_id, session.started)
        )
    except BaccaratError as exc:
        return _refused(request, service, player_id, session, tables, exc)
    return RedirectResponse(
        "/chemin#choice" if table.pending is not None else "/chemin#last-coup", status_code=303
    )


@router.post("/chemin/choose", response_model=None)
def chemin_choose(
    request: Request,
    service: Service,
    player_id: PlayerId,
    session: SessionInfo,
    tables: Tables,
    coup: Annotated[str, Form(max_length=40)] = "",
    choice: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """The learner's choice on 5; the Banker then plays its optimal strategy."""
    try:
        tables.choose(player_id, session.started, coup, choice)
    except CheminError as exc:
        return _refused(request, service, player_id, session, tables, exc)
    return RedirectResponse("/chemin#last-coup", status_code=303)


@router.post("/chemin/new", response_model=None)
def chemin_new(
    request: Request,
    service: Service,
    player_id: PlayerId,
    session: SessionInfo,
    tables: Tables,
    decks: Annotated[str, Form(max_length=10)] = "",
    banker: Annotated[str, Form(max_length=20)] = "",
) -> Response:
    """A new shoe with another deck count or Banker."""
    try:
        play = next((p for p in BankerPlay if p.value == banker), None)
        if play is None:
            message = _("Choose how the Banker plays (got “{banker}”).")
            raise CheminError(message.format(banker=banker), 422)
        if not decks.isdigit():
            raise CheminError(
                _("Choose 1, 2, 4, 6 or 8 decks (got “{decks}”).").format(decks=decks), 422
            )
        tables.open(player_id, session.started, int(decks), play)
    except CheminError as exc:
        return _refused(request, service, player_id, session, tables, exc)
    return RedirectResponse("/chemin", status_code=303)
