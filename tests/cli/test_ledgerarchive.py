"""``baccarat ledger export`` and ``import`` through the real entry point: an archive out and
back in (text and JSON), and each refusal as one line on standard error with exit code 2."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from baccarat.records import RecordType
from support.cli import played_ledger, run
from support.records import check_record


def test_export_then_import_into_a_new_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, archive, copy = played_ledger(tmp_path), tmp_path / "backup.zip", tmp_path / "copy.sqlite3"
    code, out, err = run(capsys, "ledger", "export", str(archive), "--database", url)
    assert (code, err) == (0, "")
    assert re.match(r"ledger export: \d+ rows written to .*backup\.zip \(schema \w+, SHA-256 ", out)
    code, out, err = run(
        capsys, "ledger", "import", str(archive), "--database", f"sqlite:///{copy}"
    )
    assert (code, err) == (0, "") and re.match(r"ledger import: \d+ rows loaded from ", out)
    code, out, _ = run(capsys, "ledger", "check", "--database", f"sqlite:///{copy}")
    assert code == 0 and out.startswith("ledger check: ok (1 player, ")


def test_the_json_records(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    url, archive = played_ledger(tmp_path), tmp_path / "backup.zip"
    code, out, _ = run(capsys, "ledger", "export", str(archive), "--database", url, "--json")
    exported = json.loads(out)
    assert code == 0 and check_record(exported) is RecordType.LEDGER_EXPORT
    assert exported["tables"]["coups"] == 3 and exported["tables"]["players"] == 1
    assert exported["rows"] == sum(exported["tables"].values())
    target = f"sqlite:///{tmp_path / 'copy.sqlite3'}"
    code, out, _ = run(capsys, "ledger", "import", str(archive), "--database", target, "--json")
    imported = json.loads(out)
    assert code == 0 and check_record(imported) is RecordType.LEDGER_IMPORT
    assert imported["sha256"] == exported["sha256"] and imported["database"] == target


def _refused(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    code, out, err = run(capsys, *args)
    assert (code, out) == (2, "") and err.count("\n") == 1, err
    return err


def test_refusals_are_one_line_and_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url, archive = played_ledger(tmp_path), tmp_path / "backup.zip"
    assert run(capsys, "ledger", "export", str(archive), "--database", url)[0] == 0
    err = _refused(capsys, "ledger", "export", str(archive), "--database", url)
    assert "exists already" in err and "--force" in err
    assert run(capsys, "ledger", "export", str(archive), "--database", url, "--force")[0] == 0
    assert "not empty" in _refused(capsys, "ledger", "import", str(archive), "--database", url)
    target = tmp_path / "target.sqlite3"
    flipped = bytearray(archive.read_bytes())
    flipped[len(flipped) // 2] ^= 1
    png = b"\x89PNG\r\n\x1a\n" + bytes(64)
    for name, data, words in (
        ("flipped.zip", bytes(flipped), "damaged"),
        ("cut.zip", archive.read_bytes()[:300], "truncated"),
        ("image.png", png, "not a ledger archive"),
        ("empty.zip", b"", "is empty"),
    ):
        (tmp_path / name).write_bytes(data)
        args = ("ledger", "import", str(tmp_path / name), "--database", f"sqlite:///{target}")
        assert words in _refused(capsys, *args)
        assert not target.exists()
    missing = ("ledger", "import", str(tmp_path / "none.zip"), "--database", f"sqlite:///{target}")
    assert "No such file" in _refused(capsys, *missing)
    nowhere = f"sqlite:///{tmp_path / 'no' / 'ledger.sqlite3'}"
    assert "no ledger at" in _refused(capsys, "ledger", "export", "x.zip", "--database", nowhere)


@pytest.mark.parametrize(("language", "words"), [("vi", "đã tồn tại"), ("hu", "már létezik")])
def test_a_refusal_speaks_the_language(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], language: str, words: str
) -> None:
    url, archive = played_ledger(tmp_path), tmp_path / "backup.zip"
    archive.write_bytes(b"")
    err = _refused(capsys, "ledger", "export", str(archive), "--database", url, "--lang", language)
    assert words in err


def test_the_archive_is_named_by_its_path_as_every_file_is(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """FILE is the argument's metavar, no name a reader knows: import names the archive by its
    path, as export's 'cannot write' does, and a folder is one (not 'not a regular file')."""
    url = played_ledger(tmp_path)
    target = ("--database", f"sqlite:///{tmp_path / 'target.sqlite3'}")
    err = _refused(capsys, "ledger", "import", str(tmp_path), *target)
    assert err == f"baccarat: error: cannot read {str(tmp_path)!r}: Is a directory\n"
    err = _refused(capsys, "ledger", "import", str(tmp_path / "none.zip"), *target)
    assert err.startswith(f"baccarat: error: cannot read {str(tmp_path / 'none.zip')!r}: No such")
    assert "FILE" not in _refused(capsys, "ledger", "import", "/dev/null", *target)
    err = _refused(capsys, "ledger", "export", str(tmp_path), "--database", url)
    assert err == f"baccarat: error: cannot write {str(tmp_path)!r}: Is a directory\n"
    err = _refused(capsys, "--lang", "hu", "ledger", "import", str(tmp_path), *target)
    assert err == f"baccarat: hiba: nem olvasható: {str(tmp_path)!r}: ez egy mappa\n"
