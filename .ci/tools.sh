#!/usr/bin/env bash
# Installs the external programs the tests use into .tools/ (idempotent):
# geth and abigen from the Go module proxy, anvil from npm, solc-js for
# contracts/ from npm (pinned by contracts/package-lock.json).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
mkdir -p .tools/bin
GETH_VERSION=v1.17.5
ANVIL_VERSION=1.7.1

if [ ! -x .tools/bin/geth ] || ! .tools/bin/geth version 2>/dev/null | grep -q "${GETH_VERSION#v}"; then
  echo "tools: installing geth ${GETH_VERSION}"
  GOBIN="$root/.tools/bin" go install "github.com/ethereum/go-ethereum/cmd/geth@${GETH_VERSION}"
fi
if [ ! -x .tools/bin/abigen ]; then
  echo "tools: installing abigen ${GETH_VERSION}"
  GOBIN="$root/.tools/bin" go install "github.com/ethereum/go-ethereum/cmd/abigen@${GETH_VERSION}"
fi
if [ ! -x .tools/bin/anvil ]; then
  echo "tools: installing anvil ${ANVIL_VERSION}"
  mkdir -p .tools/anvil
  npm install --silent --no-audit --no-fund --prefix .tools/anvil "@foundry-rs/anvil-linux-amd64@${ANVIL_VERSION}" >/dev/null
  bin=$(find .tools/anvil/node_modules/@foundry-rs -path '*bin/anvil' -type f | head -n1)
  chmod +x "$bin"
  ln -sf "$root/$bin" .tools/bin/anvil
fi
if ! command -v curl >/dev/null; then
  # cmd/infernode's TestDocsCommands runs the curl commands the docs show.
  echo "tools: installing curl"
  apt-get update -qq >/dev/null
  apt-get install -y -qq curl >/dev/null
fi
if [ -f contracts/package-lock.json ] && [ ! -d contracts/node_modules ]; then
  echo "tools: installing solc-js (contracts/)"
  npm ci --silent --no-audit --no-fund --prefix contracts >/dev/null
fi
echo "tools: ok ($(.tools/bin/geth version 2>/dev/null | grep -m1 '^Version'), anvil $(.tools/bin/anvil --version 2>/dev/null | head -n1))"
