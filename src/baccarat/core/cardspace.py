"""The classes of a card-level bet: what it reads of the cards, and nothing more.

A bet over the cards (:attr:`~baccarat.core.conditions.Domain.CARDS`) does not read 400 fixed
classes: its classes are those its own conditions tell apart, its :class:`CardSignature`. A
signature has two parts:

* the **base** (when a rule tests a named fact such as ``winner`` or ``player_two_card_total``):
  each side's two-card total and third card (a value, or none), ``10 · 10 · 11 · 11 = 12,100``
  keys, from which every named fact of the coup follows whatever the tableau;
* one bit per **card test** (:class:`CardTest`): an attribute of the card at one position
  (``p1_suit in [h]``), or a relation across positions (``same_rank: P1, P2``). A pair field is
  two such tests on a side's first two cards (same rank, same suit).

A class is ``base · 2ⁿ + bits``. The exact analyzer counts the classes of every signature a rule
set needs in one enumeration (:mod:`baccarat.odds.cards`), the simulator tallies them, and
settlement finds the class of a dealt coup with :meth:`CardSignature.index_of`; the pay of every
class is worked out here, from the rules, by :func:`pay_vector`.

>>> from baccarat.core.predicates import parse_when
>>> signature = signature_of([parse_when({"winner": "banker", "same_suit": ["B1", "B2"]})])
>>> signature.base, [t.text() for t in signature.tests], signature.size
(True, ['same suit: B1, B2'], 24200)
>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> coup = Coup.from_cards(parse_cards("7c 2s Kd 3s 4c"))
>>> signature.decode(signature.index_of(coup))
((7, 5, None, 4), 1)
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING

from baccarat.core.cards import Card
from baccarat.core.conditions import (
    PAYS_ENGLISH,
    AnyField,
    CardField,
    Condition,
    ConditionValue,
    Field,
    GroupField,
)
from baccarat.core.positions import CardAttribute, Group, Position
from baccarat.core.predicates import AllOf, NotOf, Relation, Test
from baccarat.core.summary import PairKind, Summary

if TYPE_CHECKING:
    from baccarat.core.coup import Coup

__all__ = [
    "BASE_SIZE",
    "NO_CARD",
    "CardSignature",
    "CardTest",
    "base_facts",
    "base_key",
    "coup_facts",
    "deciding_rules",
    "pay_vector",
    "signature_of",
]

NO_CARD = 10
"""The third-card slot of a base key when that card is not dealt."""
BASE_SIZE = 10 * 10 * 11 * 11
"""Base keys: two-card totals (10 each) and third cards (0-9, or none)."""


def base_key(
    player_two: int, banker_two: int, player_third: int | None, banker_third: int | None
) -> int:
    """The base key of two-card totals and third-card values (None: not dealt).

    >>> base_key(7, 5, None, 4), base_key(9, 9, None, None)
    (9189, 12099)
    """
    p3 = NO_CARD if player_third is None else player_third
    b3 = NO_CARD if banker_third is None else banker_third
    return ((player_two * 10 + banker_two) * 11 + p3) * 11 + b3


def _unkey(key: int) -> tuple[int, int, int | None, int | None]:
    rest, b3 = divmod(key, 11)
    rest, p3 = divmod(rest, 11)
    pt, bt = divmod(rest, 10)
    return pt, bt, None if p3 == NO_CARD else p3, None if b3 == NO_CARD else b3


@functools.cache
def _all_base_facts() -> tuple[Mapping[AnyField, ConditionValue], ...]:
    facts: list[Mapping[AnyField, ConditionValue]] = []
    for key in range(BASE_SIZE):
        pt, bt, p3, b3 = _unkey(key)
        summary = Summary(
            (pt + (p3 or 0)) % 10, (bt + (b3 or 0)) % 10, 2 + (p3 is not None), 2 + (b3 is not None)
        )
        facts.append(
            {
                Field.WINNER: summary.winner,
                Field.PLAYER_TOTAL: summary.player_total,
                Field.BANKER_TOTAL: summary.banker_total,
                Field.PLAYER_CARDS: summary.player_cards,
                Field.BANKER_CARDS: summary.banker_cards,
                Field.CARDS: summary.cards,
                Field.NATURAL: summary.natural,
                Field.MARGIN: abs(summary.player_total - summary.banker_total),
                Field.PLAYER_TWO_CARD_TOTAL: pt,
                Field.BANKER_TWO_CARD_TOTAL: bt,
                Field.PLAYER_THIRD_CARD: p3,
                Field.BANKER_THIRD_CARD: b3,
            }
        )
    return tuple(facts)


def base_facts(key: int) -> Mapping[AnyField, ConditionValue]:
    """Every named fact of the coup that a base key determines (all but the pair fields).

    >>> facts = base_facts(base_key(7, 5, None, 4))
    >>> facts[Field.WINNER].value, facts[Field.BANKER_TOTAL], facts[Field.PLAYER_THIRD_CARD]
    ('banker', 9, None)
    """
    return _all_base_facts()[key]


@dataclass(frozen=True, slots=True)
class CardTest:
    """One yes/no fact about the cards: an attribute at a position, or a relation.

    ``values`` is None for a relation (``positions`` share ``attribute``: every one dealt, or,
    with ``over_dealt``, those of a group that are dealt); otherwise the test holds when the
    attribute of the card at each position is in ``values`` (None: not dealt), or, with
    ``over_dealt`` (a group field), when that of every card dealt there is.
    """

    attribute: CardAttribute
    positions: tuple[Position, ...]
    values: frozenset[ConditionValue] | None = None
    over_dealt: bool = False

    def holds(self, cards: Sequence[Card | None]) -> bool:
        """Whether the test holds for the cards by slot (P1 B1 P2 B2 P3 B3; None: not dealt)."""
        seen = [cards[p.slot] for p in self.positions]
        shown = [None if c is None else self.attribute.of(c) for c in seen]
        if self.values is not None:
            if self.over_dealt:
                return all(v is None or v in self.values for v in shown)
            return shown[0] in self.values
        if not self.over_dealt and None in shown:
            return False
        dealt = [v for v in shown if v is not None]
        return all(v == dealt[0] for v in dealt)

    def text(self, templates: Mapping[str, str] = PAYS_ENGLISH) -> str:
        if self.values is None:
            group = next((g for g in Group if g.positions == self.positions), None)
            relation = Relation(
                self.attribute,
                () if self.over_dealt else self.positions,
                group if self.over_dealt else None,
            )
            return relation.text(templates)
        group = next((g for g in Group if g.positions == self.positions), None)
        field: CardField | GroupField = (
            GroupField(group, self.attribute)
            if self.over_dealt and group is not None
            else CardField(self.positions[0], self.attribute)
        )
        choices = field.choices
        return Condition(field, tuple(c for c in choices if c in self.values)).text(templates)

    @property
    def sort_key(self) -> tuple[int, tuple[int, ...], bool, tuple[int, ...]]:
        order = list(CardAttribute).index(self.attribute)
        slots = tuple(p.slot for p in self.positions)
        if self.values is None:
            return order, slots, self.over_dealt, ()
        choices = (*self.attribute.choices, None)
        return order, slots, True, tuple(i for i, c in enumerate(choices) if c in self.values)


def _pair_tests(
    side_positions: tuple[Position, Position], kinds: Iterable[ConditionValue]
) -> tuple[CardTest, ...]:
    """Same rank on a side's first two cards, and same suit when the kinds tell pair from suited."""
    rank = CardTest(CardAttribute.RANK, side_positions)
    if (PairKind.PAIR in kinds) == (PairKind.SUITED in kinds):
        return (rank,)
    return rank, CardTest(CardAttribute.SUIT, side_positions)


_PAIR_POSITIONS = {
    Field.PLAYER_PAIR: (Position.P1, Position.P2),
    Field.BANKER_PAIR: (Position.B1, Position.B2),
}


def _card_tests(test: Test) -> Iterable[CardTest]:
    if isinstance(test, Condition):
        if isinstance(test.field, CardField):
            yield CardTest(test.field.attribute, (test.field.position,), frozenset(test.values))
        elif isinstance(test.field, GroupField):
            positions = test.field.group.positions
            yield CardTest(test.field.attribute, positions, frozenset(test.values), True)
        elif test.field in _PAIR_POSITIONS:
            yield from _pair_tests(_PAIR_POSITIONS[test.field], test.values)
    elif isinstance(test, Relation):
        if test.group is not None:
            yield CardTest(test.attribute, test.group.positions, over_dealt=True)
        else:
            yield CardTest(test.attribute, test.positions)
    else:
        items = (test.item,) if isinstance(test, NotOf) else test.items
        for item in items:
            for inner in item:
                yield from _card_tests(inner)


def _reads_base(test: Test) -> bool:
    if isinstance(test, Condition):
        return isinstance(test.field, Field) and test.field not in _PAIR_POSITIONS
    if isinstance(test, Relation):
        return False
    items = (test.item,) if isinstance(test, NotOf) else test.items
    return any(_reads_base(inner) for item in items for inner in item)


@dataclass(frozen=True, slots=True)
class CardSignature:
    """The classes of a card-level bet: the base when it reads named facts, and its card tests."""

    base: bool
    tests: tuple[CardTest, ...]

    @property
    def size(self) -> int:
        """The number of classes: ``(12,100 or 1) · 2ⁿ``."""
        return (BASE_SIZE if self.base else 1) << len(self.tests)

    def index_of(self, coup: Coup) -> int:
        """The class of a dealt coup."""
        cards = [p.card_of(coup) for p in Position]
        bits = sum(1 << i for i, t in enumerate(self.tests) if t.holds(cards))
        if not self.base:
            return bits
        third = (coup.player.third_card, coup.banker.third_card)
        key = base_key(
            coup.player.two_card_total,
            coup.banker.two_card_total,
            None if third[0] is None else third[0].value,
            None if third[1] is None else third[1].value,
        )
        return (key << len(self.tests)) | bits

    def decode(self, index: int) -> tuple[tuple[int, int, int | None, int | None] | None, int]:
        """A class as (two-card totals and third cards, or None without a base; the test bits)."""
        n = len(self.tests)
        bits = index & ((1 << n) - 1)
        return (_unkey(index >> n) if self.base else None), bits


def signature_of(conjunctions: Iterable[Iterable[Test]]) -> CardSignature:
    """The signature that tells apart every class the given ``when`` tables can tell apart."""
    base = False
    found: set[CardTest] = set()
    for tests in conjunctions:
        for test in tests:
            base = base or _reads_base(test)
            found.update(_card_tests(test))
    return CardSignature(base, tuple(sorted(found, key=lambda t: t.sort_key)))


# --- The pay of every class ------------------------------------------------------------------


def _bit_masks(n: int) -> tuple[int, list[int]]:
    """The patterns of ``n`` bits as bit sets: all of them, and those with bit ``i`` set."""
    width = 1 << n
    full = (1 << width) - 1
    masks = []
    for i in range(n):
        mask = 0
        for pattern in range(width):
            if pattern >> i & 1:
                mask |= 1 << pattern
        masks.append(mask)
    return full, masks


class _Evaluator:
    """Where a test holds, as the set of test-bit patterns (a Python int) for one base key."""

    def __init__(self, signature: CardSignature) -> None:
        self.signature = signature
        self.full, self.masks = _bit_masks(len(signature.tests))
        self.index = {t: i for i, t in enumerate(signature.tests)}

    def conjunction(self, tests: Iterable[Test], facts: Mapping[AnyField, ConditionValue]) -> int:
        mask = self.full
        for test in tests:
            mask &= self.test(test, facts)
            if not mask:
                break
        return mask

    def test(self, test: Test, facts: Mapping[AnyField, ConditionValue]) -> int:
        if isinstance(test, Condition):
            return self._condition(test, facts)
        if isinstance(test, Relation):
            return self.masks[self.index[next(iter(_card_tests(test)))]]
        if isinstance(test, NotOf):
            return self.full & ~self.conjunction(test.item, facts)
        parts = [self.conjunction(item, facts) for item in test.items]
        if isinstance(test, AllOf):
            return functools.reduce(int.__and__, parts, self.full)
        return functools.reduce(int.__or__, parts, 0)

    def _condition(self, condition: Condition, facts: Mapping[AnyField, ConditionValue]) -> int:
        field = condition.field
        if isinstance(field, CardField | GroupField) or field in _PAIR_POSITIONS:
            tests = list(_card_tests(condition))
            if isinstance(field, CardField | GroupField):
                return self.masks[self.index[tests[0]]]
            rank = self.masks[self.index[tests[0]]]
            if len(tests) == 1:  # the kinds asked for do not tell a pair from a suited one
                paired = rank if PairKind.PAIR in condition.values else 0
                unpaired = self.full & ~rank if PairKind.NONE in condition.values else 0
                return paired | unpaired
            suit = self.masks[self.index[tests[1]]]
            kinds = {
                PairKind.NONE: self.full & ~rank,
                PairKind.PAIR: rank & ~suit,
                PairKind.SUITED: rank & suit,
            }
            return functools.reduce(int.__or__, (kinds[v] for v in condition.values), 0)  # type: ignore[index]
        return self.full if facts[field] in condition.values else 0


def _rule_masks(
    rules: Sequence[Sequence[Test]], signature: CardSignature
) -> Iterable[tuple[int, ...]]:
    """For each base key (one, without a base), where each rule holds."""
    evaluator = _Evaluator(signature)
    keys: Iterable[Mapping[AnyField, ConditionValue]] = (
        _all_base_facts() if signature.base else ({},)
    )
    for facts in keys:
        yield tuple(evaluator.conjunction(rule, facts) for rule in rules)


def deciding_rules(rules: Sequence[Sequence[Test]], signature: CardSignature) -> list[int | None]:
    """For every class of ``signature``, the index of the first rule that holds (None: none)."""
    width = 1 << len(signature.tests)
    memo: dict[tuple[int, ...], list[int | None]] = {}
    deciding: list[int | None] = []
    for masks in _rule_masks(rules, signature):
        row = memo.get(masks)
        if row is None:
            row = [next((k for k, m in enumerate(masks) if m >> p & 1), None) for p in range(width)]
            memo[masks] = row
        deciding.extend(row)
    return deciding


def pay_vector(
    rules: Sequence[Sequence[Test]],
    pays: Sequence[Fraction],
    lose: Fraction,
    signature: CardSignature,
) -> tuple[Fraction, ...]:
    """The net of every class of ``signature``: the pay of the first rule that holds, else ``lose``."""
    return tuple(lose if k is None else pays[k] for k in deciding_rules(rules, signature))


def coup_facts(coup: Coup) -> dict[AnyField, ConditionValue]:
    """Every fact a condition can test, for a dealt coup (the card fields by position).

    >>> from baccarat.core.cards import parse_cards
    >>> from baccarat.core.coup import Coup
    >>> facts = coup_facts(Coup.from_cards(parse_cards("7c 2s Kd 3h 4c")))
    >>> facts[Field.BANKER_TWO_CARD_TOTAL], facts[CardField.named("b2_suit")].value
    (5, 'h')
    """
    third = (coup.player.third_card, coup.banker.third_card)
    key = base_key(
        coup.player.two_card_total,
        coup.banker.two_card_total,
        None if third[0] is None else third[0].value,
        None if third[1] is None else third[1].value,
    )
    facts: dict[AnyField, ConditionValue] = dict(base_facts(key))
    facts[Field.PLAYER_PAIR] = coup.player.pair_kind
    facts[Field.BANKER_PAIR] = coup.banker.pair_kind
    for position in Position:
        card = position.card_of(coup)
        for attribute in CardAttribute:
            facts[CardField(position, attribute)] = None if card is None else attribute.of(card)
    return facts
