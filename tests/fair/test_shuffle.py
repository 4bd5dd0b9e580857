"""The stream, the rejection sampler, Fisher–Yates and the fair order."""

from __future__ import annotations

import hashlib
import hmac
import itertools
import math
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.cards import full_deck
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.fair.errors import FairError, SeedError
from baccarat.fair.seeds import commitment
from baccarat.fair.shuffle import (
    DOMAIN,
    MAX_DECKS,
    FairShoe,
    HmacStream,
    accept_word,
    fair_order,
    fair_shoe,
    fisher_yates,
    fresh_order,
    hmac_block,
    message,
    uniform_below,
)
from fair import reference
from fair.strategies import client_seeds, decks, server_seeds, shoe_numbers

SEED = bytes(range(32)).hex()


# --- the message and the stream ---------------------------------------------------------------


def test_the_message_is_laid_out_as_documented() -> None:
    expected = (
        b"baccarat-fair-v1"
        + bytes([0, 8])
        + b"Lucky 7!"
        + bytes([0, 0, 0, 0, 0, 0, 1, 2])  # shoe 258
        + bytes([0, 0, 0, 0, 0, 0, 0, 3])  # counter 3
    )
    assert DOMAIN == b"baccarat-fair-v1" and len(DOMAIN) == 16
    assert message("Lucky 7!", 258, 3) == expected


@given(client_seeds, client_seeds, shoe_numbers, shoe_numbers)
def test_different_inputs_never_share_a_message(a: str, b: str, m: int, n: int) -> None:
    if (a, m) != (b, n):
        assert message(a, m, 0) != message(b, n, 0)


def test_blocks_are_hmac_sha256_keyed_by_the_seed_bytes() -> None:
    key = bytes(range(32))
    for counter in (0, 1, 2**40):
        mac = hmac.new(key, message("player", 7, counter), hashlib.sha256).digest()
        assert hmac_block(SEED, "player", 7, counter) == mac


def test_the_stream_is_the_blocks_in_counter_order_whatever_the_reads() -> None:
    blocks = b"".join(hmac_block(SEED, "player", 1, k) for k in range(4))
    stream = HmacStream(SEED, "player", 1)
    sizes = [4, 1, 31, 7, 9, 44, 32]
    read = b"".join(stream.read(size) for size in sizes)
    assert read == blocks[: sum(sizes)]
    assert stream.blocks == 4


# --- the rejection sampler ----------------------------------------------------------------------


@pytest.mark.parametrize("n", range(1, 257))
def test_one_byte_words_give_each_result_equally_often(n: int) -> None:
    # Every one of the 256 words, once: each result is accepted exactly 256 // n times and the
    # 256 % n words at the top are rejected. That is exactly uniform, whatever n.
    outcomes = Counter(accept_word(word, n, word_bytes=1) for word in range(256))
    rejected = outcomes.pop(None, 0)
    assert rejected == 256 % n
    assert outcomes == dict.fromkeys(range(n), 256 // n)
    # and the rejected words are the top of the range
    assert all(accept_word(word, n, word_bytes=1) is None for word in range(256 - rejected, 256))


@pytest.mark.parametrize("n", [3, 7, 52, 415, 416, 40_000, 65_535])
def test_two_byte_words_give_each_result_equally_often(n: int) -> None:
    outcomes = Counter(accept_word(word, n, word_bytes=2) for word in range(65_536))
    assert outcomes.pop(None, 0) == 65_536 % n
    assert set(outcomes.values()) == {65_536 // n} and len(outcomes) == n


@pytest.mark.parametrize("n", [2, 3, 52, 415, 416])
def test_four_byte_words_reject_exactly_the_top_of_the_range(n: int) -> None:
    limit = 2**32 - 2**32 % n
    assert accept_word(limit - 1, n) == (limit - 1) % n
    assert accept_word(limit, n) is None
    assert accept_word(2**32 - 1, n) is (None if 2**32 % n else (2**32 - 1) % n)


@pytest.mark.parametrize(("n", "word_bytes"), [(0, 4), (-1, 4), (257, 1), (2**32 + 1, 4)])
def test_ranges_the_words_cannot_cover_are_refused(n: int, word_bytes: int) -> None:
    with pytest.raises(FairError, match=repr(n)):
        accept_word(0, n, word_bytes)


def test_uniform_below_reads_again_after_a_rejection() -> None:
    words = iter([2**32 - 1, 2**32 - 100, 1234])  # for n = 415 the top 256 words are rejected
    reads: list[int] = []

    def read(size: int) -> bytes:
        assert size == 4
        word = next(words)
        reads.append(word)
        return word.to_bytes(4, "big")

    assert uniform_below(415, read) == 1234 % 415
    assert reads == [2**32 - 1, 2**32 - 100, 1234]


# --- Fisher–Yates ---------------------------------------------------------------------------


def _scripted(choices: tuple[int, ...]) -> Iterator[int]:
    return iter(choices)


@pytest.mark.parametrize("size", range(1, 7))
def test_fisher_yates_is_a_bijection_from_draws_to_orders(size: int) -> None:
    # Draw i (from the last index down) ranges over 0 … i: size! sequences in all. Each one gives
    # a different order and every order is reached, so uniform draws give uniform orders.
    items = tuple(range(size))
    ranges = [range(i + 1) for i in range(size - 1, 0, -1)]
    orders: Counter[tuple[int, ...]] = Counter()
    for choices in itertools.product(*ranges):
        script = _scripted(choices)
        asked: list[int] = []

        def below(n: int, script: Iterator[int] = script, asked: list[int] = asked) -> int:
            asked.append(n)
            return next(script)

        orders[tuple(fisher_yates(items, below))] += 1
        assert asked == list(range(size, 1, -1))
    assert len(orders) == math.factorial(size)
    assert set(orders.values()) == {1}
    assert set(orders) == set(itertools.permutations(items))


def test_fisher_yates_leaves_its_input_alone() -> None:
    items = [1, 2, 3]
    fisher_yates(items, lambda n: 0)
    assert items == [1, 2, 3]


# --- the fair order ---------------------------------------------------------------------------


def test_the_fresh_order_is_deck_after_deck_in_full_deck_order() -> None:
    assert fresh_order(ShoeRules(decks=3)) == full_deck() * 3


@pytest.mark.parametrize("n_decks", range(1, MAX_DECKS + 1))
def test_the_order_is_a_permutation_of_the_shoe(n_decks: int) -> None:
    rules = ShoeRules(decks=n_decks)
    order = fair_order(SEED, "player", n_decks, rules)
    assert len(order) == 52 * n_decks
    assert Counter(order) == Counter(full_deck() * n_decks)
    assert order != fresh_order(rules)


def test_the_order_is_deterministic() -> None:
    first = fair_order(SEED, "player", 1)
    assert all(fair_order(SEED, "player", 1) == first for _ in range(3))
    assert fair_order(SEED.upper(), "player", 1) == first


def test_each_input_changes_the_order() -> None:
    base = fair_order(SEED, "player", 1)
    orders = {
        base,
        fair_order(SEED, "player", 2),
        fair_order(SEED, "Player", 1),
        fair_order(SEED, "player!", 1),
        fair_order(SEED[:-1] + "e", "player", 1),
        fair_order(SEED, "player", 2**64 - 1),
    }
    assert len(orders) == 6


@settings(max_examples=60, deadline=None)
@given(server_seeds, client_seeds, shoe_numbers, decks)
def test_the_order_is_the_reference_implementations(
    server_seed: str, client_seed: str, shoe_number: int, n_decks: int
) -> None:
    order = fair_order(server_seed, client_seed, shoe_number, ShoeRules(decks=n_decks))
    assert [str(card) for card in order] == reference.shoe_order(
        server_seed, client_seed, shoe_number, n_decks
    )
    assert Counter(order) == Counter(full_deck() * n_decks)
    assert reference.commitment(server_seed) == commitment(server_seed)


@settings(max_examples=40, deadline=None)
@given(server_seeds, st.lists(client_seeds, min_size=2, max_size=2, unique=True), shoe_numbers)
def test_different_client_seeds_give_different_orders(
    server_seed: str, clients: list[str], shoe_number: int
) -> None:
    rules = ShoeRules(decks=1)
    a, b = (fair_order(server_seed, client, shoe_number, rules) for client in clients)
    assert a != b  # two equal 1-deck orders: probability below 1e-67


@settings(max_examples=40, deadline=None)
@given(server_seeds, client_seeds, st.lists(shoe_numbers, min_size=2, max_size=2, unique=True))
def test_different_shoe_numbers_give_different_orders(
    server_seed: str, client_seed: str, numbers: list[int]
) -> None:
    rules = ShoeRules(decks=1)
    a, b = (fair_order(server_seed, client_seed, number, rules) for number in numbers)
    assert a != b


def test_only_the_deck_count_of_the_rules_matters_to_the_order() -> None:
    assert fair_order(SEED, "p", 1, ShoeRules(decks=6)) == fair_order(
        SEED, "p", 1, ShoeRules(decks=6, cut_card=60, burn=False, one_more_coup=False)
    )


@pytest.mark.parametrize("bad_decks", [9, 100])
def test_shoes_of_more_than_eight_decks_are_refused(bad_decks: int) -> None:
    with pytest.raises(FairError, match=f"got {bad_decks}"):
        fair_order(SEED, "player", 1, ShoeRules(decks=bad_decks))


def test_bad_inputs_are_refused_before_any_work() -> None:
    with pytest.raises(SeedError, match="'nope'"):
        fair_order("nope", "player", 1)
    with pytest.raises(SeedError, match="''"):
        fair_order(SEED, "", 1)
    with pytest.raises(FairError, match="got 0"):
        fair_order(SEED, "player", 0)
    with pytest.raises(FairError, match="ShoeRules"):
        fair_order(SEED, "player", 1, 8)  # type: ignore[arg-type]


# --- the shoe -------------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [ShoeRules(decks=8), ShoeRules(decks=1, burn=False)])
def test_a_fair_shoe_deals_as_a_core_shoe_in_that_order(rules: ShoeRules) -> None:
    fair = list(fair_shoe(SEED, "player", 3, rules).deal_all())
    core = list(Shoe.from_order(fair_order(SEED, "player", 3, rules), rules).deal_all())
    assert fair == core and fair


def test_fair_shoe_keeps_its_server_seed_out_of_its_repr() -> None:
    shoe = FairShoe(SEED.upper(), "player", 1)
    assert shoe.server_seed == SEED  # canonical lowercase
    assert SEED not in repr(shoe) and SEED.upper() not in repr(shoe)
    assert shoe.commitment == commitment(SEED)
    assert shoe.order() == fair_order(SEED, "player", 1)
    assert list(shoe.shoe().deal_all()) == list(fair_shoe(SEED, "player", 1).deal_all())


def test_a_new_fair_shoe_has_fresh_seeds_and_takes_the_players_seed() -> None:
    a, b = FairShoe.new(1), FairShoe.new(1)
    assert a.server_seed != b.server_seed and a.client_seed != b.client_seed
    mine = a.with_client_seed("mine")
    assert (mine.server_seed, mine.client_seed, mine.commitment) == (
        a.server_seed,
        "mine",
        a.commitment,
    )
    assert FairShoe.new(2, client_seed="given").client_seed == "given"


@pytest.mark.parametrize(
    ("args", "error"),
    [
        (("xx", "player", 1, ShoeRules()), SeedError),
        ((SEED, "", 1, ShoeRules()), SeedError),
        ((SEED, "player", 0, ShoeRules()), FairError),
        ((SEED, "player", 1, ShoeRules(decks=9)), FairError),
    ],
)
def test_a_fair_shoe_checks_its_inputs(
    args: tuple[str, str, int, ShoeRules], error: type[Exception]
) -> None:
    with pytest.raises(error):
        FairShoe(*args)
    with pytest.raises(SeedError, match="' x'"):
        FairShoe(SEED, "player", 1).with_client_seed(" x")
