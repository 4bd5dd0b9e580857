"""The simulator's tunables: plain numbers, importable without numpy or numba.

>>> KERNEL_MAX_DECKS
64
"""

KERNEL_MAX_DECKS = 64
"""The largest shoe the kernels deal (3 328 cards; a shoe's card positions must fit 16 bits)."""
