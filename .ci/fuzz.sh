#!/usr/bin/env bash
# Runs every fuzz target briefly (FUZZTIME, default 10000 inputs each) on top of the
# seed corpora that `go test` already ran.
#
# The budget is a count of inputs, not a duration: with a duration, Go 1.26's
# fuzz coordinator can report a bare "context deadline exceeded" failure at
# the end of the window while a worker is mid-input (go.dev/issue/75804,
# fixed in Go 1.27). A count has no deadline to race.
set -euo pipefail
cd "$(dirname "$0")/.."
FUZZTIME=${FUZZTIME:-10000x}
grep -rl --include='*_test.go' -E '^func Fuzz[A-Za-z0-9_]+\(f \*testing\.F\)' . | grep -v node_modules | while read -r f; do
  pkg="./$(dirname "${f#./}")"
  grep -oE '^func Fuzz[A-Za-z0-9_]+' "$f" | sed 's/^func //' | while read -r fn; do
    echo "fuzz: $pkg $fn ($FUZZTIME)"
    go test -run '^$' -fuzz "^${fn}\$" -fuzztime "$FUZZTIME" "$pkg" >/tmp/infernode-fuzz.log 2>&1 || { cat /tmp/infernode-fuzz.log; exit 1; }
  done
done
echo "fuzz: ok"
