"""Hypothesis strategies for sequences of coup results, with long runs and repeated ties."""

from __future__ import annotations

from hypothesis import strategies as st

from baccarat.core.summary import Winner
from baccarat.roads.result import RoadResult

results = st.builds(
    RoadResult,
    outcome=st.sampled_from(Winner),
    banker_pair=st.booleans(),
    player_pair=st.booleans(),
    natural=st.booleans(),
)

# Repeating a drawn result gives long runs (dragon tails) and strings of ties; single results
# give the choppy stretches that make long derived-road runs.
_chunks = st.lists(st.tuples(results, st.integers(1, 14)), max_size=24)
sequences = st.one_of(
    st.lists(results, max_size=80),
    _chunks.map(lambda chunks: [result for result, n in chunks for _ in range(n)]),
)
