"""The catalogs follow the glossary, and translators' tools accept them.

The glossary (``src/baccarat/i18n/glossary.toml``, shown as ``docs/glossary.md``) gives each
concept one term per language. A catalog fails here when it uses a word the glossary forbids, when
a message whose English names a concept does not use the concept's term (the concept translated
two ways), when a first mention lacks its gloss, when ``msgfmt -c`` or Babel's own checks reject
it, or when an ambiguous message has no comment for its translator.
"""

from __future__ import annotations

import io
import shutil
import subprocess
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from baccarat.i18n import extract
from baccarat.i18n.catalogs import DOMAIN, LOCALE_DIR
from baccarat.i18n.glossary import (
    Glossary,
    catalog_problems,
    english_words,
    load,
    message_key,
    render_markdown,
)

LANGUAGES = tuple(lang for lang in load().languages if lang != "en")
ROOT = Path(__file__).resolve().parents[2]
CATALOGS = [LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po" for lang in ("en", *LANGUAGES)]


@cache
def catalog(language: str) -> Catalog:
    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


@cache
def template() -> Catalog:
    return extract.extract()


def _po(language: str, entries: str) -> Catalog:
    text = f'msgid ""\nmsgstr ""\n"Language: {language}\\n"\n\n{entries}'
    return read_po(io.BytesIO(text.encode()), locale=language)


def _kinds(problems: list[str]) -> list[str]:
    return sorted(p.split(":")[0] for p in problems)


# --- the catalogs follow the glossary ------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_translation_uses_a_word_the_glossary_forbids(language: str) -> None:
    problems = [
        p for p in catalog_problems(load(), language, catalog(language)) if "forbidden" in p
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_concept_is_translated_one_way(language: str) -> None:
    problems = [
        p for p in catalog_problems(load(), language, catalog(language)) if "does not say" in p
    ]
    assert not problems, "\n".join(problems)


@pytest.mark.parametrize("language", LANGUAGES)
def test_first_mentions_show_the_gloss(language: str) -> None:
    problems = [
        p for p in catalog_problems(load(), language, catalog(language)) if "first mention" in p
    ]
    assert not problems, "\n".join(problems)


def test_a_forbidden_word_fails_the_check() -> None:
    po = _po("hu", 'msgid "The cut card is out."\nmsgstr "Kijött a vágólap."\n')
    assert _kinds(catalog_problems(load(), "hu", po)) == ["hu cut-card", "hu cut-card"]
    po = _po("hu", 'msgid "Commitment"\nmsgstr "Kötelezettségvállalás"\n')
    assert "forbidden" in " ".join(catalog_problems(load(), "hu", po))


def test_a_writing_rule_forbids_the_automatic_hungarian_article() -> None:
    # Each a(z) of the catalog was reworded; the rule keeps one from coming back.
    po = _po("hu", 'msgid "{name} is unknown"\nmsgstr "a(z) {name} ismeretlen"\n')
    assert [p.split(":")[0] for p in catalog_problems(load(), "hu", po)] == ["hu rule"]
    assert catalog_problems(load(), "vi", _po("vi", 'msgid "x"\nmsgstr "a(z) x"\n')) == []


def test_a_concept_translated_another_way_fails_the_check() -> None:
    one_way = 'msgid "cut card"\nmsgstr "vágókártya"\n\nmsgid "The cut card is out."\nmsgstr "Kijött a vágókártya."\n'
    assert catalog_problems(load(), "hu", _po("hu", one_way)) == []
    two_ways = one_way.replace('"Kijött a vágókártya."', '"Kijött a kártya."')
    (problem,) = catalog_problems(load(), "hu", _po("hu", two_ways))
    assert problem.startswith("hu cut-card: (None, 'The cut card is out.') does not say")


def test_what_a_user_types_is_not_a_concept() -> None:
    # Options, quoted literals and identifiers stay English in every language.
    assert english_words("--coups must be at least 1, got {coups}") == " must be at least 1, got "
    assert "pays" not in english_words("expected a table with 'when' and 'pays'")
    assert english_words("the Player's hand") == "the Player's hand"


# --- the glossary itself -------------------------------------------------------------------------


def test_the_glossary_page_is_generated_from_the_data() -> None:
    page = (ROOT / "docs" / "glossary.md").read_text(encoding="utf-8")
    assert page == render_markdown(load()), "run: python -m baccarat.i18n.glossary"


def test_every_concept_has_one_term_in_each_language_and_a_source() -> None:
    glossary: Glossary = load()
    areas = {key for key, _title in glossary.areas}
    keys = [c.key for c in glossary.concepts]
    assert len(keys) == len(set(keys))
    assert {c.area for c in glossary.concepts} == areas
    for concept in glossary.concepts:
        assert all(concept.terms[lang].strip() for lang in glossary.languages), concept.key
        assert set(concept.sources) == set(LANGUAGES), concept.key
        assert concept.english_name <= set(concept.gloss) | {"hu"}, concept.key


def test_every_concept_the_check_looks_for_is_in_the_english() -> None:
    english = [m for m in template() if m.id]
    for concept in load().concepts:
        if concept.find.get("en"):
            assert any(
                concept.names_it(i)
                for m in english
                for i in ([m.id] if isinstance(m.id, str) else m.id)
            ), concept.key


def test_every_message_the_glossary_names_exists() -> None:
    keys = {message_key(m) for m in template() if m.id}
    glossary = load()
    named = set(glossary.notes)
    for concept in glossary.concepts:
        named |= concept.exempt | {m.key for m in concept.first}
    assert not sorted(named - keys, key=str)


# --- translators' tools accept every catalog -----------------------------------------------------


@pytest.mark.parametrize("path", CATALOGS, ids=lambda p: p.parent.parent.name)
def test_msgfmt_accepts_the_catalog(path: Path) -> None:
    msgfmt = shutil.which("msgfmt")
    if msgfmt is None:
        pytest.skip("msgfmt (GNU gettext) is not installed; make test installs it")
    done = subprocess.run(
        [msgfmt, "-c", "-o", "/dev/null", str(path)], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr


@pytest.mark.parametrize("language", ["en", *LANGUAGES])
def test_babel_checks_accept_the_catalog(language: str) -> None:
    problems = []
    for message in catalog(language):
        if not message.id:
            continue
        if "no-python-format" in message.flags:
            # Babel re-derives python-format from the msgid; the file says it is not one.
            message.flags.discard("python-format")
        problems += [
            f"{message_key(message)}: {error}" for error in message.check(catalog(language))
        ]
    assert not problems, problems


def test_a_percent_that_is_no_placeholder_is_marked_so() -> None:
    for language in ("en", *LANGUAGES):
        text = (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").read_text(encoding="utf-8")
        for msgid in ('msgid "Frequencies (% of coups;', 'msgid "Player 1:1; Banker 0.95:1 (5 %'):
            block = text[: text.index(msgid)].rsplit("\n\n", 1)[-1]
            assert "#, no-python-format" in block and "python-format," not in block, language


# --- comments for translators --------------------------------------------------------------------


def _notes_needed() -> set[tuple[str | None, str]]:
    one_letter = {message_key(m) for m in template() if isinstance(m.id, str) and len(m.id) == 1}
    return set(load().notes) | one_letter


def test_every_ambiguous_message_has_a_comment_for_its_translator() -> None:
    bare = []
    for key in sorted(_notes_needed(), key=str):
        message = template().get(key[1], context=key[0])
        assert message is not None, key
        if not any(c.startswith("Translators:") for c in message.auto_comments):
            bare.append(key)
    assert not bare, f"no '# Translators:' comment (code) or glossary note (data) for {bare}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_each_catalog_carries_the_comments_to_its_translator(language: str) -> None:
    stale = []
    for key in sorted(_notes_needed(), key=str):
        translated = catalog(language).get(key[1], context=key[0])
        wanted = template().get(key[1], context=key[0])
        assert translated is not None and wanted is not None, key
        # A .po file wraps a long comment over several "#." lines, each read back as one comment.
        if " ".join(translated.auto_comments) != " ".join(wanted.auto_comments):
            stale.append(key)
    assert not stale, f"{language}: copy the template's comments for {stale}"
