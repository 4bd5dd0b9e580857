"""Message catalogs read at run time: ``locale/<lang>/LC_MESSAGES/messages.po``, no compile step.

Babel parses the ``.po`` file and writes the binary catalog into memory, which Python's
:mod:`gettext` machinery then reads; a translator edits one text file and restarts. English is the
source language: its catalog maps every message to itself, so it is complete by construction and
a missing translation elsewhere falls back to English.

The explanations of the engine (:data:`baccarat.core.explain.ENGLISH`) are translated here too,
with the context ``explain``, so a language supplies the same sentences keyed by the same reason
codes; so are the words of pay tables (:data:`baccarat.core.conditions.PAYS_ENGLISH`, context ``pays``).
The features above this package hand their own tables to :meth:`Translator.translated` (the road
labels, the Chemin de Fer choice points, a fair shoe's mismatches): this package imports none of
them.

>>> en = get_translator("en")
>>> en.gettext("virtual points only")
'virtual points only'
>>> negotiate("hu-HU,hu;q=0.9,en;q=0.5", ("en",))
'en'
"""

from __future__ import annotations

import io
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from pathlib import Path

from babel import Locale, negotiate_locale
from babel.support import Translations

from baccarat.core.conditions import PAYS_ENGLISH
from baccarat.core.explain import ENGLISH
from baccarat.core.messages import MessageTable
from baccarat.core.tableau import Action, Side

__all__ = [
    "DOMAIN",
    "EXPLAIN",
    "LOCALE_DIR",
    "PAYS",
    "SOURCE_LANGUAGE",
    "Translator",
    "available_languages",
    "get_translator",
    "negotiate",
]

LOCALE_DIR = Path(__file__).parent / "locale"
DOMAIN = "messages"
SOURCE_LANGUAGE = "en"
EXPLAIN = MessageTable(ENGLISH, context="explain")
"""The engine's explanation templates (the msgid is the English text), keyed by reason code."""
PAYS = MessageTable(PAYS_ENGLISH, context="pays")
"""The words of pay tables."""


def _po_path(language: str) -> Path:
    return LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def available_languages() -> tuple[str, ...]:
    """Languages with a catalog, the source language first."""
    found = sorted(p.parent.parent.name for p in LOCALE_DIR.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
    return (SOURCE_LANGUAGE, *(lang for lang in found if lang != SOURCE_LANGUAGE))


def load_translations(path: Path, language: str) -> Translations:
    """Read a ``.po`` file into gettext translations, compiling it in memory."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with path.open("rb") as po:
        catalog = read_po(po, locale=language, domain=DOMAIN)
    buffer = io.BytesIO()
    write_mo(buffer, catalog)
    buffer.seek(0)
    return Translations(buffer, domain=DOMAIN)


@dataclass(frozen=True)
class Translator:
    """One language: gettext functions, the engine's explanation templates, and the Babel locale."""

    language: str
    translations: Translations
    locale: Locale = field(compare=False)

    def gettext(self, message: str) -> str:
        return self.translations.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.translations.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return str(self.translations.pgettext(context, message))

    def npgettext(self, context: str, singular: str, plural: str, n: int) -> str:
        return str(self.translations.npgettext(context, singular, plural, n))

    def translated(self, table: MessageTable) -> Mapping[str, str]:
        """A table of a feature (kept in English by key) with every entry in this language."""
        return _translated(self, table)

    @property
    def explain_templates(self) -> Mapping[str, str]:
        """:data:`~baccarat.core.explain.ENGLISH` with every sentence in this language."""
        return self.translated(EXPLAIN)

    @property
    def pays_templates(self) -> Mapping[str, str]:
        """:data:`~baccarat.core.conditions.PAYS_ENGLISH` with every word in this language."""
        return self.translated(PAYS)

    # Made once per language: every coup explained reads them (a page coup, several times).
    @cached_property
    def side_names(self) -> Mapping[Side, str]:
        return {side: self.pgettext("side", side.title) for side in Side}

    @cached_property
    def action_names(self) -> Mapping[Action, str]:
        return {action: self.pgettext("action", action.value) for action in Action}


@cache
def _translated(translator: Translator, table: MessageTable) -> Mapping[str, str]:
    return {
        key: translator.pgettext(table.context_of(key), text)
        for key, text in table.messages.items()
    }


@cache
def get_translator(language: str) -> Translator:
    """The translator for ``language`` (one of :func:`available_languages`; else English)."""
    if language not in available_languages():
        language = SOURCE_LANGUAGE
    path = _po_path(language)
    # The source language's catalog maps every message to itself (the extractor writes it so):
    # no translations give the same texts without reading it.
    read = language != SOURCE_LANGUAGE and path.exists()
    translations = load_translations(path, language) if read else Translations()
    return Translator(language, translations, Locale.parse(language))


def negotiate(accept_language: str | None, available: Iterable[str]) -> str:
    """The best of ``available`` for an ``Accept-Language`` header (the first one if none fits).

    >>> negotiate("vi;q=0.8, hu-HU", ("en", "vi", "hu"))
    'hu'
    >>> negotiate(None, ("en", "vi"))
    'en'
    """
    offered = tuple(available)
    ranked: list[tuple[float, int, str]] = []
    for position, part in enumerate((accept_language or "").split(",")):
        tag, *params = (piece.strip() for piece in part.split(";"))
        quality = 1.0
        for param in params:
            if param.startswith("q="):
                try:
                    quality = float(param[2:])
                except ValueError:
                    quality = 0.0
        if tag and tag != "*" and quality > 0:
            ranked.append((-quality, position, tag))
    preferred = [tag for _, _, tag in sorted(ranked)]
    return negotiate_locale(preferred, offered, sep="-") or offered[0]
