package render

import (
	"fmt"
	"image/color"
	"testing"
)

// background is the colour under widget i's text: its own fill for a box,
// button or field, else the fill of the topmost filled widget under its
// rect's centre drawn before it, else the window's background.
func background(ws []Widget, i int) color.RGBA {
	w := ws[i]
	if w.Kind == WButton || w.Kind == WBox || w.Kind == WField {
		f := w.Fill
		if w.Disabled {
			f = mix(f, colPanel, 0.6)
		}
		return f
	}
	x, y := w.R.X+2, w.R.Y+w.R.H/2
	for j := i - 1; j >= 0; j-- {
		o := ws[j]
		if o.Fill.A == 255 && (o.Kind == WPanel || o.Kind == WBox || o.Kind == WButton) && o.R.Contains(x, y) {
			return o.Fill
		}
	}
	return colBG
}

// checkContrast reports every text of ws whose ink against its background
// is below 4.5:1 (WCAG AA), hovered buttons too.
func checkContrast(t *testing.T, where string, ws []Widget) int {
	t.Helper()
	n := 0
	for i, w := range ws {
		if w.Text == "" && w.Key == "" || w.Kind == WPanel || w.Kind == WGlyph || w.Kind == WIcon {
			continue
		}
		bg := background(ws, i)
		n++
		if c := contrast(w.Ink, bg); c < 4.5 {
			t.Errorf("%s: %q ink %v on %v: contrast %.2f", where, w.Text, w.Ink, bg, c)
		}
		if w.Kind == WButton && !w.Disabled {
			if c := contrast(w.Ink, hoverFill(w.Fill, w.Ink)); c < 4.5 {
				t.Errorf("%s: hovered %q ink %v: contrast %.2f", where, w.Text, w.Ink, c)
			}
		}
	}
	return n
}

// TestTextContrast walks the widgets of real tables on both maps (4 and 9
// players, at several points of a game, so that every house's colour shows
// on slots, ranks, hand chips, cards and tokens), their tooltips, the
// curtain, the start and the end screens: every text meets 4.5:1 against
// what it is drawn on.
func TestTextContrast(t *testing.T) {
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}, {"nine", 4}} {
		for _, steps := range []int{0, 40, 150, 250} {
			a, e := midGame(t, tc, steps, 11)
			where := fmt.Sprintf("%s %d players after %d", tc.mapName, tc.players, steps)
			if checkContrast(t, where, a.ws) < 50 {
				t.Errorf("%s: too few texts checked", where)
			}
			for i, w := range a.ws {
				if w.Tip != "" && i%7 == 0 {
					checkContrast(t, where+" tooltip", tooltipFor(a.ws, i, a.layout().Message))
				}
			}
			checkContrast(t, where+" territory tooltip", a.tbl.tooltip(0, 100, 100, Rect{}))
			a.do(Command{Kind: CmdHelp})
			a.rebuild()
			checkContrast(t, where+" help", a.ws[a.modal:])
			a.do(Command{Kind: CmdHelp})
			if e.Over() {
				continue
			}
			a.tbl.hide()
			a.scene, a.curtain = sceneCurtain, e.ToAct()
			a.rebuild()
			checkContrast(t, where+" curtain", a.ws)
			checkContrast(t, where+" behind the curtain", a.behind)
		}
		a, e := midGame(t, tc, 0, 11)
		playUntil(t, e, 11, func() bool { return false })
		a.afterAction()
		a.rebuild()
		checkContrast(t, tc.mapName+" end", a.ws)
	}
	a, err := newApp(Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.start.setMaps(shippedMaps(), "nine")
	a.start.n = 9
	a.start.msg = "a refusal"
	a.rebuild()
	checkContrast(t, "start", a.ws)
	// House colours on every fill the table uses for them.
	for _, mapName := range []string{"standard", "nine"} {
		e, err := newRulesGame(mapName, caseNames[:4], 1)
		if err != nil {
			t.Fatal(err)
		}
		for _, h := range e.Map().Houses {
			hc := rgba(h.Color)
			for _, f := range []color.RGBA{hc, cardFill(hc)} {
				if c := contrast(textOn(f), f); c < 4.5 {
					t.Errorf("%s: house %s fill %v: text contrast %.2f", mapName, h.ID, f, c)
				}
			}
			if c := contrast(cardFill(hc), colPanel); c < 1.3 && luminance(cardFill(hc)) < 0.06 {
				t.Errorf("%s: %s's cards sink into the panel (%.2f)", mapName, h.ID, c)
			}
		}
	}
	for i := range conspiracyColors {
		sc := seatColor(i)
		if c := contrast(textOn(sc), sc); c < 4.5 {
			t.Errorf("seat %d colour %v: text contrast %.2f", i, sc, c)
		}
		if c := contrast(readable(sc, colPanelHi), colPanelHi); c < 4.5 {
			t.Errorf("seat %d colour %v as the prompt's ink on the top bar: contrast %.2f", i, sc, c)
		}
	}
}
