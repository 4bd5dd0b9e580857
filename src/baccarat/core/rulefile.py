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

import re
import tomllib

from baccarat.core.bets import format_pays
from baccarat.core.catalogue import EGALITE_NAMES, STANDARD_BETS
from baccarat.core.points import format_points
from baccarat.core.rules import RuleSet, RuleSetError, TableLimits, rule_set_from_data

__all__ = ["error_line", "rule_set_from_toml", "rule_set_to_toml"]


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


def error_line(text: str, error: Exception) -> int:
    """The line of ``text`` (from 1) that a refusal of it points at, as well as it can be told.

    A TOML syntax error names its line; a refusal of what the file says names a bet, a pay rule
    or a key, found here in the text: the ``[bets.<name>]`` table (its rule-th ``when``), the
    key's line, or the rule set's ``name``.

    >>> text = "\\n".join(['name = "x"', 'offers = ["tie"]', "[bets.tie]", "rules = [",
    ...     '  { pays = "8" },', '  { when = { winner = "punto" }, pays = "8" },', "]"])
    >>> try:
    ...     rule_set_from_toml(text)
    ... except RuleSetError as exc:
    ...     error_line(text, exc)
    6
    """
    lines = text.splitlines()
    found = re.search(r"at line (\d+)", str(error))
    if getattr(error, "code", None) == "malformed_toml" and found:
        return int(found.group(1))
    params: dict[str, object] = {}
    pending: list[object] = [error]
    while pending:
        item = pending.pop()
        for key, value in getattr(item, "params", {}).items():
            if isinstance(value, Exception):
                pending.append(value)
            else:
                params.setdefault(key, value)

    def first(pattern: str, start: int = 0) -> int | None:
        rx = re.compile(pattern)
        return next((i for i in range(start, len(lines)) if rx.search(lines[i])), None)

    bet = params.get("bet")
    if isinstance(bet, str):
        header = first(rf"^\s*\[\s*bets\.{re.escape(bet)}\s*\]")
        if header is not None:
            number = params.get("number")
            if isinstance(number, int):
                rule = header
                for _ in range(number):
                    found_rule = first(r"\bpays\s*=|\bwhen\s*=", rule + 1)
                    if found_rule is None:
                        break
                    rule = found_rule
                return rule + 1
            return header + 1
        named = first(rf"['\"]{re.escape(bet)}['\"]|^\s*{re.escape(bet)}\s*=")
        if named is not None:
            return named + 1
    for key in ("key", "field", "tableau", "extends"):
        value = params.get(key)
        if isinstance(value, str):
            line = first(rf"^\s*{re.escape(value)}\s*=") if key != "extends" else None
            line = line if line is not None else first(rf"^\s*{key}\s*=|{re.escape(value)}")
            if line is not None:
                return line + 1
    name = first(r"^\s*name\s*=")
    return 1 if name is None else name + 1


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
            when_text = _toml_value({c.key: c.to_data() for c in rule.when})
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
    if isinstance(value, dict):
        # An inline table; keys are the vocabulary's own (lower-case names), never quoted.
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{k} = {_toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {value!r} as TOML")
