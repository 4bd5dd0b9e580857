# The two commands that matter: `make run` and `make test`. Both set everything up first, on a
# fresh machine with nothing installed by hand.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# The browser tests drive Debian's Chromium through the playwright package (never `playwright
# install`): the package comes with the dev extras, the browser from apt, once.
CHROMIUM := /usr/bin/chromium
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test setup browser lint typecheck unit messages bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

setup: $(STAMP)

# A file target: apt runs only while /usr/bin/chromium is missing.
$(CHROMIUM):
	@echo "Installing Debian's chromium for the browser tests (apt-get)..."
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends chromium

browser: $(CHROMIUM)

## run: set up, then start the practice table on http://$(HOST):$(PORT)/ (SQLite in ./data/).
run: setup
	$(VENV)/bin/baccarat serve --host $(HOST) --port $(PORT) --database sqlite:///data/baccarat.sqlite3

## test: set up, then run the static checks and every test (the browser tests included).
test: setup lint typecheck browser unit

lint: setup
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

typecheck: setup
	$(VENV)/bin/mypy

unit: setup
	$(VENV)/bin/pytest -q

## messages: bring the message catalogs up to date with the code (then translate what is new).
messages: setup
	$(PY) -m baccarat.i18n.extract

bench: setup
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mypy_cache .ruff_cache
