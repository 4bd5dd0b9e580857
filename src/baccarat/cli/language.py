"""The ``--lang`` option the commands share, and the language it picks.

``--lang`` wins; then ``BACCARAT_LANG``; then the locale decides (``LANGUAGE``, then ``LC_ALL``,
``LC_MESSAGES``, ``LANG``, as gettext reads them); a locale with no catalog falls back to
English. Babel is imported only when a command asks for a translator, so ``baccarat --help`` in
English stays fast.

>>> pick_language(None, {"LANG": "hu_HU.UTF-8"}, ("en", "vi", "hu"))
'hu'
>>> pick_language(None, {"LC_ALL": "C", "LANG": "vi_VN.UTF-8"}, ("en", "vi", "hu"))
'en'
>>> pick_language("vi-VN", {}, ("en", "vi", "hu"))
'vi'
>>> pick_language(None, {"BACCARAT_LANG": "hu", "LANG": "vi_VN.UTF-8"}, ("en", "vi", "hu"))
'hu'
>>> language_of_args(["deal", "--lang=vi", "--coups", "2"])
'vi'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Annotated

import typer

from baccarat.cli.errors import CliError

if TYPE_CHECKING:
    from baccarat.i18n.catalogs import Translator

__all__ = [
    "LangOption",
    "active_translator",
    "cli_translator",
    "forget_translator",
    "language_of_args",
    "pick_language",
    "use_language_of_args",
]


def _known_language(value: str | None) -> str | None:
    """``--lang``, refused where it names no language, wherever it is given: a group's
    (``baccarat --lang xx deal``) as a command's."""
    if value is not None:
        from baccarat.i18n.catalogs import available_languages

        pick_language(value, {}, available_languages())
    return value


LangOption = Annotated[
    str | None,
    typer.Option(
        "--lang",
        metavar="[en|vi|hu]",
        help="Language of the output, the messages and the help.",
        show_default="BACCARAT_LANG, else the locale (LC_ALL, LC_MESSAGES, LANG)",
        callback=_known_language,
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
            raise CliError("unknown_language", lang=lang, languages=", ".join(available))
        return code
    chosen = _base(environ.get("BACCARAT_LANG", ""))
    if chosen in available:
        return chosen
    locale = next((environ[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if environ.get(v)), "")
    if _base(locale) in ("", "c", "posix"):
        # gettext ignores LANGUAGE in the C locale; so do we.
        return _SOURCE
    preferences = [*environ.get("LANGUAGE", "").split(":"), locale]
    return next((_base(t) for t in preferences if t and _base(t) in available), _SOURCE)


_from_args: list[str] = []
"""The ``--lang`` of the command line, wherever it was given (``baccarat --lang vi deal``)."""

_active: list[Translator] = []
"""The translator the running command picked, for the error line :func:`baccarat.cli.main`
prints (a one-item stack: commands run one at a time)."""


def language_of_args(args: Sequence[str]) -> str | None:
    """The value of the first ``--lang`` among a command line's arguments, if any: the help and
    the usage errors speak it before the command itself reads its options."""
    for n, arg in enumerate(args):
        if arg == "--":
            break
        if arg == "--lang" and n + 1 < len(args):
            return args[n + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
    return None


def use_language_of_args(args: Sequence[str]) -> Translator:
    """The translator of a command line before it runs: its ``--lang`` if that names a
    language, else ``BACCARAT_LANG`` or the locale (a bad ``--lang`` is refused by the command,
    in the locale's language)."""
    from baccarat.i18n.catalogs import available_languages

    lang = language_of_args(args)
    if lang is not None and _base(lang) not in available_languages():
        lang = None
    _from_args[:] = [lang] if lang is not None else []
    return cli_translator(lang)


def cli_translator(lang: str | None) -> Translator:
    """The translator for a command's ``--lang`` value (or the locale); it also speaks the
    command's error line, so a command calls this before it checks its input."""
    from baccarat.i18n.catalogs import available_languages, get_translator

    if lang is None and _from_args:
        lang = _from_args[0]
    translator = get_translator(pick_language(lang, os.environ, available_languages()))
    _active[:] = [translator]
    return translator


def active_translator() -> Translator:
    """The running command's translator; before a command picked one, the locale's."""
    return _active[0] if _active else cli_translator(None)


def forget_translator() -> None:
    """Start a command line afresh (a test may run several in one process)."""
    _active.clear()
    _from_args.clear()
