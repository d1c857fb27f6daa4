package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"notrueking/app"
	"notrueking/gamefile"
	"notrueking/internal/textcheck"
	"notrueking/rules"
	"notrueking/session"
)

// The window commands (play, replay, spectate, sandbox) open the game
// window in one of its modes. Each declares its own flags, from the
// groups below; a flag that another window command takes is refused with
// what this one does ("-replay watches a game as it was played; it takes
// no -seed"). The flags are checked headless: a usage error is one line on
// stderr, exit status 2, and no window opens.

// openWindow opens the game window (app.Run). Tests put a stand-in
// here, so that no window opens.
var openWindow = app.Run

// window is the command line of a window command.
type window struct {
	*cmdFlags
	as   string // how it was called, for messages: "replay", or "-replay" (the old flag)
	does string // what it does, for the refusal of a flag it does not take
	// hints say what to do instead of a flag it does not take.
	hints map[string]string
}

func newWindow(name, as, does string, stdout, stderr io.Writer) *window {
	c := newFlags(name, stdout, stderr)
	c.prefix = "notrueking: "
	w := &window{cmdFlags: c, as: as, does: does}
	c.notTaken = w.refusal
	return w
}

// refusal words a flag of another window command given to this one, ""
// for a flag no window command takes.
func (w *window) refusal(name string) string {
	all := newFlags("play", io.Discard, io.Discard)
	declarePlay(all)
	if all.Lookup(name) == nil {
		return ""
	}
	msg := fmt.Sprintf("%s %s; it takes no -%s", w.as, w.does, name)
	if h := w.hints[name]; h != "" {
		msg += " (" + h + ")"
	}
	return msg
}

// watch runs a window command that watches a file (replay, spectate): it
// takes one argument (what: FILE) and the presenter's flags, and set puts
// the file in the window's options (an error of set is a usage error:
// "-replay: FILE: …").
func (w *window) watch(args []string, what string, set func(o *app.Options, file string) error) int {
	p := addPresenter(w.cmdFlags)
	pos, code, ok := w.parse(args)
	if !ok {
		return code
	}
	file, code, ok := w.oneArg(pos, what)
	if !ok {
		return code
	}
	var o app.Options
	if err := p.set(&o); err != nil {
		return w.fail("%v", err)
	}
	if err := set(&o, file); err != nil {
		return w.fail("%s: %v", w.as, oneLine(err))
	}
	return open(o, w.stderr)
}

// open opens the window with o; its failure is exit status 1.
//
// A game the options name that is refused before the window opens (-load
// of a file that cannot be opened or read, a save open in another
// window) is a usage error, exit status 2, as every command's refusal of
// its input is; a failure of the window itself exits 1.
func open(o app.Options, stderr io.Writer) int {
	if err := openWindow(o); err != nil {
		fmt.Fprintln(stderr, "notrueking:", oneLine(err))
		var se *app.SetupError
		if errors.As(err, &se) {
			return 2
		}
		return 1
	}
	return 0
}

// presenterUsage is the presenter's flags in a usage line.
const presenterUsage = "[-canvas WxH] [-large-text] [-clean] [-overlay FILE]"

// presenter holds the presenter's flags (docs/presenting.md), which every
// window command takes.
type presenter struct {
	c                *cmdFlags
	canvas, overlay  string
	largeText, clean bool
}

func addPresenter(c *cmdFlags) *presenter {
	p := &presenter{c: c}
	c.StringVar(&p.canvas, "canvas", "", "draw on a fixed canvas of `WxH` pixels, 1280x720 or 1920x1080, shown at a whole scale (sharp capture)")
	c.BoolVar(&p.largeText, "large-text", false, "draw every text larger where there is room")
	c.BoolVar(&p.clean, "clean", false, "a layout without menus or key labels for presenting (the keys still work)")
	c.StringVar(&p.overlay, "overlay", "", "rewrite this JSON `FILE` (and its .txt sibling) with the game's public facts after every action, for streaming software")
	return p
}

// set checks the presenter's flags and sets them in o.
func (p *presenter) set(o *app.Options) error {
	if p.c.isSet("canvas") {
		w, h, ok := app.ParseCanvas(p.canvas)
		if !ok {
			return fmt.Errorf("-canvas %q: the canvas is 1280x720 or 1920x1080", short(p.canvas))
		}
		o.CanvasW, o.CanvasH = w, h
	}
	if p.c.isSet("overlay") {
		if err := session.CheckOverlay(p.overlay); err != nil {
			return fmt.Errorf("-overlay: %v", err)
		}
	}
	o.LargeText, o.Clean, o.Overlay = p.largeText, p.clean, p.overlay
	return nil
}

// setupUsage is the setup's flags in a usage line.
const setupUsage = "[-map NAME|FILE] [-players N] [-names A,B,...] [-seed N] [-variant citadel]"

// setup holds the flags that set up a new game (play, sandbox, host):
// they fill a gamefile.Setup. -load and -scenario take the setup from
// their file instead.
type setup struct {
	c       *cmdFlags
	own     *flag.FlagSet // the setup's flags alone, to know which were given
	mapName string
	names   string
	players int
	seed    uint64
	variant string
}

func addSetup(c *cmdFlags) *setup {
	s := &setup{c: c, own: flag.NewFlagSet("setup", flag.ContinueOnError)}
	s.own.StringVar(&s.mapName, "map", "standard", "a shipped map's name or a map file's path (`NAME|FILE`; ./standard for a file called standard)")
	s.own.Var(intIn{&s.players, minPlayers, maxPlayers}, "players", fmt.Sprintf("how many players (`N`; the map's range: 2-4 on the standard map, %d to %d on any); with -players or -names the start screen is skipped", minPlayers, maxPlayers))
	s.own.StringVar(&s.names, "names", "", "the players' names in seat order, comma-separated (`A,B,...`)")
	s.own.Uint64Var(&s.seed, "seed", 0, "game seed `N` for testers (the window then marks a tester's game); unset = a secret random seed")
	s.own.StringVar(&s.variant, "variant", "", "the new game's `variant`: citadel (the Maesters study at the Citadel, docs/rules.md) or plain; unset = the start screen's toggle")
	s.own.VisitAll(func(f *flag.Flag) { c.Var(f.Value, f.Name, f.Usage) })
	return s
}

// given is the first setup flag given, "" for none.
func (s *setup) given() string {
	name := ""
	s.c.Visit(func(f *flag.Flag) {
		if name == "" && s.own.Lookup(f.Name) != nil {
			name = f.Name
		}
	})
	return name
}

// read is the setup the flags give, not yet checked against the map
// (gamefile.Setup.Check): an empty name in -names or a -variant this game
// does not know is refused here.
func (s *setup) read() (gamefile.Setup, error) {
	st := gamefile.Setup{Map: s.mapName, Seed: s.seed, SeedSet: s.c.isSet("seed")}
	v, err := rules.ParseVariant(s.variant)
	if err != nil {
		return st, fmt.Errorf("-variant: %v", err)
	}
	st.Variant = v
	if s.c.isSet("names") {
		st.Players = []string{}
		for i, n := range strings.Split(s.names, ",") {
			n = strings.TrimSpace(n)
			if n == "" {
				return st, fmt.Errorf("-names %q: name %d is empty", short(s.names), i+1)
			}
			st.Players = append(st.Players, n)
		}
	}
	if s.c.isSet("players") {
		st.Count = s.players
	}
	return st, nil
}

// set sets a window's setup in o, checked against the map, headless
// (gamefile.Setup.Check): a player count the map does not seat, -names
// disagreeing with -players, an empty name, a map that does not load or
// more -bots seats than players is refused. Naming the players (or their
// number) is a complete setup: the start screen is skipped.
func (s *setup) set(o *app.Options, st gamefile.Setup) error {
	if err := st.Check(); err != nil {
		return err
	}
	if s.c.isSet("variant") {
		o.Variant = st.Variant.String()
		if st.Variant == rules.Plain {
			o.Variant = "plain"
		}
	}
	o.Map, o.Players, o.Seed, o.SeedSet = st.Map, st.Named(), st.Seed, st.SeedSet
	o.Quick, o.Bots = len(o.Players) > 0, botLevels(st.Seats)
	return nil
}

// addRecord declares -record (play, sandbox).
func addRecord(c *cmdFlags) *string {
	return c.String("record", "", "keep the game's record in this new `FILE` (replay it with: run FILE); an existing file is refused")
}

// checkRecord refuses a -record file that exists: nothing is overwritten
// without the user's say-so.
func checkRecord(path string) error {
	if path == "" {
		return nil
	}
	// What the platform cannot do at all comes first (a web page writes
	// no files).
	if err := app.CheckPlatform(app.Options{RecordPath: path}); err != nil {
		return err
	}
	if _, err := os.Lstat(path); err == nil {
		return fmt.Errorf("-record %s: the file exists; give a new name (nothing was overwritten)", short(path))
	}
	return folderFor("-record", path)
}

// folderFor refuses a file to be written at path whose folder does not
// exist (or is no folder): found before any window opens or any work is
// done, not after.
func folderFor(flag, path string) error {
	dir := filepath.Dir(path)
	if st, err := os.Stat(dir); err != nil || !st.IsDir() {
		return fmt.Errorf("%s %s: the folder %s does not exist", flag, textcheck.Escape(path), textcheck.Escape(dir))
	}
	return nil
}

// hostPage are the flags of a host's browser page and spectators (host,
// play): -site and -no-spectators.
type hostPage struct {
	site         *string
	noSpectators *bool
}

func addHostPage(c *cmdFlags) hostPage {
	return hostPage{
		site:         c.String("site", "", "serve the browser page from this `DIR` (a release's web zip, unzipped, or go run ./web -o DIR -build-only); default: the page this program carries, if it was built with it"),
		noSpectators: c.Bool("no-spectators", false, "refuse spectators (who follow the game's public table by its spectator link); the network panel turns them on and off"),
	}
}
