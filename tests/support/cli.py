"""Running the command line in-process, the way a user's shell would, for the CLI tests."""

from __future__ import annotations

import pytest

from baccarat.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    """Run ``baccarat ARGS``; return the exit code, standard output and standard error."""
    try:
        main(list(args))
        code = 0
    except SystemExit as exc:
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
