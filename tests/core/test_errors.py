"""Templated errors keep their English ``str()`` and survive a trip through pickle (a worker
process, Dask) as themselves, parameters and all."""

from __future__ import annotations

import pickle

import pytest

from baccarat.core.cards import Card
from baccarat.core.errors import CardError
from baccarat.core.settle import StakeError


def test_a_card_error_quotes_the_input_and_has_a_code() -> None:
    with pytest.raises(CardError) as info:
        Card.parse("1x")
    assert info.value.code == "unknown_card" and info.value.params == {"text": "1x"}
    assert str(info.value) == (
        "unknown card '1x': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)"
    )


@pytest.mark.parametrize(
    "error",
    [
        CardError("unknown_card", text="1x"),
        StakeError("stake_below_minimum", bet="tie", stake=50, minimum=100, rule_set="punto-banco"),
    ],
)
def test_a_templated_error_unpickles_as_itself(error: Exception) -> None:
    back = pickle.loads(pickle.dumps(error))
    assert type(back) is type(error) and str(back) == str(error)
    assert back.params == error.params  # type: ignore[attr-defined]
