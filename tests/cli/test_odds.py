"""``baccarat odds`` and ``baccarat par-sheet``, through the real entry point."""

from __future__ import annotations

import json
import re
import typing
from fractions import Fraction
from pathlib import Path

import pytest

from support.cli import run

ISSUE_EXAMPLE = "A:31,2:32,3:32,4:32,5:32,6:32,7:32,8:32,9:32,10:32,J:32,Q:32,K:32"


def test_odds_json_has_the_documented_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--decks", "8", "--json")
    assert code == 0
    record = json.loads(out)
    assert set(record["outcomes"]) == {"banker", "player", "tie"}
    assert round(record["bets"]["banker"]["house_edge"], 6) == 0.010579
    assert round(record["bets"]["player"]["house_edge"], 6) == 0.012351
    assert round(record["bets"]["tie"]["house_edge"], 6) == 0.143596
    assert record["frequencies"]["cards_per_coup"] == pytest.approx(4.9388, abs=1e-4)
    assert {"win", "push", "lose", "ev", "house_edge", "sd"} <= set(record["bets"]["tie"])


def test_odds_json_gives_every_figure_as_a_float_and_an_exact_fraction(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "odds", "--remaining", ISSUE_EXAMPLE, "--json")
    assert code == 0
    record = json.loads(out)
    assert sum(Fraction(p) for p in record["exact"]["outcomes"].values()) == 1
    banker = record["bets"]["banker"]
    exact = banker["exact"]
    assert Fraction(exact["win"]) + Fraction(exact["push"]) + Fraction(exact["lose"]) == 1
    assert banker["win"] == pytest.approx(float(Fraction(exact["win"])))
    assert all("/" in v for v in record["exact"]["outcomes"].values())
    # --exact changes the tables, not the JSON.
    assert run(capsys, "odds", "--remaining", ISSUE_EXAMPLE, "--exact", "--json")[1] == out


def test_odds_default_is_eight_decks_and_infinite_and_rules(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, default, _ = run(capsys, "odds", "--json")
    _, eight, _ = run(capsys, "odds", "--decks", "8", "--json")
    assert default == eight
    _, infinite, _ = run(capsys, "odds", "--infinite", "--rules", "ez", "--json")
    record = json.loads(infinite)
    assert record["total"] == 52**6 and "dragon_7" in record["bets"]


def test_odds_tables(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--decks", "6", "--rules", "no-commission", "--exact")
    assert code == 0
    # The rule set by its title after an en dash (its id is what --rules takes).
    assert out.startswith("Exact odds – No-commission (Super 6 / Punto 2000), 6 decks: ")
    assert "Coup outcomes" in out and "Super 6" in out and "Exact house edges" in out
    code, out, _ = run(capsys, "odds", "--eor", "--decks", "1")
    assert code == 0
    assert "Effects of removal" in out and "T-K" in out


def test_eor_json_plain_and_exact(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "--eor", "--decks", "8", "--rules", "ez", "--json")
    assert code == 0
    record = json.loads(out)
    assert list(record["effects"]) == [
        "A",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "8",
        "9",
        "T",
        "J",
        "Q",
        "K",
    ]
    assert sum(row["banker"] for row in record["effects"].values()) == pytest.approx(0, abs=1e-12)
    code, out, _ = run(
        capsys, "odds", "--eor", "--decks", "2", "--rules", "ez", "--exact", "--json"
    )
    exact = json.loads(out)
    assert sum(Fraction(row["banker"]) for row in exact["effects"].values()) == 0


def test_rules_file_with_a_user_defined_bet(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(
        'name = "mine"\nextends = "punto-banco"\noffers = ["banker", "lucky_6"]\n'
        "[bets.lucky_6]\n"
        'rules = [{ when = { winner = "banker", banker_total = 6, banker_cards = 3 }, pays = "23" },'
        ' { when = { winner = "banker", banker_total = 6 }, pays = "12" }]\n',
        encoding="utf-8",
    )
    code, out, _ = run(capsys, "odds", "--rules-file", str(path), "--json")
    assert code == 0
    assert round(json.loads(out)["bets"]["lucky_6"]["house_edge"], 4) == 0.1170
    code, out, _ = run(capsys, "par-sheet", "--rules-file", str(path), "--format", "csv")
    assert code == 0 and "lucky_6" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["odds", "--remaining", "A:31,Z:4"], "unknown rank or card 'Z'"),
        (["odds", "--remaining", "A:-3,K:40"], "negative: A:-3"),
        (["odds", "--remaining", "A:2,K:3"], "5 card(s)"),
        (["odds", "--decks", "0"], "at least 1, got 0"),
        (["odds", "--decks", "2", "--infinite"], "(given together: --decks, --infinite)"),
        (["odds", "--rules", "macao"], "unknown rule set 'macao'"),
        (["odds", "--rules", "ez", "--rules-file", "x.toml"], "not both"),
        (["odds", "--rules-file", "/nonexistent/rules.toml"], "cannot read rules file"),
        (["odds", "--eor", "--infinite"], "infinite deck has no effects of removal"),
        (["par-sheet", "--format", "pdf"], "unknown format 'pdf'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, out, err = run(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and message in err


@pytest.mark.parametrize("language", ["vi", "hu"])
def test_the_options_given_together_are_named_without_english_words(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    # The lists were joined with "or" and "and", which stayed English in every language.
    code, _, err = run(
        capsys, "odds", "--decks", "2", "--infinite", "--remaining", "A:4,K:40", "--lang", language
    )
    assert code == 2 and "--decks, --infinite, --remaining" in err
    assert " or " not in err and " and " not in err


def test_par_sheet_formats_and_output_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    golden = Path(__file__).parent.parent / "golden" / "odds" / "punto-banco-8-decks.md"
    code, out, _ = run(capsys, "par-sheet", "--rules", "punto-banco", "--decks", "8")
    assert code == 0 and out == golden.read_text(encoding="utf-8")
    target = tmp_path / "ez.html"
    code, out, _ = run(
        capsys, "par-sheet", "--rules", "ez", "--decks", "6", "--format", "html", "-o", str(target)
    )
    assert code == 0 and out == ""
    expected = Path(__file__).parent.parent / "golden" / "odds" / "ez-6-decks.html"
    assert target.read_text(encoding="utf-8") == expected.read_text(encoding="utf-8")
    code, out, _ = run(capsys, "par-sheet", "--rules", "tie-9", "--decks", "8", "--json")
    record = json.loads(out)
    assert record["rules"] == "tie-9"
    assert record["bets"]["tie"]["rows"][0]["pays"] == "9"


def test_par_sheet_parquet_is_the_tidy_form_of_its_csv(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """``par-sheet --format parquet`` writes the sheet's data as every table command writes its
    tables: tidy rows (``table``, ``row``, ``variable``, ``value``, ``number``) that pivot back to
    the rows of ``--format csv``, every number exact where the CSV rounds it to 15 places."""
    import csv
    import io

    import pyarrow.parquet as pq

    from baccarat.cli.format import TIDY_COLUMNS

    argv = ["par-sheet", "--rules", "ez", "--decks", "6"]
    _, text, _ = run(capsys, *argv, "--format", "csv")
    path = tmp_path / "ez.parquet"
    code, out, err = run(capsys, *argv, "--format", "parquet", "-o", str(path))
    assert (code, out, err) == (0, "", "")
    table = pq.read_table(path)
    assert table.column_names == [*TIDY_COLUMNS, "number"]
    assert table.schema.metadata == {b"baccarat": b"tidy/1"}
    rows: dict[int, dict[str, typing.Any]] = {}
    for cell in table.to_pylist():
        assert cell["table"] == "par_sheet"
        rows.setdefault(cell["row"], {})[cell["variable"]] = cell
    expected = list(csv.DictReader(io.StringIO(text)))
    assert list(rows) == list(range(1, len(expected) + 1))
    for row, wanted in zip(rows.values(), expected, strict=True):
        assert list(row) == list(wanted)  # the CSV's columns, in its order
        for name, value in wanted.items():
            cell = row[name]
            if name in ("probability", "return", "variance") and value:
                exact = Fraction(cell["value"])
                assert abs(exact - Fraction(value)) <= Fraction(1, 2 * 10**15)
                assert cell["number"] == float(exact)
            else:
                assert (cell["value"] or "") == value
    code, out, err = run(capsys, *argv, "--format", "parquet", "--json")
    assert code == 2 and json.loads(err)["error"]["code"] == "options_together"


def test_odds_given_what_is_known(capsys: pytest.CaptureFixture[str]) -> None:
    # The same record as odds --json, every figure conditional, and what was given.
    given = "player_two_card_total=5,banker_two_card_total=3"
    code, out, _ = run(capsys, "odds", "--given", given, "--json")
    assert code == 0
    record = json.loads(out)
    assert record["schema"] == "baccarat.odds/2"
    assert record["given"] == {
        "given": given,
        "condition": "player_two_card_total = 5, banker_two_card_total = 3",
        "total": record["total"],
    }
    assert sum(record["combinations"].values()) == record["total"]
    assert record["bets"]["player_pair"]["win"] == 0  # no pair of cards totals 5
    ex_ties = record["outcomes_excluding_ties"]
    assert Fraction(ex_ties["exact"]["banker"]) + Fraction(ex_ties["exact"]["player"]) == 1
    banker = record["bets"]["banker"]["combinations"]
    assert banker["win"] == record["combinations"]["banker"]
    assert banker["push"] == record["combinations"]["tie"]
    code, out, _ = run(capsys, "odds", "--seen", "P1=high", "--groups", "high=9",
                       "--partial-groups", "--json")  # fmt: skip
    assert json.loads(out)["given"]["seen"] == {"P1": "high"}
    code, out, _ = run(capsys, "odds", "--given", given)
    assert code == 0 and "Given: player_two_card_total = 5" in out and "Excluding ties" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--given", "winner"), "cannot read --given"),
        (("--seen", "P9=5h"), "cannot read --seen"),
        (("--seen", "P1=5h,B1=5h", "--decks", "1"), "no coup from this shoe"),
        (("--given", "winner=tie", "--eor"), "give --eor or --given/--seen, not both"),
        (("--seen", "P1=high", "--groups", "high=6789,low=A2345"), "puts TJQK in no group"),
        (("--seen", "P1=low", "--groups", "high=6789,low=TA2345J"), "puts QK in no group"),
    ],
)
def test_odds_bad_conditions_are_one_line(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = run(capsys, "odds", *args)
    assert code == 2 and out == "" and message in err and len(err.strip().splitlines()) == 1


def test_the_groups_help_example_sorts_the_first_card_for_a_6_765_percent_edge(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The one-card edge sort: knowing whether the Player's first card is high (6 to 9) or low,
    bet Player on high and Banker on low; T is every ten-valued rank, as in ``count --tags``."""
    from baccarat.cli.odds import GroupsOption

    info = typing.get_args(GroupsOption)[1]
    found = re.search(r'"(high=\w+,low=\w+)"', info.help)
    assert found is not None and found.group(1) == "high=6789,low=TA2345"
    example = found.group(1)
    edge = Fraction(0)
    everything = 0
    for group, bet in (("high", "player"), ("low", "banker")):
        code, out, err = run(capsys, "odds", "--seen", f"P1={group}", "--groups", example,
                             "--exact", "--json")  # fmt: skip
        assert code == 0, err
        record = json.loads(out)
        everything += record["total"]
        edge += Fraction(record["bets"][bet]["exact"]["ev"]) * record["total"]
    assert f"{float(edge / everything) * 100:.3f}" == "6.765"
