"""The worked sequences drawn in the golden files (their marks are checked by hand in
test_model.py)."""

from __future__ import annotations

WORKED = {
    "straight_drop": "B P P P P",
    "tie_then_change": "B B T P T B T B P P",
    "leading_ties": "T T+bp B+pp P",
    "leading_ties_only": "T T+pp",
    "dragon_tail": "B " * 9 + "P " * 8 + "B P B B",
    "derived_starts": "B B P P B B P P",
    "issue_example": "B B P P P B P B B B T B P P T T B P",
    "pairs_and_naturals": "B+bp+n P+pp T+bp+pp+n B+n P P+bp T T T",
}
