"""Write the records' JSON Schemas (``schemas/*.json``) from their shapes: ``make schemas``, or
``python -m baccarat.records.generate`` (``--check``: only say which files are stale).

pydantic writes the JSON Schema of every record's shape (:data:`baccarat.records.shapes.RECORDS`)
in one pass, so each named piece has one name everywhere; then each record becomes its own file:
a record nested in another is a ``$ref`` to that record's file (``"coup.json"``), a shared piece
(:data:`baccarat.records.shapes.SHARED`) a ``$ref`` into ``defs.json``, and every other piece
stays in the file's own ``$defs``. Titles pydantic makes up from class and field names are left
out, as is a ``type`` beside a ``const`` or an ``enum``; keywords come in one order.

This module needs pydantic (the ``web`` extra); the shapes themselves do not.

>>> documents = schema_documents()
>>> coup = json.loads(documents["coup.json"])
>>> coup["properties"]["schema"], coup["properties"]["winner"]
({'const': 'baccarat.coup/1'}, {'$ref': 'defs.json#/$defs/Winner'})
>>> sorted(json.loads(documents["defs.json"])["$defs"])[:3]
['Action', 'Card', 'Composition']
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from importlib.resources import files
from pathlib import Path
from typing import Any

from pydantic import TypeAdapter
from pydantic.json_schema import DEFAULT_REF_TEMPLATE, GenerateJsonSchema, JsonSchemaMode

from baccarat.records.schema import SCHEMA_BASE, RecordType
from baccarat.records.shapes import RECORDS, SHARED, record_type

__all__ = ["DEFS_FILE", "main", "schema_documents"]

DEFS_FILE = "defs.json"
"""The file of the shared pieces (no record of its own)."""
DRAFT = "https://json-schema.org/draft/2020-12/schema"
LOCAL = "#/$defs/"

Schema = dict[str, Any]

# A schema's keywords in the order a reader wants them; any other comes after, by name.
ORDER = (
    *("$schema", "$id", "$ref", "title", "description", "type", "const", "enum", "pattern"),
    *("minimum", "exclusiveMinimum", "maximum", "items", "prefixItems", "minItems", "maxItems"),
    *("properties", "required", "additionalProperties", "propertyNames", "minProperties"),
    *("dependentRequired", "anyOf", "oneOf", "$defs"),
)
# The keywords whose value is a map of names to schemas, and those whose value is a schema or a
# list of schemas: where the walk below goes down.
SCHEMA_MAPS = ("properties", "$defs", "patternProperties")
SCHEMAS = ("items", "additionalProperties", "propertyNames", "not", "unevaluatedProperties")
SCHEMA_LISTS = ("anyOf", "oneOf", "allOf", "prefixItems")


class _RecordJsonSchema(GenerateJsonSchema):
    """pydantic's JSON Schema, without a title for every field."""

    def field_title_should_be_set(self, schema: Any) -> bool:
        return False


def _tidy(schema: Schema, refs: dict[str, str]) -> Schema:
    """``schema`` with its ``$ref`` to another file's pieces rewritten (``refs``: a piece's
    name to where it lives), no titles, no ``type`` beside ``const`` or ``enum``, keywords in
    order."""
    tidy: Schema = {}
    for key, value in schema.items():
        if key == "title" or (key == "type" and ("const" in schema or "enum" in schema)):
            continue
        if key == "$ref":
            value = refs.get(value.removeprefix(LOCAL), value)
        elif key == "description":
            value = " ".join(value.split())  # a docstring's lines, as one
        elif key in SCHEMA_MAPS:
            value = {name: _tidy(part, refs) for name, part in value.items()}
        elif key in SCHEMAS and isinstance(value, dict):
            value = _tidy(value, refs)
        elif key in SCHEMA_LISTS:
            value = [_tidy(part, refs) for part in value]
        tidy[key] = value
    rank = {key: index for index, key in enumerate(ORDER)}
    return dict(sorted(tidy.items(), key=lambda item: (rank.get(item[0], len(rank)), item[0])))


def _refs_in(schema: object) -> Iterator[str]:
    """The names of the local pieces ``schema`` refers to, anywhere in it."""
    if isinstance(schema, dict):
        for key, value in schema.items():
            if key == "$ref" and isinstance(value, str) and value.startswith(LOCAL):
                yield value.removeprefix(LOCAL)
            else:
                yield from _refs_in(value)
    elif isinstance(schema, list):
        for item in schema:
            yield from _refs_in(item)


def _closure(
    names: Sequence[str], pieces: Mapping[str, Schema], away: Mapping[str, str]
) -> list[str]:
    """Every piece ``names`` lead to that lives in the same file (not in ``away``), in the order
    they are met."""
    found: list[str] = []
    todo = list(names)
    while todo:
        name = todo.pop(0)
        if name in found or name in away:
            continue
        found.append(name)
        todo.extend(_refs_in(pieces[name]))
    return found


def _pieces() -> tuple[dict[str, Schema], dict[RecordType, str], list[str]]:
    """Every named piece's schema, the piece that is each record, and the shared pieces' names."""
    mode: JsonSchemaMode = "validation"
    shapes: tuple[Any, ...] = (*RECORDS, *SHARED)
    inputs = [(shape, mode, TypeAdapter[Any](shape)) for shape in shapes]
    keys, top = TypeAdapter.json_schemas(
        inputs, ref_template=DEFAULT_REF_TEMPLATE, schema_generator=_RecordJsonSchema
    )
    name_of = {shape: keys[shape, mode]["$ref"].removeprefix(LOCAL) for shape in shapes}
    records = {record_type(shape): name_of[shape] for shape in RECORDS}
    return top["$defs"], records, [name_of[shape] for shape in SHARED]


def _document(schema_id: str, title: str, body: Schema, local: Mapping[str, Schema]) -> Schema:
    head: Schema = {"$schema": DRAFT, "$id": SCHEMA_BASE + schema_id, "title": title}
    document = head | {key: value for key, value in body.items() if key != "title"}
    if local:
        document["$defs"] = dict(local)
    return document


def schema_documents() -> dict[str, str]:
    """Every schema file's name and text, as the shapes declare them (``defs.json`` included)."""
    pieces, records, shared = _pieces()
    # Where each record's piece and each shared piece lives, seen from another file.
    away = {name: kind.file_name for kind, name in records.items()}
    away |= {name: f"{DEFS_FILE}{LOCAL}{name}" for name in shared}
    documents: dict[str, Schema] = {}
    for kind, name in records.items():
        refs = {other: where for other, where in away.items() if other != name}
        local = _closure(list(_refs_in(pieces[name])), pieces, away)
        body = _tidy(pieces[name], refs)
        tidied = {part: _tidy(pieces[part], refs) for part in local}
        documents[kind.file_name] = _document(kind.file_name, kind.tag, body, tidied)
    at_home = {name: where for name, where in away.items() if name not in shared}
    local = _closure(shared, pieces, at_home)
    shared_pieces = {part: _tidy(pieces[part], at_home) for part in local}
    documents[DEFS_FILE] = _document(
        DEFS_FILE, "The pieces the record schemas share (no record of its own)", {}, shared_pieces
    )
    return {
        name: json.dumps(document, indent=2, ensure_ascii=False) + "\n"
        for name, document in sorted(documents.items())
    }


def schema_folder() -> Path:
    """The folder the package's schema files live in (in the source tree)."""
    return Path(str(files("baccarat.records") / "schemas"))


def stale(folder: Path, documents: Mapping[str, str]) -> list[str]:
    """The files of ``folder`` that differ from ``documents``, are missing or are not generated."""
    present = {path.name for path in folder.glob("*.json")}
    differ = [
        name
        for name, text in documents.items()
        if name not in present or (folder / name).read_text(encoding="utf-8") != text
    ]
    return sorted([*differ, *(present - set(documents))])


def main(argv: Sequence[str] | None = None) -> int:
    """Write the schema files (or, with ``--check``, list the stale ones and return 1)."""
    parser = argparse.ArgumentParser(prog="python -m baccarat.records.generate")
    parser.add_argument("--check", action="store_true", help="write nothing; list stale files")
    args = parser.parse_args(argv)
    folder = schema_folder()
    documents = schema_documents()
    changed = stale(folder, documents)
    if args.check:
        for name in changed:
            print(f"stale: {name} (run make schemas)")
        return 1 if changed else 0
    for name in changed:
        if name in documents:
            (folder / name).write_text(documents[name], encoding="utf-8")
        else:
            (folder / name).unlink()
        print(f"wrote {name}" if name in documents else f"removed {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
