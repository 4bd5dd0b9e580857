"""Every command as a person sees it: at 80 and 200 columns, on a terminal and piped, in English,
Vietnamese and Hungarian. No number is cut, no line ends in a space, no line is wider than the
terminal (but for one word that cannot break), piped output has no fixed width, and Vietnamese
and Hungarian output holds no English word but names, identifiers and what a person types.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections.abc import Callable, Iterator
from functools import cache
from typing import Any

import click
import pytest
import typer
from rich.cells import cell_len

from baccarat.cli import app
from baccarat.cli.limits import EnumChoice
from baccarat.core.rules import CHOICE_RULE_SETS, RULE_SETS
from baccarat.records import RecordType
from support.cli import played_ledger, run
from support.records import check_lines

SEED = "ab" * 32
ANSI = re.compile(r"\x1b\[[0-9;]*m")

MODES = {
    "terminal-80": {"COLUMNS": "80", "FORCE_COLOR": "1"},
    "terminal-200": {"COLUMNS": "200", "FORCE_COLOR": "1"},
    "piped-80": {"COLUMNS": "80"},
    "piped-200": {"COLUMNS": "200"},
    "piped": {},
}
COLOURED = (
    "deal",
    "settle",
    "tableau",
    "odds",
    "odds --eor",
    "simulate",
    "rules",
    "quiz --heatmap",
)
"""The commands whose text has colours on a terminal (their tables' headings at least)."""
DOCUMENTS = ("par-sheet", "odds md")
"""Markdown documents, for files: their paragraphs and tables keep one line each."""


def _commands(ledger: str) -> dict[str, list[str]]:
    commands = {
        "deal": ["deal", "--coups", "3", "--seed", "2"],
        "settle": ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "banker=100", "--stake", "tie=5",
                   "--stake", "dragon_bonus_banker=2.5"],
        "tableau": ["tableau"],
        "tableau --plain": ["tableau", "--plain"],
        "roads": ["roads", "--from-shoe", "--seed", "3"],
        "odds": ["odds", "--decks", "1", "--exact"],
        "odds --eor": ["odds", "--eor", "--decks", "1"],
        "odds md": ["odds", "--decks", "1", "--format", "md"],
        "par-sheet": ["par-sheet", "--decks", "1", "--rules", "ez"],
        "rules": ["rules"],
        "rules ez": ["rules", "ez"],
        "simulate": ["simulate", "--coups", "20000", "--seed", "1", "--threads", "1"],
        "solve": ["solve", "chemin-de-fer", "--infinite", "--simulate", "2000", "--seed", "2026"],
        "banque": ["solve", "banque"],
        "verify": ["verify", "--server-seed", SEED, "--client-seed", "x", "--shoe", "1",
                   "--decks", "1"],
        "ledger check": ["ledger", "check", "--database", ledger],
        "quiz --heatmap": ["quiz", "--heatmap"],
    }  # fmt: skip
    for path in _command_paths():
        commands[f"help {' '.join(path)}".strip()] = [*path, "--help"]
    return commands


def _command_paths() -> Iterator[list[str]]:
    def walk(command: click.Command, path: list[str]) -> Iterator[list[str]]:
        yield path
        if isinstance(command, click.Group):
            for name in sorted(command.commands):
                yield from walk(command.commands[name], [*path, name])

    yield from walk(typer.main.get_command(app), [])


def _remembered(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function``, computed once for each set of arguments: a random generator among them is
    keyed by its state, and left in the state the computation left it in, so each call sees
    exactly what a fresh computation would have given it."""
    memo: dict[tuple[Any, ...], tuple[Any, list[Any]]] = {}

    @functools.wraps(function)
    def remembered(*args: Any, **kwargs: Any) -> Any:
        # Keywords (a progress bar's callback) do not change the result: not in the key.
        rngs = [a for a in args if isinstance(a, random.Random)]
        key = tuple(a.getstate() if isinstance(a, random.Random) else a for a in args)
        if key not in memo:
            memo[key] = (function(*args, **kwargs), [rng.getstate() for rng in rngs])
        result, states = memo[key]
        for rng, state in zip(rngs, states, strict=True):
            rng.setstate(state)
        return result

    return remembered


REMEMBERED = (
    ("baccarat.chemin.banque.solve", "_seat_table"),
    ("baccarat.chemin.solve", "solve_chemin_de_fer"),
    ("baccarat.chemin.simulate", "simulate_value"),
)
"""The pure computations behind ``solve chemin-de-fer`` and ``solve banque``, which are most of
the matrix's time: their results do not depend on the language or the terminal."""


@pytest.fixture(scope="module")
def computed_once(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, list[str]]]:
    """The commands, with what they compute remembered across the matrix: each result is
    computed once and rendered in every language and mode (the rendering is the command's own,
    each time). The ledger ``ledger check`` reads is played once, for the same reason."""
    import importlib

    with pytest.MonkeyPatch.context() as patch:
        for module_name, name in REMEMBERED:
            module = importlib.import_module(module_name)
            patch.setattr(module, name, _remembered(getattr(module, name)))
        yield _commands(played_ledger(tmp_path_factory.mktemp("ledger")))


# --- English words -------------------------------------------------------------------------

NAMES = {
    "punto", "banco", "chemin", "fer", "baccarat", "banque", "dragon", "panda", "egalité",
    "kemeny", "snell", "super", "tiger", "markdown", "json", "csv", "html", "toml", "sqlite",
    "postgresql", "sqlalchemy", "cuda", "cupy", "dask", "cpu", "gpu", "utf", "url", "svg",
    "error",  # the prefix of a refusal, which scripts read
    # The roads keep their English names in every language, as casino boards print them.
    "bead", "plate", "big", "road", "eye", "boy", "small", "cockroach", "pig",
}  # fmt: skip
"""Names that read the same in every language (and the program's own markers)."""


def _words(text: str) -> set[str]:
    return {w.casefold() for w in re.findall(r"[A-Za-z]{3,}", re.sub(r"\{[^{}]*\}", " ", text))}


@cache
def _vocabulary(language: str) -> frozenset[str]:
    from babel.messages.pofile import read_po

    from baccarat.i18n.catalogs import DOMAIN, LOCALE_DIR

    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    found: set[str] = set()
    for message in catalog:
        texts = message.id if language == "en" else message.string
        if not message.id or (language != "en" and message.string == message.id):
            continue
        for text in texts if isinstance(texts, list | tuple) else (texts,):
            found |= _words(str(text or ""))
    return frozenset(found)


@cache
def _identifiers() -> frozenset[str]:
    """What a person types: commands, options and their values, bets and rule sets."""
    found: set[str] = set()

    def walk(command: click.Command) -> None:
        found.update((command.name or "").split("-"))
        for param in command.params:
            for name in (*param.opts, *getattr(param, "secondary_opts", [])):
                found.update(name.strip("-").split("-"))
            if isinstance(param.type, EnumChoice):
                found.update(v for value in param.type.values for v in value.split("-"))
            shown = getattr(param, "show_default", None)
            if isinstance(shown, str) and " " not in shown:
                found.add(shown)
        if isinstance(command, click.Group):
            for sub in command.commands.values():
                walk(sub)

    walk(typer.main.get_command(app))
    for rule_set in (*RULE_SETS.values(), *CHOICE_RULE_SETS.values()):
        found.update(rule_set.name.split("-"))
        for bet in rule_set.bets:
            found.update(bet.split("_"))
    return frozenset(w.casefold() for w in found)


def english_words(text: str, language: str) -> set[str]:
    """The English words of ``text`` that ``language`` does not use itself: words of the
    English catalog that no translation of ``language`` holds, less names and identifiers.
    A token with a digit, an underscore, a hyphen or a slash, or in capitals, is an identifier,
    a card, a path or a placeholder (``--coups``, ``Kd``, ``NAME``)."""
    found = set()
    for token in re.findall(r"[^\s,.;:()\[\]'\"=|→·–]+", text):
        if re.search(r"[_\-/0-9@+*$]", token) or token.isupper():
            continue
        word = token.casefold()
        if (
            len(word) >= 3
            and word.isascii()
            and word.isalpha()
            and word in _vocabulary("en")
            and word not in _vocabulary(language)
            and word not in NAMES
            and word not in _identifiers()
        ):
            found.add(word)
    return found


def test_the_scan_finds_english() -> None:
    assert english_words("Kết quả: Banker wins", "vi") == {"wins"}
    assert english_words("Cái thắng, --coups 3, player_pair, Punto Banco", "vi") == set()


# --- The matrix ----------------------------------------------------------------------------


@pytest.mark.parametrize("mode", list(MODES))
@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_every_command_reads_well(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    computed_once: dict[str, list[str]],
    language: str,
    mode: str,
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    for variable, value in MODES[mode].items():
        monkeypatch.setenv(variable, value)
    width = int(MODES[mode]["COLUMNS"]) if "COLUMNS" in MODES[mode] else None
    for name, argv in computed_once.items():
        code, raw, err = run(capsys, *argv, "--lang", language)
        assert code == 0, (name, err)
        assert err == "", (name, err)
        out = ANSI.sub("", raw)
        assert "…" not in out, name
        for line in out.splitlines():
            assert line == line.rstrip(), (name, line)
            if width is not None and cell_len(line) > width and name not in DOCUMENTS:
                assert " " not in line.strip(), (name, cell_len(line), line)
        if language != "en":
            assert not english_words(out, language), (name, english_words(out, language))
        if mode == "terminal-80" and name in COLOURED and language == "en":
            assert raw != out, f"{name}: no colour on a terminal"


@pytest.mark.parametrize("columns", ["50", "80"])
@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_a_terminal_shows_the_piped_text_in_colour(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    computed_once: dict[str, list[str]],
    language: str,
    columns: str,
) -> None:
    """At one width, a terminal and a pipe get the same lines: the colours are all a terminal
    adds (a long line, ``deal``'s reasons, wraps the same way in both, its rest under its text)."""
    monkeypatch.setenv("COLUMNS", columns)
    for name, argv in computed_once.items():
        if name == "simulate":
            continue  # its header says how long this very run took
        monkeypatch.delenv("FORCE_COLOR", raising=False)
        _, piped, _ = run(capsys, *argv, "--lang", language)
        monkeypatch.setenv("FORCE_COLOR", "1")
        _, shown, _ = run(capsys, *argv, "--lang", language)
        assert ANSI.sub("", shown) == piped, name


def test_a_wrapped_reason_hangs_under_its_text(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    _, out, _ = run(capsys, "deal", "--cards", "2c 4h 3d Kc 6s 3d")
    assert out.splitlines()[-3:] == [
        "   · Player has 5, in 0–5: Player draws.",
        "   · Banker has 4; the Player's third card is 6,",
        "     in 2–7: Banker draws.",
    ]


def test_every_command_has_lang_help_and_an_example() -> None:
    from baccarat.cli.help import examples

    mark = examples()
    for path in _command_paths():
        command: click.Command = typer.main.get_command(app)
        for name in path:
            assert isinstance(command, click.Group)
            command = command.commands[name]
        names = {opt for param in command.params for opt in param.opts}
        assert {"--lang", "--help", "-h"} <= names | {"--help", "-h"}, path
        assert "--lang" in names, path
        assert (
            command.epilog and command.epilog.startswith(mark) and len(command.epilog) > len(mark)
        ), path


def test_piped_tables_keep_one_line_a_row(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("COLUMNS", raising=False)
    _, out, _ = run(capsys, "odds", "--eor", "--decks", "1")
    rows = [line.split() for line in out.splitlines()]
    rows = [row for row in rows if row[:1] in (["Banker"], ["Tie"]) and row[1][0].isdigit()]
    assert len(rows) == 2 and len(rows[0]) == len(rows[1]) >= 12, rows


JSON_COMMANDS: list[tuple[RecordType, list[str]]] = [
    (RecordType.COUP, ["deal", "--coups", "3", "--seed", "2", "--json"]),
    (RecordType.ODDS, ["odds", "--decks", "1", "--format", "json"]),
    (RecordType.PAR_SHEET, ["par-sheet", "--decks", "1", "--format", "json"]),
    (RecordType.ROADS, ["roads", "--from-shoe", "--seed", "3", "--json"]),
    (RecordType.RULE_SETS, ["rules", "--format", "json"]),
    (RecordType.TABLEAU, ["tableau", "--format", "json"]),
    (RecordType.SIMULATION, ["simulate", "-n", "2000", "--seed", "1", "--format", "json"]),
    (RecordType.QUIZ_HEATMAP, ["quiz", "--heatmap", "--format", "json"]),
]


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
@pytest.mark.parametrize(("kind", "argv"), JSON_COMMANDS, ids=[a[0] for _, a in JSON_COMMANDS])
def test_json_is_valid_at_any_width(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    kind: RecordType,
    argv: list[str],
    language: str,
) -> None:
    monkeypatch.setenv("COLUMNS", "80")
    code, out, _ = run(capsys, *argv, "--lang", language)
    assert code == 0
    for record in check_lines(out, kind):
        assert json.dumps(record)  # plain data, every line tagged


@pytest.mark.parametrize(
    "argv",
    [
        ["odds", "--decks", "1"],
        ["simulate", "-n", "2000", "--seed", "1"],
        ["rules"],
        ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "banker=100"],
        ["tableau"],
        ["quiz", "--heatmap"],
    ],
    ids=lambda argv: argv[0],
)
def test_csv_is_the_same_in_every_language(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    outputs = {
        run(capsys, *argv, "--format", "csv", "--lang", lang)[1] for lang in ("en", "vi", "hu")
    }
    assert len(outputs) == 1
    (out,) = outputs
    assert out and all(line == line.rstrip() for line in out.splitlines())
