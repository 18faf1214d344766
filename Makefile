# DocSpec — the two commands a new user needs:
#   make check   lint docs-ja/ against docs-ru/ and verify Generated/ is up to date
#   make test    build everything and run all tests (generated conformance tests included)
# Both install the Debian packages they need first (apt-get, non-interactive) when missing.

SWIFT ?= swift
DEB_PACKAGES := libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libssl-dev openssl pkg-config python3 chromium fonts-ipafont-gothic python3-jsonschema
DOCSPEC := .build/debug/docspec

.PHONY: all deps build check test generate clean

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

build: deps
	$(SWIFT) build --product docspec

check: build
	$(DOCSPEC) check

generate: build
	$(DOCSPEC) generate

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test

clean:
	rm -rf .build
