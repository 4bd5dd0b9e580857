"""Rooms across server processes: two ``baccarat serve`` on one PostgreSQL, three rooms, sixty
players sitting, betting and watching over their event streams; the process dealing a room is
killed with SIGKILL in the middle of a window, and the other takes over.

Every client sees every coup of its room once, in order, with the same cards as the database;
no coup is dealt twice or lost; every stake placed in a window is taken and paid by that
window's coup, even the window whose dealer died; the ledger checks clean.
"""

from __future__ import annotations

import os
import signal
import subprocess
import threading
import time
from collections import defaultdict
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import func, select

from baccarat.ledger import tables
from baccarat.ledger.check import check_ledger
from baccarat.ledger.roomdeal import LEASE
from baccarat.ledger.service import PlayService
from baccarat.store.db import Store
from baccarat.store.models import CoupRecord, RoomBet, RoomRecord
from support.databases import shared_database
from support.served import serve_process
from support.sse import SentEvent, events

pytestmark = pytest.mark.fault

ROOMS = 3
PLAYERS = 60
WINDOW = 2
COUPS_BEFORE = 3
COUPS_AFTER = 3
HANG_TIMEOUT = 120
"""Seconds: only a hang trips it, never a slow machine."""


class RoomPlayer:
    """A player of one room: sits (or only watches), listens to the room's events on one
    process, bets in every window it hears of on another; when a process dies, it goes on with
    the other, the stream resumed from the last event it saw."""

    def __init__(self, bases: list[str], room_id: int, index: int, seated: bool) -> None:
        self.bases = bases
        self.room_id = room_id
        self.seated = seated
        self.listen_on = index % 2
        self.bet_on = (index + 1) % 2
        self.client = httpx.Client(base_url=bases[self.bet_on], timeout=30)
        answer = self.client.post("/api/session", json={"adult": True})
        assert answer.status_code == 201, answer.text
        self.client.headers["X-CSRF-Token"] = answer.json()["csrf_token"]
        self.cookies = self.client.cookies
        self.post(f"/api/rooms/{room_id}/seat", {"seated": seated})
        self.seen: list[SentEvent] = []
        self.placed: dict[int, dict[str, str]] = {}
        """Round → the stakes the server confirmed for it."""
        self.late = 0
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self.listen, daemon=True)

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        for _ in range(2):
            try:
                return self.client.post(path, json=body)
            except httpx.TransportError:  # that process was killed: the other one answers
                self.bet_on = 1 - self.bet_on
                self.client.base_url = httpx.URL(self.bases[self.bet_on])
        raise AssertionError(f"no process answered {path}")

    def listen(self) -> None:
        after: int | None = 0  # from the room's first event: the whole history, in order
        while not self.stop.is_set():
            base = self.bases[self.listen_on]
            params = {"after": after} if after == 0 else None
            headers = {"Last-Event-ID": str(after)} if after else {}
            try:
                with httpx.Client(base_url=base, cookies=self.cookies, timeout=30) as client:
                    path = f"/api/rooms/{self.room_id}/events"
                    with client.stream("GET", path, params=params, headers=headers) as response:
                        for event in events(response):
                            self.seen.append(event)
                            after = event.id
                            if event.kind == "window" and self.seated:
                                self.bet(event.data["round"])
                            if self.stop.is_set():
                                return
            except httpx.TransportError:
                self.listen_on = 1 - self.listen_on  # its process died: listen on the other

    def bet(self, round_number: int) -> None:
        side = "banker" if round_number % 2 else "player"
        stakes = {side: str(1 + round_number % 3)}
        answer = self.post(
            f"/api/rooms/{self.room_id}/bets", {"stakes": stakes, "round": round_number}
        )
        if answer.status_code == 409 and answer.json()["code"] == "window_closed":
            self.late += 1  # heard of the window too late (a reconnect): nothing placed
            return
        assert answer.status_code == 200, answer.text
        self.placed[round_number] = answer.json()["bets"]

    def coups(self) -> list[dict[str, Any]]:
        return [event.data for event in self.seen if event.kind == "coup"]


def _serve(url: str, data: Path) -> tuple[subprocess.Popen[bytes], str]:
    env = {
        **os.environ,
        "BACCARAT_DATA_DIR": str(data),
        "BACCARAT_SECRET_KEY": "k" * 40,
        "BACCARAT_RATE_LIMITS": "false",
        "BACCARAT_ROOM_TICK": "0.05",
    }
    return serve_process("--database", url, env=env)


def _wait(condition: Any, what: str) -> None:
    deadline = time.monotonic() + HANG_TIMEOUT
    while not condition():
        assert time.monotonic() < deadline, f"hung waiting for {what}"
        time.sleep(0.05)


def test_two_processes_deal_three_rooms_and_survive_a_killed_dealer(tmp_path: Path) -> None:
    with shared_database("postgresql", tmp_path, "rooms") as url:
        store = Store.open(url)
        service = PlayService(store)
        rooms = [
            service.rooms.create(f"Room {n}", decks=8, window_seconds=WINDOW, reveal_seconds=0).id
            for n in range(ROOMS)
        ]
        processes = [_serve(url, tmp_path / f"p{n}") for n in range(2)]
        bases = [base for _, base in processes]
        players: list[RoomPlayer] = []
        try:
            players = [
                RoomPlayer(bases, rooms[n % ROOMS], n, seated=n % 4 != 3) for n in range(PLAYERS)
            ]
            for player in players:
                player.thread.start()

            def coups_seen(room_id: int) -> int:
                return min(len(p.coups()) for p in players if p.room_id == room_id)

            _wait(lambda: all(coups_seen(r) >= COUPS_BEFORE for r in rooms), "the first coups")
            # The process dealing the first room, killed while its window is open.
            victim_room = rooms[0]

            def mid_window() -> bool:
                with store.reading() as db:
                    room = db.get(RoomRecord, victim_room)
                    assert room is not None
                    if room.phase != "betting" or room.closes_at is None:
                        return False
                    left = (room.closes_at - service.clock()).total_seconds()
                    return WINDOW / 4 < left < WINDOW * 3 / 4

            _wait(mid_window, "an open window")
            with store.reading() as db:
                dealer = db.scalar(select(RoomRecord.dealer).where(RoomRecord.id == victim_room))
            assert dealer is not None
            pid = int(dealer.split(":")[1])
            (victim,) = [p for p, _ in processes if p.pid == pid]
            before = len(_coup_ids(store, victim_room))
            victim.send_signal(signal.SIGKILL)
            killed_at = time.monotonic()
            victim.wait()
            _wait(lambda: len(_coup_ids(store, victim_room)) > before, "the next dealer")
            taken_over = time.monotonic() - killed_at
            assert taken_over < LEASE.total_seconds() + WINDOW + 3, taken_over
            _wait(
                lambda: all(coups_seen(r) >= COUPS_BEFORE + COUPS_AFTER for r in rooms),
                "coups after the kill",
            )
            # No more stakes; once every room has dealt again, every stake placed is settled
            # and each player's balance, as the API answers it, is final.
            for player in players:
                player.seated = False
            settled = {r: len(_coup_ids(store, r)) + 1 for r in rooms}
            _wait(lambda: all(len(_coup_ids(store, r)) > settled[r] for r in rooms), "settling")
            answered = 0
            (survivor,) = [base for process, base in processes if process.poll() is None]
            for player in players:
                me = httpx.get(f"{survivor}/api/me", cookies=player.cookies, timeout=30)
                assert me.status_code == 200, me.text
                answered += int(Decimal(me.json()["player"]["balance"]) * 100)
        finally:
            for player in players:
                player.stop.set()
            for process, _ in processes:
                if process.poll() is None:
                    process.send_signal(signal.SIGTERM)
                    process.wait(timeout=HANG_TIMEOUT)
        # Every window closed, no stake is left waiting for a coup that never came.
        with store.reading() as db:
            left = db.execute(select(RoomBet.room_id, RoomBet.round)).all()
            current = {r.id: r.round for r in db.scalars(select(RoomRecord))}
            assert all(round_number == current[room] for room, round_number in left)
        _check_streams(store, players, rooms)
        report = check_ledger(store)
        assert report.ok, report.discrepancies
        assert report.players == PLAYERS and report.coups >= ROOMS * (COUPS_BEFORE + COUPS_AFTER)
        # Each player's balance is the sum of their ledger (the check), and the API answers it.
        assert sum(report.balances.values()) == answered == PLAYERS * 10_000_00 + _net(store)
        store.close()


def _coup_ids(store: Store, room_id: int) -> list[int]:
    with store.reading() as db:
        table = db.scalar(select(RoomRecord.table_id).where(RoomRecord.id == room_id))
        return list(
            db.scalars(select(CoupRecord.id).where(CoupRecord.table_id == table).order_by("id"))
        )


def _net(store: Store) -> int:
    from baccarat.store.models import Entry

    with store.reading() as db:
        return int(db.scalar(select(func.sum(Entry.amount)).where(Entry.coup_id.is_not(None))) or 0)


def _check_streams(store: Store, players: list[RoomPlayer], rooms: list[int]) -> None:
    """Each client saw every coup of its room once, in order, with the stored cards; and every
    stake a server confirmed was taken by that window's coup."""
    by_room: dict[int, list[RoomPlayer]] = defaultdict(list)
    for player in players:
        by_room[player.room_id].append(player)
    for room_id in rooms:
        stored = _coup_ids(store, room_id)
        with store.reading() as db:
            cards = {
                c.id: c.cards
                for c in db.scalars(select(CoupRecord).where(CoupRecord.id.in_(stored)))
            }
        for player in by_room[room_id]:
            seen = player.coups()
            ids = [coup["coup_id"] for coup in seen]
            assert ids == stored[: len(ids)], (room_id, ids, stored)  # once, in order, none lost
            assert [coup["round"] for coup in seen] == sorted({c["round"] for c in seen})
            for coup in seen:
                assert coup["cards"] == cards[coup["coup_id"]]
                assert len(coup["coup"]["cards"]) == len(tables.decode_cards(coup["cards"]))
            numbers = [event.id for event in player.seen]
            assert numbers == sorted(set(numbers))  # no event twice, none out of order
        dealt_rounds = {c["round"] for p in by_room[room_id] for c in p.coups()}
        for player in by_room[room_id]:
            for round_number in player.placed:
                if round_number in dealt_rounds:
                    with store.reading() as db:
                        waiting = db.scalar(
                            select(func.count())
                            .select_from(RoomBet)
                            .where(RoomBet.room_id == room_id, RoomBet.round == round_number)
                        )
                    assert waiting == 0
