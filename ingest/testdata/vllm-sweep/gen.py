"""Writes summary.csv, the experiment-wide summary of a vllm bench sweep,
from the real per-point summary.json in
../shared/fixtures/vllm/sweep-summary.json (vLLM v0.25.1: 2 runs of
SERVE--max_num_seqs=4-BENCH--max_concurrency=2-num_prompts=8), as
vllm/benchmarks/sweep/serve.py writes it: run_combs collects the run
dicts of every point, then pd.DataFrame.from_records(all_data)
.to_csv(experiment_dir / "summary.csv"). A second point is the first
with max_concurrency 4 (as TestVLLMSweepFolder builds its folder), so
the experiment has two points of two repeated runs each.

pandas is not on this machine; its to_csv is followed by hand: an index
column with an empty header, columns in the order keys first appear,
None written empty, floats by repr (Python's shortest round trip), ints
as ints, True/False, csv's minimal quoting, "\n" line ends.

Run from ingest/testdata/vllm-sweep: python3 gen.py
"""
import csv
import json

SRC = "../../../../shared/fixtures/vllm/sweep-summary.json"
runs = json.load(open(SRC))
second = [dict(r, max_concurrency=4) for r in runs]
records = runs + second

columns = []
for r in records:
    for k in r:
        if k not in columns:
            columns.append(k)


def cell(v):
    if v is None:
        return ""
    if isinstance(v, float):
        return repr(v)
    return v


# A column holding an int in one row and nothing in another would be
# float64 in pandas ("8.0"): the fixture has no such column.
for k in columns:
    kinds = {type(r.get(k)) for r in records}
    assert not (int in kinds and type(None) in kinds), k

with open("summary.csv", "w", newline="") as f:
    w = csv.writer(f, lineterminator="\n")
    w.writerow([""] + columns)
    for i, r in enumerate(records):
        w.writerow([i] + [cell(r.get(k)) for k in columns])
