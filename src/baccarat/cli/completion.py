"""``baccarat completion``: the shell script that completes commands, options and choices.

The script asks the command line itself (Typer's protocol over click's, through
``_BACCARAT_COMPLETE``), so it completes what this install has: every command, every option,
the values of every choice.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from typing import Annotated

import typer

from baccarat.cli.errors import CliError
from baccarat.cli.help import examples
from baccarat.cli.limits import EnumChoice
from baccarat.cli.options import LangOption

__all__ = ["Shell", "completion_command", "register"]


class Shell(StrEnum):
    BASH = "bash"
    ZSH = "zsh"
    FISH = "fish"


def completion_command(
    shell: Annotated[
        Shell,
        typer.Argument(
            click_type=EnumChoice(
                Shell,
                lambda text: CliError(
                    "unknown_shell", shell=text, shells=", ".join(s.value for s in Shell)
                ),
            ),
            help="The shell: bash, zsh or fish.",
        ),
    ],
    lang: LangOption = None,
) -> None:
    """Print the completion script of a shell; load it from the shell's start-up file."""
    # Typer answers completion requests in its own protocol; its script speaks it.
    from typer._completion_shared import get_completion_script

    script = get_completion_script(
        prog_name="baccarat", complete_var="_BACCARAT_COMPLETE", shell=shell.value
    )
    sys.stdout.write(script.rstrip("\n") + "\n")


def register(app: typer.Typer) -> None:
    app.command(
        "completion",
        epilog=examples(
            'eval "$(baccarat completion bash)"      # in ~/.bashrc',
            'eval "$(baccarat completion zsh)"       # in ~/.zshrc',
            "baccarat completion fish > ~/.config/fish/completions/baccarat.fish",
        ),
    )(completion_command)
