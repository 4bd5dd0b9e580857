"""The database sits between the quiz and the ledger: the quiz knows nothing of it, and it knows
nothing of the ledger (issue #15's import order: learn <- store <- ledger)."""

from __future__ import annotations

from pathlib import Path

import baccarat
from support.purity import imported_modules

PACKAGE = Path(baccarat.__file__).parent


def _imports_of(package: str, *forbidden: str) -> list[str]:
    return sorted(
        f"{path.relative_to(PACKAGE)}: {name}"
        for path in (PACKAGE / package).rglob("*.py")
        for name in imported_modules(path)
        if any(name == f or name.startswith(f + ".") for f in forbidden)
    )


def test_the_quiz_imports_neither_the_database_nor_the_ledger() -> None:
    assert _imports_of("learn", "baccarat.store", "baccarat.ledger", "sqlalchemy") == []


def test_the_database_does_not_import_the_ledger_or_the_web() -> None:
    assert _imports_of("store", "baccarat.ledger", "baccarat.web", "baccarat.cli") == []


def test_the_ledger_does_not_import_the_web_or_the_command_line() -> None:
    assert _imports_of("ledger", "baccarat.web", "baccarat.cli") == []
