"""Which module defines each command, and the command's line in the list of commands.

A command line imports only the module of the command it runs: the root group lists every
command from :data:`COMMANDS` (its name and summary, no import), and builds a command from its
module (the module's ``register(app)``) the first time it is asked for. ``baccarat --help``, a
completion request and a fast command thus start without the libraries of the others (numpy,
numba, FastAPI, …). ``tests/cli/test_registry.py`` checks that the modules register exactly the
commands listed here.

>>> import click
>>> group = click.Group("baccarat", commands=LazyCommands({"tableau": COMMANDS["tableau"]}))
>>> list(group.commands), group.commands.loaded()
(['tableau'], [])
>>> group.commands["tableau"].short_help, group.commands.loaded()
('The Punto Banco draw rules.', ['tableau'])
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping, MutableMapping
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar

import click
import typer
from click.shell_completion import CompletionItem
from typer.core import TyperGroup

from baccarat.cli.clicktext import unspoken

__all__ = ["COMMANDS", "CommandGroup", "LazyCommands", "Listed"]


@dataclass(frozen=True)
class Listed:
    """A command as the list of commands shows it, before its module is imported."""

    module: str
    """The module of :mod:`baccarat.cli` whose ``register(app)`` adds the command."""
    summary: str
    """Its line in the list of commands (the command's short help)."""


COMMANDS: Mapping[str, Listed] = {
    "completion": Listed("completion", "Print the shell completion script."),
    "count": Listed("count", "Count cards (or play perfectly) over many shoes: does it win?"),
    "deal": Listed("deal", "Deal coups and say why each hand drew or stood."),
    "odds": Listed("odds", "Exact odds, house edge and spread of every bet."),
    "par-sheet": Listed("odds", "Write a rule set's PAR sheet (md, html, csv, json, parquet)."),
    "quiz": Listed("quiz", "Draw or stand? Practise the rules in the terminal."),
    "roads": Listed("roads", "The score-board roads of results or of a dealt shoe."),
    "rules": Listed("rules", "The rule sets: bets, pays and table limits."),
    "ruin": Listed("ruin", "Risk of ruin, the bankroll for a risk, Kelly fractions."),
    "serve": Listed("serve", "Start the practice table (virtual points only)."),
    "settle": Listed("settle", "Settle bets on one coup dealt from given cards."),
    "simulate": Listed("simulate", "Deal millions of coups; compare with the exact odds."),
    "systems": Listed("systems", "Betting systems over many sessions: none beats the edge."),
    "tableau": Listed("tableau", "The Punto Banco draw rules."),
    "verify": Listed("verify", "Check a provably fair shoe from its seeds."),
    "ledger": Listed("ledger", "The practice table's ledger."),
    "solve": Listed("solve", "Solve Chemin de Fer and Banque."),
}
"""Every command of ``baccarat``, in the order of the list of commands."""


def _module_commands(module: str) -> dict[str, click.Command]:
    """The commands ``baccarat.cli.<module>`` registers, built as the root group builds its own
    (before the command line speaks its language: the help is put in it once built)."""
    holder = typer.Typer(rich_markup_mode=None, add_completion=False)
    with unspoken():
        importlib.import_module(f"{__package__}.{module}").register(holder)
        return dict(typer.main.get_group(holder).commands)


class LazyCommands(MutableMapping[str, click.Command]):
    """A group's commands by name: each listed one is built from its module when first asked
    for. While :meth:`listing` is on, one not built yet is a stand-in that carries its summary
    only, so that the list of commands and the completion of their names import nothing."""

    def __init__(
        self, listed: Mapping[str, Listed], built: Mapping[str, click.Command] | None = None
    ) -> None:
        self._listed = dict(listed)
        self._built: dict[str, click.Command] = dict(built or {})
        self._listing = False
        self.on_load: Callable[[click.Command], None] | None = None
        """Called with each command built from its module (the help puts it in the language)."""

    def loaded(self) -> list[str]:
        """The names of the commands built so far."""
        return list(self._built)

    @contextmanager
    def listing(self) -> Iterator[None]:
        """Within: a command not built yet is a stand-in with its summary."""
        self._listing = True
        try:
            yield
        finally:
            self._listing = False

    def _stand_in(self, name: str) -> click.Command:
        command = click.Command(name, short_help=self._listed[name].summary)
        if self.on_load is not None:
            self.on_load(command)
        return command

    def _load(self, name: str) -> click.Command:
        module = self._listed[name].module
        for built_name, command in _module_commands(module).items():
            if built_name in self._listed and built_name not in self._built:
                command.short_help = self._listed[built_name].summary
                if self.on_load is not None:
                    self.on_load(command)
                self._built[built_name] = command
        if name not in self._built:
            raise LookupError(f"module {module!r} registers no command {name!r}")
        return self._built[name]

    def __getitem__(self, name: str) -> click.Command:
        if name in self._built:
            return self._built[name]
        if name not in self._listed:
            raise KeyError(name)
        return self._stand_in(name) if self._listing else self._load(name)

    def __setitem__(self, name: str, command: click.Command) -> None:
        self._built[name] = command

    def __delitem__(self, name: str) -> None:
        if name not in self:
            raise KeyError(name)
        self._built.pop(name, None)
        self._listed.pop(name, None)

    def __contains__(self, name: object) -> bool:
        return name in self._built or name in self._listed

    def __iter__(self) -> Iterator[str]:
        yield from self._listed
        yield from (name for name in self._built if name not in self._listed)

    def __len__(self) -> int:
        return len(self._listed) + sum(name not in self._listed for name in self._built)


class CommandGroup(TyperGroup):
    """The root group: its commands are :data:`COMMANDS`, built one by one as they are used."""

    listed: ClassVar[Mapping[str, Listed]] = COMMANDS

    def __init__(self, *, commands: Any = None, **attrs: Any) -> None:
        lazy = LazyCommands(self.listed, dict(commands or {}))
        # click's Group takes any mapping; Typer's annotation names dict only.
        super().__init__(commands=lazy, **attrs)  # type: ignore[arg-type]
        self.lazy = lazy

    def list_commands(self, ctx: click.Context) -> list[str]:
        # The names alone: Typer's own reads every command.
        return list(self.lazy)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        with self.lazy.listing():
            super().format_commands(ctx, formatter)

    def shell_complete(self, ctx: click.Context, incomplete: str) -> list[CompletionItem]:
        with self.lazy.listing():
            return super().shell_complete(ctx, incomplete)
