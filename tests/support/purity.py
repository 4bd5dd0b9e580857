"""Checks that a package stays pure: which modules it imports, and that it does no I/O."""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterable
from pathlib import Path

_IO_CALLS = frozenset({"open", "input", "print"})
_SRC = Path(__file__).resolve().parents[2] / "src"


def module_file(name: str) -> Path:
    """The source file of the module ``name`` under ``src/``, found without importing it.

    >>> module_file("baccarat.core.tableau").parts[-3:]
    ('baccarat', 'core', 'tableau.py')
    """
    return _SRC.joinpath(*name.split(".")).with_suffix(".py")


def imported_modules(path: Path) -> set[str]:
    """Every absolute module a Python file imports."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def foreign_imports(files: Iterable[Path], allowed: Iterable[str], root: Path) -> set[str]:
    """``file: module`` for each import outside the standard library and the ``allowed`` packages."""
    roots = tuple(allowed)
    return {
        f"{path.relative_to(root)}: {name}"
        for path in files
        for name in imported_modules(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and not any(name == r or name.startswith(r + ".") for r in roots)
    }


def io_calls(files: Iterable[Path], root: Path) -> list[str]:
    """``file:line call()`` for each direct call of ``open``, ``input`` or ``print``."""
    return [
        f"{path.relative_to(root)}:{node.lineno} {node.func.id}()"
        for path in files
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in _IO_CALLS
    ]
