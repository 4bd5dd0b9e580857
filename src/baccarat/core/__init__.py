"""The pure domain core: cards, the tableau, the shoe and the coup.

This package imports only the standard library and does no I/O; every other layer of ``baccarat``
(odds, simulator, roads, web, CLI) is built on it.
"""
