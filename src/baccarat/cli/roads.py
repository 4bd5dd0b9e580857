"""``baccarat roads``: the score-board roads of given results or of a dealt shoe."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Annotated

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.options import LangOption, decks_option, fresh_seed, seed_option, shoe_rules
from baccarat.cli.output import print_json, screen

__all__ = ["register", "roads_command"]


def roads_command(
    results: Annotated[
        str | None,
        typer.Option(
            metavar="RESULTS",
            help='Result tokens in order, e.g. "B B P T P+pp B+bp+n": B, P or T, optionally '
            "followed by +bp (Banker pair), +pp (Player pair), +n (natural).",
        ),
    ] = None,
    from_shoe: Annotated[
        bool, typer.Option("--from-shoe", help="Deal a whole shoe and show its roads.")
    ] = False,
    seed: Annotated[
        int | None, seed_option("Seed for a reproducible shoe (with --from-shoe).")
    ] = None,
    decks: Annotated[int | None, decks_option("Decks in the shoe (with --from-shoe).")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The roads and their statistics as one JSON object.")
    ] = False,
    svg: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Write every road as one SVG image to this file ('-': standard output).",
        ),
    ] = None,
    lang: LangOption = None,
) -> None:
    """Show the Bead Plate, Big Road, Big Eye Boy, Small Road and Cockroach Pig, with the ask
    icons and statistics. The roads describe past coups; they predict nothing."""
    from baccarat.core.shoe import Shoe
    from baccarat.roads.labels import labels_in
    from baccarat.roads.model import Roads
    from baccarat.roads.records import roads_document
    from baccarat.roads.svg import roads_svg
    from baccarat.roads.text import render_text

    t = cli_translator(lang)
    labels = labels_in(t)
    if (results is None) == (not from_shoe):
        raise CliError("roads_source")
    if as_json and svg is not None:
        raise CliError("options_together", first="--json", second="--svg")
    if results is not None:
        if seed is not None or decks is not None:
            raise CliError("seed_decks_with_results")
        roads = Roads.from_tokens(results)
        if not len(roads):
            raise CliError("no_result_tokens", results=results)
    else:
        rng = random.Random(fresh_seed(seed))
        roads = Roads.from_coups(Shoe.shuffled(shoe_rules(decks), rng).deal_all())

    if as_json:
        from baccarat.records import RecordType

        record = roads_document(roads)
        print_json(RecordType.ROADS, record)
    elif svg is None:
        from baccarat.cli.numbers import numbers_for

        numbers = numbers_for(t.language)
        out = screen()
        # As the board writes a share (44.4%), with the language's decimal mark (44,4%).
        out.paragraph(
            render_text(roads, labels, out.width, lambda share: numbers.decimal(share, 1) + "%")
        )
    elif str(svg) == "-":
        typer.echo(roads_svg(roads, labels=labels), nl=False)
    else:
        try:
            svg.write_text(roads_svg(roads, labels=labels), encoding="utf-8")
        except OSError as exc:
            raise CliError("cannot_write_svg", path=str(svg), reason=exc.strerror) from None
        wrote = t.gettext("Wrote the roads of {count} coups to {path}")
        typer.echo(wrote.format(count=len(roads), path=svg))


def register(app: typer.Typer) -> None:
    app.command(
        "roads",
        epilog=examples(
            "baccarat roads --results 'B B P T P+pp B+bp+n'",
            "baccarat roads --from-shoe --seed 5",
            "baccarat roads --from-shoe --svg roads.svg",
        ),
    )(roads_command)
