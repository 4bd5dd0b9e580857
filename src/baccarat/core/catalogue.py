"""The catalogue: every named bet and every built-in table, written as a rule-set file is written.

The named bets are ``[bets.<name>]`` tables and an ``[egalite]`` table, as in a user's TOML file
(``docs/bets.md``), read by the same reader (:meth:`~baccarat.core.bets.Bet.from_data`); the
built-in tables are rule-set files, which :mod:`baccarat.core.rules` reads with the reader of
user files (``rule_set_from_data``). A new variant is new data here, not new code.

>>> PLAYER.describe()
['winner = player → 1:1', 'winner = tie → push', 'otherwise → lose']
>>> [data["name"] for data in RULE_SET_DATA][:5], [data["name"] for data in CHOICE_RULE_SET_DATA]
(['punto-banco', 'tie-9', 'no-commission', 'ez', 'tiger'], ['chemin-de-fer'])

The side bets people meet (Tiger, Lucky 6 and 7, the naturals, 4-5-6, colours, 3 Giving 8) and
their tables are data in :mod:`baccarat.core.sidebets`, read here with the others.
"""

from __future__ import annotations

import tomllib
from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from baccarat.core.bets import Bet, PayRule, parse_pays
from baccarat.core.conditions import BetError, Condition, Domain
from baccarat.core.sidebets import SIDE_BET_RULE_SETS, SIDE_BETS

__all__ = [
    "BANKER",
    "BANKER_PAIR",
    "BIG",
    "BIG_TIGER",
    "CHOICE_RULE_SET_DATA",
    "DRAGON_7",
    "DRAGON_BONUS_BANKER",
    "DRAGON_BONUS_PLAYER",
    "EGALITE_BETS",
    "EGALITE_NAMES",
    "EGALITE_PAYS",
    "EITHER_PAIR",
    "PANDA_8",
    "PERFECT_PAIR",
    "PERFECT_PAIR_TWO_LEVEL",
    "PLAYER",
    "PLAYER_PAIR",
    "RULE_SET_DATA",
    "SMALL",
    "SMALL_TIGER",
    "STANDARD_BETS",
    "SUPER_6",
    "TIE",
    "bet_names_text",
    "egalite_bet",
    "egalite_bets",
    "is_known_bet",
    "standard_bet",
]


# The named bets in their common form (Banker with commission, Tie 8:1), in display order: what a
# table offers when its file names a bet without defining it.
#
# The Egalité pays per tie total are those the Wizard of Odds lists ("Egalite" under baccarat side
# bets, wizardofodds.com/games/baccarat/side-bets/egalite/), the table offered in British casinos.
_NAMED_BETS = """
[bets.player]
title = "Player"
rules = [
    { when = { winner = "player" }, pays = "1:1" },
    { when = { winner = "tie" }, pays = "push" },
]

[bets.banker]
title = "Banker"
rules = [
    { when = { winner = "banker" }, pays = "0.95:1" },
    { when = { winner = "tie" }, pays = "push" },
]

[bets.tie]
title = "Tie"
rules = [{ when = { winner = "tie" }, pays = "8:1" }]

[bets.player_pair]
title = "Player Pair"
domain = "pairs"
rules = [{ when = { player_pair = ["pair", "suited"] }, pays = "11:1" }]

[bets.banker_pair]
title = "Banker Pair"
domain = "pairs"
rules = [{ when = { banker_pair = ["pair", "suited"] }, pays = "11:1" }]

[bets.either_pair]
title = "Either Pair"
domain = "pairs"
rules = [
    { when = { player_pair = ["pair", "suited"] }, pays = "5:1" },
    { when = { banker_pair = ["pair", "suited"] }, pays = "5:1" },
]

[bets.perfect_pair]
title = "Perfect Pair"
domain = "pairs"
rules = [
    { when = { player_pair = "suited" }, pays = "25:1" },
    { when = { banker_pair = "suited" }, pays = "25:1" },
]

[bets.dragon_bonus_player]
title = "Dragon Bonus Player"
rules = [
    { when = { winner = "player", natural = true }, pays = "1:1" },
    { when = { winner = "tie", natural = true }, pays = "push" },
    { when = { winner = "player", natural = false, margin = 9 }, pays = "30:1" },
    { when = { winner = "player", natural = false, margin = 8 }, pays = "10:1" },
    { when = { winner = "player", natural = false, margin = 7 }, pays = "6:1" },
    { when = { winner = "player", natural = false, margin = 6 }, pays = "4:1" },
    { when = { winner = "player", natural = false, margin = 5 }, pays = "2:1" },
    { when = { winner = "player", natural = false, margin = 4 }, pays = "1:1" },
]

[bets.dragon_bonus_banker]
title = "Dragon Bonus Banker"
rules = [
    { when = { winner = "banker", natural = true }, pays = "1:1" },
    { when = { winner = "tie", natural = true }, pays = "push" },
    { when = { winner = "banker", natural = false, margin = 9 }, pays = "30:1" },
    { when = { winner = "banker", natural = false, margin = 8 }, pays = "10:1" },
    { when = { winner = "banker", natural = false, margin = 7 }, pays = "6:1" },
    { when = { winner = "banker", natural = false, margin = 6 }, pays = "4:1" },
    { when = { winner = "banker", natural = false, margin = 5 }, pays = "2:1" },
    { when = { winner = "banker", natural = false, margin = 4 }, pays = "1:1" },
]

[bets.big]
title = "Big"
rules = [{ when = { cards = [5, 6] }, pays = "0.54:1" }]

[bets.small]
title = "Small"
rules = [{ when = { cards = 4 }, pays = "1.5:1" }]

[bets.dragon_7]
title = "Dragon 7"
rules = [{ when = { winner = "banker", banker_total = 7, banker_cards = 3 }, pays = "40:1" }]

[bets.panda_8]
title = "Panda 8"
rules = [{ when = { winner = "player", player_total = 8, player_cards = 3 }, pays = "25:1" }]

[bets.super_6]
title = "Super 6"
rules = [{ when = { winner = "banker", banker_total = 6 }, pays = "12:1" }]

[bets.big_tiger]
title = "Big Tiger"
rules = [{ when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "50:1" }]

[bets.small_tiger]
title = "Small Tiger"
rules = [{ when = { winner = "banker", banker_total = 6, banker_cards = 2 }, pays = "22:1" }]

[egalite]
0 = "150:1"
1 = "215:1"
2 = "225:1"
3 = "200:1"
4 = "120:1"
5 = "110:1"
6 = "45:1"
7 = "45:1"
8 = "80:1"
9 = "80:1"
"""

# A variant no built-in table offers, as a table of one's own would define it.
_PERFECT_PAIR_TWO_LEVEL = """
[bets.perfect_pair]
title = "Perfect Pair (two-level)"
domain = "pairs"
rules = [
    { when = { player_pair = "suited", banker_pair = "suited" }, pays = "250:1" },
    { when = { player_pair = "suited" }, pays = "25:1" },
    { when = { banker_pair = "suited" }, pays = "25:1" },
]
"""

# The house tables, in display order (the default first). Stakes are in points: side bets and the
# Tie take 1 to 1,000, Player and Banker up to 10,000, a typical ratio of main-bet to side-bet
# maxima. A table extends one above it when it differs only in what it declares.
_RULE_SETS = (
    """
name = "punto-banco"
title = "Punto Banco"
description = "Player 1:1; Banker 0.95:1 (5 % commission); Tie 8:1; a tie pushes Player and Banker."
offers = [
    "player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair",
    "dragon_bonus_player", "dragon_bonus_banker", "big", "small", "egalite",
]

[limits]
default = { minimum = "1", maximum = "1000" }
player = { minimum = "1", maximum = "10000" }
banker = { minimum = "1", maximum = "10000" }
""",
    """
name = "tie-9"
title = "Punto Banco, Tie 9:1"
description = "Punto Banco with the Tie paying 9:1."
extends = "punto-banco"

[bets.tie]
title = "Tie"
rules = [{ when = { winner = "tie" }, pays = "9:1" }]
""",
    """
name = "no-commission"
title = "No-commission (Super 6 / Punto 2000)"
description = "Banker 1:1 with no commission, except a Banker win on 6 pays 1:2."
extends = "punto-banco"
offers = [
    "player", "banker", "tie", "player_pair", "banker_pair", "either_pair", "perfect_pair",
    "dragon_bonus_player", "dragon_bonus_banker", "big", "small", "egalite",
    "super_6", "big_tiger", "small_tiger",
]

[bets.banker]
title = "Banker (no commission)"
rules = [
    { when = { winner = "banker", banker_total = 6 }, pays = "1:2" },
    { when = { winner = "banker" }, pays = "1:1" },
    { when = { winner = "tie" }, pays = "push" },
]
""",
    """
name = "ez"
title = "EZ Baccarat"
description = "Banker 1:1 with no commission, except a Banker win with a three-card 7 pushes."
extends = "punto-banco"
offers = ["player", "banker", "tie", "dragon_7", "panda_8", "player_pair", "banker_pair"]

[bets.banker]
title = "Banker (EZ)"
rules = [
    { when = { winner = "banker", banker_total = 7, banker_cards = 3 }, pays = "push" },
    { when = { winner = "banker" }, pays = "1:1" },
    { when = { winner = "tie" }, pays = "push" },
]
""",
)

# Tables whose hands choose. Chemin de Fer is a private game: the Banker's win is paid even money.
# A house that takes a cut from the bank writes it as its own table (extends = "chemin-de-fer", a
# "banker" bet paying "19/20").
_CHOICE_RULE_SETS = (
    r'''
name = "chemin-de-fer"
title = "Chemin de Fer"
description = """\
    The Player may draw or stand on 5; the Banker chooses on 3 v 9 and 5 v 4; \
    Player and Banker 1:1 with no commission; a tie is a stand-off."""
tableau = "chemin-de-fer"
offers = ["player", "banker"]

[limits]
default = { minimum = "1", maximum = "1000" }
player = { minimum = "1", maximum = "10000" }
banker = { minimum = "1", maximum = "10000" }

[bets.banker]
title = "Banker (no commission)"
rules = [
    { when = { winner = "banker" }, pays = "1:1" },
    { when = { winner = "tie" }, pays = "push" },
]
''',
)

RULE_SET_DATA: tuple[Mapping[str, object], ...] = tuple(
    tomllib.loads(t) for t in (*_RULE_SETS, *SIDE_BET_RULE_SETS)
)
"""The house tables and the side bets' tables as a rule-set file reads (parsed TOML), in display
order."""

CHOICE_RULE_SET_DATA: tuple[Mapping[str, object], ...] = tuple(
    tomllib.loads(t) for t in _CHOICE_RULE_SETS
)
"""The tables whose hands choose, as a rule-set file reads."""


def _bet_tables(data: Mapping[str, Any]) -> dict[str, Bet]:
    """The ``[bets.<name>]`` tables of a rule-set file, each read as a user's is."""
    return {name: Bet.from_data(name, table) for name, table in data["bets"].items()}


_NAMED = tomllib.loads(_NAMED_BETS)

EGALITE_PAYS: Mapping[int, Fraction] = MappingProxyType(
    {int(total): parse_pays(pays) for total, pays in _NAMED["egalite"].items()}
)
"""Egalité pays by tie total (0-9)."""

EGALITE_NAMES = tuple(f"egalite_{total}" for total in range(10))
"""The ten Egalité bets, one per tie total, which ``"egalite"`` stands for in a table's offers."""


def egalite_bet(total: int, pays: Fraction | int | str | None = None) -> Bet:
    """``egalite_<total>``: a tie on exactly ``total``, paying ``pays`` (default :data:`EGALITE_PAYS`).

    This is what an ``[egalite]`` entry of a rule-set file means.

    >>> from baccarat.core.summary import Summary
    >>> bet = egalite_bet(7)
    >>> bet.name, bet.net(Summary(7, 7, 3, 2).index), bet.net(Summary(6, 6, 2, 2).index)
    ('egalite_7', Fraction(45, 1), Fraction(-1, 1))
    """
    if isinstance(total, bool) or total not in range(10):
        raise BetError("egalite_total", total=total)
    if pays is None:
        pays = EGALITE_PAYS[total]
    rule = PayRule(
        (Condition.of("winner", "tie"), Condition.of("player_total", total)),
        pays if isinstance(pays, Fraction) else parse_pays(pays),
    )
    return Bet(EGALITE_NAMES[total], Domain.SUMMARY, (rule,), f"Egalité {total}")


def egalite_bets(pays: Mapping[int, Fraction | int | str] = EGALITE_PAYS) -> tuple[Bet, ...]:
    """One Egalité bet per tie total in ``pays``, in total order."""
    return tuple(egalite_bet(total, pays[total]) for total in sorted(pays))


EGALITE_BETS: tuple[Bet, ...] = egalite_bets()
"""The ten Egalité bets with the :data:`EGALITE_PAYS` table."""

STANDARD_BETS: Mapping[str, Bet] = MappingProxyType(
    {
        **_bet_tables(_NAMED),
        **{bet.name: bet for bet in EGALITE_BETS},
        **_bet_tables(tomllib.loads(SIDE_BETS)),
    }
)
"""Every bet the package names, in its common form (Banker with commission, Tie 8:1), the side
bets of :mod:`baccarat.core.sidebets` last."""

PLAYER = STANDARD_BETS["player"]
"""Player 1:1; a tie pushes."""
BANKER = STANDARD_BETS["banker"]
"""Banker 1:1 less 5 % commission on the win (0.95:1); a tie pushes."""
TIE = STANDARD_BETS["tie"]
"""Tie 8:1."""
PLAYER_PAIR = STANDARD_BETS["player_pair"]
"""The Player's first two cards are of equal rank: 11:1."""
BANKER_PAIR = STANDARD_BETS["banker_pair"]
"""The Banker's first two cards are of equal rank: 11:1."""
EITHER_PAIR = STANDARD_BETS["either_pair"]
"""Either side's first two cards are of equal rank: 5:1."""
PERFECT_PAIR = STANDARD_BETS["perfect_pair"]
"""Either side's first two cards are of the same rank and suit: 25:1."""
DRAGON_BONUS_PLAYER = STANDARD_BETS["dragon_bonus_player"]
"""Dragon Bonus on the Player: natural win 1:1, natural tie push, win by 9/8/7/6/5/4 pays 30/10/6/4/2/1."""
DRAGON_BONUS_BANKER = STANDARD_BETS["dragon_bonus_banker"]
"""Dragon Bonus on the Banker, with the same pay table."""
BIG = STANDARD_BETS["big"]
"""Five or six cards dealt: 0.54:1."""
SMALL = STANDARD_BETS["small"]
"""Four cards dealt: 1.5:1."""
DRAGON_7 = STANDARD_BETS["dragon_7"]
"""The Banker wins with a three-card 7: 40:1."""
PANDA_8 = STANDARD_BETS["panda_8"]
"""The Player wins with a three-card 8: 25:1."""
SUPER_6 = STANDARD_BETS["super_6"]
"""The Banker wins with a total of 6: 12:1."""
BIG_TIGER = STANDARD_BETS["big_tiger"]
"""The Banker wins with a three-card 6: 50:1."""
SMALL_TIGER = STANDARD_BETS["small_tiger"]
"""The Banker wins with a two-card 6: 22:1."""

PERFECT_PAIR_TWO_LEVEL = _bet_tables(tomllib.loads(_PERFECT_PAIR_TWO_LEVEL))["perfect_pair"]
"""Perfect Pair paying 250:1 when both sides have one, 25:1 when one side has."""


def standard_bet(name: str) -> Bet:
    """The common form of a named bet.

    >>> from baccarat.core.summary import Summary
    >>> standard_bet("tie").net(Summary(4, 4, 3, 3).index)
    Fraction(8, 1)
    >>> standard_bet("lucky_13")
    Traceback (most recent call last):
    ...
    baccarat.core.conditions.BetError: unknown bet 'lucky_13': expected one of player, banker, ...
    """
    bet = STANDARD_BETS.get(name)
    if bet is None:
        raise BetError("unknown_standard_bet", bet=name, bets=bet_names_text(STANDARD_BETS))
    return bet


def is_known_bet(name: str) -> bool:
    """Whether ``name`` is one of the bets the package names (:data:`STANDARD_BETS`)."""
    return name in STANDARD_BETS


def bet_names_text(names: Iterable[str]) -> str:
    """Bet names for a message, the ten Egalité bets shortened to ``egalite_0..egalite_9``.

    >>> bet_names_text(["player", "egalite_0", "egalite_1", "egalite_9"])
    'player, egalite_0..egalite_9'
    """
    names = list(names)
    plain = [n for n in names if not n.startswith("egalite_")]
    egalite = [n for n in names if n.startswith("egalite_")]
    if len(egalite) > 2:
        plain.append(f"{egalite[0]}..{egalite[-1]}")
    else:
        plain.extend(egalite)
    return ", ".join(plain)
