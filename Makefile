# reportgen: the two commands the README promises, and a few helpers.

GO ?= go
OUT ?= out
SHELL := bash
# The version reportgen prints and marks its output with.
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo devel)

.PHONY: report test lint build fuzz bench update check-deps

## report: build the sample reports into $(OUT)/ (both languages, every format), and compare
## the before/after pair into $(OUT)/compare/
report:
	$(GO) run ./cmd/reportgen build -o $(OUT) samples/
	$(GO) run ./cmd/reportgen compare -o $(OUT)/compare samples/compare/before samples/compare/after

## test: vet, lint, check the pinned library versions, run every test;
## list the tests that skipped (a missing pdftotext, say) and why
test: check-deps lint
	$(GO) vet ./...
	set -o pipefail; $(GO) test -json ./... | $(GO) run ./.ci/testsum

## lint: golangci-lint as .golangci.yml configures it, at the version
## tools/go.mod pins (the first run builds it, about a minute and a half)
lint:
	$(GO) tool -modfile=tools/go.mod golangci-lint run ./...

## build: the reportgen binary
build:
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o reportgen ./cmd/reportgen

## update: rewrite golden files (review the diff before committing)
update:
	$(GO) test ./... -update

## fuzz: run every Fuzz target of every package (found with go test -list), for FUZZTIME each
FUZZTIME ?= 60s
# Some targets write a report folder per input, or are seeded with whole
# analysis.json files; minimizing a new input for the default 60 s would
# stall them, so minimization is capped for all.
fuzz:
	@set -e; for pkg in $$($(GO) list ./...); do \
		for f in $$($(GO) test $$pkg -list '^Fuzz' | grep '^Fuzz' || true); do \
			echo "$$pkg $$f"; \
			$(GO) test $$pkg -run '^$$' -fuzz "^$$f\$$" -fuzztime $(FUZZTIME) -fuzzminimizetime 50x; \
		done; \
	done

## bench: the speed benchmarks
bench:
	$(GO) test ./... -run '^$$' -bench . -benchmem

## check-deps: each mandated library that go.mod names is at its pinned version
## (go mod tidy once picked an old goldmark when nothing imported it).
PINNED = github.com/gocarina/gocsv@v0.0.0-20240520201108-78e41c74b4b1 gonum.org/v1/plot@v0.17.0 \
	github.com/yuin/goldmark@v1.8.7 github.com/signintech/gopdf@v0.33.0 github.com/nicksnyder/go-i18n/v2@v2.7.0 \
	github.com/chromedp/chromedp@v0.23.0
check-deps:
	@for p in $(PINNED); do \
		mod=$${p%@*}; want=$${p#*@}; \
		got=$$(awk -v m="$$mod" '$$1==m {print $$2}' go.mod); \
		if [ -n "$$got" ] && [ "$$got" != "$$want" ]; then \
			echo "go.mod: $$mod is $$got, expected $$want"; exit 1; fi; \
	done
