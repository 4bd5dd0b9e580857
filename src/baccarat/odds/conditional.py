"""Exact odds given what is known: every bet conditional on an event in the bet language.

A condition is a ``when`` table (``player_two_card_total = 5``, ``same_suit = ["P1", "B1"]``,
``any = [...]`` …), cards already seen by position (``P1=5h``: the Player's first card is the
five of hearts; ``P1=5``: a five; ``P1=high``: a rank of a named group), or both. The
enumeration of the next coup is the card-level one (:mod:`baccarat.odds.cards`), restricted to
the leaves where the condition holds and normalised: the result is a
:class:`~baccarat.core.distribution.Distribution` like any other, whose total is the number of
six-card sequences that satisfy the condition, so every report and pricing function reads it.

>>> from baccarat.core.catalogue import BANKER, TIE
>>> from baccarat.odds.stats import exact_bet_stats
>>> shoe = Composition.decks(8)
>>> given = parse_given("player_two_card_total=5,banker_two_card_total=3")
>>> d = conditional_distribution(shoe, given)
>>> f"{float(exact_bet_stats(BANKER, d).win):.4f}", f"{float(exact_bet_stats(TIE, d).win):.4f}"
('0.3546', '0.1482')
>>> seen = parse_given(seen="P1=5h,B1=high", groups="high=6789,low=TA2345")
>>> seen.record()
{'seen': {'P1': '5h', 'B1': 'high'}, 'groups': {'high': '6789', 'low': 'A2345TJQK'}}
"""

from __future__ import annotations

import functools
import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, cast

import numpy as np
import numpy.typing as npt

from baccarat.core.bets import Bet
from baccarat.core.cards import RANKS, Card, Rank, ranks_named, tens_apart
from baccarat.core.cardspace import BASE_SIZE, CardSignature, CardTest, base_facts, signature_of
from baccarat.core.conditions import CardField, Condition, Field, GroupField
from baccarat.core.distribution import Distribution
from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.positions import CardAttribute, Position
from baccarat.core.predicates import Relation, Test, parse_when
from baccarat.core.summary import Summary
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.odds.cards import _VALUE_MASKS, card_counts, mask_of
from baccarat.odds.composition import Composition
from baccarat.odds.exact import signatures_of

__all__ = ["ConditionError", "Given", "conditional_distribution", "parse_given"]


class ConditionError(TemplatedError):
    """A condition that cannot be read, or that no deal satisfies."""

    templates: ClassVar[Mapping[str, str]] = {
        "bad_given": (
            "cannot read --given {text!r}: expected FIELD=VALUE (several values joined by |), "
            "comma-separated, got {part!r}"
        ),
        "bad_groups": (
            "cannot read --groups {text!r}: expected NAME=RANKS, comma-separated (a name of "
            "lower-case letters, and ranks such as 6789 or TJQK), got {part!r}"
        ),
        "bad_seen": (
            "cannot read --seen {text!r}: expected POSITION=CARD, comma-separated (P1 B1 P2 B2 "
            "P3 B3, and a card such as 5h, a rank such as 5, a group named in --groups, or none "
            "for a third card), got {part!r}"
        ),
        "groups_leave_out": (
            "--groups {text!r} puts {ranks} in no group (T is every ten-valued rank unless J, Q "
            "or K are named): name every rank, or give --partial-groups"
        ),
        "impossible_condition": "no coup from this shoe can be dealt that way ({condition})",
        "seen_twice": "--seen names {position} twice",
    }


@dataclass(frozen=True)
class Given:
    """What is known of the coup: tests in the bet language, and how they were written."""

    tests: tuple[Test, ...]
    given: str | None = None
    seen: Mapping[str, str] = field(default_factory=dict)
    groups: Mapping[str, str] = field(default_factory=dict)
    given_tests: int | None = None
    """How many of ``tests`` come from ``given`` (the rest from ``seen``); None: all."""

    def record(self) -> dict[str, object]:
        """What was given, as the JSON of ``baccarat odds --given`` shows it."""
        record: dict[str, object] = {}
        if self.given is not None:
            record["given"] = self.given
        if self.seen:
            record["seen"] = dict(self.seen)
        if self.groups:
            record["groups"] = dict(self.groups)
        return record

    def text(self) -> str:
        """The condition in the words of a pay table (English)."""
        return ", ".join(t.text() for t in self.tests) or "always"

    def shown(self) -> str:
        """The condition as a person gave it: ``--given`` in the words of a pay table, then
        each card of ``--seen`` at its position as typed, not the fields it fixes.

        >>> parse_given("winner=banker", seen="P1=5h,b2=k").shown()
        'winner = banker, P1 = 5h, B2 = k'
        """
        if self.given_tests is None:
            return self.text()
        parts = [t.text() for t in self.tests[: self.given_tests]]
        parts += [f"{position} = {what}" for position, what in self.seen.items()]
        return ", ".join(parts) or "always"


_GROUP_NAME = re.compile(r"[a-z][a-z0-9_]*\Z")


def _value(token: str) -> object:
    token = token.strip()
    if re.fullmatch(r"-?[0-9]+", token):
        return int(token)
    if token.lower() in ("true", "false"):
        return token.lower() == "true"
    return token


def _groups(text: str | None, partial: bool = False) -> dict[str, tuple[Rank, ...]]:
    """Named rank groups, ranks read as ``count --tags`` reads them
    (:func:`~baccarat.core.cards.ranks_named`); every rank in some group unless ``partial``."""
    found: dict[str, tuple[Rank, ...]] = {}
    if not text:
        return found
    parts = [p.strip() for p in text.split(",") if p.strip()]
    written = [(part, *part.partition("=")) for part in parts]
    apart = tens_apart("".join(ranks for _, _, _, ranks in written))
    for part, name, sep, ranks in written:
        name = name.strip().lower()
        symbols = ranks.strip().upper().replace("10", "T")
        if not sep or not _GROUP_NAME.match(name) or not symbols or name in found:
            raise ConditionError("bad_groups", text=text, part=part)
        try:
            chosen = {r for s in symbols for r in ranks_named(s, apart=apart)}
        except BaccaratError:
            raise ConditionError("bad_groups", text=text, part=part) from None
        found[name] = tuple(r for r in RANKS if r in chosen)
    named = {r for ranks in found.values() for r in ranks}
    left_out = "".join(r.symbol for r in RANKS if r not in named)
    if left_out and not partial:
        raise ConditionError("groups_leave_out", text=text, ranks=left_out)
    return found


def _seen_tests(
    text: str, groups: Mapping[str, tuple[Rank, ...]]
) -> tuple[list[Test], dict[str, str]]:
    tests: list[Test] = []
    shown: dict[str, str] = {}
    for part in (p.strip() for p in text.split(",") if p.strip()):
        name, sep, what = part.partition("=")
        position = Position.parse(name)
        what = what.strip()
        if not sep or position is None or not what:
            raise ConditionError("bad_seen", text=text, part=part)
        if position.value in shown:
            raise ConditionError("seen_twice", position=position.value)
        shown[position.value] = what
        rank_field = CardField(position, CardAttribute.RANK)
        if what.lower() in groups:
            tests.append(Condition(rank_field, groups[what.lower()]))
        elif what.lower() == "none" and position.third:
            tests.append(Condition(rank_field, (None,)))
        else:
            try:
                card: Card | None = Card.parse(what)
            except BaccaratError:
                card = None
            if card is not None:
                tests.append(Condition(rank_field, (card.rank,)))
                tests.append(Condition(CardField(position, CardAttribute.SUIT), (card.suit,)))
                continue
            try:
                tests.append(Condition(rank_field, (Rank.parse(what),)))
            except BaccaratError:
                raise ConditionError("bad_seen", text=text, part=part) from None
    return tests, shown


def parse_given(
    given: str | None = None,
    seen: str | None = None,
    groups: str | None = None,
    *,
    partial_groups: bool = False,
) -> Given:
    """Read ``--given``, ``--seen`` and ``--groups`` as the command line writes them.

    ``given`` is comma-separated ``field=value`` entries of a ``when`` table (``|`` between
    several values: ``winner=banker|tie``; positions for a relation: ``same_suit=P1|B1``);
    ``seen`` is ``position=card`` entries; ``groups`` names rank groups that ``seen`` may use,
    every rank in one unless ``partial_groups`` (``T`` is every ten-valued rank unless J, Q or K
    are named, as in ``count --tags``).

    >>> parse_given("winner=banker|tie,same_suit=P1|B1").text()
    'winner in [banker, tie], same suit: P1, B1'
    >>> parse_given(seen="P1=5h").text()
    'p1_rank = 5, p1_suit = h'
    """
    tests: list[Test] = []
    if given:
        when: dict[str, object] = {}
        for part in (p.strip() for p in given.split(",") if p.strip()):
            key, sep, raw = part.partition("=")
            key = key.strip()
            if not sep or not key or not raw.strip() or key in when:
                raise ConditionError("bad_given", text=given, part=part)
            values = [_value(v) for v in raw.split("|")]
            group = len(values) == 1 and str(values[0]).lower() in ("all", "player", "banker")
            if key.startswith("same_") and not group:
                when[key] = [str(v) for v in values]
            else:
                when[key] = values if len(values) > 1 else values[0]
        tests.extend(parse_when(when))
    given_tests = len(tests)
    named = _groups(groups, partial_groups)
    shown: dict[str, str] = {}
    if seen:
        more, shown = _seen_tests(seen, named)
        tests.extend(more)
    group_text = {name: "".join(r.symbol for r in ranks) for name, ranks in named.items()}
    return Given(tuple(tests), given, shown, group_text, given_tests)


# --- The restricted enumeration --------------------------------------------------------------

_PAIR_TESTS = (
    CardTest(CardAttribute.RANK, (Position.P1, Position.P2)),
    CardTest(CardAttribute.SUIT, (Position.P1, Position.P2)),
    CardTest(CardAttribute.RANK, (Position.B1, Position.B2)),
    CardTest(CardAttribute.SUIT, (Position.B1, Position.B2)),
)
_SUMMARY_SPACE = CardSignature(True, ())
_PAIR_SPACE = CardSignature(False, tuple(sorted(_PAIR_TESTS, key=lambda t: t.sort_key)))


def _joint(target: CardSignature, condition: CardSignature) -> CardSignature:
    tests = sorted(set(target.tests) | set(condition.tests), key=lambda t: t.sort_key)
    return CardSignature(target.base or condition.base, tuple(tests))


@functools.lru_cache(maxsize=64)
def _holds(joint: CardSignature, tests: tuple[Test, ...]) -> npt.NDArray[np.bool_]:
    """Where the condition holds, over the classes of ``joint``."""
    from baccarat.core.cardspace import deciding_rules

    return np.array([k is not None for k in deciding_rules([tests], joint)], dtype=np.bool_)


@functools.cache
def _summary_of_base() -> npt.NDArray[np.int64]:
    index = []
    for key in range(BASE_SIZE):
        facts = base_facts(key)
        summary = Summary(
            int(facts[Field.PLAYER_TOTAL]),  # type: ignore[arg-type]
            int(facts[Field.BANKER_TOTAL]),  # type: ignore[arg-type]
            int(facts[Field.PLAYER_CARDS]),  # type: ignore[arg-type]
            int(facts[Field.BANKER_CARDS]),  # type: ignore[arg-type]
        )
        index.append(summary.index)
    return np.array(index, dtype=np.int64)


@functools.lru_cache(maxsize=64)
def _projection(joint: CardSignature, target: CardSignature | None) -> npt.NDArray[np.int64]:
    """For every class of ``joint``, the class of ``target`` it falls in (None: the summary)."""
    n = len(joint.tests)
    index = np.arange(joint.size, dtype=np.int64)
    bits = index & ((1 << n) - 1)
    base = index >> n
    if target is None:
        summary: npt.NDArray[np.int64] = _summary_of_base()[base]
        return summary
    if target == _PAIR_SPACE:
        kinds = []
        for side in (0, 2):
            rank = (bits >> joint.tests.index(_PAIR_TESTS[side])) & 1
            suit = (bits >> joint.tests.index(_PAIR_TESTS[side + 1])) & 1
            kinds.append(rank * (1 + suit))  # PairKind: 0 none, 1 pair, 2 suited
        pair_class: npt.NDArray[np.int64] = kinds[0] * 3 + kinds[1]
        return pair_class
    out = np.zeros(joint.size, dtype=np.int64)
    for j, test in enumerate(target.tests):
        out |= ((bits >> joint.tests.index(test)) & 1) << j
    if target.base:
        out |= base << len(target.tests)
    return out


def _pruning(tests: Iterable[Test]) -> tuple[list[int], list[bool]]:
    """The values each slot may take and the two-card totals allowed, from the condition's plain
    conditions (the leaves ruled out need not be enumerated)."""
    allowed = [(1 << 11) - 1] * 6
    totals = [[True] * 10, [True] * 10]
    for test in tests:
        if not isinstance(test, Condition):
            continue
        f = test.field
        if isinstance(f, CardField):
            bits = 0
            for v, whole in enumerate(_VALUE_MASKS):
                mask = 0
                for value in test.values:
                    if value is not None:
                        mask |= mask_of(f.attribute, value)
                if mask & whole:
                    bits |= 1 << v
            if None in test.values:
                bits |= 1 << 10
            allowed[f.position.slot] &= bits
        elif f in (Field.PLAYER_THIRD_CARD, Field.BANKER_THIRD_CARD):
            slot = 4 if f is Field.PLAYER_THIRD_CARD else 5
            allowed[slot] &= sum(1 << (10 if v is None else cast(int, v)) for v in test.values)
        elif f in (Field.PLAYER_TWO_CARD_TOTAL, Field.BANKER_TWO_CARD_TOTAL):
            side = 0 if f is Field.PLAYER_TWO_CARD_TOTAL else 1
            totals[side] = [t in test.values and totals[side][t] for t in range(10)]
    prefix_ok = [totals[0][pt] and totals[1][bt] for pt in range(10) for bt in range(10)]
    return allowed, prefix_ok


def _required(tests: Iterable[Test]) -> frozenset[CardTest]:
    """The card tests that hold wherever the condition does: its plain card conditions and
    relations (a pair field or a combinator holds on several patterns of bits)."""
    found: set[CardTest] = set()
    for test in tests:
        if isinstance(test, Relation) or (
            isinstance(test, Condition) and isinstance(test.field, CardField | GroupField)
        ):
            found.update(signature_of([(test,)]).tests)
    return frozenset(found)


def conditional_distribution(
    composition: Composition,
    given: Given | Mapping[str, object] | Sequence[Test] | None = None,
    *,
    bets: Iterable[Bet] = (),
    tableau: Tableau = PUNTO_BANCO,
    seen: str | None = None,
    groups: str | None = None,
    partial_groups: bool = False,
) -> Distribution:
    """The exact distribution of the next coup given a condition, with the card classes ``bets``
    read; its total is the number of six-card sequences that satisfy the condition.

    ``given`` is a :class:`Given` (:func:`parse_given`), a ``when`` table as in TOML, or tests;
    ``seen`` and ``groups`` add cards by position as ``--seen`` and ``--groups`` write them
    (``partial_groups``: as ``--partial-groups``).

    >>> from baccarat.core.summary import Winner
    >>> d = conditional_distribution(Composition.decks(8), {"player_two_card_total": 5})
    >>> d.total, f"{float(d.outcomes()[Winner.PLAYER]):.4f}"  # a two-card 5 is a weak start
    (474361430409216, '0.3585')
    """
    if isinstance(given, Given):
        tests = list(given.tests)
    elif isinstance(given, Mapping):
        tests = list(parse_when(given))
    else:
        tests = list(given or ())
    if seen:
        tests.extend(parse_given(seen=seen, groups=groups, partial_groups=partial_groups).tests)
    condition = tuple(tests)
    signature = signature_of([condition])
    targets: list[tuple[CardSignature | None, CardSignature]] = [
        (None, _joint(_SUMMARY_SPACE, signature)),
        (_PAIR_SPACE, _joint(_PAIR_SPACE, signature)),
    ]
    targets += [(s, _joint(s, signature)) for s in signatures_of(bets)]
    allowed, prefix_ok = _pruning(condition)
    counts = card_counts(
        composition,
        [joint for _, joint in targets],
        tableau,
        allowed=allowed,
        prefix_ok=prefix_ok,
        required=_required(condition),
    )
    restricted: list[npt.NDArray[Any]] = []
    for target, joint in targets:
        holds = _holds(joint, condition)
        array = counts[joint]
        size = 400 if target is None else 9 if target == _PAIR_SPACE else target.size
        out = np.array([0] * size, dtype=array.dtype)
        np.add.at(out, _projection(joint, target)[holds], array[holds])
        restricted.append(out)
    total = sum(int(c) for c in restricted[0])
    if total == 0:
        raise ConditionError(
            "impossible_condition", condition=", ".join(t.text() for t in condition)
        )
    return Distribution(
        tuple(int(c) for c in restricted[0]),
        tuple(int(c) for c in restricted[1]),
        total,
        {
            target: tuple(int(c) for c in out)
            for (target, _), out in zip(targets[2:], restricted[2:], strict=True)
            if target is not None
        },
    )
