"""``baccarat solve``: the game-theoretic solution of the games in which the hands choose."""

from __future__ import annotations

import random
import re
import sys
from enum import StrEnum
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli import progress
from baccarat.cli.errors import CliError
from baccarat.cli.help import examples
from baccarat.cli.kernelcache import prepare_kernels
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_SOLVE_SIMULATE, EnumChoice, Whole
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import LangOption, decks_option, fresh_seed, seed_option
from baccarat.cli.output import print_json, screen
from baccarat.core.tableau import Action, Side
from baccarat.extras import require
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.chemin.banque.deal import Seat
    from baccarat.chemin.banque.solve import BanqueBanker, BanqueGame
    from baccarat.chemin.solve import Solution
    from baccarat.i18n.catalogs import Translator
    from baccarat.odds.composition import Composition

__all__ = [
    "banque_command",
    "chemin_de_fer_command",
    "register",
    "render_banque",
    "render_solution",
]

CHEMIN_DE_FER_DECKS = 6
"""The shoe Chemin de Fer is solved for when none is named: the game's usual six decks."""
MAX_FRACTION_TEXT = 100
"""Characters of a stake or a probability written as a fraction (``9/11``): plenty."""
_FRACTION = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)(/[0-9]+)?")


class BankerSetting(StrEnum):
    """Which Banker ``solve chemin-de-fer`` solves for."""

    RULES = "rules"
    FREE = "free"
    CARDS = "cards"
    BOTH = "both"


def _contents(decks: int, infinite: bool) -> Composition:
    from baccarat.odds.composition import Composition

    return Composition.infinite_deck() if infinite else Composition.decks(decks)


def _fraction_text(value: Any) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


def _cell(
    solution: Solution,
    total: int,
    third: int | None,
    letters: dict[str, str],
    cards: tuple[int, int] | None = None,
) -> str:
    from baccarat.chemin.tableau import tableau_action
    from baccarat.core.coup import ChoicePoint
    from baccarat.core.tableau import Action, Side

    point = ChoicePoint(Side.BANKER, total, third, cards)
    action = tableau_action(solution.game.tableau, point)
    if action is not Action.OPTION:
        return letters["d" if action is Action.DRAW else "s"]
    p = solution.banker.probability(point)
    return letters["D" if p == 1 else "S" if p == 0 else "*"]


def _banker_views(solution: Solution, total: int) -> list[tuple[int, int] | None]:
    """The Banker's hands of ``total`` as the game tells them apart: one row for the total, or one
    for each pair of card values where he sees his cards."""
    from baccarat.chemin.information import Information, compositions

    if solution.game.information is Information.TOTALS:
        return [None]
    return list(compositions(total))


def _banker_row(total: int, cards: tuple[int, int] | None) -> str:
    return str(total) if cards is None else f"{total} ({cards[0]}+{cards[1]})"


def _letters(t: Translator) -> dict[str, str]:
    """The grid's letters: D/S chosen, d/s fixed by the rules, * mixed."""
    draw, stand = t.pgettext("draw table", "D"), t.pgettext("draw table", "S")
    return {"D": draw, "S": stand, "d": draw.lower(), "s": stand.lower(), "*": "*"}


def _probability(p: Fraction, t: Translator) -> str:
    return t.gettext("with probability {p} (about {approx})").format(
        p=_fraction_text(p), approx=numbers_for(t.language).decimal(float(p), 4)
    )


def render_solution(solution: Solution, title: str, tr: Translator) -> str:
    """The solution in plain text: both strategies, the mixed choices and the value."""
    from baccarat.chemin.tableau import POINT_MESSAGES, point_label

    labels = tr.translated(POINT_MESSAGES)
    game = solution.game
    lines = [title]
    for point, p in solution.player.draw.items():
        if p in (0, 1):
            how = tr.gettext("draw always") if p == 1 else tr.gettext("draw never")
        else:
            how = tr.gettext("draw {how}").format(how=_probability(p, tr))
        lines.append(f"  {point_label(point, labels)}: {how}")
    banker_free = len(game.banker_points)
    if banker_free <= 10:
        for point, p in solution.banker.draw.items():
            if p in (0, 1):
                how = tr.action_names[Action.DRAW if p == 1 else Action.STAND]
            else:
                how = tr.gettext("draw {how}").format(how=_probability(p, tr))
            lines.append(f"  {point_label(point, labels)}: {how}")
    else:
        letters = _letters(tr)
        lines.append(
            "  "
            + tr.gettext(
                "Banker's optimal play ({draw}/{stand}: chosen, * mixed; {fixed_draw}/"
                "{fixed_stand}: fixed by the rules), by the Player's third card or '-' if he "
                "stood:"
            ).format(
                draw=letters["D"],
                stand=letters["S"],
                fixed_draw=letters["d"],
                fixed_stand=letters["s"],
            )
        )
        banker = tr.side_names[Side.BANKER]
        rows = [
            (f"{banker} {_banker_row(total, cards)}", total, cards)
            for total in range(10)
            if not game.tableau.is_natural(total)
            for cards in _banker_views(solution, total)
        ]
        width = max(len(label) for label, _, _ in rows)
        lines.append(" " * (width + 6) + "  ".join(str(v) for v in range(10)) + "   -")
        for label, total, cards in rows:
            cells = "  ".join(_cell(solution, total, v, letters, cards) for v in range(10))
            stood = _cell(solution, total, None, letters, cards)
            lines.append(f"    {label:<{width}} | {cells} | {stood}")
    mixed = solution.mixed_player | solution.mixed_banker
    if mixed:
        choices = "; ".join(
            tr.gettext("{situation} (draw {p})").format(
                situation=point_label(p, labels), p=_fraction_text(q)
            )
            for p, q in mixed.items()
        )
        lines.append("  " + tr.gettext("Mixed: {choices}").format(choices=choices))
    else:
        lines.append("  " + tr.gettext("Mixed: none (optimal play is pure)"))
    lines.append(
        "  "
        + tr.gettext("Value: {value} per unit staked to the Player (exactly {exact})").format(
            value=numbers_for(tr.language).decimal(float(solution.value), 6, sign=True),
            exact=_fraction_text(solution.value),
        )
    )
    return "\n".join(lines)


def chemin_de_fer_command(
    decks: Annotated[
        int | None,
        decks_option(
            "Decks in the shoe (the first coup of a fresh shoe).",
            show_default=str(CHEMIN_DE_FER_DECKS),
        ),
    ] = None,
    infinite: Annotated[
        bool, typer.Option("--infinite", help="The infinite deck (cards drawn with replacement).")
    ] = False,
    banker: Annotated[
        BankerSetting,
        typer.Option(
            click_type=EnumChoice(
                BankerSetting, lambda text: CliError("unknown_banker", banker=text)
            ),
            help="Which Banker: 'rules' (the Chemin de Fer options only), 'free' (free in every "
            "situation: Kemeny and Snell's game), 'both' (those two) or 'cards' (free, and "
            "deciding on his two cards' values: Downton and Lockwood's game).",
        ),
    ] = BankerSetting.BOTH,
    simulate: Annotated[
        int,
        typer.Option(
            click_type=Whole(MAX_SOLVE_SIMULATE),
            help="Also deal this many coups with the optimal strategies to check the value.",
        ),
    ] = 0,
    seed: Annotated[int | None, seed_option("Seed of the simulation.")] = None,
    as_json: Annotated[bool, typer.Option("--json", help="The solutions as JSON.")] = False,
    lang: LangOption = None,
) -> None:
    """Solve Chemin de Fer: each side's optimal (possibly mixed) strategy and the game's value."""
    t = cli_translator(lang)
    require("chemin", "baccarat solve chemin-de-fer")
    prepare_kernels()
    from baccarat.chemin.game import BANKER_DISCRETION, CHEMIN_DE_FER, Information
    from baccarat.chemin.simulate import simulate_value
    from baccarat.chemin.solve import solve_chemin_de_fer
    from baccarat.odds.render import shoe_text

    if infinite and decks is not None:
        raise CliError("options_together", first="--infinite", second="--decks")
    if simulate < 0:
        raise CliError("negative_simulate", simulate=simulate)
    contents = _contents(CHEMIN_DE_FER_DECKS if decks is None else decks, infinite)
    settings = {
        "rules": (
            CHEMIN_DE_FER,
            Information.TOTALS,
            t.gettext("Chemin de Fer rules: the Banker chooses only where they allow"),
        ),
        "free": (
            BANKER_DISCRETION,
            Information.TOTALS,
            t.gettext("The Banker free in every situation (Kemeny and Snell's game)"),
        ),
        "cards": (
            BANKER_DISCRETION,
            Information.BANKER_CARDS,
            t.gettext(
                "The Banker free and deciding on his two cards' values "
                "(Downton and Lockwood's game)"
            ),
        ),
    }
    chosen = ["rules", "free"] if banker is BankerSetting.BOTH else [banker.value]
    numbers = numbers_for(t.language)
    data: dict[str, Any] = {"shoe": contents.describe(), "solutions": {}}
    seed = fresh_seed(seed) if simulate else seed
    texts: list[str] = []
    stopped_at: int | None = None
    for key in chosen:
        tableau, information, title = settings[key]
        solution = solve_chemin_de_fer(contents, tableau, information)
        entry = solution.to_data()
        text = render_solution(solution, f"{title}, {shoe_text(contents, t)}:", t)
        if simulate and stopped_at is None:
            update, close_bar = progress.bar(t.gettext("Dealing coups"), t.gettext("coups"))
            try:
                run = simulate_value(
                    solution.game, solution.player, solution.banker, simulate,
                    random.Random(seed), progress=update,
                )  # fmt: skip
            finally:
                close_bar()
            if run.interrupted:
                stopped_at = run.coups
                text += "\n  " + _interrupted(t)
            entry["simulation"] = run.to_data() | {"z": run.z(solution.value)}
            text += "\n  " + t.gettext(
                "Simulated: {mean} ± {error} over {coups} coups ({z} standard errors from the value)"
            ).format(
                mean=numbers.decimal(float(run.mean), 6, sign=True),
                error=numbers.decimal(run.standard_error, 6),
                coups=numbers.integer(run.coups),
                z=numbers.decimal(run.z(solution.value), 2, sign=True),
            )
        data["solutions"][key] = entry
        texts.append(text)
    if as_json:
        print_json(RecordType.SOLVE_CHEMIN_DE_FER, data)
    else:
        screen().paragraph("\n\n".join(texts))
    _exit_if_interrupted(stopped_at, t)


def _interrupted(t: Translator) -> str:
    return t.gettext("Interrupted: the figures are for the coups dealt so far.")


def _exit_if_interrupted(coups: int | None, t: Translator) -> None:
    """After the figures: one line on standard error and exit 130 when Ctrl-C stopped the
    simulation."""
    if coups is not None:
        stopped = t.gettext("interrupted after {coups} coups").format(
            coups=numbers_for(t.language).integer(coups)
        )
        sys.stderr.write(f"baccarat: {stopped}\n")
        raise SystemExit(130)


def _seat_name(seat: Seat, t: Translator) -> str:
    # Translators: the seat of a Player hand in Baccarat Banque: "the right hand"; "left" is the other.
    return t.gettext("right") if seat.value == "right" else t.gettext("left")


def render_banque(
    game: BanqueGame, banker: BanqueBanker, stakes: dict[Seat, Fraction], t: Translator
) -> str:
    """The Banker's best reply as one grid per Banker total, and his edge on each hand."""
    from baccarat.chemin.banque.deal import BanqueChoicePoint
    from baccarat.chemin.banque.solve import VIEWS

    draws = ", ".join(
        t.gettext("{seat} hand {p}").format(seat=_seat_name(seat, t), p=_fraction_text(p))
        for seat, p in game.player_draw.items()
    )
    shown = ", ".join(f"{_seat_name(seat, t)} {_fraction_text(w)}" for seat, w in stakes.items())
    lines = [
        t.gettext("Baccarat Banque, infinite deck: the Banker's best reply"),
        "  " + t.gettext("Player hands draw on 5 with probability: {draws}").format(draws=draws),
        "  " + t.gettext("Stakes: {stakes}").format(stakes=shown),
    ]
    draw, stand = t.pgettext("draw table", "D"), t.pgettext("draw table", "S")
    header = "  ".join(v.key for v in VIEWS)
    for total in range(10):
        if game.tableau.is_natural(total):
            continue
        cells = {p: banker.probability(p) for p in banker.draw if p.total == total}
        if all(v == 1 for v in cells.values()) or all(v == 0 for v in cells.values()):
            if next(iter(cells.values())) == 1:
                always = t.gettext("Banker on {total}: draws whatever the Player hands show")
            else:
                always = t.gettext("Banker on {total}: stands whatever the Player hands show")
            lines.append("  " + always.format(total=total))
            continue
        lines.append(
            "  "
            + t.gettext(
                "Banker on {total} (rows: the right hand, columns: the left; "
                "N natural, - stood, 0-9 its third card):"
            ).format(total=total)
        )
        lines.append("         " + header)
        for right in VIEWS:
            row = "  ".join(
                "."
                if right.natural and left.natural
                else draw
                if cells[BanqueChoicePoint(total, right, left)] == 1
                else stand
                for left in VIEWS
            )
            lines.append(f"      {right.key:>2} {row}")
    edge = game.banker_edge(banker)
    for seat, value in edge.items():
        lines.append(
            "  "
            + t.gettext(
                "Banker's edge on the {seat} hand: {edge} per unit (exactly {exact})"
            ).format(
                seat=_seat_name(seat, t),
                edge=numbers_for(t.language).decimal(float(value), 6, sign=True),
                exact=_fraction_text(value),
            )
        )
    return "\n".join(lines)


def _fraction(text: str, what: str) -> Fraction:
    if len(text) > MAX_FRACTION_TEXT:
        raise CliError("bad_fraction", option=what, text=text[:MAX_FRACTION_TEXT] + "…")
    if not _FRACTION.fullmatch(text.strip()):
        # Fraction() also reads exponents (1e99999, past any float), any script's digits, _.
        raise CliError("bad_fraction", option=what, text=text)
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise CliError("bad_fraction", option=what, text=text) from None
    return value


def banque_command(
    draw_on_5: Annotated[
        str,
        typer.Option(
            "--draw-on-5",
            metavar="PROBABILITY",
            help="Each Player hand's probability of drawing on 5 (9/11: Kemeny and Snell's).",
        ),
    ] = "9/11",
    right_stake: Annotated[
        str, typer.Option(metavar="POINTS", help="Stake on the right-hand hand.")
    ] = "1",
    left_stake: Annotated[
        str, typer.Option(metavar="POINTS", help="Stake on the left-hand hand.")
    ] = "1",
    simulate: Annotated[
        int,
        typer.Option(
            click_type=Whole(MAX_SOLVE_SIMULATE),
            help="Also deal this many coups to check the Banker's edge.",
        ),
    ] = 0,
    seed: Annotated[int | None, seed_option("Seed of the simulation.")] = None,
    as_json: Annotated[
        bool, typer.Option("--json", help="The reply and the edges as JSON.")
    ] = False,
    lang: LangOption = None,
) -> None:
    """Banque: the Banker's best reply to both Player hands (infinite deck) and his edge."""
    t = cli_translator(lang)
    prepare_kernels()
    from baccarat.chemin.banque.deal import Seat
    from baccarat.chemin.banque.solve import BanqueGame, simulate_banque

    p = _fraction(draw_on_5, "--draw-on-5")
    if not 0 <= p <= 1:
        raise CliError("bad_probability", option="--draw-on-5", value=draw_on_5)
    stakes = {
        Seat.RIGHT: _fraction(right_stake, "--right-stake"),
        Seat.LEFT: _fraction(left_stake, "--left-stake"),
    }
    if any(w < 0 for w in stakes.values()) or not any(stakes.values()):
        raise CliError("stakes_both_zero")
    if simulate < 0:
        raise CliError("negative_simulate", simulate=simulate)
    game = BanqueGame.of(dict.fromkeys(stakes, p))
    banker = game.banker_best_reply(stakes)
    data = game.to_data(banker) | {"stakes": {s.value: str(w) for s, w in stakes.items()}}
    text = render_banque(game, banker, stakes, t)
    numbers = numbers_for(t.language)
    stopped_at: int | None = None
    if simulate:
        update, close_bar = progress.bar(t.gettext("Dealing coups"), t.gettext("coups"))
        try:
            run = simulate_banque(
                game, banker, simulate, random.Random(fresh_seed(seed)), progress=update
            )
        finally:
            close_bar()
        if run.interrupted:
            stopped_at = run.coups
            text += "\n  " + _interrupted(t)
        edge = game.banker_edge(banker)
        data["simulation"] = (
            {
                seat.value: {
                    "mean": float(run.mean(seat)),
                    "standard_error": run.standard_error(seat),
                    "z": run.z(seat, edge[seat]),
                }
                for seat in edge
            }
            | {"coups": run.coups}
            | ({"interrupted": True} if run.interrupted else {})
        )
        for seat in edge:
            text += "\n  " + t.gettext(
                "Simulated on the {seat} hand: {mean} ± {error} over {coups} coups "
                "({z} standard errors from the edge)"
            ).format(
                seat=_seat_name(seat, t),
                mean=numbers.decimal(float(run.mean(seat)), 6, sign=True),
                error=numbers.decimal(run.standard_error(seat), 6),
                coups=numbers.integer(run.coups),
                z=numbers.decimal(run.z(seat, edge[seat]), 2, sign=True),
            )
    if as_json:
        print_json(RecordType.SOLVE_BANQUE, data)
    else:
        screen().paragraph(text)
    _exit_if_interrupted(stopped_at, t)


def register(app: typer.Typer) -> None:
    solve_app = typer.Typer(
        name="solve",
        help="Solve the games in which the hands choose (Chemin de Fer, Banque).",
        no_args_is_help=True,
        rich_markup_mode=None,
        epilog=examples("baccarat solve chemin-de-fer --infinite", "baccarat solve banque"),
    )
    solve_app.command(
        "chemin-de-fer",
        short_help="Each side's optimal strategy and the game's value.",
        epilog=examples(
            "baccarat solve chemin-de-fer --decks 6",
            "baccarat solve chemin-de-fer --infinite --banker rules --simulate 100000",
        ),
    )(chemin_de_fer_command)
    solve_app.command(
        "banque",
        short_help="The Banker's best reply to both Player hands.",
        epilog=examples(
            "baccarat solve banque",
            "baccarat solve banque --draw-on-5 1/2 --right-stake 2 --simulate 100000",
        ),
    )(banque_command)

    @solve_app.callback()
    def _group(lang: LangOption = None) -> None:
        """--lang here too: the help of the group speaks it (read before the command runs)."""

    app.add_typer(solve_app, name="solve")
