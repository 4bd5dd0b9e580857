"""Hypothesis strategies for the inputs of a fair shoe."""

from __future__ import annotations

from hypothesis import strategies as st

from baccarat.fair.seeds import MAX_SHOE_NUMBER

server_seeds = st.binary(min_size=32, max_size=32).map(bytes.hex)
client_seeds = st.text(
    alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E), min_size=1, max_size=64
).filter(lambda seed: seed == seed.strip(" "))
shoe_numbers = st.one_of(
    st.integers(1, 1000), st.integers(1, MAX_SHOE_NUMBER), st.just(MAX_SHOE_NUMBER)
)
decks = st.integers(1, 8)
