"""The bounds of what the command line accepts, and the option types that enforce them.

Every number an option takes has a stated upper bound, so that an oversize value is one line of
refusal instead of a memory error, an overflow deep in a kernel or work that never ends; every
option with fixed choices takes an enum, lists it in the help and refuses anything else with the
list. The bounds are the command line's (what a person or a script can sensibly ask of one run),
not the engine's.

>>> import click
>>> option = click.Option(["--coups"], type=Whole(most=10))
>>> Whole(most=10).convert("7", option, None)
7
>>> Whole(most=10).convert("11", option, None)
Traceback (most recent call last):
...
baccarat.cli.errors.CliError: --coups must be at most 10, got 11
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from enum import Enum
from typing import Any, Generic, TypeVar

import click
from click.shell_completion import CompletionItem

from baccarat.cli.clicktext import click_text
from baccarat.cli.errors import CliError
from baccarat.core.errors import BaccaratError

__all__ = [
    "MAX_CARDS",
    "MAX_DEAL_COUPS",
    "MAX_DECKS",
    "MAX_FILE_BYTES",
    "MAX_LINE_CHARS",
    "MAX_SECONDS",
    "MAX_SIMULATE_COUPS",
    "MAX_SOLVE_SIMULATE",
    "MAX_THREADS",
    "MAX_TOML_DEPTH",
    "EnumChoice",
    "Real",
    "Whole",
    "option_name",
]

MAX_DECKS = 1_000
"""Decks in one shoe: far past any table (8), still a shoe the analyzer prices in seconds."""
MAX_CARDS = 52 * MAX_DECKS
"""Cards in a ``--remaining`` composition."""
MAX_DEAL_COUPS = 10_000_000
"""Coups ``baccarat deal`` prints in one run (a few minutes of JSON lines)."""
MAX_SIMULATE_COUPS = 10**12
"""Coups of one simulation: hours on a fast machine, and within the kernels' 64-bit counters."""
MAX_SOLVE_SIMULATE = 100_000_000
"""Coups ``baccarat solve --simulate`` deals to check a value."""
MAX_SEED = 2**64 - 1
"""Seeds are 64-bit (the simulator's generators take no more)."""
MAX_THREADS = 1024
"""Threads (or Dask workers) one run may ask for."""
MAX_FILE_BYTES = 1 << 20
"""The largest file of rules or coups a command reads (1 MiB: thousands of shoes)."""
MAX_LINE_CHARS = 1024
"""The longest line of cards a command reads (``deal --cards``, a line of ``--cards -``): a
coup needs some 20 characters; a longer line is refused before it is read whole."""
MAX_TOML_DEPTH = 32
"""How deeply a rule file may nest its tables and arrays (a rule set needs four levels)."""

MAX_SECONDS = 86_400.0
"""Seconds an option may name (a wait, a time limit): a day."""

_DIGITS_SHOWN = 40
_DECIMAL = re.compile(r"[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)")


def option_name(param: click.Parameter | None) -> str:
    """The name a refusal gives an option: its longest spelling (``--coups``, not ``-n``)."""
    if param is None:
        return "value"
    names = [*param.opts, *param.secondary_opts] or [param.name or "value"]
    return max(names, key=len)


class Whole(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.3
    """A whole number, at most ``most`` (and at least ``least`` when given).

    Commands that check a lower bound themselves, with a message of their own, give no
    ``least``; every upper bound is checked here, before any work starts. ``too_large`` builds
    the refusal of a value above ``most`` when the option has a message of its own for it.
    """

    name = "integer"

    def __init__(
        self,
        most: int,
        least: int | None = None,
        metavar: str = "N",
        too_large: Callable[[object], BaccaratError] | None = None,
    ) -> None:
        self.most = most
        self.least = least
        self.metavar = metavar
        self.too_large = too_large

    def _too_large(self, param: click.Parameter | None, value: object) -> BaccaratError:
        if self.too_large is not None:
            return self.too_large(value)
        return CliError("number_too_large", option=option_name(param), most=self.most, value=value)

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return self.metavar

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> int:
        number: int
        if isinstance(value, int) and not isinstance(value, bool):
            number = value
        else:
            text = str(value).strip().replace("_", "")
            digits = text.lstrip("+-")
            if not digits.isdigit() or not digits.isascii():
                self.fail(
                    click_text("not_a_number").format(
                        value=value, number_type=click_text("integer")
                    ),
                    param,
                    ctx,
                )
            if len(digits) > _DIGITS_SHOWN:
                # Past Python's own limit on the digits of an int: too large either way.
                shown = text[:_DIGITS_SHOWN] + "…"
                if text.startswith("-"):
                    if self.least is not None:
                        raise CliError(
                            "number_too_small",
                            option=option_name(param),
                            least=self.least,
                            value=shown,
                        )
                    return -int(10**_DIGITS_SHOWN)  # below any lower bound a command checks
                raise self._too_large(param, shown)
            number = int(text)
        if number > self.most:
            raise self._too_large(param, number)
        if self.least is not None and number < self.least:
            raise CliError(
                "number_too_small", option=option_name(param), least=self.least, value=number
            )
        return number


class Real(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.3
    """A decimal number in ASCII digits (``30``, ``2.5``), ``least`` to ``most``: no exponent,
    no ``inf`` or ``nan``, which ``float()`` would take.

    >>> Real(most=60).convert("2.5", None, None)
    2.5
    >>> Real(most=60).convert("1e99999", None, None)
    Traceback (most recent call last):
    ...
    click.exceptions.BadParameter: '1e99999' is not a valid float.
    """

    name = "float"

    def __init__(self, most: float, least: float | None = None, metavar: str = "SECONDS") -> None:
        self.most = most
        self.least = least
        self.metavar = metavar

    def get_metavar(self, param: click.Parameter, ctx: click.Context | None = None) -> str:
        return self.metavar

    def convert(
        self, value: Any, param: click.Parameter | None, ctx: click.Context | None
    ) -> float:
        if isinstance(value, int | float) and not isinstance(value, bool):
            number = float(value)
        else:
            text = str(value).strip()
            if len(text) > _DIGITS_SHOWN or not _DECIMAL.fullmatch(text):
                self.fail(
                    click_text("not_a_number").format(
                        value=text[:_DIGITS_SHOWN] + ("…" if len(text) > _DIGITS_SHOWN else ""),
                        number_type=click_text("float"),
                    ),
                    param,
                    ctx,
                )
            number = float(text)
        if number > self.most:
            raise CliError(
                "number_too_large", option=option_name(param), most=self.most, value=value
            )
        if self.least is not None and number < self.least:
            raise CliError(
                "number_too_small", option=option_name(param), least=self.least, value=value
            )
        return number


E = TypeVar("E", bound=Enum)


class EnumChoice(click.ParamType, Generic[E]):  # type: ignore[type-arg]
    """One of an enum's values (case-insensitive); anything else is ``refuse(text)``, a
    refusal that lists the choices. The help shows them as ``[a|b|c]``; completion offers them.
    The value is the member's value, which Typer turns into the member of the annotation.

    >>> from baccarat.sim.spec import Mode
    >>> choice = EnumChoice(Mode, lambda text: BaccaratError(f"no {text}"))
    >>> choice.convert("First-Coup", None, None), choice.get_metavar(None)
    ('first-coup', '[shoe|first-coup|infinite]')
    """

    name = "choice"

    def __init__(self, enum: type[E], refuse: Callable[[str], BaccaratError]) -> None:
        self.enum = enum
        self.refuse = refuse

    @property
    def values(self) -> Sequence[str]:
        return [str(member.value) for member in self.enum]

    def get_metavar(self, param: click.Parameter | None, ctx: click.Context | None = None) -> str:
        return "[" + "|".join(self.values) + "]"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> str:
        if isinstance(value, self.enum):
            return str(value.value)
        text = str(value)
        for member in self.enum:
            if str(member.value).casefold() == text.strip().casefold():
                return str(member.value)
        raise self.refuse(text)

    def shell_complete(
        self, ctx: click.Context, param: click.Parameter, incomplete: str
    ) -> list[CompletionItem]:
        return [CompletionItem(v) for v in self.values if v.startswith(incomplete)]
