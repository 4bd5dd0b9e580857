"""The README's command-line examples, each run as a shell runs it: every ``baccarat ...`` line
of its code blocks exits 0 and gives what it says (JSON, Vietnamese, Markdown, the file it
names). Work the README sizes for a person (10^8 coups, 10^6 shoes) is cut to a test's size, its
placeholders filled in; a line that cannot run here says why in :data:`NOT_RUN`."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

README = Path(__file__).resolve().parents[2] / "README.md"

NOT_RUN = {
    "baccarat serve": "runs until it is stopped (tests/cli/test_serve.py starts it)",
    "tcp://": "needs a running Dask cluster",
    "--dask local": "starts a Dask cluster (tests/sim/test_dask_cluster.py)",
}
SMALLER = {"--coups": 2000, "--shoes": 200, "--sessions": 50}
SERVER_SEED = "ab" * 32
PLACEHOLDERS = {"HEX": SERVER_SEED, "SEED": "mine"}
"""The README's placeholders, as a person fills them in (``verify``'s seeds: the coups of its
``history.jsonl`` are dealt from them)."""


def _examples() -> list[str]:
    lines: list[str] = []
    for block in re.findall(r"```(?:sh|bash|console)?\n(.*?)```", README.read_text("utf-8"), re.S):
        for line in block.splitlines():
            command = line.split(" #", 1)[0].strip()
            if re.match(r"(baccarat |.*\| baccarat )", command):
                lines.append(command)
    return lines


EXAMPLES = _examples()


def _sized(line: str) -> str:
    for option, most in SMALLER.items():
        found = re.search(rf"{option} (\d+)", line)
        if found and int(found[1]) > most:
            line = line.replace(found[0], f"{option} {most}")
    for placeholder, value in PLACEHOLDERS.items():
        line = re.sub(rf"(?<= ){placeholder}(?= |$)", value, line)
    return line


def _history(folder: Path) -> None:
    """``history.jsonl``: the coups of shoe 1 of the README's seeds, as ``deal --json`` writes
    them."""
    from baccarat.core.shoe import ShoeRules
    from baccarat.fair.shuffle import fair_shoe
    from baccarat.records import coup_record

    coups = fair_shoe(SERVER_SEED, PLACEHOLDERS["SEED"], 1, ShoeRules()).deal_all()
    lines = [json.dumps(coup_record(coup)) for coup in coups]
    (folder / "history.jsonl").write_text("\n".join(lines) + "\n", encoding="utf-8")


def _says_what_its_comment_says(line: str, out: str, folder: Path) -> None:
    """What a line's options promise, checked on what it printed or wrote."""
    if "--json" in line:  # one JSON document a line, each tagged with its schema
        documents = [json.loads(text) for text in out.splitlines()]
        assert documents and all(d["schema"].startswith("baccarat.") for d in documents), line
    if "--lang vi" in line:
        assert "Con" in out and "Cái" in out, out
    if "--format md" in line:
        assert out.startswith("#") and "\n|" in out, out[:200]
    for option, magic in (("--svg", b"<svg"), ("--plot", b"\x89PNG")):
        found = re.search(rf"{option} (\S+)", line)
        if found:
            assert (folder / found[1]).read_bytes().lstrip()[:4] == magic[:4], line
    if line.startswith("baccarat verify"):
        assert "Verified" in out and "all match" in out, out[-300:]


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 15, EXAMPLES


@pytest.mark.parametrize("line", EXAMPLES)
def test_a_readme_example_exits_0(line: str, tmp_path: Path) -> None:
    reason = next((why for part, why in NOT_RUN.items() if part in line), None)
    if reason:
        pytest.skip(reason)
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LANGUAGE")}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    if "history.jsonl" in line:
        _history(tmp_path)
    script = f'baccarat() {{ "{sys.executable}" -m baccarat "$@"; }}\n{_sized(line)}\n'
    result = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert result.returncode == 0, (line, result.stderr[-2000:])
    assert "Traceback" not in result.stderr, result.stderr
    _says_what_its_comment_says(line, result.stdout, tmp_path)
