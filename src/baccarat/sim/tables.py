"""The data the kernels read: card codes, the canonical shoe, and the coup lookup table.

A coup is decided by the two sides' two-card totals and the values of the next two cards in the
shoe, whether or not those are drawn. The simulator therefore deals by one look-up in a
10 000-entry table, keyed ``pt*1000 + bt*100 + v5*10 + v6`` (``v5``/``v6``: values of the fifth and
sixth cards from the coup's start), whose entry packs the summary class and the number of cards
used: ``class << 3 | cards``. The table is *built by the rules engine* —
:func:`baccarat.core.coup.deal_coup` deals every case — so the simulator holds no copy of the rules
and any :class:`~baccarat.core.tableau.Tableau` works.

Cards are one byte each (``value | same_value_rank << 4 | suit << 6``) so the kernel reads a value
with one mask, a rank comparison with another, and a suited pair by comparing bytes:

>>> from baccarat.core.cards import Card
>>> code = card_code(Card.parse("Qh"))
>>> code & 15, card_from_code(code)
(0, Card.parse('Qh'))
>>> entry = int(coup_table()[9 * 1000 + 0 * 100])  # Player natural 9 against Banker 0
>>> Summary.from_index(entry >> 3), entry & 7
(Summary(player_total=9, banker_total=0, player_cards=2, banker_cards=2), 4)
"""

from __future__ import annotations

import functools
import hashlib
import inspect
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

from baccarat.core import coup as _coup_module
from baccarat.core import tableau as _tableau_module
from baccarat.core.cards import SUITS, Card, Rank, full_deck
from baccarat.core.coup import Chooser, deal_coup
from baccarat.core.errors import BaccaratError
from baccarat.core.summary import Summary
from baccarat.core.tableau import PUNTO_BANCO, Tableau

__all__ = [
    "TABLE_SIZE",
    "canonical_shoe",
    "card_code",
    "card_from_code",
    "codes_from_cards",
    "coup_table",
    "describe_entry",
    "private_cache_dir",
    "table_key",
]

TABLE_SIZE = 10_000
_SUIT_INDEX = {suit: i for i, suit in enumerate(SUITS)}


def card_code(card: Card) -> int:
    """The kernel's byte for a card: value in bits 0-3, rank among same-value ranks in 4-5, suit in 6-7.

    Two cards have the same rank exactly when their codes agree in the low six bits.
    """
    same_value_rank = int(card.rank) - int(Rank.TEN) if card.rank >= Rank.TEN else 0
    return card.value | same_value_rank << 4 | _SUIT_INDEX[card.suit] << 6


_CARD_BY_CODE = {card_code(card): card for card in full_deck()}


def card_from_code(code: int) -> Card:
    """The card a kernel byte stands for."""
    try:
        return _CARD_BY_CODE[int(code)]
    except KeyError:
        raise BaccaratError(f"{code!r} is not a card code") from None


def codes_from_cards(cards: Iterable[Card]) -> npt.NDArray[np.uint8]:
    """A shoe order as kernel bytes."""
    return np.array([card_code(card) for card in cards], dtype=np.uint8)


def canonical_shoe(decks: int) -> npt.NDArray[np.uint8]:
    """The unshuffled shoe every shuffle starts from: ``decks`` copies of :func:`full_deck`.

    Starting every shoe from the same order is what makes a shoe a function of its stream alone.
    """
    return codes_from_cards(full_deck() * decks)


def table_key(player_total: int, banker_total: int, fifth: int, sixth: int) -> int:
    """The table index for two-card totals and the values of the fifth and sixth cards."""
    return player_total * 1000 + banker_total * 100 + fifth * 10 + sixth


def _card_of_value(value: int) -> Card:
    return Card(Rank(value) if value else Rank.TEN, SUITS[0])


@functools.cache
def coup_table(
    tableau: Tableau = PUNTO_BANCO, choose: Chooser | None = None
) -> npt.NDArray[np.uint16]:
    """The 10 000-entry lookup table for a tableau, dealt case by case by the rules engine.

    ``choose`` is the fixed strategy for a tableau that leaves a hand a choice (Chemin de Fer).
    A case that draws fewer than six cards fills every entry that differs only in the cards it
    did not draw, so about 3 400 coups are dealt instead of 10 000. Without a strategy the table
    is also kept on disk, keyed by the tableau and the engine's source, which saves a command
    line run most of a tenth of a second.
    """
    if choose is not None:
        return _deal_table(tableau, choose)
    path = _cache_path(tableau)
    if path is not None:
        try:
            cached: npt.NDArray[np.uint16] = np.load(path)
            if cached.shape == (TABLE_SIZE,) and cached.dtype == np.uint16:
                cached.setflags(write=False)
                return cached
        except (OSError, ValueError, EOFError):
            pass
    table = _deal_table(tableau, None)
    if path is not None:
        try:
            partial = path.with_suffix(f".{id(table)}.npy")
            np.save(partial, table)
            partial.replace(path)
        except OSError:
            pass  # a read-only installation: the table is dealt again next time
    return table


def _cache_path(tableau: Tableau) -> Path | None:
    """Where the table of ``tableau`` is kept: a name that changes with the tableau's data and the
    engine's source (so an edited rule deals a new table)."""
    digest = hashlib.sha256()
    digest.update(repr(tableau).encode())
    for module in (_coup_module, _tableau_module):
        digest.update(inspect.getsource(module).encode())
    digest.update(inspect.getsource(_deal_table).encode())
    name = f"coup-table-{digest.hexdigest()[:20]}.npy"
    package_cache = Path(__file__).parent / "__pycache__"
    try:
        package_cache.mkdir(exist_ok=True)
        if _writable(package_cache):
            return package_cache / name
    except OSError:
        pass
    private = private_cache_dir()
    return None if private is None else private / name


def _writable(directory: Path) -> bool:
    try:
        with tempfile.NamedTemporaryFile(dir=directory):
            return True
    except OSError:
        return False


def private_cache_dir() -> Path | None:
    """A cache folder in the temporary directory that only this user can write (None if there is
    none): files read back from it (a coup table, the host build of the kernel) cannot have been
    planted by someone else."""
    directory = Path(tempfile.gettempdir()) / f"baccarat-sim-{os.getuid()}"
    try:
        directory.mkdir(mode=0o700, exist_ok=True)
        status = directory.stat()
    except OSError:
        return None
    if status.st_uid != os.getuid() or status.st_mode & 0o077:
        return None
    return directory


def _deal_table(tableau: Tableau, choose: Chooser | None) -> npt.NDArray[np.uint16]:
    table = np.full(TABLE_SIZE, 0xFFFF, dtype=np.uint16)
    for pt in range(10):
        for bt in range(10):
            for fifth in range(10):
                for sixth in range(10):
                    key = table_key(pt, bt, fifth, sixth)
                    if table[key] != 0xFFFF:
                        continue
                    cards = [_card_of_value(v) for v in (pt, bt, 0, 0, fifth, sixth)]
                    used = 0

                    def draw(cards: Sequence[Card] = cards) -> Card:
                        nonlocal used
                        used += 1
                        return cards[used - 1]

                    coup = deal_coup(draw, tableau, choose)
                    entry = coup.summary.index << 3 | used
                    # Cards past ``used`` were not drawn: every value there gives this coup.
                    fifths = range(10) if used == 4 else (fifth,)
                    sixths = range(10) if used <= 5 else (sixth,)
                    for f in fifths:
                        for s in sixths:
                            table[table_key(pt, bt, f, s)] = entry
    table.setflags(write=False)
    return table


def describe_entry(entry: int) -> tuple[Summary, int]:
    """A table entry as (summary, cards used)."""
    return Summary.from_index(entry >> 3), entry & 7
