"""``baccarat systems``: betting systems (Martingale, Paroli, …) over many sessions of real shoes.

The lab is imported inside the command, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli import progress
from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.kernelcache import prepare_kernels
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import Whole
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import (
    CutCardOption,
    DecksOption,
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    RulesFileOption,
    bet_option,
    fresh_seed,
    load_rule_set,
    output_format,
    plot_option,
    rules_option,
    seed_option,
    shoe_rules,
)
from baccarat.cli.output import show
from baccarat.i18n.words import bet_title
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.core.bets import Bet
    from baccarat.i18n.catalogs import Translator
    from baccarat.lab.systems import SystemsReport

__all__ = ["register", "systems_command"]

MAX_SESSIONS = 10_000_000
MAX_SHOES_PER_SESSION = 100


def report_blocks(report: SystemsReport, unit: str, bet: Bet, t: Translator) -> list[Block]:
    """The report of the systems staking ``bet`` as paragraphs and a table in the reader's
    language (amounts in units)."""
    n = numbers_for(t.language)
    sessions = t.ngettext("{count} session", "{count} sessions", report.sessions).format(
        count=n.integer(report.sessions)
    )
    head = t.gettext(
        "{sessions} of {shoes} shoe(s) each (bet {bet}, seed {seed}): one unit is {unit} "
        "points, the bankroll {bankroll} units, the table maximum {maximum} units."
    ).format(
        sessions=sessions,
        shoes=report.shoes_per_session,
        bet=bet_title(bet, t),
        seed=report.seed,
        unit=unit,
        bankroll=n.decimal(report.bankroll, 0),
        maximum=n.decimal(report.table_max, 0),
    )
    table = Table(
        "systems",
        t.gettext("Results per session (units)"),
        [
            Column("system", t.gettext("System"), Align.LEFT),
            Column("mean", t.gettext("Mean")),
            Column("median", t.gettext("Median")),
            Column("range_90", t.gettext("5 % … 95 %")),
            Column("risk_of_ruin", t.gettext("Ruined")),
            Column("behind", t.gettext("Behind")),
            Column("staked", t.gettext("Staked")),
            Column("edge_times_staked", t.gettext("Edge × staked")),
            Column("z", "z"),
        ],
    )
    for r in report.results:
        table.add(
            Cell(r.system),
            Cell(n.decimal(r.mean, 2, sign=True), r.mean),
            Cell(n.decimal(r.quantiles[2], 2, sign=True), r.quantiles[2]),
            Cell(
                f"{n.decimal(r.quantiles[0], 1, sign=True)} … {n.decimal(r.quantiles[4], 1, sign=True)}",
                f"{r.quantiles[0]} {r.quantiles[4]}",
            ),
            Cell(n.percent(r.ruin, 1), r.ruin),
            Cell(n.percent(r.behind, 1), r.behind),
            Cell(n.decimal(r.staked, 1), r.staked),
            Cell(n.decimal(r.expected, 2, sign=True), r.expected),
            Cell(n.decimal(r.z, 2, sign=True), r.z),
        )
    table.notes.append(
        t.gettext(
            "Every system loses the house edge on every unit it stakes: the mean result is the "
            "edge times the total staked (z: their difference in standard errors). A "
            "progression only trades many small wins for rare large losses, or the reverse."
        )
    )
    blocks: list[Block] = [Paragraph(head)]
    if report.interrupted:
        blocks.append(
            Paragraph(
                t.gettext("Interrupted: the figures are for the sessions played so far."),
                "yellow",
            )
        )
    return [*blocks, table]


def systems_command(
    system: Annotated[
        list[str] | None,
        typer.Option(
            metavar="NAME",
            help="A system: flat, martingale, paroli, fibonacci, dalembert, 1-3-2-6 or "
            "follow-the-road (repeat it for several).",
            show_default="all of them",
        ),
    ] = None,
    bet: Annotated[str, bet_option("The bet the progressions stake: banker or player.")] = "banker",
    rules: Annotated[str | None, rules_option("Rule set of the table.")] = None,
    rules_file: RulesFileOption = None,
    unit: Annotated[
        str | None,
        typer.Option(
            metavar="POINTS", help="The base stake in points.", show_default="the table minimum"
        ),
    ] = None,
    bankroll: Annotated[
        str | None,
        typer.Option(
            metavar="BANKROLL", help="Points a session starts with.", show_default="100 units"
        ),
    ] = None,
    table_max: Annotated[
        str | None,
        typer.Option(
            "--table-max",
            metavar="POINTS",
            help="The table maximum in points.",
            show_default="the table's",
        ),
    ] = None,
    stop_win: Annotated[
        str | None,
        typer.Option(
            "--stop-win", metavar="POINTS", help="Stop a session once up this many points."
        ),
    ] = None,
    sessions: Annotated[
        int, typer.Option(click_type=Whole(MAX_SESSIONS, least=1), help="Sessions to play.")
    ] = 2000,
    shoes_per_session: Annotated[
        int,
        typer.Option(
            "--shoes-per-session",
            click_type=Whole(MAX_SHOES_PER_SESSION, least=1),
            help="Shoes in one session.",
        ),
    ] = 1,
    decks: DecksOption = None,
    cut_card: CutCardOption = None,
    seed: Annotated[int | None, seed_option("Seed of the shoes.")] = None,
    plot: Annotated[
        Path | None, plot_option("Save a picture of each system's bankroll fan (.png or .svg).")
    ] = None,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """Play betting systems over many sessions: results, risk of ruin, edge times staked."""
    prepare_kernels()
    from baccarat.core.amounts import AmountError, parse_amount
    from baccarat.core.points import format_points
    from baccarat.lab.strategy import LabError
    from baccarat.lab.systems import SYSTEMS, deal_classes, run_systems

    t = cli_translator(lang)
    chosen_format = output_format(fmt, as_json, output_path)
    chosen = list(dict.fromkeys(system)) if system else list(SYSTEMS)
    for name in chosen:
        if name not in SYSTEMS:
            raise LabError("lab_unknown_system", name=name, names=", ".join(SYSTEMS))
    if bet not in ("banker", "player"):
        raise LabError("lab_bet_side", bet=bet)
    if plot is not None:
        from baccarat.lab.plots import check_plot_path

        check_plot_path(plot)
    shoe = shoe_rules(decks, cut_card)
    rule_set = load_rule_set(rules, rules_file)
    limits = rule_set.limits_for(bet)
    language = t.language

    def amount(raw: str | None, default: int, option: str) -> int:
        if raw is None:
            return default
        if raw.startswith("-"):
            # A sign is no part of an amount, but '-1' is a number below the bound, refused as
            # one (as '0' is), even too large or too precise; what is no number even without
            # its sign is refused as written.
            try:
                parse_amount(raw.removeprefix("-"), language)
            except AmountError as exc:
                if exc.code == "amount_malformed":
                    raise AmountError(
                        "amount_malformed", text=raw, example=exc.params["example"]
                    ) from None
            raise LabError("lab_amount_positive", option=option, text=raw)
        minor = parse_amount(raw, language)
        if minor <= 0:
            raise LabError("lab_amount_positive", option=option, text=raw)
        return minor

    unit_minor = amount(unit, limits.minimum, "--unit")
    units = {
        "bankroll": Fraction(amount(bankroll, 100 * unit_minor, "--bankroll"), unit_minor),
        "table_max": Fraction(amount(table_max, limits.maximum, "--table-max"), unit_minor),
    }
    stop = None if stop_win is None else Fraction(amount(stop_win, 0, "--stop-win"), unit_minor)
    if units["table_max"] < 1:
        raise LabError(
            "lab_unit_above_maximum",
            unit=format_points(unit_minor),
            maximum=format_points(round(units["table_max"] * unit_minor)),
        )
    seed = fresh_seed(seed, announce=False)
    with progress.compiling():
        deal_classes(shoe, seed, 0, 1, rule_set.tableau)  # numba compiles on the first call
    update, close_bar = progress.bar(t.gettext("Playing sessions"), t.gettext("sessions"))
    try:
        report = run_systems(
            chosen, rule_set, sessions=sessions, shoes_per_session=shoes_per_session,
            shoe=shoe, seed=seed, bet=bet, bankroll=units["bankroll"],
            table_max=units["table_max"], stop_win=stop, progress=update,
        )  # fmt: skip
    finally:
        close_bar()
    if plot is not None:
        from baccarat.lab.plots import plot_systems

        plot_systems(report, plot, t)
    show(
        chosen_format,
        lambda: report_blocks(report, format_points(unit_minor), rule_set.bet(bet), t),
        lambda: (RecordType.SYSTEMS, {"unit_points": unit_minor / 100, **report.as_dict()}),
    )
    if report.interrupted:
        stopped = t.gettext("interrupted after {sessions} sessions").format(
            sessions=numbers_for(t.language).integer(report.sessions)
        )
        sys.stderr.write(f"baccarat: {stopped}\n")
        raise SystemExit(130)


def register(app: typer.Typer) -> None:
    app.command(
        "systems",
        epilog=examples(
            "baccarat systems --sessions 10000 --seed 1",
            "baccarat systems --system martingale --bankroll 500 --table-max 200",
        ),
    )(systems_command)
