"""Feedback on long work, on standard error: a spinner, a progress bar, a one-time notice.

Nothing shows for work that ends within :data:`AFTER` seconds, and nothing animates unless
standard error is a terminal (a redirected stream gets at most one line at the end). The words
are the running command's language.
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from baccarat.cli.language import active_translator
from baccarat.cli.numbers import numbers_for

__all__ = ["AFTER", "bar", "compiling", "working"]

AFTER = 1.0
"""Seconds after which long work shows that it is under way."""


def _redirect_stdout() -> bool:
    """Rich's live displays move what the command prints above them, but only what goes to
    the same terminal: output redirected to a file (``> coups.jsonl``) must stay there."""
    return sys.stdout.isatty()


def _stderr_console() -> Any:
    from rich.console import Console

    return Console(stderr=True, highlight=False)


@contextmanager
def working(label: str, *, after: float = AFTER) -> Iterator[None]:
    """A spinner with ``label`` on a terminal's standard error while the block runs (if it
    runs past ``after`` seconds)."""
    console = _stderr_console()
    if not console.is_terminal:
        yield
        return
    shown: list[Any] = []
    lock = threading.Lock()

    def start() -> None:
        with lock:
            if not shown:
                from rich.live import Live
                from rich.spinner import Spinner

                status = Live(
                    Spinner("dots", label),
                    console=console,
                    transient=True,
                    redirect_stdout=_redirect_stdout(),
                    redirect_stderr=False,
                )
                status.start()
                shown.append(status)

    timer = threading.Timer(after, start)
    timer.daemon = True
    timer.start()
    try:
        yield
    finally:
        timer.cancel()
        with lock:
            for status in shown:
                status.stop()
            shown.append(None)


@contextmanager
def compiling() -> Iterator[list[float]]:
    """Around the first call of numba kernels: a spinner that says they are being compiled
    (once: numba caches them), then one line with the time it took, when it took a while.
    The block gets a list that holds the seconds it took once it ends."""
    t = active_translator()
    label = t.gettext("Compiling the kernels (once, after an install or an upgrade)…")
    started = time.perf_counter()
    took: list[float] = []
    with working(label):
        yield took
    seconds = time.perf_counter() - started
    took.append(seconds)
    from baccarat.cli.kernelcache import uncached

    # Without a cache the next run compiles again: the warning has said so.
    if seconds >= AFTER and not uncached():
        done = t.gettext(
            "compiled the kernels in {seconds} s; later simulations start at once"
        ).format(seconds=numbers_for(t.language).decimal(seconds, 1))
        sys.stderr.write(f"baccarat: {done}\n")


def bar(
    label: str, unit: str, *, millions: bool = False
) -> tuple[Callable[[int, int], None], Callable[[], None]]:
    """``(update, close)``: ``update(done, total)`` opens a progress bar (counts done of total
    ``unit``, their rate, the time left) once the work has taken :data:`AFTER` seconds;
    ``close()`` removes it. Only on a terminal. With ``millions``, the rate is in millions of
    coups a second (the simulator's)."""
    console = _stderr_console()
    started = time.perf_counter()
    state: dict[str, Any] = {}
    t = active_translator()
    numbers = numbers_for(t.language)

    def counts(done: int, total: int) -> str:
        seconds = max(time.perf_counter() - started, 1e-9)
        if millions:
            speed = numbers.decimal(done / seconds / 1e6, 1)
            rate = t.gettext("{speed} M coups/s").format(speed=speed)
            return t.gettext("{done} of {total} {unit}, {rate}").format(
                done=numbers.integer(done), total=numbers.integer(total), unit=unit, rate=rate
            )
        rate = numbers.integer(round(done / seconds))
        return t.gettext("{done} of {total} {unit}, {rate}/s").format(
            done=numbers.integer(done), total=numbers.integer(total), unit=unit, rate=rate
        )

    def update(done: int, total: int) -> None:
        if not console.is_terminal:
            return  # a bar only for a person watching, never in a redirected stream
        if "bar" not in state:
            if time.perf_counter() - started < AFTER or done >= total:
                return
            from rich.progress import BarColumn, Progress, TextColumn, TimeRemainingColumn

            progress = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                TextColumn("{task.fields[counts]}"),
                TimeRemainingColumn(),
                console=console,
                transient=True,
                redirect_stdout=_redirect_stdout(),
                redirect_stderr=False,
            )
            progress.start()
            state["bar"] = progress
            state["task"] = progress.add_task(label, total=total, counts=counts(done, total))
        state["bar"].update(state["task"], completed=done, counts=counts(done, total))

    def close() -> None:
        if "bar" in state:
            state["bar"].stop()

    return update, close
