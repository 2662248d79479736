#!/usr/bin/env bash
# The infernode side of the EZKL comparison in docs/proof.md: this project's prover on the same
# network.onnx and input that run.sh gives EZKL's engine. Builds the proof workload and the
# infernode binary, runs `proof setup`, serves the set on loopback, times RUNS requests (the
# first loads the set; one at a time, with curl), prints the server's peak RSS and CPU time from
# /usr/bin/time -v, and checks one proof on anvil for its gas.
#
# usage: infernode.sh [RUNS]   after run.sh (it reads $OUT/data/network.onnx; OUT as for run.sh)
set -euo pipefail

runs=${1:-20}
root=$(cd "$(dirname "$0")/../../.." && pwd)
out=${OUT:-/tmp/ezkl-bench}
port=${PORT:-3077}
anvil_port=${ANVIL_PORT:-8577}
# anvil's first well-known development account: it exists only on the local anvil started here.
anvil_key=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80
art=$out/infernode/art
set_dir=$art/local/ezkl/example/default

cd "$root"
go build -o "$out/infernode/proof" ./workloads/proof
go build -o "$out/infernode/infernode" ./cmd/infernode
rm -rf "$set_dir"
/usr/bin/time -v "$out/infernode/proof" setup --onnx "$out/data/network.onnx" --out "$set_dir" \
	--model-id example --input-range-bits 2 2>"$out/infernode/setup.log"
grep -E 'setup done|groth16 keys|verifier compiled|Maximum resident|User time|System time' "$out/infernode/setup.log"
ls -l "$set_dir/proving.key" "$set_dir/verifying.key"

ARTIFACT_DIRECTORY=$art MODEL_DOWNLOADS=off /usr/bin/time -v "$out/infernode/proof" --addr "127.0.0.1:$port" \
	2>"$out/infernode/serve.log" &
timer=$!
trap 'kill "$timer" 2>/dev/null || true' EXIT
until curl -s -o /dev/null "http://127.0.0.1:$port/service-resources"; do sleep 0.2; done

req='{"source":1,"destination":1,"data":{"repo_id":"local/ezkl/example","witness_data":{"input_data":{"values":[1.5417295,0.5346153,1.2172532],"shape":[1,3],"dtype":1},"output_data":null},"vk_address":null}}'
for i in $(seq 0 "$runs"); do
	curl -sf -o "$out/infernode/resp.json" -w "request $i: %{time_total} s\n" \
		-H 'content-type: application/json' -d "$req" "http://127.0.0.1:$port/service_output"
done
# /usr/bin/time reports when the server exits; SIGTERM goes to the server, not to time.
kill -TERM "$(pgrep -P "$timer")"
wait "$timer" || true
grep -E 'Maximum resident|User time|System time' "$out/infernode/serve.log"

"$root/.tools/bin/anvil" --host 127.0.0.1 --port "$anvil_port" --silent &
anvil=$!
trap 'kill "$anvil" 2>/dev/null || true' EXIT
until curl -s -o /dev/null -H 'content-type: application/json' \
	-d '{"jsonrpc":"2.0","id":1,"method":"eth_chainId","params":[]}' "http://127.0.0.1:$anvil_port"; do sleep 0.2; done
"$out/infernode/infernode" verify-proof --result "$out/infernode/resp.json" --artifacts "$set_dir" \
	--rpc "http://127.0.0.1:$anvil_port" --private-key "$anvil_key"
