"""The web's table of statuses covers every refusal of the ledger and of the Chemin de Fer
table (and the quiz's refusal of a round from the player's own coups), each with its status."""

from __future__ import annotations

import pytest

from baccarat.chemin.table import CheminError
from baccarat.core.errors import TemplatedError
from baccarat.core.settle import StakeError
from baccarat.learn.errors import LearnError
from baccarat.ledger.errors import LedgerError
from baccarat.web.statuses import KIND_STATUSES, STATUSES, status_of


def test_every_ledger_refusal_has_its_own_status() -> None:
    assert set(LedgerError.templates) <= set(STATUSES), set(LedgerError.templates) - set(STATUSES)


def test_every_code_in_the_table_is_a_refusal_of_the_ledger_the_chemin_table_or_the_quiz() -> None:
    known = set(LedgerError.templates) | set(CheminError.templates) | set(LearnError.templates)
    assert set(STATUSES) <= known, set(STATUSES) - known


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (LedgerError("bad_credentials"), 401),
        (LedgerError("cooling_off", until="2026-01-02 00:00 UTC"), 403),
        (LedgerError("not_found", what="table", key=1), 404),
        (LedgerError("table_busy", table=1), 409),
        (LedgerError("top_up_used_today", next="2026-01-02 00:00 UTC"), 409),
        (LedgerError("insufficient_points", stake=2, balance=1), 422),
        (LedgerError("idempotency_key_required"), 428),
        (CheminError("chemin_no_coup_waiting"), 409),
        (CheminError("chemin_coup_waiting"), 409),
        (CheminError("chemin_stale_choice"), 409),
        (CheminError("chemin_draw_or_stand", choice="hit"), 422),
        (CheminError("chemin_decks", decks=3), 422),
        (CheminError("chemin_banker_play", banker="x"), 422),
        (LearnError("quiz_no_coups"), 409),
    ],
)
def test_a_refusal_answers_its_status(error: TemplatedError, status: int) -> None:
    assert status_of(error) == status


def test_a_code_not_listed_answers_as_its_kind() -> None:
    assert (
        status_of(LedgerError("a sentence with no template")) == KIND_STATUSES[LedgerError] == 400
    )
    assert status_of(CheminError("chemin_no_coup_waiting")) == KIND_STATUSES[CheminError] == 409
    stake = StakeError("stake_below_minimum", bet="tie", stake=50, minimum=100, rule_set="x")
    assert status_of(stake) == 422
