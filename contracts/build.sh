#!/usr/bin/env bash
# Recompiles the Solidity sources with the pinned solc-js and regenerates the
# Go bindings with the pinned abigen (v2).
#
#   contracts/build.sh            writes contracts/artifacts/, abi/<pkg>/ and
#                                 internal/testabi/<pkg>/
#   contracts/build.sh OUT        writes OUT/artifacts/, OUT/abi/<pkg>/ and
#                                 OUT/internal/testabi/<pkg>/ (the staleness
#                                 test compares these)
#
# The bindings of the test contracts (contracts/test/) go under
# internal/testabi, apart from the product's in abi/: the running node must
# not link them (internal/lint TestRuntimeLinksNoTooling).
#
# The Infernet SDK v1 contracts are not compiled here: their ABI and bytecode
# are the SDK authors' (contracts/infernetv1/artifacts/, copied from
# ../shared/infernet-sdk-v1 when that directory exists and OUT is not given),
# and the SDK's Wallet ABI is contracts/infernetv1/wallet.abi.json. They are
# bound together into abi/inetv1abi.
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
  testbindings="$out/internal/testabi"
else
  artifacts="$here/artifacts"
  bindings="$root/abi"
  testbindings="$root/internal/testabi"
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
# (test contracts: -> a package under internal/testabi)
for pair in Coordinator:coordinatorabi ExampleConsumer:exampleconsumerabi ProofConsumer:proofconsumerabi TestConsumer:-testconsumerabi \
  Wallet:walletabi WalletFactory:walletfactoryabi TestToken:-testtokenabi TestVerifier:-testverifierabi \
  Groth16Verifier:groth16verifierabi InfernetExampleConsumer:inetv1exampleabi; do
  name=${pair%%:*}
  pkg=${pair##*:}
  dir=$bindings
  if [ "${pkg#-}" != "$pkg" ]; then
    pkg=${pkg#-}
    dir=$testbindings
  fi
  node -e '
    const a = require(process.argv[1]);
    require("fs").writeFileSync(process.argv[2], JSON.stringify(a.abi));
    require("fs").writeFileSync(process.argv[3], a.bytecode.replace(/^0x/, ""));
  ' "$artifacts/$name.json" "$tmp/$name.abi" "$tmp/$name.bin"
  mkdir -p "$dir/$pkg"
  "$abigen" --v2 --abi "$tmp/$name.abi" --bin "$tmp/$name.bin" --pkg "$pkg" --type "$name" \
    --out "$dir/$pkg/$pkg.go"
done

# What a node calls on any subscription owner (getContainerInputs,
# getSigner), in one package of interfaces: the node packs these calls with
# it, never with the example consumer's binding.
node -e '
  const fs = require("fs");
  const contracts = {};
  for (const name of process.argv.slice(3)) {
    const a = JSON.parse(fs.readFileSync(process.argv[1] + "/" + name + ".json", "utf8"));
    contracts[a.sourceName + ":" + name] = { abi: a.abi, bin: "" };
  }
  fs.writeFileSync(process.argv[2], JSON.stringify({ contracts, version: "" }));
' "$artifacts" "$tmp/consumer.json" IComputeConsumer IDelegator
mkdir -p "$bindings/consumerabi"
"$abigen" --v2 --combined-json "$tmp/consumer.json" --pkg consumerabi --out "$bindings/consumerabi/consumerabi.go"

# Infernet SDK v1: refresh the copies of the fixtures (in-tree runs only),
# then bind the six contracts and the Wallet into one package (one file, so
# the Subscription struct they share is declared once). The Fee contract is
# bound as ProtocolFee: abigen names the receiver after the type, and "fee"
# would clash with its constructor's parameter.
sdk_src=${INFERNET_SDK_V1:-$root/../shared/infernet-sdk-v1}
sdk_dst="$here/infernetv1/artifacts"
if [ -z "$out" ] && [ -d "$sdk_src" ]; then
  for f in registry eip712Coordinator inbox reader fee walletFactory; do
    cp "$sdk_src/$f.json" "$sdk_dst/$f.json"
    chmod 644 "$sdk_dst/$f.json"
  done
  # The provenance the tests check (artifacts/README.md).
  (cd "$sdk_dst" && sha256sum registry.json eip712Coordinator.json inbox.json reader.json fee.json walletFactory.json >SHA256SUMS)
fi
node -e '
  const fs = require("fs");
  const dir = process.argv[1];
  const load = (f) => JSON.parse(fs.readFileSync(dir + "/" + f, "utf8"));
  const contracts = {};
  for (const [file, name] of [["registry.json", "Registry"], ["eip712Coordinator.json", "EIP712Coordinator"],
      ["inbox.json", "Inbox"], ["reader.json", "Reader"], ["fee.json", "ProtocolFee"], ["walletFactory.json", "WalletFactory"]]) {
    const a = load("artifacts/" + file);
    contracts["infernet-sdk-v1:" + name] = { abi: a.abi, bin: a.bytecode.replace(/^0x/, "") };
  }
  // The Wallet is created by the WalletFactory: ABI only, no bytecode of its own.
  contracts["infernet-sdk-v1:Wallet"] = { abi: load("wallet.abi.json").abi, bin: "" };
  fs.writeFileSync(process.argv[2], JSON.stringify({ contracts, version: "" }));
' "$here/infernetv1" "$tmp/infernetv1.json"
mkdir -p "$bindings/inetv1abi"
"$abigen" --v2 --combined-json "$tmp/infernetv1.json" --pkg inetv1abi --out "$bindings/inetv1abi/inetv1abi.go"

# The test consumers written against the SDK v1 Coordinator, in one package
# (they share the Delivery struct).
node -e '
  const fs = require("fs");
  const contracts = {};
  for (const name of process.argv.slice(3)) {
    const a = JSON.parse(fs.readFileSync(process.argv[1] + "/" + name + ".json", "utf8"));
    contracts[a.sourceName + ":" + name] = { abi: a.abi, bin: a.bytecode.replace(/^0x/, "") };
  }
  fs.writeFileSync(process.argv[2], JSON.stringify({ contracts, version: "" }));
' "$artifacts" "$tmp/inetv1test.json" InfernetTestCallbackConsumer InfernetTestSubscriptionConsumer InfernetTestDelegatedConsumer
mkdir -p "$testbindings/inetv1testabi"
"$abigen" --v2 --combined-json "$tmp/inetv1test.json" --pkg inetv1testabi --out "$testbindings/inetv1testabi/inetv1testabi.go"

echo "contracts/build.sh: artifacts in $artifacts, bindings in $bindings and $testbindings"
