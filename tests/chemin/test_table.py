"""The Chemin de Fer practice table without the web: its lock, its refusals, the session's record
and tally, and its shoe, which deals exactly the coups of the two-step practice deal."""

from __future__ import annotations

import os
import random
import subprocess
import sys
import threading
from collections.abc import Callable
from datetime import UTC, datetime
from fractions import Fraction
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

import baccarat
from baccarat.chemin.table import (
    DECK_CHOICES,
    RECORD_KEPT,
    AutoStop,
    BankerPlay,
    CheminError,
    CheminTable,
    CheminTables,
    RecordLine,
    Tally,
    choice_point,
    deal_until_choice,
    solution_for,
)
from baccarat.core.cards import Card, full_deck
from baccarat.core.coup import ChoicePoint
from baccarat.core.summary import Winner
from baccarat.core.tableau import BANKER_DISCRETION, CHEMIN_DE_FER, Action, Side
from support.chemin import BURN, NO_CHOICE, PLAYER_5, stacked
from support.errors import raises_code

WHEN = datetime(2026, 1, 1, tzinfo=UTC)


# --- refusals -------------------------------------------------------------------------------------


def test_refusals_carry_their_code_and_change_nothing() -> None:
    tables = CheminTables(random.Random(3), shuffle=stacked(BURN + " " + PLAYER_5))
    with raises_code(CheminError, "chemin_no_coup_waiting") as refused:
        tables.choose("p", WHEN, "1-1", "draw")
    assert str(refused.value) == "No coup is waiting for a choice: deal a coup first."
    table = tables.deal("p", WHEN)
    assert table.pending is not None and table.pending.deal.player_total == 5
    refusals: list[tuple[Callable[[], object], str, str]] = [
        (
            lambda: tables.deal("p", WHEN),
            "chemin_coup_waiting",
            "A coup is waiting for your choice: draw or stand first.",
        ),
        (
            lambda: tables.choose("p", WHEN, "1-1", "hit"),
            "chemin_draw_or_stand",
            "Choose draw or stand (got “hit”).",
        ),
        (
            lambda: tables.choose("p", WHEN, "1-1", ""),
            "chemin_draw_or_stand",
            "Choose draw or stand (got “”).",
        ),
        (
            lambda: tables.choose("p", WHEN, "1-7", "draw"),
            "chemin_stale_choice",
            "That choice was for a coup that is over; here is the table as it is now.",
        ),
        (
            lambda: tables.open("p", WHEN, 3, BankerPlay.RULES),
            "chemin_decks",
            "Choose 1, 2, 4, 6 or 8 decks (got “3”).",
        ),
    ]
    for call, code, message in refusals:
        with raises_code(CheminError, code) as caught:
            call()
        assert str(caught.value) == message
        assert tables.table("p", WHEN) == table  # the coup still waits, as it was
    # After all that, the same coup is decided as it was dealt.
    table = tables.choose("p", WHEN, "1-1", "draw")
    assert table.last is not None and table.pending is None
    coup = table.last.result.coup
    assert (coup.player.total, coup.banker.total, coup.winner) == (9, 7, Winner.PLAYER)


def test_the_deck_counts_offered() -> None:
    assert DECK_CHOICES == (1, 2, 4, 6, 8)
    assert (
        str(CheminError("chemin_decks", decks="six")) == "Choose 1, 2, 4, 6 or 8 decks (got “six”)."
    )


# --- the record and the tally ---------------------------------------------------------------------


def test_a_new_shoe_abandons_the_coup_in_progress_and_keeps_the_record() -> None:
    tables = CheminTables(random.Random(3), shuffle=stacked(BURN + " 9c 2d Kh 3s " + PLAYER_5))
    first = tables.table("p", WHEN)
    assert (first.decks, first.banker, first.shoe_number) == (6, BankerPlay.RULES, 1)
    tables.deal("p", WHEN)  # a Player natural: no choice
    assert tables.deal("p", WHEN).pending is not None  # then a 5
    table = tables.open("p", WHEN, 8, BankerPlay.FREE)
    assert (table.decks, table.banker, table.shoe_number) == (8, BankerPlay.FREE, 2)
    assert table.pending is None and table.last is None and table.shoe.rules.decks == 8
    assert len(table.record) == 1 and table.tally.coups == 1
    assert table.solution is solution_for(8, BankerPlay.FREE)
    assert BankerPlay.FREE.tableau is BANKER_DISCRETION
    assert BankerPlay.RULES.tableau is CHEMIN_DE_FER


def test_the_tally_counts_every_coup_and_the_record_keeps_the_last() -> None:
    tables = CheminTables(random.Random(5))
    coups, choices, agreed, winners = 0, 0, 0, dict.fromkeys(Winner, 0)
    optimal = Fraction(0)
    while coups < RECORD_KEPT + 10:
        table = tables.deal("p", WHEN)
        if table.pending is not None:
            table = tables.choose("p", WHEN, f"{table.shoe_number}-{table.pending.number}", "draw")
        assert table.last is not None
        result = table.last.result
        coups += 1
        winners[result.coup.winner] += 1
        if result.hint is not None:
            choices += 1
            agreed += result.hint.agrees
            optimal += result.hint.draw_probability
        line = table.record[-1]
        assert (line.player, line.banker) == (result.coup.player.total, result.coup.banker.total)
        assert line.choice is (None if result.hint is None else Action.DRAW)
    assert len(table.record) == RECORD_KEPT
    tally = table.tally
    assert (tally.coups, tally.choices, tally.draws, tally.agreed) == (
        coups,
        choices,
        choices,
        agreed,
    )
    assert tally.wins == winners and tally.optimal_draws == optimal
    assert choices > 0


def test_a_tally_adds_one_line() -> None:
    line = RecordLine(
        shoe=1,
        number=3,
        player=5,
        banker=7,
        winner=Winner.BANKER,
        natural=False,
        choice=Action.STAND,
        optimal=Fraction(9, 11),
        agrees=True,
    )
    tally = Tally().add(line).add(line)
    assert (tally.coups, tally.banker, tally.player, tally.ties) == (2, 2, 0, 0)
    assert (tally.choices, tally.draws, tally.agreed) == (2, 0, 2)
    assert tally.optimal_draws == Fraction(18, 11)


def test_the_choice_point_of_a_banker_choice() -> None:
    # Player 2 + 3 = 5 draws a 4; Banker 2 + 3 = 5 against a 4: the Banker's option.
    tables = CheminTables(random.Random(1), shuffle=stacked(BURN + " 2d 2h 3h 3s 4c 9d"))
    tables.deal("p", WHEN)
    table = tables.choose("p", WHEN, "1-1", "draw")
    assert table.last is not None
    chosen = [choice_point(step) for step in table.last.result.coup.steps if step.chosen]
    assert chosen == [ChoicePoint(Side.PLAYER, 5), ChoicePoint(Side.BANKER, 5, 4)]


def test_the_table_needs_no_web_framework() -> None:
    code = (
        "import sys, baccarat.chemin.table; "
        "web = sorted(m for m in sys.modules if m.split('.')[0] in ('fastapi', 'starlette') "
        "or m.startswith('baccarat.web')); print(web); raise SystemExit(bool(web))"
    )
    # The package under test, wherever the interpreter would otherwise find one.
    env = {**os.environ, "PYTHONPATH": str(Path(baccarat.__file__).parents[1])}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False, env=env
    )
    assert done.returncode == 0, done.stdout + done.stderr


# --- dealing until the learner has a choice ------------------------------------------------------


def test_dealing_until_a_choice_stops_at_the_first_coup_that_has_one() -> None:
    tables = CheminTables(random.Random(3), shuffle=stacked(f"{BURN} {NO_CHOICE} {PLAYER_5}"))
    done = deal_until_choice(lambda: tables.deal("p", WHEN))
    assert (done.dealt, done.stop, done.refusal) == (3, AutoStop.CHOICE, None)
    assert done.table is not None and done.table.pending is not None
    assert (done.table.pending.number, done.table.pending.deal.player_total) == (3, 5)
    # The two coups before it were dealt, settled and recorded as any deal is.
    table = tables.table("p", WHEN)
    assert table.tally.coups == 2 and table.shoe.coups_dealt == 2
    assert [line.choice for line in table.record] == [None, None]
    assert [line.natural for line in table.record] == [True, False]
    # It deals nothing more while the choice waits: the table refuses, and it says so.
    again = deal_until_choice(lambda: tables.deal("p", WHEN))
    assert (again.dealt, again.stop, again.table) == (0, AutoStop.REFUSED, None)
    assert isinstance(again.refusal, CheminError) and again.refusal.code == "chemin_coup_waiting"


def test_dealing_until_a_choice_has_a_bound_a_halt_and_stops_at_a_refusal() -> None:
    def tables() -> CheminTables:
        return CheminTables(random.Random(3), shuffle=stacked(f"{BURN} {NO_CHOICE} {PLAYER_5}"))

    bounded = tables()
    done = deal_until_choice(lambda: bounded.deal("p", WHEN), most=2)
    assert (done.dealt, done.stop) == (2, AutoStop.MOST)
    assert done.table is not None and done.table.pending is None and done.table.tally.coups == 2

    halted, asked = tables(), list[int]()

    def halt() -> bool:
        asked.append(halted.table("p", WHEN).tally.coups)
        return len(asked) == 2

    done = deal_until_choice(lambda: halted.deal("p", WHEN), halt=halt)
    assert (done.dealt, done.stop, asked) == (1, AutoStop.HALTED, [0, 1])
    assert halted.table("p", WHEN).tally.coups == 1

    refused, calls = tables(), list[int]()

    def deal_twice() -> CheminTable:
        calls.append(1)
        if len(calls) == 2:
            raise CheminError("chemin_decks", decks=3)  # standing in for a limit's refusal
        return refused.deal("p", WHEN)

    done = deal_until_choice(deal_twice)
    assert (done.dealt, done.stop, len(calls)) == (1, AutoStop.REFUSED, 2)
    assert isinstance(done.refusal, CheminError) and done.refusal.code == "chemin_decks"
    assert done.table is not None and done.table.tally.coups == 1  # what it dealt stays dealt


# --- the lock -------------------------------------------------------------------------------------


def test_a_double_submission_decides_once() -> None:
    tables = CheminTables(random.Random(3), shuffle=stacked(BURN + " " + PLAYER_5))
    when = datetime(2026, 1, 1, tzinfo=UTC)
    tables.deal("p", when)
    outcomes: list[str] = []

    def choose() -> None:
        try:
            tables.choose("p", when, "1-1", "stand")
            outcomes.append("done")
        except CheminError:
            outcomes.append("refused")

    threads = [threading.Thread(target=choose) for _ in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["done", "refused", "refused", "refused"]
    assert tables.table("p", when).tally.coups == 1


def test_a_new_session_starts_a_new_record_and_old_tables_are_dropped() -> None:
    tables = CheminTables(random.Random(3), shuffle=stacked(BURN + " 9c 2d Kh 3s"), limit=2)
    first, second = datetime(2026, 1, 1, tzinfo=UTC), datetime(2026, 1, 2, tzinfo=UTC)
    tables.deal("a", first)
    assert tables.table("a", first).tally.coups == 1
    assert tables.table("a", second).tally.coups == 0
    tables.table("b", first)
    tables.table("c", first)  # "a" is now the least recently used of three: dropped
    assert tables.table("a", second).shoe.coups_dealt == 0


# --- the shoe -------------------------------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(list(BankerPlay)), st.integers(0, 2**32))
def test_every_coup_is_the_one_the_engine_deals_from_the_shoe(
    order: random.Random, banker: BankerPlay, seed: int
) -> None:
    """Whatever the shoe and the choices, the two-step deal and the live shoe agree (the table
    checks it on every coup), and the coups are exactly the shoe's cards in order."""
    cards = list(full_deck())
    order.shuffle(cards)
    tables = CheminTables(random.Random(seed), shuffle=lambda rules: tuple(cards) * rules.decks)
    when = datetime(2026, 1, 1, tzinfo=UTC)
    tables.open("p", when, 1, banker)
    dealt: list[Card] = []
    while True:
        table = tables.deal("p", when)
        if table.shoe_number > 2:
            break  # the shoe ended; the table shuffled the next one for this coup
        if table.pending is not None:
            assert table.pending.deal.needs_choice and table.pending.deal.player_total == 5
            choice = random.Random(seed + len(dealt)).choice(["draw", "stand"])
            table = tables.choose("p", when, f"2-{table.pending.number}", choice)
        assert table.last is not None
        dealt.extend(table.last.result.coup.cards_in_order)
    burned = cards[0].value or 10
    assert dealt == cards[1 + burned : 1 + burned + len(dealt)]
