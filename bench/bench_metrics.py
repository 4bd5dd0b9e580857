"""Benchmark of what ``/metrics`` costs a request: the metrics middleware alone, and deals with
metrics on and off.

Run: ``.venv/bin/python bench/bench_metrics.py [--deals 300]``. Two measures:

* the middleware around an application that answers at once, against that application bare:
  the time metrics add to every request (counting it, and timing a deal);
* API deals (``Accept: application/json``) and page coups (``Accept: text/html``, the table
  page's deal) sent in-process (httpx's ASGI transport, in-memory SQLite) to two applications,
  metrics off and on, in turn (``off on off on …``, so that a change in the machine's load moves
  both), reported as the median time of a deal in each.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from pydantic import SecretStr

from baccarat.web.app import create_app
from baccarat.web.settings import Settings

DEAL_ROUTE = "/api/tables/{table_id}/deal"


class _Route:
    path = DEAL_ROUTE


async def _middleware_cost(calls: int) -> tuple[float, float]:
    from baccarat.web.metrics import MetricsMiddleware, _Metrics

    async def app(scope: object, receive: object, send: object) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})  # type: ignore[operator]
        await send({"type": "http.response.body", "body": b""})  # type: ignore[operator]

    async def send(message: object) -> None:
        pass

    async def receive() -> dict[str, object]:
        return {"type": "http.request", "body": b""}

    scope = {"type": "http", "method": "POST", "path": "/api/tables/1/deal", "route": _Route()}
    measured = MetricsMiddleware(app, metrics=_Metrics())
    times = {}
    for name, target in (("bare", app), ("measured", measured)):
        start = time.perf_counter()
        for _ in range(calls):
            await target(scope, receive, send)
        times[name] = (time.perf_counter() - start) / calls
    return times["bare"], times["measured"]


async def _deals(metrics: bool, data: Path, deals: int, accept: str) -> list[float]:
    settings = Settings(
        database_url="sqlite://",
        secret_key=SecretStr("b" * 32),
        data_dir=data,
        shoe_seed=5,
        rate_limits=False,
        metrics=metrics,
    )
    app = create_app(settings)
    transport = httpx.ASGITransport(app=app)
    times = []
    async with httpx.AsyncClient(transport=transport, base_url="http://bench") as client:
        assert (await client.post("/api/session", json={"adult": True})).status_code == 201
        csrf = (await client.get("/api/me")).json()["csrf_token"]
        table = (await client.get("/api/tables/current")).json()["table"]["id"]
        headers = {"X-CSRF-Token": csrf, "Accept": accept}
        for _ in range(deals):
            key = {"Idempotency-Key": uuid.uuid4().hex}
            start = time.perf_counter()
            answer = await client.post(
                f"/api/tables/{table}/deal",
                json={"stakes": {"banker": "1"}},
                headers={**headers, **key},
            )
            times.append(time.perf_counter() - start)
            if answer.status_code == 409:  # the next shoe waits for a client seed: not timed
                times.pop()
                body = answer.json()
                await client.post(
                    f"/api/tables/{table}/client-seed",
                    json={"client_seed": "bench", "commitment": body["commitment"]},
                    headers=headers,
                )
            else:
                assert answer.status_code == 200, answer.text
    app.state.store.close()
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=300, help="deals per round and kind")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--calls", type=int, default=100_000, help="middleware calls")
    args = parser.parse_args()
    bare, measured = asyncio.run(_middleware_cost(args.calls))
    print(
        f"middleware: {bare * 1e6:.2f} µs bare, {measured * 1e6:.2f} µs measured: "
        f"{(measured - bare) * 1e6:.2f} µs a request"
    )
    with tempfile.TemporaryDirectory() as folder:
        for kind, accept in (("API deal", "application/json"), ("page coup", "text/html")):
            times: dict[bool, list[float]] = {False: [], True: []}
            for _ in range(args.rounds):
                for metrics in (False, True):
                    times[metrics] += asyncio.run(_deals(metrics, Path(folder), args.deals, accept))
            off, on = (statistics.median(times[m]) * 1e3 for m in (False, True))
            print(
                f"{kind}: median {off:.3f} ms metrics off, {on:.3f} ms on "
                f"({(on - off) * 1e3:+.0f} µs, {(on / off - 1) * 100:+.1f} %)"
            )


if __name__ == "__main__":
    main()
