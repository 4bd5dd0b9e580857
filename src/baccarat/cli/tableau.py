"""``baccarat tableau``: the draw table, printed from the tableau data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.options import (
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    output_format,
)
from baccarat.cli.output import Screen, show, width
from baccarat.core.tableau import PUNTO_BANCO, Action, Side, Tableau, total_ranges

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator
    from baccarat.records import RecordType

__all__ = ["register", "tableau_command", "tableau_rules"]


def tableau_rules(tableau: Tableau, t: Translator) -> list[str]:
    """The naturals and the Player's rule in two sentences of ``t``'s language."""
    naturals = t.gettext(" or ").join(str(v) for v in sorted(tableau.natural_totals))
    lows = [v for v in range(10) if v not in tableau.natural_totals]
    # An en dash between totals, as deal's explanations and the pages write a run (0–5).
    draw = total_ranges((v for v in lows if tableau.player[v] is Action.DRAW), dash="–")
    stand = total_ranges((v for v in lows if tableau.player[v] is Action.STAND), dash="–")
    return [
        t.gettext("Naturals: a two-card total of {totals} - both hands stand.").format(
            totals=naturals
        ),
        t.gettext("Player draws on {draw}, stands on {stand}.").format(draw=draw, stand=stand),
    ]


def _letters(t: Translator) -> dict[Action, str]:
    # The letters of the web's draw table, so a page and the terminal say the same.
    return {
        # Translators: one letter for "draw" in the draw table; it must differ from the letters for stand and option.
        Action.DRAW: t.pgettext("draw table", "D"),
        # Translators: one letter for "stand" in the draw table.
        Action.STAND: t.pgettext("draw table", "S"),
        # Translators: one letter for a cell where the hand chooses (Chemin de Fer).
        Action.OPTION: t.pgettext("draw table", "O"),
    }


def _plain(tableau: Tableau, t: Translator) -> str:
    letters = _letters(t)
    legend = t.gettext(
        "Banker: {draw} = draw, {stand} = stand, by the Player's third card (0-9) or '-' if "
        "the Player stood"
    ).format(draw=letters[Action.DRAW], stand=letters[Action.STAND])
    banker = t.side_names[Side.BANKER]
    width = len(banker) + 3
    lines = [*tableau_rules(tableau, t), legend]
    lines.append(" " * (width + 3) + "  ".join(str(v) for v in range(10)) + "   -")
    for total in range(10):
        if tableau.is_natural(total):
            continue
        cells = "  ".join(letters[a] for a in tableau.banker[total])
        stood = letters[tableau.banker_player_stood[total]]
        lines.append(f"{banker} {total:>2} | {cells} | {stood}")
    return "\n".join(lines)


def _blocks(tableau: Tableau, t: Translator) -> list[Block]:
    letters = _letters(t)
    table = Table(
        "banker",
        t.gettext("Banker: draw ({draw}) or stand ({stand}) by the Player's third card").format(
            draw=letters[Action.DRAW], stand=letters[Action.STAND]
        ),
        [
            Column("banker_total", t.side_names[Side.BANKER]),
            *(Column(str(v), str(v), Align.CENTER) for v in range(10)),
            Column("player_stood", t.gettext("Player stood"), Align.CENTER),
        ],
    )
    for total in range(10):
        if tableau.is_natural(total):
            continue
        cells = [_cell(a, letters) for a in tableau.banker[total]]
        table.add(
            Cell(str(total), total), *cells, _cell(tableau.banker_player_stood[total], letters)
        )
    return [*(Paragraph(line) for line in tableau_rules(tableau, t)), table]


def tableau_command(
    plain: Annotated[bool, typer.Option("--plain", help="Plain text, no colours.")] = False,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """Print the Punto Banco draw rules (naturals, the Player rule, the Banker table)."""
    t = cli_translator(lang)
    chosen = output_format(fmt, as_json, output_path)
    tableau = PUNTO_BANCO
    if plain and chosen is OutputFormat.TABLE:
        Screen(width(), styled=False).paragraph(_plain(tableau, t))
        return
    record = {
        "name": tableau.name,
        "natural_totals": sorted(tableau.natural_totals),
        "player": [a.value for a in tableau.player],
        "banker_player_stood": [a.value for a in tableau.banker_player_stood],
        "banker": [[a.value for a in row] for row in tableau.banker],
    }

    def tagged() -> tuple[RecordType, Mapping[str, Any]]:
        from baccarat.records import RecordType

        return RecordType.TABLEAU, record

    show(chosen, lambda: _blocks(tableau, t), tagged)


def _cell(action: Action, letters: dict[Action, str]) -> Cell:
    return Cell(letters[action], action.value, "green" if action is Action.DRAW else "red")


def register(app: typer.Typer) -> None:
    app.command(
        "tableau",
        epilog=examples("baccarat tableau", "baccarat tableau --plain --lang vi"),
    )(tableau_command)
