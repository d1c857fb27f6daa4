package render

import (
	"bytes"
	"fmt"
	"image/color"
	"strconv"
	"strings"
	"sync"

	"github.com/hajimehoshi/ebiten/v2/text/v2"

	"notrueking/assets"
	"notrueking/rules"
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

// logPanel is the log's scroll state and its wrapped rows, kept between
// rebuilds (the log only grows between undos, so rows are wrapped once).
type logPanel struct {
	// back is how many rows the view is scrolled up from the newest;
	// 0 keeps the newest entry at the bottom.
	back int
	// maxBack is the most back can be for the last layout (rows beyond
	// the panel's height).
	maxBack int

	rows   []logRow
	wrapW  float64
	seat   int
	nLines int
	last   string // text of the last line wrapped (an undo then a new action changes it)
	// large sets the log in larger rows (-large-text).
	large bool
}

// metrics are the log's text size and row height (base pixels): larger
// rows for -large-text, so its text grows by a fifth.
func (lp *logPanel) metrics() (size, rowH float64) {
	if lp.large {
		return 18, 22
	}
	return logTextSize, logRowH
}

// logAction is the number of actions after which the table is shown for
// a log line: its causing action and everything before it (the setup's
// lines, Action -1, show the table after no action).
func logAction(l rules.LogLine) int { return l.Action + 1 }

// wrapRows wraps lines to width w (base pixels). It reuses the rows
// wrapped before when the log has only grown.
func (lp *logPanel) wrapRows(lines []rules.LogLine, seat int, w float64) []logRow {
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
		for k, s := range wrapText(lines[i].Text, size, ww, logIndent) {
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
func (lp *logPanel) scroll(d int) {
	lp.back = min(max(lp.back+d, 0), lp.maxBack)
}

// forget drops the wrapped rows (after an undo or redo the log is no
// longer an extension of the one wrapped).
func (lp *logPanel) forget() { lp.rows, lp.nLines = nil, 0 }

// toNewest scrolls to the newest entry.
func (lp *logPanel) toNewest() { lp.back = 0 }

// logWidgets builds the log panel in r from the lines seat may read
// (rules.View(seat).Log). viewing is the number of actions of the table
// shown from the past (-1 when the table is the present): its entries are
// marked.
func (lp *logPanel) logWidgets(r Rect, lines []rules.LogLine, seat, viewing int) []Widget {
	title := "Log  ·  newest at the bottom  ·  click an entry to see the table then"
	ws := panel(r, "")
	ws = append(ws, Widget{R: Rect{r.X + 12, r.Y + 7, r.W - 100, 22}, Kind: WText, Text: title, Size: 15, Bold: true, Ink: colGold})
	rows := lp.wrapRows(lines, seat, r.W-24)
	textSize, rowH := lp.metrics()
	vis := max(1, int((r.H-logHeadH-6)/rowH)) // logVisibleRows at this row height
	lp.maxBack = max(0, len(rows)-vis)
	lp.back = min(lp.back, lp.maxBack)
	up := button(Rect{r.X + r.W - 80, r.Y + 5, 34, 24}, "▲", cmdTarget(Command{Kind: CmdLogScroll, N: 3}))
	down := button(Rect{r.X + r.W - 42, r.Y + 5, 34, 24}, "▼", cmdTarget(Command{Kind: CmdLogScroll, N: -3}))
	up.Tip, down.Tip = "Older entries (or the mouse wheel over the log).", "Newer entries."
	up.Disabled, down.Disabled = lp.back >= lp.maxBack, lp.back == 0
	ws = append(ws, up, down)
	if len(rows) == 0 {
		return append(ws, textW(Rect{r.X + 12, r.Y + logHeadH, r.W - 24, rowH}, "Nothing has happened yet.", textSize, colDim))
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
		n := logAction(l)
		w := Widget{R: Rect{r.X + 6, y0 + float64(i-start)*rowH, r.W - 12, float64(j-i) * rowH}, Kind: WPanel,
			T: cmdTarget(Command{Kind: CmdLogEntry, N: n}), Tip: l.Text + "\nClick: the table as it stood after action " + strconv.Itoa(n) + "."}
		if viewing >= 0 && n == viewing {
			w.Fill = colPanelHi
			w.Edge = colGold
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
		tw := textW(Rect{x, y0 + float64(i-start)*rowH, r.X + r.W - 12 - x, rowH}, row.text, textSize, logInk(l, seat))
		tw.Bold = l.Event == rules.EvRoundStarted.String()
		ws = append(ws, tw)
	}
	return ws
}

// logInk is the colour of a log line: the round's start in gold, a
// seat's private line in that seat's colour (only that seat reads it),
// the rest in the text colour.
func logInk(l rules.LogLine, seat int) color.RGBA {
	switch {
	case l.Seat != rules.Public && l.Seat == seat:
		return readable(seatColor(seat), colPanel)
	case l.Event == rules.EvRoundStarted.String() || l.Event == rules.EvRanksComputed.String():
		return colGold
	}
	return colText
}

// ---- text measuring (no display needed) ----

var measure struct {
	once sync.Once
	src  *text.GoTextFaceSource
	err  error
	mu   sync.Mutex
	face map[float64]*text.GoTextFace
}

// textWidth is the width of s in the regular font at size (base pixels).
func textWidth(s string, size float64) float64 {
	measure.once.Do(func() {
		measure.src, measure.err = text.NewGoTextFaceSource(bytes.NewReader(assets.RegularTTF()))
		measure.face = map[float64]*text.GoTextFace{}
	})
	if measure.err != nil {
		return float64(len([]rune(s))) * size * 0.6 // never: the font is built in
	}
	measure.mu.Lock()
	f := measure.face[size]
	if f == nil {
		f = &text.GoTextFace{Source: measure.src, Size: size}
		measure.face[size] = f
	}
	measure.mu.Unlock()
	w, _ := text.Measure(s, f, 0)
	return w
}

// wrapText breaks s into rows no wider than w at size, at spaces; rows
// after the first are indented by indent. A word longer than a row is cut.
func wrapText(s string, size, w, indent float64) []string {
	// A little room to spare: the screen draws at its own scale, with the
	// font size rounded, so a row that just fits here might not there.
	w *= 0.96
	if w <= 0 || textWidth(s, size) <= w {
		return []string{s}
	}
	var out []string
	words := strings.Fields(s)
	cur := ""
	avail := w
	for _, word := range words {
		try := word
		if cur != "" {
			try = cur + " " + word
		}
		if textWidth(try, size) <= avail {
			cur = try
			continue
		}
		if cur != "" {
			out = append(out, cur)
			avail = w - indent
		}
		// A word wider than a whole row is cut where it must be.
		for textWidth(word, size) > avail {
			rs := []rune(word)
			k := len(rs) - 1
			for k > 1 && textWidth(string(rs[:k]), size) > avail {
				k--
			}
			out = append(out, string(rs[:k]))
			word = string(rs[k:])
			avail = w - indent
		}
		cur = word
	}
	if cur != "" {
		out = append(out, cur)
	}
	return out
}

// pastLabel is the mark over a table shown from the past.
func pastLabel(n int) string {
	return fmt.Sprintf("Viewing the table after action %d — Esc returns", n)
}
