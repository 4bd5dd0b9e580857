"""The analysts' API: the lab's studies, ``odds``, ``par-sheet`` and ``simulate`` results as pandas
DataFrames (the ``lab`` extra), one row per thing a table shows.

:func:`to_frame` takes any of them; :class:`~baccarat.lab.report.StudyReport` and
:class:`~baccarat.lab.systems.SystemsReport` also have a ``.to_frame()`` of their own. Without
pandas the call says in one line what to install.

>>> from baccarat.odds import Composition, odds_report
>>> from baccarat.core.rules import get_rule_set
>>> frame = to_frame(odds_report(Composition.decks(8), get_rule_set("punto-banco")))
>>> list(frame.index[:3]), round(float(frame.loc["banker", "house_edge"]), 6)
(['player', 'banker', 'tie'], 0.010579)
"""

from __future__ import annotations

from typing import Any

from baccarat.extras import require

__all__ = ["to_frame"]


def _pandas() -> Any:
    require("lab", "to_frame()")
    import pandas  # type: ignore[import-untyped]  # pandas-stubs is not a dependency

    return pandas


def to_frame(result: object) -> Any:
    """``result`` as a :class:`pandas.DataFrame`:

    * a count study (:class:`~baccarat.lab.report.StudyReport`): one row per count met, indexed
      by the count (coups, frequency, edge, its standard error, units, units per shoe);
    * betting systems (:class:`~baccarat.lab.systems.SystemsReport`): one row per system;
    * ``odds`` (:class:`~baccarat.odds.report.OddsReport`): one row per bet (its figures);
    * a PAR sheet (:class:`~baccarat.odds.par.ParSheet`): one row per pay-table line, indexed
      by bet and row;
    * ``simulate`` (:class:`~baccarat.sim.report.SimulationReport`): one row per frequency,
      outcome and bet (observed, interval or standard error, exact, z).
    """
    from baccarat.odds.par import ParSheet
    from baccarat.odds.report import OddsReport
    from baccarat.sim.report import SimulationReport

    pd = _pandas()
    # The lab's own reports hand over their rows (no import of them here: they import this).
    rows_of = getattr(result, "frame_rows", None)
    if rows_of is not None:
        rows, index = rows_of()
        return pd.DataFrame(rows).set_index(index)
    if isinstance(result, OddsReport):
        return pd.DataFrame(
            [{"bet": name, **stats.as_dict()} for name, stats in result.bets.items()]
        ).set_index("bet")
    if isinstance(result, ParSheet):
        return pd.DataFrame(
            [
                {
                    "bet": bet.name,
                    "outcome": row.outcome,
                    "pays": float(row.pays),
                    "combinations": row.combinations,
                    "probability": float(row.probability),
                    "return": float(row.return_),
                    "variance": float(row.variance),
                }
                for bet in result.bets
                for row in bet.rows
            ]
        ).set_index(["bet", "outcome"])
    if isinstance(result, SimulationReport):
        lines: list[dict[str, Any]] = [
            {"kind": kind, "key": key, "observed": e.observed, "low": e.low, "high": e.high,
             "exact": e.exact, "z": e.z}
            for kind, table in (("outcome", result.outcomes), ("frequency", result.frequencies))
            for key, e in table.items()
        ]  # fmt: skip
        lines += [
            {"kind": "bet", "key": name, "observed": b.net_per_unit, "se": b.se,
             "exact": b.exact_ev, "z": b.z}
            for name, b in result.bets.items()
        ]  # fmt: skip
        return pd.DataFrame(lines).set_index(["kind", "key"])
    raise TypeError(
        f"to_frame() takes a study, systems, odds, PAR sheet or simulation report, got {type(result).__name__}"
    )
