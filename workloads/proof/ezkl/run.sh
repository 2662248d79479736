#!/usr/bin/env bash
# Measures EZKL's WASM engine (@ezkljs/engine, pinned in package.json) on EZKL's own example
# model from its public repository (tests/assets: a 3 -> 4 dense layer with its compiled circuit
# and SRS), for the comparison in docs/proof.md.
#
# usage: run.sh EZKL_GIT_DIR [RUNS]
# EZKL_GIT_DIR is a clone (or bare git directory) of github.com/zkonduit/ezkl; the files are read
# at tag v21.0.0, the version of the engine. Writes to $OUT (default /tmp/ezkl-bench); prints
# one JSON line per run, each with the process's peak RSS from /usr/bin/time -v.
set -euo pipefail

git_dir=${1:?usage: run.sh EZKL_GIT_DIR [RUNS]}
runs=${2:-5}
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-/tmp/ezkl-bench}
tag=v21.0.0

mkdir -p "$out/data"
for f in input.json model.compiled settings.json kzg network.onnx; do
	git --git-dir="$git_dir" show "$tag:tests/assets/$f" >"$out/data/$f" 2>/dev/null ||
		git -C "$git_dir" show "$tag:tests/assets/$f" >"$out/data/$f"
done
if [ ! -d "$here/node_modules/@ezkljs/engine" ]; then
	(cd "$here" && npm ci --no-audit --no-fund --silent)
fi

peak_rss_kb() { sed -n 's/.*Maximum resident set size (kbytes): //p' "$1"; }

node "$here/bench.js" keys "$out/data"
for i in $(seq "$runs"); do
	/usr/bin/time -v node "$here/bench.js" prove "$out/data" 2>"$out/time.$i" >"$out/run.$i" ||
		{ cat "$out/time.$i" >&2; exit 1; }
	echo "$(sed 's/}$//' "$out/run.$i"),\"peak_rss_kb\":$(peak_rss_kb "$out/time.$i")}"
done
