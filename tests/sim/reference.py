"""An independent, plain-integer statement of the simulator's random procedure (for the tests).

Written from the specification in ``docs/simulator.md`` with Python integers, so the kernels can
be checked against it word for word, and the batched bounded-integer method can be checked
exhaustively at a small word size (``bits``), where every word can be enumerated.
"""

from __future__ import annotations

from collections.abc import Iterator, MutableSequence, Sequence

M64 = (1 << 64) - 1


def fmix64(x: int) -> int:
    x ^= x >> 33
    x = (x * 0xFF51AFD7ED558CCD) & M64
    x ^= x >> 33
    x = (x * 0xC4CEB9FE1A85EC53) & M64
    return x ^ (x >> 33)


def splitmix64(state: int) -> Iterator[int]:
    """The splitmix64 outputs from ``state`` (Steele, Lea and Flood; Vigna's reference code)."""
    while True:
        state = (state + 0x9E3779B97F4A7C15) & M64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & M64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & M64
        yield z ^ (z >> 31)


def _rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & M64


def xoshiro256ss(state: Sequence[int]) -> Iterator[int]:
    """xoshiro256** (Blackman and Vigna) from a 256-bit state."""
    s0, s1, s2, s3 = state
    while True:
        yield (_rotl((s1 * 5) & M64, 7) * 9) & M64
        t = (s1 << 17) & M64
        s2 ^= s0
        s3 ^= s1
        s1 ^= s2
        s0 ^= s3
        s2 ^= t
        s3 = _rotl(s3, 45)


def stream(k0: int, k1: int, index: int) -> Iterator[int]:
    """The 64-bit outputs of stream ``index`` under key ``(k0, k1)``."""
    seeds = splitmix64(k0 ^ fmix64(index ^ k1))
    return xoshiro256ss([next(seeds) for _ in range(4)])


def words32(outputs: Iterator[int]) -> Iterator[int]:
    """32-bit words: the low half of each output, then its high half."""
    for w in outputs:
        yield w & 0xFFFFFFFF
        yield w >> 32


def batch(word: int, bounds: Sequence[int], bits: int = 32) -> list[int] | None:
    """The indices one ``bits``-bit word gives for ``bounds``, or None if it is rejected.

    Lemire's multiply-shift, chained: each product's high part is an index, its low part the
    word for the next bound; reject when the final low part falls below 2**bits mod (product).
    """
    size = 1 << bits
    product = 1
    for b in bounds:
        product *= b
    indices = []
    r = word
    for b in bounds:
        indices.append(r * b >> bits)
        r = r * b % size
    return indices if r >= size % product else None


def shuffle(
    cards: MutableSequence[int], start: int, end: int, k: int, words: Iterator[int]
) -> None:
    """Fisher–Yates from the top over positions ``start`` to ``end - 1``, ``k`` positions per word.

    ``words`` must be a fresh half-word stream for this call (each call starts on a new output).
    """
    n = len(cards)
    i = start
    while i < end:
        m = min(k, end - i)
        bounds = [n - i - q for q in range(m)]
        indices = None
        while indices is None:
            indices = batch(next(words), bounds)
        for q, u in enumerate(indices):
            j = i + q + u
            cards[i + q], cards[j] = cards[j], cards[i + q]
        i += m
