"""``baccarat odds`` and ``baccarat par-sheet``: exact odds of every bet for any shoe.

The analyzer (numpy and numba) is imported inside the commands, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli import output
from baccarat.cli.errors import (
    CannotWriteError,
    OnlyOneOfError,
    UnknownFormatError,
)
from baccarat.cli.language import LangOption, cli_translator
from baccarat.cli.output import json_line, print_json
from baccarat.cli.settle import load_rule_set
from baccarat.core.rules import DEFAULT_RULE_SET, RuleSet
from baccarat.records import RecordType

if TYPE_CHECKING:
    from rich.table import Table

    from baccarat.i18n.catalogs import Translator
    from baccarat.odds.composition import Composition
    from baccarat.odds.eor import RemovalEffects
    from baccarat.odds.report import OddsReport

__all__ = ["odds_command", "par_sheet_command", "register"]

DecksOption = Annotated[
    int | None, typer.Option("--decks", help="A fresh shoe of this many decks (default 8).")
]
InfiniteOption = Annotated[
    bool, typer.Option("--infinite", help="The infinite deck (cards drawn with replacement).")
]
RemainingOption = Annotated[
    str | None,
    typer.Option(
        "--remaining",
        help='The cards left, by rank or by card: "A:31,2:32,...,K:32" (ranks A 2-9 T/10 J Q K; '
        "a card such as As sets that card's count; ranks not named count zero).",
    ),
]
RulesOption = Annotated[
    str | None, typer.Option("--rules", help=f"A named rule set (default {DEFAULT_RULE_SET}).")
]
RulesFileOption = Annotated[
    Path | None,
    typer.Option("--rules-file", help="A rule set described in a TOML file (user-defined bets)."),
]
JsonOption = Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")]


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
        raise OnlyOneOfError(
            options="--decks, --infinite or --remaining", given=" and ".join(given)
        )
    if infinite:
        return Composition.infinite_deck()
    if remaining is not None:
        return Composition.parse(remaining)
    return Composition.decks(decks if decks is not None else 8)


def _percent(x: float) -> str:
    return f"{x * 100:.4f}"


def _table(title: str, *columns: str) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(
        title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False
    )
    for n, name in enumerate(columns):
        table.add_column(name, justify="left" if n == 0 else "right", no_wrap=True)
    return table


def _outcome_name(key: str, t: Translator) -> str:
    """``banker``, ``player``, ``tie`` as the sides and the Tie are called in the language."""
    from baccarat.core.tableau import Side

    sides = {side.value: side for side in Side}
    return t.side_names[sides[key]] if key in sides else t.pgettext("bet", key.capitalize())


def _print_report(report: OddsReport, exact: bool, t: Translator) -> None:
    from baccarat.odds.render import FREQUENCY_LABELS, shoe_text
    from baccarat.odds.report import OUTCOME_KEYS
    from baccarat.odds.stats import exact_bet_stats

    console = output.console()
    head = t.gettext("Exact odds")
    console.print(
        f"[bold]{head}[/bold] - "
        + t.gettext("rules {rule_set}, {shoe}: {count} ordered six-card sequences").format(
            rule_set=report.rule_set,
            shoe=shoe_text(report.composition, t),
            count=f"{report.distribution.total:,}",
        )
    )
    exact_word = [t.gettext("Exact")] if exact else []
    exact_outcomes = report.exact_outcomes() if exact else {}
    outcomes = _table(
        t.gettext("Coup outcomes"), t.gettext("Outcome"), t.gettext("Probability %"), *exact_word
    )
    for key in OUTCOME_KEYS:
        extra = [str(exact_outcomes[key])] if exact else []
        outcomes.add_row(_outcome_name(key, t), _percent(report.outcomes[key]), *extra)
    console.print(outcomes)

    exact_frequencies = report.exact_frequencies() if exact else {}
    frequencies = _table(
        t.gettext("Frequencies"), t.gettext("Frequency"), t.gettext("Value"), *exact_word
    )
    for key, value in report.frequencies.items():
        shown = f"{value:.4f}" if key == "cards_per_coup" else f"{_percent(value)} %"
        extra = [str(exact_frequencies[key])] if exact else []
        frequencies.add_row(t.gettext(FREQUENCY_LABELS[key]), shown, *extra)
    console.print(frequencies)

    bets = _table(
        t.gettext("Bets, per unit staked"),
        t.gettext("Bet"), t.gettext("Win %"), t.gettext("Push %"), t.gettext("Lose %"),
        t.gettext("Edge %"), t.gettext("Ex-push %"), t.gettext("SD"),
    )  # fmt: skip
    for bet in report.offered:
        s = report.bets[bet.name]
        bets.add_row(
            bet.name,
            f"{s.win * 100:.2f}",
            f"{s.push * 100:.2f}",
            f"{s.lose * 100:.2f}",
            _percent(s.house_edge),
            _percent(s.house_edge_excluding_pushes) if s.push else "",
            f"{s.sd:.3f}",
        )
    console.print(bets)
    console.print(
        t.gettext(
            "Edge: the house edge (the expected loss per unit staked). Ex-push: the edge per bet "
            "that does not push (for Banker and Player, ties excluded). SD: standard deviation."
        )
    )
    if exact:
        edges = _table(t.gettext("Exact house edges"), t.gettext("Bet"), t.gettext("House edge"))
        for bet in report.offered:
            edges.add_row(bet.name, str(exact_bet_stats(bet, report.distribution).house_edge))
        console.print(edges)


def _eor_record_exact(effects: dict[Any, dict[str, Any]], base: dict[str, Any]) -> dict[str, Any]:
    def text(value: Any) -> str:
        return f"{value.numerator}/{value.denominator}"

    return {
        "house_edge": {name: text(v) for name, v in base.items()},
        "effects": {
            rank.symbol: {n: text(v) for n, v in row.items()} for rank, row in effects.items()
        },
    }


def _print_eor(eor: RemovalEffects, t: Translator) -> None:
    from rich import box
    from rich.table import Table

    from baccarat.core.cards import Rank
    from baccarat.odds.render import shoe_text

    console = output.console()
    head = t.gettext("Effects of removal")
    console.print(
        f"[bold]{head}[/bold] - "
        + t.gettext(
            "rules {rule_set}, {shoe}: the change in each bet's house edge, per unit staked, "
            "when one card of a rank leaves the shoe (+ favours the house)"
        ).format(rule_set=eor.rule_set, shoe=shoe_text(eor.composition, t))
    )
    columns: list[tuple[str, Rank]] = [(rank.symbol, rank) for rank in eor.effects]
    tens = [r for r in (Rank.TEN, Rank.JACK, Rank.QUEEN, Rank.KING) if r in eor.effects]
    if len(tens) > 1 and all(eor.effects[r] == eor.effects[tens[0]] for r in tens):
        # Ten-valued ranks only differ for pair bets on an uneven shoe: one column when equal.
        columns = [(s, r) for s, r in columns if r not in tens[1:]]
        columns = [("T-K" if r is tens[0] else s, r) for s, r in columns]
    table = Table(box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False)
    table.add_column(t.gettext("Bet"), no_wrap=True)
    # Translators: the house edge of a bet, as a column head.
    table.add_column(t.gettext("Edge"), justify="right", no_wrap=True)
    for symbol, _ in columns:
        table.add_column(symbol, justify="right", no_wrap=True)
    for name, edge in eor.base.items():
        table.add_row(
            name, f"{edge:.6f}", *(f"{eor.effects[rank][name]:+.6f}" for _, rank in columns)
        )
    console.print(table)


def odds_command(
    decks: DecksOption = None,
    infinite: InfiniteOption = False,
    remaining: RemainingOption = None,
    rules: RulesOption = None,
    rules_file: RulesFileOption = None,
    exact: Annotated[
        bool, typer.Option("--exact", help='Every probability as an exact "num/den" fraction.')
    ] = False,
    eor: Annotated[
        bool,
        typer.Option("--eor", help="The effects of removing one card of each rank on every bet."),
    ] = False,
    as_json: JsonOption = False,
    lang: LangOption = None,
) -> None:
    """Exact probabilities, house edge and standard deviation of every bet of a rule set."""
    t = cli_translator(lang)
    rule_set = load_rule_set(rules, rules_file)
    shoe = shoe_from_options(decks, infinite, remaining)
    if eor:
        _eor(shoe, rule_set, exact, as_json, t)
        return
    from baccarat.odds.report import odds_report

    report = odds_report(shoe, rule_set)
    if as_json:
        print_json(RecordType.ODDS, report.as_dict(exact=exact))
    else:
        _print_report(report, exact, t)


def _eor(shoe: Composition, rule_set: RuleSet, exact: bool, as_json: bool, t: Translator) -> None:
    from baccarat.odds.eor import effects_of_removal, exact_effects_of_removal
    from baccarat.odds.exact import exact_distribution
    from baccarat.odds.stats import exact_bet_stats

    if exact and as_json:
        effects = exact_effects_of_removal(shoe, rule_set.bets, rule_set.tableau)
        full = exact_distribution(shoe, rule_set.tableau)
        base = {n: exact_bet_stats(b, full).house_edge for n, b in rule_set.bets.items()}
        record = {"rules": rule_set.name, "composition": str(shoe)}
        record.update(_eor_record_exact(effects, base))
        print_json(RecordType.ODDS_EOR, record)
        return
    result = effects_of_removal(shoe, rule_set)
    if as_json:
        print_json(RecordType.ODDS_EOR, result.as_dict())
    else:
        _print_eor(result, t)


def par_sheet_command(
    rules: RulesOption = None,
    rules_file: RulesFileOption = None,
    decks: DecksOption = None,
    infinite: InfiniteOption = False,
    remaining: RemainingOption = None,
    fmt: Annotated[
        str, typer.Option("--format", help="md (Markdown), html or csv.", case_sensitive=False)
    ] = "md",
    output: Annotated[
        Path | None, typer.Option("--output", "-o", help="Write to this file instead of stdout.")
    ] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The sheet as JSON data (exact fractions as strings).")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Write the PAR sheet (every outcome, pay, probability, return, variance) of a rule set."""
    t = cli_translator(lang)
    from baccarat.odds.par import par_sheet
    from baccarat.odds.render import FORMATS, par_sheet_record, render_par_sheet

    fmt = fmt.lower()
    if fmt not in FORMATS:
        raise UnknownFormatError(format=fmt, formats=", ".join(FORMATS))
    rule_set = load_rule_set(rules, rules_file)
    shoe = shoe_from_options(decks, infinite, remaining)
    sheet = par_sheet(rule_set, shoe)
    text = (
        json_line(RecordType.PAR_SHEET, par_sheet_record(sheet))
        if as_json
        else render_par_sheet(sheet, fmt, t)
    )
    if output is None:
        sys.stdout.write(text)
        return
    try:
        output.write_text(text, encoding="utf-8")
    except OSError as exc:
        raise CannotWriteError(path=str(output), reason=exc.strerror) from None


def register(app: typer.Typer) -> None:
    app.command("odds")(odds_command)
    app.command("par-sheet")(par_sheet_command)
