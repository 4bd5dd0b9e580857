"""Chemin de Fer and Baccarat Banque: the games in which the hands choose, and their solution.

- :mod:`~baccarat.chemin.tableau`: the choice points of a tableau, and fixing them (``resolve``) to
  get a tableau the exact analyzer and the simulator take as they take Punto Banco;
- :mod:`~baccarat.chemin.strategy`: strategies, pure or mixed (with an injected random source);
- :mod:`~baccarat.chemin.information`: what a hand sees of its cards (totals, or the Banker's two
  cards: Downton and Lockwood's model);
- :mod:`~baccarat.chemin.game`: Chemin de Fer as an exact two-person zero-sum game on any shoe;
- :mod:`~baccarat.chemin.solve`: its solution by linear programming, certified exactly;
- :mod:`~baccarat.chemin.simulate`: the value checked by dealing coups with the engine;
- :mod:`~baccarat.chemin.practice`: a coup for the practice table, the learner deciding on 5;
- :mod:`~baccarat.chemin.banque`: Banque, one Banker against two Player hands: the coup dealt and
  recorded (:mod:`~baccarat.chemin.banque.deal`, pure like the core), and the Banker's best reply,
  bets on either hand and simulation (:mod:`~baccarat.chemin.banque.solve`);
- :mod:`~baccarat.chemin.table`: a learner's practice table: its shoe, the coup waiting for the
  choice, the session's record and tally, behind one lock.

>>> from baccarat.odds import Composition
>>> solution = solve_chemin_de_fer(Composition.infinite_deck(), BANKER_DISCRETION)
>>> solution.player.to_data(), float(solution.value)
({'P5': '9/11'}, -0.012799120307206913)
"""

from __future__ import annotations

from baccarat.chemin.game import BANKER_DISCRETION, CHEMIN_DE_FER, ChoiceGame, CoupModel
from baccarat.chemin.solve import Solution, solve, solve_chemin_de_fer
from baccarat.chemin.strategy import Strategy, StrategyError
from baccarat.chemin.tableau import choice_points, parse_point, point_key, resolve

__all__ = [
    "BANKER_DISCRETION",
    "CHEMIN_DE_FER",
    "ChoiceGame",
    "CoupModel",
    "Solution",
    "Strategy",
    "StrategyError",
    "choice_points",
    "parse_point",
    "point_key",
    "resolve",
    "solve",
    "solve_chemin_de_fer",
]
