"""The schema files the package ships are the ones its shapes generate (``make schemas``), one
shape per record type, and the shapes are read without pydantic (the base install)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from baccarat.records.generate import DEFS_FILE, main, schema_documents, schema_folder, stale
from baccarat.records.schema import RecordType
from baccarat.records.shapes import RECORDS, record_type, shape_of
from baccarat.records.shapes.coup import Hand


def test_the_committed_schemas_are_the_generated_ones() -> None:
    changed = stale(schema_folder(), schema_documents())
    assert not changed, (
        f"{', '.join(changed)} differ from what the shapes in baccarat.records.shapes declare: "
        "run `make schemas` (python -m baccarat.records.generate) and commit the result"
    )


def test_check_names_the_stale_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    documents = schema_documents()
    for name, text in documents.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    assert stale(tmp_path, documents) == []
    (tmp_path / "coup.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / "old.json").write_text("{}\n", encoding="utf-8")
    (tmp_path / DEFS_FILE).unlink()
    assert stale(tmp_path, documents) == ["coup.json", DEFS_FILE, "old.json"]
    assert main(["--check"]) == 0
    assert capsys.readouterr().out == ""


def test_each_record_type_has_one_shape() -> None:
    kinds = [record_type(shape) for shape in RECORDS]
    assert sorted(kinds) == sorted(RecordType)
    assert all(shape_of(kind) is shape for kind, shape in zip(kinds, RECORDS, strict=True))
    with pytest.raises(ValueError, match="no 'schema' field"):
        record_type(Hand)


def test_the_shapes_are_read_without_pydantic() -> None:
    # The base install prints records with no pydantic: the shapes and their marks import alone.
    blocked = "; ".join(f"sys.modules[{name!r}] = None" for name in ("pydantic", "pydantic_core"))
    code = f"import sys; {blocked}; import baccarat.records, baccarat.records.shapes"
    subprocess.run([sys.executable, "-c", code], check=True)
