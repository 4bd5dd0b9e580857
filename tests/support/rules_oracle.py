"""The Punto Banco rules stated once more, plainly and independently of the engine's data.

The tests compare the engine with this statement; it deliberately shares no code with
``baccarat.core``.
"""

from __future__ import annotations


def banker_draws_by_the_book(total: int, third: int | None) -> bool:
    """The Banker rule as the seed pages state it: ``third`` is the Player's third card or None."""
    if third is None:
        return total <= 5
    if total <= 2:
        return True
    if total == 3:
        return third != 8
    if total == 4:
        return 2 <= third <= 7
    if total == 5:
        return 4 <= third <= 7
    if total == 6:
        return third in (6, 7)
    return False


def play_by_the_book(values: list[int]) -> tuple[list[int], list[int]]:
    """Deal from card values in shoe order; return (player values, banker values)."""
    player, banker = [values[0], values[2]], [values[1], values[3]]
    rest = iter(values[4:])
    p2, b2 = sum(player) % 10, sum(banker) % 10
    if p2 >= 8 or b2 >= 8:
        return player, banker
    third = None
    if p2 <= 5:
        third = next(rest)
        player.append(third)
    if banker_draws_by_the_book(b2, third):
        banker.append(next(rest))
    return player, banker
