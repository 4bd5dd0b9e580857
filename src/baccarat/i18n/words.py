"""Words the engine writes as codes (``win``, ``lose``, ``push``, a bet's id), marked for
translation, and the one way a bet, and a rule set, is named to a person.

>>> from baccarat.core.bets import BetResult
>>> RESULT_WORDS[BetResult.PUSH]
'push'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from baccarat.core.bets import BetResult
from baccarat.i18n.markers import N_

if TYPE_CHECKING:
    from baccarat.core.bets import Bet
    from baccarat.core.rules import RuleSet
    from baccarat.i18n.language import Language

__all__ = ["RESULT_WORDS", "bet_title", "rule_set_title"]

RESULT_WORDS = {BetResult.WIN: N_("win"), BetResult.LOSE: N_("lose"), BetResult.PUSH: N_("push")}
"""How a bet ended, as a word to translate (the code is the enum's value)."""


def bet_title(bet: Bet, language: Language) -> str:
    """A bet as a person reads it: its title in ``language`` (``Banker``, ``Dragon 7``, ``Cái``),
    as the pages and every command name it; its id (``dragon_7``) is what a person types.

    >>> from baccarat.core.rules import get_rule_set
    >>> from baccarat.i18n.language import SOURCE
    >>> bet_title(get_rule_set("ez").bet("dragon_7"), SOURCE)
    'Dragon 7'
    """
    return language.pgettext("bet", bet.title)


def rule_set_title(rule_set: RuleSet, language: Language) -> str:
    """A rule set as a person reads it: its title in ``language`` (``EZ Baccarat``), as the
    pages and every command's header name it; its id (``ez``) is what a person types (--rules).

    >>> from baccarat.core.rules import get_rule_set
    >>> from baccarat.i18n.language import SOURCE
    >>> rule_set_title(get_rule_set("ez"), SOURCE)
    'EZ Baccarat'
    """
    return language.pgettext("rule set", rule_set.title)
