#!/usr/bin/env python3
"""Memory of a model workload under a storm of bad requests (docs/engines.md, "Bad input"):
serves ResNet-18 of the real-model suite, a truncated copy and a random file of the same size from
a fresh cache, sends each kind of bad request ROUNDS x N times from 8 clients, and prints the
process's RSS after each round and its peak. Every answer must be the expected status.

Usage: python3 workloads/onnx/realmodels/badinput_rss.py onnx|tensor BINARY [N] [ROUNDS]
  (BINARY: the workload built with cgo, e.g. go build -o /tmp/onnx ./workloads/onnx; run from the
  repository root after `make tools realmodels libtorch`.)
"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor


def main(kind, binary, n, rounds):
    suite = ".tools/realmodels"
    ext = ".onnx" if kind == "onnx" else ".pt"
    cache = tempfile.mkdtemp(prefix="badinput-")
    good = open(os.path.join(suite, "resnet18" + ext), "rb").read()
    for name, data in {"resnet": good, "trunc": good[: len(good) // 2], "garbage": os.urandom(len(good))}.items():
        d = os.path.join(cache, "local", "t", name, "default")
        os.makedirs(d)
        open(os.path.join(d, "m" + ext), "wb").write(data)
    port = 39000 if kind == "onnx" else 39001
    env = dict(os.environ)
    if kind == "onnx":
        env.update(ONNXRUNTIME_LIB=".tools/lib/libonnxruntime.so.1", ONNX_CACHE_DIR=cache, ONNX_THREADS="1")
    else:
        env.update(TENSORFW_TORCH_LIB=".tools/lib/libinfernode_torch.so", TENSORFW_CACHE_DIR=cache,
                   TENSORFW_THREADS="1", TENSORFW_USE_JIT="true")
    proc = subprocess.Popen([binary, "--addr", "127.0.0.1:%d" % port], env=env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        run(kind, proc, port, ext, suite, n, rounds)
    finally:
        proc.terminate()
        proc.wait()
        shutil.rmtree(cache)


def run(kind, proc, port, ext, suite, n, rounds):
    def rss():
        f = dict(line.split(":", 1) for line in open("/proc/%d/status" % proc.pid) if ":" in line)
        return int(f["VmRSS"].split()[0]) // 1024, int(f["VmHWM"].split()[0]) // 1024

    def post(body):
        req = urllib.request.Request("http://127.0.0.1:%d/service_output" % port, data=body.encode(),
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                return r.status
        except urllib.error.HTTPError as e:
            return e.code

    for _ in range(100):
        try:
            urllib.request.urlopen("http://127.0.0.1:%d/service-resources" % port, timeout=1)
            break
        except OSError:
            time.sleep(0.1)
    tensor = json.load(open(os.path.join(suite, "resnet18.json")))["inputs"]["input"]

    def body(model, t, name="input"):
        data = {"model_id": "local/t/%s:m%s" % (model, ext)}
        data.update({"inputs": {name: t}} if kind == "onnx" else {"input": t})
        return json.dumps({"source": 1, "destination": 1, "data": data})

    cases = [
        ("good", body("resnet", tensor), 200),
        ("2 GB shape", body("resnet", {"values": [0.0], "shape": [1, 536870912], "dtype": 1}), 400),
        ("wrong dtype", body("resnet", dict(tensor, dtype=8, values=[int(v) for v in tensor["values"]])), 400),
        ("wrong shape", body("resnet", dict(tensor, shape=[1, 4, 224, 168])), 400),
        ("truncated model", body("trunc", tensor), 400),
        ("random bytes as model", body("garbage", tensor), 400),
    ]
    if kind == "onnx":
        cases.append(("wrong input name", body("resnet", tensor, "x"), 400))
    print("%s: RSS at start %d MB" % (kind, rss()[0]))
    for name, b, want in cases:
        after = []
        for _ in range(rounds):
            with ThreadPoolExecutor(8) as ex:
                codes = list(ex.map(lambda _: post(b), range(n)))
            wrong = [c for c in codes if c != want]
            if wrong:
                sys.exit("%s: %s: %d answers not %d: %s" % (kind, name, len(wrong), want, sorted(set(wrong))))
            after.append(rss()[0])
        print("%s: %-22s %d x %d requests, RSS after each round %s MB, peak so far %d MB"
              % (kind, name, rounds, n, after, rss()[1]))


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) < 2 or a[0] not in ("onnx", "tensor"):
        sys.exit(__doc__)
    main(a[0], a[1], int(a[2]) if len(a) > 2 else 200, int(a[3]) if len(a) > 3 else 3)
