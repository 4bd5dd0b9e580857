"""Exact odds for any shoe: every bet's probabilities, house edge and variance, PAR sheets, EoR.

The exact analyzer counts every way the next coup can be dealt from a composition (a number of
decks, the infinite deck, or the cards left in a partly dealt shoe) and returns a
:class:`~baccarat.core.distribution.Distribution` over the 400 summary classes and 9 pair classes.
Every bet, described once as a pay table in :mod:`baccarat.core.bets`, is priced from it.

>>> from baccarat.core.catalogue import BANKER, PLAYER, TIE
>>> shoe = Composition.decks(8)
>>> d = exact_distribution(shoe)
>>> [f"{bet_stats(b, d).house_edge:.4%}" for b in (BANKER, PLAYER, TIE)]
['1.0579%', '1.2351%', '14.3596%']

Given what is already known of the coup (a condition in the bet language, or cards seen):

>>> given = parse_given("player_two_card_total=5,banker_two_card_total=3")
>>> f"{bet_stats(BANKER, conditional_distribution(shoe, given)).house_edge:.4%}"
'16.0238%'

A partly dealt shoe, given by the cards left per rank:

>>> left = Composition.parse("A:31,2:32,3:32,4:32,5:28,6:32,7:32,8:32,9:32,T:32,J:32,Q:32,K:32")
>>> f"{bet_stats(BANKER, exact_distribution(left)).house_edge:.4%}"
'1.0863%'
"""

from __future__ import annotations

from baccarat.odds.cards import card_counts
from baccarat.odds.composition import CARDS, Composition, CompositionError, card_index
from baccarat.odds.conditional import (
    ConditionError,
    Given,
    conditional_distribution,
    parse_given,
)
from baccarat.odds.eor import RemovalEffects, effects_of_removal, exact_effects_of_removal
from baccarat.odds.exact import ExactCounts, exact_counts, exact_distribution, six_card_total
from baccarat.odds.par import ParBet, ParRow, ParSheet, par_section, par_sheet
from baccarat.odds.records import odds_record, par_sheet_record
from baccarat.odds.reference import reference_distribution
from baccarat.odds.render import (
    FORMATS,
    render_csv,
    render_html,
    render_markdown,
    render_par_sheet,
)
from baccarat.odds.report import OUTCOME_KEYS, OddsReport, odds_report, odds_through_shoe
from baccarat.odds.stats import (
    BetBook,
    BetStats,
    ExactBetStats,
    PricingError,
    bet_stats,
    exact_bet_stats,
    house_edges,
    price_bets,
)

__all__ = [
    "CARDS",
    "FORMATS",
    "OUTCOME_KEYS",
    "BetBook",
    "BetStats",
    "Composition",
    "CompositionError",
    "ConditionError",
    "ExactBetStats",
    "ExactCounts",
    "Given",
    "OddsReport",
    "ParBet",
    "ParRow",
    "ParSheet",
    "PricingError",
    "RemovalEffects",
    "bet_stats",
    "card_counts",
    "card_index",
    "conditional_distribution",
    "effects_of_removal",
    "exact_bet_stats",
    "exact_counts",
    "exact_distribution",
    "exact_effects_of_removal",
    "house_edges",
    "odds_record",
    "odds_report",
    "odds_through_shoe",
    "par_section",
    "par_sheet",
    "par_sheet_record",
    "parse_given",
    "price_bets",
    "reference_distribution",
    "render_csv",
    "render_html",
    "render_markdown",
    "render_par_sheet",
    "six_card_total",
]
