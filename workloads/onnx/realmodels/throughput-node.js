// Throughput of one real model on onnxruntime-node (ONNX Runtime called
// directly from Node.js, the reference of docs/engines.md): N inferences
// with C in flight on one session at ORT's default threads, as the onnx
// workload runs it. Prints jobs/s, latency p50/p99 and the process's CPU
// time per inference.
//
// Usage: node workloads/onnx/realmodels/throughput-node.js [MODEL] [N] [C]
// (from the repository root, after `make tools realmodels`); MODEL is a
// suite name (resnet18) or the path of an .onnx file with the same graph,
// whose input is the suite's resnet18.json.
const path = require('path');
const fs = require('fs');
const root = path.join(__dirname, '..', '..', '..');
const ort = require(path.join(root, '.tools/onnxruntime/node_modules/onnxruntime-node'));
const dir = path.join(root, '.tools/realmodels');
const arg = process.argv[2] || 'resnet18';
const file = arg.endsWith('.onnx') ? arg : path.join(dir, arg + '.onnx');
const name = path.basename(file, '.onnx');
const n = Number(process.argv[3] || 200);
const c = Number(process.argv[4] || 16);

const types = { 1: ['float32', Float32Array], 8: ['int64', BigInt64Array] };

async function main() {
  const spec = JSON.parse(fs.readFileSync(path.join(dir, name + '.json')));
  const sess = await ort.InferenceSession.create(file, { interOpNumThreads: 1 });
  const feeds = {};
  for (const [k, t] of Object.entries(spec.inputs)) {
    const [type, Arr] = types[t.dtype];
    const data = type === 'int64' ? Arr.from(t.values.map(BigInt)) : Arr.from(t.values);
    feeds[k] = new ort.Tensor(type, data, t.shape);
  }
  await sess.run(feeds); // warm-up
  const lat = [];
  let next = 0;
  const start = process.hrtime.bigint(), cpu0 = process.cpuUsage();
  async function worker() {
    while (next < n) {
      next++;
      const t0 = process.hrtime.bigint();
      await sess.run(feeds);
      lat.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
  await Promise.all(Array.from({ length: c }, worker));
  const secs = Number(process.hrtime.bigint() - start) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  lat.sort((x, y) => x - y);
  const q = (p) => lat[Math.min(lat.length - 1, Math.ceil(p * lat.length) - 1)].toFixed(1);
  console.log(`${name} onnxruntime-node ${ort.env.versions.common} n=${lat.length} c=${c} jobs/s=${(lat.length / secs).toFixed(1)} p50_ms=${q(0.5)} p99_ms=${q(0.99)} cpu_ms_per_job=${((cpu.user + cpu.system) / 1e3 / lat.length).toFixed(1)}`);
}
main().catch((e) => { console.error(e); process.exit(1); });
