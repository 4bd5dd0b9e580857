"""``baccarat solve``: the game-theoretic solution of the games in which the hands choose."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.core.errors import BaccaratError

if TYPE_CHECKING:
    from baccarat.chemin.banque import BanqueBanker, BanqueGame
    from baccarat.chemin.solve import Solution
    from baccarat.core.banque import Seat
    from baccarat.odds.composition import Composition

__all__ = [
    "banque_command",
    "chemin_de_fer_command",
    "register",
    "render_banque",
    "render_solution",
]

_SETTINGS = ("rules", "free", "both")


def _contents(decks: int, infinite: bool) -> Composition:
    from baccarat.odds.composition import Composition

    return Composition.infinite_deck() if infinite else Composition.decks(decks)


def _fraction_text(value: Any) -> str:
    return str(value) if value.denominator != 1 else str(value.numerator)


def _cell(solution: Solution, total: int, third: int | None) -> str:
    from baccarat.chemin.tableau import tableau_action
    from baccarat.core.coup import ChoicePoint
    from baccarat.core.tableau import Action, Side

    point = ChoicePoint(Side.BANKER, total, third)
    action = tableau_action(solution.game.tableau, point)
    if action is not Action.OPTION:
        return "d" if action is Action.DRAW else "s"
    p = solution.banker.probability(point)
    return "D" if p == 1 else "S" if p == 0 else "*"


def render_solution(solution: Solution, title: str) -> str:
    """The solution in plain text: both strategies, the mixed choices and the value."""
    from baccarat.chemin.tableau import point_label

    game = solution.game
    lines = [title]
    for point, p in solution.player.draw.items():
        if p in (0, 1):
            how = "always" if p == 1 else "never"
        else:
            how = f"with probability {_fraction_text(p)} (about {float(p):.4f})"
        lines.append(f"  {point_label(point)}: draw {how}")
    banker_free = len(game.banker_points)
    if banker_free <= 10:
        for point, p in solution.banker.draw.items():
            if p in (0, 1):
                lines.append(f"  {point_label(point)}: {'draw' if p == 1 else 'stand'}")
            else:
                lines.append(
                    f"  {point_label(point)}: draw with probability {_fraction_text(p)} "
                    f"(about {float(p):.4f})"
                )
    else:
        lines.append(
            "  Banker's optimal play (D/S: chosen, * mixed; d/s: fixed by the rules), "
            "by the Player's third card or '-' if he stood:"
        )
        lines.append("              " + "  ".join(str(v) for v in range(10)) + "   -")
        for total in range(10):
            if game.tableau.is_natural(total):
                continue
            cells = "  ".join(_cell(solution, total, v) for v in range(10))
            lines.append(f"    Banker {total} | {cells} | {_cell(solution, total, None)}")
    mixed = solution.mixed_player | solution.mixed_banker
    if mixed:
        lines.append(
            "  Mixed: "
            + "; ".join(f"{point_label(p)} (draw {_fraction_text(q)})" for p, q in mixed.items())
        )
    else:
        lines.append("  Mixed: none (optimal play is pure)")
    lines.append(
        f"  Value: {float(solution.value):+.6f} per unit staked to the Player "
        f"(exactly {_fraction_text(solution.value)})"
    )
    return "\n".join(lines)


def chemin_de_fer_command(
    decks: Annotated[
        int, typer.Option(help="Decks in the shoe (the first coup of a fresh shoe).")
    ] = 6,
    infinite: Annotated[
        bool, typer.Option("--infinite", help="The infinite deck (cards drawn with replacement).")
    ] = False,
    banker: Annotated[
        str,
        typer.Option(
            help="Which Banker: 'rules' (the Chemin de Fer options only), 'free' (free in every "
            "situation: Kemeny and Snell's game) or 'both'."
        ),
    ] = "both",
    simulate: Annotated[
        int,
        typer.Option(
            help="Also deal this many coups with the optimal strategies to check the value."
        ),
    ] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the simulation.")] = 2026,
    as_json: Annotated[bool, typer.Option("--json", help="The solutions as JSON.")] = False,
) -> None:
    """Solve Chemin de Fer: each side's optimal (possibly mixed) strategy and the game's value."""
    from baccarat.chemin.game import BANKER_DISCRETION, CHEMIN_DE_FER
    from baccarat.chemin.simulate import simulate_value
    from baccarat.chemin.solve import solve_chemin_de_fer

    if banker not in _SETTINGS:
        raise BaccaratError(f"unknown --banker {banker!r}: expected rules, free or both")
    if simulate < 0:
        raise BaccaratError(f"--simulate must be 0 or more coups, got {simulate}")
    contents = _contents(decks, infinite)
    settings = {
        "rules": (CHEMIN_DE_FER, "Chemin de Fer rules: the Banker chooses only where they allow"),
        "free": (BANKER_DISCRETION, "The Banker free in every situation (Kemeny and Snell's game)"),
    }
    chosen = list(settings) if banker == "both" else [banker]
    data: dict[str, Any] = {"shoe": contents.describe(), "solutions": {}}
    texts: list[str] = []
    for key in chosen:
        tableau, title = settings[key]
        solution = solve_chemin_de_fer(contents, tableau)
        entry = solution.to_data()
        text = render_solution(solution, f"{title}, {contents.describe()}:")
        if simulate:
            run = simulate_value(
                solution.game, solution.player, solution.banker, simulate, random.Random(seed)
            )
            entry["simulation"] = run.to_data() | {"z": run.z(solution.value)}
            text += (
                f"\n  Simulated: {float(run.mean):+.6f} ± {run.standard_error:.6f} over "
                f"{run.coups:,} coups ({run.z(solution.value):+.2f} standard errors from the value)"
            )
        data["solutions"][key] = entry
        texts.append(text)
    if as_json:
        print(json.dumps(data))
    else:
        print("\n\n".join(texts))


def render_banque(game: BanqueGame, banker: BanqueBanker, stakes: dict[Seat, Fraction]) -> str:
    """The Banker's best reply as one grid per Banker total, and his edge on each hand."""
    from baccarat.chemin.banque import VIEWS
    from baccarat.core.banque import BanqueChoicePoint

    draws = ", ".join(
        f"{seat.value} hand {_fraction_text(p)}" for seat, p in game.player_draw.items()
    )
    lines = [
        "Baccarat Banque, infinite deck: the Banker's best reply",
        f"  Player hands draw on 5 with probability: {draws}",
        "  Stakes: " + ", ".join(f"{seat.value} {_fraction_text(w)}" for seat, w in stakes.items()),
    ]
    header = "  ".join(v.key for v in VIEWS)
    for total in range(10):
        if game.tableau.is_natural(total):
            continue
        cells = {p: banker.probability(p) for p in banker.draw if p.total == total}
        if all(v == 1 for v in cells.values()) or all(v == 0 for v in cells.values()):
            verb = "draws" if next(iter(cells.values())) == 1 else "stands"
            lines.append(f"  Banker on {total}: {verb} whatever the Player hands show")
            continue
        lines.append(
            f"  Banker on {total} (rows: the right hand, columns: the left; "
            "N natural, - stood, 0-9 its third card):"
        )
        lines.append("         " + header)
        for right in VIEWS:
            row = "  ".join(
                "."
                if right.natural and left.natural
                else "D"
                if cells[BanqueChoicePoint(total, right, left)] == 1
                else "S"
                for left in VIEWS
            )
            lines.append(f"      {right.key:>2} {row}")
    edge = game.banker_edge(banker)
    for seat, value in edge.items():
        lines.append(
            f"  Banker's edge on the {seat.value} hand: {float(value):+.6f} per unit "
            f"(exactly {_fraction_text(value)})"
        )
    return "\n".join(lines)


def _fraction(text: str, what: str) -> Fraction:
    try:
        value = Fraction(text.strip())
    except (ValueError, ZeroDivisionError):
        raise BaccaratError(
            f"{what} must be a number such as 1, 0.5 or 9/11, got {text!r}"
        ) from None
    return value


def banque_command(
    draw_on_5: Annotated[
        str,
        typer.Option(
            "--draw-on-5",
            help="Each Player hand's probability of drawing on 5 (default 9/11, Kemeny and Snell's).",
        ),
    ] = "9/11",
    right_stake: Annotated[str, typer.Option(help="Stake on the right-hand hand.")] = "1",
    left_stake: Annotated[str, typer.Option(help="Stake on the left-hand hand.")] = "1",
    simulate: Annotated[
        int, typer.Option(help="Also deal this many coups to check the Banker's edge.")
    ] = 0,
    seed: Annotated[int, typer.Option(help="Seed of the simulation.")] = 2026,
    as_json: Annotated[
        bool, typer.Option("--json", help="The reply and the edges as JSON.")
    ] = False,
) -> None:
    """Banque: the Banker's best reply to both Player hands (infinite deck) and his edge."""
    from baccarat.chemin.banque import BanqueGame, simulate_banque
    from baccarat.core.banque import Seat

    p = _fraction(draw_on_5, "--draw-on-5")
    if not 0 <= p <= 1:
        raise BaccaratError(f"--draw-on-5 is a probability 0-1, got {draw_on_5!r}")
    stakes = {
        Seat.RIGHT: _fraction(right_stake, "--right-stake"),
        Seat.LEFT: _fraction(left_stake, "--left-stake"),
    }
    if any(w < 0 for w in stakes.values()) or not any(stakes.values()):
        raise BaccaratError("stakes must be 0 or more, and not both 0")
    if simulate < 0:
        raise BaccaratError(f"--simulate must be 0 or more coups, got {simulate}")
    game = BanqueGame.of(dict.fromkeys(stakes, p))
    banker = game.banker_best_reply(stakes)
    data = game.to_data(banker) | {"stakes": {s.value: str(w) for s, w in stakes.items()}}
    text = render_banque(game, banker, stakes)
    if simulate:
        run = simulate_banque(game, banker, simulate, random.Random(seed))
        edge = game.banker_edge(banker)
        data["simulation"] = {
            seat.value: {
                "mean": float(run.mean(seat)),
                "standard_error": run.standard_error(seat),
                "z": run.z(seat, edge[seat]),
            }
            for seat in edge
        } | {"coups": run.coups}
        for seat in edge:
            text += (
                f"\n  Simulated on the {seat.value} hand: {float(run.mean(seat)):+.6f} ± "
                f"{run.standard_error(seat):.6f} over {run.coups:,} coups "
                f"({run.z(seat, edge[seat]):+.2f} standard errors from the edge)"
            )
    print(json.dumps(data) if as_json else text)


def register(app: typer.Typer) -> None:
    solve_app = typer.Typer(
        name="solve",
        help="Solve the games in which the hands choose (Chemin de Fer, Banque).",
        no_args_is_help=True,
    )
    solve_app.command("chemin-de-fer")(chemin_de_fer_command)
    solve_app.command("banque")(banque_command)
    app.add_typer(solve_app, name="solve")
