"""The domain core imports only the standard library (and itself) and does no I/O."""

from __future__ import annotations

from pathlib import Path

import baccarat.core
from support.purity import foreign_imports, io_calls

CORE = Path(baccarat.core.__file__).parent


def test_core_imports_only_the_standard_library() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert files, "the core package has no modules?"
    offenders = foreign_imports(files, ["baccarat.core"], CORE)
    assert not offenders, f"non-standard imports in baccarat.core: {sorted(offenders)}"


def test_core_does_no_io() -> None:
    offenders = io_calls(sorted(CORE.rglob("*.py")), CORE)
    assert not offenders, offenders
