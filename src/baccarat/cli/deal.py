"""``baccarat deal``: deal coups from a shuffled shoe or from given cards, with explanations."""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from typing import Annotated, TextIO

import typer

from baccarat.cli import output, progress
from baccarat.cli.entry import INTERRUPTED
from baccarat.cli.errors import CliError
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_DEAL_COUPS, MAX_LINE_CHARS, Whole
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import LangOption, decks_option, fresh_seed, seed_option, shoe_rules
from baccarat.cli.output import Screen
from baccarat.core.cards import format_cards, parse_cards
from baccarat.core.coup import Coup, Step
from baccarat.core.errors import CardError
from baccarat.core.explain import explain
from baccarat.core.shoe import Shoe
from baccarat.core.summary import Winner
from baccarat.core.tableau import PUNTO_BANCO, Side, Tableau
from baccarat.i18n.language import SOURCE, Language

__all__ = ["MAX_COUP_CARDS", "coup_from_cards", "deal_command", "register", "render_coup"]

MAX_COUP_CARDS = 6


def coup_from_cards(text: str, tableau: Tableau = PUNTO_BANCO) -> Coup:
    """The coup dealt from the cards of ``text`` in shoe order, every one of them: a card the
    coup does not use is refused, never dropped. A text longer than :data:`MAX_LINE_CHARS` is
    refused before it is read.

    >>> coup_from_cards("9c 9d Kd Kh 4c")
    Traceback (most recent call last):
    ...
    baccarat.core.errors.CardError: the coup uses 4 of the 5 cards given: '4c' is left over
    """
    if len(text) > MAX_LINE_CHARS:
        raise CliError("line_too_long", most=MAX_LINE_CHARS)
    cards = parse_cards(text)
    if len(cards) > MAX_COUP_CARDS:
        raise CardError("extra_cards", count=len(cards), cards=text.strip())
    coup = Coup.from_cards(cards, tableau)
    if coup.cards_used < len(cards):
        left = " ".join(str(card) for card in cards[coup.cards_used :])
        raise CardError("unused_cards", used=coup.cards_used, count=len(cards), cards=left)
    return coup


def render_coup(
    coup: Coup, number: int | None = None, t: Language = SOURCE, *, markup: bool = True
) -> str:
    """A coup in a few lines: cards, totals, winner, then why each hand acted; with ``markup``,
    in Rich markup (colours)."""

    def tag(style: str, text: str) -> str:
        return f"[{style}]{text}[/{style}]" if markup else text

    # gettext calls stay outside f-strings, where Babel's extractor would not see them.
    head = ""
    if number is not None:
        coup_number = t.gettext("Coup {number}").format(number=number)
        head = tag("bold", coup_number) + "  "
    natural = "  (" + t.gettext("natural") + ")" if coup.natural else ""
    high, low = sorted((coup.player.total, coup.banker.total), reverse=True)
    if coup.winner is Winner.TIE:
        verdict = t.gettext("Tie {high}–{low}").format(high=high, low=low)
    else:
        side = t.side_names[Side.PLAYER if coup.winner is Winner.PLAYER else Side.BANKER]
        verdict = t.gettext("{side} wins {high}–{low}").format(side=side, high=high, low=low)
    lines = [
        f"{head}{tag('blue', t.side_names[Side.PLAYER])} {format_cards(coup.player.cards)} "
        f"({coup.player.total})  {tag('red', t.side_names[Side.BANKER])} "
        f"{format_cards(coup.banker.cards)} ({coup.banker.total})  → {tag('bold', verdict)}"
        + natural,
    ]
    lines += [f"   · {_explain(step, t)}" for step in coup.steps]
    return "\n".join(lines)


def _explain(step: Step, t: Language) -> str:
    return explain(step, t.explain_templates, t.side_names, t.action_names)


def _emit_json(
    coup: Coup,
    out: TextIO,
    t: Language = SOURCE,
    *,
    shoe: int | None = None,
    number: int | None = None,
) -> None:
    from baccarat.records import RecordType, coup_record

    out.write(output.json_line(RecordType.COUP, coup_record(coup, t, shoe=shoe, number=number)))


def _show(screen: Screen, coup: Coup, number: int | None, t: Language) -> None:
    if screen.styled:
        screen.markup(render_coup(coup, number, t))
    else:
        screen.paragraph(render_coup(coup, number, t, markup=False))


def _lines(stream: TextIO) -> Iterator[str]:
    """The lines of ``stream``, each refused past :data:`MAX_LINE_CHARS` before it is read
    whole."""
    while True:
        line = stream.readline(MAX_LINE_CHARS + 1)
        if not line:
            return
        if len(line.rstrip("\r\n")) > MAX_LINE_CHARS:
            raise CliError("line_too_long", most=MAX_LINE_CHARS)
        yield line


def _deal_stdin(as_json: bool, screen: Screen, t: Language = SOURCE) -> None:
    for number, line in enumerate(_lines(sys.stdin), start=1):
        if not line.strip():
            continue
        try:
            coup = coup_from_cards(line)
        except (CardError, CliError) as exc:
            raise CardError("cards_line", number=number, detail=exc) from None
        if as_json:
            _emit_json(coup, sys.stdout, t)
        else:
            _show(screen, coup, number, t)


def deal_command(
    coups: Annotated[
        int | None,
        typer.Option(
            "--coups",
            "-n",
            click_type=Whole(MAX_DEAL_COUPS),
            help="Coups to deal.",
            show_default="1",
        ),
    ] = None,
    decks: Annotated[int | None, decks_option("Decks in the shoe.")] = None,
    seed: Annotated[int | None, seed_option("Seed for a reproducible shoe.")] = None,
    cards: Annotated[
        str | None,
        typer.Option(
            metavar="CARDS",
            help="Deal one coup from these cards in shoe order (P1 B1 P2 B2 then third cards); "
            "'-' reads one coup per line from standard input.",
        ),
    ] = None,
    as_json: Annotated[
        bool,
        typer.Option("--json", help="One JSON object per coup, with its shoe and coup numbers."),
    ] = False,
    lang: LangOption = None,
) -> None:
    """Deal coups and say why each hand drew or stood."""
    screen = output.screen()
    t = cli_translator(lang)
    if cards is not None:
        for option, given in (("--coups", coups), ("--decks", decks), ("--seed", seed)):
            if given is not None:
                raise CliError("options_together", first="--cards", second=option)
        if cards == "-":
            _deal_stdin(as_json, screen, t)
        elif as_json:
            _emit_json(coup_from_cards(cards), sys.stdout, t)
        else:
            _show(screen, coup_from_cards(cards), None, t)
        return
    count = 1 if coups is None else coups
    if count < 1:
        raise CliError("coups_too_few", coups=count)
    rules = shoe_rules(decks)
    rng = random.Random(fresh_seed(seed))
    shoe = Shoe.shuffled(rules, rng)
    shoe_number = 1
    update, close = progress.bar(t.gettext("Dealing coups"), t.gettext("coups"))
    number = 0
    try:
        for number in range(1, count + 1):
            if shoe.finished:
                if not as_json:
                    cut = t.gettext("The cut card came out: a new shoe is shuffled.")
                    screen.paragraph(cut, "dim")
                shoe = Shoe.shuffled(rules, rng)
                shoe_number += 1
            coup = shoe.deal_coup()
            if as_json:
                _emit_json(coup, sys.stdout, t, shoe=shoe_number, number=shoe.coups_dealt)
            else:
                _show(screen, coup, number, t)
            if number % 256 == 0:
                update(number, count)
    except KeyboardInterrupt:
        close()
        stopped = t.gettext("interrupted after {coups} coups").format(
            coups=numbers_for(t.language).integer(max(number - 1, 0))
        )
        sys.stderr.write(f"\nbaccarat: {stopped}\n")
        raise SystemExit(INTERRUPTED) from None
    close()


def register(app: typer.Typer) -> None:
    app.command(
        "deal",
        epilog=examples(
            "baccarat deal --coups 5 --seed 7",
            "baccarat deal --cards '7c 2s Kd 3h 4c'",
            "baccarat deal --coups 1000 --json > coups.jsonl",
        ),
    )(deal_command)
