"""Provably fair shoes at the table: committed before dealing, the player's seed, revealed at the
end, verified with :func:`baccarat.fair.verify`; the seed never shows early, the order never."""

from __future__ import annotations

import random

import pytest

from baccarat.fair import SeedError, commitment, fair_order
from baccarat.ledger import tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.store.models import ShoeRecord
from support.errors import raises_code


def _stored(store: Store, table_id: int) -> ShoeRecord:
    with store.reading() as db:
        return tables.current_shoe(db, table_id)


def test_a_shoe_is_the_fair_order_of_its_seeds_and_only_the_commitment_shows(store: Store) -> None:
    service = PlayService(store)
    player = service.join().player_id
    view = service.open_table(player, decks=6)
    record = _stored(store, view.id)
    assert record.server_seed is not None and record.client_seed is not None
    assert record.commitment == commitment(record.server_seed)
    order = fair_order(record.server_seed, record.client_seed, 1, tables.shoe_rules(record))
    assert tables.decode_cards(record.card_order) == order
    shown = view.next_shoe
    assert shown is not None and shown.commitment == record.commitment
    assert shown.server_seed is None and shown.client_seed_open
    assert record.server_seed not in repr(view)


def test_the_player_sets_a_client_seed_before_the_first_coup_only(store: Store) -> None:
    service = PlayService(store)
    player = service.join().player_id
    table = service.open_table(player, decks=1).id
    before = _stored(store, table)
    view = service.set_client_seed(player, table, "my lucky seed 7")
    after = _stored(store, table)
    assert after.server_seed == before.server_seed and after.commitment == before.commitment
    assert view.next_shoe is not None and view.next_shoe.client_seed == "my lucky seed 7"
    rules = tables.shoe_rules(after)
    assert after.server_seed is not None
    order = fair_order(after.server_seed, "my lucky seed 7", 1, rules)
    assert tables.decode_cards(after.card_order) == order
    first = service.deal(player, table, {"banker": 10_00})
    # The coup came from the reseeded order: the cards after the burn.
    dealt = first.coup.coup.cards_in_order
    assert order[first.shoe.burned : first.shoe.burned + len(dealt)] == dealt
    with raises_code(LedgerError, "client_seed_closed"):
        service.set_client_seed(player, table, "too late")
    with pytest.raises(SeedError):
        service.set_client_seed(player, table, " spaced ")
    assert _stored(store, table).client_seed == "my lucky seed 7"


def test_a_finished_shoe_is_revealed_and_verifies(store: Store) -> None:
    service = PlayService(store, rng=random.Random(8))
    player = service.join().player_id
    table = service.open_table(player, decks=1).id
    service.set_client_seed(player, table, "seed of mine")
    with raises_code(LedgerError, "shoe_not_revealed"):
        service.verify_shoe(player, table, 1)
    coups = 0
    while True:
        outcome = service.deal(player, table, {"player": 1_00})
        coups += 1
        if outcome.shoe.finished:
            break
    history = service.shoe_history(player, table)
    assert [s.number for s in history] == [2, 1]
    second, first = history
    assert first.finished and first.server_seed is not None
    assert commitment(first.server_seed) == first.commitment
    assert second.server_seed is None and second.commitment is not None
    assert second.client_seed == "seed of mine" and second.client_seed_open
    result = service.verify_shoe(player, table, 1)
    assert result.ok and result.commitment_ok and result.coups_checked == coups == len(result.coups)
    with raises_code(LedgerError, "shoe_not_revealed"):
        service.verify_shoe(player, table, 2)
    # The table still shows the shoe that ended until the next coup; that coup opens shoe 2.
    assert service.table(player, table).shoe.finished
    nxt = service.deal(player, table, {"player": 1_00})
    assert nxt.new_shoe and nxt.coup.shoe_number == 2 and nxt.coup.number == 1


def test_another_players_shoes_are_not_found(store: Store) -> None:
    service = PlayService(store)
    alice, bob = service.join().player_id, service.join().player_id
    table = service.open_table(alice).id
    for call in (
        lambda: service.shoe_history(bob, table),
        lambda: service.verify_shoe(bob, table, 1),
        lambda: service.set_client_seed(bob, table, "mine"),
    ):
        with raises_code(LedgerError, "not_found"):
            call()
