#!/usr/bin/env bash
# make lint: staticcheck (pinned; installed from the Go module proxy into
# .tools/bin on first use, about 30 s) over every package, failing on any
# finding. abi/staticcheck.conf leaves out the checks the generated bindings
# trip. Also fails when a .PHONY target of the Makefile has nothing to run.
# Takes about 2 minutes on 2 cores.
set -euo pipefail
cd "$(dirname "$0")/.."
STATICCHECK_VERSION=v0.8.2 # staticcheck 2026.2.2, which knows Go 1.26
bin=.tools/bin/staticcheck

# A declared target whose `make -n` runs nothing cannot fail: a defect.
for target in $(sed -n 's/^\.PHONY://p' Makefile); do
  if [ -z "$(make -n "$target" 2>/dev/null | grep -v '^make')" ]; then
    echo "lint: Makefile target '$target' is declared .PHONY but has no recipe" >&2
    exit 1
  fi
done

if [ ! -x "$bin" ] || ! "$bin" -version 2>/dev/null | grep -q "(${STATICCHECK_VERSION#v})"; then
  echo "lint: installing staticcheck ${STATICCHECK_VERSION} into .tools/bin (about 30 s)"
  mkdir -p .tools/bin
  GOBIN="$PWD/.tools/bin" go install "honnef.co/go/tools/cmd/staticcheck@${STATICCHECK_VERSION}"
fi
echo "lint: staticcheck ./... (about 2 minutes on 2 cores)"
"$bin" ./...
echo "lint: ok"
