# Every target creates the local virtual environment (.venv) when it is missing.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed-stamp
MUTATE_STAMP := $(VENV)/.mutate-stamp

.PHONY: play test test-fast lint web serve screenshots assets bench mutate clean wasm wasm-check

$(STAMP): pyproject.toml setup.py
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test,web]'
	touch $(STAMP)

play: $(STAMP)
	$(PY) -m game

# The whole suite: lint, then the tests that must run without pygame, then the app's (docs/testing.md).
test: lint
	$(PY) -m pytest --without-pygame
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest --app-only

# The same without the tests marked browser or slow (pyproject.toml): under a minute on a quiet 2-core machine.
FAST := -m "not browser and not slow"
test-fast: lint
	$(PY) -m pytest --without-pygame $(FAST)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m pytest --app-only $(FAST)

# The compiled search core: game/ai/wasm/core.wasm from core.c (committed; run after changing core.c).
# wasm-check fails when the committed module is not what the source builds to (also a test in tests/ai/wasm).
wasm: $(STAMP)
	$(PY) -m game.ai.wasm.build

wasm-check: $(STAMP)
	$(PY) -m game.ai.wasm.build --check

lint: $(STAMP)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy

web: $(STAMP)
	$(PY) -m tools.build_web

serve: web
	$(PY) -m tools.serve_web --port 8000

# The game's icons and sounds in assets/ (committed; run again after changing tools/make_icon.py or make_assets.py).
assets: $(STAMP)
	$(PY) -m pip install -q -e '.[assets]'
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tools.make_assets

screenshots: $(STAMP)
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m tools.screenshots

# Every measure of the product in benchmarks/ (docs/testing.md, "Benchmarks"), one after another, each printing its
# figures; benchmarks/experiments/ is not run, nor tally.py (the report peers.py and pypi_peers.py share). Quick
# settings by default (a few minutes in all on a shared 2-core machine); `make bench FULL=1` runs each script with
# its own defaults.
bench: $(STAMP)
	@for script in benchmarks/*.py; do \
		name=$$(basename $$script .py); args=""; \
		case $$name in __init__|tally) continue;; esac; \
		if [ -z "$(FULL)" ]; then case $$name in \
			app_frames|solve|review) args="--quick";; \
			playouts) args="0.2";; \
			latency) args="--games 1";; \
			ladder) args="--games 2";; \
			solver_set) args="--max-seconds 2";; \
			expert_moves) args="--games 1";; \
			ai_memory) args="--seconds 10";; \
			history_size) args="--games 200";; \
			fight) args="--games 1";; \
			pypi_peers) args="--games 2";; \
			monkey) args="--actions 450";; \
			soak) args="--games 50";; \
			nat_rooms) args="--runs 1";; \
			browser_soak) args="--minutes 2 --every 30";; \
		esac; fi; \
		echo "== python -m benchmarks.$$name $$args"; \
		SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(PY) -m benchmarks.$$name $$args || exit 1; \
	done

# Mutation testing with mutmut, one package at a time (core, storage, engine, app, ai), at low priority; not in CI
# (tens of minutes). `make mutate PKG=core` runs one package; JOBS=N mutants at once (default 2). See docs/testing.md.
$(MUTATE_STAMP): $(STAMP)
	$(PY) -m pip install -q -e '.[test,web,mutate]'
	touch $(MUTATE_STAMP)

mutate: $(MUTATE_STAMP)
	nice -n 10 $(PY) -m tools.mutate $(PKG) --jobs $(or $(JOBS),2) $(if $(MINUTES),--minutes $(MINUTES))

clean:
	rm -rf build .pytest_cache .ruff_cache
