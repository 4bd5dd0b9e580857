"""Ctrl-C sent to a real command once it shows its progress bar, for the long-running commands'
tests: the child believes its standard error is a terminal (``TTY_COMPATIBLE``), draws its bar
once it has done some work, and the test sends SIGINT when the bar's label appears."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import threading

__all__ = ["HANG_TIMEOUT", "interrupt_at"]

HANG_TIMEOUT = 300.0
"""Only a hang trips this, never a slow machine (a cold start compiles the kernels first)."""


class _Stderr:
    """The child's standard error, read by a thread as it comes."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stderr is not None
        self._fd = process.stderr.fileno()
        self.read = bytearray()
        self.closed = False
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        while chunk := os.read(self._fd, 4096):
            with self._changed:
                self.read.extend(chunk)
                self._changed.notify_all()
        with self._changed:
            self.closed = True  # the child exited: no marker will come
            self._changed.notify_all()

    def wait_for(self, marker: bytes, timeout: float) -> None:
        with self._changed:
            self._changed.wait_for(lambda: marker in self.read or self.closed, timeout)
            if marker not in self.read:
                raise AssertionError(f"no {marker!r} after {timeout} s: {bytes(self.read)!r}")

    def to_the_end(self, timeout: float) -> bytes:
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "standard error is still open"
        return bytes(self.read)


def interrupt_at(marker: bytes, *arguments: str) -> tuple[int, bytes, bytes]:
    """Run ``baccarat ARGUMENTS``, send SIGINT once its standard error shows ``marker``; return
    (exit code, standard output, the last line of standard error)."""
    env = {**os.environ, "TTY_COMPATIBLE": "1", "FORCE_COLOR": "1"}
    command = [sys.executable, "-c", "from baccarat.cli import main; main()", *arguments]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    try:
        stderr = _Stderr(process)
        stderr.wait_for(marker, HANG_TIMEOUT)
        process.send_signal(signal.SIGINT)
        # The output is far smaller than a pipe's buffer: the child never waits on it.
        code = process.wait(timeout=HANG_TIMEOUT)
    finally:
        process.kill()
    err = stderr.to_the_end(HANG_TIMEOUT)
    assert process.stdout is not None
    last = err.rstrip(b"\n").rsplit(b"\n", 1)[-1] + b"\n"
    return code, process.stdout.read(), last
