"""The browser's amount grammar (static/amounts.js) against the server's one
(:func:`baccarat.core.amounts.parse_amount`): the same table of cases, and random texts.

Each case is run through both; they must agree on the amount or on the refusal's code. Node runs
the script as it ships (it exports itself to CommonJS when there is no window).
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from baccarat.core.amounts import MAXIMUM_POINTS, AmountError, canonical_amount, parse_amount

SCRIPT = Path(__file__).resolve().parents[2] / "src/baccarat/web/static/amounts.js"
NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

CASES: list[tuple[str | int, str | None]] = [
    # What the issue names: a thousand in each language's own grouping, and no rounding.
    ("1,000", "en"),
    ("1.000", "vi"),
    ("1 000", "hu"),
    ("1\u00a0000", "hu"),
    ("1\u202f000", "hu"),
    ("1.005", None),
    ("1.005", "en"),
    ("1.005", "vi"),
    ("1,005", "hu"),
    # Read.
    ("0", None), ("100", None), ("12.5", None), ("0.05", None), ("7,5", "vi"), ("12,34", "hu"),
    ("1.234.567,8", "vi"), ("0.5", "en"), ("1,000.5", "en"), ("1 000,05", "hu"),
    ("1000000000000", None), ("1000000000000.00", None), (100, None), (0, None),
    # Refused.
    (" 1 ", None), ("+5", None), ("-5", None), (-5, None), ("1e3", None), ("\u0661\u0662", None),
    ("\uff11", None), ("007", None), ("1.", None), (".5", None), ("", None), ("1,000", None),
    ("1.000", "en"), ("12.5", "vi"), ("1,00", "en"), ("1,000 000", "en"), ("1 000.000", "hu"),
    ("1 000\u00a0000", "hu"), ("1000000000000.01", None), ("9" * 40, None), (10**13, None),
    ("1\n", None), ("1,000", "vi"), ("1.000.00", "vi"), ("12,345,6", "en"), ("½", None),
]  # fmt: skip


def python_answer(raw: str | int, language: str | None) -> list[object]:
    try:
        return ["ok", parse_amount(raw, language)]
    except AmountError as exc:
        return ["error", exc.code]


def node_answers(cases: list[tuple[str | int, str | None]]) -> list[list[object]]:
    """Every case through amounts.js in one node process."""
    program = f"""
const A = require({json.dumps(str(SCRIPT))});
const cases = JSON.parse(require("fs").readFileSync(0, "utf8"));
const out = cases.map(([raw, lang]) => {{
  try {{ return ["ok", A.parseAmount(raw, lang)]; }}
  catch (e) {{ if (e instanceof A.AmountError) return ["error", e.code]; throw e; }}
}});
process.stdout.write(JSON.stringify(out));
"""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", program],
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    answers: list[list[object]] = json.loads(done.stdout)
    return answers


@needs_node
def test_the_same_table_of_cases() -> None:
    expected = [python_answer(raw, language) for raw, language in CASES]
    assert node_answers(CASES) == expected
    # The examples, spelled out.
    assert python_answer("1,000", "en") == ["ok", 100_000]
    assert python_answer("1.000", "vi") == ["ok", 100_000]
    assert python_answer("1 000", "hu") == ["ok", 100_000]
    assert python_answer("1.005", None) == ["error", "amount_too_precise"]


_ALPHABET = "0123456789.,  \u00a0\u202f-+e٣"


@needs_node
@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.text(alphabet=_ALPHABET, max_size=14),
            st.sampled_from([None, "en", "vi", "hu"]),
        ),
        min_size=1,
        max_size=60,
    )
)
def test_random_texts_agree(cases: list[tuple[str, str | None]]) -> None:
    assert node_answers(list(cases)) == [python_answer(raw, lang) for raw, lang in cases]


@needs_node
@settings(max_examples=10, deadline=None)
@given(st.lists(st.integers(0, MAXIMUM_POINTS * 100), min_size=1, max_size=50))
def test_canonical_writing_agrees(amounts: list[int]) -> None:
    program = f"""
const A = require({json.dumps(str(SCRIPT))});
const xs = JSON.parse(require("fs").readFileSync(0, "utf8"));
process.stdout.write(JSON.stringify(xs.map(A.canonicalAmount)));
"""
    assert NODE is not None
    done = subprocess.run(
        [NODE, "-e", program],
        input=json.dumps(amounts),
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    )
    assert json.loads(done.stdout) == [canonical_amount(m) for m in amounts]
