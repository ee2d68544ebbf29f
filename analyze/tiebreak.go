package analyze

import (
	"encoding/json"
	"math"
	"slices"
)

// Ties that do not hide a winner: when the capacities of the leading
// configs are on par (within the tie threshold) or cannot be ranked
// (lower bounds), the leader is decided rival by rival, first by SLO
// headroom at the capacity level (C_max, or R_max on a rate axis), then
// by dominance; "no clear winner" only when neither decides against
// some rival.

// The tie-breaks (Finding.TieBreak, TieRival.By).
const (
	// TieBreakHeadroom: at the shared capacity level the leader's
	// binding SLO headroom is at least the tie threshold, in
	// percentage points, above the rival's.
	TieBreakHeadroom = "headroom"
	// TieBreakDominance: the leader is never worse than the rival on
	// any scored statistic (TTFT, ITL, TPS and latency at mean and P90)
	// at any level both measured, those levels reaching the rival's
	// capacity level, and better on at least one.
	TieBreakDominance = "dominance"
	// TieBreakBoth: some rivals were decided by headroom, the others by
	// dominance.
	TieBreakBoth = "headroom_dominance"
)

// TieRival is a rival a tie-break decided the capacity leader against:
// by what, and for headroom the rival's headroom.
type TieRival struct {
	Config string `json:"config"`
	By     string `json:"by"`
	// Headroom is the rival's binding SLO headroom at its capacity
	// level (a fraction); NaN (null) unless By is TieBreakHeadroom.
	Headroom float64 `json:"-"`
}

// Headroom is how far a level is inside its SLOs at statistic pct, as
// a fraction of each threshold: (SLO − TTFT) / SLO, and (TPS − SLO) /
// SLO where there is a TPS SLO, on the values the SLOs are checked on
// (Stat.SLOValue); the smaller of the two binds. metric is "ttft_ms" or
// "tps", the one that binds, and value the value checked. NaN when
// either cannot be read.
func Headroom(l Level, p Params, pct Percentile) (h float64, metric MetricID, value float64) {
	ttft, _ := l.TTFT.SLOValue(pct, true)
	h, metric, value = (p.SLOTTFTms-ttft)/p.SLOTTFTms, TTFT, ttft
	if p.SLOTPS > 0 {
		tps, _ := l.TPS.SLOValue(pct, false)
		if t := (tps - p.SLOTPS) / p.SLOTPS; t < h || math.IsNaN(t) {
			h, metric, value = t, TPS, tps
		}
	}
	if !Known(h) {
		return nanValue, metric, value
	}
	return h, metric, value
}

// headroomAt is config c's binding headroom at its capacity level at
// statistic pct (NaN without a capacity).
func headroomAt(c Config, p Params) float64 {
	cp := c.Capacity.Get(p.Percentile)
	l, ok := levelAt(c, cp.Max)
	if cp.Max == 0 || !ok {
		return nanValue
	}
	h, _, _ := Headroom(l, p, p.Percentile)
	return h
}

// dominatesAll reports whether config a is never worse than b on any
// scored statistic at any level both measured (a tie being no loss),
// and better on at least one; and whether those levels reach b's
// capacity level, so that b is beaten over all it was shown to serve.
func dominatesAll(a, b Config, p Params) bool {
	ps := scorePair(a, b, p)
	return ps.Comparisons > 0 && ps.BWins == 0 && ps.AWins > 0 && slices.Contains(ps.Levels, b.Capacity.Get(p.Percentile).Max)
}

// breakTie decides config w against rival x, whose capacities compare
// o (not a clear win): by headroom where both capacities are at the
// same level and w's binding headroom is at least the tie threshold, in
// percentage points, above x's; else by dominance. by is "" when
// neither decides for w.
func breakTie(w, x Config, p Params) (by string, rivalHeadroom float64) {
	cw, cx := w.Capacity.Get(p.Percentile), x.Capacity.Get(p.Percentile)
	hw, hx := headroomAt(w, p), headroomAt(x, p)
	if cw.Max > 0 && cw.Max == cx.Max && Known(hw) && Known(hx) {
		// A lead of at least the tie threshold in percentage points, and
		// a lead at all (with a threshold of 0, equal headroom is none).
		switch d := hw - hx; {
		case d > 0 && d >= p.TiePct/100:
			return TieBreakHeadroom, hx
		case d < 0 && -d >= p.TiePct/100:
			return "", nanValue // the rival has the headroom
		}
	}
	if dominatesAll(w, x, p) {
		return TieBreakDominance, nanValue
	}
	return "", nanValue
}

// tieWinner finds, among cfgs, a config the capacity cannot separate
// from the top that the tie-breaks decide against every config it does
// not clearly beat on capacity; order is cfgs by capacity, largest
// first. ok is false when there is none: no clear winner.
func tieWinner(order []Config, p Params, axis Axis) (w Config, rivals []TieRival, ok bool) {
	for i, cand := range order {
		cp := cand.Capacity.Get(p.Percentile)
		if cp.Max == 0 || !Known(capacityValue(cp, axis)) {
			continue // no winner rests on an unknown or on no capacity
		}
		if i > 0 && compareCapacity(order[0].Capacity.Get(p.Percentile), cp, p, axis) == Win {
			break // clearly below the top: neither it nor any after it
		}
		rivals, ok = nil, true
		for j, x := range order {
			if j == i || compareCapacity(cp, x.Capacity.Get(p.Percentile), p, axis) == Win {
				continue
			}
			by, h := breakTie(cand, x, p)
			if by == "" {
				ok = false
				break
			}
			rivals = append(rivals, TieRival{Config: x.ID, By: by, Headroom: h})
		}
		if ok && len(rivals) > 0 {
			return cand, rivals, true
		}
	}
	return Config{}, nil, false
}

// tieBreakOf names what decided rivals: TieBreakHeadroom or
// TieBreakDominance when one criterion decided them all, else
// TieBreakBoth.
func tieBreakOf(rivals []TieRival) string {
	by := rivals[0].By
	for _, r := range rivals[1:] {
		if r.By != by {
			return TieBreakBoth
		}
	}
	return by
}

// MarshalJSON writes an absent headroom as null.
func (r TieRival) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Config   string   `json:"config"`
		By       string   `json:"by"`
		Headroom *float64 `json:"headroom"`
	}{r.Config, r.By, optional(r.Headroom)})
}

// UnmarshalJSON reads what MarshalJSON writes.
func (r *TieRival) UnmarshalJSON(data []byte) error {
	var v struct {
		Config   string    `json:"config"`
		By       string    `json:"by"`
		Headroom *nullable `json:"headroom"`
	}
	if err := json.Unmarshal(data, &v); err != nil {
		return err
	}
	*r = TieRival{Config: v.Config, By: v.By, Headroom: v.Headroom.value()}
	return nil
}
