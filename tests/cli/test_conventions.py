"""The conventions of a well-made command line: help once, -h, --version, ``python -m``,
completion, help and usage errors in the language, a closed pipe, Ctrl-C, deprecated names."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from baccarat import __version__
from support.cli import run

MAIN = [sys.executable, "-c", "from baccarat.cli import main; main()"]


def _env(**extra: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LANGUAGE")}
    return env | {"PYTHONPATH": os.pathsep.join(sys.path)} | extra


@pytest.mark.parametrize("argv", [[], ["solve"], ["ledger"]], ids=["baccarat", "solve", "ledger"])
def test_a_bare_group_prints_its_help_once(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    code, out, err = run(capsys, *argv)
    assert (code, err) == (0, "")
    assert out.count("Usage:") == 1 and "Commands:" in out and "Examples:" in out


def test_h_is_help_and_version_is_the_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "deal", "-h") == run(capsys, "deal", "--help")
    code, out, _ = run(capsys, "--version")
    assert (code, out) == (0, f"baccarat {__version__}\n")


def test_python_m_baccarat() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "baccarat", "--version"],
        capture_output=True, text=True, env=_env(), timeout=60, check=False,
    )  # fmt: skip
    assert (result.returncode, result.stdout.strip()) == (0, f"baccarat {__version__}")


def test_completion_completes_commands_and_choices(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "completion", "bash")
    assert code == 0 and "_BACCARAT_COMPLETE=complete_bash" in out
    for words, cword, expected in (
        ("baccarat si", "1", "simulate"),
        ("baccarat simulate --mode ", "3", "first-coup"),
        ("baccarat odds --for", "2", "--format"),
    ):
        result = subprocess.run(
            MAIN,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
            env=_env(_BACCARAT_COMPLETE="complete_bash", COMP_WORDS=words, COMP_CWORD=cword),
        )
        assert expected in result.stdout.split(), (words, result.stdout, result.stderr)


def test_help_and_usage_errors_speak_the_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _, out, _ = run(capsys, "deal", "--help", "--lang", "vi")
    assert out.startswith("Cách dùng: baccarat deal [TÙY CHỌN]") and "Ví dụ:" in out
    assert "Số bộ bài trong hộp.  [mặc định: 8]" in out
    code, _, err = run(capsys, "deal", "--nope", "--lang", "hu")
    assert code == 2 and err == (
        "baccarat: hiba: Nincs ilyen kapcsoló: '--nope'. Erre gondoltál: '--coups'?\n"
    )
    monkeypatch.setenv("BACCARAT_LANG", "hu")
    _, out, _ = run(capsys, "--help")
    assert out.startswith("Használat: baccarat [KAPCSOLÓK] PARANCS")
    code, _, err = run(capsys, "simulate", "--coups", "x")
    assert err == (
        "baccarat: hiba: Érvénytelen érték ('--coups' / '-n'): 'x' nem érvényes egész szám.\n"
    )
    monkeypatch.delenv("BACCARAT_LANG")
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    assert run(capsys, "tableau", "--help")[1].startswith("Cách dùng:")
    # --lang given before the command counts too.
    code, _, err = run(capsys, "--lang", "vi", "deal", "--cards", "Zz")
    assert code == 2 and err.startswith("baccarat: lỗi: lá bài 'Zz' không hợp lệ")


@pytest.mark.parametrize(
    ("lang", "usage", "example"),
    [
        ("en", "Usage: baccarat [OPTIONS] COMMAND [ARGS]...", "baccarat COMMAND --help"),
        ("vi", "Cách dùng: baccarat [TÙY CHỌN] LỆNH [ĐỐI SỐ]...", "baccarat LỆNH --help"),
        (
            "hu",
            "Használat: baccarat [KAPCSOLÓK] PARANCS [ARGUMENTUMOK]...",
            "baccarat PARANCS --help",
        ),
    ],
)
def test_the_root_example_names_a_command_as_the_usage_line_does(
    capsys: pytest.CaptureFixture[str], lang: str, usage: str, example: str
) -> None:
    _, out, _ = run(capsys, "--lang", lang, "--help")
    lines = out.splitlines()
    assert lines[0] == usage
    assert f"    {example}" in lines
    if lang != "en":
        assert "COMMAND" not in out


@pytest.mark.parametrize("lang", ["vi", "hu"])
def test_every_placeholder_of_a_value_is_in_the_language(lang: str) -> None:
    """``--rules-file FÁJL`` as the help texts write it (``a --output FÁJL-ba``), not ``FILE``:
    every word of a metavar that stands for a value is translated, on every command."""
    import click
    import typer

    from baccarat.cli import app
    from baccarat.cli.help import _PLACEHOLDER, _metavar, _walk, localize
    from baccarat.i18n.catalogs import get_translator

    english = typer.main.get_command(app)
    words = {
        word
        for cmd in _walk(english)
        for param in cmd.params
        for word in _PLACEHOLDER.findall(_metavar(param, click.Context(cmd)) or "")
    }
    assert {"FILE", "SEED", "NAME", "URL", "BET", "POINTS"} <= words
    # Each names what goes there: none is click's word for the type (--client-seed TEXT).
    assert not words & {"TEXT", "PATH", "FILENAME", "DIRECTORY", "INTEGER", "FLOAT"}
    same = {"URL", "SHELL", "HEX"}  # the same in every language
    translated = typer.main.get_command(app)
    localize(translated, get_translator(lang))
    shown = [
        (cmd.name, param.name, metavar)
        for cmd in _walk(translated)
        for param in cmd.params
        if (metavar := _metavar(param, click.Context(cmd))) is not None
    ]
    left = [item for item in shown if set(_PLACEHOLDER.findall(item[2])) & (words - same)]
    assert left == []
    assert ("simulate", "rules_file", {"vi": "TỆP", "hu": "FÁJL"}[lang]) in shown


def test_a_closed_pipe_ends_quietly_with_141() -> None:
    process = subprocess.Popen(
        [*MAIN, "deal", "--coups", "200000", "--seed", "1"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(),
    )  # fmt: skip
    assert process.stdout is not None and process.stderr is not None
    first = process.stdout.readline()
    process.stdout.close()  # as `| head -1` does
    code = process.wait(timeout=60)
    assert first.startswith(b"Coup 1 ") and code == 141
    assert process.stderr.read() == b""


def test_ctrl_c_in_the_quiz_ends_with_a_newline_a_summary_and_130(tmp_path: Path) -> None:
    process = subprocess.Popen(
        [*MAIN, "quiz", "--seed", "1", "--no-save"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env=_env(XDG_DATA_HOME=str(tmp_path)),
    )  # fmt: skip
    assert process.stdin is not None and process.stdout is not None
    process.stdin.write(b"d\n")
    process.stdin.flush()
    deadline = time.monotonic() + 60
    seen = b""
    while b"draw or stand?" not in seen.split(b"Player: draw or stand?", 1)[-1]:
        seen += os.read(process.stdout.fileno(), 4096)
        assert time.monotonic() < deadline, seen
    process.send_signal(signal.SIGINT)
    out, err = process.communicate(timeout=60)
    text = (seen + out).decode()
    assert process.returncode == 130, (text, err)
    # The prompt's line ends, then the summary of what was answered.
    assert "Banker: draw or stand? [d = draw / s = stand] \nStopped." in text
    assert "In all: 0 of 1 right." in text


def test_ctrl_c_while_dealing_says_how_far_it_got() -> None:
    process = subprocess.Popen(
        [*MAIN, "deal", "--coups", "10000000", "--seed", "1", "--json"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=_env(),
    )  # fmt: skip
    assert process.stdout is not None
    process.stdout.readline()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert err.decode().startswith("\nbaccarat: interrupted after ") and err.count(b"\n") == 2


def test_a_deprecated_name_still_works_and_says_so_after_the_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _, toml, _ = run(capsys, "rules", "ez", "--toml")
    path = tmp_path / "ez.toml"
    path.write_text(toml, encoding="utf-8")
    code, out, err = run(capsys, "rules", "--file", str(path))
    assert code == 0 and "ez" in out
    assert err == "baccarat: warning: --file is deprecated: use --rules-file\n"
    # With --json the warning is one JSON object, as a refusal is, its code stable.
    code, out, err = run(capsys, "rules", "--file", str(path), "--json")
    assert code == 0 and json.loads(out)["rule_sets"][0]["name"] == "ez"
    assert json.loads(err) == {
        "warning": {
            "code": "deprecated",
            "message": "--file is deprecated: use --rules-file",
            "params": {"old": "--file", "new": "--rules-file"},
        }
    }
    code, out, err = run(
        capsys, "simulate", "-n", "1000", "--seed", "1", "--workers", "1", "--json"
    )
    assert code == 0 and json.loads(out)["workers"] == 1
    # (after a line saying the kernels were compiled, the first time they are)
    assert json.loads(err.splitlines()[-1])["warning"]["params"] == {
        "old": "--workers",
        "new": "--threads",
    }


def test_deal_records_carry_shoe_and_coup_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--coups", "30", "--decks", "1", "--seed", "4", "--json")
    records = [json.loads(line) for line in out.splitlines()]
    assert code == 0 and all(r["schema"] == "baccarat.coup/1" for r in records)
    shoes = [r["shoe"] for r in records]
    assert shoes[0] == 1 and shoes[-1] > 1 and shoes == sorted(shoes)
    for shoe in set(shoes):
        numbers = [r["number"] for r in records if r["shoe"] == shoe]
        assert numbers == list(range(1, len(numbers) + 1))


def test_the_simulation_header_says_what_its_time_measured(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "simulate", "-n", "1000", "--seed", "1", "--threads", "1")
    assert " s, " in out.splitlines()[0] and "dealt in " in out.splitlines()[0]


def test_a_slow_compile_is_announced_once_it_is_done(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from baccarat.cli import progress

    with progress.compiling() as took:
        time.sleep(progress.AFTER + 0.1)
    assert took and took[0] > progress.AFTER
    err = capsys.readouterr().err
    assert err.startswith("baccarat: compiled the kernels in ") and err.count("\n") == 1
    with progress.compiling():
        pass
    assert capsys.readouterr().err == ""
