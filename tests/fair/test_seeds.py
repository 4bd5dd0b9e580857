"""Seeds, commitments and the validation of every input of a fair shoe."""

from __future__ import annotations

import hashlib

import pytest
from hypothesis import given
from hypothesis import strategies as st

from baccarat.core.errors import BaccaratError
from baccarat.fair.errors import FairError, SeedError
from baccarat.fair.seeds import (
    MAX_SHOE_NUMBER,
    check_client_seed,
    check_commitment,
    check_server_seed,
    check_shoe_number,
    commitment,
    commitment_matches,
    new_client_seed,
    new_server_seed,
    server_seed_bytes,
)

SEED = bytes(range(32)).hex()


def test_new_server_seeds_are_32_fresh_bytes_in_lowercase_hex() -> None:
    seeds = {new_server_seed() for _ in range(50)}
    assert len(seeds) == 50
    for seed in seeds:
        assert len(seed) == 64 and seed == seed.lower()
        assert len(bytes.fromhex(seed)) == 32


def test_new_client_seeds_are_valid_and_fresh() -> None:
    seeds = {new_client_seed() for _ in range(50)}
    assert len(seeds) == 50
    assert all(check_client_seed(seed) == seed for seed in seeds)


def test_the_commitment_is_sha256_of_the_seed_bytes_not_of_its_text() -> None:
    assert commitment(SEED) == hashlib.sha256(bytes(range(32))).hexdigest()
    assert commitment(SEED) != hashlib.sha256(SEED.encode()).hexdigest()


@given(st.binary(min_size=32, max_size=32))
def test_seed_case_does_not_matter(raw: bytes) -> None:
    assert commitment(raw.hex().upper()) == commitment(raw.hex()) == hashlib.sha256(raw).hexdigest()
    assert server_seed_bytes(raw.hex().upper()) == raw


def test_the_commitment_check_catches_a_wrong_seed() -> None:
    shown = commitment(SEED)
    assert commitment_matches(SEED, shown)
    assert commitment_matches(SEED.upper(), shown.upper())
    other = SEED[:-1] + "e"  # one bit changed
    assert not commitment_matches(other, shown)


@pytest.mark.parametrize(
    "bad",
    ["", "00", "0" * 63, "0" * 65, "g" * 64, "0x" + "0" * 62, " " + "0" * 63, "0" * 62 + "\n0"],
)
def test_malformed_server_seeds_are_refused_and_quoted(bad: str) -> None:
    with pytest.raises(SeedError) as info:
        check_server_seed(bad)
    assert repr(bad) in str(info.value)
    assert f"({len(bad)} characters)" in str(info.value)
    assert isinstance(info.value, BaccaratError)


def test_malformed_commitments_are_refused_and_quoted() -> None:
    with pytest.raises(SeedError, match=r"commitment must be 64 hexadecimal digits .* got 'abc'"):
        check_commitment("abc")
    with pytest.raises(SeedError, match="commitment"):
        commitment_matches(SEED, "z" * 64)


def test_a_seed_that_is_not_text_is_refused() -> None:
    with pytest.raises(SeedError, match="got b'"):
        check_server_seed(bytes(32))  # type: ignore[arg-type]
    with pytest.raises(SeedError, match="got 7"):
        check_client_seed(7)  # type: ignore[arg-type]


@pytest.mark.parametrize("good", ["a", "player", "Lucky 7!", "~" * 64, "a b", '{"x": 1}'])
def test_client_seeds_of_printable_ascii_are_kept_as_they_are(good: str) -> None:
    assert check_client_seed(good) == good


@pytest.mark.parametrize("bad", ["", "x" * 65, "café", "tab\there", "new\nline", " lead", "trail "])
def test_bad_client_seeds_are_refused_and_quoted(bad: str) -> None:
    with pytest.raises(SeedError) as info:
        check_client_seed(bad)
    assert repr(bad) in str(info.value)


@pytest.mark.parametrize("good", [1, 2, 10**6, MAX_SHOE_NUMBER])
def test_shoe_numbers_from_1_to_2_to_the_64_minus_1(good: int) -> None:
    assert check_shoe_number(good) == good


@pytest.mark.parametrize("bad", [0, -1, MAX_SHOE_NUMBER + 1, True, 1.0, "1"])
def test_bad_shoe_numbers_are_refused_and_quoted(bad: object) -> None:
    with pytest.raises(FairError) as info:
        check_shoe_number(bad)  # type: ignore[arg-type]
    assert f"got {bad!r}" in str(info.value)
