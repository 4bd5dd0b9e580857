"""The JSON API's answers as FastAPI sees them: documented by their record's shape
(:mod:`baccarat.records.shapes`), sent as the route built them.

A route declares ``response_model=answer(ApiDeal)``: ``/openapi.json`` then shows the record's
shape as the answer's schema, a component per piece. The body is not run through the shape:
pydantic would coerce it (an integer in a ``float`` field comes back ``1.0``) and drop any key
the shape does not declare, so the answer would be the shape's idea of the body rather than the
body. It is serialised by pydantic-core as it is, as with a ``dict[str, Any]`` model: in the
core, not walked in Python by ``jsonable_encoder`` (which doubled a table answer's CPU). The
record tests check every answer against the schema generated from the same shape.

>>> from fastapi import FastAPI
>>> from pydantic import TypeAdapter
>>> from baccarat.records.shapes import ApiLoggedOut
>>> app = FastAPI()
>>> @app.post("/logout", response_model=answer(ApiLoggedOut))
... def logout() -> dict[str, object]:
...     return {"schema": "baccarat.api.logged-out/1", "logged_out": True}
>>> app.openapi()["paths"]["/logout"]["post"]["responses"]["200"]["content"]
{'application/json': {'schema': {'$ref': '#/components/schemas/ApiLoggedOut'}}}
>>> TypeAdapter(answer(ApiLoggedOut)).dump_json({"logged_out": 1, "unknown": 2.0})
b'{"logged_out":1,"unknown":2.0}'
"""

from __future__ import annotations

from typing import Annotated, Any

from pydantic import PlainSerializer, ValidatorFunctionWrapHandler, WrapValidator

__all__ = ["Answer", "answer"]

Answer = dict[str, Any]
"""What a JSON route returns: a record as built, its shape declared by ``answer(Shape)``."""


def _as_built(body: Any, handler: ValidatorFunctionWrapHandler) -> Any:
    """The body unchanged: the shape documents it, the record tests check it."""
    return body


def answer(shape: type) -> Any:
    """The ``response_model`` of a route that answers a ``shape`` record: documented as the
    shape, serialised as built."""
    # A serializer with no return type: pydantic documents the model's own schema, and
    # serialises what the function returns by its runtime types.
    return Annotated[shape, WrapValidator(_as_built), PlainSerializer(lambda body: body)]
