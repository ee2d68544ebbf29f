package report

// The operating point (analyze's Report.OperatingPoint): "high load" is
// the highest common level where at least one configuration meets the
// SLOs, and it gets the overview's table; the levels above it where none
// does are overload, said so, never crowned.

// HighLabel is the label of the overview's high-load table: "High load
// (c=32)", or where no configuration meets the SLOs at any common level,
// that it is overload.
func (v *view) HighLabel() string {
	l := v.loc
	if v.R.OperatingPoint == nil {
		return l.T("overview_overload", "C", l.At(v.HighLevel()), "Stat", v.StatWord(v.Headline()))
	}
	return l.T("overview_high", "C", l.At(v.HighLevel()))
}

// OverloadNote says which common levels above high load are overload:
// no configuration meets the SLOs there, so none is compared "at high
// load" there; their values are in the appendix. "" when there are none.
func (v *view) OverloadNote() string {
	l := v.loc
	if v.R.OperatingPoint == nil {
		return ""
	}
	var xs []string
	for _, x := range v.R.Overload {
		if x > *v.R.OperatingPoint {
			xs = append(xs, l.At(x))
		}
	}
	if len(xs) == 0 {
		return ""
	}
	return l.N("overload_note", len(xs), "Levels", l.List(xs), "Stat", v.StatWord(v.Headline()), "High", l.At(*v.R.OperatingPoint))
}
