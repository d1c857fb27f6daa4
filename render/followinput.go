package render

// wheelSteps turns the mouse wheel's vertical offset into log rows
// (positive: away from the user, to older entries), at least one a notch.
func wheelSteps(dy float64) int {
	n := int(dy * 3)
	switch {
	case n == 0 && dy > 0:
		n = 1
	case n == 0 && dy < 0:
		n = -1
	}
	return n
}

// followKeys takes what the table answers for following the game before
// the scene's keys: the wheel over the log scrolls it. It reports whether
// anything changed.
func (a *App) followKeys(in input) bool {
	if in.Wheel == 0 || a.tbl == nil || !a.layout().Log.Contains(in.X, in.Y) {
		return false
	}
	a.tbl.command(Command{Kind: CmdLogScroll, N: wheelSteps(in.Wheel)})
	return true
}
