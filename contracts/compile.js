#!/usr/bin/env node
// Compiles the Solidity sources with the solc-js pinned in package-lock.json
// (standard JSON, optimizer on, EVM cancun) and writes one artifact per
// deployable contract: <out>/<Name>.json {contractName, abi, bytecode,
// deployedBytecode, compiler, evmVersion}.
//
// usage: node compile.js <out-dir>
'use strict';
const fs = require('fs');
const path = require('path');
const solc = require('solc');

const root = __dirname;
const out = process.argv[2];
if (!out) {
  console.error('usage: node compile.js <out-dir>');
  process.exit(2);
}

// Contracts that get an artifact (and Go bindings); the rest are bases.
const targets = [
  ['src/Coordinator.sol', 'Coordinator'],
  ['src/ExampleConsumer.sol', 'ExampleConsumer'],
  ['src/consumer/ProofConsumer.sol', 'ProofConsumer'],
  // What a node calls on any subscription owner (bound as abi/consumerabi).
  ['src/consumer/Interfaces.sol', 'IComputeConsumer'],
  ['src/consumer/Interfaces.sol', 'IDelegator'],
  ['test/TestConsumer.sol', 'TestConsumer'],
  ['src/payments/Wallet.sol', 'Wallet'],
  ['src/payments/WalletFactory.sol', 'WalletFactory'],
  ['test/TestToken.sol', 'TestToken'],
  ['test/TestVerifier.sol', 'TestVerifier'],
  ['src/payments/Groth16Verifier.sol', 'Groth16Verifier'],
  // Written against the Infernet SDK v1 Coordinator (contracts/infernetv1).
  ['src/infernetv1/InfernetExampleConsumer.sol', 'InfernetExampleConsumer'],
  ['test/infernetv1/InfernetTestConsumers.sol', 'InfernetTestCallbackConsumer'],
  ['test/infernetv1/InfernetTestConsumers.sol', 'InfernetTestSubscriptionConsumer'],
  ['test/infernetv1/InfernetTestConsumers.sol', 'InfernetTestDelegatedConsumer'],
  // Never deployed: its runtime code goes into an eth_call state override (abi/callreaderabi).
  ['src/node/CallReader.sol', 'CallReader'],
];

function listSol(dir) {
  const found = [];
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) found.push(...listSol(rel));
    else if (entry.name.endsWith('.sol')) found.push(rel);
  }
  return found.sort();
}

const sources = {};
for (const file of [...listSol('src'), ...listSol('test')]) {
  sources[file] = { content: fs.readFileSync(path.join(root, file), 'utf8') };
}

const input = {
  language: 'Solidity',
  sources,
  settings: {
    optimizer: { enabled: true, runs: 200 },
    // via-IR: deliverComputeDelegatee's ten calldata parameters overflow the legacy pipeline's stack.
    viaIR: true,
    evmVersion: 'cancun',
    // No metadata hash: the bytecode depends only on the sources and settings.
    metadata: { bytecodeHash: 'none', appendCBOR: false },
    outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
  },
};

// Resolves imports such as @openzeppelin/... from contracts/node_modules.
function findImports(p) {
  for (const base of [root, path.join(root, 'node_modules')]) {
    const full = path.join(base, p);
    if (fs.existsSync(full)) return { contents: fs.readFileSync(full, 'utf8') };
  }
  return { error: `import not found: ${p} (run: npm ci --prefix contracts)` };
}

const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports }));
let failed = false;
for (const e of output.errors || []) {
  if (e.severity === 'error') failed = true;
  console.error(e.formattedMessage || e.message);
}
if (failed) process.exit(1);

fs.mkdirSync(out, { recursive: true });
for (const [file, name] of targets) {
  const c = output.contracts[file][name];
  const artifact = {
    contractName: name,
    sourceName: file,
    compiler: 'solc-js ' + solc.version(),
    evmVersion: input.settings.evmVersion,
    abi: c.abi,
    bytecode: '0x' + c.evm.bytecode.object,
    deployedBytecode: '0x' + c.evm.deployedBytecode.object,
  };
  fs.writeFileSync(path.join(out, name + '.json'), JSON.stringify(artifact, null, 2) + '\n');
}
