"""Issue 21, the limits that did not hold and the log-ins that were not throttled: each attack
as the audit ran it, and the refusal it now gets."""

from __future__ import annotations

import math
import os
import subprocess
import time
import warnings
from datetime import datetime, timedelta
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from baccarat.ledger import playsessions
from baccarat.ledger.errors import LedgerError
from baccarat.store.models import utcnow
from baccarat.web.context import SESSION_COOKIE
from support.served import serve_process

from .conftest import Browser, deal, player_of, started_ago, table_id

PASSWORD = "correct horse battery"


class Clock:
    """The application's clock, moved by the test (whole seconds from a fixed start)."""

    def __init__(self) -> None:
        self.now = utcnow().replace(microsecond=0)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock(app: FastAPI) -> Clock:
    clock = Clock()
    app.state.service.clock = clock
    return clock


def _account(app: FastAPI, name: str = "alice") -> TestClient:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    answer = browser.post("/api/account/register", json={"username": name, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return browser


def _log_in(app: FastAPI, name: str = "alice", password: str = PASSWORD) -> TestClient:
    browser = Browser(app)
    answer = browser.post("/api/account/login", json={"username": name, "password": password})
    assert answer.status_code == 200, answer.text
    return browser


def _session_limit(client: TestClient, minutes: int) -> None:
    body = {"reality_check_minutes": 60, "session_limit_minutes": minutes}
    assert client.put("/api/me/limits", json=body).status_code == 200


def test_deleting_the_session_cookie_no_longer_resets_the_session_limit(
    app: FastAPI, clock: Clock
) -> None:
    # The audit: after a 403 session_limit, deleting baccarat_session let the next deal through.
    browser = _account(app)
    _session_limit(browser, 30)
    table = table_id(browser)
    assert deal(browser, table, {"banker": 5}).status_code == 200
    clock.advance(minutes=10)
    assert deal(browser, table, {"banker": 5}).status_code == 200
    clock.advance(minutes=21)  # 31 minutes into the play session, the last coup 21 ago
    refused = deal(browser, table, {"banker": 5})
    assert refused.status_code == 403 and refused.json()["code"] == "session_limit"
    browser.cookies.delete(SESSION_COOKIE)
    browser.cookies.set(SESSION_COOKIE, "forged-start")
    assert deal(browser, table, {"banker": 5}).json()["code"] == "session_limit"
    # A second browser (logged in afresh) and the bare API carry on the same play session.
    other = _log_in(app)
    assert deal(other, table, {"banker": 5}).json()["code"] == "session_limit"
    # Ending the session is a break, not a way round: the next waits out the idle time.
    assert other.post("/api/me/play-session/end").status_code == 200
    on_break = deal(other, table, {"banker": 5})
    assert on_break.status_code == 403 and on_break.json()["code"] == "play_break"
    clock.advance(minutes=8)  # 29 minutes since the last coup: still the break
    assert deal(browser, table, {"banker": 5}).json()["code"] == "play_break"
    clock.advance(minutes=2)
    assert deal(browser, table, {"banker": 5}).status_code == 200
    started = browser.get("/api/me/limits").json()["play_session"]["started"]
    assert datetime.fromisoformat(started) == clock.now


def test_a_play_session_idles_out_and_a_new_one_starts(app: FastAPI, clock: Clock) -> None:
    browser = _account(app)
    table = table_id(browser)
    assert browser.get("/api/me/limits").json()["play_session"]["started"] is None
    assert deal(browser, table, {"banker": 5}).status_code == 200
    first = browser.get("/api/me/limits").json()["play_session"]
    assert first["idle_minutes"] == 30
    clock.advance(minutes=29)
    assert deal(browser, table, {"banker": 5}).status_code == 200
    clock.advance(minutes=29)
    assert browser.get("/api/me/limits").json()["play_session"] == first
    clock.advance(minutes=2)  # 31 minutes without a coup: ended
    assert browser.get("/api/me/limits").json()["play_session"]["started"] is None
    assert deal(browser, table, {"banker": 5}).status_code == 200
    assert browser.get("/api/me/limits").json()["play_session"]["started"] == clock.now.isoformat()


def test_the_session_clock_on_the_page_is_the_servers(app: FastAPI, player: TestClient) -> None:
    started_ago(app, player, 45)
    player.cookies.delete(SESSION_COOKIE)
    with app.state.store.reading() as db:
        record = playsessions.latest(db, player_of(app, player))
    assert record is not None
    page = player.get("/table").text
    assert f'data-started="{int(record.started_at.timestamp() * 1000)}"' in page
    assert SESSION_COOKIE not in player.get("/table").headers.get("set-cookie", "")


def test_the_break_page_ends_the_play_session(app: FastAPI, player: TestClient) -> None:
    assert deal(player, table_id(player), {"banker": 5}).status_code == 200
    page = player.get("/break").text
    assert 'action="/play-session/end"' in page
    ended = player.post("/play-session/end", follow_redirects=False)
    assert ended.status_code == 303
    assert player.get("/api/me/limits").json()["play_session"]["started"] is None


def test_weak_and_common_passwords_are_refused(player: TestClient) -> None:
    for password, code in (
        ("1111111111", "guessable_password"),
        ("password123", "common_password"),
        ("qwertyuiop", "common_password"),
        ("abcdefghij", "guessable_password"),
        ("0123456789", "guessable_password"),
    ):
        body = {"username": "bob", "password": password}
        answer = player.post("/api/account/register", json=body)
        assert answer.status_code == 422, (password, answer.text)
        assert answer.json()["code"] == code, (password, answer.json())
    page = player.post("/account/register", data={"username": "bob", "password": "1111111111"})
    assert page.status_code == 422 and "too easy to guess" in page.text


def test_the_username_counts_as_known_to_a_guesser(player: TestClient) -> None:
    answer = player.post(
        "/api/account/register", json={"username": "margaretha", "password": "margaretha1"}
    )
    assert answer.status_code == 422 and answer.json()["code"] == "guessable_password"


def test_failed_log_ins_back_off_per_account_whatever_the_address(
    app: FastAPI, clock: Clock
) -> None:
    _account(app)
    service = app.state.service
    answers = []
    for n in range(12):  # each guess from another address: the account's counter still counts
        try:
            service.log_in("alice", f"guess {n}", f"10.0.{n}.1")
        except LedgerError as exc:
            answers.append(exc.code)
    assert answers[:5] == ["bad_credentials"] * 5
    assert answers[5] == "bad_credentials"  # the sixth is checked, and starts the back-off
    assert set(answers[6:]) == {"login_throttled"}
    # During the back-off even the right password is not checked.
    browser = Browser(app)
    refused = browser.post("/api/account/login", json={"username": "alice", "password": PASSWORD})
    assert refused.status_code == 429 and refused.json()["code"] == "login_throttled"
    assert int(refused.headers["Retry-After"]) >= 1
    # Each further failure doubles the wait: 1 s after the sixth, 2 s after the seventh …
    clock.advance(seconds=1)
    with pytest.raises(LedgerError, match="the username or the password"):
        service.log_in("alice", "guess again", "10.9.9.9")
    clock.advance(seconds=1)
    with pytest.raises(LedgerError, match="wait 1 s"):
        service.log_in("alice", PASSWORD, "10.9.9.9")
    clock.advance(seconds=1)
    ok = browser.post("/api/account/login", json={"username": "alice", "password": PASSWORD})
    assert ok.status_code == 200, ok.text
    # A success clears the account's counter: five free failures again.
    for n in range(5):
        with pytest.raises(LedgerError, match="the username or the password"):
            service.log_in("alice", f"later {n}", "10.8.8.8")


def test_failed_log_ins_back_off_per_address_whatever_the_account(
    app: FastAPI, clock: Clock
) -> None:
    service = app.state.service
    codes = []
    for n in range(30):  # a different name each time, from one address
        try:
            service.log_in(f"name{n}", "a wrong password", "192.0.2.7")
        except LedgerError as exc:
            codes.append(exc.code)
    assert codes[:21] == ["bad_credentials"] * 21
    assert set(codes[21:]) == {"login_throttled"}
    with pytest.raises(LedgerError, match="the username or the password"):
        service.log_in("name0", "a wrong password", "192.0.2.8")  # another address: its own


def test_the_api_log_in_is_throttled_for_its_address(app: FastAPI, clock: Clock) -> None:
    # The service's clock stands still: a block cannot run out while a slow machine hashes.
    browser = Browser(app)
    statuses = [
        browser.post(
            "/api/account/login",
            json={"username": f"u{n}x", "password": "not the password"},
            headers={"X-Forwarded-For": f"203.0.113.{n}"},
        ).status_code
        for n in range(30)
    ]
    assert statuses.count(401) <= 21 and 429 in statuses


def test_log_in_sessions_expire_after_30_idle_days(app: FastAPI, clock: Clock) -> None:
    _account(app)
    phone = _log_in(app)
    clock.advance(days=29, hours=23)
    assert phone.get("/api/me").status_code == 200  # used: the idle time starts again
    clock.advance(days=29, hours=23)
    assert phone.get("/api/me").status_code == 200
    clock.advance(days=30, seconds=1)
    gone = phone.get("/api/me")
    assert gone.status_code == 401 and gone.json()["code"] == "gate_required"
    assert phone.get("/table", follow_redirects=False).status_code == 303


def test_log_out_everywhere_ends_every_session(app: FastAPI) -> None:
    laptop = _account(app)
    phone = _log_in(app)
    tablet = _log_in(app)
    answer = phone.post("/api/account/logout-everywhere")
    assert answer.status_code == 200 and answer.json()["sessions_ended"] == 3
    for device in (laptop, phone, tablet):
        assert device.get("/api/me").status_code == 401
    again = _log_in(app)
    assert again.get("/api/me").status_code == 200
    assert 'action="/account/logout-everywhere"' in again.get("/account").text
    assert again.post("/account/logout-everywhere", follow_redirects=False).status_code == 303
    assert again.get("/api/me").status_code == 401


def _serve(tmp_path: Path, *extra: str) -> tuple[subprocess.Popen[bytes], str]:
    env = {**os.environ, "BACCARAT_DATA_DIR": str(tmp_path), "BACCARAT_SECRET_KEY": "t" * 40}
    env.pop("BACCARAT_FORWARDED_ALLOW_IPS", None)
    database = f"sqlite:///{tmp_path / 'serve.sqlite3'}"
    # Started once its start-up line comes: printed when the server answers.
    return serve_process("--database", database, *extra, env=env)


def _guesses(base: str, n: int) -> list[int]:
    statuses = []
    with httpx.Client(base_url=base, timeout=10) as client:
        for i in range(n):
            answer = client.post(
                "/api/account/login",
                json={"username": f"nobody{i}", "password": "a wrong guess"},
                headers={"X-Forwarded-For": f"198.51.100.{i}"},
            )
            statuses.append(answer.status_code)
    return statuses


@pytest.mark.fault  # a `baccarat serve` process
def test_a_fresh_x_forwarded_for_no_longer_bypasses_the_limit(tmp_path: Path) -> None:
    # The audit: 40 of 40 guesses through, each with a new X-Forwarded-For from 127.0.0.1.
    process, base = _serve(tmp_path)
    try:
        began = time.monotonic()
        statuses = _guesses(base, 40)
        elapsed = time.monotonic() - began
    finally:
        process.kill()
        process.wait()
    assert set(statuses) <= {401, 429}
    # One address: 20 free failures, then waits of 1 s, 2 s, 4 s …: however slow the machine,
    # at most one more guess is checked per doubling of the time taken.
    assert statuses.count(401) <= 21 + math.ceil(math.log2(elapsed + 1)), (statuses, elapsed)
    assert statuses.count(429) >= 40 - 21 - math.ceil(math.log2(elapsed + 1))


@pytest.mark.fault  # a `baccarat serve` process
def test_a_configured_proxy_is_believed(tmp_path: Path) -> None:
    process, base = _serve(tmp_path, "--forwarded-allow-ips", "127.0.0.1")
    try:
        statuses = _guesses(base, 25)  # 25 addresses behind the proxy, one guess each
    finally:
        process.kill()
        process.wait()
    assert statuses == [401] * 25, statuses
