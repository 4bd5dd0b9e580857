"""``baccarat settle``: deal one coup from given cards and settle bets on it, exactly."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer
from rich.table import Table

from baccarat.cli import output
from baccarat.cli.deal import render_coup
from baccarat.cli.errors import (
    BadBetSpecError,
    BetGivenTwiceError,
    CannotReadRulesFileError,
    NotBothError,
    StakeOnBetError,
)
from baccarat.cli.language import LangOption, cli_translator
from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.core.money import MoneyError, format_points, parse_points
from baccarat.core.rulefile import rule_set_from_toml
from baccarat.core.rules import DEFAULT_RULE_SET, RuleSet, get_rule_set
from baccarat.core.settle import Settlement, settle
from baccarat.i18n.words import RESULT_WORDS
from baccarat.records import RecordType, coup_record

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = ["load_rule_set", "parse_bets", "register", "settle_command"]


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
            raise BadBetSpecError(spec=spec)
        if name in stakes:
            raise BetGivenTwiceError(bet=name)
        try:
            stakes[name] = parse_points(amount.strip())
        except MoneyError as exc:
            raise StakeOnBetError(bet=name, detail=exc) from None
    return stakes


def load_rule_set(name: str | None, path: Path | None) -> RuleSet:
    """The rule set named ``name``, or read from the TOML file at ``path`` (not both)."""
    if name is not None and path is not None:
        raise NotBothError(first="--rules NAME", second="--rules-file PATH")
    if path is None:
        return get_rule_set(name if name is not None else DEFAULT_RULE_SET)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
        raise CannotReadRulesFileError(path=str(path), reason=reason) from None
    return rule_set_from_toml(text)


def render_settlement(settlement: Settlement, t: Translator) -> Table:
    """The bets of one coup as a table: stake, result, amount returned and net, in points."""
    title = t.gettext("Bets ({rule_set})").format(rule_set=settlement.rule_set)
    table = Table(title=title, title_justify="left")
    table.add_column(t.gettext("Bet"))
    for heading in (
        t.gettext("Stake"),
        t.gettext("Result"),
        # Translators: everything paid back on a bet: the stake and any win (0 on a loss).
        t.gettext("Returned"),
        # Translators: what the bet added to or took from the balance (win or loss), not a prize.
        t.gettext("Net"),
    ):
        table.add_column(heading, justify="right")
    colours = {"win": "green", "lose": "red", "push": "yellow"}
    for b in settlement.bets:
        result = f"[{colours[b.result.value]}]{t.gettext(RESULT_WORDS[b.result])}[/]"
        table.add_row(
            b.bet,
            format_points(b.stake),
            result,
            format_points(b.returned),
            _signed(b.net),
        )
    table.add_section()
    table.add_row(
        t.pgettext("sum", "Total"),
        format_points(settlement.staked),
        "",
        format_points(settlement.returned),
        f"[bold]{_signed(settlement.net)}[/bold]",
    )
    return table


def _signed(minor: int) -> str:
    return ("+" if minor > 0 else "") + format_points(minor)


def settle_command(
    cards: Annotated[
        str,
        typer.Option(help="The coup's cards in shoe order (P1 B1 P2 B2, then third cards)."),
    ],
    bet: Annotated[
        list[str],
        typer.Option(
            "--bet",
            help="BET=POINTS, e.g. banker=100 or tie=2.5 (up to two decimals); repeat for "
            "several bets on the same coup.",
        ),
    ],
    rules: Annotated[
        str | None,
        typer.Option(
            "--rules", help=f"Rule set name (default {DEFAULT_RULE_SET}); see `baccarat rules`."
        ),
    ] = None,
    rules_file: Annotated[
        Path | None,
        typer.Option("--rules-file", help="Read the rule set from this TOML file instead."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object.")] = False,
    lang: LangOption = None,
) -> None:
    """Settle bets on one coup dealt from given cards: result, amount returned and net per bet."""
    t = cli_translator(lang)
    rule_set = load_rule_set(rules, rules_file)
    stakes = parse_bets(bet)
    coup = Coup.from_cards(parse_cards(cards), rule_set.tableau)
    settlement = settle(coup, stakes, rule_set)
    if as_json:
        # The same data in every language: the sentences stay English, as the codes do.
        record = coup_record(coup, rule_set=settlement.rule_set, settlement=settlement)
        output.print_json(RecordType.COUP, record)
        return
    console = output.console()
    console.print(render_coup(coup, t=t))
    console.print(render_settlement(settlement, t))


def register(app: typer.Typer) -> None:
    app.command("settle")(settle_command)
