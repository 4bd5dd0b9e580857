"""Provably fair shoes at the table: committed before dealing, the player's contribution after
that, revealed at the end, verified with :func:`baccarat.fair.verify` and the order of events;
the seed never shows early, the order never."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import text

from baccarat.core.shoe import ShoeRules
from baccarat.fair import SeedError, commitment, fair_order
from baccarat.fair.shuffle import fair_shoe
from baccarat.ledger import tables
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store, migrate
from baccarat.store.models import ShoeRecord
from support.errors import raises_code
from support.fair import ContributingService


def _stored(store: Store, table_id: int) -> ShoeRecord:
    with store.reading() as db:
        return tables.current_shoe(db, table_id)


def test_a_shoe_is_the_fair_order_of_its_seeds_and_only_the_commitment_shows(store: Store) -> None:
    service = ContributingService(store)
    player = service.join().player_id
    view = service.open_table(player, decks=6)
    record = _stored(store, view.id)
    # Committed to, and nothing more: no client seed, so no order the server could know.
    assert record.server_seed is not None and record.client_seed is None
    assert record.card_order == "" and record.fair_scheme == 2
    assert record.commitment == commitment(record.server_seed)
    shown = view.next_shoe
    assert shown is not None and shown.commitment == record.commitment
    assert shown.server_seed is None and shown.client_seed_open and shown.awaiting_contribution
    assert record.server_seed not in repr(view)
    service.set_client_seed(player, view.id, "after the commitment", record.commitment)
    record = _stored(store, view.id)
    assert record.client_seed == "after the commitment" and record.server_seed is not None
    order = fair_order(record.server_seed, record.client_seed, 1, tables.shoe_rules(record))
    assert tables.decode_cards(record.card_order) == order


def test_the_player_sets_a_client_seed_before_the_first_coup_only(store: Store) -> None:
    service = ContributingService(store)
    player = service.join().player_id
    table = service.open_table(player, decks=1).id
    before = _stored(store, table)
    view = service.set_client_seed(player, table, "my lucky seed 7")
    after = _stored(store, table)
    assert after.server_seed == before.server_seed and after.commitment == before.commitment
    assert view.client_seed == "my lucky seed 7" and view.commitment == before.commitment
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
    service = ContributingService(store, rng=random.Random(8))
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
    # Nothing carries on: the next shoe waits for a contribution chosen after its commitment.
    assert second.client_seed is None and second.client_seed_open and second.awaiting_contribution
    result, events = service.verify_shoe(player, table, 1)
    assert result.ok and result.commitment_ok and result.coups_checked == coups == len(result.coups)
    assert events.scheme == 2 and events.in_order is True
    with raises_code(LedgerError, "shoe_not_revealed"):
        service.verify_shoe(player, table, 2)
    # The table still shows the shoe that ended until the next coup; that coup opens shoe 2.
    assert service.table(player, table).shoe.finished
    nxt = service.deal(player, table, {"player": 1_00})
    assert nxt.new_shoe and nxt.coup.shoe_number == 2 and nxt.coup.number == 1


def test_another_players_shoes_are_not_found(store: Store) -> None:
    service = ContributingService(store)
    alice, bob = service.join().player_id, service.join().player_id
    table = service.open_table(alice).id
    for call in (
        lambda: service.shoe_history(bob, table),
        lambda: service.verify_shoe(bob, table, 1),
        lambda: service.set_client_seed(bob, table, "mine"),
    ):
        with raises_code(LedgerError, "not_found"):
            call()


def test_a_shoe_is_dealt_only_after_a_contribution_chosen_after_its_commitment(
    store: Store,
) -> None:
    """Issue 21: the next shoe's server seed was drawn when the server already knew the client
    seed carried over, so it could draw seeds until it liked the order. Now the server draws and
    commits without any client seed, refuses to deal until the player contributes, and records
    the order of the three events."""
    times = iter(datetime(2026, 1, 1, 12, 0, n, tzinfo=UTC) for n in range(10_000))
    service = PlayService(store, rng=random.Random(4), clock=lambda: next(times))
    player = service.join().player_id
    table = service.open_table(player, decks=1).id
    balance = service.player(player).balance
    with raises_code(LedgerError, "contribution_needed"):
        service.deal(player, table, {"banker": 10_00})
    assert service.player(player).balance == balance  # nothing charged, nothing dealt
    assert _stored(store, table).coups_dealt == 0
    shown = _stored(store, table).commitment
    assert shown is not None
    with raises_code(LedgerError, "commitment_changed"):
        service.set_client_seed(player, table, "for another shoe", "0" * 64)
    assert _stored(store, table).client_seed is None
    service.set_client_seed(player, table, "mine, after seeing it", shown)
    service.set_client_seed(player, table, "changed my mind", shown)  # until the first card
    while not service.deal(player, table, {"banker": 10_00}).shoe.finished:
        pass
    record = _stored(store, table)
    assert record.number == 2 and record.client_seed is None and record.card_order == ""
    with raises_code(LedgerError, "contribution_needed"):
        service.deal(player, table, {"banker": 10_00})
    with store.reading() as db:
        first = tables.shoe_by_number(db, table, 1)
    assert first is not None and first.client_seed == "changed my mind"
    assert first.committed_at is not None and first.contributed_at is not None
    assert first.first_card_at is not None
    assert first.committed_at < first.contributed_at < first.first_card_at
    _, events = service.verify_shoe(player, table, 1)
    assert events.in_order is True
    assert events.record()["contribution_received"] == first.contributed_at.isoformat()


def test_verification_refuses_events_out_of_order(store: Store) -> None:
    service = ContributingService(store, rng=random.Random(6))
    player = service.join().player_id
    table = service.open_table(player, decks=1).id
    while not service.deal(player, table, {"banker": 10_00}).shoe.finished:
        pass
    with store.transaction() as db:
        record = tables.shoe_by_number(db, table, 1)
        assert record is not None and record.contributed_at is not None
        # A contribution dated before the commitment: a server that knew it first.
        record.committed_at = record.contributed_at + timedelta(seconds=1)
    result, events = service.verify_shoe(player, table, 1)
    assert result.ok and events.in_order is False


def test_shoes_from_before_keep_verifying_as_the_old_scheme(bare_store: Store) -> None:
    """Migration 0011 marks the shoes stored before it as scheme 1: their seeds and coups still
    verify; their events were not recorded (``in_order`` is None, not False)."""
    engine = bare_store.engine
    migrate(engine, "0010_table_rule_sets")  # a fresh database: the first ids are 1
    now = datetime(2026, 1, 1, tzinfo=UTC)
    server, client = "ab" * 32, "carried seed"
    rules = ShoeRules(decks=1)
    shoe = fair_shoe(server, client, 1, rules)
    coups = list(shoe.deal_all())
    order = tables.encode_cards(fair_order(server, client, 1, rules))
    with engine.begin() as conn:
        conn.execute(
            text(
                "INSERT INTO players (id, kind, created_at, adult_confirmed_at, "
                "reality_check_minutes) VALUES ('p', 'guest', :now, :now, 60)"
            ),
            {"now": now},
        )
        conn.execute(
            text(
                "INSERT INTO game_tables (player_id, rule_set, decks, created_at) "
                "VALUES ('p', 'punto-banco', 1, :now)"
            ),
            {"now": now},
        )
        conn.execute(
            text(
                "INSERT INTO shoes (table_id, number, decks, cut_card, burn, one_more_coup, "
                "card_order, server_seed, client_seed, commitment, coups_dealt, finished, "
                "created_at) VALUES (1, 1, 1, :cut, :burn, :omc, :order, :server, :client, "
                ":commitment, :dealt, :done, :now)"
            ),
            {
                "cut": rules.cut_card,
                "burn": rules.burn,
                "omc": rules.one_more_coup,
                "order": order,
                "server": server,
                "client": client,
                "commitment": commitment(server),
                "dealt": len(coups),
                "done": True,
                "now": now,
            },
        )
        for number, coup in enumerate(coups, start=1):
            conn.execute(
                text(
                    "INSERT INTO coups (table_id, shoe_id, number, cards, winner, summary_index, "
                    "pair_index, created_at) VALUES (1, 1, :n, :cards, :winner, :s, :p, :now)"
                ),
                {
                    "n": number,
                    "cards": tables.encode_cards(coup.cards_in_order),
                    "winner": coup.winner.value,
                    "s": coup.summary.index,
                    "p": coup.pairs.index,
                    "now": now,
                },
            )
    migrate(engine)
    service = PlayService(bare_store)
    result, events = service.verify_shoe("p", 1, 1)
    assert result.ok and result.commitment_ok and result.coups_checked == len(coups)
    assert events.scheme == 1 and events.in_order is None
    # The table goes on with a shoe of the new scheme, committed to before any contribution.
    view = service.table("p", 1)
    assert view.next_shoe is not None and view.next_shoe.scheme == 2
    assert view.next_shoe.awaiting_contribution
