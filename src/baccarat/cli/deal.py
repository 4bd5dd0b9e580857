"""``baccarat deal``: deal coups from a shuffled shoe or from given cards, with explanations."""

from __future__ import annotations

import json
import random
import sys
from typing import Annotated, TextIO

import typer
from rich.console import Console

from baccarat.core.cards import format_cards, parse_cards
from baccarat.core.coup import Coup
from baccarat.core.errors import BaccaratError, CardError
from baccarat.core.explain import explain_coup
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.records import coup_record

__all__ = ["deal_command", "register"]


def render_coup(coup: Coup, number: int | None = None) -> str:
    """A coup in a few lines of Rich markup: cards, totals, winner, then why each hand acted."""
    head = f"[bold]Coup {number}[/bold]  " if number is not None else ""
    winner = coup.winner.value.capitalize()
    verdict = "Tie" if winner == "Tie" else f"{winner} wins"
    high, low = sorted((coup.player.total, coup.banker.total), reverse=True)
    score = f"{high}–{low}"
    lines = [
        f"{head}[blue]Player[/blue] {format_cards(coup.player.cards)} ({coup.player.total})  "
        f"[red]Banker[/red] {format_cards(coup.banker.cards)} ({coup.banker.total})  "
        f"→ [bold]{verdict} {score}[/bold]" + ("  (natural)" if coup.natural else ""),
    ]
    lines += [f"   · {text}" for text in explain_coup(coup)]
    return "\n".join(lines)


def _emit_json(coup: Coup, out: TextIO) -> None:
    out.write(json.dumps(coup_record(coup), ensure_ascii=False) + "\n")


def _deal_stdin(as_json: bool, console: Console) -> None:
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            coup = Coup.from_cards(parse_cards(line))
        except CardError as exc:
            raise CardError(f"line {number}: {exc}") from None
        if as_json:
            _emit_json(coup, sys.stdout)
        else:
            console.print(render_coup(coup, number))


def deal_command(
    coups: Annotated[int, typer.Option("--coups", "-n", help="Coups to deal.")] = 1,
    decks: Annotated[int, typer.Option(help="Decks in the shoe.")] = 8,
    seed: Annotated[
        int | None, typer.Option(help="Seed for a reproducible shoe (default: the OS CSPRNG).")
    ] = None,
    cards: Annotated[
        str | None,
        typer.Option(
            help="Deal one coup from these cards in shoe order (P1 B1 P2 B2 then third cards); "
            "'-' reads one coup per line from standard input."
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="One JSON object per coup.")] = False,
) -> None:
    """Deal coups and say why each hand drew or stood."""
    console = Console(highlight=False)
    if cards == "-":
        _deal_stdin(as_json, console)
        return
    if cards is not None:
        coup = Coup.from_cards(parse_cards(cards))
        if as_json:
            _emit_json(coup, sys.stdout)
        else:
            console.print(render_coup(coup))
        return
    if coups < 1:
        raise BaccaratError(f"--coups must be at least 1, got {coups}")
    rules = ShoeRules(decks=decks)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    shoe = Shoe.shuffled(rules, rng)
    for number in range(1, coups + 1):
        if shoe.finished:
            if not as_json:
                console.print("[dim]The cut card came out: a new shoe is shuffled.[/dim]")
            shoe = Shoe.shuffled(rules, rng)
        coup = shoe.deal_coup()
        if as_json:
            _emit_json(coup, sys.stdout)
        else:
            console.print(render_coup(coup, number))


def register(app: typer.Typer) -> None:
    app.command("deal")(deal_command)
