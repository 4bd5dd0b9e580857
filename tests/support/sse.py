"""A Server-Sent Events client for the rooms' event streams (tests and benchmarks): the events
as they come, with the moment each arrived, reconnecting with Last-Event-ID when told to."""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from threading import Event
from typing import Any

import httpx


@dataclass(frozen=True)
class SentEvent:
    """One event of a stream: its number, kind, data, and when it arrived (``time.time()``)."""

    id: int
    kind: str
    data: dict[str, Any]
    arrived: float


def events(response: httpx.Response) -> Iterator[SentEvent]:
    """The events of an open ``text/event-stream`` response, as they arrive (comments skipped)."""
    fields: dict[str, str] = {}
    for line in response.iter_lines():
        if not line:
            if "data" in fields:
                yield SentEvent(
                    int(fields.get("id", "0")),
                    fields.get("event", "message"),
                    json.loads(fields["data"]),
                    time.time(),
                )
            fields = {}
            continue
        if line.startswith(":"):
            continue
        name, _, value = line.partition(":")
        fields[name] = value.removeprefix(" ")


def read_events(
    client: httpx.Client,
    path: str,
    *,
    until: Callable[[list[SentEvent]], bool],
    stop: Event,
    last_event_id: int | None = None,
) -> list[SentEvent]:
    """Read the stream at ``path`` until ``until(events so far)`` holds (or ``stop`` is set)."""
    headers = {"Last-Event-ID": str(last_event_id)} if last_event_id is not None else {}
    seen: list[SentEvent] = []
    with client.stream("GET", path, headers=headers) as response:
        assert response.status_code == 200, response.read()
        assert response.headers["content-type"].startswith("text/event-stream")
        for event in events(response):
            seen.append(event)
            if until(seen) or stop.is_set():
                break
    return seen
