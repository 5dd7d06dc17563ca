# The two quick-start commands: `make demo` and `make test`.
# Both create .venv with the project installed (editable, with dev extras) if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test lint check bench clean messages

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
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

test: $(STAMP)
	$(BIN)/python -m pytest -q

check: $(STAMP)
	$(BIN)/ruff check toolkit validators tests bench
	$(BIN)/mypy

# extract the messages into toolkit/i18n/locale and merge them into every catalog (docs/translating.md)
messages: $(STAMP)
	$(BIN)/python -m toolkit.i18n.catalogs update
	$(BIN)/python -m toolkit.i18n.catalogs check

bench: $(STAMP)
	for b in bench/*.py; do echo "== $$b"; $(BIN)/python $$b || exit 1; done

clean:
	rm -rf $(VENV) dossier.db
