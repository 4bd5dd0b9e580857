"""Rule sets from a folder of TOML files: checked once, refused with file and line, and each table
keeps the rule set it was opened with when a file later changes."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from baccarat.core.cards import parse_cards
from baccarat.core.coup import Coup
from baccarat.core.rules import RULE_SETS
from baccarat.core.settle import settle
from baccarat.ledger import tables
from baccarat.ledger.rulesets import RulesDirError, offered_rule_sets, read_rules_dir
from baccarat.store.db import Store
from support.fair import ContributingService

GOOD = """\
name = "red-table"
title = "Red table"
extends = "punto-banco"
offers = ["player", "banker", "tie", "red"]

[bets.red]
title = "All Red"
rules = [{ when = { all_colour = "red" }, pays = "24:1" }]
"""


def test_a_folder_adds_its_tables_after_the_built_in_ones(tmp_path: Path) -> None:
    (tmp_path / "red.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "notes.txt").write_text("not a rule set", encoding="utf-8")
    offered = offered_rule_sets(tmp_path)
    assert list(offered) == [*RULE_SETS, "red-table"]
    assert offered["red-table"].bet("red").signature is not None


@pytest.mark.parametrize(
    ("text", "line", "message"),
    [
        ("name = \n", 1, "malformed TOML"),
        (GOOD.replace('"red" }', '"green" }'), 8, "all_colour cannot be 'green'"),
        (GOOD.replace('"tie", "red"', '"tie", "lucky"'), 4, "offers unknown bet 'lucky'"),
        (GOOD.replace("red-table", "tiger"), 1, "is the name of a built-in rule set"),
        ('name = "chemin"\nextends = "chemin-de-fer"\n', 1, "leaves the hands a choice"),
    ],
)
def test_a_bad_file_is_named_with_its_line(
    tmp_path: Path, text: str, line: int, message: str
) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RulesDirError) as error:
        read_rules_dir(tmp_path)
    assert str(error.value).startswith(f"{path}:{line}: ")
    assert message in str(error.value)


def test_two_files_may_not_name_the_same_table(tmp_path: Path) -> None:
    (tmp_path / "a.toml").write_text(GOOD, encoding="utf-8")
    (tmp_path / "b.toml").write_text(GOOD, encoding="utf-8")
    with pytest.raises(
        RulesDirError, match=r"b\.toml:1: rule set 'red-table' is also the rule set"
    ):
        read_rules_dir(tmp_path)
    with pytest.raises(RulesDirError, match="cannot read the rules directory"):
        read_rules_dir(tmp_path / "missing")


def test_a_table_keeps_the_rule_set_it_was_opened_with(tmp_path: Path) -> None:
    (tmp_path / "red.toml").write_text(GOOD, encoding="utf-8")
    store = Store.open("sqlite://")
    service = ContributingService(
        store, rng=random.Random(1), rule_sets=offered_rule_sets(tmp_path)
    )
    player = service.join().player_id
    view = service.open_table(player, "red-table", 8)
    # The file changes: the red bet now pays 30:1. The open table still pays 24:1.
    (tmp_path / "red.toml").write_text(GOOD.replace("24:1", "30:1"), encoding="utf-8")
    later = ContributingService(store, rule_sets=offered_rule_sets(tmp_path))
    with store.reading() as db:
        record = tables.get_table(db, player, view.id)
        kept = tables.rule_set_of(record)
    coup = Coup.from_cards(parse_cards("5h 5d 3h 3d"))
    assert settle(coup, {"red": 100}, kept).bets[0].net == 2400
    assert later.rule_sets["red-table"].bet("red").top_pay == 30
    assert later.table(player, view.id).rule_set.bet("red").top_pay == 24
    store.close()
