"""Every result an analyst reads from Python, as a pandas DataFrame with the figures it prints."""

from __future__ import annotations

import pytest

from baccarat.core.rules import get_rule_set
from baccarat.lab.frames import to_frame
from baccarat.lab.report import study_report
from baccarat.lab.strategy import BUILT_IN
from baccarat.lab.study import count_plan, run_study
from baccarat.lab.systems import run_systems
from baccarat.odds import Composition, par_sheet
from baccarat.sim import SimulationSpec, simulate
from baccarat.sim.report import simulation_report


def test_a_study_is_a_frame_by_count() -> None:
    report = study_report(
        run_study(count_plan(BUILT_IN["how-dragon-7"], get_rule_set("ez"), seed=1), 100, workers=1)
    )
    frame = report.to_frame()
    assert int(frame["coups"].sum()) == report.run.tally.coups
    assert frame.index.name == "count" and {"edge", "se", "units_per_shoe"} <= set(frame.columns)


def test_systems_par_sheets_and_simulations_are_frames() -> None:
    systems = run_systems(("flat", "martingale"), get_rule_set("punto-banco"), sessions=20, seed=1)
    assert list(systems.to_frame().index) == ["flat", "martingale"]
    sheet = to_frame(par_sheet(get_rule_set("ez"), Composition.decks(8)))
    assert ("dragon_7", "otherwise") in sheet.index
    assert abs(sheet.loc["dragon_7"]["return"].sum() + 0.076110) < 1e-5
    result = simulate(SimulationSpec(coups=5000, seed=1), workers=1)
    frame = to_frame(simulation_report(result, get_rule_set("punto-banco")))
    assert ("bet", "banker") in frame.index and ("outcome", "tie") in frame.index


def test_anything_else_is_refused() -> None:
    with pytest.raises(TypeError, match="to_frame"):
        to_frame(42)
