# Railbook — `make run` starts the site, `make test` runs every test. Both install what is missing.
SHELL := /bin/bash
PACKAGES := pkg-config libsqlite3-dev libmicrohttpd-dev libxml2-dev libsodium-dev libqrencode-dev
BENCH_PACKAGES := wrk curl python3
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DATABASE ?= railbook.sqlite
PORT ?= 8080

.PHONY: setup build run test bench clean

# Installs the Debian packages the build needs, only when one is missing.
setup:
	@missing=""; for package in $(PACKAGES) $(EXTRA_PACKAGES); do \
	  dpkg -s $$package >/dev/null 2>&1 || missing="$$missing $$package"; done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: setup
	swift build -c release

# Starts the site on a fresh database with the demo data.
run: build
	rm -f $(DATABASE) $(DATABASE)-wal $(DATABASE)-shm
	.build/release/railbook serve --port $(PORT) --database $(DATABASE)

test: setup
	swift build --build-tests
	swift test --skip-build --disable-swift-testing

# Every benchmark, or some: `make bench SECTIONS="bookings payments"` (pages, search, bookings, payments).
bench:
	@$(MAKE) --no-print-directory setup EXTRA_PACKAGES="$(BENCH_PACKAGES)"
	swift build -c release
	Tests/Benchmarks/bench.sh $(SECTIONS)

clean:
	swift package clean
