"""One physical deck, card by card: the card-level analyzer against every deal of the deck.

A full one-deck brute force (about 4·10⁹ coups of 52 distinct cards) is out of a test's reach,
so the deck is cut by its first four cards: for a fixed sample of Player-Banker-Player-Banker
openings, every completion of the coup from the 48 cards left is dealt through the engine
(:mod:`support.brute`) and read by each shipped bet's own settlement path, and compared with the
analyzer's counts given those four cards seen (:func:`~baccarat.odds.conditional.conditional_distribution`).
Every card of the deck is distinct here, so suits, colours and ranks within a value all count.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from baccarat.core.cards import RANKS, Card
from baccarat.core.catalogue import STANDARD_BETS
from baccarat.core.rules import RULE_SETS
from baccarat.odds.composition import CARDS, Composition
from baccarat.odds.conditional import conditional_distribution, parse_given
from support.brute import deals

ONE_DECK = Composition.decks(1)
POSITIONS = ("P1", "B1", "P2", "B2")

# Every bet that reads cards beyond the summary and the pairs, shipped in any rule set.
CARD_LEVEL = sorted(
    {
        bet.name: bet
        for bets in (STANDARD_BETS.values(), *(r.bets.values() for r in RULE_SETS.values()))
        for bet in bets
        if bet.signature is not None
    }.items()
)


def _openings() -> list[tuple[Card, ...]]:
    # A fixed sample, plus openings chosen to hit the rare classes: twin pairs across the
    # hands, a suited pair, a Banker 3 facing a Player draw (3 Giving 8), a natural, one colour.
    rng = random.Random(20261201)
    sample = [tuple(rng.sample(list(CARDS), 4)) for _ in range(6)]
    chosen = [
        "Kh Ks Kd Kc",
        "7h 7d 2s 2c",
        "4h 2d Ts Ac",
        "9s 4c Kd 4h",
        "Ah 2d 3h 4d",
        "As 2c 3s 4c",
    ]
    return sample + [tuple(Card.parse(t) for t in text.split()) for text in chosen]


@pytest.mark.parametrize("opening", _openings(), ids=lambda o: "".join(str(c) for c in o))
def test_every_card_level_bet_given_the_first_four_cards_of_one_deck(
    opening: tuple[Card, ...],
) -> None:
    seen = ",".join(f"{p}={c}" for p, c in zip(POSITIONS, opening, strict=True))
    bets = [bet for _, bet in CARD_LEVEL]
    d = conditional_distribution(ONE_DECK, parse_given(seen=seen), bets=bets)
    # Bets with one pay table's classes share a signature (Natural 9 at 9:1 and at 8:1).
    signatures = {b.signature for b in bets if b.signature is not None}
    expected: dict[object, Counter[int]] = {s: Counter() for s in signatures}
    summary: Counter[int] = Counter()
    total = 0
    for coup, ways in deals(ONE_DECK, prefix=opening):
        total += ways
        summary[coup.summary.index] += ways
        for signature in signatures:
            expected[signature][signature.index_of(coup)] += ways
    assert total == d.total == 48 * 47
    assert Counter({i: c for i, c in enumerate(d.summary_counts) if c}) == summary
    for name, bet in CARD_LEVEL:
        assert bet.signature is not None
        got = d.card_counts[bet.signature]
        assert Counter({i: int(c) for i, c in enumerate(got) if c}) == expected[bet.signature], name


def test_the_openings_reach_every_card_level_bet() -> None:
    # The sample is not idle: over the openings every card-level bet both wins and loses.
    wins: Counter[str] = Counter()
    losses: Counter[str] = Counter()
    for opening in _openings():
        for coup, _ in deals(ONE_DECK, prefix=opening):
            for name, bet in CARD_LEVEL:
                net = bet.net(bet.index_of(coup))
                if net:
                    (wins if net > 0 else losses)[name] += 1
    names = {name for name, _ in CARD_LEVEL}
    assert set(wins) == names, names - set(wins)
    assert set(losses) == names, names - set(losses)


def test_the_openings_add_up_to_the_whole_deck() -> None:
    # Every deal starts with some Player rank: the counts given each first rank (the checked
    # conditional enumeration) add up to the analyzer's counts for the whole deck.
    from baccarat.odds.cards import card_counts

    signatures = list({b.signature for _, b in CARD_LEVEL if b.signature is not None})
    whole = card_counts(ONE_DECK, signatures)
    bets = [bet for _, bet in CARD_LEVEL]
    added: dict[object, Counter[int]] = {s: Counter() for s in signatures}
    for rank in RANKS:
        d = conditional_distribution(ONE_DECK, parse_given(seen=f"P1={rank.symbol}"), bets=bets)
        for signature in signatures:
            added[signature].update({i: int(c) for i, c in enumerate(d.card_counts[signature])})
    for signature in signatures:
        assert +added[signature] == Counter(
            {i: int(c) for i, c in enumerate(whole[signature]) if c}
        )
