"""Writes two power logs as nvidia-smi writes them with

    nvidia-smi --query-gpu=timestamp,power.draw --format=csv,nounits -l 1

on a machine of two GPUs (no index column: GPU #1's row, then GPU #2's
3 ms later, every second; the header "timestamp, power.draw [W]", its
column names after ", " as nvidia-smi separates them), beside the vLLM
runs of cmd/reportgen/testdata/energy-power-log.txtar. The powers are
chosen to be integrated by hand: GPU #1 serves the runs, GPU #2 idles
at 55.0/55.2 W (flat, and below 80 % of GPU #1's).

  vllm-a-power.csv  2026/03/01 12:00:00 to 12:03:00; GPU #1 at 200 W over
                    12:00:10-30 (run c=1), 250 W at 12:00:50 then 300 W
                    to 12:01:10 (run c=4), 400 W over 12:01:30-50 (run
                    c=16), 60 W between them
  vllm-b-power.csv  12:10:00 to 12:12:00; GPU #1 at 150 W over 12:10:10-30
                    (c=1), 300 W over 12:10:50-12:11:10 (c=4), 350 W over
                    12:11:30-50 (c=8), 60 W between; the polls of
                    12:11:35-39 are missing (the log paused: 6 s between
                    two samples, inside run c=8)

  llama-tp8-power.csv
                    nvidia-smi --query-gpu=index,timestamp,power.draw
                    --format=csv -l 3 on eight GPUs (an index column, the
                    unit on each value: "300.00 W"), 2025/04/14 14:11:30
                    to 14:15:09 every 3 s, beside the real vLLM run of
                    ../shared/fixtures/vllm/nightly-raw-llama33-70b-tp8-qps01.json
                    (date 20250414-141505, duration 205.2 s): GPU i draws a
                    flat 300 + 10 i W, 2680 W together

Run from ingest/testdata/powerlog: python3 gen.py
"""
from datetime import datetime, timedelta


def write(name, start, seconds, gpu1, missing=()):
    t0 = datetime.strptime(start, "%Y/%m/%d %H:%M:%S")
    with open(name, "w", newline="\n") as f:
        f.write("timestamp, power.draw [W]\n")
        for k in range(seconds + 1):
            if k in missing:
                continue
            for g, w in enumerate((gpu1(k), 55.0 if k % 2 == 0 else 55.2)):
                t = t0 + timedelta(seconds=k, milliseconds=3 * g)
                f.write(f"{t:%Y/%m/%d %H:%M:%S}.{t.microsecond // 1000:03d}, {w:.2f}\n")


def a(k):
    if 10 <= k <= 30:
        return 200
    if k == 50:
        return 250
    if 51 <= k <= 70:
        return 300
    if 90 <= k <= 110:
        return 400
    return 60


def b(k):
    if 10 <= k <= 30:
        return 150
    if 50 <= k <= 70:
        return 300
    if 90 <= k <= 110:
        return 350
    return 60


write("vllm-a-power.csv", "2026/03/01 12:00:00", 180, a)
write("vllm-b-power.csv", "2026/03/01 12:10:00", 120, b, missing=range(95, 100))


with open("llama-tp8-power.csv", "w", newline="\n") as f:
    f.write("index, timestamp, power.draw [W]\n")
    t0 = datetime.strptime("2025/04/14 14:11:30", "%Y/%m/%d %H:%M:%S")
    for k in range(0, 220, 3):
        for i in range(8):
            t = t0 + timedelta(seconds=k, milliseconds=2 * i)
            f.write(f"{i}, {t:%Y/%m/%d %H:%M:%S}.{t.microsecond // 1000:03d}, {300 + 10 * i:.2f} W\n")
