package byclicks

import (
	"testing"

	"notrueking/board"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// autoScreen is a hot-seat screen around table u without a window: the
// curtain while no seat is shown (a click anywhere lifts it for the seat
// to act), the table's widgets otherwise; a territory is clicked at a
// point outside the canvas that names it.
type autoScreen struct {
	u        *table.Table
	releases int
}

func terrPoint(t board.TerrID) (float64, float64, bool) { return -1 - float64(t), -1, true }

func (s *autoScreen) screen() Screen {
	sc := Screen{Releases: s.releases, Territory: terrPoint}
	switch {
	case s.u.Shown() < 0 || s.u.Shown() != s.u.Game().ToAct() && s.u.Mode() != table.ModeNotice:
		sc.Curtain = true
	default:
		sc.Widgets = s.u.Widgets(s.u.Layout())
		sc.Notice = s.u.Mode() == table.ModeNotice
		if !sc.Notice {
			sc.Table = s.u
		}
	}
	return sc
}

// click is a player's click at c: the curtain's lift, a territory's, or
// the widget's hit there.
func (s *autoScreen) click(t *testing.T, c *Click) {
	s.releases++
	u := s.u
	switch {
	case u.Shown() < 0 || u.Shown() != u.Game().ToAct() && u.Mode() != table.ModeNotice:
		u.Hide()
		u.Reveal(u.Game().ToAct())
		return
	case c.Y == -1 && c.X < 0:
		u.Click(ui.Target{Kind: ui.TTerritory, Terr: board.TerrID(-1 - c.X)})
		return
	}
	tg, i := ui.HitTest(u.Widgets(u.Layout()), c.X, c.Y)
	if i < 0 {
		t.Fatalf("the click at %s (%.0f, %.0f) hits no widget", c.What, c.X, c.Y)
	}
	if tg.Kind == ui.TButton && tg.Cmd.Kind != ui.CmdNone {
		u.Do(tg.Cmd)
		return
	}
	u.Click(tg)
}

// TestAutoPlaysARoundByClicks: the autoplay only says where to click;
// clicked there, a three-player hot-seat game plays a whole round through
// curtains, notices and every kind of decision, and no plan finds itself
// without a widget to click.
func TestAutoPlaysARoundByClicks(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 12)
	if err != nil {
		t.Fatal(err)
	}
	s := &autoScreen{u: table.New(rules.HotSeat(g), table.Options{Seed: 12})}
	ac := NewAuto(3)
	clicks, idle := 0, 0
	for clicks < 5000 && g.View(rules.Public).Round < 2 && !g.Over() {
		ac.Step(s.screen())
		if ac.Note != "" {
			t.Fatalf("after %d clicks (%d actions): %s", clicks, g.Len(), ac.Note)
		}
		c := ac.Next()
		if c == nil {
			if idle++; idle > 50 {
				t.Fatalf("nothing to click: planned %q, %d actions", ac.Planned, g.Len())
			}
			continue
		}
		idle = 0
		s.click(t, c)
		clicks++
	}
	if g.View(rules.Public).Round < 2 && !g.Over() {
		t.Fatalf("%d clicks played %d actions (last planned %q)", clicks, g.Len(), ac.Planned)
	}
	if ac.Planned == "" || g.Len() < 10 {
		t.Fatalf("%d actions played, last planned %q", g.Len(), ac.Planned)
	}
}

// TestAutoWaitsForItsClick: a published click stays published, and the
// plan does not go on, until the screen has seen a release after it.
func TestAutoWaitsForItsClick(t *testing.T) {
	g, err := tabletest.RulesGame("standard", []string{"Ann", "Ben", "Cy"}, 4)
	if err != nil {
		t.Fatal(err)
	}
	s := &autoScreen{u: table.New(rules.HotSeat(g), table.Options{Seed: 4})}
	ac := NewAuto(1)
	ac.Step(s.screen())
	first := ac.Next()
	if first == nil || first.What != "curtain" {
		t.Fatalf("first click %+v, want the curtain's", first)
	}
	for range 3 {
		ac.Step(s.screen())
		if ac.Next() != first {
			t.Fatal("the click moved on before it was made")
		}
	}
	s.click(t, first)
	ac.Step(s.screen())
	if n := ac.Next(); n == nil || n == first || n.What == "curtain" {
		t.Fatalf("after the curtain's click: %+v, want the plan's first click", n)
	}
}

// TestPoints: on each shipped board in view every territory, roads too,
// has a point where a click lands on it.
func TestPoints(t *testing.T) {
	for _, name := range []string{"standard", "nine"} {
		g, err := tabletest.RulesGame(name, []string{"Ann", "Ben", "Cy"}, 1)
		if err != nil {
			t.Fatal(err)
		}
		cam := ui.NewCamera(g.Map())
		cam.SetViewport(ui.Rect{X: 8, Y: 58, W: 900, H: 700})
		pts := Points(cam)
		for i, tr := range g.Map().Territories {
			p, ok := pts[i]
			if !ok || cam.Hit(p[0], p[1]) != i {
				t.Errorf("%s: no point for %s (%v, %v)", name, tr.ID, p, ok)
			}
		}
	}
}
