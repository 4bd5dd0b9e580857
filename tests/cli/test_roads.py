"""``baccarat roads``: text, JSON and SVG output, shoes, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from baccarat.cli import main
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.roads.model import Roads
from baccarat.roads.records import roads_record, statistics_record
from baccarat.roads.svg import roads_svg
from baccarat.roads.text import render_text

GOLDEN = Path(__file__).parents[1] / "golden" / "roads"
EXAMPLE = "B B P P P B P B B B T B P P T T B P"


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[str, str]:
    main(["roads", *args])
    captured = capsys.readouterr()
    return captured.out, captured.err


def fail(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    with pytest.raises(SystemExit) as info:
        main(["roads", *args])
    assert info.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1
    if "--json" in args:  # the refusal is one JSON object
        return str(json.loads(captured.err)["error"]["message"])
    assert captured.err.startswith("baccarat: error: ")
    return captured.err


def test_text_is_the_golden_rendering(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--results", EXAMPLE)
    assert out == (GOLDEN / "issue_example.txt").read_text(encoding="utf-8")


def test_json(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--results", EXAMPLE, "--json")
    record = json.loads(out)
    assert record.pop("schema") == "baccarat.roads/1"
    # The statistics come with the roads, as the text shows them.
    statistics = record.pop("statistics")
    assert statistics == statistics_record(Roads.from_tokens(EXAMPLE).statistics())
    assert record == json.loads((GOLDEN / "issue_example.json").read_text(encoding="utf-8"))
    assert record == roads_record(Roads.from_tokens(EXAMPLE))
    assert record["ask"]["banker"] == {
        "big_eye_boy": "red",
        "small_road": "blue",
        "cockroach_pig": "blue",
    }


def test_svg_to_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    target = tmp_path / "roads.svg"
    out, _ = run(capsys, "--results", "B P P P P", "--svg", str(target))
    assert str(target) in out
    assert target.read_text(encoding="utf-8") == (GOLDEN / "straight_drop.svg").read_text(
        encoding="utf-8"
    )


def test_svg_to_standard_output(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--results", "B P P P P", "--svg", "-")
    assert out == roads_svg(Roads.from_tokens("B P P P P"))


def test_from_shoe_is_the_dealt_shoe(capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = run(capsys, "--from-shoe", "--seed", "5", "--decks", "6", "--json")
    shoe = Shoe.shuffled(ShoeRules(decks=6), random.Random(5))
    expected = Roads.from_coups(shoe.deal_all())
    record = json.loads(out)
    assert record.pop("schema") == "baccarat.roads/1"
    assert record.pop("statistics") == statistics_record(expected.statistics())
    assert record == roads_record(expected)
    # The totals of dealt coups are known.
    assert record["bead_plate"][0][0]["player_total"] is not None
    out, _ = run(capsys, "--from-shoe", "--seed", "5", "--decks", "6")
    assert out == render_text(expected) + "\n"


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["--results", "B P X+bp"], "'X+bp'"),
        (["--results", "B+zz"], "'B+zz'"),
        (["--results", "B B+n+n"], "'B+n+n'"),
        (["--results", " , "], "no result tokens"),
        ([], "either"),
        (["--results", "B", "--from-shoe"], "either"),
        (["--results", "B", "--json", "--svg", "x.svg"], "together"),
        (["--results", "B", "--seed", "3"], "--from-shoe"),
        (["--from-shoe", "--seed", "1", "--decks", "0"], "decks"),
        (["--results", "B", "--svg", "/nonexistent-dir/x.svg"], "cannot write"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: list[str], expected: str
) -> None:
    assert expected in fail(capsys, *args)


@pytest.mark.parametrize(
    ("language", "shares"),
    [
        ("en", "Banker 8 (44.4%), Player 7 (38.9%)"),
        ("vi", "Cái 8 (44,4%), Con 7 (38,9%)"),
        ("hu", "Bank 8 (44,4%), Játékos 7 (38,9%)"),
    ],
)
def test_the_statistics_write_shares_as_the_language_does(
    capsys: pytest.CaptureFixture[str], language: str, shares: str
) -> None:
    out, _ = run(capsys, "--results", EXAMPLE, "--lang", language)
    assert shares in out
