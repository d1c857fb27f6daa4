package table

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"

	"notrueking/rules"
	"notrueking/ui"
)

// The log panel shows the whole history in the engine's words (Reader.View
// of the seat behind the curtain, or the public view), newest at the
// bottom, wrapped to the panel's width and scrolled by rows. Each entry is
// a click target: the board as it stood after the action that caused it.

// Log panel metrics, in base pixels.
const (
	logTextSize = 15.0
	logRowH     = 19.0
	logHeadH    = 34.0 // the title row
	logIndent   = 10.0 // continuation rows of a wrapped entry
)

// logRow is one drawn row of the log: a whole entry or part of a wrapped one.
type logRow struct {
	text  string
	entry int  // index of the entry in the log lines
	cont  bool // a continuation row of a wrapped entry
}

// LogPanel is the log's scroll state and its wrapped rows, kept between
// rebuilds (the log only grows between undos, so rows are wrapped once).
type LogPanel struct {
	// back is how many rows the view is scrolled up from the newest;
	// 0 keeps the newest entry at the bottom.
	back int
	// maxBack is the most back can be for the last layout (rows beyond
	// the panel's height).
	maxBack int
	// reserve is the width the title bar leaves at its right for the
	// Talk button (0: a game without talk).
	reserve float64

	rows   []logRow
	wrapW  float64
	seat   rules.Seat
	nLines int
	last   string // text of the last line wrapped (an undo then a new action changes it)
	// large sets the log in larger rows (-large-text).
	large bool
	// drag is a finger's drag over the log not yet scrolled (less than a
	// row).
	drag float64
}

// SetLarge sets the log in larger rows (-large-text, Options.LargeLog),
// wrapping it again.
func (lp *LogPanel) SetLarge(on bool) {
	lp.large = on
	lp.forget()
}

// metrics are the log's text size and row height (base pixels): larger
// rows for -large-text, so its text grows by a fifth.
func (lp *LogPanel) metrics() (size, rowH float64) {
	if lp.large {
		return 18, 22
	}
	return logTextSize, logRowH
}

// LogAction is the number of actions after which the table is shown for
// a log line: its causing action and everything before it (the setup's
// lines, Action -1, show the table after no action).
func LogAction(l rules.LogLine) int { return l.Action + 1 }

// wrapRows wraps lines to width w (base pixels). It reuses the rows
// wrapped before when the log has only grown.
func (lp *LogPanel) wrapRows(lines []rules.LogLine, seat rules.Seat, w float64) []logRow {
	same := lp.wrapW == w && lp.seat == seat && lp.nLines <= len(lines) && lp.rows != nil
	if same && lp.nLines > 0 && lines[lp.nLines-1].Text != lp.last {
		same = false
	}
	if !same {
		lp.rows, lp.nLines = lp.rows[:0], 0
	}
	size, _ := lp.metrics()
	ww := w
	if lp.large {
		ww = 0.96 * w // faces of half-pixel sizes run wider at small scales
	}
	for i := lp.nLines; i < len(lines); i++ {
		for k, s := range ui.WrapText(lines[i].Text, size, ww, logIndent) {
			lp.rows = append(lp.rows, logRow{text: s, entry: i, cont: k > 0})
		}
	}
	lp.wrapW, lp.seat, lp.nLines = w, seat, len(lines)
	if len(lines) > 0 {
		lp.last = lines[len(lines)-1].Text
	}
	return lp.rows
}

// logVisibleRows is how many rows a panel of height h shows.
func logVisibleRows(h float64) int { return max(1, int((h-logHeadH-6)/logRowH)) }

// scroll moves the view by d rows (positive: older), clamped to the log.
func (lp *LogPanel) scroll(d int) {
	lp.back = min(max(lp.back+d, 0), lp.maxBack)
}

// forget drops the wrapped rows (after an undo or redo the log is no
// longer an extension of the one wrapped).
func (lp *LogPanel) forget() { lp.rows, lp.nLines = nil, 0 }

// toNewest scrolls to the newest entry.
func (lp *LogPanel) toNewest() { lp.back = 0 }

// logWidgets builds the log panel in r from the lines seat may read
// (rules.View(seat).Log). viewing is the number of actions of the table
// shown from the past (-1 when the table is the present): its entries are
// marked.
func (lp *LogPanel) logWidgets(r ui.Rect, lines []rules.LogLine, seat rules.Seat, viewing int) []ui.Widget {
	// The title that fits the panel, the whole in its tooltip.
	const full = "Log  ·  newest at the bottom  ·  click an entry to see the table then"
	title := fitTitle(r.W-100-lp.reserve, full, "Log  ·  newest last  ·  click an entry to see the table then", "Log  ·  click an entry to see the table then", "Log")
	ws := ui.Panel(r, "")
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 12, Y: r.Y + 7, W: r.W - 100, H: 22}, Kind: ui.WText, Text: title, Size: 15, Bold: true, Ink: ui.ColGold, Tip: full + "."})
	ws[len(ws)-1].R.W -= lp.reserve
	rows := lp.wrapRows(lines, seat, r.W-24)
	textSize, rowH := lp.metrics()
	vis := max(1, int((r.H-logHeadH-6)/rowH)) // logVisibleRows at this row height
	lp.maxBack = max(0, len(rows)-vis)
	lp.back = min(lp.back, lp.maxBack)
	up := ui.Button(ui.Rect{X: r.X + r.W - 80, Y: r.Y + 5, W: 34, H: 24}, "▲", ui.CmdTarget(ui.Command{Kind: ui.CmdLogScroll, N: 3}))
	down := ui.Button(ui.Rect{X: r.X + r.W - 42, Y: r.Y + 5, W: 34, H: 24}, "▼", ui.CmdTarget(ui.Command{Kind: ui.CmdLogScroll, N: -3}))
	up.Tip, down.Tip = "Older entries (or the mouse wheel over the log).", "Newer entries."
	up.Disabled, down.Disabled = lp.back >= lp.maxBack, lp.back == 0
	ws = append(ws, up, down)
	if len(rows) == 0 {
		return append(ws, ui.Text(ui.Rect{X: r.X + 12, Y: r.Y + logHeadH, W: r.W - 24, H: rowH}, "Nothing has happened yet.", textSize, ui.ColDim))
	}
	end := len(rows) - lp.back
	start := max(0, end-vis)
	y0 := r.Y + logHeadH
	// One click target per entry (over its visible rows), drawn under the
	// text; resting on it tells the whole entry and what a click does.
	for i := start; i < end; {
		j := i
		for j < end && rows[j].entry == rows[i].entry {
			j++
		}
		l := lines[rows[i].entry]
		n := LogAction(l)
		w := entryTarget(ui.Rect{X: r.X + 6, Y: y0 + float64(i-start)*rowH, W: r.W - 12, H: float64(j-i) * rowH}, l)
		if viewing >= 0 && n == viewing {
			w.Fill = ui.ColPanelHi
			w.Edge = ui.ColGold
		}
		ws = append(ws, w)
		i = j
	}
	for i := start; i < end; i++ {
		row := rows[i]
		l := lines[row.entry]
		x := r.X + 12
		if row.cont {
			x += logIndent
		}
		tw := ui.Text(ui.Rect{X: x, Y: y0 + float64(i-start)*rowH, W: r.X + r.W - 12 - x, H: rowH}, row.text, textSize, logInk(l, seat))
		tw.Bold = l.Event == rules.EvRoundStarted.String()
		ws = append(ws, tw)
	}
	return ws
}

// logInk is the colour of a log line: the round's start in gold, a
// seat's private line in that seat's colour (only that seat reads it),
// the rest in the text colour.
func logInk(l rules.LogLine, seat rules.Seat) color.RGBA {
	switch {
	case l.Seat != rules.Public && l.Seat == seat:
		return ui.Readable(ui.SeatColor(seat), ui.ColPanel)
	case l.Event == rules.EvRoundStarted.String() || l.Event == rules.EvRanksComputed.String():
		return ui.ColGold
	}
	return ui.ColText
}

// pastLabel is the mark over a table shown from the past.
func pastLabel(n int) string {
	return fmt.Sprintf("Viewing the table after action %d — Esc returns", n)
}

// Widgets builds the log panel in r from the lines seat may read
// (rules.View(seat).Log); viewing is the number of actions of the table
// shown from the past (-1 for the present), whose entries are marked.
func (lp *LogPanel) Widgets(r ui.Rect, lines []rules.LogLine, seat rules.Seat, viewing int) []ui.Widget {
	return lp.logWidgets(r, lines, seat, viewing)
}

// Prefix makes lp show the first k of lines (a viewer's whole log) at
// width w: whole wraps all of them once, and lp takes the rows of the
// first k, so that a replay stepping back and forth never wraps a line
// twice.
func (lp *LogPanel) Prefix(whole *LogPanel, lines []rules.LogLine, k int, seat rules.Seat, w float64) {
	rows := whole.wrapRows(lines, seat, w)
	cut := sort.Search(len(rows), func(i int) bool { return rows[i].entry >= k })
	lp.rows, lp.wrapW, lp.seat, lp.nLines = rows[:cut:cut], w, seat, k
	lp.last = ""
	if k > 0 {
		lp.last = lines[k-1].Text
	}
}

// Back is how many rows the panel is scrolled up from the newest; SetBack
// scrolls it there (clamped when the panel is next built).
func (lp *LogPanel) Back() int { return lp.back }

// SetBack scrolls the panel n rows up from the newest.
func (lp *LogPanel) SetBack(n int) { lp.back = n }

// MaxBack is the most the panel could be scrolled up when it was last
// built.
func (lp *LogPanel) MaxBack() int { return lp.maxBack }

// entryTarget is the click target of log line l over r: the table as it
// stood after the line's action.
func entryTarget(r ui.Rect, l rules.LogLine) ui.Widget {
	n := LogAction(l)
	return ui.Widget{R: r, Kind: ui.WPanel, T: ui.CmdTarget(ui.Command{Kind: ui.CmdLogEntry, N: n}),
		Tip: l.Text + "\nClick: the table as it stood after action " + strconv.Itoa(n) + "."}
}

// fitTitle is the first of titles (a panel's title: 15 px, bold) that
// fits width w, else the last.
func fitTitle(w float64, titles ...string) string {
	for _, t := range titles {
		if tw, _ := ui.Measure(t, 15, true, 18); tw <= w {
			return t
		}
	}
	return titles[len(titles)-1]
}
