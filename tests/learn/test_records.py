"""JSON forms of rounds and heatmaps."""

from __future__ import annotations

import json
import random

from baccarat.learn.cells import Cell
from baccarat.learn.heatmap import heatmap
from baccarat.learn.progress import CellRecord, Progress
from baccarat.learn.quiz import Mode, build_round
from baccarat.learn.records import heatmap_record, round_record
from baccarat.learn.text import SOURCE
from baccarat.records import coup_record


def test_a_round_record_carries_the_answers_and_the_rules() -> None:
    round_ = build_round(Mode.NORMAL, random.Random(11))
    record = json.loads(json.dumps(round_record(round_, SOURCE)))
    assert (record["mode"], record["size"], record["time_limit"]) == ("normal", 12, None)
    for situation, data in zip(round_.situations, record["situations"], strict=True):
        assert data["focus"] == situation.focus.key
        assert data["coup"] == coup_record(situation.coup)  # the one record of a coup
        assert data["coup"]["player"]["cards"] == [str(c) for c in situation.coup.player.cards]
        assert data["coup"]["player"]["two_card_total"] == situation.coup.player.two_card_total
        assert [q["side"] for q in data["questions"]] == ["player", "banker"]
        for question, q in zip(situation.questions, data["questions"], strict=True):
            assert q["answer"] == question.step.action.value
            assert q["reason"] == question.step.reason.value
            assert q["cell"] == question.cell.key
            assert q["explanation"].endswith(".")


def test_a_heatmap_record_is_the_table_of_cells() -> None:
    progress = Progress([CellRecord(Cell.banker(4, 1), right=1, wrong=2, box=1, due=0.0)])
    record = heatmap_record(heatmap(progress, now=1.0))
    assert len(record["banker"]) == 8
    cell = record["banker"][4]["cells"][1]
    assert cell == {"cell": "banker:4:1", "action": "stand", "right": 1, "wrong": 2,
                    "accuracy": 0.3333, "box": 1, "due": True}  # fmt: skip
    assert record["banker"][4]["stood"]["cell"] == "banker:4:stood"
    assert (record["right"], record["wrong"]) == (1, 2)
