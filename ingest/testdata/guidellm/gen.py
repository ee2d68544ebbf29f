"""Writes guidellm CSV exports of the real guidellm report in
../shared/fixtures/guidellm/qwen3-4b-c4.json (guidellm 0.5.0.dev0), as
guidellm's own writers lay them out, for the CSV reader's tests:

  qwen3-4b-c4-v05.csv  GenerativeBenchmarkerCSV of guidellm v0.5.0
                       (src/guidellm/benchmark/outputs/csv.py): three
                       header rows (group, field, unit or statistic),
                       percentiles packed as "[min, p001, …, p99, max]",
                       status columns only where total_sum != 0, JSON
                       cells by json.dumps / model_dump_json.
  qwen3-4b-c4-v03.csv  GenerativeBenchmarksReport.save_csv of guidellm
                       v0.3.0 (src/guidellm/benchmark/output.py): one
                       header row, four columns per status × metric, the
                       list column written by csv.writer as str(list).
                       v0.3 kept the strategy under args and the model
                       under worker: those cells are built from the
                       report's config in v0.3's shapes (BenchmarkArgs,
                       GenerativeRequestsWorkerDescription).

Run from ingest/testdata/guidellm with TZ=UTC: python3 gen.py
"""
import csv
import json
from datetime import datetime

SRC = "../../../../shared/fixtures/guidellm/qwen3-4b-c4.json"
report = json.load(open(SRC))


def compact(v):  # pydantic's model_dump_json
    return json.dumps(v, separators=(",", ":"))


def ts(t):  # safe_format_timestamp(t, "%Y-%m-%d %H:%M:%S")
    if t is None or t < 0 or t > 2**31:
        return "N/A"
    return datetime.fromtimestamp(t).strftime("%Y-%m-%d %H:%M:%S")


def v05():
    headers, rows = [], []
    for b in report["benchmarks"]:
        h, v = [], []

        def field(group, name, value, units=""):
            h.append([group, name, units])
            v.append(value)

        def stats(dist_by_status, group, units):
            for status in ["successful", "incomplete", "errored"]:
                d = dist_by_status.get(status)
                if d is None or d["total_sum"] == 0.0:
                    continue
                p = d["percentiles"]
                prefix = status.capitalize() + " "
                h.append([group, prefix + units, "Mean"]); v.append(d["mean"])
                h.append([group, prefix + units, "Median"]); v.append(d["median"])
                h.append([group, prefix + units, "Std Dev"]); v.append(d["std_dev"])
                h.append([group, prefix + units, "Percentiles"])
                v.append(f"[{d['min']}, {p['p001']}, {p['p01']}, {p['p05']}, {p['p10']}, {p['p25']}, "
                         f"{p['p75']}, {p['p90']}, {p['p95']}, {p['p99']}, {d['max']}]")

        c, m = b["config"], b["metrics"]
        field("Run Info", "Run ID", c["run_id"])
        field("Run Info", "Run Index", c["run_index"])
        field("Run Info", "Profile", compact(c["profile"]))
        field("Run Info", "Requests", json.dumps(c["requests"]))
        field("Run Info", "Backend", json.dumps(c["backend"]))
        field("Run Info", "Environment", json.dumps(c["environment"]))
        field("Benchmark", "Type", b["type_"])
        field("Benchmark", "ID", c["id_"])
        field("Benchmark", "Strategy", c["strategy"]["type_"])
        field("Benchmark", "Constraints", json.dumps(c["constraints"]))
        sm = b["scheduler_metrics"]
        for name, key in [("Start Time", "start_time"), ("Request Start Time", "request_start_time"),
                          ("Measure Start Time", "measure_start_time"), ("Measure End Time", "measure_end_time"),
                          ("Request End Time", "request_end_time"), ("End Time", "end_time")]:
            field("Timings", name, ts(sm[key]))
        for name, key in [("Duration", "duration"), ("Warmup", "warmup_duration"), ("Cooldown", "cooldown_duration")]:
            field("Timings", name, b[key], "Sec")
        for status in ["successful", "incomplete", "errored", "total"]:
            field("Request Counts", status.capitalize(), m["request_totals"][status])
        stats(m["request_latency"], "Request Latency", "Sec")
        stats(m["request_streaming_iterations_count"], "Streaming Iterations", "Count")
        stats(m["time_to_first_token_ms"], "Time to First Token", "ms")
        stats(m["time_per_output_token_ms"], "Time per Output Token", "ms")
        stats(m["inter_token_latency_ms"], "Inter Token Latency", "ms")
        stats(m["requests_per_second"], "Server Throughput", "Requests/Sec")
        stats(m["request_concurrency"], "Server Throughput", "Concurrency")
        stats(m["prompt_token_count"], "Token Metrics", "Input Tokens")
        stats(m["output_token_count"], "Token Metrics", "Output Tokens")
        stats(m["total_token_count"], "Token Metrics", "Total Tokens")
        stats(m["prompt_tokens_per_second"], "Token Throughput", "Input Tokens/Sec")
        stats(m["output_tokens_per_second"], "Token Throughput", "Output Tokens/Sec")
        stats(m["tokens_per_second"], "Token Throughput", "Total Tokens/Sec")
        stats(m["output_tokens_per_iteration"], "Token Streaming", "Output Tokens/Iter")
        stats(m["iter_tokens_per_iteration"], "Token Streaming", "Iter Tokens/Iter")
        modality = {"text": [("tokens", "Tokens"), ("words", "Words"), ("characters", "Characters")],
                    "image": [("tokens", "Tokens"), ("images", "Images"), ("pixels", "Pixels"), ("bytes", "Bytes")],
                    "video": [("tokens", "Tokens"), ("frames", "Frames"), ("seconds", "Seconds"), ("bytes", "Bytes")],
                    "audio": [("tokens", "Tokens"), ("samples", "Samples"), ("seconds", "Seconds"), ("bytes", "Bytes")]}
        for mod, defs in modality.items():
            for key, display in defs:
                mo = (m.get(mod) or {}).get(key)
                if mo is None:
                    continue
                for io in ["input", "output", "total"]:
                    d = mo.get(io)
                    if d is None or not any(d.get(s) is not None and d[s]["total_sum"] > 0.0
                                            for s in ["successful", "incomplete", "errored"]):
                        continue
                    stats(d, f"{mod.capitalize()} {display}", io.capitalize())
        st = b["scheduler_state"]
        for name, key in [("Node ID", "node_id"), ("Num Processes", "num_processes"),
                          ("Created Requests", "created_requests"), ("Processed Requests", "processed_requests"),
                          ("Successful Requests", "successful_requests"), ("Errored Requests", "errored_requests"),
                          ("Cancelled Requests", "cancelled_requests")]:
            field("Scheduler State", name, st[key])
        if st.get("end_queuing_time"):
            field("Scheduler State", "End Queuing Time", ts(st["end_queuing_time"]))
            field("Scheduler State", "End Queuing Constraints", json.dumps(st["end_queuing_constraints"]))
        if st.get("end_processing_time"):
            field("Scheduler State", "End Processing Time", ts(st["end_processing_time"]))
            field("Scheduler State", "End Processing Constraints", json.dumps(st["end_processing_constraints"]))
        for status in ["successful", "incomplete", "errored", "total"]:
            field("Scheduler Metrics", "Requests Made " + status.capitalize(), sm["requests_made"][status])
        for name, key in [("Queued Time Avg", "queued_time_avg"), ("Resolve Start Delay Avg", "resolve_start_delay_avg"),
                          ("Resolve Targeted Start Delay Avg", "resolve_targeted_start_delay_avg"),
                          ("Request Start Delay Avg", "request_start_delay_avg"),
                          ("Request Targeted Start Delay Avg", "request_targeted_start_delay_avg"),
                          ("Request Time Avg", "request_time_avg"), ("Resolve End Delay Avg", "resolve_end_delay_avg"),
                          ("Resolve Time Avg", "resolve_time_avg"), ("Finalized Delay Avg", "finalized_delay_avg"),
                          ("Processed Delay Avg", "processed_delay_avg")]:
            field("Scheduler Metrics", name, sm[key], "Sec")
        field("Runtime Info", "Metadata", compact(report["metadata"]))
        field("Runtime Info", "Arguments", compact(report["args"]))
        if not headers:
            headers = h
        rows.append(v)
    with open("qwen3-4b-c4-v05.csv", "w", newline="") as f:
        w = csv.writer(f)
        for i in range(max(len(c) for c in headers)):
            w.writerow([c[i] if i < len(c) else "" for c in headers])
        for r in rows:
            w.writerow(r)


def v03():
    metrics = ["requests_per_second", "request_concurrency", "request_latency", "prompt_token_count",
               "output_token_count", "time_to_first_token_ms", "time_per_output_token_ms",
               "inter_token_latency_ms", "output_tokens_per_second", "tokens_per_second"]
    headers, rows = [], []
    for b in report["benchmarks"]:
        c, m, s = b["config"], b["metrics"], b["config"]["strategy"]
        strategy = {"type_": s["type_"]}
        name = s["type_"]
        if s["type_"] == "concurrent":
            strategy["streams"] = s["streams"]
            name += f"@{s['streams']}"
        elif s["type_"] in ("constant", "poisson"):
            strategy["rate"] = s["rate"]
            name += f"@{s['rate']:.2f}"
        args = {"profile": {"type_": c["profile"]["type_"], "completed_strategies": [strategy],
                            "measured_rates": [], "measured_concurrencies": [], "streams": c["profile"].get("streams")},
                "strategy_index": c["run_index"], "strategy": strategy, "max_number": 4, "max_duration": None,
                "warmup_number": None, "warmup_duration": None, "cooldown_number": None, "cooldown_duration": None}
        worker = {"type_": "generative_requests_worker", "backend_type": "openai_http",
                  "backend_target": c["backend"]["target"], "backend_model": c["backend"]["model"], "backend_info": {}}
        h = ["Type", "Run Id", "Id", "Name", "Start Time", "End Time", "Duration"]
        v = [b["type_"], c["run_id"], c["id_"], name,
             datetime.fromtimestamp(b["start_time"]).strftime("%Y-%m-%d %H:%M:%S"),
             datetime.fromtimestamp(b["end_time"]).strftime("%Y-%m-%d %H:%M:%S"), b["duration"]]
        for status in ["successful", "errored", "incomplete", "total"]:
            h.append(f"{status.capitalize()} Requests")
            v.append(m["request_totals"][status])
            for metric in metrics:
                d = m[metric][status]
                p = d["percentiles"]
                disp = f"{status.capitalize()} {metric.replace('_', ' ').capitalize()}"
                h += [f"{disp} mean", f"{disp} median", f"{disp} std dev",
                      f"{disp} [min, 0.1, 1, 5, 10, 25, 75, 90, 95, 99, max]"]
                v += [d["mean"], d["median"], d["std_dev"],
                      [d["min"], p["p001"], p["p01"], p["p05"], p["p10"], p["p25"], p["p75"], p["p90"], p["p95"], p["p99"], d["max"]]]
        h += ["Args", "Worker", "Request Loader", "Extras"]
        v += [json.dumps(args), json.dumps(worker), json.dumps({"type_": "generative_request_loader"}), json.dumps({})]
        if not headers:
            headers = h
        rows.append(v)
    with open("qwen3-4b-c4-v03.csv", "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(headers)
        for r in rows:
            w.writerow(r)


v05()
v03()
