"""Reading a file a person names on the command line: its kind, its size and its encoding first.

A directory, a device (``/dev/zero`` never ends), a file larger than the command needs or one
that is not UTF-8 is refused in one line that names the file, before anything reads it; the
reason is an error of its own, so it reads in the command's language too.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> read_text(folder, "--rules-file")
Traceback (most recent call last):
...
baccarat.cli.errors.CliError: cannot read --rules-file '...': Is a directory
>>> nesting_depth('a = [[1, 2], {b = "]]]"}]  # [[[[')
2
"""

from __future__ import annotations

import errno
import os
import stat
import sys
from collections.abc import Callable
from pathlib import Path

from baccarat.cli.errors import CliError
from baccarat.cli.limits import MAX_FILE_BYTES
from baccarat.core.errors import BaccaratError

__all__ = ["Refusal", "nesting_depth", "read_text", "reason_of"]

Refusal = Callable[[str, BaccaratError | str], BaccaratError]
"""Builds the refusal of a file from its path and the reason (an error, or the OS's words)."""


def reason_of(exc: OSError) -> BaccaratError | str:
    """Why the OS refused a file, as an error that speaks the command's language when known."""
    reasons = {
        errno.ENOENT: "file_missing",
        errno.EISDIR: "file_is_directory",
        errno.EACCES: "file_permission",
        errno.EPERM: "file_permission",
    }
    known = reasons.get(exc.errno or 0)
    return CliError(known) if known is not None else (exc.strerror or type(exc).__name__)


def _default_refusal(option: str) -> Refusal:
    def refuse(path: str, reason: BaccaratError | str) -> BaccaratError:
        return CliError("cannot_read_file", option=option, path=path, reason=reason)

    return refuse


def read_text(
    path: str | Path,
    option: str,
    *,
    most: int = MAX_FILE_BYTES,
    refuse: Refusal | None = None,
) -> str:
    """The UTF-8 text of the regular file at ``path`` (``-``: standard input), at most ``most``
    bytes; else ``refuse(path, reason)`` (by default ``cannot_read_file``)."""
    refusal = refuse or _default_refusal(option)
    name = str(path)
    if name == "-":
        data = sys.stdin.buffer.read(most + 1) if hasattr(sys.stdin, "buffer") else None
        if data is None:  # a text stream (a test's): read it as text
            text = sys.stdin.read(most + 1)
            if len(text.encode("utf-8")) > most:
                raise refusal(name, CliError("file_too_large", most=most))
            return text
    else:
        try:
            info = os.stat(name)
            if stat.S_ISDIR(info.st_mode):
                raise refusal(name, CliError("file_is_directory"))
            if not stat.S_ISREG(info.st_mode):
                raise refusal(name, CliError("file_not_regular"))
            if info.st_size > most:
                raise refusal(name, CliError("file_too_large", most=most))
            with open(name, "rb") as handle:
                data = handle.read(most + 1)
        except OSError as exc:
            raise refusal(name, reason_of(exc)) from None
    if len(data) > most:
        raise refusal(name, CliError("file_too_large", most=most))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise refusal(name, CliError("file_not_utf8")) from None


def nesting_depth(toml: str) -> int:
    """How deeply ``toml`` nests arrays and inline tables (outside strings and comments).

    TOML readers recurse once per level, so a file nested thousands deep would exhaust the
    stack; the depth is read first, in one pass.
    """
    depth = deepest = 0
    n, size = 0, len(toml)
    while n < size:
        char = toml[n]
        if char == "#":
            end = toml.find("\n", n)
            n = size if end < 0 else end
        elif char in "\"'":
            quote = char * 3 if toml.startswith(char * 3, n) else char
            n += len(quote)
            while n < size and not toml.startswith(quote, n):
                if char == '"' and toml[n] == "\\":
                    n += 1
                elif len(quote) == 1 and toml[n] == "\n":
                    break
                n += 1
            n += len(quote) - 1
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth = max(depth - 1, 0)
        n += 1
    return deepest
