"""Verify a provably fair shoe after the server seed is revealed.

:func:`verify` recomputes the shoe's order from the three inputs, checks the commitment that was
shown before the shoe, deals the whole shoe with the engine, and compares every coup handed in
(as cards in shoe order, or as the JSON records ``baccarat deal --json`` prints) with the coup the
engine deals in its place. It stops at the first difference and says exactly where it is.

>>> from baccarat.fair.shuffle import fair_shoe
>>> seed, client, rules = "00" * 32, "player", ShoeRules(decks=1)
>>> dealt = list(fair_shoe(seed, client, 1, rules).deal_all())
>>> claims = [" ".join(str(card) for card in coup.cards_in_order) for coup in dealt]
>>> claims[1]
'Ac 5c 9d Js Qd'
>>> result = verify(seed, client, 1, rules, commitment=seeds.commitment(seed), coups=claims)
>>> result.ok, result.commitment_ok, result.coups_checked == len(dealt)
(True, True, True)
>>> claims[1] = "Ac 5c 9d Js Kd"
>>> print(verify(seed, client, 1, rules, coups=claims).mismatch.message)
coup 2, the Player's third card (card 15 of the shoe): the record has Kd, the shoe deals Qd
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from baccarat.core.cards import Card, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.errors import CardError
from baccarat.core.messages import MessageTable
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.tableau import PUNTO_BANCO, Tableau
from baccarat.fair import seeds
from baccarat.fair.errors import ClaimError, FairError
from baccarat.fair.shuffle import STANDARD_SHOE, fair_order
from baccarat.records import coup_record

__all__ = [
    "MISMATCH_ENGLISH",
    "MISMATCH_MESSAGES",
    "Claim",
    "ClaimedCoup",
    "Mismatch",
    "Verification",
    "as_claim",
    "parse_claim",
    "read_claims",
    "verify",
]

ClaimedCoup = str | Sequence[Card] | Coup | Mapping[str, Any]
"""A dealt coup as handed in: a line (cards in shoe order, or a JSON record), cards, a
:class:`~baccarat.core.coup.Coup`, or a record (see :func:`as_claim`)."""

MISMATCH_ENGLISH: Mapping[str, str] = {
    "cards.differ": (
        "coup {coup}, {role} (card {shoe_card} of the shoe): the record has {found}, "
        "the shoe deals {expected}"
    ),
    "cards.short": (
        "coup {coup}, {role} (card {shoe_card} of the shoe): the record stops after {given} "
        "cards, the shoe deals {expected}"
    ),
    "cards.extra": (
        "coup {coup}, card {index} of the coup (card {shoe_card} of the shoe): the record has "
        "{found}, but the coup is over after {dealt} cards"
    ),
    "record": (
        "coup {coup}: {field} is {found} in the record, the engine gives {expected} for these cards"
    ),
    "shoe_ended": "coup {coup}: the shoe ended after {dealt} coups, but {given} were handed in",
    "role.player.1": "the Player's first card",
    "role.banker.1": "the Banker's first card",
    "role.player.2": "the Player's second card",
    "role.banker.2": "the Banker's second card",
    "role.player.3": "the Player's third card",
    "role.banker.3": "the Banker's third card",
}

MISMATCH_MESSAGES = MessageTable(MISMATCH_ENGLISH, context="verify")
"""The mismatch sentences to translate (``language.translated(MISMATCH_MESSAGES)``)."""
"""The sentences of a mismatch in English, keyed by reason (and the cards' roles, ``role.*``);
another language gives the same keys to :meth:`Mismatch.text`."""
# The fields of a coup record that do not follow from the cards and the rules: wording only
# (the steps' and the result's sentences, in whatever language the record was written).
_WORDING = frozenset({"text", "result"})


@dataclass(frozen=True, slots=True)
class Claim:
    """A coup as someone says it was dealt: its cards in shoe order (P1 B1 P2 B2, then third cards)
    and, when it came as a JSON record, the record, whose results are checked too."""

    cards: tuple[Card, ...]
    record: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Mismatch:
    """The first place where a handed-in coup differs from the coup the shoe deals."""

    coup: int
    """The coup's number in the shoe, from 1."""
    field: str
    """What differs: ``cards``, ``shoe_ended``, or a field of the record such as ``winner``."""
    found: str
    """What the record says."""
    expected: str
    """What the shoe deals."""
    message: str
    """One sentence that says all of the above (English: :meth:`text` in another language)."""
    shoe_card: int | None = None
    """For a card: its position in the shoe, from 1 (burned cards included)."""
    reason: str = ""
    """The key of the sentence in :data:`MISMATCH_ENGLISH`."""
    params: tuple[tuple[str, str], ...] = ()
    """The sentence's parameters (a ``role`` is a ``role.*`` key)."""

    def text(self, templates: Mapping[str, str] = MISMATCH_ENGLISH) -> str:
        """The sentence in the language of ``templates``."""
        params = dict(self.params)
        if "role" in params:
            params["role"] = templates[params["role"]]
        return templates[self.reason].format(**params)

    @classmethod
    def of(
        cls,
        reason: str,
        coup: int,
        field: str,
        found: str,
        expected: str,
        shoe_card: int | None = None,
        **params: object,
    ) -> Mismatch:
        """The mismatch, its English message made from the template of ``reason``."""
        shown = {"coup": coup, "field": field, "found": found, "expected": expected, **params}
        if shoe_card is not None:
            shown["shoe_card"] = shoe_card
        pairs = tuple((key, str(value)) for key, value in shown.items())
        made = cls(coup, field, found, expected, "", shoe_card, reason, pairs)
        object.__setattr__(made, "message", made.text())
        return made


@dataclass(frozen=True, slots=True)
class Verification:
    """Everything :func:`verify` recomputed and found."""

    server_seed: str
    client_seed: str
    shoe_number: int
    rules: ShoeRules
    commitment: str
    """The SHA-256 commitment of the server seed, recomputed."""
    commitment_given: str | None
    """The commitment that was shown before the shoe (None: not checked)."""
    order: tuple[Card, ...]
    burned: tuple[Card, ...]
    coups: tuple[Coup, ...]
    """Every coup the shoe deals, to its end."""
    coups_checked: int
    """Handed-in coups that matched before the first mismatch (all of them when there is none)."""
    mismatch: Mismatch | None

    @property
    def commitment_ok(self) -> bool | None:
        """Whether the commitment shown is the seed's (None when none was given)."""
        if self.commitment_given is None:
            return None
        return self.commitment_given == self.commitment

    @property
    def ok(self) -> bool:
        """No commitment differs and no coup differs."""
        return self.commitment_ok is not False and self.mismatch is None

    def record(self) -> dict[str, Any]:
        """The verification as a JSON-ready object (the form ``baccarat verify --json`` prints)."""
        mismatch = self.mismatch
        return {
            "ok": self.ok,
            "server_seed": self.server_seed,
            "client_seed": self.client_seed,
            "shoe": self.shoe_number,
            "rules": {
                "decks": self.rules.decks,
                "cut_card": self.rules.cut_card,
                "burn": self.rules.burn,
                "one_more_coup": self.rules.one_more_coup,
            },
            "commitment": self.commitment,
            "commitment_given": self.commitment_given,
            "commitment_ok": self.commitment_ok,
            "order": [str(card) for card in self.order],
            "burned": [str(card) for card in self.burned],
            "coups_in_shoe": len(self.coups),
            "coups_checked": self.coups_checked,
            "mismatch": None
            if mismatch is None
            else {
                "coup": mismatch.coup,
                "field": mismatch.field,
                "found": mismatch.found,
                "expected": mismatch.expected,
                "shoe_card": mismatch.shoe_card,
                "message": mismatch.message,
            },
            "coups": [coup_record(coup) for coup in self.coups],
        }


def _cards(value: object, what: str) -> tuple[Card, ...]:
    if not isinstance(value, list) or not all(isinstance(item, str) for item in value):
        raise ClaimError("claim_cards", field=what, value=value)
    return tuple(Card.parse(item) for item in value)


def _record_claim(record: Mapping[str, Any]) -> Claim:
    inner = record.get("coup")
    if isinstance(inner, Mapping):  # a history entry that wraps the coup record
        record = inner
    player, banker = record.get("player"), record.get("banker")
    if isinstance(player, Mapping) and isinstance(banker, Mapping):
        p = _cards(player.get("cards"), "player.cards")
        b = _cards(banker.get("cards"), "banker.cards")
        for name, hand in (("player", p), ("banker", b)):
            if len(hand) not in (2, 3):
                shown = " ".join(map(str, hand))
                raise ClaimError(
                    "claim_hand_size", field=f"{name}.cards", count=len(hand), shown=shown
                )
        return Claim((p[0], b[0], p[1], b[1], *p[2:], *b[2:]), record)
    if "cards" in record:
        # The cards in shoe order, as codes: compared as cards (a coup record's own ``cards``,
        # objects with the hand and total of each, is compared field by field above).
        rest = {key: value for key, value in record.items() if key != "cards"}
        return Claim(_cards(record["cards"], "cards"), rest)
    raise ClaimError("claim_shape", record=json.dumps(record)[:200])


def parse_claim(text: str) -> Claim:
    """Read one coup: a JSON object (a coup record), or cards in shoe order.

    >>> parse_claim("7c 2s Kd 3h 4c").cards == parse_cards("7c 2s Kd 3h 4c")
    True
    >>> parse_claim('{"player": {"cards": ["7c", "Kd"]}, "banker": {"cards": ["2s", "3h", "4c"]}}').cards
    (Card.parse('7c'), Card.parse('2s'), Card.parse('Kd'), Card.parse('3h'), Card.parse('4c'))
    """
    stripped = text.strip()
    if stripped.startswith("{"):
        try:
            record = json.loads(stripped)
        except json.JSONDecodeError as exc:
            raise ClaimError(
                "claim_not_json", reason=exc.msg, column=exc.colno, text=stripped[:200]
            ) from None
        return _record_claim(record)
    cards = parse_cards(stripped)
    if not cards:
        raise ClaimError("claim_no_cards", text=text)
    return Claim(cards)


def as_claim(item: ClaimedCoup | Claim) -> Claim:
    """Any accepted form of a handed-in coup as a :class:`Claim`.

    A record is what ``baccarat deal --json`` prints (``player.cards`` and ``banker.cards``; every
    other field it carries is checked too, except the wording of the steps and the result), the
    same wrapped as ``{"coup": {...}, ...}``, or ``{"cards": [...]}`` in shoe order.
    """
    if isinstance(item, Claim):
        return item
    if isinstance(item, str):
        return parse_claim(item)
    if isinstance(item, Coup):
        return Claim(item.cards_in_order, coup_record(item))
    if isinstance(item, Mapping):
        return _record_claim(item)
    cards = tuple(item)
    if not all(isinstance(card, Card) for card in cards):
        raise ClaimError(f"a coup must be given as cards, a line or a record, got {item!r}")
    return Claim(cards)


def read_claims(lines: Iterable[str]) -> list[Claim]:
    """Read one coup per line (blank lines and lines starting with ``#`` are skipped); an error
    names the line.

    >>> [len(claim.cards) for claim in read_claims(["# shoe 1", "7c 2s Kd 3h 4c", "", "9s 5h Kd Kc"])]
    [5, 4]
    >>> read_claims(["7c 2s Kd 3h", "7c 2s Zz 3h"])
    Traceback (most recent call last):
    ...
    baccarat.fair.errors.ClaimError: line 2: unknown card 'Zz': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)
    """
    claims: list[Claim] = []
    for number, line in enumerate(lines, start=1):
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        try:
            claims.append(parse_claim(line))
        except (ClaimError, CardError) as exc:
            raise ClaimError("claim_at_line", number=number, error=exc) from None
    return claims


def _role(coup: Coup, index: int) -> str:
    """Whose card the ``index``-th card of ``coup`` (shoe order) is: a ``role.*`` key."""
    if index < 4:
        side, nth = ("player", "banker")[index % 2], index // 2 + 1
    elif index == 4 and coup.player.drew:
        side, nth = "player", 3
    else:
        side, nth = "banker", 3
    return f"role.{side}.{nth}"


def _compare_cards(number: int, start: int, claim: Claim, coup: Coup) -> Mismatch | None:
    dealt = coup.cards_in_order
    for index in range(max(len(claim.cards), len(dealt))):
        found = str(claim.cards[index]) if index < len(claim.cards) else None
        expected = str(dealt[index]) if index < len(dealt) else None
        if found == expected:
            continue
        shoe_card = start + index + 1
        found_text, expected_text = found or "", expected or ""
        if expected is None:
            return Mismatch.of(
                "cards.extra", number, "cards", found_text, expected_text, shoe_card,
                index=index + 1, dealt=len(dealt),
            )  # fmt: skip
        role = _role(coup, index)
        if found is None:
            return Mismatch.of(
                "cards.short", number, "cards", found_text, expected_text, shoe_card,
                role=role, given=len(claim.cards),
            )  # fmt: skip
        return Mismatch.of(
            "cards.differ", number, "cards", found_text, expected_text, shoe_card, role=role
        )
    return None


def _diff(found: Any, expected: Any, path: str) -> tuple[str, Any, Any] | None:
    """The first field of ``found`` that differs from ``expected`` (fields ``found`` lacks, and
    wording, are not compared)."""
    if isinstance(expected, dict) and isinstance(found, Mapping):
        for key, value in expected.items():
            if key in found and key not in _WORDING:
                hit = _diff(found[key], value, f"{path}.{key}" if path else key)
                if hit is not None:
                    return hit
        return None
    if isinstance(expected, list) and isinstance(found, list):
        if len(found) != len(expected):
            return f"{path} (number of entries)", len(found), len(expected)
        for index, (item, value) in enumerate(zip(found, expected, strict=True)):
            hit = _diff(item, value, f"{path}[{index}]")
            if hit is not None:
                return hit
        return None
    # bool is an int in Python: True must not pass for 1, nor 1.0 for 1.
    if type(found) is not type(expected) or found != expected:
        return path, found, expected
    return None


def _compare_record(number: int, claim: Claim, coup: Coup) -> Mismatch | None:
    if claim.record is None:
        return None
    hit = _diff(claim.record, coup_record(coup), "")
    if hit is None:
        return None
    path, found, expected = hit
    shown_found, shown_expected = json.dumps(found), json.dumps(expected)
    return Mismatch.of("record", number, path, shown_found, shown_expected)


def verify(
    server_seed: str,
    client_seed: str,
    shoe_number: int,
    rules: ShoeRules = STANDARD_SHOE,
    *,
    commitment: str | None = None,
    coups: Iterable[ClaimedCoup | Claim] = (),
    tableau: Tableau = PUNTO_BANCO,
) -> Verification:
    """Recompute shoe ``shoe_number`` and check the commitment and the coups handed in.

    ``coups`` are the shoe's coups from its first, in order (a prefix of the shoe is fine). Bad
    input (a malformed seed, commitment or coup) raises a :class:`~baccarat.fair.errors.FairError`
    or :class:`~baccarat.core.errors.CardError`; a coup that differs is not an error but the
    :attr:`Verification.mismatch`.
    """
    server_seed = seeds.check_server_seed(server_seed)
    seeds.check_client_seed(client_seed)
    seeds.check_shoe_number(shoe_number)
    given = None if commitment is None else seeds.check_commitment(commitment)
    if tableau.has_options:
        raise FairError(
            f"tableau {tableau.name!r} leaves hands a choice; verify deals tableaux without options"
        )
    claims: list[Claim] = []
    for number, item in enumerate(coups, start=1):
        try:
            claims.append(as_claim(item))
        except (ClaimError, CardError) as exc:
            raise ClaimError("claim_at_coup", number=number, error=exc) from None

    order = fair_order(server_seed, client_seed, shoe_number, rules)
    shoe = Shoe.from_order(order, rules)
    dealt: list[Coup] = []
    mismatch: Mismatch | None = None
    checked = 0
    while not shoe.finished:
        start = shoe.cards_dealt
        coup = shoe.deal_coup(tableau)
        dealt.append(coup)
        number = len(dealt)
        if mismatch is None and number <= len(claims):
            claim = claims[number - 1]
            mismatch = _compare_cards(number, start, claim, coup) or _compare_record(
                number, claim, coup
            )
            if mismatch is None:
                checked += 1
    if mismatch is None and len(claims) > len(dealt):
        number = len(dealt) + 1
        mismatch = Mismatch.of(
            "shoe_ended",
            number,
            "shoe_ended",
            " ".join(map(str, claims[number - 1].cards)),
            "",
            dealt=len(dealt),
            given=len(claims),
        )
    return Verification(
        server_seed=server_seed,
        client_seed=client_seed,
        shoe_number=shoe_number,
        rules=rules,
        commitment=seeds.commitment(server_seed),
        commitment_given=given,
        order=order,
        burned=shoe.burned,
        coups=tuple(dealt),
        coups_checked=checked,
        mismatch=mismatch,
    )
