// Proves and verifies one EZKL circuit with EZKL's WASM engine (@ezkljs/engine) and prints one
// JSON line of measurements. Run it once per process (run.sh does, under /usr/bin/time -v) so
// that each run's peak RSS is its own.
//
// usage: node bench.js keys DIR    makes DIR/engine.vk and DIR/engine.pk with the engine
//        node bench.js prove DIR   witness, proof and verification with those keys
// DIR holds EZKL's files for one model as the ezkl CLI makes them: input.json, model.compiled,
// kzg (the SRS) and settings.json (run.sh takes them from EZKL's tests/assets). The keys are made
// here rather than read from the repository's pk.key/vk.key: engine 21.0.0 rejects proofs made
// with those (and the repository's own proof.json), so they were made by another version.
"use strict";

const fs = require("fs");
const path = require("path");
const ezkl = require("@ezkljs/engine/nodejs/ezkl");

function read(dir, name) {
  return new Uint8ClampedArray(fs.readFileSync(path.join(dir, name)));
}

// timed runs fn and returns its result with the wall and CPU (user+system) milliseconds it took.
function timed(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const value = fn();
  const wallMs = Number(process.hrtime.bigint() - t0) / 1e6;
  const cpu = process.cpuUsage(cpu0);
  return { value, wallMs, cpuMs: (cpu.user + cpu.system) / 1000 };
}

function keys(dir) {
  const compiled = read(dir, "model.compiled");
  const srs = read(dir, "kzg");
  // Compressed selectors, as the ezkl CLI's default (the repository's vk.key has this size).
  const vk = timed(() => ezkl.genVk(compiled, srs, true));
  const pk = timed(() => ezkl.genPk(new Uint8ClampedArray(vk.value), compiled, srs));
  fs.writeFileSync(path.join(dir, "engine.vk"), vk.value);
  fs.writeFileSync(path.join(dir, "engine.pk"), pk.value);
  console.log(JSON.stringify({
    vk_ms: vk.wallMs,
    pk_ms: pk.wallMs,
    keys_cpu_ms: vk.cpuMs + pk.cpuMs,
    pk_bytes: pk.value.length,
    vk_bytes: vk.value.length,
  }));
}

function prove(dir) {
  const compiled = read(dir, "model.compiled");
  const pk = read(dir, "engine.pk");
  const vk = read(dir, "engine.vk");
  const srs = read(dir, "kzg");
  const settings = read(dir, "settings.json");
  const input = read(dir, "input.json");

  const witness = timed(() => ezkl.genWitness(compiled, input));
  const prove = timed(() => ezkl.prove(new Uint8ClampedArray(witness.value), pk, compiled, srs));
  const proofJSON = new Uint8ClampedArray(prove.value);
  const verify = timed(() => ezkl.verify(proofJSON, vk, settings, srs));
  if (verify.value !== true) {
    console.error("EZKL's verify rejected the proof it made");
    process.exit(1);
  }
  const proof = JSON.parse(Buffer.from(prove.value).toString());
  const witnessJSON = JSON.parse(Buffer.from(witness.value).toString());
  const calldata = ezkl.encodeVerifierCalldata(proofJSON);
  // What a transaction carrying the calldata pays before any verification work (EIP-2028: 4 gas
  // a zero byte, 16 a non-zero one, on top of 21,000): a floor under EZKL's on-chain gas.
  const calldataGas = 21000 + calldata.reduce((g, b) => g + (b === 0 ? 4 : 16), 0);

  console.log(JSON.stringify({
    witness_ms: witness.wallMs,
    prove_ms: prove.wallMs,
    prove_cpu_ms: prove.cpuMs,
    verify_ms: verify.wallMs,
    verify_cpu_ms: verify.cpuMs,
    proof_bytes: (proof.hex_proof.length - 2) / 2,
    proof_json_bytes: prove.value.length,
    calldata_bytes: calldata.length,
    calldata_gas: calldataGas,
    // The circuit's quantized inputs and outputs at the example's scales (settings.json).
    inputs: witnessJSON.pretty_elements.rescaled_inputs,
    outputs: witnessJSON.pretty_elements.rescaled_outputs,
    instances: proof.instances.flat().length,
    pk_bytes: pk.length,
    vk_bytes: vk.length,
    srs_bytes: srs.length,
  }));
}

const [mode, dir] = process.argv.slice(2);
if (!dir || !["keys", "prove"].includes(mode)) {
  console.error("usage: node bench.js keys|prove DIR");
  process.exit(2);
}
if (mode === "keys") {
  keys(dir);
} else {
  prove(dir);
}
