"""Coups shown again: rebuilt from the stored cards and the ledger's stakes, or as the live state
holds them."""

from __future__ import annotations

import random
from datetime import UTC, datetime

import pytest

from baccarat.core.coup import Coup
from baccarat.ledger import history
from baccarat.ledger.live import LiveTables
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from support.fair import ContributingService

NOON = datetime(2026, 12, 2, 12, tzinfo=UTC)
STAKES = ({"banker": 1000, "tie": 100}, {"player": 500}, {"tie": 100})


def _dealt_shoe(store: Store) -> tuple[PlayService, str, int]:
    """A service, its player and a table whose first shoe is dealt to its end, stakes varied."""
    service = ContributingService(store, rng=random.Random(3), clock=lambda: NOON)
    player = service.join().player_id
    table = service.open_table(player, "punto-banco", 1).id
    number = 0
    while True:
        outcome = service.deal(player, table, STAKES[number % len(STAKES)])
        number += 1
        if outcome.shoe.finished:
            return service, player, table


def test_a_shoe_shown_from_memory_is_the_shoe_rebuilt_from_the_ledger(store: Store) -> None:
    service, player, table = _dealt_shoe(store)
    remembered = service.table(player, table)
    with service.live.reading(table, remembered.position) as live:
        assert live is not None and live.coups is not None
        assert len(live.coups) == len(remembered.coups) > 5
    service.live = LiveTables()  # a restarted server: nothing in memory
    rebuilt = service.table(player, table)
    assert rebuilt.coups == remembered.coups
    placed = {
        tuple(b.bet for b in view.settlement.bets) for view in rebuilt.coups if view.settlement
    }
    assert placed == {("banker", "tie"), ("player",), ("tie",)}


def test_a_shoe_just_dealt_is_shown_without_dealing_a_coup_again(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    service, player, table = _dealt_shoe(store)

    def refused(*_: object, **__: object) -> Coup:
        raise AssertionError("a remembered coup was dealt again")

    monkeypatch.setattr(Coup, "from_cards", refused)
    assert service.table(player, table).coups
    assert service.history(player)  # the history reads the coups the table holds
    monkeypatch.undo()
    service.live = LiveTables()
    monkeypatch.setattr(Coup, "from_cards", refused)
    with pytest.raises(AssertionError, match="dealt again"):
        service.table(player, table)


def test_a_coup_is_rebuilt_from_its_cards_and_its_stakes() -> None:
    cards = "9s2hKc3d"  # Player 9 (a natural) against Banker 5
    coup, on_player = history.rebuilt(cards, None, "punto-banco", (("player", 100),))
    _, on_banker = history.rebuilt(cards, None, "punto-banco", (("banker", 100),))
    _, nothing = history.rebuilt(cards, None, "punto-banco", ())
    assert coup.summary.winner.value == "player"
    assert on_player is not None and on_player.net == 100
    assert on_banker is not None and on_banker.net == -100
    assert nothing is None
