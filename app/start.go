package app

import (
	"time"

	"notrueking/gamefile"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/spectate"
	"notrueking/start"
	"notrueking/ui"
)

// The start screen (package start): its choices, the saved games to
// continue, export or delete; the app keeps it between games (App.home)
// and opens what its buttons ask for.

// Human and Remote mark, in Options.Bots, a seat played at this screen
// and one played from another device that joins (a hosted game).
const (
	Human  = start.Human
	Remote = start.Remote
)

// mapChoice is a map the start screen offers.
type mapChoice = start.Map

// startScene is the start screen.
type startScene struct{ s *start.Screen }

func newStartScene(o Options) *startScene { return &startScene{s: start.New(startOptions(o))} }

// startOptions are what the command line sets of the start screen.
func startOptions(o Options) start.Options {
	return start.Options{Map: o.Map, Players: o.Players, Seed: o.Seed, SeedSet: o.SeedSet, Variant: o.Variant,
		Bots: o.Bots, BotPause: o.BotPause, CanHost: canHost}
}

// Show: the title, the choices, the games to continue.
func (h *startScene) Show(*Context) Shown { return Shown{Widgets: h.s.Widgets()} }

func (h *startScene) Keys(in ui.Input, _ *Context) ([]ui.Key, bool) { return h.s.Keys(in) }

// Do: the screen's own commands (its choices, Delete), else what its
// buttons open — a new game, a saved one, the game open in another window
// watched, the exports, the scenarios, the sandbox.
func (h *startScene) Do(cmd ui.Command, c *Context) {
	switch s := h.s; {
	case s.Do(cmd):
	case cmd.Kind == ui.CmdStart:
		h.open(c, startGame)
	case cmd.Kind == ui.CmdContinue:
		h.open(c, func(c *Context) (Scene, error) { return continueGame(c, cmd.ID) })
	case cmd.Kind == ui.CmdWatch && s.Watch() != "":
		// The game Continue found open in another window, followed as the
		// spectator window does; Esc comes back here.
		f, err := spectate.Open(s.Watch(), mapLoader)
		if err != nil {
			s.Say(err.Error(), true)
			return
		}
		s.Say("", false)
		s.SetWatch("")
		c.GoTo(&spectateScene{s: f, fromHome: true})
	case cmd.Kind == ui.CmdExportGame || cmd.Kind == ui.CmdExportFinished:
		s.Export(cmd, func(files []session.ExportFile) (string, error) { return keepExports(c, files) })
	case cmd.Kind == ui.CmdScenarios:
		c.GoTo(newScenarioScene(c, h, nil))
	case cmd.Kind == ui.CmdSandbox:
		h.open(c, sandboxFromStart)
	}
}

// open goes to the scene next opens, or says why it cannot.
func (h *startScene) open(c *Context, next func(*Context) (Scene, error)) {
	h.s.SetWatch("")
	sc, err := next(c)
	if err != nil {
		h.s.Say(err.Error(), true)
		return
	}
	c.GoTo(sc)
}

// Click on nothing leaves the name field.
func (h *startScene) Click(ui.Target, *Context) { h.s.Click() }

func (h *startScene) Tick(time.Time, *Context) bool { return false }

// goHome goes back to the start screen, its message cleared and its
// saved games read again.
func (c *Context) goHome() {
	h := c.app.home
	h.s.Home(c.app.opts.Saves)
	c.GoTo(h)
}

// startGame starts a game of the map and players chosen on the start
// screen: a tester's seed, or a secret one drawn now.
func startGame(c *Context) (Scene, error) {
	nx := c.app.home.s.Next()
	g, seed, err := newGameOf(c, nx)
	if err != nil {
		return nil, err
	}
	c.app.home.s.KeepSetup(c.app.opts.Prefs)
	fo := session.FilesOptions{Tester: nx.SeedSet}
	fo.MapName, fo.MapSum = gamefile.MapName(nx.Map, g.Map())
	lg, at := startMatch(c, g, fo, nx.Seating(seed))
	if lg.Hosting() != nil {
		// The join link and its QR code first: the others need it.
		at = &netScene{under: at, lg: lg}
	}
	return at, nil
}

// newGameOf is the rules game nx sets up, and its seed: the tester's, or
// a secret one drawn now.
func newGameOf(c *Context, nx start.Next) (*rules.Game, uint64, error) {
	if !nx.SeedSet {
		nx.Seed = gamefile.SecretSeed()
	}
	g, err := c.app.newGame(nx.Map, nx.Players, nx.Seed, nx.Variant)
	return g, nx.Seed, err
}
