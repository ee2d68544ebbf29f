package ingest

import "math"

// Check is the judgement every reader applies to a level value (see
// checkNumber), for a value of this kind that reportgen reads back
// rather than from a result file: an analysis.json's. text is the value
// as written, what names it in the message ("TTFT"): a NaN, a negative
// value, a fraction of a whole quantity, +Inf unless Unbounded, or a
// value past Max is refused.
func (l Limit) Check(v float64, text, what string) error {
	q := l.quantity()
	q.what = what
	if q.unit != "" && !math.IsNaN(v) {
		text += " " + q.unit
	}
	return checkNumber(v, text, q)
}

// quantity is the quantity that checks a value of this kind.
func (l Limit) quantity() quantity {
	return quantity{what: l.Value, unit: l.Unit, max: l.Max, whole: l.Whole, inf: l.Unbounded, day: l.Unit == "ms" || l.Unit == "s", floor: l.Floor}
}
