// Package catalog is the scenarios a tester can play from their
// positions (docs/scenarios.md): the shipped ones and the positions saved
// in the positions folder ("Save position as scenario"), each with what to
// try and what to expect (its comment) — the scenario browser's list and
// its rows (Browser), a saved position's file (Save), and a comment in
// paragraphs for the card over the table (Paragraphs). Plain Go: the
// window (package app) opens the browser over the table or the start
// screen and plays the scenario a row opens.
package catalog

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"notrueking/internal/safefile"
	"notrueking/records"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/store"
	"notrueking/ui"
)

// Entry is one scenario of the catalog.
type Entry struct {
	Name string
	// Path is a saved scenario's file ("" for a shipped one).
	Path string
	// Text is its comment (Try/Expect) on one line; Err why it cannot be
	// read.
	Text, Err string
}

// maxSaved bounds the saved scenarios listed (newest first).
const maxSaved = 100

// List is the shipped scenarios, then the saved ones of folder dir (""
// for none), newest first.
func List(dir string) []Entry {
	var out []Entry
	for _, n := range scenarios.Shipped() {
		data, err := scenarios.ShippedFile(n)
		e := Entry{Name: n}
		if err != nil {
			e.Err = err.Error()
		}
		e.Text = oneLine(scenarios.Comment(data))
		out = append(out, e)
	}
	return append(out, saved(dir)...)
}

// saved are the scenario files (*.toml) of folder dir, newest first, at
// most maxSaved, each read bounded.
func saved(dir string) []Entry {
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
	var out []Entry
	for _, f := range fs[:min(len(fs), maxSaved)] {
		p := filepath.Join(dir, f.name)
		e := Entry{Name: f.name, Path: p}
		data, err := safefile.ReadFile(p, scenarios.MaxFileSize)
		if err != nil {
			e.Err = err.Error()
		}
		e.Text = oneLine(scenarios.Comment(data))
		out = append(out, e)
	}
	return out
}

// oneLine is a comment's lines joined with spaces.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// Load reads scenario e: its game at its position, its text, and the
// file name it goes by (a shipped one's NAME.toml).
func (e Entry) Load() (g *rules.Game, data []byte, name string, err error) {
	if e.Path == "" {
		if g, err = scenarios.LoadShipped(e.Name); err == nil {
			data, err = scenarios.ShippedFile(e.Name)
		}
		return g, data, e.Name + ".toml", err
	}
	g, data, err = scenarios.LoadFile(e.Path)
	return g, data, filepath.Base(e.Path), err
}

// Paragraphs joins a comment's lines, wrapped by hand in the file, into
// paragraphs: a new one at an empty line and at "Try:" and "Expect:".
func Paragraphs(c string) []string {
	var out []string
	open := false
	for _, l := range strings.Split(c, "\n") {
		l = strings.TrimSpace(l)
		switch {
		case l == "":
			open = false
		case !open || strings.HasPrefix(l, "Try:") || strings.HasPrefix(l, "Expect:"):
			out = append(out, l)
			open = true
		default:
			out[len(out)-1] += " " + l
		}
	}
	return out
}

// FileName is the file name a saved position gets: the map, the round
// and the day, e.g. standard-round-3-2026-11-23.toml (a taken name gets
// -2, -3, …: nothing is overwritten).
func FileName(g *rules.Game, now time.Time) string {
	return fmt.Sprintf("%s-round-%d-%s.toml", g.Map().ID, g.View(rules.Public).Round, now.Format("2006-01-02"))
}

// Save writes g's position as a scenario file into folder dir (made if
// need be) under a free name, for its owner only (it holds every secret
// of the position, like a save), and returns the file's path; it loads
// back to the same position (notrueking -scenario FILE).
func Save(dir string, g *rules.Game, now time.Time) (string, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	name, sum := records.MapIdentity(g.Map())
	return store.WriteNew(filepath.Join(dir, FileName(g, now)), scenarios.Export(g, name, sum), 0o600)
}

// Browser is the scenario browser's list and the rows in view.
type Browser struct {
	list []Entry
	// top is the first row shown; msg why the last one clicked did not
	// open.
	top int
	msg string
}

// Rows is how many rows the browser shows at once; Rect its panel.
const Rows = 14

var Rect = ui.Rect{X: 150, Y: 40, W: 1300, H: 820}

// NewBrowser lists the catalog of saved positions' folder dir.
func NewBrowser(dir string) *Browser { return &Browser{list: List(dir)} }

// Entries are the scenarios listed; Top the first row shown.
func (b *Browser) Entries() []Entry { return b.list }
func (b *Browser) Top() int         { return b.top }

// Scroll moves the rows shown n rows on (negative: back).
func (b *Browser) Scroll(n int) {
	b.top = min(max(b.top+n, 0), max(len(b.list)-Rows, 0))
}

// Refuse says why the scenario clicked last did not open.
func (b *Browser) Refuse(err error) { b.msg = err.Error() }

// Widgets are the rows in view in Rect, under its title: each scenario's
// button (ui.CmdOpenScenario, its index) and what to try; at the foot,
// where the rows stand, or why the last one clicked did not open.
func (b *Browser) Widgets() []ui.Widget {
	r := Rect
	const rowH = 50.0
	var ws []ui.Widget
	y := r.Y + 64
	for i := b.top; i < min(len(b.list), b.top+Rows); i++ {
		e := b.list[i]
		label := e.Name
		if e.Path != "" {
			label = "saved: " + e.Name
		}
		btn := ui.Button(ui.Rect{X: r.X + 24, Y: y, W: 360, H: rowH - 8}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdOpenScenario, N: i}))
		btn.Size, btn.Tip = 16, "Play "+e.Name+" from its position (a tester's game, saved like any other)."
		text, ink := e.Text, ui.ColText
		switch {
		case e.Err != "":
			text, ink = e.Err, ui.ColGold
		case text == "":
			text, ink = "(no comment: nothing said to try)", ui.ColDim
		}
		rows := ui.WrapText(text, 15, r.W-430, 0)
		t := ui.Widget{R: ui.Rect{X: r.X + 400, Y: y + 1, W: r.W - 430, H: rowH - 8}, Kind: ui.WText, Text: strings.Join(rows[:min(len(rows), 2)], "\n"), Size: 15, Ink: ink}
		if len(rows) > 2 {
			t.Text = strings.Join(rows[:2], "\n") + ui.Ellipsis
			t.Tip = text
		}
		ws = append(ws, btn, t)
		y += rowH
	}
	shipped := len(scenarios.Shipped())
	foot := fmt.Sprintf("%d to %d of %d (shipped %d, saved %d) · wheel, ↑ ↓ or PgUp PgDn to scroll", b.top+1, min(len(b.list), b.top+Rows), len(b.list), shipped, len(b.list)-shipped)
	ink := ui.ColDim
	if b.msg != "" {
		foot, ink = b.msg, ui.ColGold
	}
	return append(ws, ui.Widget{R: ui.Rect{X: r.X + 24, Y: r.Y + r.H - 40, W: r.W - 48, H: 22}, Kind: ui.WText, Text: foot, Size: 15, Ink: ink, Tip: foot})
}
