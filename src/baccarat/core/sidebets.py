"""The side bets people meet, as data: Tiger, Lucky 6 and 7, naturals, 4-5-6, colours, 3 Giving 8.

Written in the vocabulary of a rule-set file (``docs/bets.md``) and read by the same reader as a
user's file; :mod:`baccarat.core.catalogue` adds them to the named bets and the tables below to
the built-in rule sets. The source of each pay table is named beside it and in ``docs/bets.md``.

>>> import tomllib
>>> sorted(tomllib.loads(SIDE_BETS)["bets"])[:4]
['all_black', 'all_red', 'banker_natural_8', 'banker_natural_9']
>>> [tomllib.loads(t)["name"] for t in SIDE_BET_RULE_SETS][:3]
['tiger', 'lucky-6', 'lucky-6-macau']
"""

from __future__ import annotations

__all__ = ["SIDE_BETS", "SIDE_BET_RULE_SETS"]

SIDE_BETS = """
# Tiger: a Banker win on 6, 12:1 on two cards and 20:1 on three — the Tiger of Asian no-commission
# tables, which is the Wizard of Odds' "Lucky 6" under its Macau pay table.
[bets.tiger]
title = "Tiger"
rules = [
    { when = { winner = "banker", banker_total = 6, banker_cards = 2 }, pays = "12:1" },
    { when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "20:1" },
]

# Tiger Tie: a tie on 6 (35:1 at the Tiger tables).
[bets.tiger_tie]
title = "Tiger Tie"
rules = [{ when = { winner = "tie", player_total = 6 }, pays = "35:1" }]

# Tiger Pair: both hands paired on the same rank (a twin pair) 100:1, both hands paired 20:1,
# one hand paired 4:1 (single / double / twin pair at the Tiger tables).
[bets.tiger_pair]
title = "Tiger Pair"
domain = "cards"
rules = [
    { when = { same_rank = ["P1", "P2", "B1", "B2"] }, pays = "100:1" },
    { when = { player_pair = ["pair", "suited"], banker_pair = ["pair", "suited"] }, pays = "20:1" },
    { when = { any = [{ player_pair = ["pair", "suited"] }, { banker_pair = ["pair", "suited"] }] }, pays = "4:1" },
]

# Lucky 6: a Banker win on 6, 12:1 on two cards and 23:1 on three (the Wizard of Odds' Las Vegas
# pay table; the Macau one pays 20:1, as the Tiger does).
[bets.lucky_6]
title = "Lucky 6"
rules = [
    { when = { winner = "banker", banker_total = 6, banker_cards = 2 }, pays = "12:1" },
    { when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "23:1" },
]

# Lucky 7: a Player win on 7, 6:1 on two cards and 15:1 on three (Macau, 2024).
[bets.lucky_7]
title = "Lucky 7"
rules = [
    { when = { winner = "player", player_total = 7, player_cards = 2 }, pays = "6:1" },
    { when = { winner = "player", player_total = 7, player_cards = 3 }, pays = "15:1" },
]

# Super Lucky 7: the Player's 7 beats the Banker's 6: 100:1 with three cards each, 40:1 with the
# Player on three and the Banker on two, 30:1 on two cards each (Macau, 2024).
[bets.super_lucky_7]
title = "Super Lucky 7"
rules = [
    { when = { player_total = 7, banker_total = 6, player_cards = 3, banker_cards = 3 }, pays = "100:1" },
    { when = { player_total = 7, banker_total = 6, player_cards = 3, banker_cards = 2 }, pays = "40:1" },
    { when = { player_total = 7, banker_total = 6, player_cards = 2, banker_cards = 2 }, pays = "30:1" },
]

# Natural 8 and Natural 9: a hand's first two cards total 8 (9), 9:1 — the Nevada side bets of
# Thorp and Walden's "A Favorable Side Bet in Nevada Baccarat" (1966), on either hand.
[bets.banker_natural_8]
title = "Banker Natural 8"
rules = [{ when = { banker_two_card_total = 8 }, pays = "9:1" }]

[bets.banker_natural_9]
title = "Banker Natural 9"
rules = [{ when = { banker_two_card_total = 9 }, pays = "9:1" }]

[bets.player_natural_8]
title = "Player Natural 8"
rules = [{ when = { player_two_card_total = 8 }, pays = "9:1" }]

[bets.player_natural_9]
title = "Player Natural 9"
rules = [{ when = { player_two_card_total = 9 }, pays = "9:1" }]

# The 4-5-6 bets on the number of cards dealt: 4 pays 3:2, 5 and 6 pay 2:1 (the Wizard of Odds,
# after the Atlantic City Hilton).
[bets.four_cards]
title = "4 Cards"
rules = [{ when = { cards = 4 }, pays = "3:2" }]

[bets.five_cards]
title = "5 Cards"
rules = [{ when = { cards = 5 }, pays = "2:1" }]

[bets.six_cards]
title = "6 Cards"
rules = [{ when = { cards = 6 }, pays = "2:1" }]

# All Red and All Black: every card of the coup is of that colour. The Wizard of Odds saw them
# at a live-dealer casino with odds set afresh before every coup; 24:1 is this package's table.
[bets.all_red]
title = "All Red"
rules = [{ when = { all_colour = "red" }, pays = "24:1" }]

[bets.all_black]
title = "All Black"
rules = [{ when = { all_colour = "black" }, pays = "24:1" }]

# 3 Giving 8: the Banker's first two cards total 3 and the Player draws an 8, 200:1 (the
# Hippodrome, London; the Wizard of Odds' side bets).
[bets.three_giving_eight]
title = "3 Giving 8"
rules = [{ when = { banker_two_card_total = 3, player_third_card = 8 }, pays = "200:1" }]
"""
"""The side bets as ``[bets.<name>]`` tables of a rule-set file."""

SIDE_BET_RULE_SETS = (
    """
name = "tiger"
title = "Tiger Baccarat"
description = "No-commission Banker (a win on 6 pays 1:2), with the Tiger side bets."
extends = "no-commission"
offers = [
    "player", "banker", "tie", "player_pair", "banker_pair",
    "tiger", "small_tiger", "big_tiger", "tiger_tie", "tiger_pair",
]
""",
    """
name = "lucky-6"
title = "Lucky 6"
description = "No-commission Banker, with the Lucky 6 at the Las Vegas pays (12:1 and 23:1)."
extends = "no-commission"
offers = ["player", "banker", "tie", "player_pair", "banker_pair", "lucky_6"]
""",
    """
name = "lucky-6-macau"
title = "Lucky 6 (Macau)"
description = "Lucky 6 with the Macau pays: a three-card 6 pays 20:1."
extends = "lucky-6"

[bets.lucky_6]
title = "Lucky 6"
rules = [
    { when = { winner = "banker", banker_total = 6, banker_cards = 2 }, pays = "12:1" },
    { when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "20:1" },
]
""",
    """
name = "lucky-7"
title = "Lucky 7"
description = "Punto Banco with the Lucky 7 and Super Lucky 7 side bets."
extends = "punto-banco"
offers = ["player", "banker", "tie", "player_pair", "banker_pair", "lucky_7", "super_lucky_7"]
""",
    """
name = "naturals"
title = "Natural 8 and 9"
description = "Punto Banco with bets on a natural 8 or 9 on either hand, 9:1 (Thorp and Walden), and 3 Giving 8."
extends = "punto-banco"
offers = [
    "player", "banker", "tie",
    "banker_natural_8", "banker_natural_9", "player_natural_8", "player_natural_9",
    "three_giving_eight",
]
""",
    """
name = "naturals-8-1"
title = "Natural 8 and 9, 8:1"
description = "Natural 8 and 9 with the natural bets paying 8:1."
extends = "naturals"

[bets.banker_natural_8]
title = "Banker Natural 8"
rules = [{ when = { banker_two_card_total = 8 }, pays = "8:1" }]

[bets.banker_natural_9]
title = "Banker Natural 9"
rules = [{ when = { banker_two_card_total = 9 }, pays = "8:1" }]

[bets.player_natural_8]
title = "Player Natural 8"
rules = [{ when = { player_two_card_total = 8 }, pays = "8:1" }]

[bets.player_natural_9]
title = "Player Natural 9"
rules = [{ when = { player_two_card_total = 9 }, pays = "8:1" }]
""",
    """
name = "four-five-six"
title = "4-5-6"
description = "Punto Banco with bets on the number of cards dealt: 4 pays 3:2, 5 or 6 pay 2:1."
extends = "punto-banco"
offers = ["player", "banker", "tie", "four_cards", "five_cards", "six_cards"]
""",
    """
name = "colours"
title = "All Red / All Black"
description = "Punto Banco with bets that every card of the coup is red, or black: 24:1."
extends = "punto-banco"
offers = ["player", "banker", "tie", "player_pair", "banker_pair", "all_red", "all_black"]
""",
    """
name = "perfect-250"
title = "Punto Banco, Perfect Pair 250:1"
description = "Punto Banco with the two-level Perfect Pair: 250:1 when both hands have one."
extends = "punto-banco"

[bets.perfect_pair]
title = "Perfect Pair (two-level)"
domain = "pairs"
rules = [
    { when = { player_pair = "suited", banker_pair = "suited" }, pays = "250:1" },
    { when = { player_pair = "suited" }, pays = "25:1" },
    { when = { banker_pair = "suited" }, pays = "25:1" },
]
""",
)
"""The built-in tables of the side bets, in display order (after the house tables)."""
