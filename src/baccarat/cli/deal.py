"""``baccarat deal``: deal coups from a shuffled shoe or from given cards, with explanations."""

from __future__ import annotations

import random
import sys
from typing import Annotated, TextIO

import typer
from rich.console import Console

from baccarat.cli import output
from baccarat.cli.errors import CoupsTooFewError, LineError
from baccarat.cli.language import LangOption, cli_translator
from baccarat.core.cards import format_cards, parse_cards
from baccarat.core.coup import Coup, Step
from baccarat.core.errors import CardError
from baccarat.core.explain import explain
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.core.summary import Winner
from baccarat.core.tableau import Side
from baccarat.i18n.language import SOURCE, Language
from baccarat.records import RecordType, coup_record

__all__ = ["deal_command", "register"]


def render_coup(coup: Coup, number: int | None = None, t: Language = SOURCE) -> str:
    """A coup in a few lines of Rich markup: cards, totals, winner, then why each hand acted."""
    # gettext calls stay outside f-strings, where Babel's extractor would not see them.
    head = ""
    if number is not None:
        coup_number = t.gettext("Coup {number}").format(number=number)
        head = f"[bold]{coup_number}[/bold]  "
    natural = "  (" + t.gettext("natural") + ")" if coup.natural else ""
    high, low = sorted((coup.player.total, coup.banker.total), reverse=True)
    if coup.winner is Winner.TIE:
        verdict = t.gettext("Tie {high}–{low}").format(high=high, low=low)
    else:
        side = t.side_names[Side.PLAYER if coup.winner is Winner.PLAYER else Side.BANKER]
        verdict = t.gettext("{side} wins {high}–{low}").format(side=side, high=high, low=low)
    lines = [
        f"{head}[blue]{t.side_names[Side.PLAYER]}[/blue] {format_cards(coup.player.cards)} "
        f"({coup.player.total})  [red]{t.side_names[Side.BANKER]}[/red] "
        f"{format_cards(coup.banker.cards)} ({coup.banker.total})  → [bold]{verdict}[/bold]"
        + natural,
    ]
    lines += [f"   · {_explain(step, t)}" for step in coup.steps]
    return "\n".join(lines)


def _explain(step: Step, t: Language) -> str:
    return explain(step, t.explain_templates, t.side_names, t.action_names)


def _emit_json(coup: Coup, out: TextIO, t: Language = SOURCE) -> None:
    out.write(output.json_line(RecordType.COUP, coup_record(coup, t)))


def _deal_stdin(as_json: bool, console: Console, t: Language = SOURCE) -> None:
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        try:
            coup = Coup.from_cards(parse_cards(line))
        except CardError as exc:
            raise LineError(number=number, detail=exc) from None
        if as_json:
            _emit_json(coup, sys.stdout, t)
        else:
            console.print(render_coup(coup, number, t))


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
    lang: LangOption = None,
) -> None:
    """Deal coups and say why each hand drew or stood."""
    console = output.console()
    t = cli_translator(lang)
    if cards == "-":
        _deal_stdin(as_json, console, t)
        return
    if cards is not None:
        coup = Coup.from_cards(parse_cards(cards))
        if as_json:
            _emit_json(coup, sys.stdout, t)
        else:
            console.print(render_coup(coup, t=t))
        return
    if coups < 1:
        raise CoupsTooFewError(coups=coups)
    rules = ShoeRules(decks=decks)
    rng = random.Random(seed) if seed is not None else random.SystemRandom()
    shoe = Shoe.shuffled(rules, rng)
    for number in range(1, coups + 1):
        if shoe.finished:
            if not as_json:
                cut = t.gettext("The cut card came out: a new shoe is shuffled.")
                console.print(f"[dim]{cut}[/dim]")
            shoe = Shoe.shuffled(rules, rng)
        coup = shoe.deal_coup()
        if as_json:
            _emit_json(coup, sys.stdout, t)
        else:
            console.print(render_coup(coup, number, t))


def register(app: typer.Typer) -> None:
    app.command("deal")(deal_command)
