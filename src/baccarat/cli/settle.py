"""``baccarat settle``: deal one coup from given cards and settle bets on it, exactly."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import click
import typer

from baccarat.cli.deal import coup_from_cards, render_coup
from baccarat.cli.entry import deprecated
from baccarat.cli.errors import CliError
from baccarat.cli.format import Align, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import (
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    RulesOption,
    load_rule_set,
    output_format,
    rules_file_option,
    stake_option,
)
from baccarat.cli.output import show
from baccarat.core.money import MoneyError, parse_points
from baccarat.core.rules import RuleSet
from baccarat.core.settle import Settlement, settle
from baccarat.i18n.words import RESULT_WORDS, bet_title
from baccarat.records import RecordType, coup_record

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = ["parse_bets", "register", "settle_command"]


def parse_bets(specs: list[str]) -> dict[str, int]:
    """``["banker=100", "tie=5"]`` → ``{"banker": 10000, "tie": 500}`` (stakes in minor units).

    >>> parse_bets(["banker=100", "tie = 2.5"])
    {'banker': 10000, 'tie': 250}
    """
    stakes: dict[str, int] = {}
    for spec in specs:
        name, sep, amount = spec.partition("=")
        name = name.strip()
        if not sep or not name:
            raise CliError("bad_bet_spec", spec=spec)
        if name in stakes:
            raise CliError("bet_given_twice", bet=name)
        try:
            stakes[name] = parse_points(amount.strip())
        except MoneyError as exc:
            raise MoneyError("stake_on_bet", bet=name, detail=exc) from None
    return stakes


def render_settlement(settlement: Settlement, rule_set: RuleSet, t: Translator) -> Table:
    """The bets of one coup as a table: stake, result, amount returned and net, in points."""
    n = numbers_for(t.language)
    title = t.gettext("Bets ({rule_set})").format(rule_set=settlement.rule_set)
    table = Table(
        "bets",
        title,
        [
            Column("bet", t.gettext("Bet"), Align.LEFT, wrap=True),
            Column("stake", t.gettext("Stake")),
            Column("result", t.gettext("Result")),
            # Translators: everything paid back on a bet: the stake and any win (0 on a loss).
            Column("returned", t.gettext("Returned")),
            # Translators: what the bet added to or took from the balance (win or loss), not a prize.
            Column("net", t.gettext("Net")),
        ],
    )
    colours = {"win": "green", "lose": "red", "push": "yellow"}
    for b in settlement.bets:
        bet = rule_set.bets.get(b.bet)
        table.add(
            Cell(bet_title(bet, t) if bet is not None else b.bet, b.bet),
            Cell(n.points(b.stake), _points(b.stake)),
            Cell(t.gettext(RESULT_WORDS[b.result]), b.result.value, colours[b.result.value]),
            Cell(n.points(b.returned), _points(b.returned)),
            Cell(n.points(b.net, sign=True), _points(b.net)),
        )
    table.rule()
    table.add(
        Cell(t.pgettext("sum", "Total"), "total"),
        Cell(n.points(settlement.staked), _points(settlement.staked)),
        Cell("", ""),
        Cell(n.points(settlement.returned), _points(settlement.returned)),
        Cell(n.points(settlement.net, sign=True), _points(settlement.net), "bold"),
    )
    return table


def _points(minor: int) -> str:
    from baccarat.core.points import format_points

    return format_points(minor)


def settle_command(
    cards: Annotated[
        str,
        typer.Option(
            metavar="CARDS", help="The coup's cards in shoe order (P1 B1 P2 B2, then third cards)."
        ),
    ],
    stake: Annotated[list[str] | None, stake_option()] = None,
    bet: Annotated[
        list[str] | None,
        typer.Option(
            "--bet", metavar="BET=POINTS", hidden=True, help="The same as --stake (deprecated)."
        ),
    ] = None,
    rules: RulesOption = None,
    rules_file: Annotated[
        Path | None, rules_file_option("Read the rule set from this TOML file instead.")
    ] = None,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """Settle bets on one coup dealt from given cards: result, amount returned and net per bet."""
    t = cli_translator(lang)
    chosen = output_format(fmt, as_json, output_path)
    rule_set = load_rule_set(rules, rules_file)
    if bet:
        deprecated("--bet", "--stake")
    if not stake and not bet:
        raise click.MissingParameter(param_hint="'--stake'", param_type="option")
    stakes = parse_bets([*(stake or []), *(bet or [])])
    coup = coup_from_cards(cards, rule_set.tableau)
    settlement = settle(coup, stakes, rule_set)
    # The coup's sentences lead the table for a person (to the screen, or to --output's file).
    told = [Paragraph(render_coup(coup, t=t, markup=False))] if chosen is OutputFormat.TABLE else []
    # The JSON is the same data in every language: the sentences stay English, as the codes do.
    show(
        chosen,
        lambda: [*told, render_settlement(settlement, rule_set, t)],
        lambda: (
            RecordType.COUP,
            coup_record(coup, rule_set=settlement.rule_set, settlement=settlement),
        ),
    )


def register(app: typer.Typer) -> None:
    app.command(
        "settle",
        epilog=examples(
            "baccarat settle --cards '7c 2s Kd 3h 4c' --stake banker=100 --stake tie=5",
            "baccarat settle --cards '9s 5h Kd Kc' --stake player=10 --rules ez --json",
        ),
    )(settle_command)
