"""``baccarat ruin``: the risk of ruin of a flat bet or a bet ramp, the bankroll a target risk
needs, and the Kelly fractions (:mod:`baccarat.lab.ruinplan`).

The lab and the analyzer are imported inside the command, so the rest of the CLI starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli.format import Align, Block, Cell, Column, Paragraph, Table
from baccarat.cli.help import examples
from baccarat.cli.kernelcache import prepare_kernels
from baccarat.cli.language import cli_translator
from baccarat.cli.limits import MAX_DECKS, Whole
from baccarat.cli.numbers import Numbers, numbers_for
from baccarat.cli.options import (
    FormatOption,
    JsonOption,
    LangOption,
    OutputFormat,
    OutputOption,
    RulesFileOption,
    bet_option,
    decks_option,
    fresh_seed,
    load_rule_set,
    output_format,
    rules_option,
    seed_option,
)
from baccarat.cli.output import show
from baccarat.i18n.words import bet_title
from baccarat.records import RecordType

if TYPE_CHECKING:
    from fractions import Fraction

    from baccarat.core.bets import Bet
    from baccarat.i18n.catalogs import Translator
    from baccarat.lab.ruin import Kelly
    from baccarat.lab.ruinchain import Estimate
    from baccarat.lab.ruinplan import RuinStudy

__all__ = ["register", "ruin_command"]

MAX_COUPS = 1_000_000
MAX_PATHS = 1_000_000
MAX_BANKROLL = 10**9
MAX_LISTED = 20
DEFAULT_BANKROLLS = ("10", "25", "50", "100", "250", "500", "1000")
DEFAULT_HORIZONS = (100, 1000, 10_000)
DEFAULT_RISKS = ("0.05", "0.01", "0.001")


def _units(value: Fraction | float, n: Numbers) -> str:
    return n.decimal(float(value), 2).rstrip("0").rstrip(".,") or "0"


def _horizon(coups: int | None, t: Translator) -> str:
    if coups is None:
        return t.gettext("Ever")
    n = numbers_for(t.language)
    return t.ngettext("{count} coup", "{count} coups", coups).format(count=n.integer(coups))


def _method(name: str, t: Translator) -> str:
    words = {
        "certain": t.gettext("certain"),
        "closed-form": t.gettext("exact: closed form"),
        "characteristic-roots": t.gettext("exact: characteristic roots"),
        "lundberg-bounds": t.gettext("Lundberg bounds"),
        "lattice-chain": t.gettext("exact: Markov chain"),
        "simulated": t.gettext("simulated, interval of 95 %"),
    }
    return words[name]


def _estimate(e: Estimate, t: Translator) -> Cell:
    n = numbers_for(t.language)
    if e.low == e.high:
        return Cell(n.percent(e.probability, 2), e.probability)
    text = f"{n.percent(e.probability, 2)} ({n.percent(e.low, 2)} … {n.percent(e.high, 2)})"
    return Cell(text, e.probability)


def _kelly_cells(k: Kelly, t: Translator) -> list[Cell]:
    n = numbers_for(t.language)
    return [
        Cell(n.percent(k.fraction, 3), k.fraction),
        Cell(n.decimal(k.growth * 1e4, 3), k.growth),
        Cell(n.decimal(k.half_growth * 1e4, 3), k.half_growth),
    ]


def report_blocks(study: RuinStudy, t: Translator, seed: int, bet: Bet) -> list[Block]:
    """The study of ``bet`` as paragraphs and tables in the reader's language (amounts in
    units); the ``seed`` of its simulated horizons, said where there is one."""
    n = numbers_for(t.language)
    head = t.gettext(
        "Bet {bet}: {mean} a coup on average, standard deviation {sd}. Ruin: the bankroll "
        "falls below the largest stake, {floor}. Amounts are in units; coups are independent."
    ).format(
        bet=bet_title(bet, t),
        mean=n.decimal(float(study.steps.mean), 5, sign=True),
        sd=n.decimal(float(study.steps.variance) ** 0.5, 3),
        floor=_units(study.floor, n),
    )
    horizons = [_horizon(c.coups, t) for c in study.curves]
    ruin = Table(
        "ruin",
        t.gettext("Risk of ruin by bankroll (units)"),
        [
            Column("bankroll", t.gettext("Bankroll")),
            *(Column(f"h{i}", h) for i, h in enumerate(horizons)),
        ],
    )
    for b, row in zip(study.bankrolls, zip(*study.ruin(), strict=True), strict=True):
        ruin.add(Cell(_units(b, n), float(b)), *(_estimate(e, t) for e in row))
    methods = "; ".join(
        f"{h}: {_method(c.method.value, t)}" for h, c in zip(horizons, study.curves, strict=True)
    )
    ruin.notes.append(t.gettext("How: {methods}.").format(methods=methods))
    if any(c.method.value == "simulated" for c in study.curves):
        ruin.notes.append(
            t.gettext("Simulated with seed {seed} (--seed {seed} deals the same again).").format(
                seed=seed
            )
        )
    if any(c.coups is None and c.method.value == "certain" for c in study.curves):
        ruin.notes.append(
            t.gettext(
                "Without a positive expectation ruin is certain over an infinite horizon, "
                "whatever the bankroll: only finite horizons and advantage play have answers."
            )
        )
    needed = Table(
        "bankroll_for_risk",
        t.gettext("Bankroll for a target risk of ruin (units)"),
        [Column("risk", t.gettext("Risk")), *(Column(f"h{i}", h) for i, h in enumerate(horizons))],
    )
    for r, row in zip(study.risks, zip(*study.needed(), strict=True), strict=True):
        needed.add(
            Cell(n.percent(float(r), 2), float(r)),
            *(Cell(_units(b, n), float(b)) if b is not None else Cell("—", None) for b in row),
        )
    needed.notes.append(
        t.gettext("—: no bankroll reaches the risk (certain ruin, or beyond the largest known).")
    )
    kelly = Table(
        "kelly",
        t.gettext("Kelly fractions"),
        [
            Column("level", t.gettext("Level"), Align.LEFT),
            Column("share", t.gettext("Share")),
            Column("stake", t.gettext("Stake")),
            Column("mean", t.gettext("Expectation")),
            Column("kelly", t.gettext("Kelly")),
            Column("growth", t.gettext("Growth ‱")),
            Column("half_growth", t.gettext("Half Kelly ‱")),
        ],
    )
    for i, (level, steps, k) in enumerate(
        zip(study.levels, study.level_steps, study.level_kelly, strict=True), start=1
    ):
        kelly.add(
            Cell(str(i)),
            Cell(n.percent(float(level.share), 2), float(level.share)),
            Cell(_units(level.stake, n), float(level.stake)),
            Cell(n.percent(float(steps.mean), 3), float(steps.mean)),
            *_kelly_cells(k, t),
        )
    kelly.add(Cell(t.gettext("plan (per unit)")), Cell(""), Cell(""),
              Cell(n.decimal(float(study.steps.mean), 5, sign=True), float(study.steps.mean)),
              *_kelly_cells(study.kelly, t))  # fmt: skip
    kelly.notes.append(
        t.gettext(
            "Kelly: the fraction of the bankroll to stake per unit that maximises the expected "
            "logarithm of the bankroll (Kelly 1956, Thorp 2006); 0 for a bet without a positive "
            "expectation, where every stake shrinks the bankroll over many coups. Growth: the "
            "expected log-growth per coup, in ten-thousandths."
        )
    )
    return [Paragraph(head), ruin, needed, kelly]


def _listed(values: list[str] | None, defaults: tuple[str, ...], option: str) -> list[str]:
    from baccarat.lab.ruin import RuinError

    chosen = list(dict.fromkeys(values)) if values else list(defaults)
    if len(chosen) > MAX_LISTED:
        raise RuinError("ruin_too_large", option=option, most=MAX_LISTED, text=str(len(chosen)))
    return chosen


def ruin_command(
    bet: Annotated[str, bet_option("The bet (any bet of the rule set).")] = "banker",
    rules: Annotated[str | None, rules_option("Rule set of the table.")] = None,
    rules_file: RulesFileOption = None,
    decks: Annotated[
        int | None, decks_option("A fresh shoe of this many decks.", MAX_DECKS)
    ] = None,
    advantage: Annotated[
        str | None,
        typer.Option(
            metavar="ADVANTAGE",
            help="A flat bet at this advantage per unit staked (0.01: 1 %), for counted play.",
            show_default="the bet's own for the shoe",
        ),
    ] = None,
    ramp: Annotated[
        str | None,
        typer.Option(
            metavar="RAMP",
            help="A bet ramp: SHARE:STAKE[:ADVANTAGE] joined by commas, the shares of the coups "
            "adding up to 1, stakes in units (0: no bet), such as 0.9:0,0.1:4:0.05.",
            show_default="one unit every coup",
        ),
    ] = None,
    bankroll: Annotated[
        str | None,
        typer.Option(
            metavar="BANKROLL",
            help="Bankrolls in units, comma-separated (25,100,250).",
            show_default=", ".join(DEFAULT_BANKROLLS),
        ),
    ] = None,
    horizon: Annotated[
        list[int] | None,
        typer.Option(
            click_type=Whole(MAX_COUPS, least=1),
            metavar="COUPS",
            help="A horizon in coups (repeat it for several); ever is always shown.",
            show_default="100, 1000, 10000",
        ),
    ] = None,
    risk: Annotated[
        list[str] | None,
        typer.Option(
            metavar="RISK",
            help="A target risk of ruin, 0-1 or a percentage (repeat it for several).",
            show_default="0.05, 0.01, 0.001",
        ),
    ] = None,
    paths: Annotated[
        int,
        typer.Option(
            click_type=Whole(MAX_PATHS, least=100),
            help="Paths of a simulated horizon (one too large for the Markov chain).",
        ),
    ] = 10_000,
    seed: Annotated[int | None, seed_option("Seed of a simulated horizon.")] = None,
    fmt: FormatOption = OutputFormat.TABLE,
    as_json: JsonOption = False,
    output_path: OutputOption = None,
    lang: LangOption = None,
) -> None:
    """Risk of ruin and bet sizing: ruin by bankroll and horizon, bankroll for a risk, Kelly."""
    t = cli_translator(lang)
    chosen_format = output_format(fmt, as_json, output_path)
    from fractions import Fraction

    from baccarat.lab.ruinplan import Level, parse_quantity, parse_ramp, parse_risk

    rule_set = load_rule_set(rules, rules_file)
    chosen_bet = rule_set.bet(bet)
    if ramp is not None and advantage is not None:
        from baccarat.cli.errors import CliError

        raise CliError("not_both", first="--ramp", second="--advantage")
    if ramp is not None:
        levels = parse_ramp(ramp)
    else:
        edge = (
            None if advantage is None else parse_quantity(advantage, "--advantage", 1, signed=True)
        )
        levels = (Level(Fraction(1), Fraction(1), edge),)
    bankrolls = [
        parse_quantity(b, "--bankroll", MAX_BANKROLL)
        for b in _listed(
            None if bankroll is None else bankroll.split(","), DEFAULT_BANKROLLS, "--bankroll"
        )
    ]
    risks = [parse_risk(r) for r in _listed(risk, DEFAULT_RISKS, "--risk")]
    horizons = [
        int(c)
        for c in _listed(
            [str(c) for c in horizon or ()], tuple(map(str, DEFAULT_HORIZONS)), "--horizon"
        )
    ]
    # The record and the table say it (only a simulated horizon reads it).
    chosen_seed = fresh_seed(seed, announce=False)
    prepare_kernels()
    from baccarat.lab.ruinplan import ruin_study
    from baccarat.odds.composition import Composition

    study = ruin_study(
        chosen_bet, Composition.decks(decks if decks is not None else 8), levels,
        tableau=rule_set.tableau, bankrolls=sorted(bankrolls), risks=sorted(risks, reverse=True),
        horizons=[*sorted(horizons), None], paths=paths, seed=chosen_seed,
    )  # fmt: skip
    show(
        chosen_format,
        lambda: report_blocks(study, t, chosen_seed, chosen_bet),
        lambda: (
            RecordType.RUIN,
            {
                "rules": rule_set.name,
                "decks": decks if decks is not None else 8,
                "paths": paths,
                "seed": chosen_seed,
                **study.as_dict(),
            },
        ),
    )


def register(app: typer.Typer) -> None:
    app.command(
        "ruin",
        epilog=examples(
            "baccarat ruin --bet banker --bankroll 100 --horizon 1000",
            "baccarat ruin --bet banker --advantage 0.01 --risk 0.01",
            "baccarat ruin --rules ez --bet dragon_7 --ramp 0.92:0,0.08:1:0.1",
        ),
    )(ruin_command)
