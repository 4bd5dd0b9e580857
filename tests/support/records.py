"""Checking a JSON document against the schema its ``schema`` field names, with the schema files
the package ships (``baccarat/records/schemas``, generated from the records' shapes) and
jsonschema-rs (draft 2020-12)."""

from __future__ import annotations

import functools
import json
import re
from typing import Any

import jsonschema_rs

from baccarat.records.schema import SCHEMA_KEY, RecordType, load_schema, schema_documents


@functools.cache
def _registry() -> jsonschema_rs.Registry:
    # Every file by its $id, so that a $ref between them resolves without a network fetch.
    return jsonschema_rs.Registry([(doc["$id"], doc) for doc in schema_documents()])


@functools.cache
def _validator(kind: RecordType) -> Any:
    return jsonschema_rs.validator_for(load_schema(kind), registry=_registry())


_MARKUP = re.compile(r"<(/?[A-Za-z][A-Za-z0-9-]*)[\s/>]")
"""An HTML or SVG tag: what a record, which is data, never carries."""


def markup_in(document: object, path: str = "") -> list[str]:
    """Where ``document`` carries markup: the path of every string with a tag in it.

    >>> markup_in({"a": ["x < y", {"b": "<svg width='1'>"}]})
    ['/a/1/b']
    """
    if isinstance(document, str):
        return [path or "/"] if _MARKUP.search(document) else []
    if isinstance(document, dict):
        return [hit for key, value in document.items() for hit in markup_in(value, f"{path}/{key}")]
    if isinstance(document, list):
        return [hit for i, value in enumerate(document) for hit in markup_in(value, f"{path}/{i}")]
    return []


def check_record(document: object, kind: RecordType | None = None) -> RecordType:
    """Assert that ``document`` is a record whose ``schema`` field comes first and whose
    content its schema accepts (and that it is of type ``kind`` when given), and that it is
    data: no markup in any of its strings; its type."""
    assert isinstance(document, dict), document
    assert list(document)[:1] == [SCHEMA_KEY], list(document)[:3]
    found = RecordType.of_tag(document[SCHEMA_KEY])
    assert kind is None or found is kind, (found, kind)
    errors = [
        f"/{'/'.join(map(str, error.instance_path))}: {error.message}"
        for error in _validator(found).iter_errors(document)
    ]
    assert not errors, f"{found.tag}: " + "; ".join(errors[:5])
    marked = markup_in(document)
    assert not marked, f"{found.tag} carries markup at {marked[:5]}"
    return found


def check_lines(text: str, kind: RecordType) -> list[dict[str, Any]]:
    """Every line of ``text`` read as JSON and checked as a ``kind`` record."""
    documents = [json.loads(line) for line in text.splitlines() if line.strip()]
    assert documents, "no JSON line"
    for document in documents:
        check_record(document, kind)
    return documents
