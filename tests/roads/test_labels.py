"""Labels: the renderers' letters and words as data."""

from __future__ import annotations

import pytest

from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.roads.derived import Colour, DerivedRoad
from baccarat.roads.labels import ENGLISH, RoadLabels
from baccarat.roads.result import RoadError


def test_english_defaults() -> None:
    assert [ENGLISH.letter(w) for w in (Winner.BANKER, Winner.PLAYER, Winner.TIE)] == [
        "B",
        "P",
        "T",
    ]
    assert [ENGLISH.road_name(r) for r in DerivedRoad] == [r.title for r in DerivedRoad]
    assert ENGLISH.colour_name(None) == "no mark"
    # Blue is "C" (the Big Road changes: choppy), never "B", which marks Banker on the roads
    # right above; red is "R" (it repeats: orderly).
    assert ENGLISH.colour_letter(Colour.BLUE) == "C"
    assert ENGLISH.colour_letter(Colour.RED) == "R"
    assert ENGLISH.side_wins(Side.PLAYER) == "Player wins"
    assert ENGLISH.result_name(Winner.TIE) == "Tie"


@pytest.mark.parametrize("bad", ["", "  ", "B\n", 3])
def test_labels_must_be_printable_text(bad: object) -> None:
    with pytest.raises(RoadError, match="banker"):
        RoadLabels(banker=bad)  # type: ignore[arg-type]


def test_derived_letters_never_reuse_an_outcome_letter() -> None:
    outcomes = {ENGLISH.letter(w) for w in Winner}
    colours = {ENGLISH.colour_letter(c) for c in Colour}
    assert len(colours) == 2 and not outcomes & colours
