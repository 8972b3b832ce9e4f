# Railbook — `make run` starts the site, `make test` runs every test. Both install what is missing.
SHELL := /bin/bash
PACKAGES := pkg-config libsqlite3-dev libmicrohttpd-dev libxml2-dev libsodium-dev libqrencode-dev libpq-dev libcurl4-openssl-dev libcairo2-dev libpango1.0-dev libzip-dev fonts-noto-cjk
# The PostgreSQL server, whose initdb and pg_ctl the tests start a throwaway cluster with, HAProxy,
# which the cluster test puts in front of three servers, libfaketime, which runs a server with its
# clock moved, gettext, whose msgfmt checks the message catalogs, and Prometheus, whose promtool
# checks the metrics, aiosmtpd, the SMTP server the mail tests send to, and poppler's pdftotext,
# which reads the invoices' PDFs.
TEST_PACKAGES := postgresql haproxy faketime gettext prometheus python3-aiosmtpd poppler-utils
BENCH_PACKAGES := wrk curl python3 strace valgrind
# The browser checks: Debian's Chromium and its driver, CJK fonts, and Java for the W3C Nu checker.
BROWSER_PACKAGES := chromium chromium-driver fonts-noto-cjk $(if $(shell command -v java),,default-jre-headless)
RESULTS := test-results
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
DATABASE ?= railbook.sqlite
PORT ?= 8080

.PHONY: setup build run cluster test catalogs format format-check browser-test bench clean

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

# Starts the site on a fresh database with the demo data: a new SQLite file, or with
# DATABASE=postgresql://… an existing PostgreSQL database (migrated and given the demo data when empty).
run: build
	case "$(DATABASE)" in postgres://*|postgresql://*) ;; *) rm -f $(DATABASE) $(DATABASE)-wal $(DATABASE)-shm ;; esac
	.build/release/railbook serve --port $(PORT) --database '$(DATABASE)'

# Three servers on one local PostgreSQL behind HAProxy on port 8080 (scripts/cluster.sh); Ctrl-C stops them all.
cluster:
	@$(MAKE) --no-print-directory setup EXTRA_PACKAGES="postgresql haproxy curl"
	swift build -c release
	PORT=$(PORT) scripts/cluster.sh

# The message catalogs through msgfmt, the layout of the Swift sources (swift-format), the Swift tests on SQLite (saving every distinct page they
# render to $(RESULTS)/pages) and, at the same time, the application's tests again on PostgreSQL (a
# throwaway cluster the tests start themselves), then the browser checks.
test:
	@$(MAKE) --no-print-directory setup EXTRA_PACKAGES="$(TEST_PACKAGES)"
	@$(MAKE) --no-print-directory catalogs
	@$(MAKE) --no-print-directory format-check
	swift build --build-tests
	rm -rf $(RESULTS)/pages
	PAGE_ARCHIVE=$(abspath $(RESULTS))/pages Tests/swift-tests.sh
	@$(MAKE) --no-print-directory browser-test

# Each message catalog (Locales/LANGUAGE/FEATURE.po) checked by gettext's own msgfmt (syntax, header,
# plural forms); any error fails.
catalogs:
	@$(MAKE) --no-print-directory setup EXTRA_PACKAGES="gettext"
	@for catalog in Locales/*/*.po; do \
	  echo "msgfmt --check $$catalog"; \
	  msgfmt --check --statistics -o /dev/null "$$catalog" || exit 1; \
	done

# The Swift sources laid out by the toolchain's swift-format, as `.swift-format` says.
format:
	swift format format --in-place --recursive --parallel Package.swift Sources Tests

# Fails on any Swift source that `make format` would change, naming the file and line.
format-check:
	swift format lint --strict --recursive --parallel Package.swift Sources Tests

# The traveller's journey in Chromium on a phone and a desktop, the W3C Nu checker and axe-core
# (on the journey's pages and the pages the Swift tests saved). Screenshots: $(RESULTS)/screenshots.
browser-test:
	@$(MAKE) --no-print-directory setup EXTRA_PACKAGES="$(BROWSER_PACKAGES)"
	swift build
	RESULTS=$(RESULTS) Tests/Browser/run.sh

# Every benchmark, or some: `make bench SECTIONS="bookings payments"` (pages, search, bookings, payments, memory).
bench:
	@$(MAKE) --no-print-directory setup EXTRA_PACKAGES="$(BENCH_PACKAGES)"
	swift build -c release
	Tests/Benchmarks/bench.sh $(SECTIONS)

clean:
	swift package clean
