"""Checkpoints of an SQLite file's write-ahead log, in a thread of their own.

In WAL mode a commit appends pages to the log, and by default the commit that takes the log past
1,000 pages also copies them back into the database file and syncs both files to disk (a
*checkpoint*). A server answers its deals on one event loop, and a checkpoint's copying and
syncing take many times a commit's own work, so that one commit holds up every request behind
it (``docs/performance.md`` has the figures). A :class:`Checkpointer` moves that work to a
thread: the server's connections checkpoint only past :data:`BACKSTOP_PAGES` (should the thread
ever fall behind), and the thread runs a ``PASSIVE`` checkpoint after writes, at most once every
:data:`CHECKPOINT_INTERVAL` seconds. A passive checkpoint never waits for a lock and never
blocks a reader or the writer: SQLite's own locks keep it correct beside them, in this process
or in another server process (two checkpoints at once: one of them finds the other's lock and
does nothing). The sqlite3 module lets go of the GIL while SQLite works, so the copy and the
syncs run beside the event loop.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> connection = sqlite3.connect(folder / "x.db")
>>> connection.execute("PRAGMA journal_mode = WAL").fetchone()
('wal',)
>>> with connection:
...     _ = connection.execute("CREATE TABLE t (x)")
>>> checkpointer = Checkpointer(folder / "x.db")
>>> own = checkpointer.connect()
>>> checkpointer.checkpoint(own)
Checkpoint(busy=False, log_pages=2, copied_pages=2)
>>> own.close(); checkpointer.close(); connection.close()
"""

from __future__ import annotations

import logging
import sqlite3
import threading
import weakref
from dataclasses import dataclass
from os import PathLike
from pathlib import Path

__all__ = ["BACKSTOP_PAGES", "CHECKPOINT_INTERVAL", "Checkpoint", "Checkpointer"]

CHECKPOINT_INTERVAL = 0.25
"""Seconds at least between two checkpoints of the thread (a busy table writes a few hundred
pages in that time; each checkpoint syncs both files once)."""

BACKSTOP_PAGES = 20_000
"""The log's length (pages of 4 kB: 80 MB) past which a committing connection checkpoints
after all, as SQLite does at 1,000 pages by default: only if the thread cannot keep up."""

CATCH_UP_TRIES = 4
"""Checkpoints in a row at most, while writes keep coming in during each."""

_log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class Checkpoint:
    """What one ``PRAGMA wal_checkpoint(PASSIVE)`` reported."""

    busy: bool
    """Another connection held the checkpoint lock: nothing was done."""
    log_pages: int
    """Pages in the log."""
    copied_pages: int
    """Pages of the log now in the database file (all of them once the log is caught up)."""


class Checkpointer:
    """A thread that checkpoints the SQLite file at ``path`` after :meth:`wrote` is called.

    The thread starts at the first :meth:`wrote` and ends at :meth:`close`, or when the object
    is garbage-collected, and keeps one connection of its own meanwhile. A checkpoint that fails
    (the disk full, say) is logged, its connection closed, and the thread waits for the next
    write; the server's connections checkpoint at the backstop then.
    """

    def __init__(self, path: str | PathLike[str], *, interval: float = CHECKPOINT_INTERVAL):
        self.path = str(path)
        # Fixed now: a relative path names the file in today's working folder.
        self._uri = f"{Path(path).absolute().as_uri()}?mode=rw"
        self.interval = interval
        self.runs = 0
        """Checkpoints the thread has tried so far (done, found busy, or failed)."""
        self.failures = 0
        """How many of them failed."""
        self.last: Checkpoint | None = None
        """What the thread's latest checkpoint that did not fail reported."""
        self._wake = threading.Event()
        self._stop = threading.Event()
        self._done = threading.Condition()
        self._thread: threading.Thread | None = None
        self._start = threading.Lock()
        # Ends the thread with its owner, without the thread keeping its owner alive.
        weakref.finalize(self, _stop_thread, self._stop, self._wake)

    def wrote(self) -> None:
        """A transaction has committed: the log grew, so checkpoint soon."""
        if self._thread is None:
            with self._start:
                if self._thread is None and not self._stop.is_set():
                    self._thread = threading.Thread(
                        target=_run,
                        args=(weakref.ref(self), self._wake, self._stop, self.interval),
                        name=f"sqlite-checkpoint {self.path}",
                        daemon=True,
                    )
                    self._thread.start()
        self._wake.set()

    def connect(self) -> sqlite3.Connection:
        """A connection to checkpoint on. A database that is not there is an error, never
        created."""
        connection = sqlite3.connect(self._uri, uri=True, check_same_thread=False)
        connection.execute("PRAGMA synchronous = NORMAL")
        return connection

    def checkpoint(self, connection: sqlite3.Connection) -> Checkpoint:
        """One passive checkpoint now, on ``connection`` (from :meth:`connect`)."""
        busy, log_pages, copied_pages = connection.execute(
            "PRAGMA wal_checkpoint(PASSIVE)"
        ).fetchone()
        return Checkpoint(bool(busy), log_pages, copied_pages)

    def wait_for(self, runs: int, timeout: float) -> bool:
        """Wait until the thread has tried ``runs`` checkpoints in all; whether it has."""
        with self._done:
            return self._done.wait_for(lambda: self.runs >= runs, timeout)

    def close(self) -> None:
        """End the thread (after the checkpoint it is running, if any)."""
        _stop_thread(self._stop, self._wake)
        if self._thread is not None and self._thread is not threading.current_thread():
            self._thread.join()

    def _run_once(self, connection: sqlite3.Connection | None) -> sqlite3.Connection | None:
        """One checkpoint of the thread, counted, on ``connection`` (opened if None); the
        connection to keep, None after a failure (closed: the next run opens a new one)."""
        result = None
        try:
            if connection is None:
                connection = self.connect()
            result = self.checkpoint(connection)
        except sqlite3.Error as exc:
            # The text alone: a record that kept the error would keep its frames and this object.
            _log.warning("checkpoint of %s failed: %s", self.path, str(exc))
            if connection is not None:
                connection.close()
            connection = None
        with self._done:
            self.runs += 1
            if result is None:
                self.failures += 1
            else:
                self.last = result
            self._done.notify_all()
        return connection


def _stop_thread(stop: threading.Event, wake: threading.Event) -> None:
    stop.set()
    wake.set()


def _run(
    owner: weakref.ref[Checkpointer],
    wake: threading.Event,
    stop: threading.Event,
    interval: float,
) -> None:
    connection: sqlite3.Connection | None = None  # opened at the first checkpoint, then kept
    try:
        while True:
            wake.wait()
            if stop.is_set():
                return
            checkpointer = owner()
            if checkpointer is None:
                return
            # The writer starts the log afresh (and so keeps the file small) only once it is all
            # in the database file: while writes came in during a checkpoint, copy them too.
            for _ in range(CATCH_UP_TRIES):
                wake.clear()
                connection = checkpointer._run_once(connection)
                if connection is None or not wake.is_set() or stop.is_set():
                    break
            del checkpointer  # hold no reference while waiting
            # At most one checkpoint an interval: the writes of the meantime wait for the next.
            if stop.wait(interval):
                return
    finally:
        if connection is not None:
            connection.close()
