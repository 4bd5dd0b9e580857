"""Exact counts of the classes of card-level bets, in one enumeration for a whole rule set.

A card-level bet reads the classes of its :class:`~baccarat.core.cardspace.CardSignature`: a base
(two-card totals and third cards) and one bit per card test. :func:`card_counts` counts every
class of several signatures at once for a composition and a tableau. Tests that only read card
*values* (``p1_value``, ``same_value``, a rank of one value) are read off the enumeration; the
others are lists of *terms* — allowed card types per position — weighed by falling factorials, so
suits and ranks are never enumerated (:mod:`baccarat.odds._cards`). Cost grows with what a bet
reads: a bet on the first four cards only is priced on the 10,000 four-card prefixes; one on the
base or on a third card on every leaf (about 340,000 for 8 decks; a third as many when every test
treats a side's first two cards alike).

>>> from baccarat.core.bets import Bet
>>> from baccarat.odds.composition import Composition
>>> red = Bet.from_data("all_red", {"rules": [{"when": {"all_colour": "red"}, "pays": "22"}]})
>>> counts = card_counts(Composition.decks(8), [red.signature])[red.signature]
>>> int(counts[1]), int(counts.sum()) == 416 * 415 * 414 * 413 * 412 * 411
(186891927234688, True)
"""

from __future__ import annotations

import functools
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat.core.cards import Rank, Suit
from baccarat.core.cardspace import CardSignature, CardTest
from baccarat.core.positions import CardAttribute, Position
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.odds import _cards
from baccarat.odds.composition import Composition
from baccarat.odds.counting import _INT64_MAX, _python_twin, six_card_total, tableau_arrays

__all__ = ["CardPlan", "card_counts", "card_plan", "mask_of"]

_FULL = (1 << 52) - 1
_TYPES = [(t // 4 + 1, t % 4) for t in range(52)]  # (rank, suit index) of each card type
_VALUE_MASKS = [
    sum(1 << t for t, (rank, _) in enumerate(_TYPES) if (rank if rank <= 9 else 0) == v)
    for v in range(10)
]
_SWAP = {Position.P1: Position.P2, Position.P2: Position.P1,
         Position.B1: Position.B2, Position.B2: Position.B1,
         Position.P3: Position.P3, Position.B3: Position.B3}  # fmt: skip


@functools.cache
def mask_of(attribute: CardAttribute, value: object) -> int:
    """The card types whose ``attribute`` is ``value``: bit ``t`` for card type ``t``
    (rank-major, ``4 × (rank − 1) + suit``), as the kernels read cards.

    >>> bin(mask_of(CardAttribute.RANK, Rank.ACE))
    '0b1111'
    """
    mask = 0
    for t, (rank, suit) in enumerate(_TYPES):
        r = Rank(rank)
        s = tuple(Suit)[suit]
        seen = {
            CardAttribute.RANK: r,
            CardAttribute.SUIT: s,
            CardAttribute.COLOUR: s.colour,
            CardAttribute.VALUE: r.value_points,
        }[attribute]
        if seen == value and type(seen) is type(value):
            mask |= 1 << t
    return mask


def _values_of(mask: int) -> int | None:
    """The values (a bit each) whose cards make up ``mask``, if it is a union of whole values."""
    bits = 0
    for v, whole in enumerate(_VALUE_MASKS):
        part = mask & whole
        if part == whole:
            bits |= 1 << v
        elif part:
            return None
    return bits


_Term = tuple[tuple[int, int], ...]  # (presence, mask) per slot


def _test_terms(test: CardTest) -> list[_Term]:
    """The terms whose union is the event that ``test`` holds (pairwise disjoint)."""
    blank = [(_cards.ANY, _FULL)] * 6
    terms: list[_Term] = []
    if test.values is not None:
        mask = functools.reduce(
            int.__or__, (mask_of(test.attribute, v) for v in test.values if v is not None), 0
        )
        term = list(blank)
        for p in test.positions:
            term[p.slot] = (_cards.ANY if test.over_dealt else _cards.PRESENT, mask)
        terms.append(tuple(term))
        if not test.over_dealt and None in test.values:
            absent = list(blank)
            absent[test.positions[0].slot] = (_cards.NOT_DEALT, _FULL)
            terms.append(tuple(absent))
        return terms
    for value in test.attribute.choices:
        mask = mask_of(test.attribute, value)
        term = list(blank)
        for p in test.positions:
            term[p.slot] = (_cards.ANY if test.over_dealt else _cards.PRESENT, mask)
        terms.append(tuple(term))
    return terms


def _meet(parts: Sequence[_Term]) -> _Term | None:
    """The term where every one of ``parts`` holds, or None when none can."""
    slots = []
    for slot in range(6):
        presence, mask = _cards.ANY, _FULL
        for part in parts:
            p, m = part[slot]
            if p != _cards.ANY:
                if presence not in (_cards.ANY, p):
                    return None  # dealt and not dealt
                presence = p
            mask &= m
        if presence == _cards.NOT_DEALT:
            mask = _FULL
        elif mask == 0:
            if presence == _cards.PRESENT or slot < 4:
                return None
            presence, mask = _cards.NOT_DEALT, _FULL  # a third card it allows no card for
        slots.append((presence, mask))
    return tuple(slots)


def _value_test(test: CardTest) -> tuple[int, int, int, bool] | None:
    """(kind, positions, value mask, over dealt) when ``test`` reads card values only."""
    positions = sum(1 << p.slot for p in test.positions)
    if test.values is None:
        if test.attribute is not CardAttribute.VALUE:
            return None
        return 1, positions, 0, test.over_dealt
    mask = functools.reduce(
        int.__or__, (mask_of(test.attribute, v) for v in test.values if v is not None), 0
    )
    bits = _values_of(mask)
    if bits is None:
        return None
    if None in test.values:
        bits |= 1 << _cards.ABSENT
    return 0, positions, bits, test.over_dealt


def _symmetric(test: CardTest) -> bool:
    """Whether ``test`` reads a side's first two cards alike (so they may be enumerated unordered)."""
    return {_SWAP[p] for p in test.positions} == set(test.positions)


@dataclass(eq=False)
class CardPlan:
    """What the kernel reads for a set of signatures, worked out once and kept."""

    signatures: tuple[CardSignature, ...]
    symmetric: bool
    offsets: tuple[int, ...]
    size: int
    t_req: npt.NDArray[np.int64]
    t_rm: npt.NDArray[np.int64]
    table: npt.NDArray[np.int64]
    t_sub: npt.NDArray[np.int64]
    t_third: npt.NDArray[np.bool_]
    alive: tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]
    sigs: tuple[npt.NDArray[Any], ...]
    vts: tuple[npt.NDArray[Any], ...]
    subsets: int
    widest: int

    @functools.cached_property
    def _bits(self) -> npt.NDArray[np.float64]:
        """Which card types each term's mask holds, per slot and value (worked out once), as
        floats: a product of floats runs in BLAS, and card counts add up exactly in them."""
        bits = (self.t_rm[..., None] >> np.arange(52)) & 1
        return bits.reshape(-1, 52).astype(np.float64)

    def term_counts(self, cards: Sequence[int], dtype: type) -> npt.NDArray[Any]:
        """Cards of each term's mask of each value at each slot, for a composition."""
        shape = self.t_rm.shape
        if dtype is object:
            counts = np.array(list(cards), dtype=object)
            exact: npt.NDArray[Any] = np.dot(self._bits.astype(np.int64).astype(object), counts)
            return exact.reshape(shape)
        total = self._bits @ np.asarray(cards, dtype=np.float64)
        return np.rint(total).astype(np.int64).reshape(shape)


@functools.lru_cache(maxsize=32)
def card_plan(
    signatures: tuple[CardSignature, ...], required: frozenset[CardTest] = frozenset()
) -> CardPlan:
    """The kernel's data for ``signatures`` (kept: a rule set asks for the same plan each time).

    With ``required``, only the classes where those tests hold are counted right (a condition's
    tests: the others are not kept), so the subsets of tests without them need no terms."""
    terms: list[_Term] = []
    t_sub: list[int] = []
    s_base, s_leaf, s_third, s_k, s_sub0, s_vt, s_off, s_n, s_g0 = ([] for _ in range(9))
    vt_kind, vt_pos, vt_mask, vt_over, vt_bit = ([] for _ in range(5))
    scatter: list[int] = []
    offsets: list[int] = []
    subsets = 0
    offset = 0
    widest = 1
    symmetric = True
    s_vt.append(0)
    for signature in signatures:
        card_bits: list[int] = []
        card_tests: list[CardTest] = []
        reads_thirds = False
        for bit, test in enumerate(signature.tests):
            symmetric = symmetric and _symmetric(test)
            value = _value_test(test)
            if value is None:
                card_bits.append(bit)
                card_tests.append(test)
                continue
            kind, positions, mask, over = value
            vt_kind.append(kind)
            vt_pos.append(positions)
            vt_mask.append(mask)
            vt_over.append(over)
            vt_bit.append(bit)
            reads_thirds = reads_thirds or positions >> 4 != 0
        s_vt.append(len(vt_kind))
        k = len(card_tests)
        widest = max(widest, 1 << k)
        lists = [_test_terms(t) for t in card_tests]
        needed = sum(1 << i for i, t in enumerate(card_tests) if t in required)
        third = False
        for u in range(1, 1 << k):
            if u & needed != needed:
                continue  # its weight only reaches classes where a required test fails
            chosen = [lists[i] for i in range(k) if u >> i & 1]
            for parts in product(*chosen):
                term = _meet(parts)
                if term is None:
                    continue
                terms.append(term)
                t_sub.append(subsets + u - 1)
                third = third or any(term[s] != (_cards.ANY, _FULL) for s in (4, 5))
        s_base.append(signature.base)
        s_third.append(third)
        s_leaf.append(signature.base or third or reads_thirds)
        s_k.append(k)
        s_sub0.append(subsets)
        s_off.append(offset)
        s_n.append(len(signature.tests))
        s_g0.append(len(scatter))
        scatter += [sum(1 << card_bits[i] for i in range(k) if u >> i & 1) for u in range(1 << k)]
        offsets.append(offset)
        subsets += (1 << k) - 1
        offset += signature.size

    count = len(terms)
    t_req = np.array([[slot[0] for slot in term] for term in terms], dtype=np.int64).reshape(-1, 6)
    masks = np.array([[slot[1] for slot in term] for term in terms], dtype=np.int64).reshape(-1, 6)
    t_rm = masks[:, :, None] & np.array(_VALUE_MASKS, dtype=np.int64)[None, None, :]
    t_pc = ((t_rm[..., None] >> np.arange(52)) & 1).sum(axis=3)
    t_free = t_rm == np.array(_VALUE_MASKS, dtype=np.int64)[None, None, :]
    table = np.stack([t_rm, t_pc, t_free.astype(np.int64)], axis=3)
    t_third = np.array([any(term[s] != (_cards.ANY, _FULL) for s in (4, 5)) for term in terms],
                       dtype=np.bool_)  # fmt: skip
    # Which terms can hold on each four-card prefix (a mask meeting each card's value).
    meets = t_rm[:, :4, :] != 0
    ok = (
        meets[:, 0, :, None, None, None]
        & meets[:, 1, None, :, None, None]
        & meets[:, 2, None, None, :, None]
        & meets[:, 3, None, None, None, :]
    ).reshape(count, 10_000)
    keys, which = np.nonzero(ok.T)
    alive_start = np.searchsorted(keys, np.arange(10_001)).astype(np.int64)

    def array(values: list[Any], dtype: Any) -> npt.NDArray[Any]:
        return np.array(values, dtype=dtype)

    return CardPlan(
        signatures=signatures,
        symmetric=symmetric,
        offsets=tuple(offsets),
        size=offset,
        t_req=t_req,
        t_rm=t_rm,
        table=np.ascontiguousarray(table, dtype=np.int64),
        t_sub=array(t_sub, np.int64),
        t_third=t_third,
        alive=(alive_start, which.astype(np.int64)),
        sigs=(
            array(s_base, np.bool_),
            array(s_leaf, np.bool_),
            array(s_third, np.bool_),
            array(s_k, np.int64),
            array(s_sub0, np.int64),
            array(s_vt, np.int64),
            array(s_off, np.int64),
            array(s_n, np.int64),
            array(s_g0, np.int64),
            array(scatter, np.int64),
        ),
        vts=(
            array(vt_kind, np.int64),
            array(vt_pos, np.int64),
            array(vt_mask, np.int64),
            array(vt_over, np.bool_),
            array(vt_bit, np.int64),
        ),
        subsets=subsets,
        widest=widest,
    )


@functools.cache
def _python_kernel() -> Any:
    """The kernel as plain Python, for Python integers past 64 bits: each of its functions made
    again over module globals in which the functions it calls are plain Python too."""
    names = ("_injective", "_ways", "card_counts")
    scope = dict(vars(_cards))
    for name in names:
        twin = _python_twin(getattr(_cards, name))
        scope[name] = types.FunctionType(twin.__code__, scope, name, twin.__defaults__)
    return scope["card_counts"]


_LEAVES = 111
"""The most leaves one four-card prefix has: ten third cards each way, or a hundred pairs."""
_EVERY = np.full(6, (1 << 11) - 1, dtype=np.int64)
_EVERY.setflags(write=False)
_EVERY_TOTAL = np.ones(100, dtype=np.bool_)
_EVERY_TOTAL.setflags(write=False)


def card_counts(
    composition: Composition,
    signatures: Iterable[CardSignature],
    tableau: Tableau = PUNTO_BANCO,
    *,
    allowed: Sequence[int] | None = None,
    prefix_ok: Sequence[bool] | None = None,
    required: frozenset[CardTest] = frozenset(),
) -> dict[CardSignature, npt.NDArray[Any]]:
    """The count of every class of each signature for the next coup from ``composition``.

    Counts are over ordered six-card sequences (:func:`~baccarat.odds.exact.six_card_total` in
    all, for each signature); int64 arrays, or arrays of Python ints past 64 bits. ``allowed``
    (the values each slot may take: bits 0-9 and 10 for no card) and ``prefix_ok`` (over
    ``pt * 10 + bt``) skip the leaves a condition rules out, and the card tests ``required``
    (a condition's own) must hold: the counts are then right only where the condition holds.
    """
    listed = tuple(dict.fromkeys(signatures))
    if not listed:
        return {}
    natural, player, stood, banker = tableau_arrays(tableau)
    allowed_array = _EVERY if allowed is None else np.array(allowed, dtype=np.int64)
    totals = _EVERY_TOTAL if prefix_ok is None else np.array(prefix_ok, dtype=np.bool_)
    plan = card_plan(listed, required)
    symmetric = plan.symmetric and allowed_array[0] == allowed_array[2]
    symmetric = symmetric and allowed_array[1] == allowed_array[3]
    big = six_card_total(composition) > _INT64_MAX
    dtype: type = object if big else np.int64
    depletion = 0 if composition.infinite else 1
    cards: npt.NDArray[Any] = np.array(list(composition.counts), dtype=dtype)
    values: npt.NDArray[Any] = np.array(list(composition.value_counts), dtype=dtype)
    zeros = (lambda n: np.array([0] * n, dtype=object)) if big else (
        lambda n: np.zeros(n, dtype=np.int64))  # fmt: skip
    t_cnt = plan.term_counts(composition.counts, dtype)
    terms = (plan.t_req, plan.table, t_cnt, plan.t_sub, plan.t_third)
    out = zeros(plan.size)
    work = (
        zeros(max(plan.subsets, 1)),
        zeros(max(len(plan.t_sub), 1)),
        zeros(plan.widest),
        zeros(len(plan.sigs[-1])),
        zeros(_LEAVES),
        zeros(_LEAVES),
        np.array([[0] * 52] * 2, dtype=object) if big else np.zeros((2, 52), dtype=np.int64),
    )
    kernel = _python_kernel() if big else _cards.card_counts
    kernel(
        cards, values, depletion, bool(symmetric), allowed_array, totals,
        (natural, player, stood, banker), terms, plan.alive, plan.sigs, plan.vts, out, work,
    )  # fmt: skip
    return {
        signature: out[start : start + signature.size]
        for signature, start in zip(listed, plan.offsets, strict=True)
    }
