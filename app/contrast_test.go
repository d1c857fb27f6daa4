package app

import (
	"fmt"
	"image/color"
	"testing"

	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/start"
	"notrueking/table"
	"notrueking/ui"
)

// background is the colour under widget i's text: its own fill for a box,
// button or field, else the fill of the topmost filled widget under its
// rect's centre drawn before it, else the window's background.
func background(ws []ui.Widget, i int) color.RGBA {
	w := ws[i]
	if w.Kind == ui.WButton || w.Kind == ui.WBox || w.Kind == ui.WField {
		f := w.Fill
		if w.Disabled {
			f = ui.Mix(f, ui.ColPanel, 0.6)
		}
		return f
	}
	x, y := w.R.X+2, w.R.Y+w.R.H/2
	for j := i - 1; j >= 0; j-- {
		o := ws[j]
		if o.Fill.A == 255 && (o.Kind == ui.WPanel || o.Kind == ui.WBox || o.Kind == ui.WButton) && o.R.Contains(x, y) {
			return o.Fill
		}
	}
	return ui.ColBG
}

// checkContrast reports every text of ws whose ink against its background
// is below 4.5:1 (WCAG AA), hovered buttons too.
func checkContrast(t *testing.T, where string, ws []ui.Widget) int {
	t.Helper()
	n := 0
	for i, w := range ws {
		if w.Text == "" && w.Key == ui.KeyNone || w.Kind == ui.WPanel || w.Kind == ui.WGlyph || w.Kind == ui.WIcon {
			continue
		}
		bg := background(ws, i)
		n++
		if c := ui.Contrast(w.Ink, bg); c < 4.5 {
			t.Errorf("%s: %q ink %v on %v: contrast %.2f", where, w.Text, w.Ink, bg, c)
		}
		if w.Kind == ui.WButton && !w.Disabled {
			if c := ui.Contrast(w.Ink, ui.HoverFill(w.Fill, w.Ink)); c < 4.5 {
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
	t.Parallel() // draws nothing (TestMain)
	for _, tc := range []tableCase{{"standard", 4}, {"nine", 9}, {"nine", 4}} {
		for _, steps := range []int{0, 40, 150, 250} {
			a, e := midGame(t, tc, steps, 11)
			where := fmt.Sprintf("%s %d players after %d", tc.mapName, tc.players, steps)
			if checkContrast(t, where, a.f.ws) < 50 {
				t.Errorf("%s: too few texts checked", where)
			}
			for i, w := range a.f.ws {
				if w.Tip != "" && i%7 == 0 {
					checkContrast(t, where+" tooltip", ui.TooltipFor(a.f.ws, i, tbl(a).Layout().Message))
				}
			}
			checkContrast(t, where+" territory tooltip", tbl(a).TerritoryTip(0, 100, 100, ui.Rect{}))
			a.do(ui.Command{Kind: ui.CmdHelp})
			a.rebuild()
			checkContrast(t, where+" help", a.f.ws[a.f.modal:])
			a.do(ui.Command{Kind: ui.CmdHelp})
			if e.Over() {
				continue
			}
			toCurtain(a)
			checkContrast(t, where+" curtain", a.f.ws)
			checkContrast(t, where+" behind the curtain", a.f.behind)
		}
		a, e := midGame(t, tc, 0, 11)
		tabletest.PlayUntil(t, e, e, 11, func() bool { return false })
		moved(a)
		checkContrast(t, tc.mapName+" end", a.f.ws)
	}
	a := mustApp(t, Options{}, nil)
	a.home.s.SetMaps(start.ShippedMaps(), "nine")
	a.home.s.Do(ui.Command{Kind: ui.CmdPlayers, N: 9})
	a.home.s.Say("a refusal", false)
	a.rebuild()
	checkContrast(t, "start", a.f.ws)
	// House colours on every fill the table uses for them.
	for _, mapName := range []string{"standard", "nine"} {
		e := rulesGame(t, mapName, caseNames[:4], 1)
		for _, h := range e.Map().Houses {
			hc := ui.RGBA(h.Color)
			for _, f := range []color.RGBA{hc, table.CardFill(hc)} {
				if c := ui.Contrast(ui.TextOn(f), f); c < 4.5 {
					t.Errorf("%s: house %s fill %v: text contrast %.2f", mapName, h.ID, f, c)
				}
			}
			if c := ui.Contrast(table.CardFill(hc), ui.ColPanel); c < 1.3 && ui.Luminance(table.CardFill(hc)) < 0.06 {
				t.Errorf("%s: %s's cards sink into the panel (%.2f)", mapName, h.ID, c)
			}
		}
	}
	for i := range ui.ConspiracyColors {
		sc := ui.SeatColor(rules.Seat(i))
		if c := ui.Contrast(ui.TextOn(sc), sc); c < 4.5 {
			t.Errorf("seat %d colour %v: text contrast %.2f", i, sc, c)
		}
		if c := ui.Contrast(ui.Readable(sc, ui.ColPanelHi), ui.ColPanelHi); c < 4.5 {
			t.Errorf("seat %d colour %v as the prompt's ink on the top bar: contrast %.2f", i, sc, c)
		}
	}
}
