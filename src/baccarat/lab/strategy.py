"""A counting strategy as data: tags per rank, the count it keeps, the bet it targets and when.

A strategy gives each rank a tag (``A,2,…,9,T`` — the ten-valued ranks share ``T`` — or all
thirteen ranks ``A,2,…,9,T,J,Q,K`` where a count tells them apart), a starting running count
(0 for a balanced count, whose tags sum to 0 over a deck), and says whether it bets on the
*true count* or the *running count*:

* **running count** (RC): the start plus the tag of every card the counter has seen.
* **true count** (TC): the running count per deck not yet seen, ``RC × 52 / unseen``, rounded
  **down** (toward minus infinity), so that "bet at TC ≥ 4" reads exactly "floor(TC) ≥ 4".
  A face-down burned card is unseen: it counts neither in RC nor as seen.

The counter sees every card dealt and, unless ``sees_burn_card`` is false, the burn card turned
face up before the shoe starts (its value says how many cards are burned face down).

>>> s = BUILT_IN["jacobson-dragon-7"]
>>> s.tags[:10], s.balanced, s.threshold, s.bet
((0, 0, 0, -1, -1, -1, -1, 2, 2, 0), True, 4, 'dragon_7')
>>> parse_tags("0,0,0,-1,-1,-1,-1,2,2,0")[9:]
(0, 0, 0, 0)
>>> parse_tags("1,2")
Traceback (most recent call last):
...
baccarat.lab.strategy.LabError: --tags needs 10 tags (A,2..9,T) or 13 (A,2..9,T,J,Q,K), got 2 in '1,2'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import ClassVar

from baccarat.core.cards import ranks_named
from baccarat.core.errors import ShoeError, TemplatedError
from baccarat.core.numerals import ascii_numeral
from baccarat.core.shoe import DEFAULT_CUT_CARD, DEFAULT_DECKS, ShoeRules

__all__ = [
    "BUILT_IN",
    "CUT_RULES",
    "MAX_TAG",
    "RANK_NAMES",
    "CountStrategy",
    "LabError",
    "Spread",
    "parse_spread",
    "parse_tags",
    "parse_threshold",
]

RANK_NAMES = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
MAX_TAG = 99
"""The largest tag (in absolute value) a strategy may give a rank."""
MAX_THRESHOLD = 9999
"""The largest threshold (in absolute value) on a count."""
CUT_RULES = ("drawn", "reached")
"""When the cut card comes out: in the coup that *draws* a card behind it (the simulator's
procedure), or in the coup that *reaches* it, i.e. that leaves ``cut_card`` cards or fewer (the
``cards left <= cut`` test of most published simulations)."""


class LabError(TemplatedError):
    """A study that cannot be run as asked: a strategy, a bet or an option the lab refuses."""

    templates: ClassVar[Mapping[str, str]] = {
        "lab_tags_count": (
            "--tags needs 10 tags (A,2..9,T) or 13 (A,2..9,T,J,Q,K), got {count} in {text!r}"
        ),
        "lab_tag_value": (
            "--tags: {tag!r} is not a whole number from -{most} to {most} (in {text!r})"
        ),
        "lab_threshold": (
            "the threshold must be a whole number from -{most} to {most}, got {text!r}"
        ),
        "lab_spread": (
            "--spread expects a list COUNT:UNITS,... such as '4:1,6:2,8:4' (counts rising, "
            "units from 1 to 100), got {text!r}"
        ),
        "lab_unknown_strategy": "unknown strategy {name!r}: the built-in ones are {names}",
        "lab_no_strategy": (
            "give --strategy NAME (one of {names}), --tags A,2,...,9,T or --perfect"
        ),
        "lab_card_level_bet": (
            "the lab prices bets that read the summary or the pairs; {bet!r} reads the cards "
            "(try a rule set whose bet reads the totals)"
        ),
        "lab_plot_path": ("--plot {path!r}: give a .png or .svg file in a folder that exists"),
        "lab_cut_rule": "--cut-rule must be drawn or reached, got {rule!r}",
        "lab_shoes": "--shoes must be a whole number of at least 1, got {shoes!r}",
        "lab_unknown_system": "unknown system {name!r}: the systems are {names}",
        "lab_bet_side": "--bet must be banker or player, got {bet!r}",
        "lab_amount_positive": "{option} must be more than 0 points, got {text!r}",
        "lab_unit_above_maximum": (
            "the unit ({unit} points) is above the table maximum ({maximum} points)"
        ),
    }


@dataclass(frozen=True)
class Spread:
    """Units staked from each count up: ``((4, 1), (6, 2), (8, 4))`` stakes 1 unit at 4 and 5,
    2 at 6 and 7, 4 from 8 up; below the first count, nothing."""

    steps: tuple[tuple[int, int], ...]

    def units(self, count: int) -> int:
        staked = 0
        for at, units in self.steps:
            if count >= at:
                staked = units
        return staked

    def text(self) -> str:
        return ",".join(f"{at}:{units}" for at, units in self.steps)


@dataclass(frozen=True)
class CountStrategy:
    """One counting strategy (see the module's docstring)."""

    name: str
    tags: tuple[int, ...]
    """13 tags, A to K."""
    start: int = 0
    true_count: bool = True
    threshold: int = 0
    bet: str = "dragon_7"
    rules: str = "ez"
    decks: int = DEFAULT_DECKS
    cut_card: int = DEFAULT_CUT_CARD
    burn: bool = True
    """The shoe burns its first card face up and that many more face down."""
    one_more_coup: bool = True
    """One more coup follows the coup in which the cut card comes out (the simulator's and most
    casinos' procedure); without it the shoe ends with that coup."""
    cut_rule: str = "drawn"
    """When the cut card comes out (:data:`CUT_RULES`)."""
    sees_burn_card: bool = True
    spread: Spread | None = None
    main_bet: str | None = None
    """A flat bet (``banker`` or ``player``) of one unit on every coup, beside the count's."""
    source: str = ""
    notes: str = ""
    tags_shown: int = field(default=10, compare=False)
    """How many tags the strategy is written with (10: the ten-valued ranks share one)."""

    @property
    def balanced(self) -> bool:
        """True when a deck's tags sum to zero."""
        return sum(self.tags) * 4 == 0

    def units(self, count: int) -> int:
        """Units staked on the target bet at a count (the spread, or 1 from the threshold)."""
        if self.spread is not None:
            return self.spread.units(count)
        return 1 if count >= self.threshold else 0

    @property
    def shoe_rules(self) -> ShoeRules:
        """The shoe as the simulator deals it. The cut card a coup *reaches* (``cut_card`` or
        fewer cards left after it) is the simulator's cut card one card further up, which a coup
        ending at it *draws* past.

        >>> BUILT_IN["jacobson-big-tiger"].shoe_rules.cut_card
        15
        """
        if self.cut_rule == "drawn":
            return ShoeRules(self.decks, self.cut_card, self.burn, self.one_more_coup)
        # Validated as written, so that a refusal quotes the cut card given and its range.
        written = ShoeRules(self.decks, DEFAULT_CUT_CARD, self.burn, self.one_more_coup)
        if not written.min_cut_card - 1 <= self.cut_card < written.size - 1:
            raise ShoeError(
                "cut_card_outside",
                cut_card=self.cut_card,
                decks=self.decks,
                least=written.min_cut_card - 1,
                most=written.size - 2,
            )
        return ShoeRules(self.decks, self.cut_card + 1, self.burn, self.one_more_coup)

    def with_options(self, **changes: object) -> CountStrategy:
        """The strategy with some fields changed (command-line options over its defaults)."""
        return replace(self, **changes)  # type: ignore[arg-type]

    def tags_text(self) -> str:
        shown = self.tags[: self.tags_shown]
        return ",".join(f"{name}{tag:+d}" for name, tag in zip(RANK_NAMES, shown, strict=False))

    def to_data(self) -> dict[str, object]:
        return {
            "name": self.name,
            "tags": list(self.tags),
            "start": self.start,
            "balanced": self.balanced,
            "count": "true" if self.true_count else "running",
            "rounding": "floor" if self.true_count else None,
            "threshold": self.threshold,
            "spread": None if self.spread is None else [list(s) for s in self.spread.steps],
            "bet": self.bet,
            "main_bet": self.main_bet,
            "rules": self.rules,
            "decks": self.decks,
            "cut_card": self.cut_card,
            "burn": self.burn,
            "one_more_coup": self.one_more_coup,
            "cut_rule": self.cut_rule,
            "sees_burn_card": self.sees_burn_card,
            "source": self.source,
        }


def parse_tags(text: str) -> tuple[int, ...]:
    """Tags ``A,2,…,9,T`` (the ten-valued ranks alike) or ``A,…,K``, as 13 tags A to K."""
    parts = [p.strip() for p in text.replace(";", ",").split(",")]
    if len(parts) not in (10, 13):
        raise LabError("lab_tags_count", count=len(parts), text=text)
    tags = []
    for part in parts:
        try:
            tag = int(ascii_numeral(part))
        except ValueError:
            raise LabError("lab_tag_value", tag=part, most=MAX_TAG, text=text) from None
        if abs(tag) > MAX_TAG:
            raise LabError("lab_tag_value", tag=part, most=MAX_TAG, text=text)
        tags.append(tag)
    # The columns name ranks as --groups does: T is every ten-valued rank in the ten-tag form.
    apart = len(tags) == len(RANK_NAMES)
    full = [0] * len(RANK_NAMES)
    for symbol, tag in zip(RANK_NAMES, tags, strict=False):
        for rank in ranks_named(symbol, apart=apart):
            full[rank - 1] = tag
    return tuple(full)


def parse_threshold(text: str) -> int:
    """A threshold on a count: a whole number (counts are whole once rounded down)."""
    try:
        value = int(ascii_numeral(text.strip()))
    except ValueError:
        raise LabError("lab_threshold", most=MAX_THRESHOLD, text=text) from None
    if abs(value) > MAX_THRESHOLD:
        raise LabError("lab_threshold", most=MAX_THRESHOLD, text=text)
    return value


def parse_spread(text: str) -> Spread:
    """``4:1,6:2,8:4``: COUNT:UNITS pairs, counts rising.

    >>> parse_spread("4:1, 6:2").units(5), parse_spread("4:1,6:2").units(9)
    (1, 2)
    """
    steps: list[tuple[int, int]] = []
    try:
        for part in text.split(","):
            at, units = (int(ascii_numeral(x.strip())) for x in part.split(":"))
            steps.append((at, units))
    except ValueError:
        raise LabError("lab_spread", text=text) from None
    counts = [at for at, _ in steps]
    if (
        not steps
        or counts != sorted(set(counts))
        or any(not 1 <= u <= 100 or abs(at) > MAX_THRESHOLD for at, u in steps)
    ):
        raise LabError("lab_spread", text=text)
    return Spread(tuple(steps))


def _thirteen(tags: Sequence[int]) -> tuple[int, ...]:
    return tuple(tags) + (tags[9],) * 3 if len(tags) == 10 else tuple(tags)


# The How co-count for Panda 8 (6, 7, Q, K +1; 3 -1; 8 -3) added to his Dragon 7 count.
_HOW_DRAGON = (1, 0, 0, -1, -1, -1, -1, 2, 2, 0, 0, 0, 0)
_HOW_PANDA = (0, 0, -1, 0, 0, 1, 1, -3, 0, 0, 0, 1, 1)

# Each study states its whole procedure, the one under which the lab reproduces its source's
# figures (docs/lab.md, tests/lab/test_studies.py).
BUILT_IN: Mapping[str, CountStrategy] = {
    s.name: s
    for s in (
        CountStrategy(
            "jacobson-dragon-7",
            _thirteen((0, 0, 0, -1, -1, -1, -1, 2, 2, 0)),
            threshold=4,
            bet="dragon_7",
            rules="ez",
            decks=8,
            cut_card=14,
            cut_rule="reached",
            burn=True,
            one_more_coup=True,
            source="Eliot Jacobson, 'Co-Card Counting the Dragon and Panda Side Bets in EZ "
            "Baccarat' (888casino.com): balanced tags, bet Dragon 7 at a true count of +4 or "
            "more; 100M 8-deck shoes, cut card at 14 cards: 0.597 units a shoe",
        ),
        CountStrategy(
            "jacobson-panda-8",
            _thirteen((1, 1, -2, -2, -2, -1, -1, -2, 4, 1)),
            threshold=11,
            bet="panda_8",
            rules="ez",
            decks=8,
            cut_card=14,
            cut_rule="reached",
            burn=True,
            one_more_coup=True,
            source="Eliot Jacobson, 'Co-Card Counting the Dragon and Panda Side Bets in EZ "
            "Baccarat' (888casino.com): balanced tags, bet Panda 8 at a true count of +11 or "
            "more; 100M 8-deck shoes, cut card at 14 cards: 0.237 units a shoe",
        ),
        CountStrategy(
            "jacobson-big-tiger",
            _thirteen((0, 0, -1, -1, -1, -2, 1, 2, 2, 0)),
            threshold=8,
            bet="big_tiger",
            rules="tiger",
            decks=8,
            cut_card=14,
            cut_rule="reached",
            burn=True,
            one_more_coup=True,
            source="Eliot Jacobson, 'Card Counting the Big Tiger Baccarat Side Bet' "
            "(advancedadvantageplay.com, 2024): balanced tags, bet Big Tiger at a true count of "
            "+8 or more; 100M 8-deck shoes, cut card at 14 cards: bets on 3.536 % of hands, "
            "edge 7.227 %, 0.256 units per 100 hands",
        ),
        CountStrategy(
            "how-dragon-7",
            _HOW_DRAGON,
            start=-32,
            true_count=False,
            threshold=1,
            bet="dragon_7",
            rules="ez",
            decks=8,
            cut_card=16,
            cut_rule="drawn",
            burn=True,
            one_more_coup=False,
            source="Stephen How's unbalanced Dragon 7 count (discountgambling.net, 2012): A +1, "
            "4-7 -1, 8-9 +2, start at -32 (8 decks), bet Dragon 7 at a running count above 0; "
            "16 cards behind the cut: about 6.8 bets and +0.52 units a shoe",
        ),
        CountStrategy(
            "how-panda-co-count",
            tuple(a + b for a, b in zip(_HOW_DRAGON, _HOW_PANDA, strict=True)),
            # How's co-count post writes the Dragon 7 count from 0 ("bet for RC >= 32", the
            # same bets as from -32 at 0), and the combined threshold of 35 is on that count.
            start=0,
            true_count=False,
            threshold=35,
            bet="panda_8",
            rules="ez",
            decks=8,
            cut_card=16,
            cut_rule="drawn",
            burn=True,
            one_more_coup=False,
            tags_shown=13,
            source="Stephen How, 'Two-Person Panda-8 Co-Count' (2013): 6, 7, Q, K +1; 3 -1; 8 -3, "
            "added to his unbalanced Dragon 7 count written from 0 (bet Dragon at 32, i.e. at 0 "
            "from -32); bet Panda 8 at a combined running count of 35 or more; 16 cards behind "
            "the cut: 3.6 bets and +0.134 units a shoe",
        ),
        CountStrategy(
            "thorp-natural-9",
            _thirteen((1, 1, 1, 1, 1, 1, 1, 1, -12, 1)),
            threshold=4,
            bet="player_natural_9",
            rules="naturals",
            decks=8,
            cut_card=14,
            cut_rule="drawn",
            burn=True,
            one_more_coup=True,
            source="Thorp and Walden, 'A Favorable Side Bet in Nevada Baccarat' (1966): 9 = -12, "
            "every other rank +1; the Natural 9 bet pays 9:1, a house advantage of 5.10 % off "
            "the top (threshold here: true count +4, not theirs)",
        ),
    )
}
"""The built-in strategies with their sources, rule sets and bets (``docs/lab.md``)."""
