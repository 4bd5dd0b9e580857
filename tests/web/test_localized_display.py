"""What the pages show in each language beyond the catalog's words: card names and pay ratios."""

from __future__ import annotations

import itertools

import pytest

from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.rules import get_rule_set
from baccarat.i18n.catalogs import get_translator
from baccarat.web.i18n import using
from baccarat.web.present.coup import card_data
from baccarat.web.present.table import bet_data


@pytest.mark.parametrize(
    ("language", "card", "label"),
    [
        ("en", Card(Rank.FOUR, Suit.HEARTS), "Four of hearts"),
        ("hu", Card(Rank.FOUR, Suit.HEARTS), "kőr négyes"),
        ("hu", Card(Rank.QUEEN, Suit.DIAMONDS), "káró dáma"),
        ("hu", Card(Rank.ACE, Suit.SPADES), "pikk ász"),
        ("vi", Card(Rank.ACE, Suit.SPADES), "át bích"),
    ],
)
def test_a_card_is_named_as_the_language_names_it(language: str, card: Card, label: str) -> None:
    # Hungarian puts the suit first and writes the rank in lower case there (the glossary's rule).
    with using(get_translator(language)):
        assert card_data(card)["label"] == label


@pytest.mark.parametrize(
    ("language", "ratio"), [("en", "0.95:1"), ("vi", "0,95:1"), ("hu", "0,95:1")]
)
def test_a_pay_ratio_uses_the_languages_decimal_sign(language: str, ratio: str) -> None:
    rule_set = get_rule_set()
    with using(get_translator(language)):
        shown = bet_data(rule_set.bets["banker"], rule_set)
    assert shown["pays_ratio"] == ratio
    assert all("0.95" not in line for line in shown["pays"]) or language == "en"


def test_the_panels_write_figures_with_the_languages_decimal_sign() -> None:
    from baccarat.web.present.panels import _decimal

    with using(get_translator("hu")):
        assert _decimal(4.93880, "0.0000") == "4,9388"
    with using(get_translator("en")):
        assert _decimal(4.93880, "0.0000") == "4.9388"


def test_a_lost_bet_in_vietnamese_does_not_say_lost_twice() -> None:
    # The settlement line follows the badge ("thua"): the line itself says what was lost.
    from baccarat.core.bets import BetResult
    from baccarat.i18n.words import RESULT_WORDS

    vi = get_translator("vi")
    badge = vi.gettext(RESULT_WORDS[BetResult.LOSE])
    line = vi.gettext("{bet}: lost the stake of {stake}.").format(bet="Con", stake="100")
    assert badge.lower() == "thua" and "thua" not in line.lower(), line
    words = line.split()
    assert all(a != b for a, b in itertools.pairwise(words)), line
