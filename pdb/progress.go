package pdb

import "time"

// tickUntil calls report every period until done is closed, then returns.
// Builders and the census run it beside their workers to call a Progress
// callback while a long step runs.
func tickUntil(done <-chan struct{}, period time.Duration, report func()) {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-done:
			return
		case <-tick.C:
			report()
		}
	}
}
