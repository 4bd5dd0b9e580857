"""Every CLI test runs in the C locale (English) unless it sets a language, and writes no files
outside its temporary directory."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(autouse=True)
def _english_and_sandboxed(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for variable in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG", "BACCARAT_LANG", "FORCE_COLOR"):
        monkeypatch.delenv(variable, raising=False)
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg-data"))
