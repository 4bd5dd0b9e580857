"""``baccarat rules``: the rule sets, the bets each table offers, their pays and limits."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli.entry import deprecated
from baccarat.cli.format import Align, Block, Cell, Column, Table
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import (
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    load_rule_set,
    output_format,
    rules_file_option,
)
from baccarat.cli.output import show
from baccarat.core.bets import Bet, format_pays
from baccarat.core.points import format_points
from baccarat.core.rulefile import rule_set_to_toml
from baccarat.core.rules import CHOICE_RULE_SETS, RULE_SETS, RuleSet, TableLimits
from baccarat.i18n.language import SOURCE, Language
from baccarat.i18n.words import bet_title, rule_set_title
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
                "when": {c.key: c.to_data() for c in rule.when},
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


def render_rule_set(rule_set: RuleSet, t: Translator) -> list[Block]:
    """One rule set in full: every bet with every rule of its pay table, and its limits."""
    n = numbers_for(t.language)
    title = rule_set_title(rule_set, t)
    table = Table(
        "bets",
        f"{rule_set.name} — {title}",
        [
            Column("bet", t.gettext("Bet"), Align.LEFT, wrap=True),
            Column("id", t.gettext("Id (--bet)"), Align.LEFT),
            Column("pays", t.gettext("Pays (first matching rule)"), Align.LEFT, wrap=True),
            Column("limits", t.gettext("Limits (points)")),
        ],
    )
    if rule_set.description:
        table.notes.append(t.pgettext("rule set description", rule_set.description))
    for name, bet in rule_set.bets.items():
        limits = rule_set.limits_for(name)
        table.add(
            Cell(bet_title(bet, t), bet.title),
            Cell(name, name, "dim"),
            Cell("\n".join(bet.describe(t.pays_templates)), "; ".join(bet.describe())),
            Cell(
                f"{n.points(limits.minimum)}–{n.points(limits.maximum)}",
                f"{format_points(limits.minimum)}-{format_points(limits.maximum)}",
            ),
        )
    return [table]


def offer_summary(
    rule_set: RuleSet, t: Language = SOURCE, *, titles: bool = False, decimal: str = "."
) -> str:
    """The bets a table offers with what they win: ``player 1:1, banker 0.95:1, ...``.

    A bet with two winning pays shows both (``banker 1:1/1:2``), with more a range
    (``dragon_bonus_player 1:1–30:1``); the Egalité bets are grouped. With ``titles``, each
    bet is named by its title in ``t``'s language instead of its id, and ``decimal`` is the
    language's decimal sign in a pay (``0,95:1``).

    >>> from baccarat.core.rules import get_rule_set
    >>> offer_summary(get_rule_set("ez"))[:40]
    'player 1:1, banker 1:1, tie 8:1, dragon_'
    >>> offer_summary(get_rule_set("ez"), titles=True)[:40]
    'Player 1:1, Banker (EZ) 1:1, Tie 8:1, Dr'
    """

    def shown(pays: Fraction) -> str:
        return format_pays(pays).replace(".", decimal)

    parts: list[str] = []
    egalite: list[Fraction] = []
    for name, bet in rule_set.bets.items():
        wins = sorted({rule.pays for rule in bet.rules if rule.pays > 0}, reverse=True)
        if name.startswith("egalite_") and len(wins) == 1:
            egalite.append(wins[0])
            continue
        if len(wins) > 2:
            pays = f"{shown(wins[-1])}–{shown(wins[0])}"
        else:
            pays = "/".join(shown(w) for w in wins) or t.gettext("never wins")
        parts.append(f"{bet_title(bet, t) if titles else name} {pays}")
    if egalite:
        low, high = min(egalite), max(egalite)
        pays = shown(low) if low == high else f"{shown(low)}–{shown(high)}"
        group = t.gettext("egalite ({count} totals)").format(count=len(egalite))
        parts.append(f"{group} {pays}")
    return ", ".join(parts)


def render_overview(rule_sets: list[RuleSet], choice: list[RuleSet], t: Translator) -> list[Block]:
    """Every rule set on one line: what it is and the bets it offers with their pays; then the
    games in which the hands choose, which the analyzer cannot price."""
    table = Table(
        "rule_sets",
        t.gettext("Rule sets (details: baccarat rules NAME)"),
        [
            Column("rule_set", t.gettext("Rule set"), Align.LEFT),
            Column(
                "bets", t.gettext("Main bets and side bets (what they pay)"), Align.LEFT, wrap=True
            ),
        ],
    )
    note = t.gettext(
        "A choice game: the hands choose when to draw, so the odds commands cannot price it "
        "(see baccarat solve chemin-de-fer)."
    )
    sign = numbers_for(t.language).locale.number_symbols["latn"]["decimal"]
    for rule_set in (*rule_sets, *choice):
        description = t.pgettext("rule set description", rule_set.description)
        if rule_set in choice:
            description += " " + note
        table.add(
            Cell(rule_set.name, rule_set.name, "bold"),
            Cell(
                f"{description}\n{offer_summary(rule_set, t, titles=True, decimal=sign)}",
                offer_summary(rule_set),
            ),
        )
    return [table]


def rules_command(
    name: Annotated[
        str | None,
        typer.Argument(help="Show this rule set only.", show_default="all of them"),
    ] = None,
    rules_file: Annotated[
        Path | None,
        rules_file_option("Read a rule set from this TOML file, check it, and show it."),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file", metavar="FILE", hidden=True, help="The same as --rules-file (deprecated)."
        ),
    ] = None,
    toml: Annotated[
        bool, typer.Option("--toml", help="Print the rule set as TOML (a starting point to edit).")
    ] = False,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """List the rule sets: the bets each table offers, what they pay and the table limits."""
    t = cli_translator(lang)
    chosen_format = output_format(fmt, as_json, output_path)
    if file is not None:
        deprecated("--file", "--rules-file")
        rules_file = rules_file or file
    chosen = (
        [load_rule_set(name, rules_file)] if name is not None or rules_file is not None else None
    )
    rule_sets = chosen if chosen is not None else list(RULE_SETS.values())
    if toml:
        # TOML describes one table; with none named, print the default one.
        print(rule_set_to_toml(rule_sets[0]), end="")
        return

    def record() -> tuple[RecordType, dict[str, Any]]:
        data: dict[str, Any] = {"rule_sets": [rule_set_record(rs) for rs in rule_sets]}
        if chosen is None:
            data["choice_rule_sets"] = [rule_set_record(rs) for rs in CHOICE_RULE_SETS.values()]
        return RecordType.RULE_SETS, data

    def blocks() -> list[Block]:
        if chosen is None:
            return render_overview(rule_sets, list(CHOICE_RULE_SETS.values()), t)
        return render_rule_set(chosen[0], t)

    show(chosen_format, blocks, record)


def register(app: typer.Typer) -> None:
    app.command(
        "rules",
        epilog=examples(
            "baccarat rules",
            "baccarat rules ez",
            "baccarat rules ez --toml > mine.toml",
            "baccarat rules --rules-file mine.toml",
        ),
    )(rules_command)
