"""The words a record's shape is declared in: :func:`shape` for a ``TypedDict``, and the marks
that say in ``Annotated`` what its Python type does not (bounds, a pattern, the values a code
takes, the record's tag).

A shape is a ``TypedDict`` whose attribute docstrings describe its fields. Nothing here imports
pydantic: the base install reads records without it. pydantic reads the shapes when the schemas
are generated (``python -m baccarat.records.generate``) and when FastAPI documents an answer:
:func:`shape` sets the ``__pydantic_config__`` pydantic looks for (the field docstrings become
descriptions; a key the shape does not declare is refused, ``additionalProperties: false``),
and each mark is an object with the ``__get_pydantic_core_schema__`` hook pydantic calls on
``Annotated`` metadata. A mark adds the constraint to the core schema, from which pydantic
writes the JSON Schema keyword (``minimum``, ``pattern``, ``minItems``, ``enum``, ``const``).

>>> from typing import Annotated
>>> from typing_extensions import TypedDict
>>> from baccarat.core.tableau import Side
>>> @shape
... class Decision(TypedDict):
...     '''A hand's decision.'''
...     side: Annotated[str, OneOf(*Side)]
...     total: Annotated[int, Range(0, 9)]
...     '''The hand's two-card total.'''
>>> Decision.__pydantic_config__
{'use_attribute_docstrings': True, 'extra': 'forbid'}
>>> OneOf(*Side).values
('player', 'banker')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import TYPE_CHECKING, Any, TypeVar, cast

from typing_extensions import NoExtraItems

from baccarat.records.schema import RecordType

if TYPE_CHECKING:
    from pydantic import GetCoreSchemaHandler, GetJsonSchemaHandler
    from pydantic.json_schema import JsonSchemaValue
    from pydantic_core import CoreSchema

__all__ = ["Doc", "Keys", "Length", "OneOf", "Pattern", "Range", "Tag", "shape"]

ShapeType = TypeVar("ShapeType", bound=type)


def shape(cls: ShapeType) -> ShapeType:
    """Declare a ``TypedDict`` a record's shape (or a part of one): its attribute docstrings
    describe its fields, and a key it does not declare is refused, unless it declares the
    type of any other key (PEP 728 ``extra_items``)."""
    config: dict[str, object] = {"use_attribute_docstrings": True}
    if getattr(cls, "__extra_items__", NoExtraItems) is NoExtraItems:
        config["extra"] = "forbid"
    # A class attribute, not a key: set after the class is made, where a type checker does not
    # read it as one of the TypedDict's keys.
    setattr(cls, "__pydantic_config__", config)  # noqa: B010
    return cls


def _constrained(schema: CoreSchema, **constraints: object) -> CoreSchema:
    """``schema`` with the core schema's constraints given (those not None)."""
    given = {name: value for name, value in constraints.items() if value is not None}
    return cast("CoreSchema", {**schema, **given})


@dataclass(frozen=True)
class Range:
    """A number's bounds: ``minimum`` and ``maximum`` inclusive, ``above`` exclusive."""

    minimum: int | float | None = None
    maximum: int | float | None = None
    above: int | float | None = None

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _constrained(handler(source), ge=self.minimum, le=self.maximum, gt=self.above)


@dataclass(frozen=True)
class Length:
    """How many items an array holds (``minItems``, ``maxItems``), or the keys an object holds
    (``minProperties``, ``maxProperties``)."""

    minimum: int | None = None
    maximum: int | None = None

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _constrained(handler(source), min_length=self.minimum, max_length=self.maximum)


@dataclass(frozen=True)
class Pattern:
    """The regular expression a string matches (``pattern``)."""

    regex: str

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return _constrained(handler(source), pattern=self.regex)


@dataclass(frozen=True)
class Keys:
    """The regular expression every key of an object matches (``propertyNames``): a ``dict``
    whose key type has a :class:`Pattern` would be written as ``patternProperties``, which lets
    any other key through."""

    regex: str

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        schema["propertyNames"] = {"pattern": self.regex}
        return schema


class OneOf:
    """The values a code takes (``enum``), from the enum of the layer that defines them: a
    record writes ``side.value``, so its shape says which values, not which class.

    >>> from baccarat.core.tableau import Action
    >>> OneOf(Action.DRAW, Action.STAND).values
    ('draw', 'stand')
    """

    def __init__(self, *members: Enum) -> None:
        self.values: tuple[object, ...] = tuple(member.value for member in members)

    def __repr__(self) -> str:
        return f"OneOf{self.values!r}"

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return cast("CoreSchema", {"type": "literal", "expected": list(self.values)})


@dataclass(frozen=True)
class Tag:
    """The ``schema`` field of a record of type ``kind``: its tag, ``baccarat.<type>/<version>``
    (``const``), written once, in :data:`baccarat.records.schema.VERSIONS`."""

    kind: RecordType

    def __get_pydantic_core_schema__(
        self, source: Any, handler: GetCoreSchemaHandler
    ) -> CoreSchema:
        return cast("CoreSchema", {"type": "literal", "expected": [self.kind.tag]})


@dataclass(frozen=True)
class Doc:
    """The description of a named type (a ``TypeAliasType``, which has no docstring)."""

    text: str

    def __get_pydantic_json_schema__(
        self, core_schema: CoreSchema, handler: GetJsonSchemaHandler
    ) -> JsonSchemaValue:
        schema = handler(core_schema)
        schema["description"] = self.text
        return schema
