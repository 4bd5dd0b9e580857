"""The glossary: one term per concept in each language, and the checks that hold catalogs to it.

The data lives in ``glossary.toml`` beside the catalogs; ``docs/glossary.md`` is generated from
it: ``python -m baccarat.i18n.glossary [--check]``. A catalog follows the glossary when no
translation uses a forbidden word, every message whose English names a concept translates it
with the concept's term, and each concept's first mention on a page shows what the glossary says
it shows (the English name with the native gloss, or the other way round).

>>> glossary = load()
>>> glossary.concept("cut-card").terms["hu"]
'vágókártya'
>>> glossary.concept("big-road").shown("vi")
'Big Road (đường lớn)'
>>> strip_placeholders("the cut card lies %(cut)s cards from {where}")
'the cut card lies  cards from '
"""

from __future__ import annotations

import argparse
import re
import sys
import tomllib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from babel.messages.catalog import Catalog, Message
from babel.messages.pofile import read_po

from baccarat.i18n.catalogs import DOMAIN, LOCALE_DIR, SOURCE_LANGUAGE

__all__ = [
    "GLOSSARY_PATH",
    "Concept",
    "Glossary",
    "Key",
    "catalog_problems",
    "english_words",
    "load",
    "main",
    "render_markdown",
    "strip_placeholders",
]

GLOSSARY_PATH = Path(__file__).with_name("glossary.toml")
DOC_PATH = Path("docs") / "glossary.md"
"""Where ``main`` writes the page, relative to the repository root it runs in."""

Key = tuple[str | None, str]
"""A message's ``(context, msgid)``; the singular msgid of a plural message."""

_PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\(\w+\)[sd]|%%")
# What a user types or a file holds stays in English in every language: options (--coups), TOML
# tables ([bets]), quoted literals ('pays') and identifiers (player.cards, banker_pair).
_CODE = re.compile(r"--[\w-]+|\[[^\]]*\]|(?<!\w)'[^']*'(?!\w)|\"[^\"]*\"|\b\w+(?:[._]\w+)+\b")


def strip_placeholders(text: str) -> str:
    """``text`` without its ``{name}`` and ``%(name)s`` placeholders (their words are not English)."""
    return _PLACEHOLDER.sub("", text)


def english_words(text: str) -> str:
    """The words of an English message that a translation must carry: no placeholders, no code.

    >>> english_words("give --bet BET=POINTS such as 'banker', got {spec!r}")
    'give  BET=POINTS such as , got '
    """
    return _CODE.sub("", strip_placeholders(text))


@dataclass(frozen=True)
class FirstMention:
    """The message where a page first names a concept, and what it must show there."""

    language: str
    key: Key
    shows: str


@dataclass(frozen=True)
class Concept:
    """One idea of the game or the product, with its one term in each language."""

    key: str
    area: str
    terms: Mapping[str, str]
    sources: Mapping[str, str]
    note: str = ""
    gloss: Mapping[str, str] = field(default_factory=dict)
    english_name: frozenset[str] = frozenset()
    find: Mapping[str, tuple[re.Pattern[str], ...]] = field(default_factory=dict)
    forbid: Mapping[str, tuple[re.Pattern[str], ...]] = field(default_factory=dict)
    exempt: frozenset[Key] = frozenset()
    first: tuple[FirstMention, ...] = ()

    def shown(self, language: str) -> str:
        """The term as a page shows it at first mention: with its gloss, if it has one."""
        term = self.terms[language]
        gloss = self.gloss.get(language)
        return f"{term} ({gloss})" if gloss else term

    def names_it(self, english: str) -> bool:
        """Whether an English message names this concept (placeholders aside)."""
        text = english_words(english)
        return any(pattern.search(text) for pattern in self.find.get("en", ()))

    def translates_it(self, language: str, text: str) -> bool:
        return any(pattern.search(text) for pattern in self.find.get(language, ()))


@dataclass(frozen=True)
class Glossary:
    """Every concept by area, each language's writing rules, and the notes for translators."""

    languages: tuple[str, ...]
    names: Mapping[str, str]
    areas: tuple[tuple[str, str], ...]
    concepts: tuple[Concept, ...]
    rules: tuple[tuple[str, str], ...]
    rule_forbids: Mapping[str, tuple[re.Pattern[str], ...]]
    """What a language's writing rules forbid in every message (a ``[[rule]]``'s ``forbid``)."""
    elsewhere: tuple[tuple[str, str], ...]
    notes: Mapping[Key, str | None]
    """Messages whose English needs a translator's comment, with the comment when the message
    lives in data (``None`` when its code carries a ``# Translators:`` comment)."""

    def concept(self, key: str) -> Concept:
        return next(c for c in self.concepts if c.key == key)


def _key(context: str | None, msgid: str) -> Key:
    return (context or None, msgid)


def _patterns(raw: Mapping[str, Sequence[str]]) -> dict[str, tuple[re.Pattern[str], ...]]:
    return {language: tuple(re.compile(p) for p in found) for language, found in raw.items()}


def _concept(raw: Mapping[str, Any], languages: Sequence[str]) -> Concept:
    """A concept from its TOML table (``tomllib`` gives untyped data; the tests check its shape)."""
    first = tuple(
        FirstMention(m["language"], _key(m["context"], m["msgid"]), m["shows"])
        for m in raw.get("first", [])
    )
    return Concept(
        key=raw["key"],
        area=raw["area"],
        terms={lang: raw[lang] for lang in languages},
        sources=dict(raw.get("from", {})),
        note=raw.get("note", ""),
        gloss=dict(raw.get("gloss", {})),
        english_name=frozenset(raw.get("english_name", [])),
        find=_patterns(raw.get("find", {})),
        forbid=_patterns(raw.get("forbid", {})),
        exempt=frozenset(_key(c, m) for c, m in raw.get("exempt", [])),
        first=first,
    )


def _rule_forbids(rules: Sequence[Mapping[str, Any]]) -> dict[str, list[str]]:
    """Each language's forbidden patterns, gathered from its ``[[rule]]`` tables."""
    forbids: dict[str, list[str]] = {}
    for rule in rules:
        forbids.setdefault(rule["language"], []).extend(rule.get("forbid", []))
    return forbids


@cache
def load(path: Path = GLOSSARY_PATH) -> Glossary:
    """The glossary in ``path`` (the package's own by default)."""
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    return Glossary(
        languages=tuple(data["languages"]),
        names=data["names"],
        areas=tuple((a["key"], a["title"]) for a in data["area"]),
        concepts=tuple(_concept(c, data["languages"]) for c in data["concept"]),
        rules=tuple((r["language"], r["text"]) for r in data["rule"]),
        rule_forbids=_patterns(_rule_forbids(data["rule"])),
        elsewhere=tuple((e["finding"], e["why"]) for e in data["elsewhere"]),
        notes={_key(m["context"], m["msgid"]): m.get("comment") for m in data["message"]},
    )


def _forms(value: str | Sequence[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


def message_key(message: Message) -> Key:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return _key(message.context, ident)


def _translated(catalog: Catalog) -> Iterator[tuple[Key, list[str], list[str]]]:
    for message in catalog:
        if message.id:
            # A value's placeholder joins its words with _ (HẠT_GIỐNG): read as the words.
            texts = [strip_placeholders(text).replace("_", " ") for text in _forms(message.string)]
            yield message_key(message), _forms(message.id), texts


def catalog_problems(glossary: Glossary, language: str, catalog: Catalog) -> list[str]:
    """Every way ``catalog`` (in ``language``) departs from the glossary, one line each."""
    problems: list[str] = []
    messages = {key: (ids, texts) for key, ids, texts in _translated(catalog)}
    for pattern in glossary.rule_forbids.get(language, ()):
        for key, (_ids, texts) in messages.items():
            problems.extend(
                f"{language} rule: forbidden {pattern.pattern!r} in {key}: {text!r}"
                for text in texts
                if pattern.search(text)
            )
    for concept in glossary.concepts:
        for pattern in concept.forbid.get(language, ()):
            for key, (_ids, texts) in messages.items():
                for text in texts:
                    if pattern.search(text):
                        problems.append(
                            f"{language} {concept.key}: forbidden {pattern.pattern!r} in {key}: "
                            f"{text!r}"
                        )
        if concept.find.get(language):
            for key, (ids, texts) in messages.items():
                if key in concept.exempt or not any(concept.names_it(i) for i in ids):
                    continue
                for text in texts:
                    if not concept.translates_it(language, text):
                        problems.append(
                            f"{language} {concept.key}: {key} does not say "
                            f"{concept.terms[language]!r}: {text!r}"
                        )
        for mention in concept.first:
            if mention.language != language:
                continue
            found = messages.get(mention.key)
            # A missing message is the completeness check's to report.
            if found is not None and not any(mention.shows in text for text in found[1]):
                problems.append(
                    f"{language} {concept.key}: first mention {mention.key} does not show "
                    f"{mention.shows!r}"
                )
    return problems


def _cell(text: str) -> str:
    return " ".join(text.split()).replace("|", "\\|")


def _term(concept: Concept, language: str) -> str:
    term = f"**{concept.terms[language]}**"
    gloss = concept.gloss.get(language)
    return f"{term} ({gloss})" if gloss else term


def _source(concept: Concept) -> str:
    return "; ".join(f"{lang}: {text}" for lang, text in concept.sources.items())


def _note(concept: Concept) -> str:
    parts = [concept.note] if concept.note else []
    if concept.english_name:
        langs = " and ".join(sorted(concept.english_name))
        parts.append(f"Players use the English name ({langs}).")
    if concept.first:
        parts.append(
            "First mention: " + "; ".join(f"{m.language} *{m.shows}*" for m in concept.first)
        )
    return _cell(" ".join(parts))


def _lines(glossary: Glossary) -> Iterator[str]:
    names = [glossary.names[lang] for lang in glossary.languages]
    yield "# Glossary: one term per concept"
    yield ""
    yield (
        "Every catalog follows this page. It is generated from `src/baccarat/i18n/glossary.toml` "
        "by `python -m baccarat.i18n.glossary`; `tests/i18n/test_glossary.py` fails when a "
        "catalog uses a word the glossary forbids, when a message whose English names a "
        "concept does not use the concept's term, when a first mention does not show the "
        "English name with its gloss (or the native term with the English name), or when a "
        "message listed as ambiguous has no translator's comment. The seeds are the native "
        "pages in `shared/seeds/` (000, 001, 003, 004 Vietnamese; 002 Hungarian)."
    )
    for area, title in glossary.areas:
        yield ""
        yield f"## {title}"
        yield ""
        yield f"| {' | '.join(names)} | From | Note |"
        yield "|" + "---|" * (len(names) + 2)
        for concept in glossary.concepts:
            if concept.area == area:
                terms = [_term(concept, lang) for lang in glossary.languages]
                yield f"| {' | '.join(terms)} | {_cell(_source(concept))} | {_note(concept)} |"
    yield ""
    yield "## How each language writes"
    yield ""
    for language, text in glossary.rules:
        label = glossary.names.get(language, "Every language")
        yield f"- {label}: {_cell(text)}"
    yield ""
    yield "## Review findings the catalogs do not fix"
    yield ""
    yield "From `shared/design/l10n-review.md`; every other finding is fixed in the catalogs."
    yield ""
    for finding, why in glossary.elsewhere:
        yield f"- {_cell(finding)}: {_cell(why)}"
    data = sorted(f"`{msgid}`" for (_c, msgid), note in glossary.notes.items() if note)
    yield ""
    yield "## Notes for translators"
    yield ""
    yield (
        f"{len(glossary.notes)} messages are ambiguous in English and carry a comment in the "
        "catalogs: in code as `# Translators:` lines that extraction picks up, and for the words "
        f"that live in data ({', '.join(data)}) in `glossary.toml`, from which extraction adds "
        "them to the template."
    )


def render_markdown(glossary: Glossary) -> str:
    """``docs/glossary.md``: every area's table, the writing rules and the open findings."""
    return "\n".join(_lines(glossary)) + "\n"


def _catalogs(languages: Iterable[str]) -> Iterator[tuple[str, Catalog]]:
    for language in languages:
        path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
        if language != SOURCE_LANGUAGE and path.exists():
            with path.open("rb") as handle:
                yield language, read_po(handle, locale=language)


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m baccarat.i18n.glossary", description=__doc__)
    parser.add_argument("--check", action="store_true", help="change nothing; report problems")
    parser.add_argument("--output", type=Path, default=DOC_PATH, help="where the page goes")
    args = parser.parse_args(argv)
    glossary = load()
    page = render_markdown(glossary)
    if not args.check:
        args.output.write_text(page, encoding="utf-8")
        sys.stdout.write(f"wrote {args.output}\n")
        return 0
    problems = [
        p
        for lang, cat in _catalogs(glossary.languages)
        for p in catalog_problems(glossary, lang, cat)
    ]
    if not args.output.exists() or args.output.read_text(encoding="utf-8") != page:
        problems.append(f"{args.output} is stale: run python -m baccarat.i18n.glossary")
    for problem in problems:
        sys.stderr.write(problem + "\n")
    return 1 if problems else 0


if __name__ == "__main__":
    raise SystemExit(main())
