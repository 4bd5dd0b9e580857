"""The import contract: each package of ``baccarat`` imports only the layers below it, no module
takes part in an import circle, and no package reaches for another's private names.

The layer order is the one drawn in ``docs/development.md``. Every import counts, also one inside a
function or under ``TYPE_CHECKING``: a lazy import hides a dependency from the interpreter, not
from the reader.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

import baccarat

PACKAGE = Path(baccarat.__file__).parent

LAYERS: tuple[frozenset[str], ...] = (
    frozenset({"core"}),
    frozenset({"i18n"}),
    frozenset({"records", "extras"}),
    frozenset({"roads", "fair"}),
    frozenset({"odds"}),
    frozenset({"sim", "chemin", "learn"}),
    # The lab deals shoes with the simulator's kernels and prices with the analyzer's, so it
    # sits just above both; the guides draw on its figures.
    frozenset({"lab"}),
    frozenset({"guides"}),
    frozenset({"store"}),
    frozenset({"ledger"}),
    frozenset({"web"}),
    frozenset({"cli"}),
    frozenset({"__main__"}),
)
"""Lowest first: a package may import its own modules and those of the layers before its own."""

LEVEL = {name: level for level, names in enumerate(LAYERS) for name in names}


def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imports_of(name: str) -> Iterator[str]:
    """Every ``baccarat`` module that module ``name`` imports, resolved to a module of the tree
    (``from baccarat.core import cards`` is the module ``baccarat.core.cards``)."""
    path = MODULES[name]
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            targets = [
                f"{module}.{alias.name}" if f"{module}.{alias.name}" in MODULES else module
                for alias in node.names
            ]
        else:
            continue
        for target in targets:
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target.startswith("baccarat.") and target != name:
                yield target


def layer_of(name: str) -> str:
    return name.split(".")[1] if name.count(".") else ""


def test_every_package_has_a_layer() -> None:
    packages = {layer_of(name) for name in MODULES} - {""}
    assert packages <= set(LEVEL), f"packages without a layer: {sorted(packages - set(LEVEL))}"


def test_packages_import_only_the_layers_below() -> None:
    offenders = sorted(
        f"{name} imports {target}"
        for name in MODULES
        if layer_of(name)
        for target in imports_of(name)
        if layer_of(target) != layer_of(name)
        and (not layer_of(target) or LEVEL[layer_of(target)] >= LEVEL[layer_of(name)])
    )
    assert not offenders, "\n".join(offenders)


def _private(dotted: str) -> bool:
    """Whether a dotted name passes through a private part (``_x``, not ``__init__``)."""
    return any(part.startswith("_") and not part.startswith("__") for part in dotted.split("."))


def private_imports_of(name: str) -> Iterator[str]:
    """Every private name (a module ``_x`` or an object ``_x``) that module ``name`` takes from
    another package of ``baccarat``: by ``import``, by ``from … import``, or as an attribute of a
    module it imported (``kernels._coup``)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    modules: dict[str, str] = {}  # local name -> a baccarat module imported under it
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            pairs = [(alias.name, alias.asname or alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            pairs = [
                (f"{node.module}.{alias.name}", alias.asname or alias.name) for alias in node.names
            ]
        else:
            continue  # a relative import stays inside its own package
        for dotted, local in pairs:
            if not dotted.startswith("baccarat."):
                continue
            if dotted in MODULES:
                modules[local] = dotted
            if layer_of(dotted) != layer_of(name) and _private(dotted.removeprefix("baccarat.")):
                yield dotted
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in modules
            and layer_of(modules[node.value.id]) != layer_of(name)
            and _private(node.attr)
        ):
            yield f"{modules[node.value.id]}.{node.attr}"


def test_no_package_imports_another_packages_private_names() -> None:
    offenders = sorted(
        f"{name} takes {target}" for name in MODULES for target in private_imports_of(name)
    )
    assert not offenders, "\n".join(offenders)


def test_the_private_import_finder_finds_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    module = tmp_path / "probe.py"
    module.write_text(
        "from baccarat.sim.kernels import _coup, run_shoes\n"
        "from baccarat.odds import _kernel\n"
        "from baccarat.sim import kernels\n"
        "from baccarat.lab import _x\n"
        "kernels._burn(kernels.run_shoes)\n",
        encoding="utf-8",
    )
    monkeypatch.setitem(MODULES, "baccarat.lab.probe", module)
    assert sorted(private_imports_of("baccarat.lab.probe")) == [
        "baccarat.odds._kernel",
        "baccarat.sim.kernels._burn",
        "baccarat.sim.kernels._coup",
    ]


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph[node]):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component = []
            while True:
                member = stack.pop()
                on_stack.discard(member)
                component.append(member)
                if member == node:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return found


def test_no_import_circles() -> None:
    graph = {name: set(imports_of(name)) for name in MODULES}
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
