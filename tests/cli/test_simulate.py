"""``baccarat simulate``: tables and JSON, the same seed the same result, clear errors, Ctrl-C."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from typing import Any

import pytest

from baccarat.core.distribution import FREQUENCY_KEYS
from baccarat.sim.dask_backend import DaskBackend
from support.cli import command_module, simulate_command, simulate_command_json


def test_json_has_every_documented_key(capsys: pytest.CaptureFixture[str]) -> None:
    record = simulate_command_json(capsys, "--coups", "20000", "--seed", "3")
    assert record["coups"] == 20_000
    assert record["coups_per_second"] > 0 and record["seconds"] > 0
    assert list(record["frequencies"]) == list(FREQUENCY_KEYS)
    for key in FREQUENCY_KEYS:
        low, high = record["ci95"][key]
        assert low <= record["frequencies"][key] <= high
        assert key in record["exact"] and key in record["z"]
    assert record["exact"]["natural"] == pytest.approx(0.343049, abs=1e-6)
    assert set(record["bets"]) >= {"player", "banker", "tie", "player_pair", "big", "small"}
    assert set(record["bets"]["tie"]) >= {"net_per_unit", "se", "exact_ev"}
    assert record["bets"]["banker"]["exact_ev"] == pytest.approx(-0.010579, abs=1e-6)


def test_the_same_seed_gives_the_same_figures_on_any_worker_count(
    capsys: pytest.CaptureFixture[str],
) -> None:
    one = simulate_command_json(capsys, "--coups", "300001", "--seed", "12", "--threads", "1")
    two = simulate_command_json(capsys, "--coups", "300001", "--seed", "12", "--threads", "2")
    assert one["frequencies"] == two["frequencies"]
    assert {k: v["net_per_unit"] for k, v in one["bets"].items()} == {
        k: v["net_per_unit"] for k, v in two["bets"].items()
    }


@pytest.mark.parametrize(
    ("args", "expect"),
    [
        (("--mode", "first-coup", "--decks", "6", "--no-burn"), {"mode": "first-coup", "decks": 6}),
        (
            (
                "--mode",
                "infinite",
            ),
            {"mode": "infinite", "decks": None},
        ),
        (("--cut-card", "60", "--rules", "ez"), {"cut_card": 60, "rules": "ez"}),
    ],
)
def test_modes_shoes_and_rules(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], expect: dict[str, Any]
) -> None:
    record = simulate_command_json(capsys, "--coups", "5000", "--seed", "1", *args)
    for key, value in expect.items():
        assert record[key] == value
    if "ez" in args:
        assert "dragon_7" in record["bets"] and "banker" in record["bets"]


def test_the_table_shows_the_seed_guide_beside_our_columns(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = simulate_command(capsys, "--coups", "50000", "--seed", "2")
    assert code == 0
    assert "50,000 coups" in out and "seed 2" in out
    for label, guide in (
        ("At least one natural", "34.3"),
        ("Player draws", "50.3"),
        ("Banker draws", "43.5"),
        ("Both draw", "31.8"),
        ("Cards per coup", "4.94"),
    ):
        line = next(line for line in out.splitlines() if line.strip().startswith(label))
        assert guide in line.split()
    assert "Exact 1st" in out and "Net per unit" in out and "Banker" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("--coups", "0"), "--coups must be at least 1, got 0"),
        (("--coups", "10", "--backend", "tpu"), "unknown backend 'tpu': expected cpu or gpu"),
        (("--coups", "10", "--mode", "deck"), "unknown mode 'deck'"),
        (("--coups", "10", "--rules", "nope"), "nope"),
        (("--coups", "10", "--decks", "0"), "decks must be a whole number of at least 1, got 0"),
        (("--coups", "10", "--cut-card", "3"), "cut card 3 is outside the shoe"),
        (("--coups", "10", "--workers", "0"), "--workers must be a whole number of at least 1"),
        (("--coups", "10", "--backend", "gpu", "--dask", "local"), "not both"),
        (("--coups", "10", "--dask", "nowhere"), "--dask expects 'local' or a scheduler address"),
    ],
)
def test_bad_arguments_are_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str], args: tuple[str, ...], message: str
) -> None:
    code, out, err = simulate_command(capsys, *args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("baccarat: error: ")
    assert message in err


def test_a_missing_gpu_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from baccarat.sim import gpu

    monkeypatch.setitem(__import__("sys").modules, "cupy", None)
    gpu._cupy.cache_clear()
    try:
        code, _, err = simulate_command(capsys, "--coups", "10", "--backend", "gpu")
    finally:
        gpu._cupy.cache_clear()
    assert code == 2 and err.count("\n") == 1
    assert "--backend gpu needs CuPy" in err


def test_an_unreachable_scheduler_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    connect = DaskBackend.connect

    def quick(address: str, workers: int | None = None, timeout: float = 10.0) -> DaskBackend:
        return connect(address, workers, timeout=1.0)

    monkeypatch.setattr(DaskBackend, "connect", staticmethod(quick))
    code, _, err = simulate_command(capsys, "--coups", "10", "--dask", "tcp://127.0.0.1:9")
    assert code == 2 and err.count("\n") == 1
    assert "cannot reach the Dask scheduler at 'tcp://127.0.0.1:9'" in err


def test_ctrl_c_prints_the_partial_result(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupting() -> tuple[Any, Any]:
        calls = []

        def update(done: int, total: int) -> None:
            calls.append(done)
            if len(calls) == 2:
                raise KeyboardInterrupt

        return update, lambda: None

    monkeypatch.setattr(command_module("simulate").progress, "bar", lambda *_, **__: interrupting())
    code, out, err = simulate_command(capsys, "--coups", "5000000", "--seed", "4", "--json")
    assert code == 130
    record = json.loads(out)
    assert record["interrupted"] is True
    assert 0 < record["coups"] < 5_000_000
    assert err == f"baccarat: interrupted after {record['coups']:,} coups\n"


@pytest.mark.cluster  # starts a LocalCluster
def test_a_local_dask_cluster_gives_the_local_result(capsys: pytest.CaptureFixture[str]) -> None:
    on_dask = simulate_command_json(
        capsys, "--coups", "400000", "--seed", "21", "--dask", "local", "--workers", "1"
    )
    local = simulate_command_json(capsys, "--coups", "400000", "--seed", "21")
    assert on_dask["backend"] == "dask"
    assert on_dask["frequencies"] == local["frequencies"]


# Only a hang trips this, never a slow machine (a cold start compiles the kernels first).
HANG_TIMEOUT = 300.0


class _Stderr:
    """The child's standard error, read by a thread as it comes."""

    def __init__(self, process: subprocess.Popen[bytes]) -> None:
        assert process.stderr is not None
        self._fd = process.stderr.fileno()
        self.read = bytearray()
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._pump, daemon=True)
        self._thread.start()

    def _pump(self) -> None:
        while chunk := os.read(self._fd, 4096):
            with self._changed:
                self.read.extend(chunk)
                self._changed.notify_all()

    def wait_for(self, marker: bytes, timeout: float) -> None:
        """Return once ``marker`` has been written; raise after ``timeout`` seconds."""
        with self._changed:
            if not self._changed.wait_for(lambda: marker in self.read, timeout):
                raise AssertionError(f"no {marker!r} after {timeout} s: {bytes(self.read)!r}")

    def to_the_end(self, timeout: float) -> bytes:
        """Everything, once the child has closed the stream (it exited)."""
        self._thread.join(timeout)
        assert not self._thread.is_alive(), "standard error is still open"
        return bytes(self.read)


def test_a_real_ctrl_c_prints_the_coups_dealt_so_far() -> None:
    # SIGINT to a real process: the kernels finish their chunk, the figures so far are printed.
    # The signal goes once the child shows its progress bar, which it draws after a chunk has
    # been dealt (on a stream that says it takes a terminal's escapes).
    env = {**os.environ, "TTY_COMPATIBLE": "1", "FORCE_COLOR": "1"}
    command = [sys.executable, "-c", "from baccarat.cli import main; main()"]
    command += ["simulate", "--coups", "10000000000"]
    process = subprocess.Popen(
        [*command, "--seed", "3", "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env
    )
    try:
        stderr = _Stderr(process)
        stderr.wait_for(b"Dealing coups", HANG_TIMEOUT)
        process.send_signal(signal.SIGINT)
        # The JSON is far smaller than a pipe's buffer: the child never waits on it.
        code = process.wait(timeout=HANG_TIMEOUT)
    finally:
        process.kill()
    err = stderr.to_the_end(HANG_TIMEOUT)
    assert code == 130, err
    assert process.stdout is not None
    record = json.loads(process.stdout.read())
    assert record["interrupted"] is True
    assert 0 < record["coups"] < 10_000_000_000
    assert err.endswith(f"baccarat: interrupted after {record['coups']:,} coups\n".encode())


def test_coups_are_required(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = simulate_command(capsys)
    assert code == 2 and err.count("\n") == 1
    assert "--coups" in err


def test_a_rules_file_with_card_level_bets(
    capsys: pytest.CaptureFixture[str], tmp_path: os.PathLike[str]
) -> None:
    path = os.path.join(tmp_path, "red.toml")
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(
            'name = "red-table"\nextends = "punto-banco"\noffers = ["player", "banker", "red"]\n'
            '[bets.red]\nrules = [{ when = { all_colour = "red" }, pays = "24:1" }]\n'
        )
    record = simulate_command_json(capsys, "--coups", "50000", "--seed", "4", "--mode", "first-coup",
                      "--rules-file", path)  # fmt: skip
    assert record["rules"] == "red-table" and set(record["bets"]) == {"player", "banker", "red"}
    assert abs(record["bets"]["red"]["z"]) < 4.5
    code, _, err = simulate_command(capsys, "--coups", "10", "--rules", "ez", "--rules-file", path)
    assert code == 2 and "not both" in err


def test_the_gpu_refuses_card_level_bets_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = simulate_command(
        capsys, "--coups", "1000", "--rules", "colours", "--backend", "gpu"
    )
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "baccarat: error: --backend gpu tallies the summary and pair classes only: bets that "
        "read the cards (all_red, all_black) are simulated with --backend cpu"
    ]
