# The commands that matter: `make run`, `make check` (while working) and `make test` (what CI
# runs). They set everything up first, on a fresh machine with nothing installed by hand.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
# The browser tests drive Debian's Chromium through the playwright package (never `playwright
# install`): the package comes with the dev extras, the browser from apt, once.
CHROMIUM := /usr/bin/chromium
# Defined before `check` and `unit` name it: a prerequisite list is expanded as it is read.
MSGFMT := /usr/bin/msgfmt
HOST ?= 127.0.0.1
PORT ?= 8000
# The suite's line coverage of everything but the kernels (which `coverage-kernels` holds at
# 100 %) may not fall below this: today's 96.0 %, less a point for paths that depend on timing.
COVERAGE_FLOOR := 95
# pytest-xdist spreads the tests over the machine's cores; PYTEST_WORKERS=0 runs them in one
# process (to read a failure's output in order, or to debug).
PYTEST_WORKERS ?= auto
PYTEST := $(VENV)/bin/pytest -q -n $(PYTEST_WORKERS)
# `make check` leaves out the tests that start whole systems (pyproject.toml's markers).
QUICK_TESTS := not browser and not install and not cluster and not fault
# The tests that run the numba kernels, as plain Python for coverage (NUMBA_DISABLE_JIT=1).
KERNEL_TESTS := tests/sim/test_kernels.py tests/sim/test_infinite.py tests/odds/test_exact.py \
	tests/odds/test_cards.py tests/sim/test_cards.py tests/lab/test_kernel.py \
	tests/lab/test_sparse.py tests/lab/test_sweep.py

.PHONY: run check test setup browser lint typecheck unit coverage-kernels messages bench clean

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

## check: the quick tier, while working: the static checks, then every test but those marked
## browser, install, cluster or fault, without coverage (a few minutes on two cores).
check: setup lint typecheck $(MSGFMT)
	$(PYTEST) -m "$(QUICK_TESTS)"

## test: set up, then run the static checks and every test (the browser tests included), with
## coverage: the whole package, then the kernels' own lines.
test: setup lint typecheck browser unit coverage-kernels

lint: setup
	$(VENV)/bin/ruff check src tests bench
	$(VENV)/bin/ruff format --check src tests bench

typecheck: setup
	$(VENV)/bin/mypy

# The catalog tests run msgfmt -c (GNU gettext), the check translators' tools make: apt, once.
$(MSGFMT):
	@if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	$$SUDO apt-get update -qq && \
	$$SUDO env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends gettext

unit: setup $(MSGFMT)
	$(PYTEST) --cov --cov-report=term:skip-covered --cov-fail-under=$(COVERAGE_FLOOR)

## coverage-kernels: the simulator's and the analyzer's kernels as plain Python, every line measured.
coverage-kernels: setup
	NUMBA_DISABLE_JIT=1 $(PYTEST) $(KERNEL_TESTS) -W "ignore:overflow encountered:RuntimeWarning" \
		--cov --cov-config=tests/coverage-kernels.toml --cov-report=term-missing --cov-fail-under=100

## messages: bring the message catalogs up to date with the code (then translate what is new).
messages: setup
	$(PY) -m baccarat.i18n.extract

bench: setup
	for f in bench/bench_*.py; do $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) build dist src/*.egg-info .mypy_cache .ruff_cache .coverage .coverage.kernels

## schemas: write the records' JSON Schemas (src/baccarat/records/schemas) from their shapes
## (baccarat.records.shapes); a test fails while a committed one differs.
.PHONY: schemas
schemas: setup
	$(PY) -m baccarat.records.generate

## man: write the manual page docs/baccarat.1 from the commands (python -m baccarat.cli.manpage);
## a test fails while the committed one differs.
.PHONY: man
man: setup
	$(PY) -m baccarat.cli.manpage
