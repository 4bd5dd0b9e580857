"""The felt and the coach of the table page: bet spots, chips, what a spot says on a long press,
the keys, and the sentences the table's script shows, all in the page's language.

The spots are the rule set's bets in the layout of a baccarat table: Player, Tie and Banker on the
felt, the side bets in a drawer (open beside the felt on a wide screen, folded on a phone), the
many Egalité bets folded once more. Each spot tells, when held or hovered, what it pays, its
limits and its exact house edge now, from the cards the player has not seen (the face-down burns
counted as unseen: :attr:`baccarat.ledger.views.ShoeView.unseen_cards`).

A typed stake is read by the one strict grammar (:func:`baccarat.core.amounts.parse_amount`) in
the page's language; the page's script reads it the same way (``static/amounts.js``) and sends the
canonical writing, so a stake is never guessed in either place.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from baccarat.core.amounts import STYLES, AmountError, parse_amount
from baccarat.core.rules import RuleSet
from baccarat.i18n.markers import N_, NP_
from baccarat.web.i18n import _, current, ngettext, pgettext
from baccarat.web.present.labels import error_message

__all__ = [
    "CHIPS",
    "KEYS",
    "edge_now",
    "felt_context",
    "felt_messages",
    "form_stakes",
    "spot_odds",
]

CHIPS = (1, 5, 25, 100, 500, 1_000, 5_000)
"""The chip rail, in points; the keys 1 to 7 select them."""

MAIN_BETS = ("player", "tie", "banker")
"""The main bets in the order a baccarat layout shows them, left to right."""

KEYS: tuple[tuple[str, str], ...] = (
    (N_("Space or Enter"), N_("the next card (step by step), or peel the card (squeeze)")),
    # Translators: a key on the keyboard: keep the same letter or sign (the script listens for it).
    (NP_("keyboard key", "D"), N_("deal")),
    # Translators: a key on the keyboard: keep the same letter (the script listens for it).
    (NP_("keyboard key", "R"), N_("rebet: the last coup's stakes again")),
    # Translators: a key on the keyboard: keep the same letter (the script listens for it).
    (NP_("keyboard key", "U"), N_("undo the last change to the stakes")),
    ("1–7", N_("choose a chip")),
    # Translators: a key on the keyboard: keep the same sign (the script listens for it).
    (NP_("keyboard key", "?"), N_("show or hide this list")),
)
"""The table's keys: what to press and what it does (English; translated where shown)."""

_SENTINEL = "\x00"
"""Stands for the refused text while a refusal is rendered as a template for the script."""


def key_label(key: str) -> str:
    """How the keys list names a key: a key's name translated (*Space or Enter*); a letter or a
    sign is the key itself, the same in every language (the script listens for it)."""
    if len(key) > 3:
        return _(key)
    if key[0].isdigit():
        return key
    return pgettext("keyboard key", key)


def form_stakes(form: Mapping[str, str]) -> dict[str, int]:
    """Stakes from the no-JavaScript form's fields ``stake_<bet>``, typed in the page's
    language (``1,000`` in English, ``1.000`` in Vietnamese, ``1 000`` in Hungarian); empty
    fields are no bet, zero is no bet. A malformed amount is an :class:`AmountError`."""
    language = current().language
    stakes: dict[str, int] = {}
    for key, value in form.items():
        if not key.startswith("stake_") or not value.strip():
            continue
        minor = parse_amount(value, language)
        if minor:
            stakes[key.removeprefix("stake_")] = minor
    return stakes


def _amount_templates() -> dict[str, str]:
    """Each refusal of the grammar as a sentence in the page's language with ``{text}`` where
    the refused text goes: rendered by the server's own messages, so both say the same."""
    language = current().language
    example = STYLES[language].example if language in STYLES else "1000.5"
    quoted = repr(_SENTINEL)
    templates = {}
    for code in AmountError.templates:
        exc = AmountError(code, text=_SENTINEL, example=example, most=10**12 * 100)
        templates[code] = error_message(exc).replace(quoted, "“{text}”")
    return templates


def felt_messages() -> dict[str, Any]:
    """The sentences and words the table's script (``static/felt.js``) shows or announces."""
    return {
        "amount_errors": _amount_templates(),
        "next_card": _("Next card"),
        "peel": _("Peel the card"),
        "finish": _("Show the result"),
        "face_down": _("A card face down: drag it up or tap it to peel it."),
        "chip_selected": _("Chip {amount} selected."),
        "stake_on": _("{bet}: {amount}"),
        "no_stake": _("no stake"),
        "natural_title": _("Naturals"),
        "player_row": _("Player's row: by the Player's two-card total"),
        "banker_row": _("Banker's row for a total of {total}: by the Player's third card"),
        "stood": _("stood"),
        "player": _("Player"),
        # Translators: a column head of the draw table (short): the card the Player drew.
        "third_card": _("Player's 3rd card"),
        # Translators: a row head of the draw table: the Banker's two-card total.
        "banker_total": _("Banker {total}"),
        "total": _("Total"),
        "keys_closed": _("Keyboard keys hidden."),
        "rebet_deal_none": _("No earlier bets to repeat."),
        "road_why_title": _("Why this mark"),
        # Translators: the two Big Road columns lit while a derived mark's "why" is open.
        "road_why_lit": _("Lit on the Big Road: columns {first} and {second}."),
        "close": _("Close"),
        "roads_guide": _("How the roads are read"),
        "edge_now": edge_now(),
        # Flags on a spot as its stack is placed, before Deal (the server checks again).
        "over_maximum": _("Over the table maximum of {maximum} points on this bet."),
        "over_balance": _(
            "The stakes total {total} points, more than your balance of {balance} points."
        ),
    }


def cannot_win(rule_set: RuleSet, decks: int) -> dict[str, str]:
    """The bets a full shoe of ``decks`` decks never pays, each with the reason its spot shows
    (:func:`baccarat.odds.winnable.unwinnable` decides; the deal refuses a stake on them)."""
    # The analyzer loads its compiled kernels on first use: imported here, not at start-up.
    from baccarat.odds.winnable import unwinnable

    reason = ngettext(
        "No coup dealt from a full shoe of %(num)s deck wins this bet: the table does not take it.",
        "No coup dealt from a full shoe of %(num)s decks wins this bet: the table does not take it.",
        decks,
    ) % {"num": decks}
    return dict.fromkeys(sorted(unwinnable(rule_set, decks)), reason)


def edge_now() -> str:
    """What a spot says of its house edge (``{now}``, ``{full}``: :func:`spot_odds`' texts)."""
    return _("House edge now: {now} (full shoe {full}), from the cards not yet seen")


def spot_odds(odds: Mapping[str, Any] | None) -> dict[str, dict[str, str]]:
    """The odds panel's rows by bet: the house edge now and for a full shoe, as shown."""
    if not odds:
        return {}
    return {row["bet"]: {"now": row["now"], "full": row["full"]} for row in odds["rows"]}


def felt_context(bets: list[dict[str, Any]], stakes: Mapping[str, str]) -> dict[str, Any]:
    """The spots of the felt: the main bets in layout order, the side bets for the drawer and
    the Egalité bets folded inside it; the chips and the keys."""
    by_name = {bet["name"]: bet for bet in bets}
    main = [by_name[name] for name in MAIN_BETS if name in by_name]
    egalite = [bet for bet in bets if bet["name"].startswith("egalite_")]
    side = [bet for bet in bets if bet["name"] not in MAIN_BETS and bet not in egalite]
    return {
        "felt": {
            "main": main,
            "side": side,
            "egalite": egalite,
            "side_staked": any(stakes.get(bet["name"]) for bet in side + egalite),
            "egalite_staked": any(stakes.get(bet["name"]) for bet in egalite),
            "chips": CHIPS,
            "key_list": [(key_label(key), _(text)) for key, text in KEYS],
        },
        "felt_messages": felt_messages(),
    }
