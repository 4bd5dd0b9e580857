"""``baccarat rules``: the rule sets, the bets each table offers, their pays and limits."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer
from rich.markup import escape
from rich.table import Table

from baccarat.cli import output
from baccarat.cli.language import LangOption, cli_translator
from baccarat.cli.output import print_json
from baccarat.cli.settle import load_rule_set
from baccarat.core.bets import Bet, format_pays
from baccarat.core.money import format_points
from baccarat.core.rulefile import rule_set_to_toml
from baccarat.core.rules import CHOICE_RULE_SETS, RULE_SETS, RuleSet, TableLimits
from baccarat.i18n.language import SOURCE, Language
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = ["offer_summary", "register", "rule_set_record", "rules_command"]


def _limits_record(limits: TableLimits) -> dict[str, str]:
    return {"minimum": format_points(limits.minimum), "maximum": format_points(limits.maximum)}


def _bet_record(bet: Bet, limits: TableLimits) -> dict[str, Any]:
    return {
        "name": bet.name,
        "title": bet.title,
        "domain": bet.domain.value,
        "rules": [
            {
                "when": {c.field.value: c.to_data() for c in rule.when},
                "pays": format_pays(rule.pays),
            }
            for rule in bet.rules
        ],
        "otherwise": "lose",
        "limits": _limits_record(limits),
    }


def rule_set_record(rule_set: RuleSet) -> dict[str, Any]:
    """A rule set as JSON-ready data: pays as ``"0.95:1"`` text, limits as points."""
    return {
        "name": rule_set.name,
        "title": rule_set.title,
        "description": rule_set.description,
        "tableau": rule_set.tableau.name,
        "limits": _limits_record(rule_set.limits),
        "bets": [
            _bet_record(bet, rule_set.limits_for(name)) for name, bet in rule_set.bets.items()
        ],
    }


def render_rule_set(rule_set: RuleSet, t: Translator) -> Table:
    """One rule set in full: every bet with every rule of its pay table, and its limits."""
    title = t.pgettext("rule set", rule_set.title)
    description = (
        t.pgettext("rule set description", rule_set.description) if rule_set.description else ""
    )
    table = Table(
        title=f"[bold]{escape(rule_set.name)}[/bold] — {escape(title)}",
        caption=escape(description) or None,
        title_justify="left",
        caption_justify="left",
    )
    table.add_column(t.gettext("Bet"))
    table.add_column(t.gettext("Pays (first matching rule)"))
    table.add_column(t.gettext("Limits (points)"), justify="right")
    for name, bet in rule_set.bets.items():
        limits = rule_set.limits_for(name)
        table.add_row(
            f"{escape(name)}\n[dim]{escape(t.pgettext('bet', bet.title))}[/dim]",
            escape("\n".join(bet.describe(t.pays_templates))),
            f"{format_points(limits.minimum)}–{format_points(limits.maximum)}",
        )
    return table


def offer_summary(rule_set: RuleSet, t: Language = SOURCE) -> str:
    """The bets a table offers with what they win: ``player 1:1, banker 0.95:1, ...``.

    A bet with two winning pays shows both (``banker 1:1/1:2``), with more a range
    (``dragon_bonus_player 1:1–30:1``); the Egalité bets are grouped.

    >>> from baccarat.core.rules import get_rule_set
    >>> offer_summary(get_rule_set("ez"))[:40]
    'player 1:1, banker 1:1, tie 8:1, dragon_'
    """
    parts: list[str] = []
    egalite: list[Fraction] = []
    for name, bet in rule_set.bets.items():
        wins = sorted({rule.pays for rule in bet.rules if rule.pays > 0}, reverse=True)
        if name.startswith("egalite_") and len(wins) == 1:
            egalite.append(wins[0])
            continue
        if len(wins) > 2:
            pays = f"{format_pays(wins[-1])}–{format_pays(wins[0])}"
        else:
            pays = "/".join(format_pays(w) for w in wins) or t.gettext("never wins")
        parts.append(f"{name} {pays}")
    if egalite:
        low, high = min(egalite), max(egalite)
        pays = format_pays(low) if low == high else f"{format_pays(low)}–{format_pays(high)}"
        group = t.gettext("egalite ({count} totals)").format(count=len(egalite))
        parts.append(f"{group} {pays}")
    return ", ".join(parts)


def render_overview(rule_sets: list[RuleSet], choice: list[RuleSet], t: Translator) -> Table:
    """Every rule set on one line: what it is and the bets it offers with their pays; then the
    games in which the hands choose, which the analyzer cannot price."""
    table = Table(title=t.gettext("Rule sets (details: baccarat rules NAME)"), title_justify="left")
    table.add_column(t.gettext("Rule set"))
    table.add_column(t.gettext("Main bets and side bets (what they pay)"))
    note = t.gettext(
        "A choice game: the hands choose when to draw, so the odds commands cannot price it "
        "(see baccarat solve chemin-de-fer)."
    )
    for rule_set in (*rule_sets, *choice):
        description = t.pgettext("rule set description", rule_set.description)
        text = f"{escape(description)}\n[dim]{escape(offer_summary(rule_set, t))}[/dim]"
        if rule_set in choice:
            text += f"\n[italic]{escape(note)}[/italic]"
        table.add_row(f"[bold]{escape(rule_set.name)}[/bold]", text)
    return table


def rules_command(
    name: Annotated[
        str | None, typer.Argument(help="Show this rule set only (default: all of them).")
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option("--file", help="Read a rule set from this TOML file, check it, and show it."),
    ] = None,
    toml: Annotated[
        bool, typer.Option("--toml", help="Print the rule set as TOML (a starting point to edit).")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="The rule sets as JSON data.")] = False,
    lang: LangOption = None,
) -> None:
    """List the rule sets: the bets each table offers, what they pay and the table limits."""
    t = cli_translator(lang)
    chosen = [load_rule_set(name, file)] if name is not None or file is not None else None
    rule_sets = chosen if chosen is not None else list(RULE_SETS.values())
    if toml:
        # TOML describes one table; with none named, print the default one.
        print(rule_set_to_toml(rule_sets[0]), end="")
        return
    if as_json:
        data: dict[str, Any] = {"rule_sets": [rule_set_record(rs) for rs in rule_sets]}
        if chosen is None:
            data["choice_rule_sets"] = [rule_set_record(rs) for rs in CHOICE_RULE_SETS.values()]
        print_json(RecordType.RULE_SETS, data)
        return
    console = output.console()
    if chosen is None:
        console.print(render_overview(rule_sets, list(CHOICE_RULE_SETS.values()), t))
        return
    console.print(render_rule_set(chosen[0], t))


def register(app: typer.Typer) -> None:
    app.command("rules")(rules_command)
