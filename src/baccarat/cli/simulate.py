"""``baccarat simulate``: deal millions of coups from realistic shoes and compare with the exact odds.

numpy, numba and the simulator are imported inside the command, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import sys
import time
from typing import TYPE_CHECKING, Annotated, Any

import typer

from baccarat.cli import output
from baccarat.cli.errors import (
    CoupsTooFewError,
    NotBothError,
    UnknownBackendError,
    UnknownModeError,
)
from baccarat.cli.language import LangOption, active_translator, cli_translator
from baccarat.cli.output import print_json
from baccarat.extras import require
from baccarat.i18n.markers import N_
from baccarat.records import RecordType

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator
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
    "natural": N_("At least one natural"),
    "player_draws": N_("Player draws"),
    "banker_draws": N_("Banker draws"),
    "both_draw": N_("Both draw"),
    "cards_per_coup": N_("Cards per coup"),
    "cards_4": N_("4 cards dealt"),
    "cards_5": N_("5 cards dealt"),
    "cards_6": N_("6 cards dealt"),
    "banker": N_("Banker wins"),
    "player": N_("Player wins"),
    "tie": N_("Tie"),
}
"""The rows of the frequency table (English; translated where shown)."""

PROGRESS_AFTER = 1.0
"""Seconds after which a run shows a progress bar (on standard error)."""

PHASES: dict[str, str] = {
    "cluster_start": N_("cluster start"),
    "connect": N_("connecting"),
    "workers": N_("checking the workers"),
    "warm_up": N_("warm-up"),
    "dealing": N_("dealing"),
}
"""The parts of a Dask run, as the report names them (``SimulationResult.phases``)."""


def _progress() -> tuple[ProgressCallback, Any]:
    """A callback that opens a Rich progress bar once a run has taken a second, and its closer."""
    from rich.console import Console
    from rich.progress import (
        BarColumn,
        Progress,
        ProgressColumn,
        Task,
        TaskProgressColumn,
        TimeRemainingColumn,
    )
    from rich.text import Text

    class RateColumn(ProgressColumn):
        """Coups per second, as measured over the bar's last 30 seconds."""

        def render(self, task: Task) -> Text:
            speed = task.finished_speed or task.speed
            if speed is None:
                return Text("")
            rate = active_translator().gettext("{speed} M coups/s")
            return Text(rate.format(speed=f"{speed / 1e6:,.1f}"), style="progress.data.speed")

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
                RateColumn(),
                TimeRemainingColumn(),
                console=console,
                transient=True,
            )
            bar.start()
            state["bar"] = bar
            # The command's language, which it picked before dealing.
            label = active_translator().gettext("Dealing coups")
            state["task"] = bar.add_task(label, total=total)
        state["bar"].update(state["task"], completed=done)

    def close() -> None:
        if "bar" in state:
            state["bar"].stop()

    return update, close


def _backend(backend: str, dask: str | None, workers: int | None, dask_wait: float) -> Backend:
    from baccarat.sim.runner import ThreadBackend

    if backend not in ("cpu", "gpu"):
        raise UnknownBackendError(backend=backend)
    if dask is not None:
        if backend == "gpu":
            raise NotBothError(first="--backend gpu", second="--dask")
        require("dask", "baccarat simulate --dask")
        from baccarat.sim.dask_backend import DaskBackend

        cluster = DaskBackend.connect(dask, workers)
        try:
            cluster.wait_for_workers(dask_wait)
        except BaseException:
            cluster.close()
            raise
        return cluster
    if backend == "gpu":
        from baccarat.sim.gpu import GpuBackend

        return GpuBackend()
    return ThreadBackend(workers)


def _print_report(report: SimulationReport, t: Translator) -> None:
    from baccarat.cli.odds import _table as table
    from baccarat.sim.spec import Mode

    result = report.result
    spec = result.spec
    console = output.console()
    if spec.mode is Mode.INFINITE:
        shoe = t.gettext("infinite deck")
    else:
        decks = spec.shoe.decks
        shoe = t.ngettext("{count} deck", "{count} decks", decks).format(count=decks)
        if spec.mode is Mode.SHOE:
            shoe += ", " + t.gettext("cut card {cards}").format(cards=spec.shoe.cut_card)
        # Translators: said of a shoe: its first card is burned (shown, then that many cards set aside).
        shoe += ", " + (t.gettext("burn") if spec.shoe.burn else t.gettext("no burn"))
    coups = t.ngettext("{count} coup", "{count} coups", result.coups).format(
        count=f"{result.coups:,}"
    )
    workers = t.ngettext(
        "{count} {backend} worker", "{count} {backend} workers", result.workers
    ).format(count=result.workers, backend=result.backend)
    modes = {
        # Translators: a simulation mode: every shoe dealt to its cut card.
        Mode.SHOE: t.pgettext("simulate mode", "shoe"),
        Mode.FIRST_COUP: t.pgettext("simulate mode", "first-coup"),
        Mode.INFINITE: t.pgettext("simulate mode", "infinite"),
    }
    console.print(
        f"[bold]{coups}[/bold] "
        + t.gettext(
            "({mode}, {shoe}, rules {rule_set}, seed {seed}) in {seconds} s: "
            "{speed} million coups/s on {workers}"
        ).format(
            mode=modes[spec.mode],
            shoe=shoe,
            rule_set=report.rule_set,
            seed=spec.resolved_seed,
            seconds=f"{result.seconds:.3f}",
            speed=f"{result.coups_per_second / 1e6:,.1f}",
            workers=workers,
        )
    )
    if len(result.phases) > 1:
        # A cluster's start and warm-up are not dealing: each part on its own, in order.
        parts = (
            t.gettext("{phase} {seconds} s").format(
                phase=t.gettext(PHASES.get(name, name)), seconds=f"{seconds:.2f}"
            )
            for name, seconds in result.phases
        )
        taken = t.gettext("Time taken: {phases}").format(phases=", ".join(parts))
        console.print(f"[dim]{taken}[/dim]")
    if result.interrupted:
        interrupted = t.gettext("Interrupted: the figures are for the coups dealt so far.")
        console.print(f"[yellow]{interrupted}[/yellow]")

    freq = table(
        t.gettext("Frequencies (% of coups; cards per coup as a number)"),
        t.gettext("Event"),
        # Translators: the figures of seed page 000, a Vietnamese guide (24 million coups, 8 decks).
        t.gettext("Guide"),
        t.gettext("Simulated"),
        "± 95 %",
        t.gettext("Exact") if spec.mode is Mode.INFINITE else t.gettext("Exact 1st"),
        "z",
    )
    for key, e in {**report.frequencies, **report.outcomes}.items():
        scale = 1.0 if key == "cards_per_coup" else 100.0
        freq.add_row(
            t.gettext(LABELS[key]),
            SEED_GUIDE.get(key, ""),
            f"{e.observed * scale:.4f}",
            f"{(e.high - e.low) / 2 * scale:.4f}",
            f"{e.exact * scale:.4f}",
            f"{e.z:+.2f}",
        )
    console.print(freq)
    bets = table(
        t.gettext("Bets (per unit staked)"),
        t.gettext("Bet"),
        t.gettext("Net per unit"),
        t.gettext("Std. error"),
        t.gettext("Exact EV"),
        "z",
    )
    for name, b in report.bets.items():
        bets.add_row(
            name, f"{b.net_per_unit:+.5f}", f"{b.se:.5f}", f"{b.exact_ev:+.5f}", f"{b.z:+.2f}"
        )
    console.print(bets)
    note = t.gettext(
        "Guide: the seed guide's 24-million-coup 8-deck table. Exact 1st: the first coup of a "
        "fresh shoe, exactly; z = (simulated - exact) / standard error."
    )
    if spec.mode is Mode.SHOE:
        note += " " + t.gettext(
            "Coups dealt one after another to a cut card differ from first coups by about "
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
    dask_wait: Annotated[
        float,
        typer.Option(min=0.0, help="Seconds to wait for the Dask scheduler's first worker."),
    ] = 30.0,
    as_json: Annotated[bool, typer.Option("--json", help="Print JSON instead of tables.")] = False,
    lang: LangOption = None,
) -> None:
    """Simulate coups from shuffled shoes; every frequency and bet beside its exact value."""
    from baccarat.core.rules import get_rule_set

    t = cli_translator(lang)
    from baccarat.core.shoe import ShoeRules

    if coups < 1:
        raise CoupsTooFewError(coups=coups)
    modes = ("shoe", "first-coup", "infinite")
    if mode not in modes:
        raise UnknownModeError(mode=mode, modes=", ".join(modes))
    rule_set = get_rule_set(rules)
    shoe = ShoeRules(decks=decks, cut_card=cut_card, burn=burn)

    from baccarat.sim.report import simulation_report
    from baccarat.sim.runner import simulate
    from baccarat.sim.spec import Mode, SimulationSpec

    spec = SimulationSpec(
        coups=coups, shoe=shoe, mode=Mode(mode), seed=seed, tableau=rule_set.tableau
    )
    chosen = _backend(backend, dask, workers, dask_wait)
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
        print_json(RecordType.SIMULATION, report.as_dict())
    else:
        _print_report(report, t)
    if result.interrupted:
        stopped = t.gettext("interrupted after {coups} coups").format(coups=f"{result.coups:,}")
        sys.stderr.write(f"baccarat: {stopped}\n")
        raise SystemExit(130)


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate_command)
