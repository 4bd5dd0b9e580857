"""Every ``--json`` output names its record type first and is valid by the schema that ships in
the package (``baccarat/records/schemas``, draft 2020-12): the schema files, generated from the
records' shapes (``baccarat.records.shapes``), are the golden references of the JSON forms
(docs/json.md)."""

from __future__ import annotations

import io
import json
import shlex
import sys
from pathlib import Path
from typing import Any

import jsonschema_rs
import pytest

from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.core.shoe import ShoeRules
from baccarat.fair.shuffle import fair_shoe
from baccarat.records import RecordType, coup_record
from baccarat.records.schema import SCHEMA_BASE, load_schema, schema_documents
from support.browser import free_port
from support.cli import played_ledger, run
from support.records import check_lines, check_record

SEED = "ab" * 32
VERIFY = ["verify", "--server-seed", SEED, "--client-seed", "x", "--shoe", "1", "--decks", "1"]

COMMANDS: list[tuple[RecordType, str]] = [
    (RecordType.COUP, "deal --cards '7c 2s Kd 3h 4c' --json"),
    (RecordType.COUP, "deal --cards '9s 5h Kd Kc' --json --lang vi"),
    (RecordType.COUP, "deal --coups 90 --decks 1 --seed 7 --json"),
    (RecordType.COUP, "settle --cards '2c 3d 3h 3s Kc' --stake banker=100 --stake tie=5 "
                      "--bet player_pair=2.5 --json"),
    (RecordType.ROADS, "roads --results 'T+bp B B+pp P T P+n' --json"),
    (RecordType.ROADS, "roads --from-shoe --seed 5 --decks 6 --json"),
    (RecordType.QUIZ_ROUND, "quiz --json --seed 5 --drill hard"),
    (RecordType.QUIZ_ROUND, "quiz --json --rounds 3 --size 4 --drill totals"),
    (RecordType.QUIZ_HEATMAP, "quiz --heatmap --json"),
    (RecordType.RULE_SETS, "rules --json"),
    (RecordType.RULE_SETS, "rules ez --json"),
    (RecordType.TABLEAU, "tableau --json"),
    (RecordType.ODDS, "odds --decks 1 --json"),
    (RecordType.ODDS, "odds --decks 1 --exact --json"),
    (RecordType.ODDS, "odds --infinite --rules ez --json"),
    (RecordType.ODDS, "odds --rules tiger --given player_two_card_total=5 --json"),
    (RecordType.ODDS, "odds --rules colours --seen P1=5h,B1=high --groups high=9TJQK --partial-groups --exact --json"),
    (RecordType.ODDS_EOR, "odds --eor --decks 8 --rules ez --json"),
    (RecordType.ODDS_EOR, "odds --eor --decks 2 --exact --json"),
    (RecordType.PAR_SHEET, "par-sheet --rules tie-9 --decks 8 --json"),
    (RecordType.SIMULATION, "simulate --coups 5000 --seed 3 --threads 1 --json"),
    (RecordType.SIMULATION, "simulate --coups 2000 --seed 3 --threads 1 --mode infinite --json"),
    (RecordType.SIMULATION, "simulate --coups 2000 --seed 3 --threads 1 --rules tiger --json"),
    (RecordType.PAR_SHEET, "par-sheet --rules naturals --decks 8 --json"),
    (RecordType.SOLVE_CHEMIN_DE_FER, "solve chemin-de-fer --infinite --json"),
    (RecordType.SOLVE_CHEMIN_DE_FER, "solve chemin-de-fer --infinite --banker rules "
                                     "--simulate 2000 --json"),
    (RecordType.SOLVE_BANQUE, "solve banque --json"),
    (RecordType.SOLVE_BANQUE, "solve banque --simulate 500 --json"),
    (RecordType.VERIFICATION, " ".join([*VERIFY, "--json"])),
]  # fmt: skip


@pytest.mark.parametrize(("kind", "line"), COMMANDS, ids=[line for _, line in COMMANDS])
def test_every_json_output_is_valid_by_its_schema(
    capsys: pytest.CaptureFixture[str], kind: RecordType, line: str
) -> None:
    code, out, err = run(capsys, *shlex.split(line))
    assert code == 0, err
    check_lines(out, kind)


def test_deal_from_standard_input_and_verify_of_those_records(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("7c 2s Kd 3h 4c\n2c 4h 3d Kc 6s 3d\n"))
    code, out, _ = run(capsys, "deal", "--cards", "-", "--json")
    assert code == 0 and len(check_lines(out, RecordType.COUP)) == 2
    # A verification that finds a mismatch is a record too (exit code 1).
    coups = list(fair_shoe(SEED, "x", 1, ShoeRules(decks=1)).deal_all())[:2]
    lines = [json.dumps(coup_record(coup)) for coup in coups]
    lines[1] = (
        lines[1]
        .replace('"winner": "banker"', '"winner": "tie"')
        .replace('"winner": "player"', '"winner": "tie"')
    )
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
    code, out, _ = run(capsys, *VERIFY, "--coups-file", "-", "--json")
    (record,) = check_lines(out, RecordType.VERIFICATION)
    assert code == 1 and record["mismatch"]["field"] == "winner"


def test_ledger_check_json_is_valid(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    for shoe_says in (None, 99):
        url = played_ledger(tmp_path / str(shoe_says), shoe_says=shoe_says)
        code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json")
        (record,) = check_lines(out, RecordType.LEDGER_CHECK)
        assert code == (0 if shoe_says is None else 1) and record["ok"] is (shoe_says is None)


def test_serve_json_is_valid(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from baccarat.cli import serve

    # A server that answers at once: the line comes when it does.
    monkeypatch.setattr(serve, "run_server", lambda app, announce, **kw: announce(kw["port"]))
    # The application is built: its cookie secret goes to this data folder, not the checkout's.
    monkeypatch.setenv("BACCARAT_DATA_DIR", str(tmp_path / "data"))
    database = f"sqlite:///{tmp_path / 'served.sqlite3'}"
    # A free port: the default 8000 may be another server's (the start-up checks it is free).
    port = str(free_port())
    code, out, _ = run(capsys, "serve", "--port", port, "--database", database, "--json")
    assert code == 0
    (record,) = check_lines(out, RecordType.SERVE)
    assert record["database"] == database


def test_a_record_the_schema_refuses_is_caught() -> None:
    record = coup_record(Coup.from_cards(parse_cards("7c 2s Kd 3h 4c")))
    check_record(record, RecordType.COUP)
    for broken in (
        record | {"winner": "dragon"},
        record | {"extra": 1},
        {k: v for k, v in record.items() if k != "steps"},
        record | {"schema": "baccarat.coup/1", "cards": record["cards"][:3]},
    ):
        with pytest.raises(AssertionError):
            check_record(broken, RecordType.COUP)
    with pytest.raises(ValueError, match="no record type"):
        check_record(record | {"schema": "baccarat.coup/0"})


def test_each_record_type_has_one_schema_file_that_is_a_valid_2020_12_schema() -> None:
    documents = list(schema_documents())
    ids = {document["$id"] for document in documents}
    assert ids == {SCHEMA_BASE + kind.file_name for kind in RecordType} | {
        SCHEMA_BASE + "defs.json"
    }
    for document in documents:
        assert document["$schema"] == "https://json-schema.org/draft/2020-12/schema"
        jsonschema_rs.meta.validate(document)
    for kind in RecordType:
        schema: dict[str, Any] = load_schema(kind)
        assert schema["properties"]["schema"] == {"const": kind.tag}
        assert schema["required"][0] == "schema" and schema["additionalProperties"] is False
