"""PAR sheets: every outcome of every bet with its pay, count, probability, return and variance.

A PAR sheet (the casino industry's "probability and accounting report") lists, for each bet a
table offers, one row per line of its pay table — the rule that decides it, what it pays, how many
of the ordered six-card sequences fall there, the probability, the return (probability × pay) and
the share of the variance — then the totals: the expected return, house edge and standard
deviation. The numbers are exact (:class:`~fractions.Fraction`); :mod:`baccarat.odds.render`
turns a :class:`ParSheet` into Markdown, HTML or CSV.

>>> from baccarat.core.rules import get_rule_set
>>> sheet = par_sheet(get_rule_set("punto-banco"), Composition.decks(8))
>>> banker = sheet.bet("banker")
>>> [(row.outcome, row.combinations) for row in banker.rows]
[('winner = banker', 2292252566437888), ('winner = tie', 475627426473216), ('otherwise', 2230518282592256)]
>>> f"{float(banker.stats.house_edge):.4%}"
'1.0579%'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from baccarat.core.bets import LOSE, Bet, PayRule
from baccarat.core.conditions import PAYS_ENGLISH
from baccarat.core.distribution import FREQUENCY_KEYS, Distribution
from baccarat.core.errors import BaccaratError
from baccarat.core.rules import RuleSet
from baccarat.core.summary import Winner
from baccarat.odds.composition import Composition
from baccarat.odds.exact import exact_distribution
from baccarat.odds.stats import ExactBetStats, counts_of, exact_bet_stats

__all__ = ["ParBet", "ParRow", "ParSheet", "par_section", "par_sheet"]


@dataclass(frozen=True, slots=True)
class ParRow:
    """One line of a bet's pay table and how often it decides the bet."""

    outcome: str
    """The rule's conditions in words (``winner = banker``), or ``otherwise`` for the losing rest."""
    pays: Fraction
    combinations: int
    probability: Fraction
    variance: Fraction
    """This row's share of the bet's variance: ``probability × (pays − ev)²``."""
    rule: PayRule | None = None
    """The pay rule of the row (None for the losing rest), for words in another language."""

    @property
    def return_(self) -> Fraction:
        """``probability × pays``; the rows' returns add up to the bet's expected value."""
        return self.probability * self.pays


@dataclass(frozen=True, slots=True)
class ParBet:
    """A bet's section of the sheet: its rows and its totals."""

    name: str
    title: str
    rows: tuple[ParRow, ...]
    stats: ExactBetStats


@dataclass(frozen=True, slots=True)
class ParSheet:
    """The whole report for one rule set and one shoe composition."""

    rule_set: str
    title: str
    description: str
    composition: Composition
    total: int
    outcomes: tuple[tuple[str, int, Fraction], ...]
    """(outcome, combinations, probability) for Banker, Player and Tie."""
    frequencies: tuple[tuple[str, Fraction], ...]
    bets: tuple[ParBet, ...]

    def bet(self, name: str) -> ParBet:
        """The section of the bet called ``name``."""
        for section in self.bets:
            if section.name == name:
                return section
        raise BaccaratError(f"the PAR sheet has no bet {name!r}")


def par_section(bet: Bet, distribution: Distribution) -> ParBet:
    """One bet's PAR section on ``distribution`` (which must hold the classes the bet reads)."""
    stats = exact_bet_stats(bet, distribution)
    counts = counts_of(distribution, bet.domain, bet.signature)
    total = distribution.total
    # The engine says which rule decides each class: no second reading of the conditions here.
    deciding = bet.deciding_rules()
    by_rule = [0] * (len(bet.rules) + 1)  # the last slot: no rule holds, the bet loses
    vector = bet.outcome_vector()
    for i, (k, count) in enumerate(zip(deciding, counts, strict=True)):
        expected = bet.rules[k].pays if k is not None else LOSE
        if vector[i] != expected:  # pragma: no cover - would mean the two readings disagree
            raise BaccaratError(f"bet {bet.name!r}: class {i} pays {vector[i]}, not {expected}")
        by_rule[k if k is not None else len(bet.rules)] += int(count)

    def row(rule: PayRule | None, pays: Fraction, count: int) -> ParRow:
        probability = Fraction(count, total)
        outcome = rule.when_text() if rule is not None else PAYS_ENGLISH["otherwise"]
        variance = probability * (pays - stats.ev) ** 2
        return ParRow(outcome, pays, count, probability, variance, rule)

    rows = [row(rule, rule.pays, by_rule[k]) for k, rule in enumerate(bet.rules)]
    if any(k is None for k in deciding):
        rows.append(row(None, LOSE, by_rule[-1]))
    return ParBet(bet.name, bet.title, tuple(rows), stats)


def par_sheet(
    rule_set: RuleSet, composition: Composition, *, bets: Sequence[Bet] | None = None
) -> ParSheet:
    """The PAR sheet of every bet ``rule_set`` offers (or of ``bets``) for ``composition``."""
    listed = tuple(bets) if bets is not None else tuple(rule_set.bets.values())
    distribution = exact_distribution(composition, rule_set.tableau, listed)
    winners = distribution.winner_counts()
    outcomes = tuple(
        (
            f"{w.value.capitalize()} wins" if w is not Winner.TIE else "Tie",
            c,
            Fraction(c, distribution.total),
        )
        for w in (Winner.BANKER, Winner.PLAYER, Winner.TIE)
        for c in (winners[w],)
    )
    frequencies = tuple((key, distribution.frequency(key)) for key in FREQUENCY_KEYS)
    return ParSheet(
        rule_set.name,
        rule_set.title,
        rule_set.description,
        composition,
        distribution.total,
        outcomes,
        frequencies,
        tuple(par_section(bet, distribution) for bet in listed),
    )
