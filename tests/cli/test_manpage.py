"""The manual page ``docs/baccarat.1`` is the one the commands write (``make man``), names every
command and option, and renders without a warning."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import click
import pytest
import typer

from baccarat.cli import app
from baccarat.cli.manpage import PAGE, main, page_text, roff

ROOT = Path(__file__).parents[2]


def test_the_committed_page_is_the_generated_one() -> None:
    committed = (ROOT / PAGE).read_text(encoding="utf-8")
    assert committed == page_text(), (
        f"{PAGE} differs from what the commands say: run `make man` "
        "(python -m baccarat.cli.manpage) and commit the result"
    )


def test_the_page_names_every_command_and_option() -> None:
    page = page_text()

    def walk(command: click.Command, path: str) -> None:
        if isinstance(command, click.Group):
            for name in command.commands:
                walk(command.commands[name], f"{path} {name}".strip())
            return
        assert f'.SS "baccarat {roff(path)}"' in page, path
        for param in command.params:
            if isinstance(param, click.Option) and not param.hidden:
                assert all(roff(name) in page for name in param.opts), (path, param.opts)

    walk(typer.main.get_command(app), "")
    assert ".SH EXIT STATUS" in page and "Examples:" in page


def test_main_writes_the_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "baccarat.1"
    assert main([str(path)]) == 0
    assert path.read_text(encoding="utf-8") == page_text()
    assert capsys.readouterr().out == f"wrote {path}\n"


@pytest.mark.skipif(shutil.which("groff") is None, reason="groff is not installed")
def test_groff_renders_the_page_without_a_warning() -> None:
    result = subprocess.run(
        ["groff", "-man", "-Tutf8", "-ww", "-z", str(ROOT / PAGE)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, "")


@pytest.mark.skipif(shutil.which("man") is None, reason="man is not installed")
def test_man_reads_the_page_without_a_warning() -> None:
    result = subprocess.run(
        ["man", "--warnings", "-l", str(ROOT / PAGE)],
        capture_output=True, text=True, timeout=60, check=False,
        env={"PATH": "/usr/bin:/bin", "MANPAGER": "cat", "MANWIDTH": "80", "LANG": "C.UTF-8"},
    )  # fmt: skip
    assert (result.returncode, result.stderr) == (0, "")
    assert "baccarat settle" in result.stdout and "--stake BET=POINTS" in result.stdout


def test_a_default_shows_as_the_help_shows_it() -> None:
    # Typer brackets a default given in words, "[default: (8)]"; --help shows "[default: 8]".
    page = page_text()
    assert "[default: (" not in page
    assert "[default: 8]" in page and "[default: a fresh one, printed]" in page
