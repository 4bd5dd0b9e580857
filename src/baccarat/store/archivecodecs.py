"""How a ledger archive writes each value, by its column's type, so that it reads back exactly on
either engine: an aware datetime as ISO 8601 with its offset, a ``Numeric`` as a decimal
string, bytes in base64, a JSON column as its JSON text; integers, booleans, floats and text
as JSON's own.

>>> from datetime import UTC
>>> from baccarat.store.models import Base
>>> codec_of(Base.metadata.tables["ledger_entries"].c.created_at)
'datetime'
>>> encode("datetime", datetime(2026, 1, 2, 3, 4, 5, tzinfo=UTC))
'2026-01-02T03:04:05+00:00'
>>> decode("decimal", encode("decimal", Decimal("0.10")))
Decimal('0.10')
"""

from __future__ import annotations

import base64
import json
from collections.abc import Callable
from datetime import date, datetime, time
from decimal import Decimal
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Date,
    DateTime,
    Enum,
    Float,
    Integer,
    LargeBinary,
    Numeric,
    String,
    Time,
    TypeDecorator,
)

__all__ = ["codec_of", "decode", "encode"]


def codec_of(column: Column[Any]) -> str:
    """How the archive writes the values of ``column`` (from its type: the stored one, for a
    :class:`TypeDecorator`).

    >>> from baccarat.store.models import Base
    >>> shoes = Base.metadata.tables["shoes"]
    >>> codec_of(shoes.c.burn), codec_of(shoes.c.id), codec_of(shoes.c.created_at)
    ('bool', 'int', 'datetime')
    """
    kind = column.type
    if isinstance(kind, TypeDecorator):
        kind = kind.impl_instance
    codecs: tuple[tuple[type[Any], str], ...] = (
        (JSON, "json"),
        (Boolean, "bool"),
        (Integer, "int"),
        (Float, "float"),
        (Numeric, "decimal"),
        (DateTime, "datetime"),
        (Date, "date"),
        (Time, "time"),
        (LargeBinary, "bytes"),
        (Enum, "text"),
        (String, "text"),
    )
    for base, codec in codecs:
        if isinstance(kind, base):
            if codec == "decimal" and not getattr(kind, "asdecimal", True):
                return "float"
            return codec
    raise TypeError(f"column {column} has type {column.type!r}, which archives cannot carry")


def encode(codec: str, value: Any) -> Any:
    """``value`` as the archive writes it (JSON)."""
    if value is None or codec in ("bool", "int", "text"):
        return value
    if codec == "float":
        return float(value)
    if codec == "decimal":
        return str(value)
    if codec in ("datetime", "date", "time"):
        return value.isoformat()
    if codec == "bytes":
        return base64.b64encode(value).decode("ascii")
    if codec == "json":
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    raise ValueError(f"unknown codec {codec!r}")


def decode(codec: str, value: Any) -> Any:
    """The value :func:`encode` wrote, back (``TypeError``/``ValueError`` if it cannot be)."""
    if value is None:
        return None
    checks: dict[str, type[Any] | tuple[type[Any], ...]] = {
        "bool": bool,
        "int": int,
        "text": str,
        "float": (int, float),
    }
    if codec in checks:
        if not isinstance(value, checks[codec]) or (codec != "bool" and isinstance(value, bool)):
            raise TypeError(f"{value!r} is not a {codec}")
        return float(value) if codec == "float" else value
    if not isinstance(value, str):
        raise TypeError(f"{value!r} is not a string")
    decoders: dict[str, Callable[[str], Any]] = {
        "decimal": Decimal,
        "datetime": datetime.fromisoformat,
        "date": date.fromisoformat,
        "time": time.fromisoformat,
        "bytes": lambda text: base64.b64decode(text, validate=True),
        "json": json.loads,
    }
    if codec not in decoders:
        raise ValueError(f"unknown codec {codec!r}")
    return decoders[codec](value)
