"""``baccarat odds`` and ``baccarat par-sheet``: exact odds of every bet for any shoe.

The analyzer (numpy and numba) is imported inside the commands, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.kernelcache import prepare_kernels
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_CARDS, MAX_DECKS, EnumChoice
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import (
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    RulesOption,
    decks_option,
    load_rule_set,
    output_format,
    plot_option,
    rules_file_option,
)
from baccarat.cli.output import show
from baccarat.i18n.words import bet_title, rule_set_title
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.core.rules import RuleSet
    from baccarat.i18n.catalogs import Translator
    from baccarat.odds.composition import Composition
    from baccarat.odds.conditional import Given
    from baccarat.odds.eor import RemovalEffects
    from baccarat.odds.par import ParSheet
    from baccarat.odds.report import OddsReport

__all__ = ["odds_command", "par_sheet_command", "register"]

DecksOption = Annotated[int | None, decks_option("A fresh shoe of this many decks.")]
InfiniteOption = Annotated[
    bool, typer.Option("--infinite", help="The infinite deck (cards drawn with replacement).")
]
RemainingOption = Annotated[
    str | None,
    typer.Option(
        "--remaining",
        metavar="CARDS",
        help='The cards left, by rank or by card: "A:31,2:32,...,K:32" (ranks A 2-9 T/10 J Q K; '
        "a card such as As sets that card's count; ranks not named count zero).",
    ),
]
RulesFileOption = Annotated[
    Path | None, rules_file_option("A rule set described in a TOML file (user-defined bets).")
]
GivenOption = Annotated[
    str | None,
    typer.Option(
        "--given",
        metavar="CONDITIONS",
        help="Price every bet given an event in the bet language: comma-separated conditions "
        "that all hold, FIELD=VALUE (several values joined by |), such as "
        '"player_two_card_total=5,banker_two_card_total=3".',
    ),
]
SeenOption = Annotated[
    str | None,
    typer.Option(
        "--seen",
        metavar="CARDS",
        help='Cards already dealt in this coup, by position: "P1=5h,B1=Kc" (a card, a rank '
        "such as 5, a group named in --groups, or none for a third card).",
    ),
]
GroupsOption = Annotated[
    str | None,
    typer.Option(
        "--groups",
        metavar="GROUPS",
        help='Rank groups --seen may name: "high=6789,low=TA2345" (T is every ten-valued rank '
        "unless J, Q or K are named, as in count --tags); every rank in one.",
    ),
]
PartialGroupsOption = Annotated[
    bool,
    typer.Option("--partial-groups", help="Let --groups leave ranks out of every group."),
]


def shoe_from_options(decks: int | None, infinite: bool, remaining: str | None) -> Composition:
    """The composition the options describe: ``--decks``, ``--infinite`` or ``--remaining``."""
    from baccarat.odds.composition import Composition

    given = [
        flag
        for flag, used in (
            ("--decks", decks is not None),
            ("--infinite", infinite),
            ("--remaining", remaining is not None),
        )
        if used
    ]
    if len(given) > 1:
        # Lists of option names only: a conjunction here would stay English in every language.
        raise CliError(
            "only_one_of", options="--decks, --infinite, --remaining", given=", ".join(given)
        )
    if infinite:
        return Composition.infinite_deck()
    if remaining is not None:
        composition = Composition.parse(remaining)
        if composition.size > MAX_CARDS:
            raise CliError(
                "composition_too_large", cards=composition.size, most=MAX_CARDS, decks=MAX_DECKS
            )
        return composition
    return Composition.decks(decks if decks is not None else 8)


def _bet_column(t: Translator) -> Column:
    return Column("bet", t.gettext("Bet"), Align.LEFT, wrap=True)


def _outcome_name(key: str, t: Translator) -> str:
    """``banker``, ``player``, ``tie`` as the sides and the Tie are called in the language."""
    from baccarat.core.tableau import Side

    sides = {side.value: side for side in Side}
    return t.side_names[sides[key]] if key in sides else t.pgettext("bet", key.capitalize())


def _report_blocks(
    report: OddsReport, rule_set: RuleSet, exact: bool, t: Translator, given: Given | None = None
) -> list[Block]:
    from baccarat.odds.render import FREQUENCY_LABELS, shoe_text
    from baccarat.odds.report import OUTCOME_KEYS
    from baccarat.odds.stats import exact_bet_stats

    n = numbers_for(t.language)
    blocks: list[Block] = [
        Paragraph(
            t.gettext("Exact odds – {rule_set}, {shoe}: {count} ordered six-card sequences").format(
                rule_set=rule_set_title(rule_set, t),
                shoe=shoe_text(report.composition, t),
                count=n.integer(report.distribution.total),
            )
        )
    ]
    if given is not None:
        # The cards seen as typed (P1 = 5h), not the fields they fix (p1_rank = 5, p1_suit = h).
        blocks.append(Paragraph(t.gettext("Given: {condition}").format(condition=given.shown())))
    exact_column = [Column("exact", t.gettext("Exact"))] if exact else []
    exact_outcomes = report.exact_outcomes()
    combinations = report.combinations()
    excluding_ties = report.exact_outcomes_excluding_ties()
    outcomes = Table(
        "outcomes",
        t.gettext("Coup outcomes"),
        [
            Column("outcome", t.gettext("Outcome"), Align.LEFT),
            Column("probability", t.gettext("Probability %")),
            Column("excluding_ties", t.gettext("Excluding ties %")),
            Column("combinations", t.gettext("Combinations")),
            *exact_column,
        ],
    )
    for key in OUTCOME_KEYS:
        p = report.outcomes[key]
        extra = [Cell(str(exact_outcomes[key]), exact_outcomes[key])] if exact else []
        ex_tie = excluding_ties.get(key)
        outcomes.add(
            Cell(_outcome_name(key, t), key),
            Cell(n.decimal(p * 100, 4), p),
            Cell("", None) if ex_tie is None else Cell(n.decimal(float(ex_tie) * 100, 4), ex_tie),
            Cell(n.integer(combinations[key]), combinations[key]),
            *extra,
        )
    blocks.append(outcomes)

    exact_frequencies = report.exact_frequencies()
    frequencies = Table(
        "frequencies",
        t.gettext("Frequencies"),
        [
            Column("frequency", t.gettext("Frequency"), Align.LEFT, wrap=True),
            Column("value", t.gettext("Value")),
            *exact_column,
        ],
    )
    for key, value in report.frequencies.items():
        shown = n.decimal(value, 4) if key == "cards_per_coup" else n.percent(value, 4)
        extra = [Cell(str(exact_frequencies[key]), exact_frequencies[key])] if exact else []
        frequencies.add(Cell(t.gettext(FREQUENCY_LABELS[key]), key), Cell(shown, value), *extra)
    blocks.append(frequencies)

    bets = Table(
        "bets",
        t.gettext("Bets, per unit staked"),
        [
            _bet_column(t),
            Column("win", t.gettext("Win %")),
            Column("push", t.gettext("Push %")),
            Column("lose", t.gettext("Lose %")),
            Column("house_edge", t.gettext("Edge %")),
            Column("house_edge_excluding_pushes", t.gettext("Ex-push %")),
            Column("sd", t.gettext("SD")),
        ],
    )
    for bet in report.offered:
        s = report.bets[bet.name]
        bets.add(
            Cell(bet_title(bet, t), bet.name),
            Cell(n.decimal(s.win * 100, 2), s.win),
            Cell(n.decimal(s.push * 100, 2), s.push),
            Cell(n.decimal(s.lose * 100, 2), s.lose),
            Cell(n.decimal(s.house_edge * 100, 4), s.house_edge),
            Cell(n.decimal(s.house_edge_excluding_pushes * 100, 4), s.house_edge_excluding_pushes)
            if s.push
            else Cell("", ""),
            Cell(n.decimal(s.sd, 3), s.sd),
        )
    bets.notes.append(
        t.gettext(
            "Edge: the house edge (the expected loss per unit staked). Ex-push: the edge per bet "
            "that does not push (for Banker and Player, ties excluded). SD: standard deviation."
        )
    )
    blocks.append(bets)
    if exact:
        edges = Table(
            "exact_house_edges",
            t.gettext("Exact house edges"),
            [_bet_column(t), Column("house_edge", t.gettext("House edge"))],
        )
        for bet in report.offered:
            edge = exact_bet_stats(bet, report.distribution).house_edge
            edges.add(Cell(bet_title(bet, t), bet.name), Cell(str(edge), edge))
        blocks.append(edges)
    return blocks


def _eor_record_exact(effects: dict[Any, dict[str, Any]], base: dict[str, Any]) -> dict[str, Any]:
    def text(value: Any) -> str:
        return f"{value.numerator}/{value.denominator}"

    return {
        "house_edge": {name: text(v) for name, v in base.items()},
        "effects": {
            rank.symbol: {n: text(v) for n, v in row.items()} for rank, row in effects.items()
        },
    }


def _eor_blocks(eor: RemovalEffects, rule_set: RuleSet, t: Translator) -> list[Block]:
    from baccarat.core.cards import Rank
    from baccarat.odds.render import shoe_text

    n = numbers_for(t.language)
    head = t.gettext("Effects of removal")
    intro = Paragraph(
        f"{head} - "
        + t.gettext(
            "rules {rule_set}, {shoe}: the change in each bet's house edge, per unit staked, "
            "when one card of a rank leaves the shoe (+ favours the house)"
        ).format(rule_set=rule_set_title(rule_set, t), shoe=shoe_text(eor.composition, t))
    )
    columns: list[tuple[str, Rank]] = [(rank.symbol, rank) for rank in eor.effects]
    tens = [r for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) if r in eor.effects]
    if len(tens) > 1 and all(eor.effects[r] == eor.effects[tens[0]] for r in tens):
        # Ten-valued ranks only differ for pair bets on an uneven shoe: one column when equal.
        columns = [(s, r) for s, r in columns if r not in tens[1:]]
        columns = [("T-K" if r is tens[0] else s, r) for s, r in columns]
    table = Table(
        "effects",
        None,
        [
            _bet_column(t),
            # Translators: the house edge of a bet, as a column head.
            Column("house_edge", t.gettext("Edge")),
            *(Column(symbol, symbol) for symbol, _ in columns),
        ],
    )
    titles = {name: bet_title(bet, t) for name, bet in rule_set.bets.items()}
    for name, edge in eor.base.items():
        table.add(
            Cell(titles.get(name, name), name),
            Cell(n.decimal(edge, 6), edge),
            *(
                Cell(n.decimal(eor.effects[rank][name], 6, sign=True), eor.effects[rank][name])
                for _, rank in columns
            ),
        )
    return [intro, table]


def odds_command(
    decks: DecksOption = None,
    infinite: InfiniteOption = False,
    remaining: RemainingOption = None,
    rules: RulesOption = None,
    rules_file: RulesFileOption = None,
    exact: Annotated[
        bool, typer.Option("--exact", help='Every probability as an exact "num/den" fraction too.')
    ] = False,
    eor: Annotated[
        bool,
        typer.Option("--eor", help="The effects of removing one card of each rank on every bet."),
    ] = False,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    given: GivenOption = None,
    seen: SeenOption = None,
    groups: GroupsOption = None,
    partial_groups: PartialGroupsOption = False,
    plot: Annotated[
        Path | None,
        plot_option("With --eor: save a picture of the effects of removal (.png or .svg)."),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Exact probabilities, house edge and standard deviation of every bet of a rule set,
    optionally given what is already known of the coup."""
    t = cli_translator(lang)
    chosen = output_format(fmt, as_json, output_path)
    prepare_kernels()
    if plot is not None:
        if not eor:
            raise CliError("only_with", option="--plot", other="--eor")
        from baccarat.lab.plots import check_plot_path

        check_plot_path(plot)
    rule_set = load_rule_set(rules, rules_file)
    shoe = shoe_from_options(decks, infinite, remaining)
    conditional = given is not None or seen is not None or groups is not None
    if eor:
        if conditional:
            raise CliError("not_both", first="--eor", second="--given/--seen")
        _eor(shoe, rule_set, exact, chosen, t, plot)
        return
    from baccarat.odds.records import odds_record
    from baccarat.odds.report import odds_report

    condition = None
    if conditional:
        from baccarat.odds.conditional import parse_given

        condition = parse_given(given, seen, groups, partial_groups=partial_groups)
    report = odds_report(shoe, rule_set, given=condition)
    show(
        chosen,
        lambda: _report_blocks(report, rule_set, exact, t, condition),
        lambda: (RecordType.ODDS, odds_record(report)),
    )


def _eor(
    shoe: Composition,
    rule_set: RuleSet,
    exact: bool,
    fmt: OutputFormat,
    t: Translator,
    plot: Path | None = None,
) -> None:
    from baccarat.odds.eor import effects_of_removal, exact_effects_of_removal
    from baccarat.odds.exact import exact_distribution
    from baccarat.odds.stats import exact_bet_stats

    result = effects_of_removal(shoe, rule_set)
    if plot is not None:
        from baccarat.lab.plots import plot_removal

        ranks = list(result.effects)
        plot_removal(
            rule_set,
            {name: [result.effects[r][name] for r in ranks] for name in result.base},
            [r.symbol for r in ranks],
            plot,
            t,
        )
    if exact and fmt is OutputFormat.JSON:
        effects = exact_effects_of_removal(shoe, rule_set.bets, rule_set.tableau)
        full = exact_distribution(shoe, rule_set.tableau, rule_set.bets.values())
        base = {n: exact_bet_stats(b, full).house_edge for n, b in rule_set.bets.items()}
        record = {"rules": rule_set.name, "composition": str(shoe)}
        record.update(_eor_record_exact(effects, base))
        show(fmt, list, lambda: (RecordType.ODDS_EOR, record))
        return
    show(
        fmt,
        lambda: _eor_blocks(result, rule_set, t),
        lambda: (RecordType.ODDS_EOR, result.as_dict()),
    )


class SheetFormat(StrEnum):
    """What ``par-sheet`` writes: a document (Markdown, HTML), its CSV data, its record, or
    its data as tidy Parquet (the ``parquet`` extra, as every command that prints tables)."""

    MD = "md"
    HTML = "html"
    CSV = "csv"
    JSON = "json"
    PARQUET = "parquet"


def _par_table(sheet: ParSheet) -> Table:
    """The sheet's data (the columns of its CSV) as a table, each number exact: its tidy form
    is what ``--format parquet`` writes, as for every other command."""
    from baccarat.odds.render import PAR_COLUMNS, par_rows

    table = Table("par_sheet", None, [Column(name, name) for name in PAR_COLUMNS])
    for row in par_rows(sheet):
        table.add(*(Cell("" if value is None else str(value), value) for value in row))
    return table


def _unknown_sheet_format(text: str) -> CliError:
    return CliError("unknown_format", format=text, formats=", ".join(f.value for f in SheetFormat))


def par_sheet_command(
    rules: RulesOption = None,
    rules_file: RulesFileOption = None,
    decks: DecksOption = None,
    infinite: InfiniteOption = False,
    remaining: RemainingOption = None,
    fmt: Annotated[
        SheetFormat,
        typer.Option(
            "--format",
            click_type=EnumChoice(SheetFormat, _unknown_sheet_format),
            help="md (Markdown), html, csv (the values, the same in every language), json or "
            "parquet (the values as tidy rows, to --output FILE or a pipe).",
        ),
    ] = SheetFormat.MD,
    output: OutputOption = None,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Write the PAR sheet (every outcome, pay, probability, return, variance) of a rule set."""
    t = cli_translator(lang)
    prepare_kernels()
    from baccarat.cli.output import json_line
    from baccarat.odds.par import par_sheet
    from baccarat.odds.records import par_sheet_record
    from baccarat.odds.render import render_par_sheet

    if as_json and fmt not in (SheetFormat.MD, SheetFormat.JSON):
        raise CliError("options_together", first="--json", second=f"--format {fmt.value}")
    chosen = SheetFormat.JSON if as_json else fmt
    if chosen is SheetFormat.PARQUET:
        # The checks of every table command, before any work: the extra, and never a terminal.
        output_format(OutputFormat.PARQUET, False, output)
    rule_set = load_rule_set(rules, rules_file)
    shoe = shoe_from_options(decks, infinite, remaining)
    sheet = par_sheet(rule_set, shoe)
    if chosen is SheetFormat.PARQUET:
        show(
            OutputFormat.PARQUET,
            lambda: [_par_table(sheet)],
            lambda: (RecordType.PAR_SHEET, par_sheet_record(sheet)),
        )
        return
    text = (
        json_line(RecordType.PAR_SHEET, par_sheet_record(sheet))
        if chosen is SheetFormat.JSON
        else render_par_sheet(sheet, chosen.value, t)
    )
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CliError("cannot_write", path=str(output), reason=exc.strerror) from None


def register(app: typer.Typer) -> None:
    app.command(
        "odds",
        epilog=examples(
            "baccarat odds --rules ez",
            "baccarat odds --decks 1 --exact",
            "baccarat odds --remaining A:31,2:32,3:32,4:32,5:32,6:32,7:32,8:32,9:32,T:128",
            "baccarat odds --eor --format csv > eor.csv",
        ),
    )(odds_command)
    app.command(
        "par-sheet",
        epilog=examples(
            "baccarat par-sheet --rules ez --decks 8 > ez.md",
            "baccarat par-sheet --format html -o punto-banco.html",
            "baccarat par-sheet --rules ez --format parquet -o ez.parquet",
        ),
    )(par_sheet_command)
