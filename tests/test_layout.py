"""The package stays readable: no module of ``src/`` runs past 600 lines, the numba kernels
included (the simulator's dealing and its kernels are two modules since ``sim/dealing.py``)."""

from __future__ import annotations

from pathlib import Path

import baccarat

PACKAGE = Path(baccarat.__file__).parent
LONGEST = 600


def test_no_module_is_longer_than_a_sitting() -> None:
    lengths = {
        path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    too_long = {name: n for name, n in lengths.items() if n > LONGEST}
    assert not too_long, too_long
