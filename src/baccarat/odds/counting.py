"""What the exact enumerations share: the six-card total, the tableau as arrays, and the plain
Python twin of a kernel for counts past 64 bits.

Both the summary and pair kernels (:mod:`baccarat.odds.exact`) and the card-level kernel
(:mod:`baccarat.odds.cards`) read the tableau as four boolean tables and switch to Python
integers when the six-card total of a shoe does not fit in a signed 64-bit integer.
"""

from __future__ import annotations

import functools
from typing import Any

import numpy as np
import numpy.typing as npt

from baccarat.core.errors import TableauError
from baccarat.core.tableau import Action, Tableau
from baccarat.odds.composition import Composition

__all__ = ["INT64_SAFE_CARDS", "six_card_total", "tableau_arrays"]

_INT64_MAX = 2**63 - 1


def six_card_total(composition: Composition) -> int:
    """The number of ordered six-card sequences: ``n(n−1)…(n−5)``, or ``52⁶`` for the infinite deck.

    >>> six_card_total(Composition.decks(8))
    4998398275503360
    """
    n = composition.size
    if composition.infinite:
        return n**6
    total = 1
    for k in range(6):
        total *= n - k
    return total


INT64_SAFE_CARDS = 1448
"""The largest shoe whose six-card total fits in a signed 64-bit integer (27 decks and more than a
half); larger shoes are counted with Python integers (same code, slower)."""


@functools.lru_cache(maxsize=32)
def tableau_arrays(
    tableau: Tableau,
) -> tuple[
    npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_], npt.NDArray[np.bool_]
]:
    """The tableau as the kernels read it: four boolean tables (natural, Player draws, Banker
    draws when the Player stood, Banker draws by the Player's third card), built once per tableau.

    >>> from baccarat.core.tableau import PUNTO_BANCO
    >>> natural, player, stood, banker = tableau_arrays(PUNTO_BANCO)
    >>> natural.nonzero()[0].tolist(), player.nonzero()[0].tolist(), banker.shape
    ([8, 9], [0, 1, 2, 3, 4, 5], (10, 10))
    """
    _check_fixed(tableau)
    natural = np.array([tableau.is_natural(t) for t in range(10)], dtype=np.bool_)
    player = np.array([a is Action.DRAW for a in tableau.player], dtype=np.bool_)
    stood = np.array([a is Action.DRAW for a in tableau.banker_player_stood], dtype=np.bool_)
    banker = np.array([[a is Action.DRAW for a in row] for row in tableau.banker], dtype=np.bool_)
    for table in (natural, player, stood, banker):
        table.setflags(write=False)
    return natural, player, stood, banker


def _check_fixed(tableau: Tableau) -> None:
    if tableau.has_options:
        raise TableauError("choice_tableau", tableau=tableau.name)


def _python_twin(kernel: Any) -> Any:
    # With NUMBA_DISABLE_JIT=1 numba hands back the plain function, which has no py_func.
    return getattr(kernel, "py_func", kernel)
