"""A rule-set file: TOML text read into a :class:`~baccarat.core.rules.RuleSet`, and one written back.

The vocabulary (``name``, ``extends``, ``offers``, ``[limits]``, ``[bets.<name>]``, ``[egalite]``)
is in ``docs/bets.md``; the core never opens files, so both ways go through text.

>>> from baccarat.core.rules import get_rule_set
>>> text = rule_set_to_toml(get_rule_set("tie-9"))
>>> print(text.split("[bets.tie]")[1].strip())
title = "Tie"
rules = [
    { when = { winner = "tie" }, pays = "9:1" },
]
>>> rule_set_from_toml(text) == get_rule_set("tie-9")
True
"""

from __future__ import annotations

import tomllib

from baccarat.core.bets import format_pays
from baccarat.core.catalogue import EGALITE_NAMES, STANDARD_BETS
from baccarat.core.points import format_points
from baccarat.core.rules import RuleSet, RuleSetError, TableLimits, rule_set_from_data

__all__ = ["rule_set_from_toml", "rule_set_to_toml"]


def rule_set_from_toml(text: str) -> RuleSet:
    """Read a rule set from TOML text (the format is in ``docs/bets.md``).

    >>> rules = rule_set_from_toml('''
    ... name = "high-tie"
    ... extends = "punto-banco"
    ... offers = ["player", "banker", "tie", "lucky_6"]
    ... [bets.tie]
    ... rules = [{ when = { winner = "tie" }, pays = "9:1" }]
    ... [bets.lucky_6]
    ... rules = [{ when = { winner = "banker", banker_total = 6 }, pays = "12:1" }]
    ... [limits]
    ... lucky_6 = { maximum = "100" }
    ... ''')
    >>> list(rules.bets), rules.bet("tie").top_pay, rules.limits_for("lucky_6").text()
    (['player', 'banker', 'tie', 'lucky_6'], Fraction(9, 1), '1 to 100 points')
    >>> rule_set_from_toml('name = "x"\\noffers = ["player", "lucky"]')
    Traceback (most recent call last):
    ...
    baccarat.core.rules.RuleSetError: rule set 'x': offers unknown bet 'lucky': define it under [bets.lucky] or ...
    >>> rule_set_from_toml("name = ")
    Traceback (most recent call last):
    ...
    baccarat.core.rules.RuleSetError: malformed TOML: Invalid value (at end of document)
    """
    if not isinstance(text, str):
        raise RuleSetError("not_toml_text", kind=type(text).__name__)
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise RuleSetError("malformed_toml", detail=str(exc)) from None
    return rule_set_from_data(data)


def rule_set_to_toml(rule_set: RuleSet) -> str:
    """The rule set as TOML that :func:`rule_set_from_toml` reads back to an equal rule set.

    Bets identical to the standard ones are only named in ``offers``; the others are written out.

    >>> from baccarat.core.rules import get_rule_set
    >>> print(rule_set_to_toml(get_rule_set("ez")).split("[bets.banker]")[1].strip())
    title = "Banker (EZ)"
    rules = [
        { when = { winner = "banker", banker_total = 7, banker_cards = 3 }, pays = "push" },
        { when = { winner = "banker" }, pays = "1:1" },
        { when = { winner = "tie" }, pays = "push" },
    ]
    """
    names = list(rule_set.bets)
    if EGALITE_NAMES[0] in names:
        start = names.index(EGALITE_NAMES[0])
        if tuple(names[start : start + 10]) == EGALITE_NAMES:
            names[start : start + 10] = ["egalite"]
    lines = [
        f"name = {_toml_value(rule_set.name)}",
        f"title = {_toml_value(rule_set.title)}",
    ]
    if rule_set.description:
        lines.append(f"description = {_toml_value(rule_set.description)}")
    lines.append(f"tableau = {_toml_value(rule_set.tableau.name)}")
    lines.append("offers = [")
    lines += [f"    {_toml_value(n)}," for n in names]
    lines += ["]", "", "[limits]  # in points", f"default = {_limits_toml(rule_set.limits)}"]
    lines += [f"{n} = {_limits_toml(lim)}" for n, lim in rule_set.bet_limits.items()]
    for bet in rule_set.bets.values():
        if STANDARD_BETS.get(bet.name) == bet:
            continue
        data = bet.to_data()
        lines += ["", f"[bets.{bet.name}]", f"title = {_toml_value(bet.title)}"]
        if "domain" in data:
            lines.append(f"domain = {_toml_value(data['domain'])}")
        lines.append("rules = [")
        for rule in bet.rules:
            when = ", ".join(f"{c.field.value} = {_toml_value(c.to_data())}" for c in rule.when)
            when_text = f"{{ {when} }}" if when else "{}"
            lines.append(
                f"    {{ when = {when_text}, pays = {_toml_value(format_pays(rule.pays))} }},"
            )
        lines.append("]")
    return "\n".join(lines) + "\n"


def _limits_toml(limits: TableLimits) -> str:
    return (
        f"{{ minimum = {_toml_value(format_points(limits.minimum))}, "
        f"maximum = {_toml_value(format_points(limits.maximum))} }}"
    )


# A TOML basic string escapes the quote, the backslash and every control character but tab.
_TOML_ESCAPES = {chr(c): f"\\u{c:04x}" for c in (*range(0x20), 0x7F)} | {
    "\t": "\t",
    "\n": "\\n",
    '"': '\\"',
    "\\": "\\\\",
}


def _toml_value(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return '"' + "".join(_TOML_ESCAPES.get(ch, ch) for ch in value) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    raise TypeError(f"cannot write {value!r} as TOML")
