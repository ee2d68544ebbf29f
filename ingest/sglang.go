package ingest

// FormatSGLang is sglang.bench_serving's result format.
const FormatSGLang = "sglang"

// sglang reads sglang.bench_serving's JSON lines, one run per line: vLLM's
// benchmark_serving keys, the request latency as e2e_latency.
var sglang = Format{
	Name: FormatSGLang, Tool: "SGLang bench_serving", Exts: jsonExts, listed: 3,
	Sniff: func(p preview) bool {
		return p.obj.has("mean_e2e_latency_ms") || p.obj.str("backend") == "sglang" && !p.obj.has("mean_tpot_ms")
	},
	Read: fromJSON(servingKeys{latency: "e2e_latency"}.read),
}
