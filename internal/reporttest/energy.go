package reporttest

import (
	"github.com/openzeka/reportgen/analyze"
)

// TinyEnergy is Tiny with GPU telemetry, as analyze builds it from a
// power log beside each configuration's runs (GPU counts unknown: the
// working GPU counted, an idle one left out):
//
//	a  c=1  160 W,  80 tok/s: 2 J per output token
//	   c=2  210 W, 140 tok/s: 1.5
//	   c=4  260 W, 200 tok/s: 1.3 (its capacity)
//	b  c=1  170 W,  85 tok/s: 2 (its capacity)
//	   c=4  refused: the log has no sample for 4.5 s
//
// The capacity leader is a (76 users against 31), whose tokens at its
// capacity also take the least energy: no finding says otherwise.
func TinyEnergy() *analyze.Report {
	r := Tiny()
	power := map[string]map[analyze.Load]float64{"a": {1: 160, 2: 210, 4: 260}, "b": {1: 170}}
	for i := range r.Configs {
		c := &r.Configs[i]
		for j := range c.Levels {
			l := &c.Levels[j]
			e := &analyze.Energy{Method: analyze.MethodPowerSamples, Source: "tiny/" + c.ID + "-power.csv:2", GPUs: 1, IdleGPUs: 1, SourceGPUs: 2,
				PowerW: nan(), PowerPerGPUW: nan(), JPerOutputToken: nan(), JPerToken: nan(), OutputTokensPerJ: nan(), JPerGoodToken: nan(), GapS: 1}
			if w, ok := power[c.ID][l.Load]; ok {
				e.PowerW, e.PowerPerGPUW, e.JPerOutputToken, e.OutputTokensPerJ = w, w, w/l.AggregateTPS, l.AggregateTPS/w
			} else {
				e.Reason, e.GapS = analyze.EnergyGap, 4.5
			}
			l.Energy = e
		}
		cp := c.Capacity.P90
		at, _ := c.Level(cp.Max)
		c.Efficiency = &analyze.Efficiency{AtCapacity: analyze.CapacityEfficiency{Stat: analyze.P90, Load: cp.Max, PowerW: at.Energy.PowerW,
			JPerOutputToken: at.Energy.JPerOutputToken, OutputTokensPerJ: at.Energy.OutputTokensPerJ, TokensPerUnit: nan(), Goodput: nan(),
			PerMillionGood: nan(), JPerGoodToken: nan()},
			AtTarget: &analyze.TargetEfficiency{Target: r.Params.SLOTPS, PowerW: nan(), JPerOutputToken: nan(), OutputTokensPerJ: nan(),
				TokensPerUnit: nan(), Reason: analyze.ReasonBelowMeasured}}
	}
	return r
}
