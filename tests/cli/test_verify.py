"""``baccarat verify``, through the real entry point: reports, exit codes 0, 1 and 2."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from baccarat.core.shoe import ShoeRules
from baccarat.fair.seeds import commitment
from baccarat.fair.shuffle import fair_order, fair_shoe
from baccarat.records import coup_record
from support.cli import run

SEED = bytes(range(32)).hex()
CLIENT = "Lucky 7!"
BASE = ["verify", "--server-seed", SEED, "--client-seed", CLIENT, "--shoe", "1", "--decks", "1"]


def card_lines(decks: int = 1) -> list[str]:
    coups = fair_shoe(SEED, CLIENT, 1, ShoeRules(decks=decks)).deal_all()
    return [" ".join(str(card) for card in coup.cards_in_order) for coup in coups]


def test_recomputes_the_shoe_and_checks_the_commitment(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, *BASE, "--commitment", commitment(SEED))
    assert code == 0 and err == ""
    order = fair_order(SEED, CLIENT, 1, ShoeRules(decks=1))
    assert f"     1  {' '.join(map(str, order[:13]))}" in out
    assert "matches the commitment shown before the shoe" in out
    assert f"Coups        {len(card_lines())} dealt from this shoe" in out
    assert out.rstrip().endswith("Verified: the shoe is the one committed to.")


def test_without_a_commitment_says_it_was_not_checked(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, *BASE)
    assert code == 0
    assert "not checked: give --commitment" in out
    assert out.rstrip().endswith("Verified: the shoe recomputed.")


def test_checks_coups_from_a_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "coups.txt"
    path.write_text("# shoe 1\n" + "\n".join(card_lines()) + "\n", encoding="utf-8")
    code, out, _ = run(capsys, *BASE, "--commitment", commitment(SEED), "--coups-file", str(path))
    assert code == 0
    assert f"Checked      {len(card_lines())} coups handed in: all match" in out
    assert "and every coup handed in matches it." in out


def test_checks_json_records_from_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    coups = list(fair_shoe(SEED, CLIENT, 1, ShoeRules(decks=8)).deal_all())[:10]
    text = "".join(json.dumps(coup_record(coup)) + "\n" for coup in coups)
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    assert BASE[-2:] == ["--decks", "1"]
    code, out, _ = run(capsys, *BASE[:-1], "8", "--coups-file", "-", "--json")
    assert code == 0
    record = json.loads(out)
    assert record["ok"] is True and record["coups_checked"] == 10
    assert record["commitment_ok"] is None and record["rules"]["decks"] == 8
    assert record["order"] == [str(c) for c in fair_order(SEED, CLIENT, 1, ShoeRules(decks=8))]


def test_a_tampered_coup_fails_with_exit_code_1(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    lines = card_lines()
    first = lines[2].split()
    first[0] = "Kh" if first[0] != "Kh" else "Qh"
    lines[2] = " ".join(first)
    path = tmp_path / "coups.txt"
    path.write_text("\n".join(lines), encoding="utf-8")
    code, out, err = run(capsys, *BASE, "--coups-file", str(path))
    assert code == 1 and err == ""
    assert "Mismatch     coup 3, the Player's first card (card " in out
    assert out.rstrip().endswith("FAILED: coup 3 differs.")
    code, out, _ = run(capsys, *BASE, "--coups-file", str(path), "--json")
    assert code == 1
    assert json.loads(out)["mismatch"]["coup"] == 3


def test_a_wrong_commitment_fails_with_exit_code_1(capsys: pytest.CaptureFixture[str]) -> None:
    other = commitment("ff" * 32)
    code, out, _ = run(capsys, *BASE, "--commitment", other)
    assert code == 1
    assert f"DIFFERS from the commitment shown: {other}" in out
    assert out.rstrip().endswith("FAILED: the commitment differs.")


def test_shoe_rules_are_options(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, *BASE, "--no-burn", "--cut-card", "20", "--no-one-more-coup", "--json"
    )
    assert code == 0
    record = json.loads(out)
    assert record["rules"] == {"decks": 1, "cut_card": 20, "burn": False, "one_more_coup": False}
    assert record["burned"] == []


@pytest.mark.parametrize(
    ("args", "quoted"),
    [
        (["--server-seed", "xyz"], "'xyz'"),
        (["--client-seed", " padded"], "' padded'"),
        (["--shoe", "0"], "got 0"),
        (["--decks", "9"], "got 9"),
        (["--decks", "0"], "got 0"),
        (["--commitment", "abc"], "'abc'"),
        (["--coups-file", "/no/such/file"], "'/no/such/file'"),
        (["--shoe", "two"], "'two'"),
    ],
)
def test_bad_input_is_one_line_on_stderr_and_exit_code_2(
    capsys: pytest.CaptureFixture[str], args: list[str], quoted: str
) -> None:
    options = dict(zip(BASE[1::2], BASE[2::2], strict=True))
    options.update(zip(args[::2], args[1::2], strict=True))
    argv = ["verify", *[part for pair in options.items() for part in pair]]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ")
    assert quoted in err


def test_a_bad_line_of_coups_names_the_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(card_lines()[0] + "\n\n7c 2s Zz 3h\n"))
    code, out, err = run(capsys, *BASE, "--coups-file", "-")
    assert code == 2 and out == ""
    assert (
        err
        == "baccarat: error: line 3: unknown card 'Zz': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)\n"
    )


def test_missing_options_are_usage_errors(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "verify", "--server-seed", SEED, "--client-seed", CLIENT)
    assert code == 2 and out == "" and err.count("\n") == 1 and "--shoe" in err


def test_a_rooms_contributions_make_its_client_seed(capsys: pytest.CaptureFixture[str]) -> None:
    from baccarat.fair.seeds import combine_client_seeds

    seeds = ["7f3a", "q42", "my own seed"]
    combined = combine_client_seeds(seeds)
    common = ["verify", "--server-seed", SEED, "--shoe", "1", "--decks", "1", "--json"]
    code, out, _ = run(capsys, *common, *(f"--contribution={seed}" for seed in reversed(seeds)))
    assert code == 0
    by_contributions = json.loads(out)
    code, out, _ = run(capsys, *common, "--client-seed", combined)
    assert code == 0
    assert json.loads(out) == by_contributions
    assert by_contributions["client_seed"] == combined


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (
            ["--client-seed", "x", "--contribution", "y"],
            "--client-seed or --contribution, not both",
        ),
        ([], "give --client-seed or --contribution"),
    ],
)
def test_one_client_seed_or_the_contributions(
    capsys: pytest.CaptureFixture[str], options: list[str], said: str
) -> None:
    code, out, err = run(capsys, "verify", "--server-seed", SEED, "--shoe", "1", *options)
    assert code == 2 and out == ""
    assert said in err and err.count("\n") == 1


@pytest.mark.parametrize("columns", ["80", None])
@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_every_value_starts_at_column_14_in_every_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    language: str,
    columns: str | None,
) -> None:
    # A label wider than its column (vi "Hạt giống máy chủ") takes a line of its own, and a
    # value that wraps (the commitment's note at 80 columns) goes on in the values' column.
    monkeypatch.delenv("COLUMNS", raising=False)
    if columns:
        monkeypatch.setenv("COLUMNS", columns)
    code, out, _ = run(capsys, *BASE, "--lang", language)
    assert code == 0
    lines = out.splitlines()
    for value in (SEED, repr(CLIENT), commitment(SEED)):
        (line,) = [line for line in lines if value in line]
        assert line.index(value) == 13 and line[12] == " ", (language, line)
    after = lines.index(next(line for line in lines if commitment(SEED) in line)) + 1
    order = next(n for n, line in enumerate(lines) if line.startswith("     1  "))
    for line in lines[after : order - 1]:  # the note's rest, the check, up to the order's label
        assert line.startswith(" " * 13) and line[13] != " ", (language, line)
    if columns:
        assert max(len(line) for line in lines) <= 80, language
