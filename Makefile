# Two commands for a fresh machine with Python 3.11 and make:
#   make run   - create .venv, install, serve the lessons with Voila (prints the URL)
#   make test  - create/update the same .venv with test extras, make sure Chromium is there,
#                run every test (lint, unit, widget, notebook and browser tests)

PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV   := .venv
VPY    := $(VENV)/bin/python
PORT   ?= 8866
HOST   ?= 127.0.0.1
# Voila finds the lessons' template here even before the package's data files are installed.
export JUPYTER_PATH := $(CURDIR)/share/jupyter

.PHONY: run test lint chromium benchmark clean

$(VENV)/.base: pyproject.toml
	@test -x $(VPY) || $(PYTHON) -m venv $(VENV)
	$(VPY) -m pip install --quiet --upgrade pip
	$(VPY) -m pip install --quiet -e .
	@touch $@

$(VENV)/.test: pyproject.toml $(VENV)/.base
	$(VPY) -m pip install --quiet -e '.[test]'
	@touch $@

run: $(VENV)/.base
	@echo ""
	@echo "  Lessons: http://$(HOST):$(PORT)/voila/render/notebooks/index.ipynb"
	@echo "  (Ctrl-C stops the server)"
	@echo ""
	$(VENV)/bin/voila --no-browser --port=$(PORT) --Voila.ip=$(HOST) .

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

lint: $(VENV)/.test
	$(VPY) -m ruff check .
	$(VPY) -m ruff format --check .

test: $(VENV)/.test chromium lint
	$(VPY) -m pytest

benchmark: $(VENV)/.test
	@for f in benchmarks/*.py; do echo "== $$f"; $(VPY) $$f || exit 1; done

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache test-artifacts
