"""Writes an LLMPerf run folder's per-request file,
llama2-70b-4096_550_150_individual_responses.json, as
ray-project/llmperf's token_benchmark_ray.py writes it (run_token_benchmark:
json.dump(individual_responses, f, indent=4)), the records as
src/llmperf/ray_clients/openai_chat_completions_client.py fills them and
get_token_throughput_latencies finishes them: error_code None and
error_msg "" on success; inter_token_latency_s the chunk gaps, TTFT
included, over the output tokens; request_output_throughput_token_per_s
output tokens / end_to_end_latency_s; number_total_tokens input +
output. Two requests failed (HTTP 429), written as the client leaves a
failed request: times 0, no output tokens (llmperf before its #45 fix,
as in the leaderboard's raw_data/individual files). The key order and
the 550/150 workload follow the real leaderboard file
raw_data/individual/groq_70b.json; the values are drawn with a fixed seed.

Run from ingest/testdata/llmperf: python3 gen.py
"""
import json
import random

rng = random.Random(13)
records = []
for i in range(24):
    if i in (7, 19):
        records.append({"error_code": 429, "error_msg": "Rate limit reached for requests",
                        "inter_token_latency_s": 0, "ttft_s": 0, "end_to_end_latency_s": 0,
                        "request_output_throughput_token_per_s": 0, "number_total_tokens": 550,
                        "number_output_tokens": 0, "number_input_tokens": 550})
        continue
    out = 150 if i % 5 else 149
    ttft = rng.uniform(0.17, 0.34)
    gaps = [ttft] + [rng.uniform(0.0025, 0.0055) for _ in range(out - 1)]
    e2e = sum(gaps) + rng.uniform(0.0, 0.004)
    records.append({
        "error_code": None,
        "error_msg": "",
        "inter_token_latency_s": sum(gaps) / out,
        "ttft_s": ttft,
        "end_to_end_latency_s": e2e,
        "request_output_throughput_token_per_s": out / e2e,
        "number_total_tokens": 550 + out,
        "number_output_tokens": out,
        "number_input_tokens": 550,
    })

with open("llama2-70b-4096_550_150_individual_responses.json", "w") as f:
    json.dump(records, f, indent=4)
