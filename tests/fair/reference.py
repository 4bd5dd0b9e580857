"""The reference implementation printed in ``docs/fair.md``, loaded from the document itself.

The tests run the very code a reader would copy, so the document cannot drift from the package:
if the specification in prose and the code in ``baccarat.fair`` ever disagreed, the vectors or the
random comparisons would fail.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import cast

DOC = Path(__file__).resolve().parents[2] / "docs" / "fair.md"
MARKER = "<!-- reference implementation -->"


def _load() -> dict[str, object]:
    text = DOC.read_text(encoding="utf-8")
    match = re.search(re.escape(MARKER) + r"\s*```python\n(.*?)\n```", text, re.DOTALL)
    if match is None:
        raise AssertionError(f"{DOC} has no Python block after {MARKER!r}")
    namespace: dict[str, object] = {"__name__": "fair_reference"}
    exec(compile(match.group(1), f"{DOC}:reference", "exec"), namespace)
    return namespace


_NAMESPACE = _load()
commitment = cast(Callable[[str], str], _NAMESPACE["commitment"])
shoe_order = cast(Callable[[str, str, int, int], list[str]], _NAMESPACE["shoe_order"])
