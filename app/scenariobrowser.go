package app

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"notrueking/internal/safefile"
	"notrueking/live"
	"notrueking/scenarios"
	"notrueking/store"
	"notrueking/ui"
)

// The scenario browser (Tools → Scenarios…, key F3): the shipped
// scenarios and the positions saved in the positions folder, each with
// what to try and what to expect (its comment); one click opens one on
// the table as -scenario does. The game it covers stays saved (Continue
// offers it).

// scenarioEntry is one scenario the browser lists.
type scenarioEntry struct {
	name string
	// path is a saved scenario's file ("" for a shipped one).
	path string
	// text is its comment (Try/Expect) on one line; err why it cannot be
	// read.
	text, err string
}

// maxSavedScenarios bounds the saved scenarios listed (newest first).
const maxSavedScenarios = 100

// scenarioEntries are the shipped scenarios, then the saved ones of
// folder dir ("" for none), newest first.
func scenarioEntries(dir string) []scenarioEntry {
	var out []scenarioEntry
	for _, n := range scenarios.Shipped() {
		data, err := scenarios.ShippedFile(n)
		e := scenarioEntry{name: n}
		if err != nil {
			e.err = err.Error()
		}
		e.text = oneLine(scenarios.Comment(data))
		out = append(out, e)
	}
	return append(out, savedScenarios(dir)...)
}

// savedScenarios are the scenario files (*.toml) of folder dir, newest
// first, at most maxSavedScenarios, each read bounded.
func savedScenarios(dir string) []scenarioEntry {
	if dir == "" {
		return nil
	}
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil // no folder yet: nothing saved
	}
	type file struct {
		name string
		mod  time.Time
	}
	var fs []file
	for _, e := range ents {
		if info, err := e.Info(); err == nil && info.Mode().IsRegular() && strings.HasSuffix(e.Name(), ".toml") {
			fs = append(fs, file{e.Name(), info.ModTime()})
		}
	}
	sort.SliceStable(fs, func(i, j int) bool {
		if !fs[i].mod.Equal(fs[j].mod) {
			return fs[i].mod.After(fs[j].mod)
		}
		return fs[i].name > fs[j].name
	})
	var out []scenarioEntry
	for _, f := range fs[:min(len(fs), maxSavedScenarios)] {
		p := filepath.Join(dir, f.name)
		e := scenarioEntry{name: f.name, path: p}
		data, err := safefile.ReadFile(p, scenarios.MaxFileSize)
		if err != nil {
			e.err = err.Error()
		}
		e.text = oneLine(scenarios.Comment(data))
		out = append(out, e)
	}
	return out
}

// oneLine is a comment's lines joined with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// scenarioScene is the scenario browser over the table it came from (lg),
// or over the start screen (lg nil).
type scenarioScene struct {
	under Scene
	lg    *live.Game
	list  []scenarioEntry
	// top is the first row shown; msg why the last one clicked did not
	// open.
	top int
	msg string
}

// newScenarioScene opens the browser over the table scene under.
func newScenarioScene(c *Context, under Scene, lg *live.Game) *scenarioScene {
	dir := c.app.opts.PositionsDir
	if dir == "" && savesOnDisk(c) {
		dir, _ = store.PositionsDir()
	}
	return &scenarioScene{under: under, lg: lg, list: scenarioEntries(dir)}
}

// savesOnDisk says the positions are files (the desktop; a web page
// downloads them instead).
func savesOnDisk(c *Context) bool {
	_, ok := c.app.opts.Saves.(*store.Dir)
	return ok
}

// scenarioRows is how many rows the browser shows at once.
const scenarioRows = 14

// scenarioRect is the browser's panel.
var scenarioRect = ui.Rect{X: 150, Y: 40, W: 1300, H: 820}

func (s *scenarioScene) Show(c *Context) Shown {
	sh := s.under.Show(c)
	r := scenarioRect
	ws := overlayPanel(r, "Scenarios — click one to play it from its position", ui.CmdScenarios)
	const rowH = 50.0
	y := r.Y + 64
	for i := s.top; i < min(len(s.list), s.top+scenarioRows); i++ {
		e := s.list[i]
		label := e.name
		if e.path != "" {
			label = "saved: " + e.name
		}
		b := ui.Button(ui.Rect{X: r.X + 24, Y: y, W: 360, H: rowH - 8}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdOpenScenario, N: i}))
		b.Size, b.Tip = 16, "Play "+e.name+" from its position (a tester's game, saved like any other)."
		text, ink := e.text, ui.ColText
		switch {
		case e.err != "":
			text, ink = e.err, ui.ColGold
		case text == "":
			text, ink = "(no comment: nothing said to try)", ui.ColDim
		}
		rows := ui.WrapText(text, 15, r.W-430, 0)
		t := ui.Widget{R: ui.Rect{X: r.X + 400, Y: y + 1, W: r.W - 430, H: rowH - 8}, Kind: ui.WText, Text: strings.Join(rows[:min(len(rows), 2)], "\n"), Size: 15, Ink: ink}
		if len(rows) > 2 {
			t.Text = strings.Join(rows[:2], "\n") + ui.Ellipsis
			t.Tip = text
		}
		ws = append(ws, b, t)
		y += rowH
	}
	foot := fmt.Sprintf("%d to %d of %d (shipped %d, saved %d) · wheel, ↑ ↓ or PgUp PgDn to scroll", s.top+1, min(len(s.list), s.top+scenarioRows), len(s.list), len(scenarios.Shipped()), len(s.list)-len(scenarios.Shipped()))
	ink := ui.ColDim
	if s.msg != "" {
		foot, ink = s.msg, ui.ColGold
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + r.H - 40, W: r.W - 48, H: 22}, Kind: ui.WText, Text: foot, Size: 15, Ink: ink, Tip: foot})
	sh.Over = ws
	return sh
}

// scroll moves the rows shown n rows on (negative: back).
func (s *scenarioScene) scroll(n int) {
	s.top = min(max(s.top+n, 0), max(len(s.list)-scenarioRows, 0))
}

// Keys: Esc and F3 close; the arrows, PgUp and PgDn and the wheel scroll.
func (s *scenarioScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	changed := false
	if in.Wheel != 0 {
		s.scroll(-ui.WheelSteps(in.Wheel))
		changed = true
	}
	for _, k := range in.Pressed() {
		switch k {
		case ui.KeyEsc, ui.KeyF3:
			c.GoTo(s.under)
			return nil, true
		case ui.KeyUp, ui.KeyDown, ui.KeyPgUp, ui.KeyPgDn:
			s.scroll(map[ui.Key]int{ui.KeyUp: -1, ui.KeyDown: 1, ui.KeyPgUp: -scenarioRows, ui.KeyPgDn: scenarioRows}[k])
			changed = true
		}
	}
	return nil, changed
}

// Do: Close closes; a row's button opens its scenario (the game under
// it stays saved).
func (s *scenarioScene) Do(cmd ui.Command, c *Context) {
	switch cmd.Kind {
	case ui.CmdScenarios, ui.CmdCancel:
		c.GoTo(s.under)
	case ui.CmdOpenScenario:
		if cmd.N < 0 || cmd.N >= len(s.list) {
			return
		}
		if err := s.open(c, s.list[cmd.N]); err != nil {
			s.msg = err.Error()
		}
	}
}

// open plays scenario e from its position: the game under the browser
// is closed (its save stays, under Continue) once the scenario has loaded.
func (s *scenarioScene) open(c *Context, e scenarioEntry) error {
	g, data, err := scenarios.LoadFile(e.path)
	name := filepath.Base(e.path)
	if e.path == "" {
		name = e.name + ".toml"
		if g, err = scenarios.LoadShipped(e.name); err == nil {
			data, err = scenarios.ShippedFile(e.name)
		}
	}
	if err != nil {
		return err
	}
	if s.lg != nil { // opened from a game, not the start screen
		s.lg.Close()
	}
	c.GoTo(playScenario(c, g, data, e.path, name))
	return nil
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
