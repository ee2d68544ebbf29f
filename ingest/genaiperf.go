package ingest

import (
	"strings"
)

// FormatGenAIPerf is GenAI-Perf's CSV export.
const FormatGenAIPerf = "genai-perf"

// genaiPerf reads GenAI-Perf's profile_export_genai_perf.csv: AIPerf's
// metric table (readMetricTable), with thousands separators and N/A.
var genaiPerf = Format{
	Name: FormatGenAIPerf, Tool: "GenAI-Perf", Exts: csvExts, listed: 8,
	Sniff: func(p preview) bool { return strings.HasPrefix(p.line, "metric,avg,min,max,p99") },
	Read:  readMetricTable,
}
