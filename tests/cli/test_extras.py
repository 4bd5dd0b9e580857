"""A command that needs a missing extra says which ``pip install`` adds it: one line, exit code 2.

Here a module is made missing by ``sys.modules[name] = None`` (what ``import`` and ``find_spec``
both take for "not installed"); ``test_base_install.py`` checks the same in a real base install.
"""

from __future__ import annotations

import sys

import pytest

from baccarat.extras import EXTRAS, MissingExtraError, missing_modules, require, require_database
from baccarat.i18n.catalogs import get_translator
from baccarat.i18n.errors import error_text
from support.cli import run
from support.errors import raises_code


def _hide(monkeypatch: pytest.MonkeyPatch, *names: str) -> None:
    for name in names:
        monkeypatch.setitem(sys.modules, name, None)


def test_every_extra_of_the_dev_install_is_found() -> None:
    # The tests run in the dev install, which has every extra but the GPU's.
    assert {extra: missing_modules(extra) for extra in EXTRAS if extra != "gpu"} == {
        extra: [] for extra in EXTRAS if extra != "gpu"
    }


def test_a_missing_module_names_the_extra_and_the_pip_line(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "fastapi", "alembic")
    with raises_code(MissingExtraError, "missing_extra") as info:
        require("web", "baccarat serve")
    assert info.value.code == "missing_extra"
    assert info.value.params == {
        "feature": "baccarat serve",
        "missing": "fastapi, alembic",
        "extra": "web",
    }
    assert str(info.value) == (
        "baccarat serve needs fastapi, alembic, which the base install leaves out: "
        "pip install 'baccarat[web]'"
    )


def test_only_a_postgresql_url_needs_the_postgres_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    _hide(monkeypatch, "psycopg")
    require_database("sqlite:///data/baccarat.sqlite3", "baccarat serve")
    with raises_code(
        MissingExtraError, "missing_extra", match=r"pip install 'baccarat\[postgres\]'$"
    ):
        require_database("postgresql+psycopg://me@db/baccarat", "baccarat serve")


@pytest.mark.parametrize(
    ("language", "words"),
    [("vi", "bản cài đặt cơ bản"), ("hu", "alaptelepítésben")],
)
def test_the_refusal_reads_in_the_language(language: str, words: str) -> None:
    err = MissingExtraError(
        "missing_extra", feature="baccarat serve", missing="fastapi", extra="web"
    )
    text = error_text(err, get_translator(language))
    assert words in text and "base install" not in text
    assert text.endswith("pip install 'baccarat[web]'") and "baccarat serve" in text


@pytest.mark.parametrize(
    ("hidden", "args", "line"),
    [
        (
            ("uvicorn",),
            ("serve",),
            "baccarat serve needs uvicorn, which the base install leaves out: "
            "pip install 'baccarat[web]'",
        ),
        (
            ("sqlalchemy",),
            ("ledger", "check"),
            "baccarat ledger check needs sqlalchemy, which the base install leaves out: "
            "pip install 'baccarat[web]'",
        ),
        (
            ("psycopg",),
            ("ledger", "check", "--database", "postgresql+psycopg://me@127.0.0.1:1/none"),
            "baccarat ledger check needs psycopg, which the base install leaves out: "
            "pip install 'baccarat[postgres]'",
        ),
        (
            ("distributed",),
            ("simulate", "--coups", "10", "--dask", "local"),
            "baccarat simulate --dask needs distributed, which the base install leaves out: "
            "pip install 'baccarat[dask]'",
        ),
        (
            ("scipy",),
            ("solve", "chemin-de-fer"),
            "baccarat solve chemin-de-fer needs scipy, which the base install leaves out: "
            "pip install 'baccarat[chemin]'",
        ),
    ],
)
def test_a_command_without_its_extra_is_one_line_and_exit_2(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    hidden: tuple[str, ...],
    args: tuple[str, ...],
    line: str,
) -> None:
    _hide(monkeypatch, *hidden)
    code, out, err = run(capsys, *args)
    assert (code, out, err) == (2, "", f"baccarat: error: {line}\n")


def test_the_refusal_is_in_the_command_s_language(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _hide(monkeypatch, "scipy")
    code, _, err = run(capsys, "solve", "chemin-de-fer", "--lang", "vi")
    assert code == 2 and err.count("\n") == 1
    assert "bản cài đặt cơ bản" in err and "pip install 'baccarat[chemin]'" in err
