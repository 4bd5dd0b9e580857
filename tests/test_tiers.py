"""The suite's tiers hold: every test module that starts a whole system carries its tier's marker,
so `make check` (which leaves those tiers out) stays quick as tests are added. A check of the
modules' text, cheap enough for every run: a module that shows the tell of a tier must name
``pytest.mark.<tier>`` somewhere (on the module or on the tests concerned)."""

from __future__ import annotations

import re
from pathlib import Path

TESTS = Path(__file__).resolve().parent

TELLS = {
    # A browser driven by hand; the ``playwright`` fixture marks its users (tests/conftest.py).
    "browser": re.compile(r"^\s*from playwright\b|sync_playwright\(\)", re.M),
    "install": re.compile(r'"-m", "venv"|venv\.create|EnvBuilder'),
    # A LocalCluster, scheduler and worker processes, or a simulation run on a local cluster.
    "cluster": re.compile(r"LocalCluster\(|dask_processes|_json\([^)]*\"--dask\""),
    # A `baccarat serve` process (support/served.py, or a Popen of its own).
    "fault": re.compile(r'serve_process\(|main\(\)", "serve"'),
}
"""Tier → what in a module's text shows that its tests start such a system."""

EXEMPT = {"conftest.py", "test_tiers.py"}
"""Modules that name the tells without starting anything: the fixtures' home and this one."""


def _modules() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if p.name not in EXEMPT)


def test_the_tells_are_found() -> None:
    texts = {p.relative_to(TESTS).as_posix(): p.read_text(encoding="utf-8") for p in _modules()}
    found = {
        tier: {name for name, text in texts.items() if tell.search(text)}
        for tier, tell in TELLS.items()
    }
    assert "web/test_fault.py" in found["fault"] and "cli/test_serve.py" in found["fault"]
    assert "sim/test_dask_cluster.py" in found["cluster"]
    assert "cli/test_simulate.py" in found["cluster"]
    assert "cli/test_base_install.py" in found["install"]


def test_a_module_that_starts_a_system_is_marked() -> None:
    unmarked = [
        f"{path.relative_to(TESTS).as_posix()}: {tier}"
        for path in _modules()
        for tier, tell in TELLS.items()
        if tell.search(text := path.read_text(encoding="utf-8"))
        and not re.search(rf"pytest\.mark\.{tier}\b", text)
    ]
    assert unmarked == []
