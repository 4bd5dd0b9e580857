"""The ``--lang`` option the commands share, and the language it picks.

``--lang`` wins; without it the locale decides (``LANGUAGE``, then ``LC_ALL``, ``LC_MESSAGES``,
``LANG``, as gettext reads them); a locale with no catalog falls back to English. Babel is imported
only when a command asks for a translator, so ``baccarat --help`` stays fast.

>>> pick_language(None, {"LANG": "hu_HU.UTF-8"}, ("en", "vi", "hu"))
'hu'
>>> pick_language(None, {"LC_ALL": "C", "LANG": "vi_VN.UTF-8"}, ("en", "vi", "hu"))
'en'
>>> pick_language("vi-VN", {}, ("en", "vi", "hu"))
'vi'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli.errors import UnknownLanguageError

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = [
    "LangOption",
    "active_translator",
    "cli_translator",
    "forget_translator",
    "pick_language",
]

LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        help="Language of the explanations and messages: en, vi or hu "
        "(default: the locale, LC_ALL / LC_MESSAGES / LANG).",
        show_default=False,
    ),
]
"""Add ``lang: LangOption = None`` to a command, then call :func:`cli_translator` with it."""

_SOURCE = "en"


def _base(tag: str) -> str:
    """``vi_VN.UTF-8`` → ``vi``; ``hu-HU`` → ``hu``; ``C.UTF-8`` → ``c``."""
    return tag.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].strip().lower()


def pick_language(lang: str | None, environ: Mapping[str, str], available: Sequence[str]) -> str:
    """The language code to use: ``lang`` (which must be available), else the locale's."""
    if lang is not None:
        code = _base(lang)
        if code not in available:
            raise UnknownLanguageError(lang=lang, languages=", ".join(available))
        return code
    locale = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    if _base(locale) in ("", "c", "posix"):
        # gettext ignores LANGUAGE in the C locale; so do we.
        return _SOURCE
    preferences = [*environ.get("LANGUAGE", "").split(":"), locale]
    return next((_base(t) for t in preferences if t and _base(t) in available), _SOURCE)


_active: list[Translator] = []
"""The translator the running command picked, for the error line :func:`baccarat.cli.main`
prints (a one-item stack: commands run one at a time)."""


def cli_translator(lang: str | None) -> Translator:
    """The translator for a command's ``--lang`` value (or the locale); it also speaks the
    command's error line, so a command calls this before it checks its input."""
    from baccarat.i18n.catalogs import available_languages, get_translator

    translator = get_translator(pick_language(lang, os.environ, available_languages()))
    _active[:] = [translator]
    return translator


def active_translator() -> Translator:
    """The running command's translator; before a command picked one, the locale's."""
    return _active[0] if _active else cli_translator(None)


def forget_translator() -> None:
    """Start a command line afresh (a test may run several in one process)."""
    _active.clear()
