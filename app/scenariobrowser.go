package app

import (
	"image/color"
	"time"

	"notrueking/catalog"
	"notrueking/live"
	"notrueking/store"
	"notrueking/ui"
)

// The scenario browser (Tools → Scenarios…, key F3; package catalog):
// the shipped scenarios and the positions saved in the positions folder,
// each with what to try; one click opens one on the table as -scenario
// does. The game it covers stays saved (Continue offers it).

// scenarioScene is the scenario browser over the table it came from (lg),
// or over the start screen (lg nil).
type scenarioScene struct {
	under Scene
	lg    *live.Game
	b     *catalog.Browser
}

// newScenarioScene opens the browser over the scene under.
func newScenarioScene(c *Context, under Scene, lg *live.Game) *scenarioScene {
	dir := c.app.opts.PositionsDir
	if _, onDisk := c.app.opts.Saves.(*store.Dir); dir == "" && onDisk {
		dir, _ = store.PositionsDir() // (a web page downloads its positions)
	}
	return &scenarioScene{under: under, lg: lg, b: catalog.NewBrowser(dir)}
}

func (s *scenarioScene) Show(c *Context) Shown {
	sh := s.under.Show(c)
	sh.Over = append(overlayPanel(catalog.Rect, "Scenarios — click one to play it from its position", ui.CmdScenarios), s.b.Widgets()...)
	return sh
}

// Keys: Esc and F3 close; the arrows, PgUp and PgDn and the wheel scroll.
func (s *scenarioScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	changed := false
	if in.Wheel != 0 {
		s.b.Scroll(-ui.WheelSteps(in.Wheel))
		changed = true
	}
	for _, k := range in.Pressed() {
		switch k {
		case ui.KeyEsc, ui.KeyF3:
			c.GoTo(s.under)
			return nil, true
		case ui.KeyUp, ui.KeyDown, ui.KeyPgUp, ui.KeyPgDn:
			s.b.Scroll(map[ui.Key]int{ui.KeyUp: -1, ui.KeyDown: 1, ui.KeyPgUp: -catalog.Rows, ui.KeyPgDn: catalog.Rows}[k])
			changed = true
		}
	}
	return nil, changed
}

// Do: Close closes; a row's button plays its scenario from its position:
// the game under the browser is closed (its save stays, under Continue)
// once the scenario has loaded.
func (s *scenarioScene) Do(cmd ui.Command, c *Context) {
	switch l := s.b.Entries(); {
	case cmd.Kind == ui.CmdScenarios || cmd.Kind == ui.CmdCancel:
		c.GoTo(s.under)
	case cmd.Kind == ui.CmdOpenScenario && cmd.N >= 0 && cmd.N < len(l):
		g, data, name, err := l[cmd.N].Load()
		if err != nil {
			s.b.Refuse(err)
			return
		}
		if s.lg != nil { // opened from a game, not the start screen
			s.lg.Close()
		}
		c.GoTo(playScenario(c, g, data, l[cmd.N].Path, name))
	}
}

func (s *scenarioScene) Click(ui.Target, *Context) {}

// Tick: the game under it goes on (bots move), as under the help.
func (s *scenarioScene) Tick(now time.Time, c *Context) bool {
	return s.under.Tick(now, c.under(func(sc Scene) { s.under = sc }))
}

// overlayPanel is a panel over the scene under it (the scenario browser,
// the network panel): a layer that veils what is under, the panel r, its
// title, and its Close button (Esc) asking for close.
func overlayPanel(r ui.Rect, title string, close ui.CmdKind) []ui.Widget {
	closeB := ui.Button(ui.Rect{X: r.X + r.W - 164, Y: r.Y + 14, W: 140, H: 36}, "Close", ui.CmdTarget(ui.Command{Kind: close}))
	closeB.Key = ui.KeyEsc
	return []ui.Widget{
		{Kind: ui.WLayer},
		{R: ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: color.RGBA{10, 10, 14, 210}},
		{R: r, Kind: ui.WPanel, Fill: ui.ColPanel, Edge: ui.ColGold},
		{R: ui.Rect{X: r.X + 24, Y: r.Y + 14, W: 900, H: 34}, Kind: ui.WText, Text: title, Size: 26, Bold: true, Ink: ui.ColGold},
		closeB,
	}
}
