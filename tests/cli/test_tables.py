"""Every command that prints tables prints them as tidy CSV (one row per value, long format, a
header) and as Parquet (the same rows, with the value as a number too), to a file or a pipe."""

from __future__ import annotations

import csv
import io
import sys
from fractions import Fraction
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from baccarat import extras
from baccarat.cli.format import TIDY_COLUMNS
from support.cli import run

CASES: dict[str, tuple[list[str], dict[str, list[str]]]] = {
    "odds": (["odds"], {
        "outcomes": ["outcome", "probability", "excluding_ties", "combinations"],
        "frequencies": ["frequency", "value"],
        "bets": ["bet", "win", "push", "lose", "house_edge", "house_edge_excluding_pushes", "sd"],
    }),
    "odds --eor": (["odds", "--eor", "--decks", "1"], {
        "effects": ["bet", "house_edge", "A", *"23456789", "T-K"],
    }),
    "rules": (["rules"], {"rule_sets": ["rule_set", "bets"]}),
    "rules ez": (["rules", "ez"], {"bets": ["bet", "id", "pays", "limits"]}),
    "tableau": (["tableau"], {"banker": ["banker_total", *"0123456789", "player_stood"]}),
    "settle": (["settle", "--cards", "7c 2s Kd 3h 4c", "--stake", "banker=100"], {
        "bets": ["bet", "stake", "result", "returned", "net"],
    }),
    "simulate": (["simulate", "-n", "20000", "--seed", "1", "--threads", "1"], {
        "frequencies": ["event", "guide", "simulated", "margin_95", "exact", "z"],
        "bets": ["bet", "net_per_unit", "se", "exact_ev", "z"],
    }),
    "systems": (["systems", "--sessions", "5", "--seed", "1"], {
        "systems": ["system", "mean", "median", "range_90", "risk_of_ruin", "behind", "staked",
                    "edge_times_staked", "z"],
    }),
    "count": (["count", "--strategy", "jacobson-dragon-7", "--shoes", "20", "--seed", "1",
               "--threads", "1"], {
        "summary": ["figure", "value"],
        "by_count": ["level", "frequency", "edge", "se", "units_per_shoe"],
    }),
    "quiz --heatmap": (["quiz", "--heatmap", "--progress", "PROGRESS"], {
        "heatmap": ["banker_total", *"0123456789", "stood"],
    }),
}  # fmt: skip
"""Each command line that prints tables, and its tables' keys with their columns' keys."""


def _argv(name: str, tmp_path: Path) -> list[str]:
    argv = CASES[name][0]
    return [str(tmp_path / "progress.json") if a == "PROGRESS" else a for a in argv]


def _variables(rows: list[tuple[str, int, str, str]]) -> dict[str, list[str]]:
    """Each table's variables, in order, checked to be the same for each of its rows."""
    tables: dict[str, dict[int, list[str]]] = {}
    for table, row, variable, _ in rows:
        tables.setdefault(table, {}).setdefault(row, []).append(variable)
    variables = {}
    for table, by_row in tables.items():
        assert list(by_row) == list(range(1, len(by_row) + 1)), table
        assert len({tuple(v) for v in by_row.values()}) == 1, (table, by_row)
        variables[table] = next(iter(by_row.values()))
    return variables


@pytest.mark.parametrize("name", sorted(CASES))
def test_csv_is_tidy_with_the_expected_columns(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    code, out, err = run(capsys, *_argv(name, tmp_path), "--format", "csv")
    assert code == 0, err
    reader = csv.reader(io.StringIO(out))
    assert next(reader) == list(TIDY_COLUMNS)
    rows = [(t, int(r), v, value) for t, r, v, value in reader]
    assert rows and _variables(rows) == CASES[name][1]
    assert len({row[:3] for row in rows}) == len(rows)


@pytest.mark.parametrize("name", sorted(CASES))
def test_parquet_round_trips_the_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, name: str
) -> None:
    argv = _argv(name, tmp_path)
    _, text, _ = run(capsys, *argv, "--format", "csv")
    path = tmp_path / "out.parquet"
    code, out, err = run(capsys, *argv, "--format", "parquet", "--output", str(path))
    assert (code, out) == (0, ""), err
    table = pq.read_table(path)
    assert table.column_names == [*TIDY_COLUMNS, "number"]
    assert table.schema.metadata == {b"baccarat": b"tidy/1"}
    written = table.to_pylist()
    expected = list(csv.DictReader(io.StringIO(text)))
    assert [(r["table"], r["row"], r["variable"], r["value"] or "") for r in written] == [
        (r["table"], int(r["row"]), r["variable"], r["value"]) for r in expected
    ]
    numbers = [r for r in written if r["number"] is not None]
    assert all(float(Fraction(r["value"])) == r["number"] for r in numbers)
    assert numbers or name.startswith("rules")  # the rule sets' tables hold words only


def test_parquet_goes_down_a_pipe_never_to_a_terminal(
    capsysbinary: pytest.CaptureFixture[bytes], monkeypatch: pytest.MonkeyPatch
) -> None:
    from baccarat.cli import main

    main(["tableau", "--format", "parquet"])
    out = capsysbinary.readouterr().out
    assert (
        out.startswith(b"PAR1") and pq.read_table(io.BytesIO(out)).num_rows == 8 * 12
    )  # banker totals 0-7
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    with pytest.raises(SystemExit) as exit_:
        main(["tableau", "--format", "parquet"])
    captured = capsysbinary.readouterr()
    assert exit_.value.code == 2 and captured.out == b""
    assert captured.err == (
        b"baccarat: error: --format parquet writes a binary file: give --output FILE, or pipe "
        b"it into a program\n"
    )


def test_parquet_without_pyarrow_names_the_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setitem(extras.EXTRAS, "parquet", ("no_such_module_here",))
    code, out, err = run(capsys, "tableau", "--format", "parquet", "-o", str(tmp_path / "t"))
    assert (code, out) == (2, "") and not (tmp_path / "t").exists()
    assert err == (
        "baccarat: error: --format parquet needs no_such_module_here, which the base install "
        "leaves out: pip install 'baccarat[parquet]'\n"
    )


@pytest.mark.parametrize("fmt", ["table", "csv", "md", "json"])
def test_output_writes_what_standard_output_would_show(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, fmt: str
) -> None:
    path = tmp_path / f"tableau.{fmt}"
    _, shown, _ = run(capsys, "tableau", "--format", fmt)
    assert run(capsys, "tableau", "--format", fmt, "--output", str(path)) == (0, "", "")
    assert path.read_text(encoding="utf-8") == shown
    assert [p.name for p in tmp_path.iterdir()] == [path.name]  # no partial file left


def test_an_output_that_cannot_be_written_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    missing = tmp_path / "no" / "such.csv"
    code, out, err = run(capsys, "simulate", "-n", "1000000000", "--format", "csv", "-o",
                         str(missing))  # fmt: skip
    assert (code, out) == (2, "")
    assert err == f"baccarat: error: cannot write '{missing}': No such file or directory\n"
