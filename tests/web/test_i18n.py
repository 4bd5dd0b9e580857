"""Every user-facing string goes through gettext, and the catalogs are complete and current.

The decisive test renders every page in a pseudo-language whose every translation is wrapped in
``⟦…⟧``: any visible text (or label, title, tooltip) left outside the brackets, other than
numbers, card symbols and punctuation, is a string that bypassed gettext.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser

import pytest
from babel import Locale
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.support import Translations
from fastapi import FastAPI

import baccarat.web.context
from baccarat.i18n import extract
from baccarat.i18n.catalogs import Translator, get_translator, negotiate

from .conftest import Browser, deal, table_id


def _pseudo_translator() -> Translator:
    with extract.ENGLISH_PATH.open("rb") as handle:
        catalog = read_po(handle, locale="en")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.string, tuple | list):
            message.string = tuple(f"⟦{s}⟧" for s in message.string)
        else:
            message.string = f"⟦{message.string}⟧"
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translator("en", Translations(buffer, domain="messages"), Locale("en"))


_EXEMPT = re.compile(
    r"^[\d\s.,:;%+\-−±–—/()·|#=×•…\"']*$"  # numbers and punctuation
    r"|^(A|K|Q|J|T|10|[2-9])$"  # card ranks
    r"|^[♠♥♦♣]$"  # suits
)
_ATTRIBUTES = ("aria-label", "title", "alt", "placeholder")


class _Texts(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            if name in _ATTRIBUTES and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data.strip())


def _untranslated(html: str) -> list[str]:
    # The language links name each language in itself, on purpose.
    html = re.sub(r'<a [^>]*\bhreflang="[^"]+"[^>]*>.*?</a>', "", html)
    # A value quoted inside a sentence (a seed in <code>) is part of that sentence's text.
    html = re.sub(r"</?code\b[^>]*>", "", html)
    parser = _Texts()
    parser.feed(html)
    leaks = []
    for text in parser.texts:
        rest = text
        while True:
            shorter = re.sub(r"⟦[^⟦⟧]*⟧", "", rest)
            if shorter == rest:
                break
            rest = shorter
        if not _EXEMPT.match(rest.strip()):
            leaks.append(text)
    return leaks


def test_every_page_is_translated(app: FastAPI, monkeypatch: pytest.MonkeyPatch) -> None:
    pseudo = _pseudo_translator()
    monkeypatch.setattr(baccarat.web.context, "get_translator", lambda _language: pseudo)
    visitor = Browser(app)
    pages = {"gate": visitor.get("/gate").text, "adults": visitor.get("/adults-only").text}
    browser = Browser(app)
    browser.post("/gate", data={"adult": "yes"})
    table = table_id(browser)
    coups = [deal(browser, table, {"player": 10, "tie": 5}).json() for _ in range(8)]
    assert "⟦" in coups[0]["coup"]["result"]  # the API speaks the language too
    pages |= {
        "table": browser.get("/table").text,
        "panels": browser.get(f"/table/panels?table={table}").text,
        "history": browser.get("/history").text,
        "coup": browser.get(f"/coups/{coups[0]['coup']['id']}").text,
        "missing": browser.get("/no/such/page").text,
        "refused": browser.post(
            "/table/deal", data={"table_id": str(table), "stake_player": "20000"}
        ).text,
        "new table": browser.post("/table/new", data={"rule_set": "ez", "decks": "1"}).text,
    }
    leaks = {name: _untranslated(html) for name, html in pages.items()}
    # Even a rule set's own refusal (the engine's stake error) is rendered from its template.
    assert "⟦stake of ⟦20,000 points⟧ on " in pages["refused"]
    assert "the table maximum of ⟦10,000 points⟧" in pages["refused"]
    assert {name: found for name, found in leaks.items() if found} == {}


def test_the_catalogs_are_current_and_english_is_complete() -> None:
    assert extract.check() == []
    with extract.ENGLISH_PATH.open("rb") as handle:
        english = read_po(handle, locale="en")
    assert len(english) > 200
    for message in english:
        if message.id:
            assert message.string and not message.fuzzy, message.id


def test_english_translates_to_itself() -> None:
    en = get_translator("en")
    assert en.gettext("no prizes") == "no prizes"
    assert en.ngettext("%(num)s deck", "%(num)s decks", 2) == "%(num)s decks"
    assert en.pgettext("side", "Banker") == "Banker"
    assert get_translator("zz").language == "en"  # unknown languages fall back to English


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        (None, "en"),
        ("", "en"),
        ("vi-VN,vi;q=0.9", "vi"),
        ("fr;q=0.9, hu;q=0.8", "hu"),
        ("de, *;q=0.1", "en"),
        ("hu;q=0, vi;q=0.5", "vi"),
        ("garbage;;q=x", "en"),
    ],
)
def test_negotiate_picks_the_best_offered_language(header: str | None, expected: str) -> None:
    assert negotiate(header, ("en", "vi", "hu")) == expected


def test_the_environment_reads_a_dicts_keys_as_jinja_does() -> None:
    # make_environment reads ``a.b`` of a plain dict by its key without raising first; Jinja's
    # own reading gives the same answer for keys, for names of dict methods, for dict
    # subclasses, for objects and for what is missing.
    import jinja2

    from baccarat.web.i18n import make_environment

    class Counts(dict[str, int]):
        pass

    ours = make_environment()
    plain = jinja2.Environment(undefined=jinja2.StrictUndefined)
    data = {"count": 3, "items": "a key named like a method", "get": 1}
    for obj in (data, Counts(count=4, keys=5), Locale("en"), 7, None):
        for name in ("count", "items", "get", "keys", "__class__", "language", "real", "gone"):
            mine, jinjas = ours.getattr(obj, name), plain.getattr(obj, name)
            if isinstance(jinjas, jinja2.Undefined):
                assert isinstance(mine, jinja2.StrictUndefined)
                assert mine._undefined_name == jinjas._undefined_name == name
                assert mine._undefined_obj is jinjas._undefined_obj is obj
            else:
                assert mine == jinjas, (obj, name)


_CHARGED = {
    "en": "Nothing was charged.",
    "vi": "Không trừ điểm nào.",
    "hu": "Semmit sem vontunk le.",
}


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_a_refusal_is_a_sentence_before_nothing_was_charged(app: FastAPI, language: str) -> None:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    headers = {"Accept-Language": language}
    table = table_id(browser)
    fields = {"table_id": str(table), "stake_banker": "20000"}
    page = browser.post("/table/deal", data=fields, headers=headers).text
    alert = re.search(r'<p class="error" role="alert" id="error">(.*?)</p>', page, re.S)
    assert alert is not None
    text = " ".join(alert[1].split())
    # One full stop between the refusal and the note; the bet by its title, without quotes.
    assert text.endswith(". " + _CHARGED[language]) and ".. " not in text, text
    assert text[0].isupper() and "'" not in text, text
    assert "a(z)" not in text


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "The list of stakes is required."),
        ("vi", "Cần nhập danh sách mức cược."),
        ("hu", "A tétek listája: kötelező megadni."),
    ],
)
def test_missing_fields_are_named_in_words(app: FastAPI, language: str, sentence: str) -> None:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    headers = {"Accept-Language": language, "Idempotency-Key": "missing-" + language}
    url = f"/api/tables/{table_id(browser)}/deal"
    refused = browser.post(url, json={}, headers=headers).json()
    assert sentence in refused["detail"] and refused["errors"][0]["msg"] == sentence
    assert "The stakes is" not in refused["detail"]
    quiz = browser.get("/quiz/play", headers=headers).text  # no round in the address
    assert "'round'" not in quiz and "'q'" not in quiz


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_the_break_page_gives_the_sessions_start_as_a_local_time(
    app: FastAPI, language: str
) -> None:
    browser = Browser(app)
    assert browser.post("/api/session", json={"adult": True}).status_code == 201
    assert deal(browser, table_id(browser), {"banker": 5}).status_code == 200
    page = browser.get("/break", headers={"Accept-Language": language}).text
    main = page[page.index("<main") : page.index("</main>")]
    stamp = re.search(
        r'<time datetime="(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ)" data-local="time">', main
    )
    assert stamp is not None, main
    # Every "UTC" of the page is a fallback text inside a <time> that the script rewrites.
    assert "UTC" not in re.sub(r"<time [^>]*datetime=[^>]*>[^<]*</time>", "", main)
