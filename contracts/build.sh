#!/usr/bin/env bash
# Recompiles the Solidity sources with the pinned solc-js and regenerates the
# Go bindings with the pinned abigen (v2).
#
#   contracts/build.sh            writes contracts/artifacts/ and abi/<pkg>/
#   contracts/build.sh OUT        writes OUT/artifacts/ and OUT/abi/<pkg>/
#                                 (the staleness test compares these)
#
# Needs `make tools` (abigen in .tools/bin, solc-js in contracts/node_modules).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
out=${1:-}
if [ -n "$out" ]; then
  mkdir -p "$out"
  out=$(cd "$out" && pwd)
  artifacts="$out/artifacts"
  bindings="$out/abi"
else
  artifacts="$here/artifacts"
  bindings="$root/abi"
fi

abigen=${INFERNODE_ABIGEN:-$root/.tools/bin/abigen}
if [ ! -x "$abigen" ]; then
  echo "contracts/build.sh: abigen not found at $abigen: run \`make tools\`" >&2
  exit 1
fi
if [ ! -d "$here/node_modules/solc" ]; then
  echo "contracts/build.sh: solc-js not installed in contracts/node_modules: run \`make tools\`" >&2
  exit 1
fi

node "$here/compile.js" "$artifacts"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# contract name -> Go package under abi/
for pair in Coordinator:coordinatorabi ExampleConsumer:exampleconsumerabi ProofConsumer:proofconsumerabi TestConsumer:testconsumerabi \
  Wallet:walletabi WalletFactory:walletfactoryabi TestToken:testtokenabi TestVerifier:testverifierabi \
  Groth16Verifier:groth16verifierabi; do
  name=${pair%%:*}
  pkg=${pair##*:}
  node -e '
    const a = require(process.argv[1]);
    require("fs").writeFileSync(process.argv[2], JSON.stringify(a.abi));
    require("fs").writeFileSync(process.argv[3], a.bytecode.replace(/^0x/, ""));
  ' "$artifacts/$name.json" "$tmp/$name.abi" "$tmp/$name.bin"
  mkdir -p "$bindings/$pkg"
  "$abigen" --v2 --abi "$tmp/$name.abi" --bin "$tmp/$name.bin" --pkg "$pkg" --type "$name" \
    --out "$bindings/$pkg/$pkg.go"
done
echo "contracts/build.sh: artifacts in $artifacts, bindings in $bindings"
