"""Ctrl-C between chunks: a run on a thread pool stops where it is safe to stop.

Python raises ``KeyboardInterrupt`` at whatever line the main thread is on. In a run that waits
on a thread pool, that line may be inside :func:`concurrent.futures.wait`, between taking one
future's lock and the next: the locks taken stay taken, a worker that finishes its chunk waits
on one of them for ever, and so does the pool's shutdown that waits for that worker. While
:func:`between_chunks` is entered, Ctrl-C only says so; the pool's loop asks :meth:`CtrlC.check`
each time round, once the chunks done are handed on and before it waits again, and the
interrupt is raised there. A second Ctrl-C raises at once, for a person who will not wait.

>>> ctrl_c = CtrlC()
>>> ctrl_c.check()  # not pressed: the run goes on
>>> ctrl_c.press(signal.SIGINT, None)  # what the handler does on the first Ctrl-C
>>> try:
...     ctrl_c.check()
... except KeyboardInterrupt:
...     print("stopped between chunks")
stopped between chunks
"""

from __future__ import annotations

import contextlib
import signal
import threading
from collections.abc import Iterator
from types import FrameType

__all__ = ["CtrlC", "between_chunks"]


class CtrlC:
    """Whether Ctrl-C was pressed while a run was under way."""

    def __init__(self) -> None:
        self.pressed = False

    def press(self, number: int, frame: FrameType | None) -> None:
        """The signal handler: the first press is noted, the second interrupts."""
        if self.pressed:
            raise KeyboardInterrupt
        self.pressed = True

    def check(self) -> None:
        """Raise ``KeyboardInterrupt`` here if Ctrl-C was pressed: a point where stopping is safe."""
        if self.pressed:
            raise KeyboardInterrupt


@contextlib.contextmanager
def between_chunks() -> Iterator[CtrlC]:
    """Defer Ctrl-C to :meth:`CtrlC.check` for the ``with`` block.

    Only where Python's own handler is in place, in the main thread (where a handler can be
    set): a program that handles Ctrl-C its own way, or ignores it, keeps its way.
    """
    ctrl_c = CtrlC()
    if (
        threading.current_thread() is not threading.main_thread()
        or signal.getsignal(signal.SIGINT) is not signal.default_int_handler
    ):
        yield ctrl_c
        return
    signal.signal(signal.SIGINT, ctrl_c.press)
    try:
        yield ctrl_c
    finally:
        signal.signal(signal.SIGINT, signal.default_int_handler)
