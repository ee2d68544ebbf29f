package analyze

import (
	"maps"
	"math"
	"strconv"
)

// anomalyNotes are the anomalies worth a summary line (AnomalyRule.Note):
// a saturation (naming the deployment cap it begins at, when one does),
// a scheduling change, a TTFT jump, an output drop. A note weighs its
// anomaly kind's Note, a TTFT jump's (a scheduling change's too) plus
// ln(ratio)/2, and 0.5 more for a cap it begins at and for one the load
// exceeds later.
func anomalyNotes(r *Report, _ Metric, _ weights) []Finding {
	note := map[AnomalyKind]float64{}
	for _, a := range AnomalyRules() {
		note[a.Kind] = a.Note
	}
	as := r.Anomalies
	var out []Finding
	for _, a := range as {
		score := note[a.Kind]
		if score == 0 {
			continue
		}
		if a.Kind == SchedulingChange || a.Kind == TTFTJump {
			score += math.Log(a.Values["ratio"]) / 2
		}
		f := Finding{Kind: AnomalyNote, Anomaly: a.Kind, Configs: []string{a.Config}, Levels: []Load{a.Load}, Values: maps.Clone(a.Values), Score: score}
		for _, c := range as {
			if c.Kind == CapLimit && c.Config == a.Config && c.Load == a.Load && (a.Kind == Saturation || a.Kind == AggregateDrop) {
				f.Cap = &Flag{Flag: c.Metric, Value: strconv.FormatFloat(c.Values["cap"], 'f', -1, 64)}
				f.Values["cap"] = c.Values["cap"]
				f.Score += 0.5
			}
			if c.Kind == CapExceeded && c.Config == a.Config && c.Load > a.Load && (a.Kind == Saturation || a.Kind == AggregateDrop) {
				// Told with it (a confound, not a cause): it weighs as much.
				f.Score += 0.5
			}
		}
		out = append(out, f)
	}
	return out
}
