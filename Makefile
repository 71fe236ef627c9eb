# Two entry points (see README): `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8000

.PHONY: run test check bench clean chromium

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "error: $(PYTHON) not found (Referee needs Python 3.11+)"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	@# -qq: pip's own warnings about this machine's package-index settings (folders the
	@# configured index lacks) are not something a user of Referee can act on; errors still show.
	$(BIN)/pip install -qq --upgrade pip "setuptools>=68"
	@# setuptools notes that an editable install maps grammar/ onto referee.grammar
	@# through an import hook; that is deliberate (pyproject.toml), so the notice is muted.
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install -qq -e '.[test]'
	@touch $(STAMP)

# The rulebase (a summary per system), then the site built and served at
# http://127.0.0.1:$(PORT), rebuilt when a file of rules_src/ changes (Ctrl-C stops it).
run: $(STAMP)
	$(BIN)/referee build
	$(BIN)/referee site serve --port $(PORT)

test: $(STAMP) chromium
	$(BIN)/python -m pytest -q

# The developers' fast lane: every test but the browser ones and the slow end-to-end
# ones (subprocess builds, kills, the wheel install); `make test` and CI run them all.
# Bytecode is written even where PYTHONDONTWRITEBYTECODE is set: without it each test
# worker compiled every module and pytest rewrote every test module's asserts again, about
# 3 s of processor time per worker per run (docs/performance.md, round 8).  Property tests
# draw a quarter of their examples here (REFEREE_FAST_LANE, tests/conftest.py).
check: $(STAMP)
	env -u PYTHONDONTWRITEBYTECODE REFEREE_FAST_LANE=1 $(BIN)/python -m pytest -q -m "not slow and not browser"

# The browser tests drive Debian's Chromium (never a downloaded browser). Installed
# here when missing and this is root; otherwise those tests skip with one line
# saying why (REFEREE_REQUIRE_BROWSER=1, set by .ci/run, makes that a failure).
chromium:
	@if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing Chromium for the browser tests (Debian packages chromium, chromium-driver)"; \
		{ apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1 || \
		  { apt-get update -qq >/dev/null 2>&1 && apt-get install -y -qq chromium chromium-driver >/dev/null 2>&1; }; } || \
		echo "Chromium could not be installed: the browser tests will say so"; \
	fi

bench: $(STAMP)
	$(BIN)/python benchmarks/startup.py
	$(BIN)/python benchmarks/keywords.py
	$(BIN)/python benchmarks/lint.py
	$(BIN)/python benchmarks/graph_precision.py --markdown
	$(BIN)/python benchmarks/search.py
	$(BIN)/python benchmarks/site.py
	$(BIN)/python benchmarks/calc.py
	$(BIN)/python benchmarks/shell.py
	$(BIN)/python benchmarks/resolve.py
	$(BIN)/python benchmarks/battlescribe.py
	$(BIN)/python benchmarks/markdown_reader.py
	@echo "Longer runs, by hand: benchmarks/scale.py (10,000 and 100,000 rules), benchmarks/read.py FOLDER (reading per system), benchmarks/fuzz.py --examples 20000 (docs/performance.md), benchmarks/documents.py SET=PATH ... (rule sets kept outside the repository, docs/systems.md)"

clean:
	rm -rf $(VENV) .referee-cache
