"""Tallies of the card classes that card-level bets read, dealt by the simulator's own kernels.

The coups are those of :func:`baccarat.sim.kernels.run_shoes`, card for card: the same streams,
the same shuffles and the same shoe procedure (:mod:`baccarat.sim.dealing`; the shoe mode deals
through :func:`~baccarat.sim.dealing.deal_shoe`'s ``record``, which keeps each coup's first
position). Each coup is then read as a card-level bet reads it:
its base (two-card totals and third cards) and the bits of the signature's card tests, from the
card bytes (value, rank among its value, suit), and tallied per signature
(:class:`CardTally`). The summary and pair classes are tallied as the fast path does. CPU only:
the GPU kernel keeps the 409 counters of the fast path.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from baccarat.core.cardspace import CardSignature, CardTest
from baccarat.core.positions import CardAttribute
from baccarat.odds import jitcache
from baccarat.sim import dealing, kernels
from baccarat.sim.config import INFINITE_UNIT
from baccarat.sim.kernels import FIRST_COUP, SHOE

# Before the first kernel: numba stamps each one's cache with every kernel source.
jitcache.install()

__all__ = ["CardTally", "card_tally", "run_shoes_cards"]

_ATTRIBUTE = {
    CardAttribute.RANK: 0,
    CardAttribute.SUIT: 1,
    CardAttribute.COLOUR: 2,
    CardAttribute.VALUE: 3,
}


@dataclass(frozen=True, eq=False)
class CardTally:
    """The signatures a run tallies and the kernel's description of their tests (picklable)."""

    signatures: tuple[CardSignature, ...]
    offsets: npt.NDArray[np.int64]
    """Where each signature's classes start in the flat tally; the last entry is its size."""
    tests: npt.NDArray[np.int64]
    """One row per test: signature, attribute, positions (6 bits), over dealt, not-dealt
    allowed, for an attribute test its card types (a 52-bit mask; -1 for a relation), and the
    test's bit in its signature."""
    bases: npt.NDArray[np.bool_]
    widths: npt.NDArray[np.int64]

    @property
    def size(self) -> int:
        return int(self.offsets[-1])

    def counts(self, flat: npt.NDArray[np.int64]) -> dict[CardSignature, tuple[int, ...]]:
        """The flat tally cut into each signature's counts."""
        return {
            s: tuple(int(c) for c in flat[self.offsets[i] : self.offsets[i + 1]].tolist())
            for i, s in enumerate(self.signatures)
        }


def _type_mask(test: CardTest) -> int:
    from baccarat.odds.cards import mask_of  # the same card types the analyzer uses

    assert test.values is not None
    mask = 0
    for value in test.values:
        if value is not None:
            mask |= mask_of(test.attribute, value)
    return mask


def card_tally(signatures: Sequence[CardSignature]) -> CardTally | None:
    """The tally of ``signatures`` (None when there are none: the fast path then suffices)."""
    listed = tuple(dict.fromkeys(signatures))
    if not listed:
        return None
    rows = []
    offsets = [0]
    for index, signature in enumerate(listed):
        for bit, test in enumerate(signature.tests):
            positions = sum(1 << p.slot for p in test.positions)
            relation = test.values is None
            rows.append(
                [
                    index,
                    _ATTRIBUTE[test.attribute],
                    positions,
                    int(test.over_dealt),
                    int(not relation and None in test.values),  # type: ignore[operator]
                    -1 if relation else _type_mask(test),
                    bit,
                ]
            )
        offsets.append(offsets[-1] + signature.size)
    return CardTally(
        signatures=listed,
        offsets=np.array(offsets, dtype=np.int64),
        tests=np.array(rows, dtype=np.int64).reshape(-1, 7),
        bases=np.array([s.base for s in listed], dtype=np.bool_),
        widths=np.array([len(s.tests) for s in listed], dtype=np.int64),
    )


@njit(cache=True, nogil=True)
def _attribute(t: int, which: int) -> int:  # pragma: no cover - compiled
    rank = t // 4 + 1
    suit = t % 4
    if which == 0:
        return rank
    if which == 1:
        return suit
    if which == 2:
        return 1 if suit == 1 or suit == 2 else 0  # diamonds and hearts are red
    return rank if rank <= 9 else 0


@njit(cache=True, nogil=True)
def _read(
    a: Any,
    record: Any,
    coups: int,
    tests: Any,
    offsets: Any,
    bases: Any,
    widths: Any,
    out: Any,
    scratch: Any,
) -> None:  # pragma: no cover - compiled
    """Tally the card classes of the first ``coups`` coups of ``record`` (rows of entry, pair
    class and first position, as :func:`baccarat.sim.dealing.deal_shoe` writes them) dealt
    from ``a``. One call per shoe: a call costs a reference count per array handed over.

    ``scratch`` holds 12 + one entry per signature: the card types and values by slot (0-5,
    6-11), then the bits of each signature."""
    nsig = widths.shape[0]
    for c in range(coups):
        entry = record[c, 0]
        p = record[c, 2]
        for slot in range(6):
            code = np.int64(a[p + slot])
            value = code & 15
            rank = value if value else 10 + ((code >> 4) & 3)
            scratch[slot] = (rank - 1) * 4 + (code >> 6)
            scratch[6 + slot] = value
        summary = entry >> 3
        player_cards = 2 + (summary // 2) % 2
        banker_cards = 2 + summary % 2
        # The fifth card is the Player's third when the Player drew, else the Banker's.
        if player_cards == 3:
            if banker_cards == 2:
                scratch[5] = -1
        elif banker_cards == 3:
            scratch[5] = scratch[4]
            scratch[11] = scratch[10]
            scratch[4] = -1
        else:
            scratch[4] = -1
            scratch[5] = -1
        pt = (scratch[6] + scratch[8]) % 10
        bt = (scratch[7] + scratch[9]) % 10
        p3 = scratch[10] if scratch[4] >= 0 else 10
        b3 = scratch[11] if scratch[5] >= 0 else 10
        key = ((pt * 10 + bt) * 11 + p3) * 11 + b3
        for sig in range(nsig):
            scratch[12 + sig] = 0
        for i in range(tests.shape[0]):
            ok = True
            seen = -1
            for slot in range(6):
                if (tests[i, 2] >> slot) & 1 == 0:
                    continue
                t = scratch[slot]
                if t < 0:
                    # Not dealt: a group's test skips it; a card's holds if "none" is allowed.
                    ok = ok and (tests[i, 3] == 1 or (tests[i, 5] >= 0 and tests[i, 4] == 1))
                elif tests[i, 5] >= 0:
                    ok = ok and (tests[i, 5] >> t) & 1 == 1
                else:
                    x = _attribute(t, tests[i, 1])
                    if seen < 0:
                        seen = x
                    else:
                        ok = ok and x == seen
            if ok:
                scratch[12 + tests[i, 0]] |= 1 << tests[i, 6]
        for sig in range(nsig):
            bits = scratch[12 + sig]
            index = (key << widths[sig]) | bits if bases[sig] else bits
            out[offsets[sig] + index] += 1


# run_shoes' parameters and the card-level bets' arrays: a numba kernel takes arrays and
# scalars (a jitclass would keep it out of numba's disk cache); the dealing is sim.dealing's.
@njit(cache=True, nogil=True)
def run_shoes_cards(
    mode: int,
    k0: Any,
    k1: Any,
    first: int,
    count: int,
    limit: int,
    template: Any,
    cut_index: int,
    burn: bool,
    one_more: bool,
    table: Any,
    counts: Any,
    pairs: Any,
    tests: Any,
    offsets: Any,
    bases: Any,
    widths: Any,
    cards: Any,
) -> tuple[int, int]:  # pragma: no cover - compiled
    """:func:`baccarat.sim.kernels.run_shoes`, dealing the same coups shoe by shoe, with the card
    classes of every signature tallied into ``cards`` as well."""
    n = template.shape[0]
    k = dealing.batch_size(n)
    if limit < 0:
        limit = 1 << 62
    a = np.zeros(n + 8, dtype=np.uint8)
    a[:n] = template
    swaps = np.zeros(n, dtype=np.int64)
    no_swaps = np.empty(0, dtype=np.int64)
    record = np.zeros((n // 4 + 2, 3), dtype=np.int64)
    bounds, limits = dealing.batch_limits(n, k)
    from_burn, limits_burn = dealing.batch_limits(n, k, 1 if burn else 0)
    six = np.zeros(6, dtype=np.uint8)
    scratch = np.zeros(12 + widths.shape[0], dtype=np.int64)
    coups = 0
    used = 0
    for index in range(first, first + count):
        if coups >= limit:
            break
        used += 1
        if mode == SHOE:
            dealing.shuffle_shoe(a, template, k0, k1, index, k, bounds, limits, no_swaps)
            dealt = dealing.deal_shoe(
                a, cut_index, burn, one_more, table, counts, pairs, limit - coups, record
            )
            _read(a, record, dealt, tests, offsets, bases, widths, cards, scratch)
            coups += dealt
            continue
        s0, s1, s2, s3 = dealing.stream_state(k0, k1, np.uint64(index))
        if mode == FIRST_COUP:
            entry, pair = kernels._first_coup(
                a, template, k, burn, table, swaps, from_burn, limits_burn, s0, s1, s2, s3, six
            )
            counts[entry >> np.uint64(3)] += 1
            pairs[pair] += 1
            record[0, 0] = np.int64(entry)
            record[0, 2] = 0
            _read(six, record, 1, tests, offsets, bases, widths, cards, scratch)
            coups += 1
        else:
            half = np.uint64(0)
            have = False
            for _ in range(min(INFINITE_UNIT, limit - coups)):
                s0, s1, s2, s3, half, have = dealing.infinite_six(
                    template, six, s0, s1, s2, s3, half, have
                )
                entry, pair = dealing.coup(six, np.uint64(0), table)
                counts[entry >> np.uint64(3)] += 1
                pairs[pair] += 1
                record[0, 0] = np.int64(entry)
                record[0, 2] = 0
                _read(six, record, 1, tests, offsets, bases, widths, cards, scratch)
                coups += 1
    return coups, used
