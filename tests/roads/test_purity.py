"""The roads package is pure: the standard library and baccarat.core only, and no I/O.

The model modules do not import the renderers, so a page can use the model without them.
"""

from __future__ import annotations

from pathlib import Path

import baccarat.roads
from support.purity import foreign_imports, imported_modules, io_calls

ROADS = Path(baccarat.roads.__file__).parent
RENDERERS = {"text", "svg", "svgparts", "records", "labels"}


def test_roads_import_only_the_standard_library_and_the_core() -> None:
    files = sorted(ROADS.glob("*.py"))
    assert len(files) > 5
    offenders = foreign_imports(files, ["baccarat.core", "baccarat.roads"], ROADS)
    assert not offenders, sorted(offenders)


def test_the_model_does_not_import_the_renderers() -> None:
    model = [p for p in ROADS.glob("*.py") if p.stem not in RENDERERS | {"__init__"}]
    offenders = {
        f"{path.name}: {name}"
        for path in model
        for name in imported_modules(path)
        if name.startswith("baccarat.roads.") and name.rsplit(".", 1)[1] in RENDERERS
    }
    assert not offenders, sorted(offenders)


def test_roads_do_no_io() -> None:
    offenders = io_calls(sorted(ROADS.glob("*.py")), ROADS)
    assert not offenders, offenders
