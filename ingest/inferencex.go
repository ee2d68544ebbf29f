package ingest

// FormatInferenceX is InferenceX's result format.
const FormatInferenceX = "inferencex"

// inferenceX reads InferenceX's variant of vLLM's benchmark_serving
// result: the same keys without the _ms suffix, in seconds.
var inferenceX = Format{
	Name: FormatInferenceX, Tool: "InferenceX", Exts: jsonExts, listed: 4,
	Sniff: func(p preview) bool { return servingMarks(p.obj).seconds },
	Read:  fromJSON(servingKeys{seconds: true, latency: "e2el"}.read),
}
