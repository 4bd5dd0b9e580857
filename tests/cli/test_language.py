"""``--lang`` and the locale: the explanations of ``baccarat deal`` in Vietnamese and Hungarian."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

import pytest

from baccarat.cli.language import pick_language
from baccarat.core.errors import BaccaratError
from baccarat.roads.labels import labels_in
from support.cli import played_ledger, run

AVAILABLE = ("en", "vi", "hu")
CARDS = "2c 4h 3d Kc 6s 3d"  # Player 5 draws a 6; Banker 4 draws on it


ERROR = {"en": "error", "vi": "lỗi", "hu": "hiba"}
"""The word after "baccarat:" in a refusal, in each language ("baccarat:" stays: a program name)."""


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
    assert "a Játékos harmadik lapja 6, és 2–7 közötti harmadik lapnál a Bank húz." in out


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


@pytest.mark.parametrize(
    "argv",
    [
        ["--lang", "xx", "deal", "--cards", CARDS],
        ["--lang=xx", "tableau"],
        ["solve", "--lang", "xx", "banque"],
        ["ledger", "--lang", "xx", "check", "--database", "sqlite:///no/such/ledger.sqlite3"],
        ["rooms", "--lang", "xx", "list", "--database", "sqlite:///no/such/ledger.sqlite3"],
    ],
)
def test_an_unknown_lang_before_the_command_is_refused_too(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # A group takes --lang (its help speaks it), so it refuses one that names no language.
    code, out, err = run(capsys, *argv)
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


# --- Every command in Vietnamese and Hungarian -----------------------------------------------

SEED = "ab" * 32  # a server seed for `verify`


@pytest.fixture
def looked_up(monkeypatch: pytest.MonkeyPatch) -> set[tuple[str | None, str]]:
    """Every (context, message) a translator is asked for while the test runs."""
    from baccarat.i18n import catalogs

    seen: set[tuple[str | None, str]] = set()
    gettext, pgettext, ngettext = (
        catalogs.Translator.gettext,
        catalogs.Translator.pgettext,
        catalogs.Translator.ngettext,
    )

    def record_gettext(self: catalogs.Translator, message: str) -> str:
        seen.add((None, message))
        return gettext(self, message)

    def record_pgettext(self: catalogs.Translator, context: str, message: str) -> str:
        seen.add((context, message))
        return pgettext(self, context, message)

    def record_ngettext(self: catalogs.Translator, singular: str, plural: str, n: int) -> str:
        seen.add((None, singular))
        return ngettext(self, singular, plural, n)

    monkeypatch.setattr(catalogs.Translator, "gettext", record_gettext)
    monkeypatch.setattr(catalogs.Translator, "pgettext", record_pgettext)
    monkeypatch.setattr(catalogs.Translator, "ngettext", record_ngettext)
    # The templates a translator caches are looked up afresh, so they are seen too.
    for cached in (catalogs._translated, labels_in):
        cached.cache_clear()
    return seen


def _commands(tmp_path: Path) -> dict[str, list[str]]:
    """One run of each command that prints human text (tampered coups make `verify` fail)."""
    from baccarat.core.shoe import ShoeRules
    from baccarat.fair.shuffle import fair_shoe

    dealt = [
        " ".join(map(str, coup.cards_in_order))
        for coup in fair_shoe(SEED, "x", 1, ShoeRules(decks=1)).deal_all()
    ][:3]
    dealt[2] = dealt[2].replace(dealt[2].split()[0], "Kd" if dealt[2][0] != "K" else "Qd", 1)
    coups = tmp_path / "coups.txt"
    coups.write_text("\n".join(dealt) + "\n", encoding="utf-8")
    return {
        "settle": ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "banker=100", "--stake", "tie=5"],
        "tableau": ["tableau"],
        "tableau --plain": ["tableau", "--plain"],
        "roads": ["roads", "--results", "B B P T P+pp B+bp+n P P"],
        "odds": ["odds", "--decks", "1", "--exact"],
        "odds --eor": ["odds", "--eor", "--decks", "1"],
        "par-sheet": ["par-sheet", "--decks", "1", "--rules", "ez"],
        "par-sheet html": ["par-sheet", "--decks", "1", "--format", "html"],
        "rules": ["rules"],
        "rules ez": ["rules", "ez"],
        "simulate": ["simulate", "--coups", "20000", "--seed", "1", "--threads", "1"],
        "solve": ["solve", "chemin-de-fer", "--infinite", "--simulate", "2000", "--seed", "2026"],
        "banque": ["solve", "banque", "--simulate", "2000", "--seed", "2026"],
        "verify": ["verify", "--server-seed", SEED, "--client-seed", "x", "--shoe", "1",
                   "--decks", "1", "--coups-file", str(coups)],
        "ledger check": ["ledger", "check", "--database", played_ledger(tmp_path)],
    }  # fmt: skip


# A few headings, labels and sentences each command must print in each language.
EXPECTED = {
    "vi": {
        "settle": ["Cửa cược (punto-banco)", "Mức cược", "Thắng/thua", "Tổng cộng", "thắng", "thua"],
        "tableau": ["Bài tự nhiên: hai lá đầu có tổng 8 hoặc 9 điểm: cả hai bên dừng.",
                    "Con đã dừng"],
        "tableau --plain": ["Cái: R = rút bài, D = dừng", "Cái  3 | R  R  R"],
        "roads": ["Big Road", "8 ván:", "Chuỗi: hiện tại", "không dự đoán được gì"],
        "odds": ["Xác suất chính xác – Punto Banco, 1 bộ bài:", "Kết quả của ván",
                 "Lợi thế sòng bài chính xác", "1 bộ bài"],
        "odds --eor": ["Ảnh hưởng khi rút bớt lá", "Lợi thế"],
        "par-sheet": ["# Bảng PAR: EZ Baccarat (ez), 1 bộ bài", "bên thắng = Cái", "Phương sai",
                      "các trường hợp khác", "Lợi thế sòng bài"],
        "par-sheet html": ['<html lang="vi">', "Kết quả của ván", "Tổng cộng"],
        "rules": ["Các bộ luật", "chemin-de-fer", "Trò chơi có lựa chọn"],
        "rules ez": ["Tỷ lệ trả (quy tắc khớp đầu tiên)", "bên thắng = Cái", "hoàn cược"],
        "simulate": ["20.000 ván", "Tần suất", "Kỳ vọng chính xác", "chia cả hộp", "± 95%"],
        "solve": ["Luật Chemin de Fer", "Con có 5 điểm: luôn rút bài", "Giá trị:",
                  "Mô phỏng:"],
        "banque": ["cách đáp trả tốt nhất của Cái", "Lợi thế của Cái trước tay bên phải"],
        "verify": ["Hạt giống máy chủ", "Cam kết", "Sai khác", "ván 3, lá thứ nhất của Con",
                   "THẤT BẠI: ván 3 sai khác."],
        "ledger check": ["kiểm tra sổ cái: ổn (1 người chơi"],
    },
    "hu": {
        "settle": ["Tétek (punto-banco)", "Tétösszeg", "Nettó", "Összesen", "nyertes", "vesztes"],
        "tableau": ["Natural: ha az első két lap összege 8 vagy 9", "A Játékos megállt"],
        "tableau --plain": ["Bank: H = húz, M = megáll", "Bank  3 | H  H  H"],
        "roads": ["Big Road", "8 kör:", "Sorozat: jelenlegi", "semmit sem jósolnak meg"],
        "odds": ["Pontos esélyek – Punto Banco, 1 pakli:", "A körök kimenetele",
                 "Pontos házelőnyök", "1 pakli"],
        "odds --eor": ["A lapkivétel hatása", "Előny"],
        "par-sheet": ["# PAR-lap: EZ Baccarat (ez), 1 pakli", "nyertes = Bank", "Szórásnégyzet",
                      "egyébként", "Házelőny"],
        "par-sheet html": ['<html lang="hu">', "A körök kimenetele", "Összesen"],
        "rules": ["Szabályrendszerek", "chemin-de-fer", "Választásos játék"],
        "rules ez": ["Kifizetés (az első illeszkedő szabály)", "nyertes = Bank", "visszajár"],
        "simulate": ["20\u00a0000 kör", "Gyakoriságok", "Pontos várható érték", "cipőnként",
                     "± 95%"],
        "solve": ["Chemin de Fer szabályok", "A Játékos 5 ponton: mindig húz", "Érték:",
                  "Szimuláció:"],
        "banque": ["a Bank legjobb válasza", "A Bank előnye a jobb oldali kéz ellen"],
        "verify": ["Szerver-kezdőérték", "Előzetes kivonat", "Eltérés", "3. kör, a Játékos első lapja",
                   "SIKERTELEN: a beadott 3. kör eltér."],
        "ledger check": ["főkönyv-ellenőrzés: rendben (1 játékos"],
    },
}  # fmt: skip

# English a translated command must not print (its headings, labels and notes; not "natural",
# which is the Hungarian word too).
ENGLISH = [
    "Bets", "Stake", "Returned", "Naturals", "Player stood", "Statistics", "Run: current",
    "predict nothing", "Exact odds", "Coup outcomes", "Frequencies", "House edge", "PAR sheet",
    "winner =", "otherwise", "Rule sets", "Pays", "Limits", "choice game", "million coups",
    "Simulated", "Value:", "Mixed:", "always", "Banker's", "Server seed", "Commitment",
    "Mismatch", "FAILED", "ledger check", "players", "deck", "shoe",
]  # fmt: skip


def _literal_parts(message: str) -> list[str]:
    """The words of a message outside its {parameters}, in runs long enough to be telling;
    not a snake_case name, which is also a bet's code (``banker_pair``)."""
    parts = (p.strip(" .,:;()") for p in re.split(r"\{[^{}]*\}|%\([^)]*\)[sd]", message))
    return [p for p in parts if len(p) >= 8 and not re.fullmatch(r"[a-z0-9]+(_[a-z0-9]+)+", p)]


@pytest.mark.parametrize("language", ["vi", "hu"])
def test_every_command_speaks_the_language(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    looked_up: set[tuple[str | None, str]],
    language: str,
) -> None:
    from baccarat.i18n.catalogs import get_translator

    monkeypatch.setenv("COLUMNS", "200")
    t = get_translator(language)
    for name, argv in _commands(tmp_path).items():
        looked_up.clear()
        code, out, err = run(capsys, *argv, "--lang", language)
        assert code == (1 if name == "verify" else 0), (name, err)
        for text in EXPECTED[language][name]:
            # A table may wrap a sentence of a cell over lines.
            assert text in out or text in " ".join(out.split()), (name, text)
        # The glossary's rule: a figure and its percent sign with no space between (34,3049%).
        assert not re.search(r"\d %", out), (name, re.findall(r".{20}\d %", out)[:3])
        words = set(re.findall(r"[A-Za-z']+", out))
        for english in ENGLISH:
            phrase = set(english.split())
            assert not (phrase <= words and english in out), (name, english)
        # Every message the command asked for is in the catalog, and none of it is printed in
        # English where the language has its own words.
        assert looked_up, name
        for context, message in sorted(looked_up, key=str):
            translated = t.pgettext(context, message) if context else t.gettext(message)
            assert (context, message) in _catalog_keys(language), (name, context, message)
            for part in _literal_parts(message):
                if part not in translated:
                    assert part not in out, (name, part)


@cache  # read each catalog once: parsing a .po file for every message took minutes
def _catalog_keys(language: str) -> frozenset[tuple[str | None, str]]:
    from babel.messages.pofile import read_po

    from baccarat.i18n.catalogs import DOMAIN, LOCALE_DIR

    with (LOCALE_DIR / language / "LC_MESSAGES" / f"{DOMAIN}.po").open("rb") as handle:
        catalog = read_po(handle, locale=language)
    return frozenset(
        (m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in catalog if m.id
    )


def test_the_locale_picks_the_language_of_every_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    monkeypatch.setenv("COLUMNS", "200")
    for name, argv in _commands(tmp_path).items():
        code, out, _ = run(capsys, *argv)
        assert code == (1 if name == "verify" else 0), name
        assert EXPECTED["hu"][name][0] in out, name


# The same data whatever the language: codes and keys stay English.
JSON_COMMANDS = [
    ["settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "banker=100", "--json"],
    ["tableau", "--json"],
    ["roads", "--results", "B B P T P+pp", "--json"],
    ["odds", "--decks", "1", "--json"],
    ["par-sheet", "--decks", "1", "--json"],
    ["par-sheet", "--decks", "1", "--format", "csv"],
    ["rules", "--json"],
    ["simulate", "--coups", "5000", "--seed", "3", "--threads", "1", "--json"],
    ["solve", "chemin-de-fer", "--infinite", "--json"],
    ["solve", "banque", "--json"],
    ["verify", "--server-seed", SEED, "--client-seed", "x", "--shoe", "1", "--json"],
]


@pytest.mark.parametrize("argv", JSON_COMMANDS, ids=lambda argv: " ".join(argv[:2]))
def test_json_is_the_same_in_every_language(
    capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    outputs = []
    for language in ("en", "vi", "hu"):
        code, out, _ = run(capsys, *argv, "--lang", language)
        assert code == 0
        outputs.append(_neutral(out))
    assert outputs[0] == outputs[1] == outputs[2]


def _neutral(out: str) -> object:
    """The output without what differs between two runs of the same command (timings)."""
    try:
        data = json.loads(out)
    except json.JSONDecodeError:
        return out  # CSV
    if isinstance(data, dict) and "seconds" in data:
        for key in ("seconds", "coups_per_second"):
            data.pop(key, None)
    return data


@pytest.mark.parametrize(
    ("lang", "message"),
    [
        ("vi", "mức cược 0.5 điểm vào 'banker' thấp hơn mức tối thiểu của bàn là 1 điểm "
               "(punto-banco)"),
        ("hu", "'tie': 1000.01 pont a tét, ez meghaladja az asztal 1000 pont maximumát "
               "(punto-banco)"),
        ("en", "stake of 1000.01 points on 'tie' is above the table maximum of 1000 points "
               "(punto-banco)"),
    ],
)  # fmt: skip
def test_a_refused_stake_is_one_line_in_the_language(
    capsys: pytest.CaptureFixture[str], lang: str, message: str
) -> None:
    stake = "banker=0.5" if lang == "vi" else "tie=1000.01"
    code, out, err = run(capsys, "settle", "--cards", "2c 3d 3h 3s Kc", "--stake", stake,
                         "--lang", lang)  # fmt: skip
    assert (code, out) == (2, "")
    assert err == f"baccarat: {ERROR[lang]}: {message}\n"


def test_unknown_bets_and_rule_sets_are_refused_in_the_locale_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    _, _, err = run(capsys, "settle", "--cards", "2c 3d 3h 3s Kc", "--stake", "lucky=5")
    assert err.startswith("baccarat: lỗi: không có cửa cược 'lucky': bộ luật 'punto-banco' có ")
    _, _, err = run(capsys, "rules", "macao")
    assert err.startswith("baccarat: lỗi: không có bộ luật 'macao': hãy chọn một trong ")
    _, _, err = run(capsys, "odds", "--rules", "macao", "--lang", "hu")
    assert err.startswith("baccarat: hiba: ismeretlen szabályrendszer: 'macao'")


# --- Refusals of every family in the command's language --------------------------------------

BAD_TOML = 'name = "x"\noffers = ["player", "lucky"]\n'


def _refusal_argv(family: str, tmp_path: Path) -> list[str]:
    rules = tmp_path / "bad.toml"
    rules.write_text(BAD_TOML, encoding="utf-8")
    coups = tmp_path / "coups.txt"
    coups.write_text("7c 2s Kd 3h\n7c 2s Zz 3h\n", encoding="utf-8")
    return {
        "card": ["deal", "--cards", "2c 4h 3z Kc"],
        "remaining": ["odds", "--remaining", "A:31,Z:4"],
        "option": ["simulate", "--coups", "0"],
        "toml": ["odds", "--rules-file", str(rules)],
        "roads": ["roads"],
        "both": ["odds", "--rules", "ez", "--rules-file", str(rules)],
        "seed": ["verify", "--server-seed", "xyz", "--client-seed", "a", "--shoe", "1"],
        "shoe": ["verify", "--server-seed", "ab" * 32, "--client-seed", "a", "--shoe", "0"],
        "dask": ["simulate", "--coups", "10", "--dask", "nowhere"],
        "quiz": ["quiz", "--drill", "xx"],
        "claim": [
            "verify",
            "--server-seed",
            "ab" * 32,
            "--client-seed",
            "a",
            "--shoe",
            "1",
            "--coups-file",
            str(coups),
        ],
    }[family]


REFUSALS = {
    "card": {
        "en": "unknown card '3z': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)",
        "vi": "lá bài '3z' không hợp lệ: cần một loại lá (A 2-9 T/10 J Q K) và một chất (c d h s)",
        "hu": "ismeretlen lap: '3z': egy érték (A 2-9 T/10 J Q K) és egy szín (c d h s) kell",
    },
    "remaining": {
        "en": "cannot read composition 'A:31,Z:4': unknown rank or card 'Z' (expected A 2-9 "
              "T/10 J Q K, or a card such as As)",
        "vi": "không đọc được thành phần 'A:31,Z:4': không biết loại lá hay lá bài 'Z' (cần A 2-9 "
              "T/10 J Q K, hoặc một lá như As)",
        "hu": "az összetétel nem olvasható ('A:31,Z:4'): ismeretlen érték vagy lap: 'Z' (A 2-9 "
              "T/10 J Q K, vagy egy lap, például As)",
    },
    "option": {
        "en": "--coups must be at least 1, got 0",
        "vi": "--coups phải ít nhất là 1, nhưng nhận được 0",
        "hu": "a --coups értéke legalább 1 legyen, nem 0",
    },
    "toml": {
        "en": "rule set 'x': offers unknown bet 'lucky': define it under [bets.lucky] or use one "
              "of ",
        "vi": "bộ luật 'x': offers có cửa cược lạ 'lucky': hãy định nghĩa nó trong [bets.lucky] "
              "hoặc dùng một trong ",
        "hu": "'x' szabályrendszer: az offers ismeretlen tétet kínál: 'lucky': add meg a "
              "[bets.lucky] alatt, vagy használd ezek egyikét: ",
    },
    "roads": {
        "en": 'give either --results "B P T ..." or --from-shoe, not both or neither',
        "vi": 'hãy dùng --results "B P T ..." hoặc --from-shoe, chỉ một trong hai',
        "hu": 'vagy a --results "B P T ..." vagy a --from-shoe kapcsolót add meg, pontosan az '
              "egyiket",
    },
    # Options by their names alone: a placeholder here would be English in every language.
    "both": {
        "en": "give --rules or --rules-file, not both",
        "vi": "hãy dùng --rules hoặc --rules-file, không dùng cả hai",
        "hu": "a --rules vagy a --rules-file kapcsolót add meg, ne mindkettőt",
    },
    "seed": {
        "en": "server seed must be 64 hexadecimal digits (32 bytes), got 'xyz' (3 characters)",
        "vi": "hạt giống máy chủ phải gồm 64 chữ số thập lục phân (32 byte), nhưng nhận được "
              "'xyz' (3 ký tự)",
        "hu": "a szerver-kezdőérték 64 hexadecimális számjegy (32 bájt) kell legyen, nem 'xyz' "
              "(3 karakter)",
    },
    "shoe": {
        "en": "shoe number must be a whole number from 1 to 18446744073709551615, got 0",
        "vi": "số hộp bài phải là số nguyên từ 1 đến 18446744073709551615, nhưng nhận được 0",
        "hu": "a cipő sorszáma 1 és 18446744073709551615 közötti egész szám kell legyen, nem 0",
    },
    "dask": {
        "en": "--dask expects 'local' or a scheduler address such as tcp://HOST:8786, got "
              "'nowhere'",
        "vi": "--dask cần 'local' hoặc địa chỉ một bộ lập lịch như tcp://HOST:8786, nhưng nhận "
              "được 'nowhere'",
        "hu": "a --dask értéke 'local' vagy egy ütemező címe, például tcp://HOST:8786 lehet, nem "
              "'nowhere'",
    },
    "quiz": {
        "en": "unknown quiz mode 'xx': expected one of normal, timed, hard, naturals, totals",
        "vi": "không có chế độ bài tập 'xx': hãy chọn một trong normal, timed, hard, naturals, "
              "totals",
        "hu": "ismeretlen kvízmód: 'xx': ezek egyike lehet: normal, timed, hard, naturals, totals",
    },
    "claim": {
        "en": "line 2: unknown card 'Zz': expected a rank (A 2-9 T/10 J Q K) and a suit (c d h s)",
        "vi": "dòng 2: lá bài 'Zz' không hợp lệ: cần một loại lá (A 2-9 T/10 J Q K) và một chất "
              "(c d h s)",
        "hu": "2. sor: ismeretlen lap: 'Zz': egy érték (A 2-9 T/10 J Q K) és egy szín (c d h s) "
              "kell",
    },
}  # fmt: skip


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
@pytest.mark.parametrize("family", list(REFUSALS))
def test_a_refusal_is_one_line_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, family: str, language: str
) -> None:
    code, out, err = run(capsys, *_refusal_argv(family, tmp_path), "--lang", language)
    assert (code, out) == (2, "")
    prefix = f"baccarat: {ERROR[language]}: "
    assert err.count("\n") == 1 and err.startswith(prefix)
    expected = REFUSALS[family][language]
    line = err.removeprefix(prefix).rstrip("\n")
    if family == "toml":  # then the list of standard bets, names as they are
        assert line.startswith(expected), line
    else:
        assert line == expected


def test_a_refusal_follows_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("LANG", "hu_HU.UTF-8")
    _, _, err = run(capsys, *_refusal_argv("card", tmp_path))
    assert err == f"baccarat: hiba: {REFUSALS['card']['hu']}\n"


def test_a_refusal_before_the_command_picked_a_language_speaks_the_locale(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("LANG", "vi_VN.UTF-8")
    code, _, err = run(capsys, "deal", "--cards", CARDS, "--lang", "xx")
    assert code == 2
    assert err == "baccarat: lỗi: không có ngôn ngữ 'xx': hãy chọn một trong en, hu, vi\n"


SHOE_POSITION = {
    "en": "the shoe says 5 coups dealt; 3 are stored, numbered 1–3",
    "vi": "hộp bài ghi đã chia 5 ván; đã lưu 3 ván, đánh số 1–3",
    "hu": "a cipő szerint 5 kört osztottak; 3 van tárolva, 1–3 számozással",
}


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_ledger_check_details_a_discrepancy_in_the_language(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, language: str
) -> None:
    url = played_ledger(tmp_path, shoe_says=5)
    code, out, err = run(capsys, "ledger", "check", "--database", url, "--lang", language)
    assert (code, err) == (1, "")
    detail = [line for line in out.splitlines() if line.startswith("  shoe_position (")]
    assert len(detail) == 1 and detail[0].endswith(f"): {SHOE_POSITION[language]}"), out
    # The JSON is the same in every language: the code, the parameters and the English.
    code, out, _ = run(capsys, "ledger", "check", "--database", url, "--json", "--lang", language)
    (found,) = json.loads(out)["discrepancies"]
    assert code == 1 and found["code"] == "shoe_position"
    assert found["params"] == {"dealt": 5, "stored": 3, "first": 1, "last": 3}
    assert found["detail"] == SHOE_POSITION["en"]


@pytest.mark.parametrize(("lang", "banker"), [("vi", "Cái 0,95:1"), ("hu", "Bank 0,95:1")])
def test_the_rules_bet_list_writes_pays_with_the_languages_decimal_sign(
    capsys: pytest.CaptureFixture[str], lang: str, banker: str
) -> None:
    code, out, _ = run(capsys, "rules", "--lang", lang)
    assert code == 0 and banker in out and "0.95:1" not in out and "1.5:1" not in out
    assert "Egalité 0–9" in out and "egalite (" not in out


@pytest.mark.parametrize("language", ["en", "vi", "hu"])
def test_tableau_writes_a_run_of_totals_as_deal_does(
    capsys: pytest.CaptureFixture[str], language: str
) -> None:
    """``deal`` and the pages write a run of totals with an en dash (0–5); so does tableau."""
    code, out, _ = run(capsys, "--lang", language, "deal", "--cards", CARDS)
    assert code == 0 and "0–5" in out
    code, out, _ = run(capsys, "--lang", language, "tableau")
    rule = out.splitlines()[1]
    assert code == 0 and "0–5" in rule and "6–7" in rule and "0-5" not in rule, rule


def test_the_hungarian_sweep_header_says_what_counts_header_says(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The same words as count's own header: feldolgozó (not dolgozó), mp (as the pages and the
    quiz write seconds, not s), and the rule set and the seed written the same way."""
    line = ["--lang", "hu", "count", "--strategy", "how-dragon-7", "--shoes", "20", "--seed", "4"]
    code, single, err = run(capsys, *line, "--workers", "1")
    assert code == 0, err
    code, sweep, err = run(capsys, *line, "--workers", "1", "--threshold", "0..1")
    assert code == 0, err
    for head in (single.splitlines()[0], sweep.splitlines()[0]):
        assert "(EZ Baccarat szabályrendszer, tét: Dragon 7, 8 pakli" in head, head
        assert "kezdőérték: 4" in head and " mp alatt" in head and "1 CPU-feldolgozón" in head, head
        assert "dolgozón" not in head.replace("feldolgozón", "") and " s " not in head, head
