"""The Vietnamese and Hungarian catalogs: complete, with the same parameters as English, and in the
words players of each language use.

The messages expected are what Babel extracts from the code and templates (the application's own
extraction, :func:`baccarat.i18n.extract.extract`, plus every package with user-facing words), so
a message added anywhere without its translations fails here.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Iterator
from functools import cache

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from baccarat.core.cards import Card, Rank, Suit
from baccarat.core.coup import Coup
from baccarat.core.explain import ENGLISH, explain
from baccarat.core.tableau import Action, Side
from baccarat.i18n import extract
from baccarat.i18n.catalogs import DOMAIN, LOCALE_DIR, Translator, get_translator
from baccarat.learn.text import key_for

LANGUAGES = ("vi", "hu")
# Packages whose messages the application's extraction may not list yet.
EXTRA_SOURCES = ("learn", "cli")

Key = tuple[str | None, str]


@cache
def expected() -> dict[Key, Message]:
    """Every message of the code and templates, by (context, id)."""
    template = extract.extract()
    for source in EXTRA_SOURCES:
        if source in extract.SOURCES:
            continue
        found = extract_from_dir(
            extract.PACKAGE / source,
            method_map=extract._METHODS,
            options_map=extract._OPTIONS,
            keywords=extract._KEYWORDS,
        )
        for filename, _lineno, message, _comments, context in found:
            template.add(message, locations=[(f"{source}/{filename}", 0)], context=context)
    return {_key(m): m for m in template if m.id}


def _key(message: Message) -> Key:
    ident = message.id if isinstance(message.id, str) else message.id[0]
    return message.context, ident


@cache
def catalog(language: str) -> Catalog:
    path = LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"
    with path.open("rb") as handle:
        return read_po(handle, locale=language, domain=DOMAIN)


def messages(language: str) -> dict[Key, Message]:
    return {_key(m): m for m in catalog(language) if m.id}


def text(language: str, context: str | None, ident: str) -> str:
    """The translation of a singular message."""
    value = messages(language)[(context, ident)].string
    assert isinstance(value, str), (context, ident)
    return value


def _forms(value: str | tuple[str, ...] | list[str] | None) -> list[str]:
    if value is None:
        return []
    return [value] if isinstance(value, str) else list(value)


_PERCENT = re.compile(r"%\((\w+)\)[sd]")


def parameters(text: str) -> frozenset[str]:
    """The named parameters of a message: ``{name}`` (str.format) and ``%(name)s`` (templates)."""
    braces = {name for _, name, _, _ in string.Formatter().parse(text) if name}
    return frozenset(braces | {f"%({name})" for name in _PERCENT.findall(text)})


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_has_every_message_translated(language: str) -> None:
    found = messages(language)
    missing = sorted(
        (str(ctx), ident)
        for (ctx, ident) in expected()
        if (ctx, ident) not in found
        or not _forms(found[(ctx, ident)].string)
        or not all(form.strip() for form in _forms(found[(ctx, ident)].string))
    )
    assert not missing, f"{language}: {len(missing)} messages without a translation: {missing}"
    fuzzy = sorted(ident for (ctx, ident), m in found.items() if m.fuzzy)
    assert not fuzzy, f"{language}: fuzzy translations: {fuzzy}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_catalog_has_no_message_the_code_no_longer_uses(language: str) -> None:
    stale = sorted(str(key) for key in set(messages(language)) - set(expected()))
    assert not stale, f"{language}: messages the code no longer has: {stale}"


@pytest.mark.parametrize("language", LANGUAGES)
def test_plural_messages_have_every_form_of_the_language(language: str) -> None:
    cat = catalog(language)
    for key, message in messages(language).items():
        if message.pluralizable:
            assert len(_forms(message.string)) == cat.num_plurals, key


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_translation_has_the_parameters_of_the_english(language: str) -> None:
    wrong = []
    for key, message in messages(language).items():
        ids = [message.id] if isinstance(message.id, str) else list(message.id)
        english = set().union(*(parameters(i) for i in ids))
        for form in _forms(message.string):
            # A plural form may leave the number out ("one deck") but never invent a parameter;
            # a singular message must say exactly what the English says.
            got = parameters(form)
            if (got != english) if isinstance(message.id, str) else not got <= english:
                wrong.append((key, sorted(english), sorted(got)))
    assert not wrong, f"{language}: parameters differ from English: {wrong}"


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("code", sorted(ENGLISH))
def test_each_explanation_template_has_the_english_parameters(language: str, code: str) -> None:
    translated = get_translator(language).explain_templates[code]
    assert translated != ENGLISH[code]
    assert parameters(translated) == parameters(ENGLISH[code]), code


def _every_step() -> Iterator[Coup]:
    zero = Card(Rank.KING, Suit.CLUBS)
    for values in itertools.product(range(10), repeat=3):
        cards = [
            Card(Rank(v), Suit.SPADES) if v else zero for v in (0, 0, *values[:2], values[2], 5)
        ]
        yield Coup.from_cards(cards)


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_step_explains_in_the_language_without_english_side_names(language: str) -> None:
    t = get_translator(language)
    english = {"Player", "Banker", "draws", "stands"}
    for coup in _every_step():
        for step in coup.steps:
            text = explain(step, t.explain_templates, t.side_names, t.action_names)
            assert "{" not in text and text != explain(step)
            assert not english & set(re.findall(r"\w+", text)), text


# The words players use (issue 9): a catalog must use them for the sides, actions and results,
# and must never use the words players do not.
TERMS = {
    "vi": {("side", "Player"): "Con", ("side", "Banker"): "Cái", ("bet", "Tie"): "Hòa",
           ("action", "draw"): "rút bài", ("action", "stand"): "dừng",
           ("roads.tie_result", "Tie"): "Hòa"},
    "hu": {("side", "Player"): "Játékos", ("side", "Banker"): "Bank", ("bet", "Tie"): "Döntetlen",
           ("action", "draw"): "húz", ("action", "stand"): "megáll",
           ("roads.tie_result", "Tie"): "Döntetlen"},
}  # fmt: skip
FORBIDDEN = {"vi": ("thẻ", "nhà cái"), "hu": ("nyakkendő",)}


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_terms_players_use(language: str) -> None:
    found = messages(language)
    for key, word in TERMS[language].items():
        assert text(language, *key) == word, key
    everything = " ".join(" ".join(_forms(m.string)) for m in found.values()).casefold()
    for word in FORBIDDEN[language]:
        assert word.casefold() not in everything, f"{language} uses {word!r}"


def test_vietnamese_uses_the_words_for_natural_and_card() -> None:
    natural = text("vi", "explain", "{side} has a natural {total}: both hands stand.")
    assert "bài tự nhiên" in natural
    third = "Banker has {total}; the Player's third card is {player_third}: Banker draws."
    assert "lá thứ ba" in text("vi", "explain", third)


def test_hungarian_uses_harmadik_lap() -> None:
    third = "Banker has {total}; the Player's third card is {player_third}: Banker draws."
    assert "harmadik lapja" in text("hu", "explain", third)


@pytest.mark.parametrize("language", LANGUAGES)
def test_bead_letters_tell_the_outcomes_apart(language: str) -> None:
    letters = [text(language, f"roads.{field}", mark)
               for field, mark in (("banker", "B"), ("player", "P"), ("tie", "T"))]  # fmt: skip
    assert len(set(letters)) == 3, letters
    # Con and Cái both start with C: a Vietnamese bead cannot use initials of the side names.
    names = [text(language, "side", "Banker"), text(language, "side", "Player")]
    if names[0][0] == names[1][0]:
        assert names[0][0] not in letters[:2]
    if language == "hu":
        assert letters == ["B", "J", "D"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_quiz_keys_are_distinct_letters_of_the_language(language: str) -> None:
    t: Translator = get_translator(language)
    keys = [key_for(Action.DRAW, t), key_for(Action.STAND, t), t.pgettext("key", "q")]
    assert len(set(keys)) == 3 and all(len(k) == 1 for k in keys), keys
    # Each answer key is the first letter of the action's word in the language.
    for action, key in zip((Action.DRAW, Action.STAND), keys, strict=False):
        assert t.action_names[action].casefold().startswith(key), (action, key)
    assert t.side_names[Side.PLAYER] != "Player"


@pytest.mark.parametrize("language", ["vi", "hu"])
def test_rule_set_notes_name_the_game_not_an_id(language: str) -> None:
    from baccarat.core.rules import RULE_SETS

    ids = sorted(RULE_SETS, key=len, reverse=True)
    for (context, ident), message in messages(language).items():
        if context != "rule set description":
            continue
        for form in (ident, *_forms(message.string)):
            assert not form.startswith(("As ", "Như ", "Mint a ")), form
            assert not any(re.search(rf"(?<![\w-]){re.escape(i)}(?![\w-])", form) for i in ids
                           if "-" in i), form  # fmt: skip
            # One sentence after another, never run together ("…pár.Mint a …").
            assert not re.search(r"[.!?][^\s\d)]", form.rstrip(".")), form
