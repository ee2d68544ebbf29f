package analyze

// highestCommon is the highest concurrency every config measured.
func highestCommon(cfgs []Config) (Load, bool) {
	common := commonLevels(cfgs)
	if len(common) == 0 {
		return 0, false
	}
	return common[len(common)-1], true
}

// lowestCommon is the lowest concurrency every config measured.
func lowestCommon(cfgs []Config) (Load, bool) {
	common := commonLevels(cfgs)
	if len(common) == 0 {
		return 0, false
	}
	return common[0], true
}

// commonLevels lists the levels every config measured, ascending.
func commonLevels(cfgs []Config) []Load {
	if len(cfgs) == 0 {
		return nil
	}
	count := map[Load]int{}
	for _, c := range cfgs {
		for _, l := range c.Levels {
			count[l.Load]++
		}
	}
	var out []Load
	for _, l := range cfgs[0].Levels {
		if count[l.Load] == len(cfgs) {
			out = append(out, l.Load)
		}
	}
	return out
}

// CommonLevels lists the levels every config measured and reached: the
// levels comparisons are made at.
func (r *Report) CommonLevels() []Load { return commonLevels(r.reached().Configs) }

// levelAt returns cfg's level at concurrency c.
func levelAt(cfg Config, c Load) (Level, bool) {
	for _, l := range cfg.Levels {
		if l.Load == c {
			return l, true
		}
	}
	return Level{}, false
}

// Level returns the config's level at concurrency c.
func (c Config) Level(conc Load) (Level, bool) { return levelAt(c, conc) }

// Config returns the config with the given id.
func (r *Report) Config(id string) (Config, bool) {
	for _, c := range r.Configs {
		if c.ID == id {
			return c, true
		}
	}
	return Config{}, false
}
