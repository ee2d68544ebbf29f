package ingest

// FormatSGLang is sglang.bench_serving's result format.
const FormatSGLang = "sglang"

// sglang reads sglang.bench_serving's JSON lines, one run per line: vLLM's
// benchmark_serving keys, the request latency as e2e_latency.
var sglang = Format{
	Name: FormatSGLang, Tool: "SGLang bench_serving", Exts: jsonExts, listed: 3,
	Sniff: func(p preview) bool {
		m := servingMarks(p.obj)
		return m.sglang || m.ms && p.obj.str("backend") == "sglang" && !m.tpot
	},
	Read: fromJSON(servingKeys{latency: "e2e_latency"}.read),
}
