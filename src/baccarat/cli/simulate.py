"""``baccarat simulate``: deal millions of coups from realistic shoes and compare with the exact odds.

numpy, numba and the simulator are imported inside the command, so the rest of the CLI starts fast.
"""

from __future__ import annotations

import sys
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli import progress
from baccarat.cli.errors import CliError
from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.kernelcache import prepare_kernels
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_SECONDS, MAX_SIMULATE_COUPS, EnumChoice, Real, Whole
from baccarat.cli.numbers import numbers_for
from baccarat.cli.options import (
    DASK_WORKERS_HELP,
    BurnOption,
    CutCardOption,
    DaskOption,
    DecksOption,
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    load_rule_set,
    output_format,
    rules_file_option,
    rules_option,
    seed_option,
    shoe_rules,
    threads_and_workers,
    threads_option,
    workers_option,
)
from baccarat.cli.output import show
from baccarat.extras import require
from baccarat.i18n.markers import N_
from baccarat.i18n.words import bet_title, rule_set_title
from baccarat.records import RecordType
from baccarat.sim.spec import Mode

if TYPE_CHECKING:
    from baccarat.core.rules import RuleSet
    from baccarat.i18n.catalogs import Translator
    from baccarat.sim.report import SimulationReport
    from baccarat.sim.runner import Backend

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

PHASES: dict[str, str] = {
    "cluster_start": N_("cluster start"),
    "connect": N_("connecting"),
    "workers": N_("checking the workers"),
    "warm_up": N_("warm-up"),
    "dealing": N_("dealing"),
}
"""The parts of a Dask run, as the report names them (``SimulationResult.phases``)."""


class BackendName(StrEnum):
    """Where the coups are dealt."""

    CPU = "cpu"
    GPU = "gpu"


def _unknown_mode(text: str) -> CliError:
    return CliError("unknown_mode", mode=text, modes=", ".join(m.value for m in Mode))


def _backend(backend: str, dask: str | None, workers: int | None, dask_wait: float) -> Backend:
    from baccarat.sim.runner import ThreadBackend

    if dask is not None:
        if backend == "gpu":
            raise CliError("not_both", first="--backend gpu", second="--dask")
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


def _report_blocks(report: SimulationReport, rule_set: RuleSet, t: Translator) -> list[Block]:
    from baccarat.sim.spec import Mode

    n = numbers_for(t.language)
    result = report.result
    spec = result.spec
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
        count=n.integer(result.coups)
    )
    workers = t.ngettext(
        "{count} {backend} worker", "{count} {backend} workers", result.workers
    ).format(count=result.workers, backend=result.backend.upper())
    modes = {
        # Translators: a simulation mode: every shoe dealt to its cut card.
        Mode.SHOE: t.pgettext("simulate mode", "shoe"),
        Mode.FIRST_COUP: t.pgettext("simulate mode", "first-coup"),
        Mode.INFINITE: t.pgettext("simulate mode", "infinite"),
    }
    blocks: list[Block] = [
        Paragraph(
            coups
            + " "
            + t.gettext(
                "({mode}, {shoe}, rules {rule_set}, seed {seed}): dealt in {seconds} s, "
                "{speed} million coups/s on {workers}"
            ).format(
                mode=modes[spec.mode],
                shoe=shoe,
                rule_set=rule_set_title(rule_set, t),
                seed=spec.resolved_seed,
                seconds=n.decimal(result.seconds, 3),
                speed=n.decimal(result.coups_per_second / 1e6, 1),
                workers=workers,
            )
        )
    ]
    if len(result.phases) > 1:
        # A cluster's start and warm-up are not dealing: each part on its own, in order.
        parts = (
            t.gettext("{phase} {seconds} s").format(
                phase=t.gettext(PHASES.get(name, name)), seconds=n.decimal(seconds, 2)
            )
            for name, seconds in result.phases
        )
        taken = t.gettext("Time taken: {phases}").format(phases=", ".join(parts))
        blocks.append(Paragraph(taken, "dim"))
    if result.interrupted:
        interrupted = t.gettext("Interrupted: the figures are for the coups dealt so far.")
        blocks.append(Paragraph(interrupted, "yellow"))
    exact_head = t.gettext("Exact") if spec.mode is Mode.INFINITE else t.gettext("Exact 1st")
    freq = Table(
        "frequencies",
        t.gettext("Frequencies (% of coups; cards per coup as a number)"),
        [
            Column("event", t.gettext("Event"), Align.LEFT, wrap=True),
            # Translators: the figures of seed page 000, a Vietnamese guide (24 million coups, 8 decks).
            Column("guide", t.gettext("Guide")),
            Column("simulated", t.gettext("Simulated")),
            # Translators: the margin of a 95% confidence interval; write "%" as your language does.
            Column("margin_95", t.gettext("± 95 %")),
            Column("exact", exact_head),
            Column("z", "z"),
        ],
    )
    for key, e in {**report.frequencies, **report.outcomes}.items():
        scale = 1.0 if key == "cards_per_coup" else 100.0
        guide = SEED_GUIDE.get(key, "")
        freq.add(
            Cell(t.gettext(LABELS[key]), key),
            Cell(n.decimal(float(guide), len(guide.split(".")[1])) if guide else "", guide),
            Cell(n.decimal(e.observed * scale, 4), e.observed),
            Cell(n.decimal((e.high - e.low) / 2 * scale, 4), (e.high - e.low) / 2),
            Cell(n.decimal(e.exact * scale, 4), e.exact),
            Cell(n.decimal(e.z, 2, sign=True), e.z),
        )
    bets = Table(
        "bets",
        t.gettext("Bets (per unit staked)"),
        [
            Column("bet", t.gettext("Bet"), Align.LEFT, wrap=True),
            Column("net_per_unit", t.gettext("Net per unit")),
            Column("se", t.gettext("Std. error")),
            Column("exact_ev", t.gettext("Exact EV")),
            Column("z", "z"),
        ],
    )
    for name, b in report.bets.items():
        bet = rule_set.bets.get(name)
        bets.add(
            Cell(bet_title(bet, t) if bet is not None else name, name),
            Cell(n.decimal(b.net_per_unit, 5, sign=True), b.net_per_unit),
            Cell(n.decimal(b.se, 5), b.se),
            Cell(n.decimal(b.exact_ev, 5, sign=True), b.exact_ev),
            Cell(n.decimal(b.z, 2, sign=True), b.z),
        )
    note = t.gettext(
        "Guide: the seed guide's 24-million-coup 8-deck table. Exact 1st: the first coup of a "
        "fresh shoe, exactly; z = (simulated - exact) / standard error."
    )
    if spec.mode is Mode.SHOE:
        note += " " + t.gettext(
            "Coups dealt one after another to a cut card differ from first coups by about "
            "5e-5 (naturals), visible only past about 10^9 coups."
        )
    bets.notes.append(note)
    return [*blocks, freq, bets]


def simulate_command(
    coups: Annotated[
        int,
        typer.Option("--coups", "-n", click_type=Whole(MAX_SIMULATE_COUPS), help="Coups to deal."),
    ],
    decks: DecksOption = None,
    rules: Annotated[str | None, rules_option("Rule set whose bets are priced.")] = None,
    rules_file: Annotated[
        Path | None, rules_file_option("A rule set described in a TOML file (user-defined bets).")
    ] = None,
    mode: Annotated[
        Mode,
        typer.Option(
            click_type=EnumChoice(Mode, _unknown_mode),
            help="shoe: coups to the cut card, shoe after shoe; first-coup: the first coup of "
            "each fresh shoe; infinite: cards from the infinite deck.",
        ),
    ] = Mode.SHOE,
    cut_card: CutCardOption = None,
    burn: BurnOption = None,
    seed: Annotated[
        int | None, seed_option("Seed of the simulation (printed, to repeat it).")
    ] = None,
    threads: Annotated[int | None, threads_option("CPU threads that deal.")] = None,
    workers: Annotated[int | None, workers_option(DASK_WORKERS_HELP, least=None)] = None,
    backend: Annotated[
        BackendName,
        typer.Option(
            click_type=EnumChoice(
                BackendName, lambda text: CliError("unknown_backend", backend=text)
            ),
            help="cpu, or gpu (CUDA through CuPy).",
        ),
    ] = BackendName.CPU,
    dask: DaskOption = None,
    dask_wait: Annotated[
        float,
        typer.Option(
            click_type=Real(MAX_SECONDS, least=0.0),
            help="Seconds to wait for the Dask scheduler's first worker.",
        ),
    ] = 30.0,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """Simulate coups from shuffled shoes; every frequency and bet beside its exact value."""
    t = cli_translator(lang)
    chosen_format = output_format(fmt, as_json, output_path)
    if coups < 1:
        raise CliError("coups_too_few", coups=coups)
    if mode is Mode.INFINITE:
        for option, given in (("--decks", decks), ("--cut-card", cut_card), ("--burn", burn)):
            if given is not None:
                raise CliError("only_with", option=option, other="--mode shoe or first-coup")
    if mode is Mode.FIRST_COUP and cut_card is not None:
        raise CliError("only_with", option="--cut-card", other="--mode shoe")
    threads, workers = threads_and_workers(threads, workers, dask)
    rule_set = load_rule_set(rules, rules_file)
    shoe = shoe_rules(decks, cut_card, burn)

    prepare_kernels()
    from baccarat.odds.exact import signatures_of
    from baccarat.sim.report import simulation_report
    from baccarat.sim.runner import ThreadBackend, run_range, simulate
    from baccarat.sim.spec import SimulationError, SimulationSpec

    card_level = [bet.name for bet in rule_set.bets.values() if bet.signature is not None]
    if backend is BackendName.GPU and card_level:
        raise SimulationError("simulation_gpu_card_level", bets=", ".join(card_level))
    spec = SimulationSpec(
        coups=coups,
        shoe=shoe,
        mode=mode,
        seed=seed,
        tableau=rule_set.tableau,
        signatures=signatures_of(rule_set.bets.values()),
    )
    chosen = _backend(backend.value, dask, workers if dask is not None else threads, dask_wait)
    if isinstance(chosen, ThreadBackend):
        with progress.compiling():
            run_range(spec.plan(), 0, 0)  # numba compiles the kernels on their first call
    update, close_bar = progress.bar(t.gettext("Dealing coups"), t.gettext("coups"), millions=True)
    try:
        result = simulate(spec, backend=chosen, progress=update)
    finally:
        close_bar()
        closer = getattr(chosen, "close", None)
        if closer is not None:
            closer()
    report = simulation_report(result, rule_set)
    show(
        chosen_format,
        lambda: _report_blocks(report, rule_set, t),
        lambda: (RecordType.SIMULATION, report.as_dict()),
    )
    if result.stopped is not None:
        raise result.stopped  # one line, exit 2, after the figures of the coups dealt
    if result.interrupted:
        stopped = t.gettext("interrupted after {coups} coups").format(
            coups=numbers_for(t.language).integer(result.coups)
        )
        sys.stderr.write(f"baccarat: {stopped}\n")
        raise SystemExit(130)


def register(app: typer.Typer) -> None:
    app.command(
        "simulate",
        epilog=examples(
            "baccarat simulate --coups 10000000 --seed 1",
            "baccarat simulate -n 1000000 --mode first-coup --decks 6 --json",
        ),
    )(simulate_command)
