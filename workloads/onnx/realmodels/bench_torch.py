#!/usr/bin/python3
"""Median latency (wall and thread CPU time) of one inference of each real model on PyTorch (the
TorchScript file the suite exports), compared with the onnx workload in
docs/engines.md.

Usage: /usr/bin/python3 workloads/onnx/realmodels/bench_torch.py DIR [RUNS] [THREADS]
"""
import json
import os
import statistics
import sys
import time

import torch


def main(d, runs, threads):
    torch.set_num_threads(threads)
    for name in json.load(open(os.path.join(d, "manifest.json")))["models"]:
        spec = json.load(open(os.path.join(d, name + ".json")))
        model = torch.jit.load(os.path.join(d, name + ".pt")).eval()
        args = [torch.tensor(t["values"], dtype={1: torch.float32, 8: torch.int64}[t["dtype"]]).reshape(t["shape"])
                for t in spec["inputs"].values()]
        ms, cpu = [], []
        with torch.no_grad():
            for _ in range(3):  # warm-up: the profiling executor optimises on the first runs
                model(*args)
            for _ in range(runs):
                start, c0 = time.perf_counter(), time.thread_time()
                model(*args)
                ms.append((time.perf_counter() - start) * 1e3)
                cpu.append((time.thread_time() - c0) * 1e3)
        print(f"{name} pytorch {torch.__version__} threads={threads} median_ms={statistics.median(ms):.3f} "
              f"cpu_ms={statistics.median(cpu):.3f}")


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 20, int(sys.argv[3]) if len(sys.argv) > 3 else 1)
