"""Click's own words (usage errors, the headings of a help screen) in the command's language.

Click marks its messages for gettext (``from gettext import gettext as _`` in each module) but
ships no catalog. :func:`speaking` points those names at a translator for the length of one
command line, looking each message up under the context ``click``; :data:`CLICK` lists the
messages a person meets, so the extractor puts them in the catalogs. A message missing there
stays English.

>>> import click.exceptions
>>> class French:
...     def pgettext(self, context: str, message: str) -> str:
...         return {"No such option {name!r}.": "Pas d'option {name!r}."}.get(message, message)
>>> with speaking(French()):
...     click.exceptions.NoSuchOption("--nope").format_message()
"Pas d'option '--nope'."
>>> click.exceptions.NoSuchOption("--nope").format_message()
"No such option '--nope'."
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Protocol

from baccarat.core.errors import shown_input
from baccarat.core.messages import MessageTable

__all__ = ["CLICK", "CONTEXT", "INPUT_FIELDS", "click_text", "speaking", "unspoken"]

CONTEXT = "click"

CLICK = MessageTable(
    {
        "usage": "Usage:",
        "options": "Options",
        "commands": "Commands",
        "arguments": "Arguments",
        "help": "Show this message and exit.",
        "default": "default: {default}",
        "required": "required",
        "no_such_option": "No such option {name!r}.",
        "did_you_mean": "Did you mean {possibility}?",
        "did_you_mean_one_of": "(Did you mean one of: {possibilities}?)",
        "no_such_command": "No such command {name!r}.",
        "missing_command": "Missing command.",
        "missing_option": "Missing option",
        "missing_argument": "Missing argument",
        "missing_parameter": "Missing parameter",
        "invalid_value_for": "Invalid value for {param_hint}: {message}",
        "invalid_value": "Invalid value: {message}",
        "requires_argument": "Option {name!r} requires an argument.",
        "requires_arguments": "Option {name!r} requires {nargs} arguments.",
        "takes_no_value": "Option {name!r} does not take a value.",
        "extra_argument": "Got unexpected extra argument ({args})",
        "extra_arguments": "Got unexpected extra arguments ({args})",
        "not_a_number": "{value!r} is not a valid {number_type}.",
        "integer": "integer",
        "float": "float",
        "not_a_boolean": "{value!r} is not a valid boolean. Recognized values: {states}",
        "not_one_of": "{value!r} is not one of {choices}.",
        "not_in_range": "{value} is not in the range {range}.",
        "aborted": "Aborted!",
    },
    context=CONTEXT,
)
"""The messages of click that this command line can show."""

INPUT_FIELDS = frozenset({"name", "value", "args", "option"})
"""The fields of click's messages that quote what was typed (an option or a command that is
none, a value, extra arguments): each is cut to :data:`~baccarat.core.errors.MAX_SHOWN`
characters, as the package's own refusals cut theirs. A file's name (``filename``) stays whole."""


class _Template(str):
    """A message of click in the command line's language, whose :meth:`format` cuts the input
    it quotes (:data:`INPUT_FIELDS`) to what a refusal shows.

    >>> len(_Template("No such option {name!r}.").format(name="--" + "x" * 100))
    99
    """

    __slots__ = ()

    def format(self, *args: object, **kwargs: object) -> str:
        shown = {
            key: shown_input(value) if key in INPUT_FIELDS and isinstance(value, str) else value
            for key, value in kwargs.items()
        }
        return str.format(self, *args, **shown)


_MODULES = (
    "click.core",
    "click.exceptions",
    "click.types",
    "click.parser",
    "click.formatting",
    "click.decorators",
    "click.termui",
    "typer.core",  # Typer writes the defaults of its options with click's words
)


class _Speaks(Protocol):
    def pgettext(self, context: str, message: str) -> str: ...


class _Source:
    def pgettext(self, context: str, message: str) -> str:
        return message


_speaking: list[_Speaks] = []
"""The translator of the running command line (a one-item stack)."""


def click_text(key: str) -> str:
    """The message :data:`CLICK` keys as ``key``, in the running command line's language.

    >>> click_text("integer")
    'integer'
    """
    message = CLICK.messages[key]
    return _Template(_speaking[-1].pgettext(CONTEXT, message) if _speaking else message)


@contextmanager
def speaking(translator: _Speaks) -> Iterator[None]:
    """Within the block, click's messages are ``translator``'s."""

    def gettext(message: str) -> str:
        return _Template(translator.pgettext(CONTEXT, message))

    def ngettext(singular: str, plural: str, n: int) -> str:
        # The singular and the plural are two entries: a language with one form uses one text.
        return _Template(translator.pgettext(CONTEXT, singular if n == 1 else plural))

    saved: list[tuple[object, str, Callable[..., str]]] = []
    for name in _MODULES:
        module = importlib.import_module(name)
        for attribute, replacement in (("_", gettext), ("ngettext", ngettext)):
            if hasattr(module, attribute):
                saved.append((module, attribute, getattr(module, attribute)))
                setattr(module, attribute, replacement)
    _speaking.append(translator)
    try:
        yield
    finally:
        _speaking.pop()
        for module, attribute, original in reversed(saved):
            setattr(module, attribute, original)


@contextmanager
def unspoken() -> Iterator[None]:
    """Within the block, click's messages are its own again (English), whatever the command
    line speaks: the words click puts into a command as it is built (a path option's type name)
    are those of a command built before the command line started speaking.

    >>> import click.exceptions
    >>> class Shouting:
    ...     def pgettext(self, context: str, message: str) -> str:
    ...         return message.upper()
    >>> with speaking(Shouting()), unspoken():
    ...     click.exceptions.NoSuchOption("--nope").format_message()
    "No such option '--nope'."
    """
    with speaking(_Source()):
        yield
