"""``baccarat simulate``: deal millions of coups from realistic shoes and compare with the exact odds.

numpy, numba and the simulator are imported inside the command, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import json
import sys
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli import output
from baccarat.core.errors import BaccaratError

if TYPE_CHECKING:
    from baccarat.sim.report import SimulationReport
    from baccarat.sim.runner import Backend, ProgressCallback

__all__ = ["register", "simulate_command"]

SEED_GUIDE: dict[str, str] = {
    "natural": "34.3",
    "player_draws": "50.3",
    "banker_draws": "43.5",
    "both_draw": "31.8",
    "cards_per_coup": "4.94",
}
"""The seed guide's table (a 24-million-coup, 8-deck simulation, a fresh shoe each time)."""

LABELS: dict[str, str] = {
    "natural": "At least one natural",
    "player_draws": "Player draws",
    "banker_draws": "Banker draws",
    "both_draw": "Both draw",
    "cards_per_coup": "Cards per coup",
    "cards_4": "4 cards dealt",
    "cards_5": "5 cards dealt",
    "cards_6": "6 cards dealt",
    "banker": "Banker wins",
    "player": "Player wins",
    "tie": "Tie",
}

PROGRESS_AFTER = 1.0
"""Seconds after which a run shows a progress bar (on standard error)."""


def _progress() -> tuple[ProgressCallback, Any]:
    """A callback that opens a Rich progress bar once a run has taken a second, and its closer."""
    from rich.console import Console
    from rich.progress import BarColumn, Progress, TaskProgressColumn, TimeRemainingColumn

    started = time.perf_counter()
    state: dict[str, Any] = {}
    console = Console(stderr=True)

    def update(done: int, total: int) -> None:
        if not console.is_terminal:
            return  # a bar only for a person watching, never in a redirected stream
        if "bar" not in state:
            if time.perf_counter() - started < PROGRESS_AFTER or done >= total:
                return
            bar = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                TaskProgressColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            )
            bar.start()
            state["bar"] = bar
            state["task"] = bar.add_task("Dealing coups", total=total)
        state["bar"].update(state["task"], completed=done)

    def close() -> None:
        if "bar" in state:
            state["bar"].stop()

    return update, close


def _backend(backend: str, dask: str | None, workers: int | None) -> Backend:
    from baccarat.sim.runner import ThreadBackend

    if backend not in ("cpu", "gpu"):
        raise BaccaratError(f"unknown backend {backend!r}: expected cpu or gpu")
    if dask is not None:
        if backend == "gpu":
            raise BaccaratError("give --backend gpu or --dask, not both")
        from baccarat.sim.dask_backend import DaskBackend

        return DaskBackend.connect(dask, workers)
    if backend == "gpu":
        from baccarat.sim.gpu import GpuBackend

        return GpuBackend()
    return ThreadBackend(workers)


def _print_report(report: SimulationReport) -> None:
    from rich import box
    from rich.table import Table

    from baccarat.sim.spec import Mode

    result = report.result
    spec = result.spec
    console = output.console()
    if spec.mode is Mode.INFINITE:
        shoe = "infinite deck"
    else:
        shoe = f"{spec.shoe.decks} deck{'s' * (spec.shoe.decks != 1)}"
        if spec.mode is Mode.SHOE:
            shoe += f", cut card {spec.shoe.cut_card}"
        shoe += ", burn" if spec.shoe.burn else ", no burn"
    console.print(
        f"[bold]{result.coups:,} coups[/bold] ({spec.mode.value}, {shoe}, rules {report.rule_set}, "
        f"seed {spec.resolved_seed}) in {result.seconds:.3f} s: "
        f"{result.coups_per_second / 1e6:,.1f} million coups/s on {result.workers} "
        f"{result.backend} worker{'s' * (result.workers != 1)}"
    )
    if result.interrupted:
        console.print("[yellow]Interrupted: the figures are for the coups dealt so far.[/yellow]")

    def table(title: str, *columns: str) -> Table:
        t = Table(
            title=title, title_justify="left", box=box.SIMPLE_HEAD, padding=(0, 1), pad_edge=False
        )
        for n, name in enumerate(columns):
            t.add_column(name, justify="left" if n == 0 else "right", no_wrap=True)
        return t

    freq = table(
        "Frequencies (% of coups; cards per coup as a number)",
        "Event",
        "Guide",
        "Simulated",
        "± 95 %",
        "Exact" if spec.mode is Mode.INFINITE else "Exact 1st",
        "z",
    )
    for key, e in {**report.frequencies, **report.outcomes}.items():
        scale = 1.0 if key == "cards_per_coup" else 100.0
        freq.add_row(
            LABELS[key],
            SEED_GUIDE.get(key, ""),
            f"{e.observed * scale:.4f}",
            f"{(e.high - e.low) / 2 * scale:.4f}",
            f"{e.exact * scale:.4f}",
            f"{e.z:+.2f}",
        )
    console.print(freq)
    bets = table("Bets (per unit staked)", "Bet", "Net per unit", "Std. error", "Exact EV", "z")
    for name, b in report.bets.items():
        bets.add_row(
            name, f"{b.net_per_unit:+.5f}", f"{b.se:.5f}", f"{b.exact_ev:+.5f}", f"{b.z:+.2f}"
        )
    console.print(bets)
    note = (
        "Guide: the seed guide's 24-million-coup 8-deck table. Exact 1st: the first coup of a "
        "fresh shoe, exactly; z = (simulated - exact) / standard error."
    )
    if spec.mode is Mode.SHOE:
        note += (
            " Coups dealt one after another to a cut card differ from first coups by about "
            "5e-5 (naturals), visible only past about 10^9 coups."
        )
    console.print(f"[dim]{note}[/dim]")


def simulate_command(
    coups: Annotated[int, typer.Option("--coups", "-n", help="Coups to deal (required).")],
    decks: Annotated[int, typer.Option(help="Decks in the shoe.")] = 8,
    rules: Annotated[str, typer.Option(help="Rule set whose bets are priced.")] = "punto-banco",
    mode: Annotated[
        str,
        typer.Option(
            help="shoe: coups to the cut card, shoe after shoe; first-coup: the first coup of "
            "each fresh shoe; infinite: independent cards."
        ),
    ] = "shoe",
    cut_card: Annotated[int, typer.Option(help="Cards behind the cut card.")] = 14,
    burn: Annotated[bool, typer.Option("--burn/--no-burn", help="Burn cards first.")] = True,
    seed: Annotated[int | None, typer.Option(help="Seed (default: a fresh one, printed).")] = None,
    workers: Annotated[
        int | None, typer.Option(help="CPU threads, or local Dask workers (default: all cores).")
    ] = None,
    backend: Annotated[str, typer.Option(help="cpu or gpu (CUDA through CuPy).")] = "cpu",
    dask: Annotated[
        str | None,
        typer.Option(help="Deal on Dask: 'local' starts a local cluster, or tcp://HOST:8786."),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
) -> None:
    """Simulate coups from shuffled shoes; every frequency and bet beside its exact value."""
    from baccarat.core.rules import get_rule_set
    from baccarat.core.shoe import ShoeRules

    if coups < 1:
        raise BaccaratError(f"--coups must be at least 1, got {coups}")
    modes = ("shoe", "first-coup", "infinite")
    if mode not in modes:
        raise BaccaratError(f"unknown mode {mode!r}: expected one of {', '.join(modes)}")
    rule_set = get_rule_set(rules)
    shoe = ShoeRules(decks=decks, cut_card=cut_card, burn=burn)

    from baccarat.sim.report import simulation_report
    from baccarat.sim.runner import simulate
    from baccarat.sim.spec import Mode, SimulationSpec

    spec = SimulationSpec(
        coups=coups, shoe=shoe, mode=Mode(mode), seed=seed, tableau=rule_set.tableau
    )
    chosen = _backend(backend, dask, workers)
    update, close_bar = _progress()
    try:
        result = simulate(spec, backend=chosen, progress=update)
    finally:
        close_bar()
        closer = getattr(chosen, "close", None)
        if closer is not None:
            closer()
    report = simulation_report(result, rule_set)
    if as_json:
        sys.stdout.write(json.dumps(report.as_dict()) + "\n")
    else:
        _print_report(report)
    if result.interrupted:
        sys.stderr.write(f"baccarat: interrupted after {result.coups:,} coups\n")
        raise SystemExit(130)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
