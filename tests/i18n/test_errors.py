"""Refusals rendered in a language from their templates: the core's, the ledger's, and one inside
another."""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from baccarat.i18n.extract import ErrorMessage

from baccarat.core.errors import CardError
from baccarat.core.rules import RULE_SETS, get_rule_set
from baccarat.core.settle import StakeError, check_stakes
from baccarat.i18n.catalogs import get_translator
from baccarat.i18n.errors import error_text
from baccarat.ledger.errors import LedgerError
from support.errors import raises_code


def test_english_is_the_message_itself() -> None:
    err = StakeError(
        "stake_below_minimum", bet="tie", stake=99, minimum=100, rule_set="punto-banco"
    )
    assert error_text(err, get_translator("en")) == str(err)
    assert (
        str(err)
        == "stake of 0.99 points on 'tie' is below the table minimum of 1 point (punto-banco)"
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("vi", "mức cược vào 'banker' phải lớn hơn 0, nhưng nhận được -5 điểm"),
        ("hu", "'banker': a tét összege csak pozitív lehet, nem -5 pont"),
    ],
)
def test_a_stake_error_in_the_language(language: str, expected: str) -> None:
    with raises_code(StakeError, "stake_not_positive") as info:
        check_stakes({"banker": -500}, get_rule_set())
    assert error_text(info.value, get_translator(language)) == expected


def test_the_ledger_error_renders_the_engine_error_inside_it() -> None:
    with raises_code(StakeError, "stake_below_minimum") as info:
        check_stakes({"tie": 50}, get_rule_set())
    outer = LedgerError("bad_stake", detail=info.value)
    assert str(outer) == f"this stake cannot be placed: {info.value}"
    text = error_text(outer, get_translator("hu"))
    assert text.endswith(
        "'tie': 0.5 pont a tét, ez kevesebb az asztal 1 pont minimumánál (punto-banco)"
    )
    assert "table minimum" not in text and "stake" not in text
    # Hungarian names the bet first, as its form errors name a field: no "a(z)" before a name.
    assert "a(z)" not in text


@pytest.mark.parametrize(
    ("error", "expected"),
    [
        # The review's H3: a mistyped amount, then H11: an option's bounds, both articled "a".
        (("baccarat.core.money", "MoneyError", "not_an_amount", {"text": "abc"}),
         "érvénytelen pontszám: 'abc'"),
        (("baccarat.core.amounts", "AmountError", "amount_not_text", {"text": "x"}),
         "érvénytelen pontszám: 'x'; számjegyeket küldj, például 100 vagy 12.5"),
        (("baccarat.cli.errors", "CliError", "number_too_small",
          {"option": "--decks", "least": 1, "value": 0}),
         "a --decks értéke legalább 1 legyen, nem 0"),
        (("baccarat.lab.ruin", "RuinError", "ruin_too_large",
          {"option": "--paths", "most": 10, "text": "11"}),
         "a --paths legfeljebb 10 lehet, kapott érték: '11'"),
    ],
)  # fmt: skip
def test_hungarian_refusals_say_a_not_a_z(
    error: tuple[str, str, str, dict[str, object]], expected: str
) -> None:
    import importlib

    module, kind, code, params = error
    err = getattr(importlib.import_module(module), kind)(code, **params)
    assert error_text(err, get_translator("hu")) == expected


def test_points_use_the_number_format_given_and_words_are_translated() -> None:
    err = LedgerError("bad_stake", detail=StakeError("stake_below_minimum", bet="tie", stake=150, minimum=100_000,
                                                      rule_set="x"))  # fmt: skip
    text = error_text(err, get_translator("vi"), points=lambda minor: f"<{minor}>")
    assert "<150> điểm" in text and "<100000> điểm" in text
    assert error_text(LedgerError("not_found", what="table", key=7), get_translator("hu")) == (
        "itt nincs ilyen: asztal 7"
    )


def test_an_error_without_a_template_is_shown_as_it_is() -> None:
    err = CardError("unknown card 'Zz'")
    assert error_text(err, get_translator("vi")) == "unknown card 'Zz'"


@pytest.mark.parametrize("language", ["vi", "hu"])
def test_every_pay_table_reads_in_the_language(language: str) -> None:
    t = get_translator(language)
    english = {"winner", "banker", "player", "tie", "otherwise", "lose", "push", "natural",
               "always", "suited", "pair", "margin", "cards"}  # fmt: skip
    if language == "hu":
        english.discard("natural")  # the Hungarian word too
    for rule_set in RULE_SETS.values():
        for bet in rule_set.bets.values():
            for line in bet.describe(t.pays_templates):
                words = set(re.findall(r"[a-z]+", line)) - set(bet.name.split("_"))
                assert not english & words, (rule_set.name, bet.name, line)
                assert "{" not in line


def _every_templated_error() -> list[ErrorMessage]:
    from baccarat.i18n.extract import templated_errors

    return templated_errors()


def test_every_module_with_templated_errors_is_listed_for_extraction() -> None:
    """A TemplatedError defined anywhere in the package is one the extractor knows."""
    import importlib
    import pkgutil

    import baccarat

    skip = ("baccarat.web", "baccarat.sim.gpu", "baccarat.sim.dask_backend")
    for info in pkgutil.walk_packages(baccarat.__path__, "baccarat."):
        if not info.name.startswith(skip):
            importlib.import_module(info.name)
    from baccarat.i18n.extract import declared_templated_errors

    known = {message.kind for message in _every_templated_error()}
    for cls in declared_templated_errors():
        if cls.__module__.startswith("baccarat."):
            assert cls in known, cls


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_every_templated_error_is_in_every_catalog_with_its_parameters(language: str) -> None:
    import string

    from babel.messages.pofile import read_po

    from baccarat.i18n.catalogs import DOMAIN, LOCALE_DIR

    def names(text: str) -> set[str]:
        return {name for _, name, _, _ in string.Formatter().parse(text) if name}

    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    errors = _every_templated_error()
    assert len(errors) > 100  # the core's, the analyzer's, the command line's, the ledger's
    for error in errors:
        message = catalog.get(error.template)
        assert message is not None and message.string, (language, error.code)
        assert isinstance(message.string, str)
        assert names(message.string) == names(error.template), (language, error.code)


def test_a_pay_table_mistake_reads_in_the_language_through_every_level() -> None:
    from baccarat.core.rulefile import rule_set_from_toml
    from baccarat.core.rules import RuleSetError

    toml = 'name = "x"\n[[bets.lucky.rules]]\nwhen = { winner = "banker" }\npays = 0.5\n'
    with pytest.raises(RuleSetError) as info:
        rule_set_from_toml(toml)
    assert str(info.value) == (
        "rule set 'x': bet 'lucky', rule 1: pays 0.5 is a float: write it as a string "
        '("0.95", "19/20" or "1:2") so it stays exact'
    )
    assert error_text(info.value, get_translator("vi")) == (
        "bộ luật 'x': cửa cược 'lucky', quy tắc 1: pays 0.5 là số thực dấu phẩy động: hãy viết "
        'nó dưới dạng chuỗi ("0.95", "19/20" hoặc "1:2") để giữ chính xác'
    )
    assert error_text(info.value, get_translator("hu")).startswith(
        "'x' szabályrendszer: 'lucky' tét, 1. szabály: a pays lebegőpontos szám (0.5)"
    )


@pytest.mark.parametrize(
    ("language", "expected"),
    [
        ("en", "bad result token 'X': expected B, P or T with optional +bp, +pp, +n, e.g. 'B+bp+n'"),
        ("vi", "kết quả 'X' không hợp lệ: cần B, P hoặc T, có thể kèm +bp, +pp, +n, ví dụ 'B+bp+n'"),
        ("hu", "hibás eredmény: 'X': B, P vagy T kell, igény szerint +bp, +pp, +n jelzéssel, "
               "például 'B+bp+n'"),
    ],
)  # fmt: skip
def test_a_bad_road_token_reads_in_the_language(language: str, expected: str) -> None:
    from baccarat.roads import RoadError
    from baccarat.roads.result import parse_results

    with pytest.raises(RoadError) as info:
        parse_results("B X")
    assert error_text(info.value, get_translator(language)) == expected
