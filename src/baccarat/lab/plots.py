"""The lab's pictures (matplotlib, the ``lab`` extra): what a study shows better than a table.

* :func:`plot_study`: a count's edge at each count, with how often each count comes up, and the
  distribution of units won per shoe.
* :func:`plot_systems`: a betting system's bankroll fan (quantiles over the sessions, coup by
  coup) and the distribution of session results.
* :func:`plot_sweep`: a counting sweep's units per shoe and advantage by threshold, a line with
  its 95 % intervals for each bet ramp and cut card.
* :func:`plot_removal`: the effect of removing one card of each rank on each bet's edge.

Each writes a ``.png`` or ``.svg`` file; without matplotlib the command says in one line what to
install (:func:`baccarat.extras.require`) before any work starts (:func:`check_plot_path`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from baccarat.extras import require
from baccarat.i18n.language import SOURCE, Language
from baccarat.i18n.markers import N_
from baccarat.i18n.words import bet_title
from baccarat.lab.strategy import LabError

if TYPE_CHECKING:
    from baccarat.core.rules import RuleSet
    from baccarat.lab.report import StudyReport
    from baccarat.lab.sweep import SweepPoint, SweepRun
    from baccarat.lab.systems import SystemsReport

__all__ = ["check_plot_path", "plot_removal", "plot_study", "plot_sweep", "plot_systems"]

SUFFIXES = (".png", ".svg")

# Each takes the reader's ``language`` (a command's translator; English by default): its labels
# are translated with it, and a bet is named by its title in it (bet_title), as a header names it.


def check_plot_path(path: Path) -> None:
    """Refuse, before any work, a picture that cannot be written: a missing matplotlib, a name
    that is not ``.png`` or ``.svg``, a folder, a folder that is not there."""
    if path.suffix.lower() not in SUFFIXES or path.is_dir() or not path.parent.is_dir():
        raise LabError("lab_plot_path", path=str(path))
    require("lab", "--plot")


def _pyplot() -> Any:
    import matplotlib

    matplotlib.use("Agg")  # files only: no display is needed or wanted
    import matplotlib.pyplot as plt

    return plt


def _save(figure: Any, path: Path) -> None:
    figure.tight_layout()
    # A fixed date in the SVG's metadata, so the same study draws the same file.
    metadata = {"Date": None} if path.suffix.lower() == ".svg" else {}
    figure.savefig(path, metadata=metadata, dpi=120)
    _pyplot().close(figure)


def plot_study(report: StudyReport, path: Path, language: Language = SOURCE) -> None:
    """Edge by count with the frequency of each count, beside the units won per shoe."""
    text = language.gettext
    plt = _pyplot()
    plan = report.run.plan
    rows = [r for r in report.rows if r.coups and r.frequency >= 1e-4]
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    levels = [r.level for r in rows]
    left.bar(levels, [r.frequency * 100 for r in rows], color="#cfd8dc")
    left.set_xlabel(text(N_("exact edge (%)")) if plan.perfect else text(N_("count")))
    left.set_ylabel(text(N_("coups at this count (%)")))
    edge = left.twinx()
    edge.errorbar(
        levels,
        [(r.edge or 0.0) * 100 for r in rows],
        yerr=[1.96 * (r.se or 0.0) * 100 for r in rows],
        fmt="o-",
        color="#c62828",
        markersize=3,
    )
    edge.axhline(0, color="#555555", linewidth=0.8)
    edge_label = text(N_("{bet}: edge at this count (%)"))
    edge.set_ylabel(edge_label.format(bet=bet_title(plan.target, language)))
    left.set_title(text(N_("{strategy}: edge by count")).format(strategy=plan.strategy.name))
    units = report.histogram()
    right.bar([u for u, _ in units], [c for _, c in units], width=1.0, color="#1565c0")
    main = report.triggers[0]
    mean = text(N_("mean {units}")).format(units=f"{main.units_per_shoe:+.3f}")
    right.axvline(main.units_per_shoe, color="#c62828", label=mean)
    right.set_xlabel(text(N_("units won in a shoe")))
    right.set_ylabel(text(N_("shoes")))
    right.set_yscale("log")
    right.legend()
    right.set_title(text(N_("{shoes} shoes")).format(shoes=report.run.tally.shoes))
    _save(figure, path)


def plot_sweep(
    run: SweepRun, points: Sequence[SweepPoint], path: Path, language: Language = SOURCE
) -> None:
    """Units per shoe and the advantage by threshold: a line for each ramp and cut card, with
    its 95 % intervals (the points share their shoes, so the lines' differences are paired)."""
    from baccarat.lab.ranges import ramp_text

    text = language.gettext
    plt = _pyplot()
    figure, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    lines: dict[tuple[tuple[int, ...], int], list[SweepPoint]] = {}
    for p in points:
        lines.setdefault((p.ramp, p.cut_card), []).append(p)
    for (ramp, cut_card), line in lines.items():
        label = text(N_("ramp {ramp}, cut card {cut_card}")).format(
            ramp=ramp_text(ramp), cut_card=cut_card
        )
        xs = [p.threshold for p in line]
        units = [p.units_per_shoe for p in line]
        left.errorbar(
            xs, units, yerr=[[u - p.units_low for u, p in zip(units, line, strict=True)],
                             [p.units_high - u for u, p in zip(units, line, strict=True)]],
            fmt="o-", markersize=3, capsize=2, label=label,
        )  # fmt: skip
        shown = [p for p in line if p.advantage is not None]
        right.errorbar(
            [p.threshold for p in shown],
            [(p.advantage or 0.0) * 100 for p in shown],
            yerr=[
                [((p.advantage or 0.0) - (p.advantage_low or 0.0)) * 100 for p in shown],
                [((p.advantage_high or 0.0) - (p.advantage or 0.0)) * 100 for p in shown],
            ],
            fmt="o-", markersize=3, capsize=2, label=label,
        )  # fmt: skip
    from matplotlib.ticker import MaxNLocator

    for axis in (left, right):
        axis.axhline(0, color="#555555", linewidth=0.8)
        axis.xaxis.set_major_locator(MaxNLocator(integer=True))
        axis.set_xlabel(text(N_("threshold")))
    left.set_ylabel(text(N_("units won per shoe")))
    right.set_ylabel(text(N_("advantage: units won per unit staked (%)")))
    plan = run.plan
    left.set_title(
        text(N_("{strategy}: {bet} over {shoes} shoes")).format(
            strategy=plan.strategy.name,
            bet=bet_title(plan.base.target, language),
            shoes=run.tally.shoes,
        )
    )
    right.set_title(text(N_("advantage by threshold")))
    left.legend(fontsize="small")
    _save(figure, path)


def plot_systems(report: SystemsReport, path: Path, language: Language = SOURCE) -> None:
    """The bankroll fan of each system (5 %, 25 %, 50 %, 75 %, 95 % of sessions, coup by coup)."""
    text = language.gettext
    plt = _pyplot()
    results = report.results
    columns = min(4, len(results))
    rows = -(-len(results) // columns)
    figure, axes = plt.subplots(
        rows, columns, figsize=(3.6 * columns, 3.0 * rows), squeeze=False, sharex=True
    )
    for axis in axes.flat[len(results) :]:
        axis.set_visible(False)
    for axis, result in zip(axes.flat, results, strict=False):
        fan = result.fan
        xs = list(range(len(fan)))
        for (lo, hi), shade in (((0, 4), "#bbdefb"), ((1, 3), "#64b5f6")):
            axis.fill_between(xs, [q[lo] for q in fan], [q[hi] for q in fan], color=shade)
        axis.plot(xs, [q[2] for q in fan], color="#0d47a1")
        axis.axhline(report.bankroll, color="#555555", linewidth=0.8)
        ruin = text(N_("{system}: ruined {share}")).format(
            system=result.system, share=f"{result.ruin:.1%}"
        )
        axis.set_title(ruin, fontsize="medium")
    for axis in axes[-1]:
        axis.set_xlabel(text(N_("coup")))
    for row in axes:
        row[0].set_ylabel(text(N_("bankroll (units)")))
    _save(figure, path)


def plot_removal(
    rule_set: RuleSet,
    effects: Mapping[str, Sequence[float]],
    ranks: Sequence[str],
    path: Path,
    language: Language = SOURCE,
) -> None:
    """Effects of removal: one group of bars per rank, one bar per bet of ``rule_set`` (edge
    change, %), ``effects`` keyed by the bet's id."""
    text = language.gettext
    plt = _pyplot()
    figure, axis = plt.subplots(figsize=(10, 4))
    width = 0.8 / max(len(effects), 1)
    for i, (bet, values) in enumerate(effects.items()):
        axis.bar(
            [r + i * width for r in range(len(ranks))],
            [v * 100 for v in values],
            width=width,
            label=bet_title(rule_set.bet(bet), language),
        )
    axis.set_xticks([r + 0.4 - width / 2 for r in range(len(ranks))], list(ranks))
    axis.axhline(0, color="#555555", linewidth=0.8)
    axis.set_ylabel(text(N_("change in edge per card removed (%)")))
    axis.legend(fontsize="small")
    _save(figure, path)
