"""Keep the catalogs in step with the code: ``python -m baccarat.i18n.extract [--check]``.

Extraction collects every message marked in the Python sources (``_``, ``gettext``, ``ngettext``,
``pgettext``, ``N_`` …) and the templates (``{% trans %}``, ``_()``), plus the words that live in
data rather than code: the engine's explanation templates (context ``explain``), the side and
action names, rule set titles and descriptions (the choice games' too), bet titles, the words of
pay tables (context ``pays``), the error templates of the core, the analyzer, the simulator and
the command line (no context, like the ledger's, which are marked in its code), the
choice points of Chemin de Fer (context ``chemin point``), the sentences of a provably fair
shoe's mismatch (context ``verify``) and the road labels (context
``roads.<field>``). It writes ``locale/messages.pot`` and the English catalog, whose every
message translates to itself. ``--check`` changes nothing and exits 1 if either file is stale.

A ``# Translators:`` comment on the line before a message in code (``{# Translators: … #}`` in a
template) goes into the template with it; a message that lives in data takes its comment from
the glossary (:mod:`baccarat.i18n.glossary`). Babel marks any message with a ``%`` followed by a
letter as ``python-format``; the application formats only named ``%(name)s`` placeholders, so a
message without one is marked ``no-python-format`` instead ("5 % commission" is not a format).

Another language starts from the template: ``pybabel init -i messages.pot -d locale -l vi``
(or a copy of the English catalog with the translations filled in).
"""

from __future__ import annotations

import argparse
import importlib
import io
import re
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_dir
from babel.messages.pofile import read_po, write_po

from baccarat.core.errors import TemplatedError
from baccarat.core.messages import MessageTable
from baccarat.i18n.catalogs import DOMAIN, EXPLAIN, LOCALE_DIR, PAYS, SOURCE_LANGUAGE
from baccarat.i18n.glossary import load as load_glossary

__all__ = [
    "ERROR_MODULES",
    "POT_PATH",
    "check",
    "english_catalog",
    "extract",
    "main",
    "message_keys",
    "templated_errors",
]

PACKAGE = Path(__file__).resolve().parent.parent
SOURCES = ("web", "ledger", "i18n", "learn", "cli", "odds", "records", "lab")
"""Sub-packages of ``baccarat`` whose code and templates hold user-facing messages."""
POT_PATH = LOCALE_DIR / f"{DOMAIN}.pot"
ENGLISH_PATH = LOCALE_DIR / SOURCE_LANGUAGE / "LC_MESSAGES" / f"{DOMAIN}.po"
_DATE = datetime(2026, 1, 1, tzinfo=UTC)
_METHODS = [("**.py", "python"), ("**/templates/**.html", "jinja2.ext:babel_extract")]
_OPTIONS = {
    "**/templates/**.html": {
        "extensions": "jinja2.ext.i18n",
        "trimmed": "true",
        "newstyle_gettext": "true",
    }
}
_KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "NP_": ((1, "c"), 2)}
_COMMENT_TAGS = ("Translators:",)
_NAMED_PLACEHOLDER = re.compile(r"%\(\w+\)")


ERROR_MODULES = (
    "baccarat.chemin.banque.deal",
    "baccarat.chemin.table",
    "baccarat.core.bets",
    "baccarat.core.catalogue",
    "baccarat.core.conditions",
    "baccarat.core.amounts",
    "baccarat.core.money",
    "baccarat.core.predicates",
    "baccarat.core.rulefile",
    "baccarat.core.rules",
    "baccarat.core.settle",
    "baccarat.core.shoe",
    "baccarat.fair.errors",
    "baccarat.learn.errors",
    "baccarat.odds.composition",
    "baccarat.odds.conditional",
    "baccarat.odds.exact",
    "baccarat.odds.reference",
    "baccarat.roads.result",
    "baccarat.sim.spec",
    "baccarat.cli.errors",
    "baccarat.ledger.errors",
    "baccarat.ledger.rulesets",
    "baccarat.store.archive",
    "baccarat.extras",
    "baccarat.store.errors",
    "baccarat.lab.strategy",
    "baccarat.lab.ruin",
    "baccarat.lab.ranges",
)
"""The modules that define errors with a template (the core's cards and coups come with them)."""


@dataclass(frozen=True)
class ErrorMessage:
    """One refusal's English template, with its kind (the class callers catch) and code."""

    kind: type[TemplatedError]
    code: str
    template: str


def declared_templated_errors() -> Iterator[type[TemplatedError]]:
    """Every kind of :class:`TemplatedError` imported so far that declares its own table."""
    pending: list[type[TemplatedError]] = [TemplatedError]
    while pending:
        cls = pending.pop()
        pending.extend(cls.__subclasses__())
        if cls is not TemplatedError and "templates" in vars(cls):
            yield cls


def templated_errors() -> list[ErrorMessage]:
    """Every refusal's template in the kinds of :data:`ERROR_MODULES`, by code."""
    for module in ERROR_MODULES:
        importlib.import_module(module)
    modules = {*ERROR_MODULES, "baccarat.core.errors"}
    found = [
        ErrorMessage(kind, code, template)
        for kind in declared_templated_errors()
        if kind.__module__ in modules
        for code, template in kind.templates.items()
    ]
    return sorted(found, key=lambda message: message.code)


TABLE_MODULES = (
    "baccarat.chemin.tableau",
    "baccarat.fair.verify",
    "baccarat.roads.labels",
    "baccarat.cli.clicktext",
    "baccarat.cli.helptable",
)
"""The modules of features that hand this package a :class:`MessageTable` (found by name, so
this package imports none of them)."""


def message_tables() -> Iterator[tuple[str, MessageTable]]:
    """``(module, table)`` for every table of the core and of :data:`TABLE_MODULES`."""
    yield "baccarat.core.explain", EXPLAIN
    yield "baccarat.core.conditions", PAYS
    for name in TABLE_MODULES:
        module = importlib.import_module(name)
        for value in vars(module).values():
            if isinstance(value, MessageTable):
                yield name, value


def _where(module: str) -> str:
    return module.removeprefix("baccarat.").replace(".", "/") + ".py"


def _data_messages() -> Iterator[tuple[str | None, str, str]]:
    """``(context, message, where)`` for the words that live in data."""
    from baccarat.core.rules import CHOICE_RULE_SETS, RULE_SETS
    from baccarat.core.tableau import Action, Side

    for module, table in message_tables():
        for key, text in table.messages.items():
            yield table.context_of(key), text, f"{_where(module)} ({key})"
    for error in templated_errors():
        yield None, error.template, f"{error.kind.__module__} ({error.code})"
    for side in Side:
        yield "side", side.title, "core/tableau.py"
    for action in Action:
        yield "action", action.value, "core/tableau.py"
    for rule_set in (*RULE_SETS.values(), *CHOICE_RULE_SETS.values()):
        yield "rule set", rule_set.title, "core/catalogue.py"
        if rule_set.description:
            yield "rule set description", rule_set.description, "core/catalogue.py"
        for bet in rule_set.bets.values():
            yield "bet", bet.title, "core/catalogue.py"


def _catalog(locale: str | None = None) -> Catalog:
    """An empty catalog of this project, dated so that regenerating it changes nothing."""
    return Catalog(
        locale=locale,
        domain=DOMAIN,
        project="baccarat",
        version="1",
        creation_date=_DATE,
        revision_date=_DATE,
        fuzzy=False,
    )


def extract() -> Catalog:
    """Every user-facing message of the application, as a template catalog."""
    catalog = _catalog()
    for source in SOURCES:
        found = extract_from_dir(
            PACKAGE / source,
            method_map=_METHODS,
            options_map=_OPTIONS,
            keywords=_KEYWORDS,
            comment_tags=_COMMENT_TAGS,
        )
        for filename, _lineno, message, comments, context in found:
            catalog.add(
                message,
                locations=[(f"{source}/{filename}", 0)],
                # Jinja drops the tag that Babel's Python extractor keeps: put it back.
                auto_comments=[
                    c if c.startswith(_COMMENT_TAGS) else f"{_COMMENT_TAGS[0]} {c}"
                    for c in comments
                ],
                context=context,
            )
    for context, message, where in _data_messages():
        catalog.add(message, locations=[(where, 0)], context=context)
    for (context, ident), comment in load_glossary().notes.items():
        noted = catalog.get(ident, context=context)
        if comment and noted is not None and comment not in noted.auto_comments:
            noted.auto_comments.append(comment)
    for each in catalog:
        _mark_format(each)
    return catalog


def _mark_format(message: Message) -> None:
    """Mark a message ``no-python-format`` when Babel's guess of ``python-format`` is wrong."""
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    if "python-format" in message.flags and not any(_NAMED_PLACEHOLDER.search(i) for i in ids):
        # msgfmt reads the last flag of a contradictory pair, and Babel writes flags sorted:
        # "python-format" must go for "no-python-format" to count.
        message.flags.discard("python-format")
        message.flags.add("no-python-format")


def english_catalog(template: Catalog) -> Catalog:
    """The English catalog: every message of ``template`` translated to itself."""
    english = _catalog(locale=SOURCE_LANGUAGE)
    for message in template:
        if not message.id:
            continue
        english.add(
            message.id,
            string=message.id,
            locations=message.locations,
            auto_comments=message.auto_comments,
            context=message.context,
            flags=message.flags,
        )
    for message in english:
        _mark_format(message)
    return english


def _render(catalog: Catalog) -> bytes:
    out = io.BytesIO()
    write_po(out, catalog, width=100, include_lineno=False, sort_output=True)
    return out.getvalue()


def message_keys(catalog: Catalog) -> dict[tuple[str | None, str], object]:
    """Each message's ``(context, id)`` mapped to its translation (the id's first form)."""
    keys: dict[tuple[str | None, str], object] = {}
    for message in catalog:
        if message.id:
            ident = message.id if isinstance(message.id, str) else message.id[0]
            keys[(message.context, ident)] = message.string
    return keys


def _read(path: Path, locale: str | None) -> Catalog | None:
    if not path.exists():
        return None
    with path.open("rb") as handle:
        return read_po(handle, locale=locale, domain=DOMAIN)


def check() -> list[str]:
    """What is stale in the catalogs on disk (an empty list when both are up to date)."""
    template = extract()
    english = english_catalog(template)
    problems = []
    pot = _read(POT_PATH, None)
    if pot is None or set(message_keys(pot)) != set(message_keys(template)):
        problems.append(f"{POT_PATH} does not list exactly the messages in the code")
    po = _read(ENGLISH_PATH, SOURCE_LANGUAGE)
    if po is None or message_keys(po) != message_keys(english):
        problems.append(f"{ENGLISH_PATH} is not the complete English catalog")
    return problems


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m baccarat.i18n.extract", description=__doc__)
    parser.add_argument("--check", action="store_true", help="only report stale catalogs")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for problem in problems:
            sys.stderr.write(f"{problem}: run `make messages`\n")
        return 1 if problems else 0
    template = extract()
    POT_PATH.parent.mkdir(parents=True, exist_ok=True)
    POT_PATH.write_bytes(_render(template))
    ENGLISH_PATH.parent.mkdir(parents=True, exist_ok=True)
    ENGLISH_PATH.write_bytes(_render(english_catalog(template)))
    sys.stdout.write(f"wrote {POT_PATH} and {ENGLISH_PATH} ({len(template)} messages)\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
