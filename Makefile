# Everything runs from a local virtual environment that these targets create.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BENCH_STAMP := $(VENV)/.installed-bench
# JupyterHub's proxy (configurable-http-proxy, from the npm registry) for deploy/ and its test.
PROXY_STAMP := deploy/node_modules/.installed
PORT ?= 8866
# The whole suite and its fast part run in this many processes each (pytest-xdist, each test file in one of
# them). Two on two cores: in a fresh clone's .ci/run three ran the tests in 898.5 s at a load near 24 (and
# once, near 20, a browser test's wait ran out), two in 913.3 s the same day and 835.5 s once rfc3987-syntax
# was left out (bench/bench_tests.py --full-jobs N compares; the figures are in docs/benchmarks.md).
TEST_JOBS ?= 2
FAST_JOBS ?= 2
# Python may write its bytecode (and pytest its rewritten test modules) even where PYTHONDONTWRITEBYTECODE is
# set: else every page's kernel, every subprocess and every worker compiles the package and the tests anew (a
# fresh clone's run: minutes).
# Files are taken longest first (conftest.py orders them), not by their number of tests.
PYTEST := PYTHONDONTWRITEBYTECODE= $(BIN)/python -m pytest --dist loadfile --no-loadscope-reorder

PO := $(wildcard gintrainer/locale/*/LC_MESSAGES/gintrainer.po)
MO := $(PO:.po=.mo)

.PHONY: install lint test test-fast app hub bench bank catalogs clean

# uv installs the packages (from PyPI, as pip would): it fetches, unpacks and byte-compiles them in parallel,
# which in a fresh clone took 20 s where pip took 50 (docs/benchmarks.md). pip installs uv itself into the
# environment. (Compiled at install, no test process compiles a module on its first import.)
UV := $(BIN)/uv
$(UV):
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet 'uv>=0.9,<1'

UV_INSTALL := $(UV) pip install --quiet --compile-bytecode --override deploy/uv-overrides.txt --python $(BIN)/python

$(STAMP): pyproject.toml setup.py deploy/uv-overrides.txt | $(UV)
	$(UV_INSTALL) -e '.[dev]'
	touch $(STAMP)

# OpenSpiel, for the benchmark baseline and the tests that check the solver against it. On a fresh clone
# (make test, .ci/run) one install takes it with the rest: the dependencies are resolved once.
$(BENCH_STAMP): pyproject.toml setup.py deploy/uv-overrides.txt | $(UV)
	$(UV_INSTALL) -e '.[dev,bench]'
	touch $(STAMP) $(BENCH_STAMP)

$(PROXY_STAMP): deploy/package.json deploy/package-lock.json
	npm ci --prefix deploy --no-audit --no-fund
	touch $(PROXY_STAMP)

# Each language's compiled catalog, rebuilt when its .po changes (the build of a wheel compiles them too).
$(MO): %.mo: %.po $(STAMP)
	$(BIN)/python -m gintrainer.catalogs compile $(word 3,$(subst /, ,$@))

# After changing the package's sentences: the template from the code, each language's catalog brought up to
# date with it, compiled; then `check` lists what is still to translate.
catalogs: $(STAMP)
	$(BIN)/python -m gintrainer.catalogs extract
	$(BIN)/python -m gintrainer.catalogs update
	$(BIN)/python -m gintrainer.catalogs compile
	$(BIN)/python -m gintrainer.catalogs check || true

install: $(STAMP) $(MO)

# ruff (pycodestyle, pyflakes, isort, bugbear, pyupgrade, simplify, complexity), mypy (strict on the package),
# import-linter (the layers); all configured in pyproject.toml. The tests are type-checked on their own: they
# have a conftest module of their own, as the repository root has.
# All three run, so one run reports every finding.
lint: $(STAMP)
	@status=0; \
	echo "ruff check ."; $(BIN)/ruff check . || status=1; \
	echo "mypy"; $(BIN)/mypy || status=1; \
	echo "mypy tests"; $(BIN)/mypy tests || status=1; \
	echo "lint-imports"; $(BIN)/lint-imports || status=1; \
	exit $$status

test: $(BENCH_STAMP) $(MO) $(PROXY_STAMP)
	$(PYTEST) -n $(TEST_JOBS)

# The inner loop: everything but the notebooks, the browser, OpenSpiel, the whole-bank checks and the slow
# property tests (conftest.py lists them; bench/bench_tests.py times this).
test-fast: $(STAMP) $(MO)
	$(PYTEST) -n $(FAST_JOBS) --fast

app: $(STAMP) $(MO)
	$(BIN)/gintrainer app --port $(PORT)

# JupyterHub on this machine for trying the deployment: deploy/README.md says what to set first.
hub: $(STAMP) $(MO) $(PROXY_STAMP)
	$(BIN)/jupyterhub -f deploy/jupyterhub_config.py

bench: $(BENCH_STAMP)
	$(BIN)/python bench/bench_deadwood.py
	$(BIN)/python bench/bench_solver.py
	$(BIN)/python bench/bench_app.py
	$(BIN)/python bench/bench_class.py
	$(BIN)/python bench/bench_duel.py
	$(BIN)/python bench/bench_review_schedule.py
	$(BIN)/python bench/bench_bank.py --time
	$(BIN)/python bench/bench_puzzle_ratings.py
	$(BIN)/python bench/bench_tests.py

bank: $(STAMP)
	$(BIN)/gintrainer bank

clean:
	rm -rf $(VENV) deploy/node_modules .pytest_cache .hypothesis .mypy_cache .ruff_cache
