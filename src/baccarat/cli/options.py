"""Options that several commands share, written once: the shoe a run deals and where it deals.

A command takes them as typed parameters, ``None`` standing for "not given" (so that a command
can tell a default from an explicit choice, and refuse one that does not fit its mode):

>>> import inspect
>>> def command(decks: DecksOption = None, cut_card: CutCardOption = None) -> None: ...
>>> [p.name for p in inspect.signature(command).parameters.values()]
['decks', 'cut_card']
"""

from __future__ import annotations

from typing import Annotated

import typer

from baccarat.cli.limits import Whole
from baccarat.sim.config import KERNEL_MAX_DECKS

__all__ = ["BurnOption", "CutCardOption", "DaskOption", "DecksOption", "OneMoreCoupOption"]

DecksOption = Annotated[
    int | None,
    typer.Option(click_type=Whole(KERNEL_MAX_DECKS), help="Decks in the shoe.", show_default="8"),
]
CutCardOption = Annotated[
    int | None,
    typer.Option(
        click_type=Whole(KERNEL_MAX_DECKS * 52),
        help="Cards behind the cut card.",
        show_default="14",
    ),
]
BurnOption = Annotated[
    bool | None,
    typer.Option("--burn/--no-burn", help="Burn cards first.", show_default="burn"),
]
OneMoreCoupOption = Annotated[
    bool | None,
    typer.Option(
        "--one-more-coup/--no-one-more-coup",
        help="Whether one more coup follows the coup in which the cut card came out.",
        show_default="one more coup",
    ),
]
DaskOption = Annotated[
    str | None,
    typer.Option(help="Deal on Dask: 'local' starts a local cluster, or tcp://HOST:8786."),
]
