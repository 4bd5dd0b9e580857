"""``baccarat quiz``: draw or stand? Rounds of situations in the terminal, with the rule for each.

The learner answers for the Player, sees the Player's third card if it drew, then answers for the
Banker; each answer is followed by the engine's explanation. Progress is kept per cell in a JSON
file, and the cells answered wrong come back in later rounds. ``--json`` prints rounds with their
answers instead of asking them.
"""

from __future__ import annotations

import os
import random
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, TextIO

import typer

from baccarat.cli import output
from baccarat.cli.entry import INTERRUPTED, deprecated
from baccarat.cli.errors import CliError
from baccarat.cli.files import read_text, reason_of
from baccarat.cli.format import Align, Cell, Column, Table
from baccarat.cli.help import examples
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_SECONDS, EnumChoice, Real, Whole
from baccarat.cli.options import (
    FORMAT_CHOICE,
    LangOption,
    OutputFormat,
    OutputOption,
    fresh_seed,
    output_format,
    seed_option,
)
from baccarat.cli.output import print_json, show
from baccarat.core.cards import Card, Rank
from baccarat.core.tableau import Action, Side
from baccarat.learn.cells import CellKind
from baccarat.learn.errors import LearnError
from baccarat.learn.heatmap import HeatCell, Heatmap
from baccarat.learn.quiz import DEFAULT_ROUND_SIZE, MAX_ROUND_SIZE, Mode, Round, build_round
from baccarat.learn.records import heatmap_record, round_record
from baccarat.learn.session import QuizSession
from baccarat.learn.situations import Ask, Question, Situation
from baccarat.learn.store import JsonFileStore, MemoryStore, ProgressStore
from baccarat.learn.text import (
    explanation,
    key_for,
    mode_name,
    parse_answer,
    prompt,
    verdict,
)
from baccarat.records import RecordType

if TYPE_CHECKING:
    from rich.console import Console

    from baccarat.i18n.catalogs import Translator

__all__ = ["card_text", "default_progress_path", "quiz_command", "register", "render_heatmap"]

MAX_ROUNDS = 100
MAX_PROGRESS_BYTES = 16 << 20
"""A progress file holds a few kilobytes per learner; anything much larger is not one."""


def default_progress_path() -> Path:
    """``$XDG_DATA_HOME/baccarat/quiz-progress.json`` (``~/.local/share`` by default)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "baccarat" / "quiz-progress.json"


def card_text(card: Card) -> str:
    """A card as players write it: ``10♥``, ``K♠``."""
    rank = "10" if card.rank is Rank.TEN else card.rank.symbol
    return rank + card.suit.symbol


class _StopQuizError(Exception):
    """The learner typed the quit key or standard input ended."""


class _Terminal:
    """Asks the questions of a session on a console, reading answers line by line."""

    def __init__(
        self, session: QuizSession, t: Translator, console: Console, stdin: TextIO
    ) -> None:
        self.session = session
        self.t = t
        self.console = console
        self.stdin = stdin
        self.right = 0
        self.asked = 0

    def say(self, text: str, style: str | None = None) -> None:
        from rich.markup import escape

        self.console.print(f"[{style}]{escape(text)}[/{style}]" if style else escape(text))

    def hands(self, situation: Situation, totals: bool) -> str:
        t, coup = self.t, situation.coup
        parts = []
        for side in (Side.PLAYER, Side.BANKER):
            hand = coup.hand(side)
            name = t.side_names[side]
            cards = " ".join(card_text(c) for c in hand.cards[:2])
            parts.append(
                f"{name}: {cards}" if totals else f"{name}: {cards} ({hand.two_card_total})"
            )
        return "    ".join(parts)

    def read(self, question: Question, limit: float | None) -> tuple[Action | int, float]:
        t = self.t
        # Translators: the key that stops the quiz: one letter, not the key of draw or stand.
        quit_key = t.pgettext("key", "q")
        while True:
            text = prompt(question, t)
            if question.ask is Ask.ACTION:
                text += f" [{self.keys()}]"
            if limit is not None:
                text += " " + t.gettext("({seconds} s)").format(seconds=self.number(limit))
            self.console.print(text + " ", end="", markup=False, highlight=False)
            asked_at = self.session.clock()
            line = self.stdin.readline()
            if not line:
                self.console.print()
                raise _StopQuizError
            if not self.console.is_terminal:
                self.console.print(line.rstrip("\n"), markup=False, highlight=False)
            if line.strip().casefold() == quit_key.casefold():
                raise _StopQuizError
            try:
                return parse_answer(line, question, t), asked_at
            except LearnError:
                if question.ask is Ask.ACTION:
                    hint = t.gettext("Type {keys}, or {quit} to stop.").format(
                        keys=self.keys(), quit=quit_key
                    )
                else:
                    hint = t.gettext("Type a total from 0 to 9, or {quit} to stop.").format(
                        quit=quit_key
                    )
                self.say(hint, "yellow")

    def keys(self) -> str:
        return " / ".join(
            f"{key_for(a, self.t)} = {self.t.action_names[a]}" for a in (Action.DRAW, Action.STAND)
        )

    def number(self, seconds: float) -> str:
        from babel.numbers import format_decimal

        return str(format_decimal(round(seconds, 1), format="0.#", locale=self.t.locale))

    def run_round(self, round_: Round, index: int, rounds: int) -> None:
        t = self.t
        self.say(
            t.gettext("Round {number} of {rounds}: {mode}").format(
                number=index, rounds=rounds, mode=mode_name(round_.mode, t)
            ),
            "bold",
        )
        right = 0
        for number, situation in enumerate(round_.situations, start=1):
            totals = situation.focus.kind is CellKind.TOTAL
            self.console.print()
            self.say(
                t.gettext("Situation {number} of {count}").format(
                    number=number, count=len(round_.situations)
                ),
                "dim",
            )
            self.say(self.hands(situation, totals))
            for question in situation.questions:
                answer, asked_at = self.read(question, round_.time_limit)
                result = self.session.answer(round_, question, answer, asked_at=asked_at)
                right += result.right
                self.right += result.right
                self.asked += 1
                self.say(
                    ("✓ " if result.right else "✗ ") + verdict(result, t, self.number),
                    "green" if result.right else "red",
                )
                self.say("   " + explanation(question, t))
                third = situation.player_third
                if question.side is Side.PLAYER and not totals and third is not None:
                    self.say(
                        t.gettext("{side} draws {card}.").format(
                            side=t.side_names[question.side], card=card_text(third)
                        )
                    )
        questions = len(round_.questions)
        self.console.print()
        self.say(
            t.gettext("Round score: {right} of {count} right.").format(
                right=right, count=questions
            ),
            "bold",
        )


def heatmap_table(table: Heatmap, t: Translator) -> Table:
    """The Banker table coloured by the learner's accuracy in each cell, with its legend."""
    title = t.gettext("Your accuracy on the Banker's table (by the Player's third card)")
    grid = Table(
        "heatmap",
        title,
        [
            Column("banker_total", t.side_names[Side.BANKER]),
            *(Column(str(value), str(value), Align.CENTER) for value in table.thirds),
            # Translators: column head: the Player stood (took no third card).
            Column("stood", t.gettext("stood"), Align.CENTER),
        ],
    )

    def show(cell: HeatCell) -> Cell:
        letter = key_for(cell.action, t).upper()
        if cell.accuracy is None:
            return Cell(letter, "", "dim")
        percent = round(100 * cell.accuracy)
        colour = "green" if percent >= 80 else "yellow" if percent >= 50 else "red"
        mark = "*" if cell.due else ""
        return Cell(f"{percent}{mark}", cell.accuracy, colour)

    for row in table.rows:
        grid.add(Cell(str(row.total), row.total), *(show(c) for c in row.cells), show(row.stood))
    grid.notes.append(
        f"{t.side_names[Side.PLAYER]}: "
        + "  ".join(f"{c.cell.total}:{show(c).text}" for c in table.player)
    )
    grid.notes.append(
        t.gettext(
            "Numbers are the percentage of right answers; a cell not answered yet shows the rule "
            "({draw} = draw, {stand} = stand); * marks a cell due for review."
        ).format(draw=key_for(Action.DRAW, t).upper(), stand=key_for(Action.STAND, t).upper())
    )
    return grid


def render_heatmap(table: Heatmap, t: Translator, console: Console) -> None:
    """The heatmap on ``console``, fitted to the width of the command's output."""
    output.Screen(output.width(), styled=console.is_terminal, out=console).table(
        heatmap_table(table, t)
    )


def _check_progress_file(path: Path, writes: bool) -> None:
    """Refuse a progress file that cannot be read (a directory, a device, not UTF-8, too large)
    or, when the quiz saves, one whose folder cannot be written, before anything is asked."""
    if path.exists():
        read_text(path, "--progress", most=MAX_PROGRESS_BYTES)
    if not writes:
        return
    folder = path.parent
    while not folder.exists() and folder != folder.parent:
        folder = folder.parent
    if not folder.is_dir():
        raise CliError(
            "cannot_read_file",
            option="--progress",
            path=str(folder),
            reason=CliError("file_permission"),
        )
    if not os.access(folder, os.W_OK | os.X_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise CliError("cannot_write", path=str(path), reason=CliError("file_permission"))


def _unknown_mode(text: str) -> LearnError:
    return LearnError("quiz_mode", mode=text, names=", ".join(m.value for m in Mode))


def quiz_command(
    rounds: Annotated[
        int,
        typer.Option(
            click_type=Whole(
                MAX_ROUNDS,
                too_large=lambda value: CliError(
                    "rounds_out_of_range", most=MAX_ROUNDS, rounds=value
                ),
            ),
            help="Rounds to play.",
        ),
    ] = 1,
    drill: Annotated[
        Mode | None,
        typer.Option(
            "--drill",
            click_type=EnumChoice(Mode, _unknown_mode),
            help="normal, timed, hard (Banker 3-6 only), naturals or totals.",
            show_default=Mode.NORMAL.value,
        ),
    ] = None,
    mode: Annotated[
        Mode | None,
        typer.Option(
            "--mode",
            click_type=EnumChoice(Mode, _unknown_mode),
            hidden=True,
            help="The same as --drill (deprecated).",
        ),
    ] = None,
    size: Annotated[
        int,
        typer.Option(
            click_type=Whole(
                MAX_ROUND_SIZE,
                too_large=lambda value: LearnError(
                    "quiz_round_size", most=MAX_ROUND_SIZE, size=value
                ),
            ),
            help="Situations per round.",
        ),
    ] = DEFAULT_ROUND_SIZE,
    lang: LangOption = None,
    seed: Annotated[int | None, seed_option("Seed for reproducible situations.")] = None,
    time_limit: Annotated[
        float | None,
        typer.Option(
            "--time-limit",
            click_type=Real(MAX_SECONDS),
            help="Seconds per answer (timed drill: 8).",
            show_default=False,
        ),
    ] = None,
    learner: Annotated[str, typer.Option(metavar="NAME", help="Whose progress to use.")] = "me",
    progress: Annotated[
        Path | None,
        typer.Option(
            metavar="FILE",
            help="Progress file.",
            show_default="$XDG_DATA_HOME/baccarat/quiz-progress.json",
        ),
    ] = None,
    save: Annotated[
        bool, typer.Option("--save/--no-save", help="Keep progress in the file.")
    ] = True,
    heatmap: Annotated[
        bool, typer.Option("--heatmap", help="Only show the accuracy heatmap of the Banker table.")
    ] = False,
    fmt: Annotated[
        OutputFormat,
        typer.Option(
            "--format",
            click_type=FORMAT_CHOICE,
            help="With --heatmap: table, json, csv, md or parquet.",
        ),
    ] = OutputFormat.TABLE,
    as_json: Annotated[
        bool,
        typer.Option(
            "--json",
            help="Print the rounds' situations with their answers (one JSON object per round) "
            "instead of asking; with --heatmap, the heatmap as JSON.",
        ),
    ] = False,
    output_path: OutputOption = None,
) -> None:
    """Draw or stand? Answer for the Player, then the Banker, and learn the rule that decides."""

    t = cli_translator(lang)
    if mode is not None:
        # --mode named the drill here and the dealing in simulate: one name, two meanings.
        if drill is not None:
            raise CliError("not_both", first="--drill", second="--mode")
        deprecated("--mode", "--drill")
    quiz_mode = drill or mode or Mode.NORMAL
    chosen = output_format(fmt, as_json, output_path)
    if not 1 <= rounds <= MAX_ROUNDS:
        raise CliError("rounds_out_of_range", most=MAX_ROUNDS, rounds=rounds)
    if not heatmap:
        # Check the rounds' arguments before anything is asked (or a seed said).
        build_round(quiz_mode, random.Random(0), size=size, time_limit=time_limit)
    # The seed alone repeats the --json rounds (the quiz itself follows the learner's answers).
    rng = random.Random(fresh_seed(seed, announce=as_json and not heatmap))
    if as_json and not heatmap:
        # Scripting: the rounds depend only on the mode, size and seed, never on stored progress.
        for _ in range(rounds):
            round_ = build_round(quiz_mode, rng, size=size, time_limit=time_limit)
            print_json(RecordType.QUIZ_ROUND, round_record(round_, t))
        return
    path = progress or default_progress_path()
    if save or heatmap:
        _check_progress_file(path, writes=save and not heatmap)
    store: ProgressStore = JsonFileStore(path) if save or heatmap else MemoryStore()
    session = QuizSession(store, learner, rng=rng)
    console = output.console()
    if heatmap:
        show(
            chosen,
            lambda: [heatmap_table(session.heatmap(), t)],
            lambda: (RecordType.QUIZ_HEATMAP, heatmap_record(session.heatmap())),
        )
        return
    terminal = _Terminal(session, t, console, sys.stdin)
    interrupted = False
    try:
        for index in range(1, rounds + 1):
            if index > 1:
                console.print()
            terminal.run_round(session.new_round(quiz_mode, size, time_limit), index, rounds)
    except (_StopQuizError, KeyboardInterrupt) as exc:
        interrupted = isinstance(exc, KeyboardInterrupt)
        if interrupted:
            console.print()  # the line the learner was typing on ends here
        terminal.say(t.gettext("Stopped."), "dim")
    except OSError as exc:
        # The progress file could not be saved after all (the disk filled, it was removed).
        raise CliError("cannot_write", path=str(path), reason=reason_of(exc)) from None
    console.print()
    terminal.say(
        t.gettext("In all: {right} of {count} right.").format(
            right=terminal.right, count=terminal.asked
        ),
        "bold",
    )
    render_heatmap(session.heatmap(), t, console)
    if interrupted:
        raise SystemExit(INTERRUPTED)


def register(app: typer.Typer) -> None:
    app.command(
        "quiz",
        epilog=examples(
            "baccarat quiz",
            "baccarat quiz --drill hard --rounds 3",
            "baccarat quiz --heatmap",
        ),
    )(quiz_command)
