"""``baccarat count`` with ranges: a sweep of thresholds × bet ramps × cut cards on shared shoes.

:func:`run_count_sweep` is what ``count`` runs once ``--threshold`` holds several counts or
``--penetration`` or ``--ramp`` is given: one run over the same shoes for every grid point
(:mod:`baccarat.lab.sweep`), a table of each point's bets, advantage and units per shoe with
their intervals, ``--json`` (``baccarat.count.sweep/1``), the table formats, ``--plot``, a
progress bar, and on Ctrl-C the table of the shoes dealt so far (exit 130, one line on
standard error).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING

from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.numbers import Numbers, numbers_for
from baccarat.cli.options import OutputFormat
from baccarat.cli.output import show
from baccarat.i18n.words import bet_title, rule_set_title
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.core.rules import RuleSet
    from baccarat.i18n.catalogs import Translator
    from baccarat.lab.strategy import CountStrategy
    from baccarat.lab.sweep import SweepPoint, SweepRun

__all__ = ["run_count_sweep", "sweep_blocks"]


def _interval(n: Numbers, low: float | None, high: float | None, places: int, percent: bool) -> str:
    if low is None or high is None:
        return ""
    if percent:
        return f"{n.percent(low, places)} … {n.percent(high, places)}"
    return f"{n.decimal(low, places, sign=True)} … {n.decimal(high, places, sign=True)}"


def sweep_blocks(
    run: SweepRun, points: list[SweepPoint], rule_set: RuleSet, t: Translator
) -> list[Block]:
    """The sweep at ``rule_set``'s table as paragraphs and a table in the reader's language."""
    from baccarat.lab.ranges import ramp_text

    n = numbers_for(t.language)
    plan = run.plan
    s = plan.strategy
    shoes = t.ngettext("{count} shoe", "{count} shoes", run.tally.shoes).format(
        count=n.integer(run.tally.shoes)
    )
    head = t.gettext(
        "{strategy}: {points} grid points on the same {shoes} (rules {rules}, bet {bet}, "
        "{decks} decks, seed {seed}): dealt in {seconds} s on {workers} {backend} workers"
    ).format(
        strategy=s.name,
        points=n.integer(len(points)),
        shoes=shoes,
        rules=rule_set_title(rule_set, t),
        bet=bet_title(plan.base.target, t),
        decks=s.decks,
        seed=plan.base.seed,
        seconds=n.decimal(run.seconds, 2),
        workers=run.workers,
        backend=run.backend.upper(),
    )
    kind = (
        t.gettext("true count (running count per deck unseen, rounded down)")
        if s.true_count
        else t.gettext("running count")
    )
    how = t.gettext(
        "Tags {tags}, start {start}, on the {kind}. A ramp such as 1-2-4 stakes 1 unit at the "
        "threshold, 2 one count above it and 4 from two counts above."
    ).format(tags=s.tags_text(), start=s.start, kind=kind)
    blocks: list[Block] = [Paragraph(head), Paragraph(how)]
    if run.interrupted:
        blocks.append(
            Paragraph(
                t.gettext("Interrupted: the figures are for the shoes dealt so far."), "yellow"
            )
        )
    table = Table(
        "sweep",
        t.gettext("Every grid point"),
        [
            Column("threshold", t.gettext("From")),
            Column("ramp", t.gettext("Ramp"), Align.LEFT),
            Column("cut_card", t.gettext("Cut card")),
            Column("penetration", t.gettext("Penetration")),
            Column("bets_per_shoe", t.gettext("Bets per shoe")),
            Column("staked_per_shoe", t.gettext("Staked per shoe")),
            Column("advantage", t.gettext("Advantage")),
            Column("advantage_ci95", t.gettext("Interval (95 %)")),
            Column("units_per_shoe", t.gettext("Units per shoe")),
            Column("units_ci95", t.gettext("Interval (95 %)")),
        ],
    )
    for p in points:
        table.add(
            Cell(str(p.threshold), p.threshold),
            Cell(ramp_text(p.ramp)),
            Cell(n.integer(p.cut_card), p.cut_card),
            Cell(n.percent(p.penetration, 1), p.penetration),
            Cell(n.decimal(p.bets_per_shoe, 3), p.bets_per_shoe),
            Cell(n.decimal(p.staked_per_shoe, 3), p.staked_per_shoe),
            Cell("" if p.advantage is None else n.percent(p.advantage, 2), p.advantage),
            Cell(
                _interval(n, p.advantage_low, p.advantage_high, 2, True),
                "" if p.advantage_low is None else f"{p.advantage_low} {p.advantage_high}",
            ),
            Cell(n.decimal(p.units_per_shoe, 4, sign=True), p.units_per_shoe),
            Cell(
                _interval(n, p.units_low, p.units_high, 3, False),
                f"{p.units_low} {p.units_high}",
            ),
        )
    table.notes.append(
        t.gettext(
            "Advantage: units won per unit staked. Every point is priced on the same shoes, so "
            "the differences between points are paired, not noise; the best of many points is "
            "still biased upward: confirm it on fresh seeds."
        )
    )
    blocks.append(table)
    return blocks


def run_count_sweep(
    chosen: CountStrategy,
    rule_set: RuleSet,
    *,
    thresholds: tuple[int, ...],
    ramps: tuple[tuple[int, ...], ...],
    cut_cards: tuple[int, ...],
    shoes: int,
    seed: int | None,
    workers: int | None,
    threads: int | None,
    dask: str | None,
    plot: Path | None,
    chosen_format: OutputFormat,
    t: Translator,
) -> None:
    """Run the sweep and show it (see the module); exit 130 after the table when interrupted."""
    from baccarat.lab.sweep import run_sweep, sweep_plan, sweep_points, sweep_range, sweep_record

    plan = sweep_plan(
        chosen, rule_set, thresholds=thresholds, ramps=ramps, cut_cards=cut_cards, seed=seed
    )
    from baccarat.cli.dealshoes import deal_shoes

    run = deal_shoes(
        sweep_range, run_sweep, plan, shoes, dask=dask, workers=workers, threads=threads, t=t
    )
    points = sweep_points(run)
    if plot is not None:
        from baccarat.lab.plots import plot_sweep

        plot_sweep(run, points, plot, t)
    show(
        chosen_format,
        lambda: sweep_blocks(run, points, rule_set, t),
        lambda: (RecordType.COUNT_SWEEP, sweep_record(run, points)),
    )
    if run.interrupted:
        stopped = t.gettext("interrupted after {shoes} shoes").format(
            shoes=numbers_for(t.language).integer(run.tally.shoes)
        )
        sys.stderr.write(f"baccarat: {stopped}\n")
        raise SystemExit(130)
