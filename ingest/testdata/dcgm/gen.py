"""Writes two DCGM exports as the Prometheus HTTP API answers a range
query over dcgm-exporter's metrics, saved with

    curl -G http://prom:9090/api/v1/query_range \
      --data-urlencode 'query={__name__=~"DCGM_FI_DEV_(POWER_USAGE|TOTAL_ENERGY_CONSUMPTION|GPU_UTIL)"}' \
      --data-urlencode start=2026-03-01T12:00:00Z --data-urlencode end=2026-03-01T12:01:30Z \
      --data-urlencode step=1s | jq . > dcgm.json

beside the vLLM runs of cmd/reportgen/testdata/energy-dcgm.txtar: one
host ("gpu-node-1") of two GPUs, labelled as dcgm-exporter labels them
(gpu, UUID, device, modelName, Hostname, pci_bus_id) plus Prometheus'
instance and job; times are epoch seconds (UTC), values strings. The
runs' dates are the benchmark machine's wall-clock time at UTC+03:00
(report.toml: [telemetry] utc_offset = "+03:00"). GPU 0 serves the
runs, GPU 1 idles at 55 W.

  vllm-a-dcgm.json  12:00:00 to 12:01:30 UTC, step 1 s. GPU 0's power
                    200 W over 12:00:10-30 (run c=1), 300 W over
                    12:00:50-12:01:10 (run c=4), 60 W else; its
                    utilization 90 % in the runs, 0 else; GPU 1 at 55 W,
                    utilization 0. The energy counter (mJ since boot,
                    from 1.0e9 mJ on GPU 0 and 2.0e9 on GPU 1) counts
                    the power of each second (the counter at k s is the
                    start value plus the powers at 1..k s) and is
                    collected every 2 s: at an odd second the query
                    repeats the even second's value (Prometheus' lookback).
  vllm-b-dcgm.json  12:10:00 to 12:12:00 UTC, step 1 s, power only, no
                    utilization: GPU 0 150 W over 12:10:10-30 (c=1),
                    300 W over 12:10:50-12:11:10 (c=4), 350 W over
                    12:11:30-50 (c=8), 60 W else; GPU 1 55.0/55.2 W
                    (flat); the points of 12:11:35-38 are missing (the
                    exporter restarted: 5 s between two samples, inside
                    run c=8)

Run from ingest/testdata/dcgm: python3 gen.py
"""
import json
from datetime import datetime, timezone

LABELS = {
    "DCGM_FI_DRIVER_VERSION": "570.124.06",
    "Hostname": "gpu-node-1",
    "device": "nvidia{gpu}",
    "gpu": "{gpu}",
    "instance": "10.0.0.7:9400",
    "job": "dcgm-exporter",
    "modelName": "NVIDIA H100 80GB HBM3",
    "pci_bus_id": "00000000:{bus}:00.0",
    "UUID": "GPU-5f2c9a4e-0000-4000-8000-00000000000{gpu}",
}


def metric(name, gpu):
    m = {"__name__": name}
    for k, v in LABELS.items():
        m[k] = v.format(gpu=gpu, bus=("1B", "43")[gpu])
    return m


def export(name, t0, seconds, power, util=None, energy_start=None, missing=()):
    start = int(datetime.strptime(t0, "%Y-%m-%dT%H:%M:%S").replace(tzinfo=timezone.utc).timestamp())
    result = []
    for gpu in (0, 1):
        steps = [k for k in range(seconds + 1) if k not in missing]
        result.append({"metric": metric("DCGM_FI_DEV_POWER_USAGE", gpu),
                       "values": [[start + k, f"{power(gpu, k):.3f}"] for k in steps]})
        if energy_start is not None:
            values, total = [], energy_start[gpu]
            for k in steps:
                if k % 2 == 0:  # collected every 2 s
                    held = total + 1000 * sum(power(gpu, m) for m in range(1, k + 1))
                values.append([start + k, f"{held:.0f}"])
            result.append({"metric": metric("DCGM_FI_DEV_TOTAL_ENERGY_CONSUMPTION", gpu), "values": values})
        if util is not None:
            result.append({"metric": metric("DCGM_FI_DEV_GPU_UTIL", gpu),
                           "values": [[start + k, str(util(gpu, k))] for k in steps]})
    doc = {"status": "success", "data": {"resultType": "matrix", "result": result}}
    with open(name, "w", newline="\n") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def a(gpu, k):
    if gpu == 1:
        return 55
    if 10 <= k <= 30:
        return 200
    if 50 <= k <= 70:
        return 300
    return 60


def a_util(gpu, k):
    return 90 if gpu == 0 and (10 <= k <= 30 or 50 <= k <= 70) else 0


def b(gpu, k):
    if gpu == 1:
        return 55.0 if k % 2 == 0 else 55.2
    if 10 <= k <= 30:
        return 150
    if 50 <= k <= 70:
        return 300
    if 90 <= k <= 110:
        return 350
    return 60


export("vllm-a-dcgm.json", "2026-03-01T12:00:00", 90, a, util=a_util, energy_start=(1.0e9, 2.0e9))
export("vllm-b-dcgm.json", "2026-03-01T12:10:00", 120, b, missing=range(95, 99))
