# Everything runs from a local virtual environment that these targets create.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
PORT ?= 8866

.PHONY: install test app bench bank clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# OpenSpiel, for the benchmark baseline and the tests that check the solver against it.
$(BENCH_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	touch $(BENCH_STAMP)

install: $(STAMP)

test: $(BENCH_STAMP)
	$(BIN)/python -m pytest

app: $(STAMP)
	$(BIN)/gintrainer app --port $(PORT)

bench: $(BENCH_STAMP)
	$(BIN)/python bench/bench_deadwood.py
	$(BIN)/python bench/bench_solver.py
	$(BIN)/python bench/bench_app.py
	$(BIN)/python bench/bench_duel.py
	$(BIN)/python bench/bench_bank.py --time

bank: $(STAMP)
	$(BIN)/gintrainer bank

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
