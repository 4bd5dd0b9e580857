"""The shape of every record: one ``TypedDict`` per record type, declared once, from which the
JSON Schemas in ``schemas/`` are generated (:mod:`baccarat.records.generate`) and with which
the web API documents its answers (``/openapi.json``).

A record's shape is a :func:`~baccarat.records.declare.shape` whose ``schema`` field carries
the record's :class:`~baccarat.records.declare.Tag`; :data:`RECORDS` lists one per record type,
:data:`SHARED` the pieces that ``defs.json`` holds for every schema file. The modules group the
shapes by who writes them: :mod:`.coup`, :mod:`.tables` (roads, quiz, rule sets, tableau),
:mod:`.odds`, :mod:`.lab`, :mod:`.checks` (verification, ledger check), :mod:`.archives`
(ledger export and import), :mod:`.web` and
:mod:`.api` (the practice table), :mod:`.rooms` (its shared tables). Importing them needs no pydantic.

>>> record_type(CoupRecord)
<RecordType.COUP: 'coup'>
>>> shape_of(RecordType.API_DEAL).__name__
'ApiDeal'
"""

from __future__ import annotations

from typing import Annotated, get_args, get_origin, get_type_hints

from baccarat.records.declare import Tag
from baccarat.records.schema import SCHEMA_KEY, RecordType
from baccarat.records.shapes import common, odds, web
from baccarat.records.shapes.api import (
    ApiAccount,
    ApiCoup,
    ApiDeal,
    ApiHistory,
    ApiLimits,
    ApiLoggedOut,
    ApiMe,
    ApiOdds,
    ApiPasswordChanged,
    ApiPlayer,
    ApiRoads,
    ApiRuleSets,
    ApiSession,
    ApiShoes,
    ApiTable,
    ApiVerification,
    ServeRecord,
)
from baccarat.records.shapes.archives import LedgerExportRecord, LedgerImportRecord
from baccarat.records.shapes.checks import LedgerCheckRecord, VerificationRecord
from baccarat.records.shapes.coup import CoupRecord
from baccarat.records.shapes.lab import (
    CountRecord,
    CountSweepRecord,
    SolveBanqueRecord,
    SolveCheminDeFerRecord,
    SystemsRecord,
)
from baccarat.records.shapes.odds import (
    OddsEorRecord,
    OddsRecord,
    ParSheetRecord,
    SimulationRecord,
)
from baccarat.records.shapes.rooms import ApiRoom, ApiRoomBets, ApiRooms
from baccarat.records.shapes.ruin import RuinRecord
from baccarat.records.shapes.tables import (
    QuizHeatmapRecord,
    QuizRoundRecord,
    RoadsRecord,
    RuleSetsRecord,
    TableauRecord,
)

__all__ = [
    "RECORDS",
    "SHARED",
    "ApiAccount",
    "ApiCoup",
    "ApiDeal",
    "ApiHistory",
    "ApiLimits",
    "ApiLoggedOut",
    "ApiMe",
    "ApiOdds",
    "ApiPasswordChanged",
    "ApiPlayer",
    "ApiRoads",
    "ApiRoom",
    "ApiRoomBets",
    "ApiRooms",
    "ApiRuleSets",
    "ApiSession",
    "ApiShoes",
    "ApiTable",
    "ApiVerification",
    "CoupRecord",
    "record_type",
    "shape_of",
]

RECORDS: tuple[type, ...] = (
    CoupRecord,
    RoadsRecord,
    QuizRoundRecord,
    QuizHeatmapRecord,
    RuleSetsRecord,
    TableauRecord,
    OddsRecord,
    OddsEorRecord,
    ParSheetRecord,
    SimulationRecord,
    SolveCheminDeFerRecord,
    SolveBanqueRecord,
    LedgerCheckRecord,
    LedgerExportRecord,
    LedgerImportRecord,
    VerificationRecord,
    ServeRecord,
    ApiSession,
    ApiMe,
    ApiPlayer,
    ApiRuleSets,
    ApiTable,
    ApiDeal,
    ApiShoes,
    ApiVerification,
    ApiRoads,
    ApiOdds,
    ApiCoup,
    ApiHistory,
    ApiAccount,
    ApiLoggedOut,
    ApiPasswordChanged,
    ApiLimits,
    ApiRooms,
    ApiRoom,
    ApiRoomBets,
    CountRecord,
    SystemsRecord,
    RuinRecord,
    CountSweepRecord,
)
"""The shape of each record type (its ``schema`` field's tag says which)."""

SHARED: tuple[object, ...] = (
    common.Card,
    common.Side,
    common.Winner,
    common.Action,
    common.Reason,
    common.Points,
    common.Fraction,
    common.Rational,
    common.ExactOrFloat,
    common.Composition,
    common.Timestamp,
    common.Seed,
    common.ShoeRules,
    odds.OutcomeFigures,
    odds.FrequencyFigures,
    odds.ExactAnalysis,
    web.WebCard,
    web.WebPlayer,
    web.WebBet,
    web.WebRuleSet,
    web.RankCounts,
    web.WebShoe,
    web.FairShoe,
    web.WebTable,
)
"""The pieces several records share, which ``defs.json`` holds (with the pieces they hold)."""


def record_type(shape: type) -> RecordType:
    """The record type a shape is the form of: the tag of its ``schema`` field."""
    hint = get_type_hints(shape, include_extras=True).get(SCHEMA_KEY)
    tags = [mark for mark in get_args(hint)[1:] if isinstance(mark, Tag)]
    if get_origin(hint) is not Annotated or len(tags) != 1:
        raise ValueError(f"{shape.__name__} has no {SCHEMA_KEY!r} field with a Tag")
    return tags[0].kind


def shape_of(kind: RecordType) -> type:
    """The shape of a record type."""
    for shape in RECORDS:
        if record_type(shape) is kind:
            return shape
    raise ValueError(f"no shape is the form of {kind.tag}")
