#!/usr/bin/env bash
# ResNet-18 through a node on the Open Inference Protocol, side by side with
# ONNX Runtime alone (onnxruntime-node), in one run on this machine: the
# figures of docs/engines.md ("The Open Inference Protocol"). Builds the node
# and the onnx workload, runs them as separate processes on loopback, then
# for each round: onnxruntime-node, `infernode bench --oip binary`,
# `--oip json` and the JSON job path, at concurrency C.
#
# Usage: workloads/onnx/realmodels/bench-oip.sh [ROUNDS] [N] [C]
# (from the repository root, after `make tools realmodels`). Extra workload
# environment (ONNX_BATCH_MAX=1, ONNX_THREADS=1) passes through.
set -euo pipefail
rounds=${1:-3} n=${2:-96} c=${3:-16}
root=$(pwd)
models=$root/.tools/realmodels
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rm -rf "$work"' EXIT

go build -o "$work/infernode" ./cmd/infernode
CGO_ENABLED=1 go build -o "$work/onnx" ./workloads/onnx
id=local/infernode/resnet18:resnet18.onnx
mkdir -p "$work/cache/local/infernode/resnet18/default"
ln -s "$models/resnet18.onnx" "$work/cache/local/infernode/resnet18/default/resnet18.onnx"

ONNX_DEFAULT_MODEL_ID=$id ONNX_CACHE_DIR=$work/cache ONNXRUNTIME_LIB=$root/.tools/lib/libonnxruntime.so.1 \
  HUB_BASE_URL=http://127.0.0.1:1 ARWEAVE_GATEWAY_URL=http://127.0.0.1:1 \
  "$work/onnx" --addr 127.0.0.1:39301 2>"$work/onnx.log" &
cat >"$work/config.json" <<JSON
{"manage_containers": false, "data_dir": "$work/data",
 "server": {"host": "127.0.0.1", "port": 39300, "max_body_bytes": 16777216},
 "chain": {"enabled": false},
 "containers": [{"id": "onnx", "url": "http://127.0.0.1:39301", "external": true, "ready_timeout": "5m"}]}
JSON
"$work/infernode" serve --config "$work/config.json" 2>"$work/node.log" &
for _ in $(seq 600); do
  curl -sf http://127.0.0.1:39300/v2/health/ready >/dev/null && break
  sleep 0.5
done

# The model's seeded input as an OIP request and as job data.
/usr/bin/python3 - "$models/resnet18.json" "$work" <<'PY'
import json, sys
spec = json.load(open(sys.argv[1]))
ins = [{"name": k, "shape": t["shape"], "datatype": {1: "FP32", 8: "INT64"}[t["dtype"]], "data": t["values"]}
       for k, t in spec["inputs"].items()]
json.dump({"inputs": ins}, open(sys.argv[2] + "/oip.json", "w"))
json.dump({"inputs": spec["inputs"]}, open(sys.argv[2] + "/job.json", "w"))
PY
bench() { "$work/infernode" bench --url http://127.0.0.1:39300 --containers onnx -c "$c" --timeout 5m "$@"; }
bench --oip binary --oip-request "$work/oip.json" -n 16 >/dev/null # warm-up
echo "load: $(uptime)"
for r in $(seq "$rounds"); do
  echo "== round $r"
  node workloads/onnx/realmodels/throughput-node.js resnet18 "$n" "$c"
  for mode in binary json; do
    echo "-- node, OIP $mode"
    bench --oip "$mode" --oip-request "$work/oip.json" -n "$n"
  done
  echo "-- node, JSON job path"
  bench --data-file "$work/job.json" -n "$n"
done
echo "load: $(uptime)"
