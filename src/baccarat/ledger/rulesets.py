"""The rule sets a practice table offers: the built-in tables and the TOML files of a directory.

``baccarat serve --rules-dir DIR`` offers, beside the built-in tables, every ``*.toml`` file of
``DIR`` (the vocabulary of ``docs/bets.md``). They are read and checked once, when the server
starts: a file that cannot be read, a malformed one, one whose hands choose (the table deals
fixed rules only) or one whose name another table has is refused with its file and line, and
the server does not start. Each table keeps the rule set it was opened with
(:func:`baccarat.ledger.tables.rule_set_of`), so a file changed later changes no table already
open.

>>> import tempfile
>>> from pathlib import Path
>>> with tempfile.TemporaryDirectory() as folder:
...     _ = (Path(folder) / "lucky.toml").write_text(
...         'name = "lucky"\\nextends = "punto-banco"\\noffers = ["player", "banker", "tiger"]\\n')
...     offered = offered_rule_sets(Path(folder))
>>> list(offered)[-1], list(offered["lucky"].bets)
('lucky', ['player', 'banker', 'tiger'])
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import ClassVar

from baccarat.core.errors import BaccaratError, TemplatedError
from baccarat.core.rulefile import error_line, rule_set_from_toml
from baccarat.core.rules import RULE_SETS, RuleSet

__all__ = ["RulesDirError", "offered_rule_sets", "read_rules_dir"]


class RulesDirError(TemplatedError):
    """A rules directory, or a file in it, that the table cannot offer."""

    templates: ClassVar[Mapping[str, str]] = {
        "rules_dir_unreadable": "cannot read the rules directory {path}: {reason}",
        "rules_file_built_in_name": (
            "{path}:{line}: rule set {rule_set!r} is the name of a built-in rule set"
        ),
        "rules_file_chooses": (
            "{path}:{line}: rule set {rule_set!r} leaves the hands a choice (tableau "
            "{tableau!r}); the practice table deals fixed rules only"
        ),
        # A file that is not a valid rule set (``detail``: the reader's refusal).
        "rules_file_invalid": "{path}:{line}: {detail}",
        "rules_file_name_twice": "{path}:{line}: rule set {rule_set!r} is also the rule set of {other}",
        "rules_file_unreadable": "cannot read {path}: {reason}",
    }


def _name_line(text: str) -> int:
    lines = text.splitlines()
    return next((i + 1 for i, line in enumerate(lines) if line.lstrip().startswith("name")), 1)


def read_rules_dir(directory: Path) -> dict[str, RuleSet]:
    """Every rule set of the ``*.toml`` files in ``directory``, by name, checked; the first
    refusal names its file and line (:class:`RulesDirError`)."""
    try:
        paths = sorted(p for p in directory.iterdir() if p.suffix == ".toml" and p.is_file())
    except OSError as exc:
        raise RulesDirError(
            "rules_dir_unreadable", path=str(directory), reason=exc.strerror or str(exc)
        ) from None
    found: dict[str, tuple[RuleSet, Path]] = {}
    for path in paths:
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as exc:
            reason = exc.strerror if isinstance(exc, OSError) and exc.strerror else str(exc)
            raise RulesDirError("rules_file_unreadable", path=str(path), reason=reason) from None
        try:
            rule_set = rule_set_from_toml(text)
        except BaccaratError as exc:
            raise RulesDirError(
                "rules_file_invalid", path=str(path), line=error_line(text, exc), detail=exc
            ) from None
        line = _name_line(text)
        if rule_set.tableau.has_options:
            raise RulesDirError(
                "rules_file_chooses",
                path=str(path),
                line=line,
                rule_set=rule_set.name,
                tableau=rule_set.tableau.name,
            )
        if rule_set.name in RULE_SETS:
            raise RulesDirError(
                "rules_file_built_in_name", path=str(path), line=line, rule_set=rule_set.name
            )
        if rule_set.name in found:
            raise RulesDirError(
                "rules_file_name_twice",
                path=str(path),
                line=line,
                rule_set=rule_set.name,
                other=str(found[rule_set.name][1]),
            )
        found[rule_set.name] = (rule_set, path)
    return {name: rule_set for name, (rule_set, _) in found.items()}


def offered_rule_sets(directory: Path | None = None) -> Mapping[str, RuleSet]:
    """The tables a practice table offers: the built-in ones, then those of ``directory``."""
    extra = read_rules_dir(directory) if directory is not None else {}
    return MappingProxyType({**RULE_SETS, **extra})
