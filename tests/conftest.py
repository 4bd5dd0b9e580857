"""The suite's tiers, and what pytest-xdist's workers need to run tests as a single process does.

A test that uses the ``playwright`` fixture drives Chromium: it is marked ``browser`` here, by
the fixture, so a new browser test is in its tier without anyone remembering to mark it. The
other tiers (``install``, ``cluster``, ``fault``) are marked in their modules; ``test_tiers.py``
checks that every module starting such a system carries its marker.
"""

from __future__ import annotations

import concurrent.futures as cf
import os
import signal
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

BY_FIXTURE = {"playwright": "browser"}
"""Fixture name → the tier of every test that uses it."""

TERMINAL = ("COLUMNS", "LINES")
"""What GNU readline sets (80×24) when a worker, which has no terminal, imports it."""

# Under pytest-xdist the workers share the cores with each other (and with the servers, browsers
# and clusters some tests start), so how long one example takes says nothing about the code: a
# deadline would only flake there. The tests' own settings (max_examples etc.) still apply.
settings.register_profile("parallel", deadline=None)
if os.environ.get("PYTEST_XDIST_WORKER"):
    settings.load_profile("parallel")


@pytest.fixture
def python_handles_ctrl_c() -> Iterator[None]:
    """Python's own SIGINT handler in place (a test runner may have set another), restored after:
    a test that presses Ctrl-C (``signal.raise_signal``) meets what a command meets."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.fixture
def ctrl_c_in_the_pools_wait(
    python_handles_ctrl_c: None, monkeypatch: pytest.MonkeyPatch
) -> list[bool]:
    """Ctrl-C pressed inside the first ``concurrent.futures.wait`` of the test (where an
    interrupt can leave a future's lock taken and a pool waiting for ever). The list holds one
    entry per wait begun: whether it returned."""
    real_wait = cf.wait
    waits: list[bool] = []

    def wait_while_ctrl_c_is_pressed(*args: Any, **kwargs: Any) -> Any:
        if not waits:
            signal.raise_signal(signal.SIGINT)
        waits.append(False)
        done = real_wait(*args, **kwargs)
        waits[-1] = True
        return done

    monkeypatch.setattr(cf, "wait", wait_while_ctrl_c_is_pressed)
    return waits


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        for fixture in getattr(item, "fixturenames", ()):
            tier = BY_FIXTURE.get(fixture)
            if tier is not None:
                item.add_marker(tier)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist, in the controller: hand each worker the terminal's size as this process
    sees it (the CLI's output is laid out to ``COLUMNS``, or not at all when it is unset)."""
    node.workerinput["terminal_environ"] = {name: os.environ.get(name) for name in TERMINAL}


def pytest_configure(config: pytest.Config) -> None:
    given = getattr(config, "workerinput", {}).get("terminal_environ")
    for name, value in (given or {}).items():
        if value is None:
            os.environ.pop(name, None)
        else:
            os.environ[name] = value
