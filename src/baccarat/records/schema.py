"""The record types, their names and versions, and their JSON Schemas (draft 2020-12).

Every JSON document the command line prints and every body the web API answers with a success
is an object whose first field, ``schema``, names its record type and the version of its form:
``"schema": "baccarat.<type>/<version>"``. A record nested in another (a coup in a deal, the
coups of a verification) carries its own. The version is a whole number, raised by one when a
field is removed or renamed or changes its type or meaning; a new field, which a reader may
ignore, keeps it. The schema of each type ships as ``schemas/<type>.json`` (``schemas/defs.json``
holds the pieces they share), generated from the type's shape in :mod:`baccarat.records.shapes`
(``make schemas``).

>>> RecordType.COUP.tag
'baccarat.coup/1'
>>> tagged(RecordType.ROADS, {"bead_plate": []})
{'schema': 'baccarat.roads/1', 'bead_plate': []}
>>> RecordType.of_tag("baccarat.quiz.round/1")
<RecordType.QUIZ_ROUND: 'quiz.round'>
>>> load_schema(RecordType.COUP)["$id"]
'https://baccarat.example/schemas/coup.json'
"""

from __future__ import annotations

import json
from collections.abc import Iterator, Mapping
from enum import StrEnum
from importlib.resources import files
from importlib.resources.abc import Traversable
from typing import Any, Final

__all__ = [
    "SCHEMA_BASE",
    "SCHEMA_KEY",
    "VERSIONS",
    "RecordType",
    "load_schema",
    "schema_documents",
    "tagged",
]

SCHEMA_KEY: Final = "schema"
"""The field that names a document's record type and version."""
SCHEMA_BASE = "https://baccarat.example/schemas/"
"""The base of every schema's ``$id`` (a reserved domain: the schemas are read from the
package, never fetched); ``$ref`` between the files are relative to it."""


class RecordType(StrEnum):
    """A kind of JSON document: ``value`` is its name in the tag and in its schema's file name."""

    COUP = "coup"
    ROADS = "roads"
    QUIZ_ROUND = "quiz.round"
    QUIZ_HEATMAP = "quiz.heatmap"
    RULE_SETS = "rule-sets"
    TABLEAU = "tableau"
    ODDS = "odds"
    ODDS_EOR = "odds.eor"
    PAR_SHEET = "par-sheet"
    SIMULATION = "simulation"
    SOLVE_CHEMIN_DE_FER = "solve.chemin-de-fer"
    SOLVE_BANQUE = "solve.banque"
    LEDGER_CHECK = "ledger.check"
    LEDGER_EXPORT = "ledger.export"
    LEDGER_IMPORT = "ledger.import"
    VERIFICATION = "verification"
    SERVE = "serve"
    API_SESSION = "api.session"
    API_ME = "api.me"
    API_PLAYER = "api.player"
    API_RULE_SETS = "api.rule-sets"
    API_TABLE = "api.table"
    API_DEAL = "api.deal"
    API_SHOES = "api.shoes"
    API_VERIFICATION = "api.verification"
    API_ROADS = "api.roads"
    API_ODDS = "api.odds"
    API_COUP = "api.coup"
    API_HISTORY = "api.history"
    API_ACCOUNT = "api.account"
    API_LOGGED_OUT = "api.logged-out"
    API_PASSWORD_CHANGED = "api.password-changed"
    API_LIMITS = "api.limits"
    API_ROOMS = "api.rooms"
    API_ROOM = "api.room"
    API_ROOM_BETS = "api.room-bets"
    COUNT = "count"
    SYSTEMS = "systems"
    RUIN = "ruin"
    COUNT_SWEEP = "count.sweep"

    @property
    def version(self) -> int:
        return VERSIONS[self]

    @property
    def tag(self) -> str:
        """The value of the ``schema`` field: ``baccarat.<type>/<version>``."""
        return f"baccarat.{self.value}/{self.version}"

    @property
    def file_name(self) -> str:
        return f"{self.value}.json"

    @classmethod
    def of_tag(cls, tag: str) -> RecordType:
        """The record type a tag names, at its current version (else :class:`ValueError`)."""
        for kind in cls:
            if kind.tag == tag:
                return kind
        raise ValueError(f"no record type is tagged {tag!r}")


VERSIONS: Mapping[RecordType, int] = dict.fromkeys(RecordType, 1) | {
    # 2: one form for both, keyed by bet id, every figure a float and an exact fraction.
    RecordType.ODDS: 2,
    RecordType.PAR_SHEET: 2,
    # 2: no markup in a JSON answer; the table page's growth is its own answer (text/html).
    RecordType.API_DEAL: 2,
    # 2: the roads as data (the baccarat.roads record), not SVG.
    RecordType.API_ROADS: 2,
}
"""The current version of each record type's form."""


def tagged(kind: RecordType, record: Mapping[str, Any]) -> dict[str, Any]:
    """``record`` with its ``schema`` field first (any ``schema`` it had is replaced)."""
    return {SCHEMA_KEY: kind.tag, **{k: v for k, v in record.items() if k != SCHEMA_KEY}}


def _folder() -> Traversable:
    return files("baccarat.records") / "schemas"


def load_schema(kind: RecordType | str) -> dict[str, Any]:
    """The JSON Schema of a record type (or of ``defs``, the shared pieces), as data."""
    name = kind.file_name if isinstance(kind, RecordType) else f"{kind}.json"
    schema: dict[str, Any] = json.loads((_folder() / name).read_text(encoding="utf-8"))
    return schema


def schema_documents() -> Iterator[dict[str, Any]]:
    """Every schema file of the package (one per record type, and ``defs``)."""
    for entry in sorted(_folder().iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".json"):
            yield json.loads(entry.read_text(encoding="utf-8"))
