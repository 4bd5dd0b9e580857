"""Words the engine writes as codes (``win``, ``lose``, ``push``), marked for translation.

>>> from baccarat.core.bets import BetResult
>>> RESULT_WORDS[BetResult.PUSH]
'push'
"""

from __future__ import annotations

from baccarat.core.bets import BetResult
from baccarat.i18n.markers import N_

__all__ = ["RESULT_WORDS"]

RESULT_WORDS = {BetResult.WIN: N_("win"), BetResult.LOSE: N_("lose"), BetResult.PUSH: N_("push")}
"""How a bet ended, as a word to translate (the code is the enum's value)."""
