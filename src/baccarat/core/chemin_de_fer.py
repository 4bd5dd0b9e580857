"""The draw rules of Chemin de Fer as data: where the rules leave a hand a choice, the cell says so.

Chemin de Fer is baccarat played between two people: the Player ("ponte", who holds the punters'
cards) and the Banker (a player holding the shoe). Naturals are as in Punto Banco. The Player draws
on 0-4, stands on 6-7 and **may choose on 5**. The Banker follows a table close to the Punto Banco
one, except that in two cells the traditional rules leave him free: a 3 against a Player's third
card of 9, and a 5 against a Player's third card of 4 (the rules as printed by Scarne and quoted at
gaming-dictionary.pokerwiner.com/chemin-de-fer-must-play-poker.html; see docs/chemin.md). When the
Player stood, the Banker draws on 0-5 and stands on 6-7.

:data:`BANKER_DISCRETION` is the game studied by Kemeny and Snell (1957): the same Player, and a
Banker free in every situation. Both are ordinary :class:`~baccarat.core.tableau.Tableau` data, so
one engine deals them and the choices land in the coup's steps.

>>> print(CHEMIN_DE_FER.to_text().splitlines()[1])
Player draws on 0-4, stands on 6-7, may choose on 5.
>>> CHEMIN_DE_FER.banker_decision(5, player_third=4).reason.value
'banker_option'
>>> BANKER_DISCRETION.banker_decision(0, player_third=None).action
<Action.OPTION: 'option'>
"""

from __future__ import annotations

from baccarat.core.tableau import Tableau

__all__ = ["BANKER_DISCRETION", "CHEMIN_DE_FER"]

CHEMIN_DE_FER = Tableau.from_rows(
    "chemin-de-fer",
    # Two-card totals 0..9; O = the Player's option on 5.
    player="DDDDDOSSSS",
    banker_player_stood="DDDDDDSSSS",
    # Banker total -> action by the Player's third-card value 0..9; O = the Banker's option.
    banker={
        0: "DDDDDDDDDD",
        1: "DDDDDDDDDD",
        2: "DDDDDDDDDD",
        3: "DDDDDDDDSO",
        4: "SSDDDDDDSS",
        5: "SSSSODDDSS",
        6: "SSSSSSDDSS",
        7: "SSSSSSSSSS",
    },
)
"""Chemin de Fer: the Player's option on 5 and the Banker's two traditional options."""

BANKER_DISCRETION = Tableau.from_rows(
    "chemin-de-fer-banker-discretion",
    player="DDDDDOSSSS",
    # Rows and cells for natural totals (8, 9) are never consulted.
    banker_player_stood="OOOOOOOOSS",
    banker=dict.fromkeys(range(8), "O" * 10),
)
"""The Kemeny–Snell game: the Player's option on 5, and the Banker free in every situation."""
