"""The command that writes (or checks) a guide's cached figures: one for every cached study.

A guide shows figures too slow to compute per request (a 24-million-coup simulation, the lab's
studies); each is run once by ``python -m baccarat.guides.<study>``, written as a Python module
beside it, and ``--check`` re-runs it and compares.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

__all__ = ["refresh_cache"]


class Cached(Protocol):
    def to_module(self) -> str: ...


T = TypeVar("T", bound=Cached)


def refresh_cache(
    argv: Sequence[str] | None,
    *,
    prog: str,
    description: str | None,
    path: Path,
    run: Callable[[], T],
    cached: Callable[[], T],
    summary: Callable[[T], str],
) -> int:
    """Run the study; write it to ``path``, or with ``--check`` compare it with the cache there
    (exit status 1 when they differ)."""
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument("--check", action="store_true", help="re-run and compare with the cache")
    args = parser.parse_args(argv)
    fresh = run()
    if args.check:
        same = cached() == fresh
        sys.stdout.write(f"{path}: {'matches' if same else 'DIFFERS FROM'} a fresh run\n")
        return 0 if same else 1
    path.write_text(fresh.to_module(), encoding="utf-8")
    sys.stdout.write(f"wrote {path} ({summary(fresh)})\n")
    return 0
