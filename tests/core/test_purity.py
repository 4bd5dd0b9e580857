"""The domain core imports only the standard library (and itself) and does no I/O; so does Banque's
dealing engine, which lives beside its solver in :mod:`baccarat.chemin.banque` but is core-like."""

from __future__ import annotations

from pathlib import Path

import baccarat.core
from support.purity import foreign_imports, io_calls, module_file

CORE = Path(baccarat.core.__file__).parent
BANQUE_DEAL = module_file("baccarat.chemin.banque.deal")


def test_core_imports_only_the_standard_library() -> None:
    files = sorted(CORE.rglob("*.py"))
    assert files, "the core package has no modules?"
    offenders = foreign_imports(files, ["baccarat.core"], CORE)
    assert not offenders, f"non-standard imports in baccarat.core: {sorted(offenders)}"


def test_core_does_no_io() -> None:
    offenders = io_calls(sorted(CORE.rglob("*.py")), CORE)
    assert not offenders, offenders


def test_banque_dealing_imports_only_the_standard_library_and_the_core() -> None:
    assert BANQUE_DEAL.is_file(), BANQUE_DEAL
    offenders = foreign_imports([BANQUE_DEAL], ["baccarat.core"], BANQUE_DEAL.parent)
    assert not offenders, f"non-standard imports in Banque's dealing: {sorted(offenders)}"


def test_banque_dealing_does_no_io() -> None:
    offenders = io_calls([BANQUE_DEAL], BANQUE_DEAL.parent)
    assert not offenders, offenders
