#!/usr/bin/env bash
# Installs the external programs the tests use into .tools/ (idempotent):
# geth and abigen from the Go module proxy, anvil from npm, solc-js for
# contracts/ from npm (pinned by contracts/package-lock.json), and ONNX
# Runtime's shared library (from npm's onnxruntime-node, linked as
# .tools/lib/libonnxruntime.so.1) for the onnx workload; protoc (apt) for
# the gRPC code's stale test; the openai npm client for node/ (pinned by
# node/testdata/openaiclient/package-lock.json). `.ci/tools.sh anvil`
# installs anvil alone (what `make soak` needs).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
mkdir -p .tools/bin
GETH_VERSION=v1.17.5
ANVIL_VERSION=1.7.1
# ONNX Runtime: the library's C API version must be at least the one the Go
# binding (github.com/yalue/onnxruntime_go in go.mod) was written for.
ORT_VERSION=1.24.1

install_anvil() {
  if [ ! -x .tools/bin/anvil ]; then
    echo "tools: installing anvil ${ANVIL_VERSION} (npm, about 20 s)"
    mkdir -p .tools/anvil
    npm install --silent --no-audit --no-fund --prefix .tools/anvil "@foundry-rs/anvil-linux-amd64@${ANVIL_VERSION}" >/dev/null
    bin=$(find .tools/anvil/node_modules/@foundry-rs -path '*bin/anvil' -type f | head -n1)
    chmod +x "$bin"
    ln -sf "$root/$bin" .tools/bin/anvil
  fi
}
if [ "${1:-}" = anvil ]; then
  install_anvil
  echo "tools: ok (anvil $(.tools/bin/anvil --version 2>/dev/null | head -n1))"
  exit 0
fi

if [ ! -x .tools/bin/geth ] || ! .tools/bin/geth version 2>/dev/null | grep -q "${GETH_VERSION#v}"; then
  echo "tools: installing geth ${GETH_VERSION} (compiles from source through the Go module proxy, about 4 minutes on 2 cores)"
  GOBIN="$root/.tools/bin" go install "github.com/ethereum/go-ethereum/cmd/geth@${GETH_VERSION}"
fi
if [ ! -x .tools/bin/abigen ]; then
  echo "tools: installing abigen ${GETH_VERSION} (compiles from source, about 1 minute after geth)"
  GOBIN="$root/.tools/bin" go install "github.com/ethereum/go-ethereum/cmd/abigen@${GETH_VERSION}"
fi
install_anvil
if [ ! -e .tools/lib/libonnxruntime.so.1 ] || [ "$(cat .tools/onnxruntime/version 2>/dev/null)" != "$ORT_VERSION" ]; then
  echo "tools: installing onnxruntime ${ORT_VERSION} (npm onnxruntime-node, about 30 s)"
  rm -rf .tools/onnxruntime
  mkdir -p .tools/onnxruntime .tools/lib
  # --ignore-scripts: the package's install script fetches GPU builds we do not use.
  npm install --silent --no-audit --no-fund --ignore-scripts --prefix .tools/onnxruntime "onnxruntime-node@${ORT_VERSION}" >/dev/null
  arch=$(uname -m | sed 's/x86_64/x64/;s/aarch64/arm64/')
  ln -sf "../onnxruntime/node_modules/onnxruntime-node/bin/napi-v6/linux/$arch/libonnxruntime.so.1" .tools/lib/libonnxruntime.so.1
  echo "$ORT_VERSION" >.tools/onnxruntime/version
fi
if ! command -v protoc >/dev/null; then
  # oipgrpc/inferencepb's stale test regenerates the gRPC code with protoc.
  echo "tools: installing protoc (apt protobuf-compiler, about 20 s)"
  apt-get update -qq >/dev/null
  apt-get install -y -qq protobuf-compiler >/dev/null
fi
if ! command -v curl >/dev/null; then
  # cmd/infernode's TestDocsCommands runs the curl commands the docs show.
  echo "tools: installing curl (apt, about 20 s)"
  apt-get update -qq >/dev/null
  apt-get install -y -qq curl >/dev/null
fi
if ! command -v chromium >/dev/null; then
  # console's TestConsoleInBrowser drives Debian's Chromium headless (chromedp).
  echo "tools: installing chromium (apt, about 1 minute)"
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends chromium >/dev/null
fi
if ! command -v etcd >/dev/null; then
  # fleet's and cmd/infernode's fleet tests run against a real external etcd
  # (Debian's etcd-server, 3.4) besides the embedded one.
  echo "tools: installing etcd-server (apt, about 20 s)"
  apt-get update -qq >/dev/null
  apt-get install -y -qq --no-install-recommends etcd-server >/dev/null
fi
if [ -f contracts/package-lock.json ] && [ ! -d contracts/node_modules ]; then
  echo "tools: installing solc-js (contracts/, npm, about 20 s)"
  npm ci --silent --no-audit --no-fund --prefix contracts >/dev/null
fi
if [ ! -d node/testdata/openaiclient/node_modules/openai ]; then
  # node/openai_test.go runs the official openai client (pinned by its package-lock.json) against the node.
  echo "tools: installing the openai npm client (node/testdata/openaiclient, about 5 s)"
  npm ci --silent --no-audit --no-fund --prefix node/testdata/openaiclient >/dev/null
fi
echo "tools: ok ($(.tools/bin/geth version 2>/dev/null | grep -m1 '^Version'), anvil $(.tools/bin/anvil --version 2>/dev/null | head -n1), onnxruntime $(cat .tools/onnxruntime/version))"
