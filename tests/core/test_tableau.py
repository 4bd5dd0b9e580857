"""The tableau: data, decisions and reasons, checked cell by cell against the rules as written."""

from __future__ import annotations

from pathlib import Path

import pytest

from baccarat.core.errors import TableauError
from baccarat.core.tableau import PUNTO_BANCO, Action, Reason, Tableau
from support.rules_oracle import banker_draws_by_the_book

GOLDEN = Path(__file__).parent.parent / "golden" / "core"


@pytest.mark.parametrize("total", range(8))
@pytest.mark.parametrize("third", [None, *range(10)])
def test_every_banker_cell_matches_the_book(total: int, third: int | None) -> None:
    decision = PUNTO_BANCO.banker_decision(total, third)
    assert (decision.action is Action.DRAW) == banker_draws_by_the_book(total, third)


@pytest.mark.parametrize("total", range(8))
def test_player_rule(total: int) -> None:
    decision = PUNTO_BANCO.player_decision(total)
    assert decision.action is (Action.DRAW if total <= 5 else Action.STAND)
    assert (decision.low, decision.high) == ((0, 5) if total <= 5 else (6, 7))


@pytest.mark.parametrize(
    ("total", "third", "reason", "span"),
    [
        (4, 6, Reason.BANKER_THIRD_CARD_DRAWS, (2, 7)),
        (4, 1, Reason.BANKER_THIRD_CARD_STANDS, (0, 1)),
        (4, 9, Reason.BANKER_THIRD_CARD_STANDS, (8, 9)),
        (3, 8, Reason.BANKER_THIRD_CARD_STANDS, (8, 8)),
        (3, 9, Reason.BANKER_THIRD_CARD_DRAWS, (9, 9)),
        (5, 4, Reason.BANKER_THIRD_CARD_DRAWS, (4, 7)),
        (6, 7, Reason.BANKER_THIRD_CARD_DRAWS, (6, 7)),
        (6, 5, Reason.BANKER_THIRD_CARD_STANDS, (0, 5)),
        (1, 3, Reason.BANKER_ALWAYS_DRAWS, (0, 2)),
        (7, 0, Reason.BANKER_ALWAYS_STANDS, (7, 7)),
        (5, None, Reason.BANKER_PLAYER_STOOD_DRAWS, (0, 5)),
        (6, None, Reason.BANKER_PLAYER_STOOD_STANDS, (6, 7)),
    ],
)
def test_reasons_carry_the_range_that_applied(
    total: int, third: int | None, reason: Reason, span: tuple[int, int]
) -> None:
    decision = PUNTO_BANCO.banker_decision(total, third)
    assert decision.reason is reason
    assert (decision.low, decision.high) == span


def test_the_range_always_contains_the_looked_up_value_and_agrees_with_the_data() -> None:
    for total in range(8):
        for third in range(10):
            d = PUNTO_BANCO.banker_decision(total, third)
            if d.reason in (Reason.BANKER_THIRD_CARD_DRAWS, Reason.BANKER_THIRD_CARD_STANDS):
                assert d.low <= third <= d.high
                assert all(
                    PUNTO_BANCO.banker[total][v] is d.action for v in range(d.low, d.high + 1)
                )
            else:
                assert d.low <= total <= d.high


def test_a_variant_is_new_data_and_its_reasons_follow() -> None:
    # A house that makes Banker 6 draw on a Player third card of 5 too: no new code.
    rows = {t: "".join("D" if PUNTO_BANCO.banker[t][v] is Action.DRAW else "S" for v in range(10))
            for t in range(8)}  # fmt: skip
    rows[6] = "SSSSSDDDSS"
    variant = Tableau.from_rows(
        "variant", player="DDDDDDSSSS", banker_player_stood="DDDDDDSSSS", banker=rows
    )
    decision = variant.banker_decision(6, 5)
    assert decision.action is Action.DRAW
    assert (decision.low, decision.high) == (5, 7)
    assert PUNTO_BANCO.banker_decision(6, 5).action is Action.STAND


@pytest.mark.parametrize(
    "kwargs",
    [
        {"player": "DDDDDDSSS", "banker_player_stood": "DDDDDDSSSS", "banker": {}},
        {"player": "DDDDDDSSSX", "banker_player_stood": "DDDDDDSSSS", "banker": {}},
        {"player": "DDDDDDSSSS", "banker_player_stood": "DDDDDDSSSS", "banker": {10: "S" * 10}},
    ],
)
def test_malformed_tableau_data_is_rejected(kwargs: dict[str, object]) -> None:
    with pytest.raises(TableauError):
        Tableau.from_rows("bad", **kwargs)  # type: ignore[arg-type]


def test_out_of_range_totals_are_errors() -> None:
    with pytest.raises(TableauError, match="10"):
        PUNTO_BANCO.player_decision(10)
    with pytest.raises(TableauError, match="-1"):
        PUNTO_BANCO.banker_decision(3, -1)


def test_printed_table_matches_golden_file() -> None:
    assert PUNTO_BANCO.to_text() + "\n" == (GOLDEN / "tableau.txt").read_text(encoding="utf-8")
