"""The roads package is pure: the standard library and baccarat.core only, and no I/O.

The model modules do not import the renderers, so a page can use the model without them.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import baccarat.roads

ROADS = Path(baccarat.roads.__file__).parent
RENDERERS = {"text", "svg", "records", "labels"}


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            names |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.add(node.module)
    return names


def test_roads_import_only_the_standard_library_and_the_core() -> None:
    files = sorted(ROADS.glob("*.py"))
    assert len(files) > 5
    allowed = ("baccarat.core", "baccarat.roads")
    offenders = {
        f"{path.name}: {name}"
        for path in files
        for name in _imports(path)
        if name.split(".")[0] not in sys.stdlib_module_names
        and not any(name == root or name.startswith(root + ".") for root in allowed)
    }
    assert not offenders, sorted(offenders)


def test_the_model_does_not_import_the_renderers() -> None:
    model = [p for p in ROADS.glob("*.py") if p.stem not in RENDERERS | {"__init__"}]
    offenders = {
        f"{path.name}: {name}"
        for path in model
        for name in _imports(path)
        if name.startswith("baccarat.roads.") and name.rsplit(".", 1)[1] in RENDERERS
    }
    assert not offenders, sorted(offenders)


def test_roads_do_no_io() -> None:
    forbidden = {"open", "input", "print"}
    offenders = [
        f"{path.name}:{node.lineno} {node.func.id}()"
        for path in sorted(ROADS.glob("*.py"))
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id in forbidden
    ]
    assert not offenders, offenders
