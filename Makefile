# Every target creates the local virtual environment (.venv) when it is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp

.PHONY: play test lint web serve screenshots bench clean

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,web]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

test: $(STAMP)
	$(PY) -m ruff check .
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest

lint: $(STAMP)
	$(PY) -m ruff check .

web: $(STAMP)
	$(PY) tools/build_web.py

serve: web
	$(PY) tools/serve_web.py --port 8000

screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) tools/screenshots.py

bench: $(STAMP)
	$(PY) benchmarks/playouts.py

clean:
	rm -rf build .pytest_cache .ruff_cache
