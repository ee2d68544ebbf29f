package compare

import (
	"math"
)

// Welch's t-test of a difference of two means (Welch 1947), from each
// side's mean, standard deviation (the sample's, n − 1 in the
// denominator) and count, all a tool's summary needs to give:
//
//	v1 = s1²/n1,  v2 = s2²/n2
//	t  = (m2 − m1) / √(v1 + v2)
//	df = (v1 + v2)² / (v1²/(n1 − 1) + v2²/(n2 − 1))   (Welch–Satterthwaite)
//	p  = 2·P(T_df > |t|) = I_{df/(df + t²)}(df/2, 1/2)
//
// with I the regularized incomplete beta function. It does not assume
// equal variances; it assumes each mean is near normal, which a mean of
// many requests is (central limit theorem) and a mean of a few heavy-
// tailed times may not be: with fewer than welchMinN values a side there
// is no test.

// welchMinN is the fewest values a side needs for Welch's test: with one
// value there is no standard deviation.
const welchMinN = 2

// welchResult is a Welch test's outcome.
type welchResult struct {
	T, DF, P float64
}

// welch tests m2 − m1 from the sides' means, standard deviations and
// counts; ok is false when a side has fewer than welchMinN values or a
// deviation that is not a number ≥ 0. Two sides without any spread
// (every value equal) differ with certainty when their means do (p = 0)
// and not at all when they are equal (p = 1).
func welch(m1, s1 float64, n1 int, m2, s2 float64, n2 int) (welchResult, bool) {
	if n1 < welchMinN || n2 < welchMinN || !(s1 >= 0) || !(s2 >= 0) || math.IsInf(s1, 0) || math.IsInf(s2, 0) ||
		math.IsNaN(m1) || math.IsNaN(m2) {
		return welchResult{}, false
	}
	v1, v2 := s1*s1/float64(n1), s2*s2/float64(n2)
	se := math.Sqrt(v1 + v2)
	if se == 0 {
		if m1 == m2 {
			return welchResult{T: 0, DF: math.Inf(1), P: 1}, true
		}
		return welchResult{T: math.Copysign(math.Inf(1), m2-m1), DF: math.Inf(1), P: 0}, true
	}
	t := (m2 - m1) / se
	df := (v1 + v2) * (v1 + v2) / (v1*v1/float64(n1-1) + v2*v2/float64(n2-1))
	return welchResult{T: t, DF: df, P: studentTwoSided(t, df)}, true
}

// studentTwoSided is the two-sided tail probability of Student's t with
// df degrees of freedom beyond |t|: I_{df/(df+t²)}(df/2, 1/2).
func studentTwoSided(t, df float64) float64 {
	if math.IsInf(t, 0) {
		return 0
	}
	if math.IsInf(df, 1) {
		return math.Erfc(math.Abs(t) / math.Sqrt2)
	}
	return regIncBeta(df/(df+t*t), df/2, 0.5)
}

// regIncBeta is the regularized incomplete beta function I_x(a, b) for
// 0 ≤ x ≤ 1 and a, b > 0, by its continued fraction (Numerical Recipes,
// 3rd ed., §6.4), evaluated with the modified Lentz method, on the side
// of x where it converges fast.
func regIncBeta(x, a, b float64) float64 {
	switch {
	case x <= 0:
		return 0
	case x >= 1:
		return 1
	}
	la, _ := math.Lgamma(a)
	lb, _ := math.Lgamma(b)
	lab, _ := math.Lgamma(a + b)
	front := math.Exp(lab - la - lb + a*math.Log(x) + b*math.Log1p(-x))
	if x < (a+1)/(a+b+2) {
		return front * betaFraction(x, a, b) / a
	}
	return 1 - front*betaFraction(1-x, b, a)/b
}

// betaFraction is the continued fraction of the incomplete beta
// function (Numerical Recipes' betacf).
func betaFraction(x, a, b float64) float64 {
	const (
		tiny    = 1e-300
		eps     = 1e-15
		maxIter = 10000
	)
	guard := func(v float64) float64 {
		if math.Abs(v) < tiny {
			return tiny
		}
		return v
	}
	qab, qap, qam := a+b, a+1, a-1
	c, d := 1.0, 1/guard(1-qab*x/qap)
	h := d
	for m := 1; m <= maxIter; m++ {
		fm := float64(m)
		m2 := 2 * fm
		aa := fm * (b - fm) * x / ((qam + m2) * (a + m2))
		d = 1 / guard(1+aa*d)
		c = guard(1 + aa/c)
		h *= d * c
		aa = -(a + fm) * (qab + fm) * x / ((a + m2) * (qap + m2))
		d = 1 / guard(1+aa*d)
		c = guard(1 + aa/c)
		del := d * c
		h *= del
		if math.Abs(del-1) < eps {
			break
		}
	}
	return h
}
