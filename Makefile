# DocSpec — the two commands a new user needs:
#   make check   lint docs-ja/ against docs-ru/ and verify Generated/ is up to date
#   make test    build everything and run all tests (generated conformance tests included)
# Both install the Debian packages they need first (apt-get, non-interactive) when missing.

SWIFT ?= swift
DEB_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev libjemalloc-dev openssl pkg-config python3 python3-pip chromium fonts-ipafont-gothic python3-jsonschema
DOCSPEC := .build/debug/docspec

.PHONY: all deps lsp-client build check test generate clean

all: check test

deps:
	@missing=""; \
	for p in $(DEB_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  echo "make: installing Debian packages:$$missing"; \
	  if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
	  $$SUDO apt-get update -qq && \
	  DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq --no-install-recommends $$missing; \
	fi

# The LSP end-to-end tests' client (pytest-lsp from PyPI), installed once into .build/.
PYTEST_LSP := pytest-lsp==1.0.1
PYTEST_LSP_DIR := .build/pytest-lsp

lsp-client:
	@if [ ! -f $(PYTEST_LSP_DIR)/.installed-1.0.1 ]; then \
	  echo "make: installing $(PYTEST_LSP) into $(PYTEST_LSP_DIR)"; \
	  python3 -m pip install --quiet --disable-pip-version-check --target $(PYTEST_LSP_DIR) $(PYTEST_LSP) 2>/dev/null || \
	  python3 -m pip install --quiet --disable-pip-version-check --break-system-packages --target $(PYTEST_LSP_DIR) $(PYTEST_LSP) && \
	  touch $(PYTEST_LSP_DIR)/.installed-1.0.1; \
	fi

build: deps
	$(SWIFT) build --product docspec

check: build
	$(DOCSPEC) check

generate: build
	$(DOCSPEC) generate

test: deps lsp-client
	$(SWIFT) build --build-tests
	$(SWIFT) test
	DOCSPEC=$(DOCSPEC) PYTHONPATH=$(PYTEST_LSP_DIR) python3 -m pytest -q -p no:cacheprovider Tests/LSP

clean:
	rm -rf .build
