"""The coup table's disk cache: what it returns is what the engine deals, and a bad file is
dealt again."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest

from baccarat.core.coup import ChoicePoint
from baccarat.core.tableau import CHEMIN_DE_FER, PUNTO_BANCO, Action
from baccarat.sim import tables


def test_the_cached_table_is_the_dealt_table() -> None:
    tables.coup_table.cache_clear()
    fresh = tables._deal_table(PUNTO_BANCO, None)
    assert (tables.coup_table() == fresh).all()
    tables.coup_table.cache_clear()
    assert (tables.coup_table() == fresh).all()  # now from the disk


def test_a_damaged_cache_file_is_dealt_again() -> None:
    path = tables._cache_path(PUNTO_BANCO)
    assert path is not None
    path.write_bytes(b"not a table")
    tables.coup_table.cache_clear()
    assert (tables.coup_table() == tables._deal_table(PUNTO_BANCO, None)).all()
    tables.coup_table.cache_clear()


def test_another_tableau_or_a_strategy_gets_its_own_table() -> None:
    assert tables._cache_path(CHEMIN_DE_FER) != tables._cache_path(PUNTO_BANCO)

    def always_draw(point: ChoicePoint) -> Action:
        return Action.DRAW

    def always_stand(point: ChoicePoint) -> Action:
        return Action.STAND

    drawing = tables.coup_table(CHEMIN_DE_FER, always_draw)
    standing = tables.coup_table(CHEMIN_DE_FER, always_stand)
    assert (drawing != standing).any()
    assert (drawing != 0xFFFF).all()


def test_the_private_cache_folder_is_this_users_alone(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(tempfile, "gettempdir", lambda: str(tmp_path))
    folder = tables.private_cache_dir()
    assert folder is not None and folder.parent == tmp_path
    assert folder.stat().st_mode & 0o777 == 0o700
    folder.chmod(0o777)  # someone else could have planted files here: not used
    assert tables.private_cache_dir() is None
