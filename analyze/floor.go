package analyze

import (
	"fmt"
	"math"
)

// FloorFactor is how many times its rival's TTFT a config's TTFT at the
// lowest load may reach before it is out of line (TTFTFloor): at the
// lowest load nothing queues, so a first token that takes several times
// as long as on another configuration of the same model and hardware
// points at the deployment (tuning, a prefill path, a frontend), not at
// the load.
const FloorFactor = 3.0

// ttftFloors flags each config whose TTFT at the lowest level every
// config measured (and reached) is at least FloorFactor times its
// rival's: the other config with the lowest TTFT there. TTFT is the
// mean where both give one, else the median where both do; a pair with
// neither is not judged.
func ttftFloors(r *Report) []Anomaly {
	low, ok := lowestCommon(r.Configs)
	if !ok || len(r.Configs) < 2 {
		return nil
	}
	var out []Anomaly
	for _, c := range r.Configs {
		l, _ := c.Level(low)
		rival, ttft, best, median := "", math.NaN(), math.Inf(1), false
		for _, o := range r.Configs {
			if o.ID == c.ID {
				continue
			}
			ol, _ := o.Level(low)
			a, b, med := floorPair(l.TTFT, ol.TTFT)
			if Known(a) && Known(b) && b > 0 && b < best {
				rival, ttft, best, median = o.ID, a, b, med
			}
		}
		if rival == "" || ttft < FloorFactor*best {
			continue
		}
		out = append(out, Anomaly{Kind: TTFTFloor, Config: c.ID, Load: low, Metric: "ttft_ms", Rival: rival,
			Message: fmt.Sprintf("TTFT %.1f ms at %s is %.1f× the %.1f ms of %s: a floor out of line with the rival, before any queueing",
				ttft, r.Axis.Label(low), ttft/best, best, rival),
			Values: map[string]float64{"ttft": ttft, "rival_ttft": best, "ratio": ttft / best, "median": b2f(median)}})
	}
	return out
}

// floorPair is the TTFT of a and b on one footing: both means, else
// both medians (median true), else NaN.
func floorPair(a, b Stat) (x, y float64, median bool) {
	if Known(a.Mean) && Known(b.Mean) {
		return a.Mean, b.Mean, false
	}
	if Known(a.P50) && Known(b.P50) {
		return a.P50, b.P50, true
	}
	return math.NaN(), math.NaN(), false
}
