"""The small pieces the records share: a card, a total, an amount of points, an exact fraction,
a seed, the codes of the game (from the core's enums), a shoe's rules.

Each is a named type (``TypeAliasType``): pydantic writes it once under ``$defs`` and refers to
it, and the generated ``defs.json`` holds it for every schema file.
"""

from __future__ import annotations

from typing import Annotated, TypeAlias

from typing_extensions import TypeAliasType, TypedDict

from baccarat.core import summary, tableau
from baccarat.records.declare import Doc, OneOf, Pattern, Range, shape

__all__ = [
    "Action",
    "Card",
    "Composition",
    "Count",
    "ExactOrFloat",
    "Fraction",
    "Points",
    "Rational",
    "Reason",
    "Seed",
    "ShoeRules",
    "Side",
    "Timestamp",
    "Total",
    "Winner",
]

Card = TypeAliasType(
    "Card",
    Annotated[
        str,
        Pattern("^[A2-9TJQK][cdhs]$"),
        Doc('A card: rank (A 2-9 T J Q K) and suit (c d h s), as in "Th".'),
    ],
)
Side = TypeAliasType("Side", Annotated[str, OneOf(*tableau.Side)])
Winner = TypeAliasType("Winner", Annotated[str, OneOf(*summary.Winner)])
Action = TypeAliasType(
    "Action",
    Annotated[
        str,
        OneOf(tableau.Action.DRAW, tableau.Action.STAND),
        Doc("What a hand did (a choice the rules left it is written as the choice made)."),
    ],
)
Reason = TypeAliasType(
    "Reason",
    Annotated[str, OneOf(*tableau.Reason), Doc("The rule that decided a step (see docs/json.md).")],
)
# Written out where they are used (a bound is shorter than a reference to it).
Total: TypeAlias = Annotated[int, Range(0, 9)]
"""A hand's total, a card's value: 0 to 9."""
Count: TypeAlias = Annotated[int, Range(0)]
"""A count: 0 or more."""
Points = TypeAliasType(
    "Points",
    Annotated[
        str,
        Pattern(r"^-?[0-9]+(\.[0-9]{1,2})?$"),
        Doc('An exact amount of points as a decimal string (up to two decimals): "12.5", "-5".'),
    ],
)
Fraction = TypeAliasType(
    "Fraction",
    Annotated[
        str, Pattern("^-?[0-9]+/[0-9]+$"), Doc('An exact rational as "numerator/denominator".')
    ],
)
Rational = TypeAliasType(
    "Rational",
    Annotated[
        str,
        Pattern("^-?[0-9]+(/[0-9]+)?$"),
        Doc('An exact rational as Python writes it: "9/11", "-4560/371293", "1".'),
    ],
)
ExactOrFloat = TypeAliasType(
    "ExactOrFloat",
    Annotated[
        float | Fraction, Doc('A figure: a number, or with --exact an exact "num/den" string.')
    ],
)
Composition = TypeAliasType(
    "Composition",
    Annotated[str, Doc('A shoe\'s cards by rank, "A:32,2:32,...", or "infinite".')],
)
Timestamp = TypeAliasType("Timestamp", Annotated[str, Doc("An ISO 8601 date and time.")])
Seed = TypeAliasType(
    "Seed",
    Annotated[
        str,
        Pattern("^[0-9a-f]{64}$"),
        Doc("A seed or a commitment: 64 hexadecimal digits."),
    ],
)


@shape
class ShoeRules(TypedDict):
    """How a shoe is dealt: its decks, the cut card, the burn and the coup after the cut card."""

    decks: Annotated[int, Range(1)]
    cut_card: Annotated[int, Range(0)]
    burn: bool
    one_more_coup: bool
