// Package compare compares two analyses of benchmark campaigns, a
// baseline and a candidate (an engine upgrade, a new draft model, another
// GPU), into one Comparison: per matched configuration and common load
// level, every metric's statistics old and new with their change, a test
// of significance where the data allows one, and a verdict. compare.json
// is its serialization; every edition is rendered from it.
package compare
