"""Running the command line in-process, the way a user's shell would, for the CLI tests."""

from __future__ import annotations

import importlib
import json
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

from baccarat.cli import main
from support.fair import ContributingService


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``baccarat ARGS``; return the exit code, standard output and standard error."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def command_module(name: str) -> ModuleType:
    """The module the app builds command ``name`` from, as it stands in ``sys.modules`` (the one
    to patch: a doctest run may have imported its file a second time)."""
    from baccarat.cli.registry import COMMANDS

    return importlib.import_module(f"baccarat.cli.{COMMANDS[name].module}")


def played_ledger(folder: Path, *, shoe_says: int | None = None) -> str:
    """The URL of an SQLite file where one player was dealt 3 coups (Banker 25 each), for
    ``baccarat ledger check``. ``shoe_says``: the shoe's stored position is then overwritten
    with it, so the check finds one ``shoe_position`` discrepancy."""
    from sqlalchemy import update

    from baccarat.store.db import Store
    from baccarat.store.models import ShoeRecord

    url = f"sqlite:///{folder / 'ledger.sqlite3'}"
    store = Store.open(url)
    service = ContributingService(store)
    player = service.join().player_id
    for _ in range(3):
        service.deal(player, service.table(player).id, {"banker": 25_00})
    if shoe_says is not None:
        with store.transaction() as db:
            db.execute(update(ShoeRecord).values(coups_dealt=shoe_says))
    store.close()
    return url


def simulate_command(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """``baccarat simulate ARGS`` in this process: its exit code, stdout and stderr alone."""
    capsys.readouterr()
    code = 0
    try:
        main(["simulate", *args])
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


def simulate_command_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, Any]:
    """The JSON record of a ``baccarat simulate ARGS --json`` that succeeded."""
    code, out, err = simulate_command(capsys, *args, "--json")
    assert code == 0, err
    record: dict[str, Any] = json.loads(out)
    return record
