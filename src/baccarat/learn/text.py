"""The quiz's words in any language: prompts, verdicts, explanations, mode names.

Every sentence is a gettext message with named parameters, marked with :func:`N_` so Babel's
extractor puts it in the catalogs, and looked up through a
:class:`~baccarat.i18n.language.Language` — the translator of :mod:`baccarat.i18n.catalogs`, or
:data:`~baccarat.i18n.language.SOURCE` (English as written) where no catalog is loaded. The
explanation of a draw or a stand is the engine's own sentence
(:func:`baccarat.core.explain.explain`) in that language.

>>> import random
>>> from baccarat.learn.cells import Cell
>>> from baccarat.learn.situations import realize
>>> situation = realize(Cell.banker(3, 8), random.Random(4))
>>> banker = situation.questions[1]
>>> prompt(banker, SOURCE)
'Banker: draw or stand?'
>>> explanation(banker, SOURCE)
"Banker has 3; the Player's third card is 8: Banker stands."
>>> parse_answer("s", banker, SOURCE), parse_answer("draw", banker, SOURCE)
(<Action.STAND: 'stand'>, <Action.DRAW: 'draw'>)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from baccarat.core.explain import explain
from baccarat.core.tableau import Action
from baccarat.i18n.language import SOURCE, Language
from baccarat.i18n.markers import N_
from baccarat.learn.errors import LearnError
from baccarat.learn.quiz import Grade, Mode
from baccarat.learn.situations import Ask, Question

__all__ = [
    "MODE_DESCRIPTIONS",
    "MODE_NAMES",
    "SOURCE",
    "Language",
    "answer_text",
    "explanation",
    "key_for",
    "mode_description",
    "mode_name",
    "parse_answer",
    "prompt",
    "verdict",
]


MODE_NAMES: Mapping[Mode, str] = {
    Mode.NORMAL: N_("Normal"),
    Mode.TIMED: N_("Against the clock"),
    Mode.HARD: N_("Hard cells only"),
    Mode.NATURALS: N_("Naturals"),
    Mode.TOTALS: N_("Totals"),
}
MODE_DESCRIPTIONS: Mapping[Mode, str] = {
    Mode.NORMAL: N_("Draw or stand? Every cell of the Banker's table, and now and then a natural."),
    Mode.TIMED: N_("Draw or stand, with a time limit on every answer."),
    Mode.HARD: N_("Only the Banker totals whose action depends on the Player's third card."),
    Mode.NATURALS: N_(
        "Is there a natural on the table? Naturals against hands that stand on 6 or 7."
    ),
    Mode.TOTALS: N_("Count the total of two cards: add their values and keep the last digit."),
}


def mode_name(mode: Mode, lang: Language) -> str:
    return lang.gettext(MODE_NAMES[mode])


def mode_description(mode: Mode, lang: Language) -> str:
    return lang.gettext(MODE_DESCRIPTIONS[mode])


def key_for(action: Action, lang: Language) -> str:
    """The key that answers ``action`` in this language.

    "d" and "s" are English; a language picks letters of its own words (a Vietnamese "d" would
    mean dừng, stand), so the keys are messages with the context ``key``.
    """
    if action is Action.DRAW:
        # Translators: the key for "draw" in the quiz: the first letter of the word for draw.
        return lang.pgettext("key", "d")
    if action is Action.STAND:
        # Translators: the key for "stand" in the quiz: the first letter of the word for stand.
        return lang.pgettext("key", "s")
    raise LearnError(f"the quiz has no key for {action.value!r}")


def prompt(question: Question, lang: Language) -> str:
    """The question as asked."""
    side = lang.side_names[question.side]
    if question.ask is Ask.TOTAL:
        return lang.gettext(N_("{side}: what is the total of these two cards?")).format(side=side)
    return lang.gettext(N_("{side}: draw or stand?")).format(side=side)


def parse_answer(text: str, question: Question, lang: Language) -> Action | int:
    """Read a typed answer: a key or the action's word, or a total 0–9 for a totals question."""
    typed = " ".join(text.strip().casefold().split())
    if question.ask is Ask.TOTAL:
        if len(typed) == 1 and typed.isdigit():
            return int(typed)
        raise LearnError(f"expected a total from 0 to 9, got {text!r}")
    for action in (Action.DRAW, Action.STAND):
        names = {key_for(action, lang).casefold(), lang.action_names[action].casefold()}
        if typed in names:
            return action
    keys = " / ".join(
        f"{key_for(a, lang)} ({lang.action_names[a]})" for a in (Action.DRAW, Action.STAND)
    )
    raise LearnError(f"expected {keys}, got {text!r}")


def answer_text(answer: Action | int, lang: Language) -> str:
    """An answer as words: the action's name, or the total."""
    return lang.action_names[answer] if isinstance(answer, Action) else str(answer)


def explanation(question: Question, lang: Language) -> str:
    """Why the right answer is right: the engine's sentence, or how the total is counted."""
    if question.ask is Ask.ACTION:
        return explain(question.step, lang.explain_templates, lang.side_names, lang.action_names)
    values = [card.value for card in question.cards]
    points = sum(values)
    params = {
        "cards": " ".join(str(card) for card in question.cards),
        "values": " + ".join(str(v) for v in values),
        "sum": points,
        "total": points % 10,
    }
    if points >= 10:
        template = N_(
            "{cards}: {values} = {sum}; only the last digit counts: the total is {total}."
        )
    else:
        template = N_("{cards}: {values} = {sum}: the total is {total}.")
    return lang.gettext(template).format(**params)


def verdict(result: Grade, lang: Language, number: Callable[[float], str] | None = None) -> str:
    """Right, wrong (with the right answer) or too late.

    ``number`` writes seconds for the language (a decimal comma in Vietnamese and Hungarian);
    by default one decimal with a point.
    """
    number = number if number is not None else _seconds
    expected = answer_text(result.question.expected, lang)
    if result.late:
        return lang.gettext(
            N_("Too late ({elapsed} s; the limit is {limit} s): the answer is {answer}.")
        ).format(
            elapsed=number(result.elapsed or 0.0),
            limit=number(result.time_limit or 0.0),
            answer=expected,
        )
    if result.right:
        return lang.gettext(N_("Right: {answer}.")).format(answer=expected)
    return lang.gettext(N_("Wrong: the answer is {answer}.")).format(answer=expected)


def _seconds(seconds: float) -> str:
    """``8`` or ``9.2``: whole seconds without a decimal, else one decimal."""
    return f"{seconds:.0f}" if seconds == int(seconds) else f"{seconds:.1f}"
