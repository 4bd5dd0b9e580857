"""The domain core imports only the standard library (and itself)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import baccarat.core

CORE = Path(baccarat.core.__file__).parent


def _imported_roots(path: Path) -> set[str]:
    roots: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            roots |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            roots.add(node.module)
    return roots


def test_core_imports_only_the_standard_library() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert files, "the core package has no modules?"
    offenders = {
        f"{path.relative_to(CORE)}: {name}"
        for path in files
        for name in _imported_roots(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and not (name == "baccarat.core" or name.startswith("baccarat.core."))
    }
    assert not offenders, f"non-standard imports in baccarat.core: {sorted(offenders)}"


def test_core_does_no_io() -> None:
    forbidden = {"open", "input", "print"}
    offenders = [
        f"{path.relative_to(CORE)}:{node.lineno} {node.func.id}()"
        for path in sorted(CORE.rglob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in forbidden
    ]
    assert not offenders, offenders
