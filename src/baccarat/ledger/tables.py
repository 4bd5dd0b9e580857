"""Tables, their shoes and their coups, as stored: open a table, shuffle and restore shoes, record coups.

A shoe is stored as its card order and the number of coups dealt from it. Restoring it replays
those coups with the engine (:meth:`Shoe.from_order` then :meth:`Shoe.deal_coup`), so the stored
position can never disagree with the engine's idea of it; the live state
(:mod:`baccarat.ledger.live`) keeps the :class:`~baccarat.core.shoe.Shoe` between requests so the
replay happens only after a restart.
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import Table, bindparam, insert, select, update
from sqlalchemy.orm import Session
from sqlalchemy.orm.attributes import set_committed_value

from baccarat.core.cards import Card, full_deck
from baccarat.core.coup import Coup
from baccarat.core.rulefile import rule_set_from_toml, rule_set_to_toml
from baccarat.core.rules import RuleSet, get_rule_set
from baccarat.core.shoe import Shoe, ShoeRules
from baccarat.fair import commitment, fair_order, new_server_seed
from baccarat.ledger.errors import LedgerError
from baccarat.ledger.views import CoupView
from baccarat.store.models import CoupRecord, ShoeRecord, TableRecord, is_record_id

__all__ = [
    "FAIR_SCHEME",
    "advance_shoe",
    "awaiting_contribution",
    "contribute",
    "coups_of_shoe",
    "current_shoe",
    "current_table",
    "decode_cards",
    "encode_cards",
    "get_table",
    "new_shoe",
    "next_shoe",
    "open_table",
    "record_coup",
    "rule_set_from_text",
    "rule_set_of",
    "shoe_by_number",
    "shoe_rules",
    "shown_shoe",
    "table_and_shoe",
]

_CARD_BY_TEXT: dict[str, Card] = {str(card): card for card in full_deck()}
FAIR_SCHEME = 2
"""The provably fair scheme of every new shoe: the order is computed from the player's
contribution, chosen after the commitment was shown (1: shoes from before, whose client seed was
known when their server seed was drawn)."""
_COUPS: Table = CoupRecord.__table__  # type: ignore[assignment]


def encode_cards(cards: Sequence[Card]) -> str:
    """Cards as a compact string, two characters each.

    >>> from baccarat.core.cards import parse_cards
    >>> encode_cards(parse_cards("Ks 10h 9d"))
    'KsTh9d'
    """
    return "".join(str(card) for card in cards)


def decode_cards(text: str) -> tuple[Card, ...]:
    """The inverse of :func:`encode_cards` (a stored, trusted string).

    >>> decode_cards("KsTh9d")
    (Card.parse('Ks'), Card.parse('Th'), Card.parse('9d'))
    """
    return tuple(_CARD_BY_TEXT[text[i : i + 2]] for i in range(0, len(text), 2))


def open_table(
    session: Session,
    player_id: str | None,
    rule_set: RuleSet,
    decks: int,
    rng: random.Random | None,
    now: datetime,
) -> TableRecord:
    """A new table for the player (it becomes the current one), with its first shoe shuffled;
    with no player, a room's table (:mod:`baccarat.ledger.rooms`).

    The table keeps ``rule_set`` as TOML, so it plays and checks by it whatever happens later
    to the file it came from (:func:`rule_set_of`)."""
    rules = ShoeRules(decks=decks)  # validates the deck count before anything is written
    table = TableRecord(
        player_id=player_id,
        rule_set=rule_set.name,
        decks=decks,
        created_at=now,
        rules_toml=rule_set_to_toml(rule_set),
    )
    session.add(table)
    session.flush()
    new_shoe(session, table, rules, 1, rng, now)
    return table


def rule_set_of(table: TableRecord) -> RuleSet:
    """The rule set a table was opened with (its TOML; for an older table, the built-in one)."""
    return rule_set_from_text(table.rules_toml, table.rule_set)


@functools.lru_cache(maxsize=256)
def rule_set_from_text(text: str | None, name: str) -> RuleSet:
    """A table's rule set from its TOML (kept: every deal of a table reads it), or the built-in
    one called ``name`` when there is no text."""
    return get_rule_set(name) if text is None else rule_set_from_toml(text)


def get_table(session: Session, player_id: str, table_id: int) -> TableRecord:
    """The player's table ``table_id``; another player's table is reported as not found."""
    table = session.get(TableRecord, table_id) if is_record_id(table_id) else None
    if table is None or table.player_id != player_id:
        raise LedgerError("not_found", what="table", key=table_id)
    return table


def current_table(session: Session, player_id: str) -> TableRecord | None:
    """The table the player opened last, if any."""
    return session.scalars(
        select(TableRecord)
        .where(TableRecord.player_id == player_id)
        .order_by(TableRecord.id.desc())
        .limit(1)
    ).first()


def shoe_rules(record: ShoeRecord) -> ShoeRules:
    return ShoeRules(
        decks=record.decks,
        cut_card=record.cut_card,
        burn=record.burn,
        one_more_coup=record.one_more_coup,
    )


def new_shoe(
    session: Session,
    table: TableRecord,
    rules: ShoeRules,
    number: int,
    rng: random.Random | None,
    now: datetime,
) -> ShoeRecord:
    """Draw the server seed of shoe ``number`` of ``table`` and store its commitment: a provably
    fair shoe of scheme 2, whose order waits for the player's contribution (:func:`contribute`).

    The server seed comes from the OS CSPRNG; ``rng`` (a seeded demo or test) draws it instead, so
    a seeded run is reproducible. No client seed is drawn or carried on: the server never knows
    the order before the player has chosen their part of it.
    """
    seeded = rng.getrandbits(256).to_bytes(32, "big").hex() if rng is not None else None
    server_seed = seeded or new_server_seed()
    record = ShoeRecord(
        table_id=table.id,
        number=number,
        decks=rules.decks,
        cut_card=rules.cut_card,
        burn=rules.burn,
        one_more_coup=rules.one_more_coup,
        card_order="",
        server_seed=server_seed,
        client_seed=None,
        commitment=commitment(server_seed),
        fair_scheme=FAIR_SCHEME,
        committed_at=now,
        coups_dealt=0,
        finished=False,
        created_at=now,
    )
    session.add(record)
    session.flush()
    return record


def next_shoe(
    session: Session,
    table: TableRecord,
    record: ShoeRecord,
    rng: random.Random | None,
    now: datetime,
) -> ShoeRecord:
    """Draw and commit to the shoe after ``record``, with its rules: the one place a table's next
    shoe is started (when a coup ends a shoe, or later for a shoe that ended without one). Its
    order waits for the player's contribution."""
    return new_shoe(session, table, shoe_rules(record), record.number + 1, rng, now)


def awaiting_contribution(record: ShoeRecord) -> bool:
    """Whether the shoe waits for the player's client seed before its first card."""
    return record.client_seed is None and record.server_seed is not None


def contribute(record: ShoeRecord, client_seed: str, now: datetime) -> None:
    """The player's contribution to a shoe not dealt from yet: its order is computed now.

    The caller checks that no coup was dealt (and holds the player's lock); the seed is checked
    by :func:`baccarat.fair.check_client_seed`. A shoe of the old scheme not dealt from yet
    becomes one of scheme 2: its commitment was shown from its creation.
    """
    if record.coups_dealt != 0 or record.server_seed is None:
        raise AssertionError(f"shoe {record.id} cannot take a contribution")
    if record.committed_at is None:
        record.committed_at = record.created_at
    record.fair_scheme = FAIR_SCHEME
    record.client_seed = client_seed
    record.contributed_at = now
    record.card_order = encode_cards(
        fair_order(record.server_seed, client_seed, record.number, shoe_rules(record))
    )


def table_and_shoe(
    session: Session, player_id: str, table_id: int
) -> tuple[TableRecord, ShoeRecord]:
    """:func:`get_table` and its :func:`current_shoe` in one query (what every deal reads)."""
    row = (
        session.execute(_TABLE_AND_SHOE, {"table_id": table_id, "player_id": player_id}).first()
        if is_record_id(table_id)
        else None
    )
    if row is None:
        raise LedgerError("not_found", what="table", key=table_id)
    if row[1] is None:
        raise LedgerError("not_found", what="shoe of table", key=table_id)
    return row[0], row[1]


def current_shoe(session: Session, table_id: int) -> ShoeRecord:
    """The table's latest shoe (possibly finished: the next deal shuffles a new one)."""
    record = session.scalars(
        select(ShoeRecord)
        .where(ShoeRecord.table_id == table_id)
        .order_by(ShoeRecord.number.desc())
        .limit(1)
    ).first()
    if record is None:
        raise LedgerError("not_found", what="shoe of table", key=table_id)
    return record


def shoe_by_number(session: Session, table_id: int, number: int) -> ShoeRecord | None:
    """Shoe ``number`` of the table, if there is one."""
    return session.scalars(
        select(ShoeRecord).where(ShoeRecord.table_id == table_id, ShoeRecord.number == number)
    ).first()


def shown_shoe(session: Session, latest: ShoeRecord) -> ShoeRecord:
    """The shoe a table shows when ``latest`` is its latest shoe.

    The next shoe is shuffled and committed to as soon as the last one ends; until its first coup
    the table still shows the shoe that ended (its roads, its counts).
    """
    if latest.coups_dealt == 0 and latest.number > 1:
        ended = shoe_by_number(session, latest.table_id, latest.number - 1)
        if ended is not None:
            return ended
    return latest


def advance_shoe(session: Session, record: ShoeRecord, shoe: Shoe) -> None:
    """Store that one more coup was dealt from ``record``, only if nobody else did first.

    The ``WHERE coups_dealt = old`` makes two deals racing at one table commit at most once: the
    loser updates no row and gets ``table_busy`` (its transaction then rolls back).
    """
    old = record.coups_dealt
    if shoe.coups_dealt != old + 1:
        raise AssertionError(f"shoe at {shoe.coups_dealt} coups, record at {old}")
    result = session.execute(
        _ADVANCE_SHOE, {"shoe_id": record.id, "old": old, "new": old + 1, "done": shoe.finished}
    )
    if getattr(result, "rowcount", 1) != 1:
        raise LedgerError("table_busy", table=record.table_id)
    # The row is written above: set the loaded record to match without marking it changed, or
    # the flush would send a second UPDATE of the same columns.
    set_committed_value(record, "coups_dealt", old + 1)
    set_committed_value(record, "finished", shoe.finished)


def record_coup(
    session: Session,
    table: TableRecord,
    shoe: ShoeRecord,
    coup: Coup,
    rule_set: RuleSet,
    now: datetime,
) -> CoupView:
    """Store a coup just dealt from ``shoe`` (its number is the shoe's new coup count), its cards
    as :func:`encode_cards` writes them; the coup as a view, with no settlement yet (whose
    settlement it carries is the caller's to say: one player's at a private table, none in a
    room's event).

    A Core INSERT: a deal never reads the coup back as a record, so none is built.
    """
    coup_id: int = session.execute(
        _INSERT_COUP,
        {
            "table_id": table.id,
            "shoe_id": shoe.id,
            "number": shoe.coups_dealt,
            "cards": encode_cards(coup.cards_in_order),
            "winner": coup.winner.value,
            "summary_index": coup.summary.index,
            "pair_index": coup.pairs.index,
            "created_at": now,
        },
    ).scalar_one()
    return CoupView(
        id=coup_id,
        table_id=table.id,
        shoe_number=shoe.number,
        number=shoe.coups_dealt,
        rule_set=rule_set,
        coup=coup,
        settlement=None,
        created_at=now,
        decks=table.decks,
    )


def coups_of_shoe(session: Session, shoe_id: int) -> list[CoupRecord]:
    """The coups dealt from a shoe, in order."""
    return list(
        session.scalars(
            select(CoupRecord).where(CoupRecord.shoe_id == shoe_id).order_by(CoupRecord.number)
        )
    )


# The statements every deal runs, built once (building and keying one costs more Python than
# executing it); the values are bound per call.
_SHOES: Table = ShoeRecord.__table__  # type: ignore[assignment]
_TABLE_AND_SHOE = (
    select(TableRecord, ShoeRecord)
    .outerjoin(ShoeRecord, ShoeRecord.table_id == TableRecord.id)
    .where(TableRecord.id == bindparam("table_id"), TableRecord.player_id == bindparam("player_id"))
    .order_by(ShoeRecord.number.desc())
    .limit(1)
)
_ADVANCE_SHOE = (
    update(_SHOES)
    .where(_SHOES.c.id == bindparam("shoe_id"), _SHOES.c.coups_dealt == bindparam("old"))
    .values(coups_dealt=bindparam("new"), finished=bindparam("done"))
)
_INSERT_COUP = insert(_COUPS).returning(_COUPS.c.id)
