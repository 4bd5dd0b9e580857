"""The registry of commands: it lists exactly what the modules register, and builds a command
only when it is used."""

from __future__ import annotations

import importlib
import pkgutil

import click
import pytest
import typer

import baccarat.cli
from baccarat.cli import app
from baccarat.cli.registry import COMMANDS, LazyCommands, Listed


def _registered() -> dict[str, str]:
    """Every command a module of the package registers, with its module (found by import)."""
    found: dict[str, str] = {}
    for info in pkgutil.iter_modules(baccarat.cli.__path__):
        module = importlib.import_module(f"baccarat.cli.{info.name}")
        if hasattr(module, "register"):
            holder = typer.Typer()
            module.register(holder)
            for name in typer.main.get_group(holder).commands:
                found[name] = info.name
    return found


def test_the_registry_lists_every_registered_command_once_with_its_module() -> None:
    assert {name: listed.module for name, listed in COMMANDS.items()} == _registered()


def test_the_list_of_commands_builds_nothing_and_a_command_is_built_once() -> None:
    group = typer.main.get_command(app)
    assert isinstance(group, click.Group) and isinstance(group.commands, LazyCommands)
    commands = group.commands
    help_text = group.get_help(click.Context(group, info_name="baccarat"))
    for name, listed in COMMANDS.items():
        assert name in help_text and listed.summary in help_text
    assert commands.loaded() == []
    odds = commands["odds"]
    # One module, both of its commands, each with its summary.
    assert sorted(commands.loaded()) == ["odds", "par-sheet"] and commands["odds"] is odds
    assert odds.short_help == COMMANDS["odds"].summary
    assert "nope" not in commands and commands.get("nope") is None
    assert list(commands) == list(COMMANDS) and len(commands) == len(COMMANDS)


def test_commands_added_by_hand_come_after_the_listed_ones() -> None:
    commands = LazyCommands({"deal": COMMANDS["deal"]})
    extra = click.Command("extra")
    commands["extra"] = extra
    assert list(commands) == ["deal", "extra"] and len(commands) == 2
    del commands["extra"], commands["deal"]
    assert len(commands) == 0 and "deal" not in commands
    with pytest.raises(KeyError):
        del commands["deal"]


def test_a_module_that_does_not_register_a_listed_command_is_named() -> None:
    commands = LazyCommands({"ghost": Listed("tableau", "Nothing.")})
    with pytest.raises(LookupError, match="module 'tableau' registers no command 'ghost'"):
        commands["ghost"]
