"""Writes GenAI-Perf's profile_export_genai_perf.json for one run of 100
requests at concurrency 4 (values drawn with a fixed seed), in two
releases' layouts, as triton-inference-server/perf_analyzer's genai-perf
writes it:

  current-profile_export_genai_perf.json
      genai_perf/export_data/json_exporter.py @ 263c5f6: the Statistics
      stats dict (genai_perf/metrics/statistics.py: per metric "unit",
      "avg", then p1 p5 p10 p25 p50 p75 p90 p95 p99 by np.percentile,
      "min", "max", "std" by np.std; system metrics request_throughput,
      request_count, output_token_throughput only "unit" and "avg"; time
      metrics scaled from ns to ms), then "input_config":
      config.to_json_dict() with model_names, perf_analyzer.stimulus,
      input.synthetic_tokens, input.output_tokens.
  old-profile_export_genai_perf.json
      the 2024 exporter (json_exporter.py @ c6ec344 and its test):
      percentiles p99 … p25 only, output_token_throughput_per_request,
      and "input_config" as the flat CLI arguments (vars(args)): model,
      concurrency, request_rate, synthetic_input_tokens_mean,
      output_tokens_mean.

np.percentile (linear) and np.std are written out below (numpy is not
on this machine). Run from ingest/testdata/genai-perf: python3 gen.py
"""
import json
import math
import random

rng = random.Random(7)
N = 100
ttft, ttst, lat, itl, osl, isl, per_user, per_request = [], [], [], [], [], [], [], []
t = 0.0
for i in range(N):
    f = rng.uniform(60e6, 240e6)                   # ns
    o = rng.choice([128, 128, 128, 127])
    gap = rng.uniform(17e6, 24e6)
    l = f + gap * (o - 1) + rng.uniform(0, 2e6)
    ttft.append(f); ttst.append(gap * rng.uniform(0.9, 1.3)); lat.append(l)
    itl.append((l - f) / (o - 1))
    osl.append(o); isl.append(rng.choice([512, 511, 513]))
    per_user.append(1e9 / itl[-1])
    per_request.append(o / (l / 1e9))
duration = sum(lat) / 4 / 1e9 + 0.35                 # four streams, s


def pct(v, p):  # np.percentile, linear
    s = sorted(v)
    k = (len(s) - 1) * p / 100
    lo, hi = math.floor(k), math.ceil(k)
    return float(s[lo] + (s[hi] - s[lo]) * (k - lo))


def std(v):  # np.std, ddof=0
    m = sum(v) / len(v)
    return math.sqrt(sum((x - m) ** 2 for x in v) / len(v))


def dist(v, unit, scale, ps):
    d = {"unit": unit, "avg": sum(v) / len(v) * scale}
    for p in ps:
        d[f"p{p}"] = pct(v, p) * scale
    d["min"], d["max"], d["std"] = min(v) * scale, max(v) * scale, std(v) * scale
    return d


def stats(ps, per_user_key):
    s = {
        "request_throughput": {"unit": "requests/sec", "avg": N / duration},
        "request_latency": dist(lat, "ms", 1e-6, ps),
        "request_count": {"unit": "count", "avg": float(N)},
        "time_to_first_token": dist(ttft, "ms", 1e-6, ps),
        "time_to_second_token": dist(ttst, "ms", 1e-6, ps),
        "inter_token_latency": dist(itl, "ms", 1e-6, ps),
        "output_token_throughput": {"unit": "tokens/sec", "avg": sum(osl) / duration},
    }
    if per_user_key == "output_token_throughput_per_user":
        s[per_user_key] = dist(per_user, "tokens/sec/user", 1, ps)
    else:
        s[per_user_key] = dist(per_request, "tokens/sec", 1, ps)
    s["output_sequence_length"] = dist(osl, "tokens", 1, ps)
    s["input_sequence_length"] = dist(isl, "tokens", 1, ps)
    return s


current = stats([1, 5, 10, 25, 50, 75, 90, 95, 99], "output_token_throughput_per_user")
current["input_config"] = {
    "model_names": ["meta-llama/Llama-3.1-8B-Instruct"],
    "analyze": {"sweep_parameters": {}},
    "endpoint": {"model_selection_strategy": "round_robin", "backend": "tensorrtllm", "custom": "",
                 "type": "kserve", "service_kind": "triton", "streaming": True, "server_metrics_urls": ["http://localhost:8002/metrics"], "url": "localhost:8001"},
    "perf_analyzer": {"path": "perf_analyzer", "verbose": False, "stimulus": {"concurrency": 4},
                      "stability_percentage": 999, "measurement": {"mode": "request_count", "num": 100}},
    "input": {"batch_size": 1, "extra": {"max_tokens": 128, "ignore_eos": True}, "goodput": {}, "header": {},
              "file": "", "num_dataset_entries": 100, "random_seed": 0,
              "output_tokens": {"mean": 128, "deterministic": False, "stddev": 0},
              "synthetic_tokens": {"mean": 512, "stddev": 0}, "prompt_source": "synthetic"},
    "output": {"artifact_directory": "artifacts/meta-llama_Llama-3.1-8B-Instruct-triton-tensorrtllm-concurrency4",
               "checkpoint_directory": "", "profile_export_file": "profile_export.json", "generate_plots": False},
    "tokenizer": {"name": "meta-llama/Llama-3.1-8B-Instruct", "revision": "main", "trust_remote_code": False},
    "subcommand": "profile",
}
with open("current-profile_export_genai_perf.json", "w") as f:
    f.write(json.dumps(current, indent=2))

old = stats([99, 95, 90, 75, 50, 25], "output_token_throughput_per_request")
for m in old.values():  # the 2024 exporter: p99 … p25, then max, min, std
    if "p99" in m:
        for k in ["max", "min", "std"]:
            m[k] = m.pop(k)
old["input_config"] = {
    "model": ["meta-llama/Llama-3.1-8B-Instruct"], "formatted_model_name": "meta-llama_Llama-3.1-8B-Instruct",
    "model_selection_strategy": "round_robin", "backend": "tensorrtllm", "batch_size": 1, "endpoint": None,
    "endpoint_type": None, "service_kind": "triton", "server_metrics_url": None, "streaming": True, "u": None,
    "input_dataset": None, "num_prompts": 100, "output_tokens_mean": -1, "output_tokens_mean_deterministic": False,
    "output_tokens_stddev": 0, "random_seed": 0, "synthetic_input_tokens_mean": 512,
    "synthetic_input_tokens_stddev": 0, "concurrency": 4, "measurement_interval": 10000, "request_rate": None,
    "stability_percentage": 999, "generate_plots": False,
    "profile_export_file": "artifacts/meta-llama_Llama-3.1-8B-Instruct-triton-tensorrtllm-concurrency4/profile_export.json",
    "artifact_dir": "artifacts/meta-llama_Llama-3.1-8B-Instruct-triton-tensorrtllm-concurrency4",
    "tokenizer": "meta-llama/Llama-3.1-8B-Instruct", "verbose": False, "goodput": None, "subcommand": "profile",
    "prompt_source": "synthetic", "extra_inputs": {"max_tokens": 128, "ignore_eos": True},
}
with open("old-profile_export_genai_perf.json", "w") as f:
    f.write(json.dumps(old, indent=2))
