# Everything runs from a local virtual environment that these targets create.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866

.PHONY: install test app bench bank clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

install: $(STAMP)

test: $(STAMP)
	$(BIN)/python -m pytest

app: $(STAMP)
	$(BIN)/gintrainer app --port $(PORT)

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,bench]'
	$(BIN)/python bench/bench_deadwood.py
	$(BIN)/python bench/bench_solver.py

bank: $(STAMP)
	$(BIN)/gintrainer bank

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
