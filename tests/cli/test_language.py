"""``--lang`` and the locale: the explanations of ``baccarat deal`` in Vietnamese and Hungarian."""

from __future__ import annotations

import json

import pytest

from baccarat.cli.language import pick_language
from baccarat.core.errors import BaccaratError
from support.cli import run

AVAILABLE = ("en", "vi", "hu")
CARDS = "2c 4h 3d Kc 6s 3d"  # Player 5 draws a 6; Banker 4 draws on it


@pytest.mark.parametrize(
    ("lang", "environ", "expected"),
    [
        (None, {}, "en"),
        (None, {"LANG": "vi_VN.UTF-8"}, "vi"),
        (None, {"LANG": "hu_HU"}, "hu"),
        (None, {"LC_ALL": "hu_HU.UTF-8", "LANG": "vi_VN.UTF-8"}, "hu"),
        (None, {"LC_MESSAGES": "vi_VN.UTF-8", "LANG": "hu_HU.UTF-8"}, "vi"),
        (None, {"LANG": "fr_FR.UTF-8"}, "en"),
        (None, {"LANG": "C.UTF-8"}, "en"),
        (None, {"LANG": "POSIX", "LANGUAGE": "vi"}, "en"),
        (None, {"LANG": "fr_FR.UTF-8", "LANGUAGE": "de:hu:vi"}, "hu"),
        ("vi", {"LANG": "hu_HU.UTF-8"}, "vi"),
        ("HU", {}, "hu"),
        ("hu_HU.UTF-8", {}, "hu"),
        ("en-GB", {"LANG": "vi_VN"}, "en"),
    ],
)  # fmt: skip
def test_lang_wins_then_the_locale(
    lang: str | None, environ: dict[str, str], expected: str
) -> None:
    assert pick_language(lang, environ, AVAILABLE) == expected


def test_an_unknown_lang_is_refused() -> None:
    with pytest.raises(BaccaratError, match="unknown language 'fr': expected one of en, vi, hu"):
        pick_language("fr", {}, AVAILABLE)


def test_deal_explains_in_vietnamese(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "deal", "--cards", CARDS, "--lang", "vi")
    assert code == 0
    assert "Cái thắng 7–1" in out
    assert "Con có 5 điểm, trong khoảng 0–5: Con rút bài." in out
    assert "Cái có 4 điểm; lá thứ ba của Con là 6, trong khoảng 2–7: Cái rút bài." in out


def test_deal_follows_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    code, out, _ = run(capsys, "deal", "--cards", CARDS)
    assert code == 0
    assert "Bank nyer 7–1" in out
    assert "a Játékos harmadik lapja 6 (2–7 sáv): a Bank húz." in out


def test_deal_json_carries_the_sentences_in_the_language(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "deal", "--cards", "4c 8s 5h Kd", "--json", "--lang", "vi")
    steps = json.loads(out)["steps"]
    assert code == 0
    assert [s["reason"] for s in steps] == ["natural", "natural"]  # codes stay English
    assert steps[0]["text"] == "Con có bài tự nhiên 9 điểm: cả hai bên dừng."
    assert steps[1]["text"] == "Cái có bài tự nhiên 8 điểm: cả hai bên dừng."


def test_deal_with_an_unknown_lang_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "deal", "--cards", CARDS, "--lang", "xx")
    assert (code, out) == (2, "")
    assert err == "baccarat: error: unknown language 'xx': expected one of en, hu, vi\n"


def test_the_quiz_speaks_hungarian(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io
    import sys

    monkeypatch.setattr(sys, "stdin", io.StringIO("x\nk\n"))
    code, out, _ = run(capsys, "quiz", "--lang", "hu", "--no-save", "--seed", "2")
    assert code == 0
    assert "Játékos: húz vagy megáll? [h = húz / m = megáll]" in out
    assert "Írd be: h = húz / m = megáll, vagy k a kilépéshez." in out
    assert "Kiléptél." in out
