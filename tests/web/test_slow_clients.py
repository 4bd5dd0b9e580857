"""The limits a served process keeps (``baccarat serve`` as a process, with short limits set
through the environment): a request head or body slower than its timeout is cut (408), not
sooner, while other clients are served as usual; a request on one connection too many is
answered 503 at once; with ``--workers`` and metrics on, ``/metrics`` counts every worker's
requests.

Every wait is on an event (the server's answer or its closing of the connection), under a
generous socket timeout that only a hang reaches. The slow clients pace their bytes on the
socket itself: a wait for the server's answer, at most a fifth of a second, between two bytes.
"""

from __future__ import annotations

import json
import os
import select
import socket
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from http.client import HTTPConnection
from pathlib import Path

import httpx
import pytest
from prometheus_client.parser import text_string_to_metric_families

from baccarat.web.bodycap import BODY_TIMEOUT
from baccarat.web.connections import HEADER_TIMEOUT, TOO_MANY_CONNECTIONS
from baccarat.web.metrics import METRICS_PATH, MULTIPROCESS_DIR
from support.served import serve_process

pytestmark = pytest.mark.fault

TIMEOUT = 1.5
"""The header and body timeouts of the served process (seconds)."""
EARLY = 0.05
"""How much sooner than its timeout a cut may be measured: the event loop's timers round."""
HANG = 60.0
"""A socket's timeout: only a hang reaches it, never a slow machine."""
LATE = 20.0
"""A cut later than this after its timeout is not the timeout's doing (uvicorn cuts nothing)."""
PACE = 0.2
"""The slow client's longest pause between two bytes."""


def _env(tmp_path: Path, **settings: str) -> dict[str, str]:
    env = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith("BACCARAT_") and k != MULTIPROCESS_DIR
    }
    env.update(
        BACCARAT_DATA_DIR=str(tmp_path / "data"),
        BACCARAT_SECRET_KEY="t" * 40,
        **{f"BACCARAT_{name.upper()}": value for name, value in settings.items()},
    )
    return env


@contextmanager
def _served(*options: str, env: Mapping[str, str]) -> Iterator[tuple[str, int]]:
    process, base = serve_process(*options, env=env)
    try:
        yield "127.0.0.1", int(base.rsplit(":", 1)[1])
    finally:
        process.terminate()
        process.wait(timeout=HANG)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, int]]:
    """A server with short header and body timeouts and a long keep-alive."""
    env = _env(
        tmp_path_factory.mktemp("slow"),
        header_timeout=str(TIMEOUT),
        body_timeout=str(TIMEOUT),
        keep_alive_timeout="60",
    )
    with _served(env=env) as address:
        yield address


def _until_closed(sock: socket.socket, *, trickle: bytes = b"") -> tuple[bytes, float]:
    """Everything the server sends until it closes the connection, and when it closed it
    (``time.monotonic``); ``trickle``: bytes sent one at a time meanwhile, each after the
    server has said nothing for ``PACE`` seconds."""
    received, pending = b"", list(trickle)
    deadline = time.monotonic() + HANG
    while time.monotonic() < deadline:
        readable, _, _ = select.select([sock], [], [], PACE if pending else HANG)
        if readable:
            chunk = sock.recv(65536)
            if not chunk:
                return received, time.monotonic()
            received += chunk
        elif pending:
            try:
                sock.sendall(bytes([pending.pop(0)]))
            except (BrokenPipeError, ConnectionResetError):
                return received, time.monotonic()
    raise AssertionError(f"the server kept the connection past {HANG} s")


def _answer(raw: bytes) -> tuple[int, dict[str, str], bytes]:
    head, _, body = raw.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def _normal_clients_served(address: tuple[str, int]) -> None:
    """Requests of other clients, while a slow one holds its connection, are answered."""
    with httpx.Client(base_url=f"http://{address[0]}:{address[1]}", timeout=HANG) as client:
        assert client.get("/healthz").status_code == 200
        assert client.post("/api/session", json={"adult": True}).status_code == 201


def test_a_client_trickling_its_request_head_is_answered_408_after_the_timeout(
    server: tuple[str, int],
) -> None:
    head = b"GET /healthz HTTP/1.1\r\nHost: test\r\nX-Slow: " + b"s" * 200 + b"\r\n\r\n"
    with socket.create_connection(server, timeout=HANG) as sock:
        opened = time.monotonic()
        sock.sendall(head[:1])  # the head has begun
        _normal_clients_served(server)
        received, closed = _until_closed(sock, trickle=head[1:])
    status, headers, body = _answer(received)
    assert status == 408, received
    assert headers["connection"] == "close" and headers["content-type"] == "application/json"
    assert json.loads(body)["code"] == HEADER_TIMEOUT
    assert TIMEOUT - EARLY <= closed - opened < TIMEOUT + LATE


def test_a_connection_that_sends_nothing_is_closed_after_the_timeout(
    server: tuple[str, int],
) -> None:
    with socket.create_connection(server, timeout=HANG) as sock:
        opened = time.monotonic()
        received, closed = _until_closed(sock)
    assert received == b""  # nothing asked, nothing answered
    assert TIMEOUT - EARLY <= closed - opened < TIMEOUT + LATE


def test_a_client_trickling_its_body_is_answered_408_in_json(server: tuple[str, int]) -> None:
    body = json.dumps({"adult": True}).encode()
    head = (
        b"POST /api/session HTTP/1.1\r\nHost: test\r\nContent-Type: application/json\r\n"
        b"Content-Length: %d\r\n\r\n" % len(body)
    )
    with socket.create_connection(server, timeout=HANG) as sock:
        sock.sendall(head + body[:2])
        headed = time.monotonic()  # the head is whole: the body's time starts at most now
        _normal_clients_served(server)
        received, closed = _until_closed(sock)  # the rest of the body never comes
    status, headers, answered = _answer(received)
    assert status == 408, received
    assert headers["connection"] == "close"
    refusal = json.loads(answered)
    assert refusal["code"] == BODY_TIMEOUT and refusal["seconds"] == TIMEOUT
    assert TIMEOUT - EARLY <= closed - headed < TIMEOUT + LATE


def test_a_keep_alive_client_between_requests_is_not_cut_by_the_header_timeout(
    server: tuple[str, int],
) -> None:
    connection = HTTPConnection(*server, timeout=HANG)
    try:
        connection.request("GET", "/healthz")
        assert connection.getresponse().read() == b'{"status":"ok"}'
        # Idle longer than the header timeout, within the keep-alive: waiting on the socket
        # for anything the server would send (nothing comes: it keeps the connection).
        sock = connection.sock
        assert sock is not None
        assert select.select([sock], [], [], TIMEOUT * 2)[0] == []
        connection.request("GET", "/healthz")
        assert connection.getresponse().status == 200
    finally:
        connection.close()


def test_a_request_on_one_connection_too_many_is_answered_503(tmp_path: Path) -> None:
    bound = 3
    env = _env(tmp_path, max_connections=str(bound), keep_alive_timeout="60", header_timeout="60")
    with _served(env=env) as address:
        held = [HTTPConnection(*address, timeout=HANG) for _ in range(bound)]
        try:
            for connection in held:  # each open, and answered once: counted by the server
                connection.request("GET", "/healthz")
                assert connection.getresponse().read() == b'{"status":"ok"}'
            extra = HTTPConnection(*address, timeout=HANG)
            extra.request("GET", "/healthz")
            refused = extra.getresponse()
            assert refused.status == 503
            assert refused.getheader("Retry-After") == "1"
            assert refused.getheader("Connection") == "close"
            assert json.loads(refused.read())["code"] == TOO_MANY_CONNECTIONS
            extra.close()
            # The ones held are still served.
            held[0].request("GET", "/healthz")
            assert held[0].getresponse().status == 200
            # One closed frees its place, once the server has read the close: a later request
            # on a new connection is served (tries: each answered at once, never a wait).
            held.pop().close()
            statuses = []
            for _ in range(50):
                again = HTTPConnection(*address, timeout=HANG)
                again.request("GET", "/healthz")
                statuses.append(again.getresponse().status)
                again.close()
                if statuses[-1] == 200:
                    break
            assert statuses[-1] == 200 and set(statuses) <= {200, 503}, statuses
        finally:
            for connection in held:
                connection.close()


def test_with_workers_metrics_count_the_requests_of_every_worker(tmp_path: Path) -> None:
    env = _env(tmp_path, metrics="true")
    with _served("--workers", "2", env=env) as address:
        base = f"http://{address[0]}:{address[1]}"
        asked = 12
        for _ in range(asked):  # a connection each: the kernel spreads them over the workers
            with httpx.Client(base_url=base, timeout=HANG) as client:
                assert client.get("/healthz").status_code == 200
        counted = []
        for _ in range(2):  # whichever worker answers, the sum is the same
            with httpx.Client(base_url=base, timeout=HANG) as client:
                page = client.get(METRICS_PATH)
            assert page.status_code == 200
            counted.append(
                sum(
                    sample.value
                    for family in text_string_to_metric_families(page.text)
                    for sample in family.samples
                    if sample.name == "baccarat_http_requests_total"
                    and sample.labels["route"] == "/healthz"
                )
            )
        # serve's own start-up check asks /readyz, not /healthz: the players' requests only.
        assert counted == [asked, asked], counted
