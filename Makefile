# Two commands for a fresh machine with Python 3.11 or newer and make:
#   make run   - create .venv, install, serve the lessons with Voila (prints the URL)
#   make classroom LESSON=cnw/01_board_and_dice STUDENTS=30 - the same, for a class on the LAN
#   make test  - create/update the same .venv with test extras, make sure Chromium is there,
#                run every test (lint, unit, widget, notebook and browser tests)

# The Python that makes .venv: PYTHON=... when given, else the newest python3.X on PATH (3.14 down
# to 3.11, then python3). tools/pick_python.sh says which and refuses one older than 3.11.
PYTHON ?=
VENV   := .venv
VPY    := $(VENV)/bin/python
PORT   ?= 8866
HOST   ?= 127.0.0.1
# Voila finds the lessons' template here even before the package's data files are installed.
export JUPYTER_PATH := $(CURDIR)/share/jupyter

.PHONY: run classroom test lint chromium benchmark clean hub hub-proxy axe precompute static test-static postgres

# An existing .venv is kept whatever Python made it, so a newer Python on PATH does not rebuild
# it; one made by a Python older than 3.11, or whose Python is gone, is refused with a sentence
# rather than deleted here: make clean removes it, and it may hold what its owner put there.
$(VENV)/.base: pyproject.toml tools/pick_python.sh
	@if [ -e $(VPY) ] || [ -L $(VPY) ]; then \
	  sh tools/pick_python.sh --venv $(VENV); \
	else \
	  py=$$(sh tools/pick_python.sh "$(PYTHON)") && "$$py" -m venv $(VENV); \
	fi
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.test: pyproject.toml $(VENV)/.base
	$(VPY) -m pip install --quiet -e '.[test]'
	@touch $@

$(VENV)/.static: pyproject.toml $(VENV)/.base
	$(VPY) -m pip install --quiet -e '.[static]'
	@touch $@

$(VENV)/.hub: pyproject.toml $(VENV)/.base
	$(VPY) -m pip install --quiet -e '.[hub]'
	@touch $@

# classroom/serve.py is Voila serving notebooks/ only, ending closed pages' kernels and culling
# idle ones (voila.json); it prints the landing page's URL.
run: $(VENV)/.base
	$(VPY) classroom/serve.py --host=$(HOST) --port=$(PORT)

# make classroom LESSON="cnw/01_board_and_dice rails/01_the_map_as_a_graph" STUDENTS=30
# A warm kernel per student for each lesson of the day; on the LAN (0.0.0.0) unless HOST is given.
LESSON   ?= cnw/01_board_and_dice
STUDENTS ?= 30
CLASS_HOST = $(if $(filter file,$(origin HOST)),0.0.0.0,$(HOST))
classroom: $(VENV)/.base
	$(VPY) classroom/serve.py --classroom $(LESSON) --students=$(STUDENTS) \
	  --host=$(CLASS_HOST) --port=$(PORT)

# Browser tests need a Chromium. Debian's package when we are root and it is missing;
# otherwise Playwright's own download where the network allows it.
chromium: $(VENV)/.test
	@if command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1 \
	     || [ -n "$$CHROMIUM" ]; then \
	  echo "chromium: $$(command -v chromium || command -v chromium-browser || echo $$CHROMIUM)"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	else \
	  $(VPY) -m playwright install chromium; \
	fi

# The record store's PostgreSQL tests (tests/record/) start a throwaway server of their own from
# Debian's package: installed when we are root and it is missing; otherwise say where it is.
postgres:
	@if ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then \
	  echo "postgresql: $$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)"; \
	elif command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then \
	  echo "postgresql: $$(dirname $$(command -v initdb))"; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	else \
	  echo "postgresql not found: install your system's postgresql server package (tests/record/ needs it)"; \
	fi

lint: $(VENV)/.test
	$(VPY) -m ruff check .
	$(VPY) -m ruff format --check .

# The suite in parallel (pytest-xdist): one worker more than the cores, at most four, since the
# browser and server tests spend part of their time waiting for a kernel or a page (measured on 2
# cores: 3 workers 10:01, 2 workers 11:08, one process 16:41). Each worker runs its own Voila and
# Chromium; tests that share a page or a server keep to one worker (their xdist_group mark).
# TEST_WORKERS=0 runs the suite in one process.
TEST_WORKERS ?= $(shell n=$$(nproc 2>/dev/null || echo 1); echo $$(( n < 4 ? n + 1 : 4 )))
test: $(VENV)/.test chromium postgres hub-proxy axe lint
	$(VPY) -m pytest -n $(TEST_WORKERS) --dist loadgroup

# The lessons as a static site in build/static/ (docs/static.md): Voici, Pyodide from npm, wheels
# from PyPI, downloads cached in build/static-cache/. Publish the folder on any static host.
static: $(VENV)/.static
	$(VPY) static/build.py

# The static site in Chromium (builds it unless its inputs are unchanged); CI runs it after make test.
test-static: $(VENV)/.static $(VENV)/.test chromium
	$(VPY) -m pytest tests/static -m static

# JupyterHub's proxy from the npm registry, pinned by deploy/jupyterhub/package-lock.json, into
# deploy/jupyterhub/node_modules (never global). Without npm the recipe's test skips, saying why.
HUB_DIR   := deploy/jupyterhub
HUB_PROXY := $(HUB_DIR)/node_modules/.bin/configurable-http-proxy
hub-proxy:
	@if ! command -v npm >/dev/null 2>&1; then \
	  echo "npm not found: install node >= 20 and npm for the JupyterHub recipe (its test skips)"; \
	elif [ ! -x $(HUB_PROXY) ] || [ $(HUB_DIR)/package-lock.json -nt $(HUB_DIR)/node_modules/.package-lock.json ]; then \
	  npm ci --prefix $(HUB_DIR) --no-audit --no-fund; \
	else \
	  echo "configurable-http-proxy: $(HUB_PROXY)"; \
	fi

# axe-core from the npm registry, pinned by tests/browser/axe/package-lock.json, into
# tests/browser/axe/node_modules (never global): tests/browser/screens.py injects it into the
# pages. Without npm that test fails, saying to install it.
AXE_DIR := tests/browser/axe
axe:
	@if ! command -v npm >/dev/null 2>&1; then \
	  echo "npm not found: install node >= 20 and npm for the accessibility scan"; \
	elif [ ! -f $(AXE_DIR)/node_modules/axe-core/axe.min.js ] || [ $(AXE_DIR)/package-lock.json -nt $(AXE_DIR)/node_modules/.package-lock.json ]; then \
	  npm ci --prefix $(AXE_DIR) --no-audit --no-fund; \
	else \
	  echo "axe-core: $(AXE_DIR)/node_modules/axe-core/axe.min.js"; \
	fi

# A JupyterHub serving the lessons to a class (docs/jupyterhub.md); set LESSONS_HUB_PASSWORD first.
HUB_PORT ?= 8000
hub: $(VENV)/.hub hub-proxy
	$(VENV)/bin/jupyterhub -f $(HUB_DIR)/jupyterhub_config.py --JupyterHub.bind_url=http://$(HOST):$(HUB_PORT)

benchmark: $(VENV)/.test
	@for f in benchmarks/*.py; do echo "== $$f"; $(VPY) $$f || exit 1; done

# Play every lab's default presses again and ship their results (widgets/precomputed/): after a
# change to gamelib or to a lab's play function, when tests/widgets/test_cache.py asks for it.
precompute: $(VENV)/.base
	$(VPY) -m widgets.precomputed

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts
