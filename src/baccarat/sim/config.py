"""The simulator's tunables: plain numbers, importable without numpy or numba.

The numba kernels read these as globals, which numba freezes into the machine code when it
compiles them; this file is one of the kernels' sources (:mod:`baccarat.odds.jitcache`), so a
changed number compiles them again.

>>> KERNEL_MAX_DECKS, LANES, INFINITE_UNIT, BATCH_BOUND == 2**27
(64, 4, 1024, True)
"""

KERNEL_MAX_DECKS = 64
"""The largest shoe the kernels deal (3 328 cards; a shoe's card positions must fit 16 bits)."""

LANES = 4
"""Shoes dealt round-robin by the fast path, so that one shoe's look-ups overlap another's."""

INFINITE_UNIT = 1024
"""Coups dealt from one stream in infinite mode."""

BATCH_BOUND = 1 << 27
"""The most the bounds of one shuffle batch may multiply to: fewer than 1 word in 32 is then
rejected (:func:`baccarat.sim.dealing.batch_size`)."""

PILOT_SHOES = 32
"""Shoes dealt first, one by one, to measure the coups per shoe."""

SHORTFALL = 0.01
"""How far short of N the bulk phase aims, so that it almost never overshoots."""

SEQUENTIAL_COUPS = 200_000
"""Below this many coups a run (or its rest) is dealt here, shoe after shoe."""

IN_FLIGHT_PER_WORKER = 4
"""Chunks submitted ahead per worker."""

CHUNKS_PER_WORKER = 32
"""Chunks per worker in a bulk phase: small enough that a worker slowed by other work on the
machine leaves little for the others to wait on, large enough (milliseconds) to cost nothing."""

THREAD_CHUNK_SHOES = 65_536
"""The most shoes one chunk may hold on threads."""

DASK_CHUNK_SHOES = 1 << 20
"""The shoes of one Dask task before the workers have been timed."""

GPU_CHUNK_SHOES = 1 << 22
"""The most shoes one GPU launch deals."""
