# Two entry points (see README): `make run` and `make test`.
PYTHON ?= python3.11
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test bench clean

$(STAMP): pyproject.toml
	@command -v $(PYTHON) >/dev/null 2>&1 || { echo "error: $(PYTHON) not found (Referee needs Python 3.11+)"; exit 2; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip "setuptools>=68"
	@# setuptools notes that an editable install maps grammar/ onto referee.grammar
	@# through an import hook; that is deliberate (pyproject.toml), so the notice is muted.
	PYTHONWARNINGS="ignore:Editable installation" $(BIN)/pip install --quiet -e '.[test]'
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
