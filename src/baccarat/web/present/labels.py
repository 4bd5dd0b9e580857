"""Words for the names a refusal carries: a bet, a rule set, a limit, read by people on a page.

The engine's errors name things as the command line and the API spell them (``'tie'``,
``punto-banco``, ``reality_check_minutes``), because that is what a command's user types. A page
is read, not typed into: :func:`readable_error` gives the same error with each known name as its
title in the page's language, so no code reaches a page or the API's ``detail``.

>>> from baccarat.core.settle import StakeError
>>> error_message(StakeError("stake_below_minimum", bet="tie", stake=50, minimum=100,
...                          rule_set="punto-banco"))
'Stake of 0.50 points on Tie is below the table minimum of 1 point (Punto Banco).'
>>> from baccarat.ledger.errors import LedgerError
>>> error_message(LedgerError("cooling_off", until="2026-12-02 18:28 UTC"))
'You chose a break from play: the table opens again at Dec 2, 2026, 18:28 UTC.'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from baccarat.core.catalogue import STANDARD_BETS
from baccarat.core.errors import UNTRANSLATED, TemplatedError
from baccarat.core.rules import RULE_SETS
from baccarat.i18n.errors import error_text
from baccarat.i18n.markers import N_
from baccarat.web.i18n import _, current, format_points, utc_text
from baccarat.web.present.coup import bet_title, rule_set_title

__all__ = [
    "FIELD_NAMES",
    "LIMIT_NAMES",
    "error_message",
    "field_name",
    "limit_name",
    "readable_error",
    "sentence",
    "validation_text",
]

LIMIT_NAMES = {
    "reality_check_minutes": N_("the reality-check interval in minutes"),
    "session_limit_minutes": N_("the longest session in minutes"),
    "daily_coup_limit": N_("the most coups per day"),
    "cool_off": N_("the cool-off"),
}
"""The player's limits, by the name the ledger and the API give them."""


PERIOD_NAMES = {"1d": N_("one day"), "7d": N_("one week"), "30d": N_("30 days")}
"""The cool-off periods, by the ledger's key."""


def limit_name(name: str) -> str:
    """A limit's name in the page's language (an unknown one as it is).

    >>> limit_name("daily_coup_limit")
    'the most coups per day'
    """
    return _(LIMIT_NAMES[name]) if name in LIMIT_NAMES else name


class _Title(str):
    """A name as its title: a template's ``{bet!r}`` quotes a code a command's user types, and a
    title in running text takes no quotes.

    >>> "on {bet!r}".format(bet=_Title("Banker"))
    'on Banker'
    """

    __slots__ = ()

    def __repr__(self) -> str:
        return str(self)


def _readable(key: str, value: object) -> object:
    if isinstance(value, TemplatedError):
        return readable_error(value)
    if not isinstance(value, str):
        return value
    if key == "bet" and value in STANDARD_BETS:
        return _Title(bet_title(STANDARD_BETS[value]))
    if key == "what" and value in FIELD_NAMES:
        return _(FIELD_NAMES[value])
    if key == "rule_set" and value in RULE_SETS:
        return rule_set_title(RULE_SETS[value])
    if key == "limit":
        return limit_name(value)
    if key in ("until", "next", "at"):
        # The ledger writes a moment as "2026-12-02 18:28 UTC": in the page's language instead
        # (``at``, a time of the next day or sooner, as a time alone, which the page's script
        # shows in the reader's zone).
        try:
            moment = datetime.strptime(value, "%Y-%m-%d %H:%M UTC").replace(tzinfo=UTC)
        except ValueError:
            return value
        return utc_text(moment, "time" if key == "at" else "datetime")
    return value


def readable_error(exc: Exception) -> Exception:
    """``exc`` with the names it carries as words of the page's language (itself if none)."""
    if not isinstance(exc, TemplatedError) or exc.code == UNTRANSLATED:
        return exc
    params = {key: _readable(key, value) for key, value in exc.params.items()}
    if exc.params.get("limit") == "cool_off":
        # The ledger's period keys (1d, 7d, 30d) as the page offers them.
        params.update(
            {k: _(PERIOD_NAMES[str(v)]) for k, v in exc.params.items() if str(v) in PERIOD_NAMES}
        )
    if all(params[key] is value for key, value in exc.params.items()):
        return exc
    try:
        return type(exc)(exc.code, **params)
    except (TypeError, ValueError):  # a kind built otherwise: shown as it came
        return exc


FIELD_NAMES = {
    **LIMIT_NAMES,
    "period": N_("the cool-off period"),
    "stakes": N_("the list of stakes"),
    "round": N_("the quiz round"),
    "q": N_("the question's number"),
    "results": N_("the answers so far"),
    "given": N_("the answer given"),
    "adult": N_("the answer to the age question"),
    "username": N_("the username"),
    "password": N_("the password"),
    "old_password": N_("the current password"),
    "new_password": N_("the new password"),
    "client_seed": N_("the client seed"),
    "decks": N_("the number of decks"),
    "rule_set": N_("the rule set"),
    "answer": N_("the answer"),
}
"""The fields a request may carry, as words (an unknown one is quoted as it is)."""

_VALIDATION: dict[str, str] = {
    "missing": N_("{field} is required."),
    "int_parsing": N_("{field} must be a whole number."),
    "int_type": N_("{field} must be a whole number."),
    "int_from_float": N_("{field} must be a whole number."),
    "float_parsing": N_("{field} must be a number."),
    "float_type": N_("{field} must be a number."),
    "bool_parsing": N_("{field} must be true or false."),
    "bool_type": N_("{field} must be true or false."),
    "string_type": N_("{field} must be text."),
    "greater_than_equal": N_("{field} must be at least {limit}."),
    "greater_than": N_("{field} must be more than {limit}."),
    "less_than_equal": N_("{field} must be at most {limit}."),
    "less_than": N_("{field} must be less than {limit}."),
    "string_too_short": N_("{field} is too short: at least {limit} characters."),
    "string_too_long": N_("{field} is too long: at most {limit} characters."),
    "too_short": N_("{field} has too few items: at least {limit}."),
    "too_long": N_("{field} has too many items: at most {limit}."),
    "literal_error": N_("{field} must be one of {limit}."),
    "enum": N_("{field} must be one of {limit}."),
    "extra_forbidden": N_("{field} is not expected here."),
    "dict_type": N_("{field} must be an object of names and values."),
    "model_attributes_type": N_("{field} must be an object of names and values."),
    "list_type": N_("{field} must be a list."),
}
"""Each kind of validation error (pydantic's ``type``) as a sentence; anything else is "not valid"."""

_LIMIT_CONTEXT = ("ge", "gt", "le", "lt", "min_length", "max_length", "expected")


def field_name(loc: tuple[object, ...]) -> str:
    """The field a validation error is about, as words: ``("body", "period")`` → the cool-off
    period; a field of no known name in quotes; the whole request when there is no field.

    >>> field_name(("body", "daily_coup_limit")), field_name(("body", "x")), field_name(("body",))
    ('the most coups per day', "'x'", 'the request')
    """
    names = [str(part) for part in loc if part not in ("body", "query", "header", "path")]
    if not names:
        return _("the request")
    last = names[-1]
    if last in FIELD_NAMES:
        return _(FIELD_NAMES[last])
    return repr(".".join(names))


def validation_text(errors: Sequence[Mapping[str, Any]]) -> str:
    """Pydantic's validation errors as sentences in the page's language (its English ``msg``,
    "Field required" and the like, never reaches a reader).

    >>> validation_text([{"type": "missing", "loc": ("body", "period"), "msg": "Field required"},
    ...                  {"type": "less_than_equal", "loc": ("body", "x"), "ctx": {"le": 240}}])
    "The cool-off period is required. 'x' must be at most 240."
    """
    sentences = []
    for error in errors:
        kind = str(error.get("type", ""))
        ctx = error.get("ctx")
        cause = ctx.get("error") if isinstance(ctx, dict) else None
        if isinstance(cause, TemplatedError):
            # The field's own validator said why (a range, a grammar): its sentence, in words.
            sentences.append(error_message(cause))
            continue
        raw_loc = error.get("loc", ())
        loc = tuple(raw_loc) if isinstance(raw_loc, (list, tuple)) else ()
        limit = ""
        if isinstance(ctx, dict):
            limit = next((str(ctx[key]) for key in _LIMIT_CONTEXT if key in ctx), "")
        template = _VALIDATION.get(kind, N_("{field} is not valid."))
        sentence = _(template).format(field=field_name(loc), limit=limit)
        sentences.append(sentence[:1].upper() + sentence[1:])
    return " ".join(sentences)


def sentence(text: str) -> str:
    """``text`` as a sentence: a capital first letter and a full stop at the end, so that
    another sentence can follow it ("Nothing was charged.").

    >>> sentence("stake of 5 points is too high"), sentence("Done."), sentence("")
    ('Stake of 5 points is too high.', 'Done.', '')
    """
    text = text.strip()
    if not text:
        return text
    if text[-1] not in ".!?…":
        text += "."
    return text[:1].upper() + text[1:]


def error_message(exc: Exception) -> str:
    """The message of a refused request in the current language (see :func:`error_text`), as a
    sentence: the engine's messages are clauses (the command line puts "baccarat: error:" before
    them), a page shows them on their own or before "Nothing was charged."."""
    # The names it carries (a bet, a rule set, a limit) as words: no code reaches a reader.
    return sentence(error_text(readable_error(exc), current(), format_points))
