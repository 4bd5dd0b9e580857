"""Baccarat Banque (à deux tableaux): one Banker hand against two Player hands.

- :mod:`~baccarat.chemin.banque.deal`: a coup dealt and recorded, its steps explained; pure like
  :mod:`baccarat.core` (standard library and the core only, no I/O: ``tests/core/test_purity.py``
  checks it);
- :mod:`~baccarat.chemin.banque.solve`: the hands' strategies, the Banker's exact best reply and
  edge on the infinite deck, bets on either hand, and simulation with the dealing engine.

>>> from baccarat.chemin.banque.deal import Seat
>>> [seat.title for seat in Seat]
['Right', 'Left']
"""
