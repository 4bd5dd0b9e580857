"""``baccarat count``: a card-counting strategy (or computer-perfect play) over many shoes.

numba, numpy and the lab are imported inside the command, so the rest of the CLI starts fast.
"""

from __future__ import annotations

from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.kernelcache import prepare_kernels
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import EnumChoice, Whole
from baccarat.cli.numbers import Numbers, numbers_for
from baccarat.cli.options import (
    DASK_WORKERS_HELP,
    BurnOption,
    CutCardOption,
    DaskOption,
    DecksOption,
    FormatOption,
    JsonOption,
    LangOption,
    OneMoreCoupOption,
    OutputFormat,
    OutputOption,
    RulesFileOption,
    bet_option,
    load_rule_set,
    output_format,
    plot_option,
    rules_option,
    seed_option,
    threads_and_workers,
    threads_option,
    workers_option,
)
from baccarat.cli.output import show
from baccarat.i18n.words import bet_title, rule_set_title
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.core.errors import BaccaratError
    from baccarat.core.rules import RuleSet
    from baccarat.i18n.catalogs import Translator
    from baccarat.lab.report import StudyReport
    from baccarat.lab.strategy import CountStrategy

__all__ = ["count_command", "register", "strategy_from_options"]

MAX_SHOES = 10**10
"""Shoes one study may deal (hours on a fast machine)."""
SHOWN_FREQUENCY = 1e-3
"""The by-count table shows the counts met at least this often (JSON has them all)."""


class CutRule(StrEnum):
    """``--cut-rule``: the lab's :data:`~baccarat.lab.strategy.CUT_RULES`."""

    DRAWN = "drawn"
    REACHED = "reached"


def _unknown_cut_rule(text: str) -> BaccaratError:
    from baccarat.lab.strategy import LabError

    return LabError("lab_cut_rule", rule=text)


def strategy_from_options(
    strategy: str | None,
    tags: str | None,
    start: int | None,
    counted: bool | None,
    threshold: int | None,
    spread: str | None,
    bet: str | None,
    rules: str | None,
    decks: int | None,
    cut_card: int | None,
    main_bet: str | None,
    perfect: bool,
    burn: bool | None = None,
    one_more_coup: bool | None = None,
    cut_rule: str | None = None,
) -> CountStrategy:
    """The strategy the options describe: a built-in one with options over its defaults, or one
    written with ``--tags`` (or, for ``--perfect`` alone, the computer's)."""
    from baccarat.lab.strategy import BUILT_IN, CountStrategy, LabError, parse_spread, parse_tags

    if strategy is not None and tags is not None:
        raise CliError("not_both", first="--strategy", second="--tags")
    if strategy is not None:
        chosen = BUILT_IN.get(strategy)
        if chosen is None:
            raise LabError("lab_unknown_strategy", name=strategy, names=", ".join(BUILT_IN))
    elif tags is not None:
        chosen = CountStrategy("tags", parse_tags(tags), tags_shown=len(tags.split(",")))
        if start is None and not chosen.balanced:
            chosen = chosen.with_options(true_count=False)
    elif perfect:
        chosen = CountStrategy("perfect", (0,) * 13)
    else:
        raise LabError("lab_no_strategy", names=", ".join(BUILT_IN))
    changes: dict[str, object] = {}
    for key, value in (
        ("start", start),
        ("true_count", counted),
        ("threshold", threshold),
        ("bet", bet),
        ("rules", rules),
        ("decks", decks),
        ("cut_card", cut_card),
        ("burn", burn),
        ("one_more_coup", one_more_coup),
        ("cut_rule", None if cut_rule is None else str(cut_rule)),
        ("main_bet", main_bet),
    ):
        if value is not None:
            changes[key] = value
    if spread is not None:
        changes["spread"] = parse_spread(spread)
    return chosen.with_options(**changes) if changes else chosen


def check_sweep_options(
    perfect: bool, spread: str | None, threshold_scan: bool, main_bet: str | None
) -> None:
    """Refuse what a sweep (several thresholds, --penetration or --ramp) cannot price."""
    for given, option in (
        (perfect, "--perfect"),
        (spread is not None, "--spread"),
        (threshold_scan, "--threshold-scan"),
        (main_bet is not None, "--main-bet"),
    ):
        if given:
            raise CliError(
                "not_both", first=option, second="--threshold FROM..TO / --penetration / --ramp"
            )


def procedure_text(s: CountStrategy, t: Translator) -> str:
    """The shoe procedure, said when it is not the simulator's (burn, the cut card out when a
    coup draws a card behind it, then one more coup)."""
    return " ".join(
        (
            t.gettext("The shoe burns cards first.")
            if s.burn
            else t.gettext("The shoe burns no card."),
            t.gettext(
                "The cut card comes out in the coup that leaves {cut_card} cards or fewer."
            ).format(cut_card=s.cut_card)
            if s.cut_rule == "reached"
            else t.gettext("The cut card comes out in the coup that draws a card behind it."),
            t.gettext("One more coup follows the coup in which the cut card comes out.")
            if s.one_more_coup
            else t.gettext("The shoe ends with the coup in which the cut card comes out."),
        )
    )


def _percent(n: Numbers, value: float | None, places: int = 3) -> str:
    return "" if value is None else n.percent(value, places)


def report_blocks(report: StudyReport, rule_set: RuleSet, t: Translator) -> list[Block]:
    """The study of a strategy at ``rule_set``'s table as paragraphs and tables in the reader's
    language."""
    n = numbers_for(t.language)
    run = report.run
    plan = run.plan
    s = plan.strategy
    main = report.triggers[0]
    shoes = t.ngettext("{count} shoe", "{count} shoes", run.tally.shoes).format(
        count=n.integer(run.tally.shoes)
    )
    seconds = max(run.seconds, 1e-9)
    if plan.perfect:
        pace = t.gettext("{speed} shoes a minute").format(
            speed=n.integer(round(run.tally.shoes / seconds * 60))
        )
    else:
        pace = t.gettext("{speed} million coups/s").format(
            speed=n.decimal(run.tally.coups / seconds / 1e6, 1)
        )
    head = t.gettext(
        "{strategy}: {shoes}, {coups} coups (rules {rules}, bet {bet}, {decks} decks, cut card "
        "{cut_card}, seed {seed}): dealt in {seconds} s, {pace} on {workers} {backend} workers"
    ).format(
        strategy=s.name,
        shoes=shoes,
        coups=n.integer(run.tally.coups),
        rules=rule_set_title(rule_set, t),
        bet=bet_title(plan.target, t),
        decks=s.decks,
        cut_card=s.cut_card,
        seed=plan.seed,
        seconds=n.decimal(run.seconds, 2),
        pace=pace,
        workers=run.workers,
        backend=run.backend.upper(),
    )
    blocks: list[Block] = [Paragraph(head)]
    if plan.perfect:
        how = t.gettext(
            "Computer-perfect play: before each coup, the exact edge of the bet from the cards "
            "not yet seen; it bets when that edge is positive."
        )
    else:
        kind = (
            t.gettext("true count (running count per deck unseen, rounded down)")
            if s.true_count
            else t.gettext("running count")
        )
        how = t.gettext(
            "Tags {tags}, start {start} ({balanced}); bets on the {kind} of {threshold} or more."
        ).format(
            tags=s.tags_text(),
            start=s.start,
            balanced=t.gettext("balanced") if s.balanced else t.gettext("unbalanced"),
            kind=kind,
            threshold=s.threshold if s.spread is None else s.spread.text(),
        )
    blocks.append(Paragraph(how))
    if not (s.burn and s.one_more_coup and s.cut_rule == "drawn"):
        blocks.append(Paragraph(procedure_text(s, t)))
    if run.interrupted:
        blocks.append(
            Paragraph(
                t.gettext("Interrupted: the figures are for the shoes dealt so far."), "yellow"
            )
        )
    summary = Table(
        "summary",
        t.gettext("The strategy"),
        [
            Column("figure", t.gettext("Figure"), Align.LEFT, wrap=True),
            Column("value", t.gettext("Value")),
        ],
    )
    summary.add(
        Cell(t.gettext("Bets per shoe"), "bets_per_shoe"),
        Cell(n.decimal(main.bets_per_shoe, 3), main.bets_per_shoe),
    )
    summary.add(
        Cell(t.gettext("Share of coups bet"), "bet_share"),
        Cell(n.percent(main.bet_share, 2), main.bet_share),
    )
    summary.add(
        Cell(t.gettext("Edge when betting"), "edge_when_betting"),
        Cell(_percent(n, main.edge_when_betting), main.edge_when_betting),
    )
    summary.add(
        Cell(t.gettext("Units won per shoe"), "units_per_shoe"),
        Cell(n.decimal(main.units_per_shoe, 4, sign=True), main.units_per_shoe),
    )
    summary.add(
        Cell(t.gettext("Interval (95 %)"), "ci95"),
        Cell(
            f"{n.decimal(main.units_low, 4, sign=True)} … {n.decimal(main.units_high, 4, sign=True)}",
            f"{main.units_low} {main.units_high}",
        ),
    )
    blocks.append(summary)
    level_head = t.gettext("Edge (%)") if plan.perfect else t.gettext("Count")
    by_count = Table(
        "by_count",
        t.gettext("By count"),
        [
            Column("level", level_head),
            Column("frequency", t.gettext("Coups")),
            Column("edge", t.gettext("Edge there")),
            Column("se", "±"),
            Column("units_per_shoe", t.gettext("Units per shoe")),
        ],
    )
    for row in report.rows:
        if row.coups == 0 or row.frequency < SHOWN_FREQUENCY:
            continue
        label = (
            str(row.level) if row.end == 0 else f"≤{row.level}" if row.end < 0 else f"≥{row.level}"
        )
        by_count.add(
            Cell(label, row.level),
            Cell(n.percent(row.frequency, 3), row.frequency),
            Cell(_percent(n, row.edge, 2), row.edge),
            Cell(_percent(n, row.se, 2), row.se),
            Cell(n.decimal(row.contributed, 4, sign=True), row.contributed),
        )
    by_count.notes.append(
        t.gettext(
            "Edge there: the bet's mean net per unit over the coups dealt at that count, with "
            "its standard error; units per shoe: what the strategy's bets there add to each shoe."
        )
    )
    blocks.append(by_count)
    if len(report.triggers) > 1:
        scan = Table(
            "scan",
            t.gettext("Every threshold"),
            [
                Column("threshold", t.gettext("From")),
                Column("bets_per_shoe", t.gettext("Bets per shoe")),
                Column("edge_when_betting", t.gettext("Edge when betting")),
                Column("units_per_shoe", t.gettext("Units per shoe")),
                Column("ci95", t.gettext("Interval (95 %)")),
            ],
        )
        for trig in report.triggers:
            scan.add(
                Cell(str(trig.threshold), trig.threshold),
                Cell(n.decimal(trig.bets_per_shoe, 3), trig.bets_per_shoe),
                Cell(_percent(n, trig.edge_when_betting), trig.edge_when_betting),
                Cell(n.decimal(trig.units_per_shoe, 4, sign=True), trig.units_per_shoe),
                Cell(
                    f"{n.decimal(trig.units_low, 3, sign=True)} … "
                    f"{n.decimal(trig.units_high, 3, sign=True)}",
                    f"{trig.units_low} {trig.units_high}",
                ),
            )
        scan.notes.append(
            t.gettext(
                "Best: from {threshold}, {units} units per shoe. The best of many thresholds is "
                "biased upward: confirm it on fresh seeds."
            ).format(
                threshold=report.best.threshold,
                units=n.decimal(report.best.units_per_shoe, 4, sign=True),
            )
        )
        blocks.append(scan)
    return blocks


def count_command(
    strategy: Annotated[
        str | None,
        typer.Option(
            metavar="NAME",
            help="A built-in strategy: jacobson-dragon-7, jacobson-panda-8, jacobson-big-tiger, "
            "how-dragon-7, how-panda-co-count or thorp-natural-9 (each with its source's "
            "procedure).",
        ),
    ] = None,
    tags: Annotated[
        str | None,
        typer.Option(metavar="TAGS", help="Tags per rank A,2,...,9,T (or A,...,9,T,J,Q,K)."),
    ] = None,
    start: Annotated[
        int | None,
        typer.Option(
            click_type=Whole(9999, least=-9999),
            help="Starting running count (an unbalanced count's).",
            show_default="0",
        ),
    ] = None,
    counted: Annotated[
        bool | None,
        typer.Option(
            "--true-count/--running-count",
            help="Bet on the true count (per deck unseen) or the running count.",
            show_default="the strategy's",
        ),
    ] = None,
    threshold: Annotated[
        str | None,
        typer.Option(
            metavar="COUNTS",
            help="Bet from this count up; several (0..4, -2,0,2 or 0..12..3) sweep them.",
            show_default="the strategy's",
        ),
    ] = None,
    threshold_scan: Annotated[
        bool, typer.Option("--threshold-scan", help="Try every threshold; report the best.")
    ] = False,
    spread: Annotated[
        str | None,
        typer.Option(metavar="SPREAD", help="A bet spread COUNT:UNITS,... such as 4:1,6:2,8:4."),
    ] = None,
    perfect: Annotated[
        bool,
        typer.Option(
            "--perfect", help="Computer-perfect play: bet when the exact edge is positive."
        ),
    ] = False,
    bet: Annotated[
        str | None, bet_option("The bet the count targets.", show_default="the strategy's")
    ] = None,
    main_bet: Annotated[
        str | None,
        typer.Option(
            metavar="BET", help="A flat bet of one unit on every coup beside it (banker or player)."
        ),
    ] = None,
    rules: Annotated[str | None, rules_option("Rule set of the bet.", "the strategy's")] = None,
    rules_file: RulesFileOption = None,
    decks: DecksOption = None,
    cut_card: CutCardOption = None,
    burn: BurnOption = None,
    one_more_coup: OneMoreCoupOption = None,
    cut_rule: Annotated[
        CutRule | None,
        typer.Option(
            click_type=EnumChoice(CutRule, _unknown_cut_rule),
            help="When the cut card comes out: in the coup that draws a card behind it "
            "(drawn), or in the coup that leaves --cut-card cards or fewer (reached).",
            show_default="the strategy's",
        ),
    ] = None,
    penetration: Annotated[
        str | None,
        typer.Option(
            metavar="CUTS",
            help="Sweep cut cards: shares of the shoe dealt before it (0.75,0.8 or "
            "0.7..0.9..0.05) or cards from the end (14,20).",
            show_default="--cut-card",
        ),
    ] = None,
    ramp: Annotated[
        str | None,
        typer.Option(
            metavar="RAMP",
            help="Sweep bet ramps: units at the threshold, one count above, ... (1-2-4,1-4-8).",
            show_default="1 (flat)",
        ),
    ] = None,
    shoes: Annotated[
        int, typer.Option(click_type=Whole(MAX_SHOES), help="Shoes to deal.")
    ] = 100_000,
    seed: Annotated[int | None, seed_option("Seed (printed, to repeat it).")] = None,
    threads: Annotated[int | None, threads_option("CPU threads that deal.")] = None,
    workers: Annotated[int | None, workers_option(DASK_WORKERS_HELP)] = None,
    dask: DaskOption = None,
    plot: Annotated[
        Path | None,
        plot_option(
            "Save a picture of the edge by count and of the units per shoe (.png or .svg)."
        ),
    ] = None,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """Count cards over many shoes (or play computer-perfect): when to bet and what it wins."""
    t = cli_translator(lang)
    prepare_kernels()
    chosen_format = output_format(fmt, as_json, output_path)
    threads, workers = threads_and_workers(threads, workers, dask)
    if shoes < 1:
        raise CliError("number_too_small", option="--shoes", least=1, value=shoes)
    from baccarat.lab.ranges import parse_counts

    thresholds = None if threshold is None else parse_counts(threshold)
    sweep = penetration is not None or ramp is not None or len(thresholds or ()) > 1
    single = thresholds[0] if thresholds is not None and not sweep else None
    chosen = strategy_from_options(
        strategy, tags, start, counted, single, spread, bet, rules, decks, cut_card,
        main_bet, perfect, burn, one_more_coup, cut_rule,
    )  # fmt: skip
    if sweep:
        check_sweep_options(perfect, spread, threshold_scan, main_bet)
    if threshold_scan and (threshold is not None or spread is not None):
        raise CliError("not_both", first="--threshold-scan", second="--threshold / --spread")
    if plot is not None:
        from baccarat.lab.plots import check_plot_path

        check_plot_path(plot)
    # Refuse a cut card outside the shoe before any work.
    _ = chosen.shoe_rules
    rule_set = load_rule_set(chosen.rules if rules_file is None else None, rules_file)
    if rules_file is not None:
        chosen = chosen.with_options(rules=rule_set.name)
    if sweep:
        from baccarat.cli.countsweep import run_count_sweep
        from baccarat.core.shoe import ShoeRules
        from baccarat.lab.ranges import parse_cut_cards, parse_ramps

        size = ShoeRules(decks=chosen.decks).size
        run_count_sweep(
            chosen, rule_set, thresholds=thresholds or (chosen.threshold,),
            ramps=((1,),) if ramp is None else parse_ramps(ramp),
            cut_cards=(
                (chosen.cut_card,) if penetration is None else parse_cut_cards(penetration, size)
            ),
            shoes=shoes, seed=seed, workers=workers, threads=threads, dask=dask, plot=plot,
            chosen_format=chosen_format, t=t,
        )  # fmt: skip
        return
    from baccarat.lab.study import count_plan, count_range, run_study, scan_thresholds

    plan = count_plan(
        chosen,
        rule_set,
        seed=seed,
        perfect=perfect,
        thresholds=scan_thresholds(chosen, perfect) if threshold_scan else None,
    )
    from baccarat.cli.dealshoes import deal_shoes

    run = deal_shoes(
        count_range, run_study, plan, shoes, dask=dask, workers=workers, threads=threads, t=t
    )
    from baccarat.lab.report import study_report

    report = study_report(run)
    if plot is not None:
        from baccarat.lab.plots import plot_study

        plot_study(report, plot, t)
    show(
        chosen_format,
        lambda: report_blocks(report, rule_set, t),
        lambda: (RecordType.COUNT, report.as_dict()),
    )
    if run.interrupted:
        raise SystemExit(130)


def register(app: typer.Typer) -> None:
    app.command(
        "count",
        epilog=examples(
            "baccarat count --strategy jacobson-dragon-7 --shoes 1000000 --seed 1",
            "baccarat count --strategy how-dragon-7 --threshold-scan",
            "baccarat count --perfect --bet panda_8 --rules ez --shoes 2000",
            "baccarat count --tags 0,0,0,-1,-1,-1,-1,2,2,0 --threshold 4 --rules ez",
            "baccarat count --strategy how-dragon-7 --threshold 0..4 --ramp 1,1-2-4",
            "baccarat count --strategy how-dragon-7 --penetration 0.75,0.85",
        ),
    )(count_command)
