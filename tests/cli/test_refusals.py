"""Every refusal is one line on standard error and exit code 2, and writes nothing.

The bad inputs are generated from the command registry (the click tree of the app): every
command gets an unknown option, an extra argument, a missing value and each required option
left out; every option gets the bad values of its type (a number too large, a 30-digit and a
5000-digit one, one that is not a number, a choice not on the list, files of the wrong kind,
size or encoding); a command added later is covered by the same rules without a line here.
The cases below the generated ones are the inputs a type cannot know are wrong (cards, seeds,
hosts, conflicting options). A few run in Vietnamese too, where the line must be translated.
"""

from __future__ import annotations

import json
import socket
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
import typer

from baccarat.cli import app
from baccarat.cli.limits import MAX_FILE_BYTES, MAX_LINE_CHARS, EnumChoice, Real, Whole
from support.cli import run

SEED = "ab" * 32

BASE: dict[str, list[str]] = {
    "completion": ["bash"],
    "settle": ["--cards", "2c 3d 3h 3s Kc", "--stake", "banker=10"],
    "simulate": ["--coups", "100", "--threads", "1"],
    "verify": ["--server-seed", SEED, "--client-seed", "x", "--shoe", "1"],
    "ledger check": ["--database", "sqlite:///LEDGER"],
    "serve": ["--port", "PORT"],
    "quiz": ["--heatmap"],
}
"""What makes each command line valid apart from the bad input (commands missing here start
from nothing, which suits a command with no required input)."""

# Placeholders of the cases, made real in the test's own folder.
DIRECTORY, DEVICE, MISSING, LATIN1, HUGE, DEEP = (
    "@dir", "@dev", "@missing", "@latin1", "@huge", "@deep",
)  # fmt: skip


def _commands() -> Iterator[tuple[str, click.Command]]:
    def walk(command: click.Command, path: tuple[str, ...]) -> Iterator[tuple[str, click.Command]]:
        if isinstance(command, click.Group):
            for name in sorted(command.commands):
                yield from walk(command.commands[name], (*path, name))
        else:
            yield " ".join(path), command

    yield from walk(typer.main.get_command(app), ())


def _option(param: click.Parameter) -> str:
    return max(param.opts, key=len)


def _reads_a_file(param: click.Parameter) -> bool:
    if not isinstance(param.type, click.types.StringParamType | click.types.Path):
        return False
    return any(word in (param.name or "") for word in ("file", "coups", "progress"))


def _bad_values(param: click.Parameter) -> Iterator[tuple[str, str]]:
    """``(label, value)`` for each value of ``param``'s type that must be refused."""
    kind = param.type
    if isinstance(kind, Whole):
        yield "above the limit", str(kind.most + 1)
        yield "30 digits", "9" * 30
        yield "5000 digits", "9" * 5000
        yield "not a number", "x"
        yield "a fraction", "1.5"
        yield "Arabic-Indic digits", "١٠"
        if kind.least is not None:
            yield "below the limit", str(kind.least - 1)
    elif isinstance(kind, EnumChoice):
        yield "not a choice", "nope"
        yield "empty", ""
    elif isinstance(kind, Real):
        yield "not a number", "x"
        yield "past every float", "1e99999"
        yield "infinite", "inf"
        yield "not a number (nan)", "nan"
        yield "Arabic-Indic digits", "١٠"
        yield "above the limit", str(kind.most + 1)
        if kind.least is not None:
            yield "below the limit", str(kind.least - 1)
    elif isinstance(kind, click.types.FloatParamType):
        yield "not a number", "x"
    if _reads_a_file(param):
        # A progress file that is not there yet is a new learner's, not an error.
        missing = () if param.name == "progress" else (MISSING,)
        for label in (DIRECTORY, DEVICE, *missing, LATIN1, HUGE):
            yield label, label


def generated_cases() -> Iterator[tuple[str, list[str]]]:
    for name, command in _commands():
        base = BASE.get(name, [])
        words = name.split()
        yield f"{name}: unknown option", [*words, *base, "--no-such-option"]
        yield f"{name}: extra argument", [*words, *base, "extra", "arguments"]
        for param in command.params:
            if not isinstance(param, click.Option) or param.name == "help":
                continue
            option = _option(param)
            if param.required:
                rest = _without(base, option)
                yield f"{name}: {option} left out", [*words, *rest]
            if param.is_flag:
                yield f"{name}: {option} given a value", [*words, *base, f"{option}=yes"]
                continue
            yield f"{name}: {option} without its value", [*words, *_without(base, option), option]
            for label, value in _bad_values(param):
                yield (
                    f"{name}: {option} {label}",
                    [*words, *_without(base, option), option, value],
                )


def _without(base: list[str], option: str) -> list[str]:
    """``base`` less ``option`` and its value."""
    if option not in base:
        return list(base)
    at = base.index(option)
    return base[:at] + base[at + 2 :]


CASES: list[tuple[str, list[str]]] = [
    # Cards: unknown, too many, too few; with options they do not go with.
    ("deal: a card that is none", ["deal", "--cards", "2c 4h 3z Kc"]),
    ("deal: seven cards", ["deal", "--cards", "2c 4h 3d Kc 6s 3d 9h"]),
    ("deal: three cards", ["deal", "--cards", "2c 4h 3d"]),
    ("deal: a card the coup does not use", ["deal", "--cards", "9c 9d Kd Kh 4c"]),
    ("deal: a line of cards past its bound", ["deal", "--cards", "9c " * (MAX_LINE_CHARS // 3 + 1)]),
    ("settle: a card the coup does not use", ["settle", "--cards", "9c 9d Kd Kh 4c",
                                              "--bet", "tie=1"]),
    ("settle: points in Arabic-Indic digits", ["settle", "--cards", "2c 3d 3h 3s Kc",
                                               "--bet", "tie=١٠٠"]),
    ("deal: cards and coups", ["deal", "--cards", "2c 4h 3d Kc", "--coups", "5"]),
    ("deal: cards and a seed", ["deal", "--cards", "2c 4h 3d Kc", "--seed", "3"]),
    ("deal: cards and decks", ["deal", "--cards", "2c 4h 3d Kc", "--decks", "4"]),
    ("deal: no coups", ["deal", "--coups", "0"]),
    ("deal: no decks", ["deal", "--decks", "0"]),
    ("deal: a language that is none", ["deal", "--lang", "xx"]),
    ("settle: a card that is none", ["settle", "--cards", "2c 3d 3h 3s Zz", "--stake", "tie=1"]),
    ("settle: a bet that is none", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "lucky=5"]),
    ("settle: a bet without points", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie"]),
    ("settle: points that are none", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie=x"]),
    ("settle: a bet twice", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie=1",
                             "--stake", "tie=2"]),
    ("settle: below the minimum", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie=0.5"]),
    ("settle: above the maximum", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie=1e9"]),
    ("settle: a rule set and a file", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie=1",
                                       "--rules", "ez", "--rules-file", "x.toml"]),
    ("settle: a deep rules file", ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "tie=1",
                                   "--rules-file", DEEP]),
    # Compositions and rule sets.
    ("odds: a count of 30 digits", ["odds", "--remaining", "A:" + "9" * 30]),
    ("odds: more cards than the limit", ["odds", "--remaining", "A:52001"]),
    ("odds: a rank that is none", ["odds", "--remaining", "A:31,Z:4"]),
    ("odds: no cards", ["odds", "--remaining", ""]),
    ("odds: decks and infinite", ["odds", "--decks", "2", "--infinite"]),
    ("odds: a rule set that is none", ["odds", "--rules", "macao"]),
    ("odds: a choice game", ["odds", "--rules", "chemin-de-fer"]),
    ("odds: a deep rules file", ["odds", "--rules-file", DEEP]),
    ("odds: json and csv", ["odds", "--json", "--format", "csv"]),
    ("par-sheet: json and html", ["par-sheet", "--json", "--format", "html"]),
    ("par-sheet: into a folder", ["par-sheet", "--decks", "1", "-o", DIRECTORY]),
    ("rules: a rule set that is none", ["rules", "macao"]),
    ("rules: a deep rules file", ["rules", "--rules-file", DEEP]),
    ("rules: the device as rules", ["rules", "--rules-file", "/dev/zero"]),
    ("rules: a name and a file", ["rules", "ez", "--rules-file", "x.toml"]),
    # Simulation and solving.
    ("simulate: no coups", ["simulate", "--coups", "0"]),
    ("simulate: infinite with decks", ["simulate", "-n", "10", "--mode", "infinite", "--decks", "4"]),
    ("simulate: infinite with a cut card", ["simulate", "-n", "10", "--mode", "infinite",
                                            "--cut-card", "20"]),
    ("simulate: infinite with burning", ["simulate", "-n", "10", "--mode", "infinite", "--no-burn"]),
    ("simulate: first coups with a cut card", ["simulate", "-n", "10", "--mode", "first-coup",
                                               "--cut-card", "20"]),
    ("simulate: a cut card outside the shoe", ["simulate", "-n", "10", "--cut-card", "3"]),
    ("simulate: gpu and dask", ["simulate", "-n", "10", "--backend", "gpu", "--dask", "local"]),
    ("simulate: threads and dask", ["simulate", "-n", "10", "--threads", "2", "--dask", "local"]),
    ("simulate: a dask address that is none", ["simulate", "-n", "10", "--dask", "nowhere"]),
    ("simulate: a rule set that is none", ["simulate", "-n", "10", "--rules", "macao"]),
    ("solve: infinite with decks", ["solve", "chemin-de-fer", "--infinite", "--decks", "4"]),
    ("solve: a negative simulation", ["solve", "chemin-de-fer", "--simulate", "-5"]),
    ("banque: a probability above 1", ["solve", "banque", "--draw-on-5", "3/2"]),
    ("banque: a probability that is none", ["solve", "banque", "--draw-on-5", "x"]),
    ("banque: a fraction by zero", ["solve", "banque", "--draw-on-5", "1/0"]),
    ("banque: a fraction of 5000 digits", ["solve", "banque", "--draw-on-5", "1/" + "9" * 5000]),
    ("banque: no stakes", ["solve", "banque", "--right-stake", "0", "--left-stake", "0"]),
    ("banque: a negative stake", ["solve", "banque", "--right-stake", "-1"]),
    ("banque: a stake past every float", ["solve", "banque", "--right-stake", "1e99999"]),
    ("banque: an infinite stake", ["solve", "banque", "--left-stake", "inf"]),
    ("banque: a stake that is nan", ["solve", "banque", "--left-stake", "nan"]),
    ("banque: a stake in Arabic-Indic digits", ["solve", "banque", "--right-stake", "١٠٠"]),
    ("banque: a probability with an exponent", ["solve", "banque", "--draw-on-5", "1e-1"]),
    ("odds: a count in Arabic-Indic digits", ["odds", "--remaining", "A:١٠"]),
    # Roads.
    ("roads: neither source", ["roads"]),
    ("roads: both sources", ["roads", "--results", "B", "--from-shoe"]),
    ("roads: a token that is none", ["roads", "--results", "B Q"]),
    ("roads: no tokens", ["roads", "--results", " "]),
    ("roads: a seed with results", ["roads", "--results", "B P", "--seed", "3"]),
    ("roads: json and svg", ["roads", "--results", "B P", "--json", "--svg", "x.svg"]),
    ("roads: svg into a folder", ["roads", "--results", "B P", "--svg", DIRECTORY]),
    # Fair shoes.
    ("verify: a seed too short", ["verify", "--server-seed", "xyz", "--client-seed", "a",
                                  "--shoe", "1"]),
    ("verify: shoe 0", ["verify", "--server-seed", SEED, "--client-seed", "a", "--shoe", "0"]),
    ("verify: nine decks", [*["verify", "--server-seed", SEED, "--client-seed", "a"],
                            "--shoe", "1", "--decks", "9"]),
    ("verify: a commitment too short", [*["verify", "--server-seed", SEED, "--client-seed", "a"],
                                        "--shoe", "1", "--commitment", "ab"]),
    ("verify: a client seed too long", ["verify", "--server-seed", SEED, "--client-seed",
                                        "x" * 65, "--shoe", "1"]),
    ("verify: coups file and coups", [*["verify", "--server-seed", SEED, "--client-seed", "a"],
                                      "--shoe", "1", "--coups-file", "a", "--coups", "b"]),
    # The practice table.
    ("serve: a host that is none", ["serve", "--host", "no-such-host.invalid"]),
    ("serve: a busy port", ["serve", "--port", "BUSY"]),
    ("serve: a database that is not supported", ["serve", "--port", "PORT", "--database",
                                                 "mysql://db/x"]),
    ("ledger check: no ledger", ["ledger", "check", "--database", "sqlite:///LEDGER"]),
    ("ledger check: a folder as the ledger", ["ledger", "check", "--database",
                                              "sqlite:///" + DIRECTORY]),
    ("ledger check: a database that is not supported", ["ledger", "check", "--database",
                                                        "mysql://db/x"]),
    # The quiz.
    ("quiz: no rounds", ["quiz", "--rounds", "0"]),
    ("quiz: a round too large", ["quiz", "--size", "500", "--no-save"]),
    ("quiz: a time limit below zero", ["quiz", "--time-limit", "-1", "--no-save"]),
    ("quiz: a progress folder", ["quiz", "--heatmap", "--progress", DIRECTORY]),
    ("quiz: a progress file not UTF-8", ["quiz", "--heatmap", "--progress", LATIN1]),
    # The command line itself.
    ("a command that is none", ["dael"]),
    ("an option of the root that is none", ["--nope"]),
    ("a group without its command and an option", ["solve", "--nope"]),
]  # fmt: skip

ALL = [*generated_cases(), *CASES]


def test_the_registry_gives_at_least_300_bad_inputs() -> None:
    assert len(ALL) >= 300, len(ALL)
    assert len({label for label, _ in ALL}) == len(ALL), "labels must be unique"


def test_every_number_an_option_takes_is_bounded() -> None:
    for name, command in _commands():
        for param in command.params:
            assert not isinstance(param.type, click.types.IntParamType), (name, param.name)
            # click's float reads inf, nan and 1e99999; Real reads decimals in ASCII digits.
            assert not isinstance(param.type, click.types.FloatParamType), (name, param.name)


LONG_INPUTS = [
    ["settle", "--cards", "2c 3d 3h 3s Kc", "--bet", "x" * 1000 + "=5"],
    ["odds", "--remaining", "A:4," + "Q" * 1000 + ":4"],
    ["deal", "--cards", "Zz" * 500],
    ["roads", "--results", "B " + "Q" * 1000],
    ["odds", "--given", "x" * 1000 + "=5"],
    # click's own refusals quote what was typed too.
    ["deal", "--" + "x" * 1000],
    ["x" * 1000],
    ["solve", "x" * 1000],
    ["deal", "x" * 1000],
    ["deal", "--coups", "x" * 1000],
    ["deal", "--seed", "9" * 30 + "x" * 1000],
    ["--lang", "vi", "simulate", "--coups", "x" * 1000],
    # A URL or an address is input like any other: nothing bounds an option's value.
    ["serve", "--database", "mysql://db/" + "x" * 300],
    ["ledger", "check", "--database", "sqlite://" + "x" * 300],
    ["simulate", "--coups", "10", "--dask", "x" * 300],
]


@pytest.mark.parametrize(
    "argv", LONG_INPUTS, ids=[" ".join(a[:20] for a in argv[:3]) for argv in LONG_INPUTS]
)
def test_a_refusal_quotes_at_most_80_characters_of_its_input(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "") and err.count("\n") == 1, err[:300]
    # The long part repeats itself, so any 81 characters of it read as its first 81.
    long_part = max(max(argv, key=len).replace("=", " ").replace(",", " ").split(), key=len)
    assert long_part[:80] in err and long_part[:81] not in err, err


def test_a_database_url_is_cut_after_its_password_is_hidden(
    capsys: pytest.CaptureFixture[str],
) -> None:
    url = "mysql://bob:s3cret@db/" + "x" * 300
    code, _, err = run(capsys, "serve", "--database", url)
    shown = "mysql://bob:***@db/" + "x" * (80 - len("mysql://bob:***@db/")) + "…"
    assert code == 2 and f"database URL {shown!r} is not supported" in err, err
    assert "s3cret" not in err and len(err) < 200


@pytest.fixture
def places(tmp_path: Path) -> dict[str, str]:
    """The files and folders the placeholders name, in the test's folder."""
    folder = tmp_path / "inputs"
    (folder / "a-folder").mkdir(parents=True)
    latin1 = folder / "latin1.txt"
    latin1.write_bytes("café = 'é'\n".encode("latin-1"))
    huge = folder / "huge.txt"
    huge.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    deep = folder / "deep.toml"
    deep.write_text("a = " + "[" * 5000 + "]" * 5000 + "\n", encoding="utf-8")
    return {
        DIRECTORY: str(folder / "a-folder"),
        DEVICE: "/dev/zero",
        MISSING: str(folder / "missing.txt"),
        LATIN1: str(latin1),
        HUGE: str(huge),
        DEEP: str(deep),
    }


def _snapshot(root: Path) -> set[tuple[str, int]]:
    return {(str(p.relative_to(root)), p.stat().st_size) for p in root.rglob("*") if p.is_file()}


def _real(argv: list[str], places: dict[str, str], tmp_path: Path, busy: int) -> list[str]:
    """``argv`` with its placeholders made real: files, a ledger that is not there, a port that
    is free and one that is not."""
    with socket.socket() as free:
        free.bind(("127.0.0.1", 0))
        port = free.getsockname()[1]
    out = []
    for arg in argv:
        for mark, path in places.items():
            arg = arg.replace(mark, path)
        arg = arg.replace("LEDGER", str(tmp_path / "no-ledger" / "baccarat.sqlite3"))
        out.append({"PORT": str(port), "BUSY": str(busy)}.get(arg, arg))
    return out


@pytest.fixture(scope="module")
def busy_port() -> Iterator[int]:
    with socket.socket() as listening:
        listening.bind(("127.0.0.1", 0))
        listening.listen()
        yield listening.getsockname()[1]


@pytest.mark.parametrize(("label", "argv"), ALL, ids=[label for label, _ in ALL])
def test_a_bad_input_is_one_line_on_stderr_exit_2_and_writes_nothing(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    places: dict[str, str],
    busy_port: int,
    label: str,
    argv: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    real = _real(argv, places, tmp_path, busy_port)
    before = _snapshot(tmp_path)
    code, out, err = run(capsys, *real)
    assert (code, out) == (2, ""), (label, code, out[:200], err[-300:])
    assert err.count("\n") == 1, (label, err[-300:])
    if "--json" in real:  # one JSON object, with the refusal's code
        assert json.loads(err)["error"]["code"], (label, err)
    else:
        assert err.startswith("baccarat: error: "), (label, err[-300:])
    assert "Traceback" not in err
    assert len(err) < 400, (label, err)  # a stated limit, never the 5000 digits back
    assert _snapshot(tmp_path) == before, label


TRANSLATED = [case for n, case in enumerate(CASES) if n % 3 == 0 and "--lang" not in case[1]]


@pytest.mark.parametrize(("label", "argv"), TRANSLATED, ids=[label for label, _ in TRANSLATED])
def test_a_refusal_speaks_the_command_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    places: dict[str, str],
    busy_port: int,
    label: str,
    argv: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    real = _real(argv, places, tmp_path, busy_port)
    _, _, english = run(capsys, *real)
    code, out, vietnamese = run(capsys, *real, "--lang", "vi")
    assert (code, out) == (2, "") and vietnamese.count("\n") == 1, (label, vietnamese)
    assert vietnamese != english, (label, english)
