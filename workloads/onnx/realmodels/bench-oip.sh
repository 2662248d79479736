#!/usr/bin/env bash
# ResNet-18 through a node on the Open Inference Protocol, side by side with
# ONNX Runtime alone (onnxruntime-node), in one run on this machine: the
# figures of docs/engines.md ("The Open Inference Protocol"). Builds the node
# and the onnx workload and runs them as separate processes on loopback: two
# workloads, "onnx" with dynamic batching (ONNX_BATCH_MAX=8) and
# "onnx-nobatch" without (ONNX_BATCH_MAX=1), both on the suite's ResNet-18 with its batch
# dimension made free (free_batch.py; the same file for every contender).
# Each round: onnxruntime-node, then `infernode bench` on the OIP binary path
# (batching on, off), the gRPC front door (ModelInfer, raw tensors, batching
# off), the OIP JSON path and the JSON job path, at concurrency C. Extra workload environment (ONNX_THREADS=1) passes through.
#
# Usage: workloads/onnx/realmodels/bench-oip.sh [ROUNDS] [N] [C]
# (from the repository root, after `make tools realmodels`).
set -euo pipefail
rounds=${1:-3} n=${2:-96} c=${3:-16}
root=$(pwd)
models=$root/.tools/realmodels
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; wait 2>/dev/null; rm -rf "$work"' EXIT

go build -o "$work/infernode" ./cmd/infernode
CGO_ENABLED=1 go build -o "$work/onnx" ./workloads/onnx
id=local/infernode/resnet18:resnet18.onnx
model=$work/cache/local/infernode/resnet18/default/resnet18.onnx
mkdir -p "$(dirname "$model")"
/usr/bin/python3 workloads/onnx/realmodels/free_batch.py "$models/resnet18.onnx" "$model"

workload() { # PORT [ENV...]
  local port=$1; shift
  env ONNX_DEFAULT_MODEL_ID=$id ONNX_CACHE_DIR=$work/cache ONNXRUNTIME_LIB=$root/.tools/lib/libonnxruntime.so.1 \
    HUB_BASE_URL=http://127.0.0.1:1 ARWEAVE_GATEWAY_URL=http://127.0.0.1:1 "$@" \
    "$work/onnx" --addr 127.0.0.1:$port 2>"$work/onnx-$port.log" &
}
workload 39301 ONNX_BATCH_MAX=8
pid_batch=$!
workload 39302 ONNX_BATCH_MAX=1
pid_nobatch=$!
cat >"$work/config.json" <<JSON
{"manage_containers": false, "data_dir": "$work/data",
 "server": {"host": "127.0.0.1", "port": 39300, "grpc_port": 39303, "max_body_bytes": 16777216},
 "chain": {"enabled": false},
 "containers": [{"id": "onnx", "url": "http://127.0.0.1:39301", "external": true, "ready_timeout": "5m"},
                {"id": "onnx-nobatch", "url": "http://127.0.0.1:39302", "external": true, "ready_timeout": "5m"}]}
JSON
"$work/infernode" serve --config "$work/config.json" 2>"$work/node.log" &
pid_node=$!
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
# CPU time (user + system, ms) of processes: the figure a busy machine does
# not distort, unlike jobs/s, which follow what else runs.
cpu_ms() { local t=0; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' /proc/$p/stat))); done; echo $((t * 1000 / $(getconf CLK_TCK))); }
bench() { # WORKLOAD_PID ARGS...: the run, then node + workload CPU per job
  local wpid=$1; shift
  local c0; c0=$(cpu_ms "$pid_node" "$wpid")
  "$work/infernode" bench --url http://127.0.0.1:39300 -c "$c" --timeout 5m -n "$n" "$@"
  echo "  cpu per job: $(( ($(cpu_ms "$pid_node" "$wpid") - c0) / n )) ms (node and workload)"
}
for w in onnx onnx-nobatch; do # warm-up
  "$work/infernode" bench --url http://127.0.0.1:39300 --containers $w -c "$c" --oip binary --oip-request "$work/oip.json" -n 16 >/dev/null
done
"$work/infernode" bench --url http://127.0.0.1:39300 --containers onnx-nobatch -c "$c" --oip grpc --grpc 127.0.0.1:39303 --oip-request "$work/oip.json" -n 16 >/dev/null
echo "load: $(uptime)"
for r in $(seq "$rounds"); do
  echo "== round $r"
  node workloads/onnx/realmodels/throughput-node.js "$model" "$n" "$c"
  echo "-- node, OIP binary, batching on (ONNX_BATCH_MAX=8)"
  bench "$pid_batch" --containers onnx --oip binary --oip-request "$work/oip.json"
  echo "-- node, OIP binary, batching off"
  bench "$pid_nobatch" --containers onnx-nobatch --oip binary --oip-request "$work/oip.json"
  echo "-- node, gRPC ModelInfer (raw tensors), batching off"
  bench "$pid_nobatch" --containers onnx-nobatch --oip grpc --grpc 127.0.0.1:39303 --oip-request "$work/oip.json"
  echo "-- node, OIP json, batching off"
  bench "$pid_nobatch" --containers onnx-nobatch --oip json --oip-request "$work/oip.json"
  echo "-- node, JSON job path, batching off"
  bench "$pid_nobatch" --containers onnx-nobatch --data-file "$work/job.json"
done
echo "load: $(uptime)"
