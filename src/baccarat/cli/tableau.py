"""``baccarat tableau``: the draw table, printed from the tableau data."""

from __future__ import annotations

import json
from typing import Annotated

import typer
from rich.table import Table

from baccarat.cli import output
from baccarat.core.tableau import PUNTO_BANCO, Action

__all__ = ["register", "tableau_command"]


def tableau_command(
    as_json: Annotated[bool, typer.Option("--json", help="The tableau as JSON data.")] = False,
    plain: Annotated[bool, typer.Option("--plain", help="Plain text, no colours.")] = False,
) -> None:
    """Print the Punto Banco draw rules (naturals, the Player rule, the Banker table)."""
    t = PUNTO_BANCO
    if as_json:
        print(
            json.dumps(
                {
                    "name": t.name,
                    "natural_totals": sorted(t.natural_totals),
                    "player": [a.value for a in t.player],
                    "banker_player_stood": [a.value for a in t.banker_player_stood],
                    "banker": [[a.value for a in row] for row in t.banker],
                }
            )
        )
        return
    if plain:
        print(t.to_text())
        return
    console = output.console()
    console.print(t.to_text().splitlines()[0])
    console.print(t.to_text().splitlines()[1])
    table = Table(title="Banker: draw (D) or stand (S) by the Player's third card")
    table.add_column("Banker", justify="right")
    for value in range(10):
        table.add_column(str(value), justify="center")
    table.add_column("Player stood", justify="center")
    for total in range(10):
        if t.is_natural(total):
            continue
        cells = [_cell(a) for a in t.banker[total]]
        table.add_row(str(total), *cells, _cell(t.banker_player_stood[total]))
    console.print(table)


def _cell(action: Action) -> str:
    return "[green]D[/green]" if action is Action.DRAW else "[red]S[/red]"


def register(app: typer.Typer) -> None:
    app.command("tableau")(tableau_command)
