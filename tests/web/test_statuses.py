"""The web's table of statuses covers every refusal of the ledger, each with the status it had."""

from __future__ import annotations

import pytest

import baccarat.ledger.errors as errors
from baccarat.i18n.extract import declared_templated_errors
from baccarat.web.statuses import LEDGER_STATUSES, ledger_status


def test_every_ledger_error_has_its_own_status() -> None:
    declared = {
        cls
        for cls in declared_templated_errors()
        if issubclass(cls, errors.LedgerError) and cls.__module__ == errors.__name__
    }
    assert declared and declared <= set(LEDGER_STATUSES), declared - set(LEDGER_STATUSES)


@pytest.mark.parametrize(
    ("error", "status"),
    [
        (errors.LedgerError("bad_credentials"), 401),
        (errors.LedgerError("cooling_off", until="2026-01-02 00:00 UTC"), 403),
        (errors.LedgerError("not_found", what="table", key=1), 404),
        (errors.LedgerError("table_busy", table=1), 409),
        (errors.LedgerError("top_up_used_today", next="2026-01-02 00:00 UTC"), 409),
        (errors.LedgerError("insufficient_points", stake=2, balance=1), 422),
        (errors.LedgerError("idempotency_key_required"), 428),
    ],
)
def test_a_refusal_answers_its_status(error: errors.LedgerError, status: int) -> None:
    assert ledger_status(error) == status


def test_an_error_not_listed_answers_as_its_nearest_base() -> None:
    class Busier(errors.TableBusyError):
        """A refusal with no entry of its own (and no template, so no catalog misses it)."""

    assert ledger_status(Busier(table=1)) == 409
    assert LEDGER_STATUSES[errors.LedgerError] == 400
