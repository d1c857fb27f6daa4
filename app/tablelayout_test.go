package app

import (
	"fmt"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/start"
	"notrueking/table"
	"notrueking/ui"
)

// windowSizes are the windows the table must read well in.
var windowSizes = [][2]int{{1280, 720}, {1600, 900}, {1920, 1080}, {1920, 1200}, {3840, 2160}}

// tableCase is a table at play: a map and a number of players.
type tableCase struct {
	mapName string
	players int
}

var tableCases = []tableCase{{"standard", 3}, {"standard", 4}, {"nine", 5}, {"nine", 9}, {"nine", 3}}

var caseNames = []string{"Alexandra", "Bartholomew", "Christabel", "Demetrius", "Evangeline", "Frederick", "Gwendolyn", "Hieronymus", "Isadora"}

// midGame is an app showing the table of tc after some random play, to the
// seat to act (curtain lifted), and the game.
func midGame(t *testing.T, tc tableCase, steps int, seed uint64) (*App, *rules.Game) {
	t.Helper()
	e := rulesGame(t, tc.mapName, caseNames[:tc.players], seed)
	n := 0
	tabletest.PlayUntil(t, e, e, int64(seed), func() bool { n++; return n > steps })
	a := curtainApp(t, rules.HotSeat(e), seed)
	if is[*curtainScene](a) {
		a.handle(ui.Input{Enter: true})
	}
	return a, e
}

// solid are the widgets that must not overlap one another: everything
// drawn but panels (which hold others) and the combat panel's own widgets
// (a deliberate overlay on the board).
func solid(ws []ui.Widget, l table.Layout) []ui.Widget {
	var out []ui.Widget
	for _, w := range ws {
		if w.Kind == ui.WPanel || (w.Text == "" && w.Kind == ui.WText) {
			continue
		}
		out = append(out, w)
	}
	return out
}

// labels reports whether glyph g stands in a widget's box in place of its
// text (a name too long for a slot, a Dark Wings button): a label on it,
// not an overlap.
func labels(g, box ui.Widget) bool {
	in := g.R.X >= box.R.X && g.R.Y >= box.R.Y && g.R.X+g.R.W <= box.R.X+box.R.W && g.R.Y+g.R.H <= box.R.Y+box.R.H
	return g.Kind == ui.WGlyph && box.Kind != ui.WText && in
}

// TestTableLayoutHoldsAtEveryWindowSize: on both maps with 3 to 9 players,
// mid-game, at every window size from 1280×720 to 3840×2160: the board is
// as wide as its map at the board's height, every widget lies inside the
// canvas, no two widgets overlap (panels aside), no text is smaller than
// 12 pixels on the screen, and the panels leave the board alone (only the
// combat panel lies on it, deliberately).
func TestTableLayoutHoldsAtEveryWindowSize(t *testing.T) {
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range tableCases {
		for _, steps := range []int{5, 60, 200} {
			a, _ := midGame(t, tc, steps, 7)
			l := tbl(a).Layout()
			ws := a.f.ws
			where := fmt.Sprintf("%s, %d players, after %d actions", tc.mapName, tc.players, steps)
			ss := solid(ws, l)
			for i, w := range ss {
				for _, o := range ss[:i] {
					if ui.Overlap(w.R, o.R) > 0.01 && !labels(w, o) {
						t.Errorf("%s: %q %+v overlaps %q %+v", where, w.Text, w.R, o.Text, o.R)
					}
				}
			}
			for _, w := range ws {
				if w.R.X < 0 || w.R.Y < 0 || w.R.X+w.R.W > ui.BaseW+0.01 || w.R.Y+w.R.H > ui.BaseH+0.01 {
					t.Errorf("%s: %q %+v leaves the canvas", where, w.Text, w.R)
				}
				inSide := l.Side.Contains(w.R.X+0.5, w.R.Y+0.5) && tbl(a).Public().Combat != nil
				if w.Kind != ui.WPanel && ui.Overlap(w.R, l.Board) > 0 && !inSide {
					t.Errorf("%s: %q %+v lies on the board %+v", where, w.Text, w.R, l.Board)
				}
			}
			for _, sz := range windowSizes {
				sc := ui.NewScaler(sz[0], sz[1])
				// The board as wide as its map at the board's height
				// (and a margin); the log's lines: table's TestLogColumn.
				m := tbl(a).Map()
				need := sc.Rect(l.Board).H * float64(m.Grid.W) / float64(m.Grid.H)
				if bw := sc.Rect(l.Board).W; bw < need || bw > need+20*sc.S {
					t.Errorf("%s at %dx%d: the board is %.0f px wide, its map %.0f px", where, sz[0], sz[1], bw, need)
				}

				for _, w := range ws {
					if w.Text != "" && w.Kind != ui.WPanel && w.Kind != ui.WGlyph && w.Kind != ui.WIcon && w.Size*sc.S < 12-1e-9 {
						t.Errorf("%s at %dx%d: %q is %.1f px high", where, sz[0], sz[1], w.Text, w.Size*sc.S)
					}
				}
			}
		}
	}
}

// TestShots draws the table at the window sizes as pictures to look at,
// when NTK_SHOTS names a folder.
func TestShots(t *testing.T) {
	lookOnly(t)
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}} {
		a, _ := midGame(t, tc, 120, 3)
		for _, sz := range [][2]int{{1280, 720}, {1920, 1080}} {
			look(t, a, fmt.Sprintf("table-%s-%d-%dx%d", tc.mapName, tc.players, sz[0], sz[1]), sz[0], sz[1])
		}
		// A tooltip: the pointer on the first slot.
		if s, ok := ui.Find(a.f.ws, func(w ui.Widget) bool { return w.T.Kind == ui.TSlot }); ok {
			a.handle(ui.Input{X: s.R.X + 3, Y: s.R.Y + 3})
			look(t, a, fmt.Sprintf("tip-%s-%d", tc.mapName, tc.players), 1280, 720)
		}
		a.do(ui.Command{Kind: ui.CmdHelp})
		look(t, a, fmt.Sprintf("help-%s-%d", tc.mapName, tc.players), 1280, 720)
		a.do(ui.Command{Kind: ui.CmdHelp})
	}
	a := mustApp(t, Options{}, nil)
	a.home.s.SetMaps(start.ShippedMaps(), "")
	look(t, a, "start-1280x720", 1280, 720)
}
