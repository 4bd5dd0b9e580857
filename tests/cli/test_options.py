"""One meaning per option name across commands: the same name takes the same kind of value,
shows the same placeholder and default, and the renamed options still work for a release."""

from __future__ import annotations

import json
import re
from collections import defaultdict
from collections.abc import Iterator

import click
import pytest
import typer

from baccarat.cli import app
from baccarat.cli.options import SEED_DEFAULT
from support.cli import run

MEANINGS = {
    "--workers": ("PROCESSES", "process"),
    "--threads": ("THREADS", "thread"),
    "--seed": ("SEED", "seed"),
    "--bet": ("BET", "bet"),
    "--stake": ("BET=POINTS", "bet"),
    "--output": ("FILE", "file"),
}
"""The option names whose meaning once varied: the placeholder each shows, a word of its help."""


def _options() -> Iterator[tuple[str, click.Option]]:
    def walk(command: click.Command, path: tuple[str, ...]) -> Iterator[tuple[str, click.Option]]:
        if isinstance(command, click.Group):
            for name in sorted(command.commands):
                yield from walk(command.commands[name], (*path, name))
            return
        for param in command.params:
            # A hidden option is a deprecated name, kept for a release with its old meaning.
            if isinstance(param, click.Option) and not param.hidden:
                yield " ".join(path), param

    yield from walk(typer.main.get_command(app), ())


def _by_name() -> dict[str, list[tuple[str, click.Option]]]:
    names: dict[str, list[tuple[str, click.Option]]] = defaultdict(list)
    for command, option in _options():
        for name in option.opts:
            if name.startswith("--"):
                names[name].append((command, option))
    return names


def test_an_option_name_takes_the_same_kind_of_value_in_every_command() -> None:
    for name, uses in _by_name().items():
        kinds = {
            (type(o.type).__name__, o.is_flag, o.multiple, o.metavar, o.count) for _, o in uses
        }
        assert len(kinds) == 1, (name, {c: kind for c, o in uses for kind in kinds})


@pytest.mark.parametrize("name", sorted(MEANINGS))
def test_the_names_that_once_varied_mean_one_thing(name: str) -> None:
    metavar, word = MEANINGS[name]
    uses = _by_name()[name]
    assert uses, name
    for command, option in uses:
        assert option.metavar == metavar, (command, name, option.metavar)
        assert word in (option.help or "").lower(), (command, name, option.help)


def test_every_seed_has_one_default_a_fresh_one_printed() -> None:
    defaults = {(c, o.show_default, o.default) for c, o in _by_name()["--seed"]}
    assert {(d, default) for _, d, default in defaults} == {(SEED_DEFAULT, None)}, defaults
    assert {c for c, _, _ in defaults} >= {"count", "deal", "simulate", "solve banque", "systems"}


def test_a_fresh_seed_is_printed_and_repeats_the_run(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "deal", "--coups", "3")
    seed = re.fullmatch(r"baccarat: seed (\d+) \(--seed \1 deals the same again\)\n", err)
    assert code == 0 and seed, err
    assert run(capsys, "deal", "--coups", "3", "--seed", seed[1]) == (0, out, "")
    # A command whose output shows its seed says it there only.
    code, out, err = run(capsys, "systems", "--sessions", "5", "--system", "flat", "--json")
    record = _untimed(out)
    assert code == 0 and err == "" and 0 <= int(str(record["seed"])) < 2**64
    code, again, err = run(capsys, "systems", "--sessions", "5", "--system", "flat", "--json",
                           "--seed", str(record["seed"]))  # fmt: skip
    assert (code, _untimed(again), err) == (0, record, "")


def _untimed(out: str) -> dict[str, object]:
    """A JSON record less the seconds it took."""
    record: dict[str, object] = json.loads(out)
    record.pop("seconds")
    return record


def test_count_workers_without_dask_is_the_deprecated_threads(
    capsys: pytest.CaptureFixture[str],
) -> None:
    base = ["count", "--strategy", "jacobson-dragon-7", "--shoes", "20", "--seed", "1", "--json"]
    code, out, err = run(capsys, *base, "--workers", "1")
    assert code == 0 and json.loads(err.splitlines()[-1]) == {  # --json: a JSON warning
        "warning": {
            "code": "deprecated",
            "message": "--workers is deprecated: use --threads",
            "params": {"old": "--workers", "new": "--threads"},
        }
    }
    threads = run(capsys, *base, "--threads", "1")
    assert threads[0] == 0 and _untimed(threads[1]) == _untimed(out)
    assert "deprecated" not in threads[2]
    code, _, err = run(capsys, *base, "--threads", "1", "--dask", "local")
    assert code == 2 and json.loads(err)["error"]["code"] == "not_both"  # --json: a JSON error
    assert json.loads(err)["error"]["message"] == "give --threads or --dask, not both"


def test_settle_bet_is_the_deprecated_stake(capsys: pytest.CaptureFixture[str]) -> None:
    cards = ["settle", "--cards", "7c 2s Kd 3h 4c", "--json"]
    code, out, err = run(capsys, *cards, "--bet", "banker=100", "--stake", "tie=5")
    assert code == 0 and json.loads(err)["warning"]["message"] == "--bet is deprecated: use --stake"
    code, _, err = run(capsys, *cards[:-1], "--bet", "banker=100")
    assert code == 0 and err == "baccarat: warning: --bet is deprecated: use --stake\n"
    # The stakes of --stake come first, then those of the old name.
    assert out == run(capsys, *cards, "--stake", "tie=5", "--stake", "banker=100")[1]
    code, _, err = run(capsys, *cards)
    assert code == 2 and json.loads(err)["error"]["message"] == "Missing option '--stake'."


def test_a_required_option_is_said_to_be_once() -> None:
    # click adds "[required]" itself: "Coups to deal (required).  [required]" said it twice.
    for name, option in _options():
        if option.required:
            assert "required" not in (option.help or ""), (name, option.help)
