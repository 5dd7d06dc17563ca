# The two quick-start commands: `make demo` and `make test`.
# Both create .venv with the project installed (editable, with dev extras) if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test test-all lint check bench clean messages docs

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,lab]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/dossier lint cards
	$(BIN)/dossier deck validate examples/decks
	mkdir -p build
	$(BIN)/dossier db build --db build/dossier.db
	$(BIN)/dossier search 't:装备 攻速>=2' --db build/dossier.db
	$(BIN)/dossier print --deck examples/decks/tactics/duo.json --backs long-edge --out build/duo-sheet.pdf
	$(BIN)/dossier simulate tactics --decks examples/decks/tactics/duo.json --decks examples/decks/tactics/duo-rival.txt \
		--seed 1 --turns 100 --replay build/duo-replay.html > build/duo-game.log
	tail -n 1 build/duo-game.log

# the quick set (what CI runs: a few minutes on 2 cores); test-all adds the slow tests (@pytest.mark.slow: about
# 70% of the suite's time in 200 test functions), run before a release and at the end of a working session
test: $(STAMP)
	$(BIN)/python -m pytest -q -n auto -m "not slow"   # one worker per core (pytest-xdist)

test-all: $(STAMP)
	$(BIN)/python -m pytest -q -n auto

check: $(STAMP)
	$(BIN)/ruff check toolkit validators tests bench docs/gen
	$(BIN)/mypy

# the documentation site (mkdocs.yml, docs/) into build/site: English, and Chinese in build/site/zh; the command and
# ability-language references are generated from the code on every build (docs/gen/reference.py)
DOCS_STAMP := $(VENV)/.docs-installed
$(DOCS_STAMP): pyproject.toml $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[docs]'
	touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

# extract the messages into toolkit/i18n/locale and merge them into every catalog (docs/translating.md)
messages: $(STAMP)
	$(BIN)/python -m toolkit.i18n.catalogs update
	$(BIN)/python -m toolkit.i18n.catalogs check

bench: $(STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) dossier.db
