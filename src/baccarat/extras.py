"""The optional layers of the install, and the one refusal when a command needs a missing one.

The base install (typer, rich, numpy, numba, babel) prices bets, deals, settles, simulates on the
CPU and draws roads. Each extra of ``pyproject.toml`` adds a layer: ``web`` the practice table and
its ledger, ``postgres`` its PostgreSQL driver, ``dask`` the cluster backend of the simulator,
``chemin`` the linear programming that solves Chemin de Fer, ``gpu`` CuPy, ``lab`` pandas and
matplotlib for the lab's tables and pictures, ``parquet`` pyarrow for ``--format parquet``. A command that needs a
layer calls :func:`require` before its first heavy import, so a missing one is one line naming the
``pip install`` that adds it rather than an ImportError's traceback.

>>> require("chemin", "baccarat solve chemin-de-fer")  # scipy is installed here
>>> str(MissingExtraError("missing_extra", feature="baccarat serve", missing="fastapi, uvicorn", extra="web"))
"baccarat serve needs fastapi, uvicorn, which the base install leaves out: pip install 'baccarat[web]'"
"""

from __future__ import annotations

import importlib.util
from collections.abc import Mapping
from typing import ClassVar

from baccarat.core.errors import TemplatedError

__all__ = ["EXTRAS", "MissingExtraError", "missing_modules", "require", "require_database"]

EXTRAS: Mapping[str, tuple[str, ...]] = {
    "chemin": ("scipy",),
    # The packages a web request imports; uvicorn's httptools and uvloop are optional speed-ups,
    # and python-multipart changed its module's name, so neither is looked for.
    "web": (
        "fastapi",
        "uvicorn",
        "jinja2",
        "sqlalchemy",
        "alembic",
        "itsdangerous",
        "argon2",
        "pydantic",
        "pydantic_settings",
        "scipy",
        "zxcvbn",
    ),
    "postgres": ("psycopg",),
    "dask": ("dask", "distributed"),
    "gpu": ("cupy",),
    "lab": ("pandas", "matplotlib"),
    "parquet": ("pyarrow",),
}
"""Each extra of ``pyproject.toml`` and the top-level modules that show it is installed."""


class MissingExtraError(TemplatedError):
    """A command needs an extra that is not installed; the message is the ``pip`` line to run."""

    templates: ClassVar[Mapping[str, str]] = {
        # A command needs an extra that is not installed; the message is the ``pip`` line to run.
        "missing_extra": (
            "{feature} needs {missing}, which the base install leaves out: pip install "
            "'baccarat[{extra}]'"
        ),
    }


def missing_modules(extra: str) -> list[str]:
    """The modules of ``extra`` that cannot be found, without importing any of them.

    >>> missing_modules("chemin")
    []
    """
    return [name for name in EXTRAS[extra] if importlib.util.find_spec(name) is None]


def require(extra: str, feature: str) -> None:
    """Nothing if ``extra`` is installed; else :class:`MissingExtraError` for ``feature``."""
    missing = missing_modules(extra)
    if missing:
        raise MissingExtraError(
            "missing_extra", feature=feature, missing=", ".join(missing), extra=extra
        )


def require_database(url: str, feature: str) -> None:
    """:func:`require` for the driver of the database ``url`` (SQLite's comes with Python).

    >>> require_database("sqlite:///data/baccarat.sqlite3", "baccarat serve")
    """
    if url.partition(":")[0].partition("+")[0] == "postgresql":
        require("postgres", feature)
