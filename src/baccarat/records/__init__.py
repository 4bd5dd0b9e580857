"""JSON records: the one JSON form of each thing the command line prints and the web API answers.

Each document names its form in its first field, ``"schema": "baccarat.<type>/<version>"``
(:mod:`baccarat.records.schema`, whose JSON Schemas ship in ``schemas/``, generated from each
type's shape in :mod:`baccarat.records.shapes`); the coup's form, shared by every command and
the web, is :func:`coup_record`. docs/json.md says how the records are declared and versioned.

>>> from baccarat.core.cards import parse_cards
>>> from baccarat.core.coup import Coup
>>> coup_record(Coup.from_cards(parse_cards("9s 5h Kd Kc")))["schema"]
'baccarat.coup/1'
"""

from baccarat.records.coup import (
    cell_id,
    coup_record,
    dealt_cards,
    hand_record,
    result_text,
    settlement_record,
    step_record,
)
from baccarat.records.schema import SCHEMA_KEY, RecordType, load_schema, tagged

__all__ = [
    "SCHEMA_KEY",
    "RecordType",
    "cell_id",
    "coup_record",
    "dealt_cards",
    "hand_record",
    "load_schema",
    "result_text",
    "settlement_record",
    "step_record",
    "tagged",
]
