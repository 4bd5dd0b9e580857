"""Golden files: rendered output compared with a file under ``tests/golden/``.

After an intended change, ``UPDATE_GOLDEN=1 pytest …`` rewrites the files; read the diff before
committing it.
"""

from __future__ import annotations

import os
from pathlib import Path

GOLDEN = Path(__file__).parents[1] / "golden"


def check_golden(name: str, actual: str) -> None:
    """Compare ``actual`` with ``tests/golden/NAME`` (e.g. ``"bets/rules.txt"``)."""
    path = GOLDEN / name
    if os.environ.get("UPDATE_GOLDEN"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(actual, encoding="utf-8")
    assert path.read_text(encoding="utf-8") == actual, f"{name} differs from its golden file"
