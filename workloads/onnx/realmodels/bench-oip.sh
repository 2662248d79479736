#!/usr/bin/env bash
# ResNet-18 through a node on the Open Inference Protocol, side by side with
# ONNX Runtime alone (onnxruntime-node), in one run on this machine: the
# figures of docs/engines.md ("The Open Inference Protocol"). Builds the node
# and the onnx workload and runs them as separate processes on loopback: two
# workloads, "onnx" with dynamic batching (ONNX_BATCH_MAX=8) and
# "onnx-nobatch" without (ONNX_BATCH_MAX=1), both on the suite's ResNet-18
# with its batch dimension made free (free_batch.py; the same file for every
# contender). Extra workload environment passes through to both.
#
# Each side runs as it serves concurrent requests best. onnxruntime-node's
# run() is synchronous on the JavaScript thread: its C in flight are
# queued and run one at a time, each on ORT's default intra-op threads (one
# per core), its best for throughput. The workloads run their requests
# concurrently, one ORT call per request, so they run each on one thread
# (ONNX_THREADS=1, this script's default; set ONNX_THREADS=0 for ORT's
# choice): no intra-op threads spinning against each other's calls.
#
# The contenders (ROWS, default all, in this order):
#   ort    onnxruntime-node on the file, one session at ORT's default threads
#          (throughput-node.js), C runs in flight
#   rest   the node's OIP binary path (REST /v2, raw tensors), no batching
#   grpc   the node's gRPC ModelInfer (raw tensors), no batching
#   batch  the OIP binary path to the batching workload
#   json   the OIP JSON path (N/8 requests)
#   job    the JSON job path, POST /api/jobs and polling (N/8 jobs)
# each at concurrency C. A round runs every contender once, N requests each
# (at about 110 a second, 1200 take 11 s: long enough that start-up weighs
# nothing); each round starts one contender further down the list, so that
# none always runs first or after the same neighbour. Every contender is
# warmed up (2*C requests) before the first round. CPU per job is user +
# system time of the processes doing the work: the node, the workload and
# the load generator for the node's paths, the one onnxruntime-node process
# (its own generator) for ort. At the end, for each contender the median of
# its rounds and the median of its per-round ratio to ort (the ratio of two
# runs a few seconds apart moves less with a busy machine than either).
#
# Usage: workloads/onnx/realmodels/bench-oip.sh [ROUNDS] [N] [C]
#   default 5 1200 16; ROWS="ort rest grpc" picks contenders
# (from the repository root, after `make tools realmodels`).
set -euo pipefail
rounds=${1:-5} n=${2:-1200} c=${3:-16}
read -r -a rows <<<"${ROWS:-ort rest grpc batch json job}"
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
    HUB_BASE_URL=http://127.0.0.1:1 ARWEAVE_GATEWAY_URL=http://127.0.0.1:1 ONNX_THREADS="${ONNX_THREADS:-1}" "$@" \
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
for p in $pid_node $pid_batch $pid_nobatch; do
  if ! kill -0 "$p" 2>/dev/null; then
    echo "a process did not start (node log, then the workloads'):" >&2
    tail -n 5 "$work"/node.log "$work"/onnx-*.log >&2
    exit 1
  fi
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

tck=$(getconf CLK_TCK)
proc_ms() { local t=0; for p in "$@"; do t=$((t + $(awk '{print $14 + $15}' /proc/$p/stat))); done; echo $((t * 1000 / tck)); }
# children_ms sets $kids to the user + system time of this shell's finished
# children, ms (`times` run here into a file: in a pipe or $(...) it would
# be a subshell's).
children_ms() {
  times >"$work/times"
  kids=$(awk 'NR == 2 { t = 0; for (i = 1; i <= 2; i++) { split($i, m, "m"); t += m[1] * 60 + m[2] } printf "%d\n", t * 1000 }' "$work/times")
}
nb() { "$work/infernode" bench --url http://127.0.0.1:39300 -c "$c" --timeout 5m "$@"; }
# contender ROW JOBS: runs it, prints its output, and leaves its jobs/s and
# CPU per job (ms) in $rate and $cpu.
contender() {
  local row=$1 jobs=$2 wpid=$pid_nobatch out p0 c0
  [ "$row" = batch ] && wpid=$pid_batch
  children_ms
  p0=$(proc_ms "$pid_node" "$wpid") c0=$kids
  case $row in
    ort) out=$(node workloads/onnx/realmodels/throughput-node.js "$model" "$jobs" "$c") ;;
    rest) out=$(nb -n "$jobs" --containers onnx-nobatch --oip binary --oip-request "$work/oip.json") ;;
    grpc) out=$(nb -n "$jobs" --containers onnx-nobatch --oip grpc --grpc 127.0.0.1:39303 --oip-request "$work/oip.json") ;;
    batch) out=$(nb -n "$jobs" --containers onnx --oip binary --oip-request "$work/oip.json") ;;
    json) out=$(nb -n "$jobs" --containers onnx-nobatch --oip json --oip-request "$work/oip.json") ;;
    job) out=$(nb -n "$jobs" --containers onnx-nobatch --data-file "$work/job.json") ;;
    *) echo "unknown row $row (ort rest grpc batch json job)" >&2; exit 2 ;;
  esac
  children_ms
  local gen=$((kids - c0)) served=$(($(proc_ms "$pid_node" "$wpid") - p0))
  [ "$row" = ort ] && served=0
  rate=$(grep -o 'jobs/s=[0-9.]*' <<<"$out" | cut -d= -f2 || true)
  [ -n "$rate" ] || rate=$(grep -o '[0-9.]* jobs/s' <<<"$out" | head -1 | cut -d' ' -f1)
  cpu=$(awk -v a="$served" -v b="$gen" -v n="$jobs" 'BEGIN { printf "%.1f", (a + b) / n }')
  sed 's/^/    /' <<<"$out"
  if [ "$row" = ort ]; then
    echo "    cpu per job: $cpu ms (the onnxruntime-node process)"
  else
    echo "    cpu per job: $cpu ms (node and workload $(awk -v a="$served" -v n="$jobs" 'BEGIN { printf "%.1f", a / n }'), load generator $(awk -v b="$gen" -v n="$jobs" 'BEGIN { printf "%.1f", b / n }'))"
  fi
}
jobs_for() { case $1 in json | job) echo $(((n + 7) / 8)) ;; *) echo "$n" ;; esac; }

echo "== warm-up (not measured)"
for row in "${rows[@]}"; do
  contender "$row" $((2 * c)) >/dev/null
done
echo "load: $(uptime)"
declare -A got ratio
for r in $(seq "$rounds"); do
  echo "== round $r"
  order=("${rows[@]:$(((r - 1) % ${#rows[@]}))}" "${rows[@]:0:$(((r - 1) % ${#rows[@]}))}")
  ort_rate=""
  declare -A this=()
  for row in "${order[@]}"; do
    echo "-- $row"
    contender "$row" "$(jobs_for "$row")"
    this[$row]=$rate
    got[$row]+="$rate "
  done
  if [ -n "${this[ort]:-}" ]; then
    for row in "${rows[@]}"; do
      ratio[$row]+="$(awk -v a="${this[$row]}" -v b="${this[ort]}" 'BEGIN { printf "%.3f", a / b }') "
    done
  fi
  [ -n "${this[rest]:-}" ] && [ -n "${this[grpc]:-}" ] &&
    ratio[grpc_rest]+="$(awk -v a="${this[grpc]}" -v b="${this[rest]}" 'BEGIN { printf "%.3f", a / b }') "
  unset this
done
echo "load: $(uptime)"

median() { tr ' ' '\n' | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
echo "== medians of $rounds rounds, $n requests each (json and job: $(jobs_for json)), concurrency $c"
for row in "${rows[@]}"; do
  line=$(printf "%-6s %7.1f jobs/s  [%s]" "$row" "$(median <<<"${got[$row]}")" "${got[$row]% }")
  if [ -n "${ratio[$row]:-}" ]; then
    line+=$(printf "  %5.1f %% of ort" "$(awk -v m="$(median <<<"${ratio[$row]}")" 'BEGIN { print 100 * m }')")
  fi
  echo "$line"
done
if [ -n "${ratio[grpc_rest]:-}" ]; then
  printf "grpc/rest %.3f  [%s]\n" "$(median <<<"${ratio[grpc_rest]}")" "${ratio[grpc_rest]% }"
fi
