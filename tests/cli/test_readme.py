"""The README's command-line examples, each run as a shell runs it: every ``baccarat ...`` line
of its code blocks exits 0. Work the README sizes for a person (10^8 coups, 10^6 shoes) is cut
to a test's size; a line that cannot run here says why in :data:`NOT_RUN`."""

from __future__ import annotations

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
    "--server-seed HEX": "placeholders for a shoe's seeds (tests/cli/test_verify.py)",
}
SMALLER = {"--coups": 2000, "--shoes": 200, "--sessions": 50}


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
    return line


def test_the_readme_has_examples() -> None:
    assert len(EXAMPLES) >= 15, EXAMPLES


@pytest.mark.parametrize("line", EXAMPLES)
def test_a_readme_example_exits_0(line: str, tmp_path: Path) -> None:
    reason = next((why for part, why in NOT_RUN.items() if part in line), None)
    if reason:
        pytest.skip(reason)
    env = {k: v for k, v in os.environ.items() if k not in ("LANG", "LC_ALL", "LANGUAGE")}
    env["PYTHONPATH"] = os.pathsep.join(sys.path)
    script = f'baccarat() {{ "{sys.executable}" -m baccarat "$@"; }}\n{_sized(line)}\n'
    result = subprocess.run(
        ["bash", "-c", script], cwd=tmp_path, env=env, stdin=subprocess.DEVNULL,
        capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert result.returncode == 0, (line, result.stderr[-2000:])
    assert "Traceback" not in result.stderr, result.stderr
