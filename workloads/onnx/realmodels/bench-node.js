// Median latency of one inference of each real model on onnxruntime-node
// (ONNX Runtime called from Node.js), wall and process CPU time, the reference the onnx workload is
// compared with in docs/engines.md.
//
// Usage: node workloads/onnx/realmodels/bench-node.js [RUNS] [THREADS]
// (from the repository root, after `make tools realmodels`).
const path = require('path');
const fs = require('fs');
const root = path.join(__dirname, '..', '..', '..');
const ort = require(path.join(root, '.tools/onnxruntime/node_modules/onnxruntime-node'));
const dir = path.join(root, '.tools/realmodels');
const runs = Number(process.argv[2] || 20);
const threads = Number(process.argv[3] || 1);

const types = { 1: ['float32', Float32Array], 8: ['int64', BigInt64Array] };

async function main() {
  const { models } = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json')));
  for (const name of models) {
    const spec = JSON.parse(fs.readFileSync(path.join(dir, name + '.json')));
    const sess = await ort.InferenceSession.create(path.join(dir, name + '.onnx'),
      { intraOpNumThreads: threads, interOpNumThreads: 1 });
    const feeds = {};
    for (const [k, t] of Object.entries(spec.inputs)) {
      const [type, Arr] = types[t.dtype];
      const data = type === 'int64' ? Arr.from(t.values.map(BigInt)) : Arr.from(t.values);
      feeds[k] = new ort.Tensor(type, data, t.shape);
    }
    await sess.run(feeds); // warm-up
    const ms = [], cpu = [];
    for (let i = 0; i < runs; i++) {
      const start = process.hrtime.bigint(), c0 = process.cpuUsage();
      await sess.run(feeds);
      ms.push(Number(process.hrtime.bigint() - start) / 1e6);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1e3);
    }
    const median = (a) => a.sort((x, y) => x - y)[a.length >> 1].toFixed(3);
    console.log(`${name} onnxruntime-node ${ort.env.versions.common} threads=${threads} median_ms=${median(ms)} cpu_ms=${median(cpu)}`);
  }
}
main().catch((e) => { console.error(e); process.exit(1); });
