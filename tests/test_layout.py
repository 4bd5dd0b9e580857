"""The package stays readable: no module of ``src/`` runs past 600 lines, except the numba
kernels, whose loops are unrolled for speed and read as one piece."""

from __future__ import annotations

from pathlib import Path

import baccarat

PACKAGE = Path(baccarat.__file__).parent
LONGEST = 600
KERNELS = frozenset({"sim/kernels.py"})
"""Modules of ``@njit`` kernels, allowed to be longer."""


def test_no_module_is_longer_than_a_sitting() -> None:
    lengths = {
        path.relative_to(PACKAGE).as_posix(): len(path.read_text(encoding="utf-8").splitlines())
        for path in PACKAGE.rglob("*.py")
    }
    assert set(KERNELS) <= set(lengths)
    too_long = {name: n for name, n in lengths.items() if n > LONGEST and name not in KERNELS}
    assert not too_long, too_long
