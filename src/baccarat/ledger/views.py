"""What the service answers: plain, frozen data about a player, a table, its shoe and its coups.

The web pages, the JSON API and the command line read these and never a database record; each is
built by the module of its responsibility (:func:`baccarat.ledger.accounts.player_view`,
:meth:`baccarat.ledger.live.LiveTables.table_view`, :mod:`baccarat.ledger.dealing`).

>>> import random
>>> from baccarat.core.shoe import Shoe, ShoeRules
>>> view = ShoeView.of(1, Shoe.shuffled(ShoeRules(decks=1), random.Random(1)))
>>> view.size, view.coups_dealt, view.finished, sum(view.remaining_counts.values()) <= 52
(52, 0, False, True)
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import datetime

from baccarat.core.cards import Card, Rank
from baccarat.core.coup import Coup
from baccarat.core.rules import RuleSet
from baccarat.core.settle import Settlement
from baccarat.core.shoe import Shoe
from baccarat.roads.model import RoadChange
from baccarat.store.models import ShoeRecord

__all__ = [
    "CoupView",
    "DealOutcome",
    "FairShoeView",
    "PlayerView",
    "ShoeView",
    "TableView",
    "TopUpStatus",
]


@dataclass(frozen=True, slots=True)
class TopUpStatus:
    """Whether the player may top up now; if not, why, and from when (for the used-today case)."""

    available: bool
    amount: int
    """What a top-up would grant now (0 if the balance is at or above the starting balance)."""
    used_today: bool
    next_at: datetime
    """The start of the next UTC day: when a top-up used today becomes possible again."""


@dataclass(frozen=True, slots=True)
class PlayerView:
    """A player's standing: balance, the top-up, and the net result of play since a moment."""

    player_id: str
    balance: int
    last_seq: int
    net_since: int
    """Net of stakes, payouts and refunds since the moment asked for (0 if none was)."""
    top_up: TopUpStatus
    username: str | None = None
    """The account's username; None for a guest."""


@dataclass(frozen=True, slots=True)
class ShoeView:
    """What anyone at the table can see of a shoe: counts, penetration, the cut card. No order."""

    number: int
    decks: int
    size: int
    cut_card: int
    """Cards behind the cut card."""
    coups_dealt: int
    cards_dealt: int
    cards_remaining: int
    cards_to_cut: int
    penetration: float
    cut_card_out: bool
    finished: bool
    burn_card: Card | None
    """The burn card turned face up (the others are burned face down)."""
    burned: int
    """Cards burned, the face-up one included."""
    dealt_counts: Mapping[Rank, int]
    """Cards shown by rank: those dealt to the hands and the face-up burn card. The cards burned
    face down count only once the shoe has ended (before, their ranks would tell what they are)."""
    remaining_counts: Mapping[Rank, int]
    """Cards not shown yet by rank: those in the shoe and, until the shoe ends, those burned face
    down (so their sum may exceed :attr:`cards_remaining` by the face-down burns)."""
    _shoe: Shoe = field(repr=False, compare=False)
    """A private copy of the shoe at this moment, for :attr:`unseen_cards` (never sent)."""

    @property
    def unseen_cards(self) -> Mapping[Card, int]:
        """How many of each card the player has not seen (in the shoe or burned face down): the
        composition the next coup is dealt from, as far as the player can know. Counts only.

        Counted when asked (the odds panel), not for every deal: counting a shoe card by card
        costs more than the rest of the view.
        """
        return self._shoe.unseen_cards()

    @property
    def unseen_card_counts(self) -> tuple[int, ...]:
        """:attr:`unseen_cards` as 52 counts in the order of
        :func:`~baccarat.core.cards.full_deck` (rank, then suit)."""
        return self._shoe.unseen_card_counts()

    @classmethod
    def of(cls, number: int, shoe: Shoe) -> ShoeView:
        dealt = shoe.dealt_counts()
        if not shoe.finished:
            # The face-down burns are out of the shoe but not shown: not counted as dealt yet.
            for card in shoe.burned[1:]:
                dealt[card.rank] -= 1
        # What is left is what the shoe started with less what was shown: one count, not two.
        remaining = {rank: n - dealt[rank] for rank, n in shoe.starting_counts().items()}
        return cls(
            number=number,
            decks=shoe.rules.decks,
            size=shoe.rules.size,
            cut_card=shoe.rules.cut_card,
            coups_dealt=shoe.coups_dealt,
            cards_dealt=shoe.cards_dealt,
            cards_remaining=shoe.cards_remaining,
            cards_to_cut=shoe.cards_to_cut,
            penetration=shoe.penetration,
            cut_card_out=shoe.cut_card_out,
            finished=shoe.finished,
            burn_card=shoe.burned[0] if shoe.burned else None,
            burned=len(shoe.burned),
            dealt_counts=dealt,
            remaining_counts=remaining,
            # A shallow copy suffices (see LiveTables.shoe_to_deal): the live shoe deals on after this.
            _shoe=copy.copy(shoe),
        )


@dataclass(frozen=True, slots=True)
class CoupView:
    """A dealt coup with the player's bets on it, settled."""

    id: int
    table_id: int
    shoe_number: int
    number: int
    """The coup's number in its shoe (1 for the first)."""
    rule_set: RuleSet
    """The rule set of the table it was dealt at (which settled it)."""
    coup: Coup
    settlement: Settlement | None
    """The bets and how each ended (None if the player had no bet on the coup)."""
    created_at: datetime
    decks: int
    """The decks of its table's shoes (a page names the table by its rule set and decks)."""


@dataclass(frozen=True, slots=True)
class FairShoeView:
    """A provably fair shoe as the player may see it: never the order, the server seed only once
    the shoe has finished."""

    number: int
    commitment: str | None
    """SHA-256 of the server seed (None for a shoe shuffled before provably fair shoes)."""
    client_seed: str | None
    coups_dealt: int
    finished: bool
    server_seed: str | None
    """Revealed when the shoe has finished; None before."""
    scheme: int = 2
    """2: the order waits for the player's contribution, chosen after the commitment was shown;
    1: a shoe from before (its client seed was known when its server seed was drawn)."""
    committed_at: datetime | None = None
    contributed_at: datetime | None = None
    first_card_at: datetime | None = None

    @property
    def client_seed_open(self) -> bool:
        """Whether the player may still set the client seed (no coup dealt yet)."""
        return self.coups_dealt == 0 and not self.finished and self.commitment is not None

    @property
    def awaiting_contribution(self) -> bool:
        """Whether the shoe waits for the player's client seed before its first card."""
        return self.client_seed is None and self.commitment is not None and not self.finished

    @classmethod
    def of(cls, record: ShoeRecord) -> FairShoeView:
        return cls(
            number=record.number,
            commitment=record.commitment,
            client_seed=record.client_seed,
            coups_dealt=record.coups_dealt,
            finished=record.finished,
            server_seed=record.server_seed if record.finished else None,
            scheme=record.fair_scheme,
            committed_at=record.committed_at,
            contributed_at=record.contributed_at,
            first_card_at=record.first_card_at,
        )


@dataclass(frozen=True, slots=True)
class TableView:
    """A table: its rule set, its current shoe and the coups dealt from that shoe."""

    id: int
    rule_set: RuleSet
    decks: int
    shoe: ShoeView
    coups: tuple[CoupView, ...]
    """The coups of the current shoe, oldest first (the roads are drawn from these)."""
    next_shoe: FairShoeView | None = None
    """The shoe the next coup is dealt from, as far as it may be shown (its commitment and client
    seed before its first coup); None only for data from before provably fair shoes."""

    @property
    def position(self) -> tuple[int, int]:
        """Where the table stands: its shoe's number and the coups dealt from it (the key of its
        live state, :mod:`baccarat.ledger.live`)."""
        return self.shoe.number, self.shoe.coups_dealt


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """What a deal did: the coup and its settlement, the balance before and after, the shoe now."""

    coup: CoupView
    balance_before: int
    balance_after: int
    shoe: ShoeView
    new_shoe: bool
    """True when this coup was the first of a freshly shuffled shoe (the roads start again)."""
    player: PlayerView
    """The player's standing once the deal committed."""
    replayed: bool = False
    """True when this is the first result of a deal sent again with the same idempotency key
    (nothing was dealt or charged this time; ``player`` is the standing now)."""
    next_shoe: FairShoeView | None = None
    """The shoe the next coup comes from, as the player may see it: this one, or the fresh shoe
    committed to when this coup finished it (None for a replayed deal)."""
    roads_change: RoadChange | None = None
    """What the coup changed on the roads of the table's live state, which then stands just
    after it (:mod:`baccarat.ledger.live`); None when that state did not hold the coups before
    it, or for a replayed deal."""
