# Two entry points (see README): `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

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

run: $(STAMP)
	$(BIN)/referee build

test: $(STAMP)
	$(BIN)/python -m pytest -q

bench: $(STAMP)
	$(BIN)/python benchmarks/startup.py
	$(BIN)/python benchmarks/keywords.py
	$(BIN)/python benchmarks/lint.py

clean:
	rm -rf $(VENV) .referee-cache
