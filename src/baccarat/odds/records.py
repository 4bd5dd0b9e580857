"""The JSON forms of the exact analysis: ``baccarat odds`` and ``baccarat par-sheet`` share one.

Both key the bets by id, and give every figure twice: as a float beside its name, for reading
and plotting, and as the exact fraction under ``exact`` (``"num/den"``), for checking; the
standard deviation, a square root, is a float only. A PAR sheet is the odds record of its shoe
and rule set, with each bet's pay-table rows and the counts of the coup outcomes added.

>>> from baccarat.core.rules import get_rule_set
>>> from baccarat.odds.composition import Composition
>>> from baccarat.odds.report import odds_report
>>> record = odds_record(odds_report(Composition.decks(8), get_rule_set("punto-banco")))
>>> banker = record["bets"]["banker"]
>>> round(banker["house_edge"], 6), banker["exact"]["house_edge"], banker["title"]
(0.010579, '114753351728/10847218479825', 'Banker')
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from baccarat.core.bets import pays_text
from baccarat.core.summary import Winner

if TYPE_CHECKING:
    from baccarat.odds.par import ParSheet
    from baccarat.odds.report import OddsReport
    from baccarat.odds.stats import ExactBetStats

__all__ = ["bet_record", "odds_record", "par_sheet_record"]

_FIGURES = (
    "win",
    "push",
    "lose",
    "ev",
    "house_edge",
    "house_edge_excluding_pushes",
    "variance",
    "hit_frequency",
)
_OUTCOMES = (Winner.BANKER.value, Winner.PLAYER.value, Winner.TIE.value)


def _text(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _both(figures: Mapping[str, Fraction]) -> dict[str, Any]:
    """The figures as floats, then ``exact``: the same as fractions."""
    return {
        **{key: float(value) for key, value in figures.items()},
        "exact": {key: _text(value) for key, value in figures.items()},
    }


def bet_record(title: str, stats: ExactBetStats) -> dict[str, Any]:
    """One bet's figures per unit staked: floats, ``sd``, and ``exact`` fractions."""
    floats: dict[str, Any] = {"title": title}
    exact: dict[str, str | None] = {}
    for key in _FIGURES:
        value: Fraction | None = getattr(stats, key)
        floats[key] = None if value is None else float(value)
        exact[key] = None if value is None else _text(value)
    floats["sd"] = stats.sd
    floats["exact"] = exact
    return floats


def odds_record(report: OddsReport) -> dict[str, Any]:
    """``baccarat odds --json``: outcomes, frequencies and every bet, floats and fractions; the
    combinations of every outcome (the coup's and each bet's) and the outcomes excluding ties;
    and, for odds given what is known, what was given."""
    from baccarat.odds.stats import exact_bet_stats

    outcomes = report.exact_outcomes()
    both_outcomes = _both({key: outcomes[key] for key in _OUTCOMES})
    both_frequencies = _both(report.exact_frequencies())
    composition = report.composition
    return {
        "rules": report.rule_set,
        "composition": str(composition),
        "cards": composition.size if not composition.infinite else None,
        "total": report.distribution.total,
        "outcomes": {k: v for k, v in both_outcomes.items() if k != "exact"},
        "frequencies": {k: v for k, v in both_frequencies.items() if k != "exact"},
        "exact": {"outcomes": both_outcomes["exact"], "frequencies": both_frequencies["exact"]},
        "combinations": report.combinations(),
        "outcomes_excluding_ties": _both(report.exact_outcomes_excluding_ties()),
        "bets": {
            bet.name: {
                **bet_record(bet.title, exact_bet_stats(bet, report.distribution)),
                "combinations": report.bet_combinations(bet),
            }
            for bet in report.offered
        },
        **({"given": dict(report.given)} if report.given is not None else {}),
    }


def par_sheet_record(sheet: ParSheet) -> dict[str, Any]:
    """``baccarat par-sheet --json``: the odds record of the sheet, each bet with its rows."""
    composition = sheet.composition
    outcomes = _both(dict(zip(_OUTCOMES, (p for _, _, p in sheet.outcomes), strict=True)))
    frequencies = _both(dict(sheet.frequencies))
    bets: dict[str, Any] = {}
    for section in sheet.bets:
        entry = bet_record(section.title, section.stats)
        entry["rows"] = [
            {
                "outcome": row.outcome,
                "pays": pays_text(row.pays),
                "combinations": row.combinations,
                **_both(
                    {
                        "probability": row.probability,
                        "return": row.return_,
                        "variance": row.variance,
                    }
                ),
            }
            for row in section.rows
        ]
        bets[section.name] = entry
    return {
        "rules": sheet.rule_set,
        "title": sheet.title,
        "shoe": composition.describe(),
        "composition": str(composition),
        "cards": composition.size if not composition.infinite else None,
        "total": sheet.total,
        "outcomes": {k: v for k, v in outcomes.items() if k != "exact"},
        "frequencies": {k: v for k, v in frequencies.items() if k != "exact"},
        "exact": {"outcomes": outcomes["exact"], "frequencies": frequencies["exact"]},
        "combinations": dict(zip(_OUTCOMES, (c for _, c, _ in sheet.outcomes), strict=True)),
        "bets": bets,
    }
