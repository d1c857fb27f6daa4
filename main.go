// Command notrueking is the No True King desktop board game.
//
//	notrueking [-map standard] [-players 4] [-names Alice,Bob] [-seed N] [-record FILE]   open the game window
//	           [-bots human,strong,easy,random] [-bot-pause 600ms]                     seats played by bots
//	           [-canvas 1280x720|1920x1080] [-large-text] [-clean] [-overlay FILE]   for streaming (docs/presenting.md)
//	notrueking -load FILE [-record FILE] [-bots ...] [-bot-pause D]         resume a record or save (its bots, or these)
//	notrueking -scenario FILE [-record FILE]                                play from a scenario's position
//	notrueking -replay FILE                                                 watch a record or save in the replay viewer
//	notrueking -spectate FILE|latest                                        follow a game's save: the public view, for a stream
//	notrueking -sandbox [-map M] [-players N]                               edit a position, then play from it (testers)
//	notrueking validate [-json] FILE                                        check a map file
//	notrueking run RECORD                                                   replay a game record headlessly
//	notrueking selfplay [-map M] [-players N] [-games G] [-seed S]          play random games, print speed and checksum
//	notrueking render -o FILE.png [-size WxH] [-load RECORD [-at N]]       draw the public table as a picture
//	notrueking suggest -load RECORD [-at N] [-level L] [-seed S]            print the bot's move for the seat to act
//	notrueking bots -map M -players N -games G -seats L,L,... [-seed S] [-j CORES]   a bot tournament
//	notrueking web [-addr 127.0.0.1:8080] [-o DIR] [-build-only]            build the browser version and serve it
//
// Every game is saved after every action in the saves folder
// (<user config>/notrueking/saves, or $NTK_CONFIG_DIR/saves); the start
// screen offers unfinished games to continue.
package main

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"notrueking/internal/safefile"
	"notrueking/maps"
	"notrueking/records"
	"notrueking/render"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
	"notrueking/words"
)

func main() {
	os.Exit(dispatch(os.Args[1:], os.Stdout, os.Stderr))
}

func dispatch(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "validate":
			return cmdValidate(args[1:], stdout, stderr)
		case "run":
			return runRecord(args[1:], stdout, stderr)
		case "selfplay":
			return selfplayMain(args[1:], stdout, stderr)
		case "render":
			return renderMain(args[1:], stdout, stderr)
		case "bots":
			return botsMain(args[1:], stdout, stderr)
		case "suggest":
			return suggestMain(args[1:], stdout, stderr)
		case "web":
			return webMain(args[1:], stdout, stderr)
		}
	}
	return play(args, stderr, render.Run)
}

const usage = "usage: notrueking [-map NAME|FILE] [-players N] [-names A,B,...] [-seed N] [-record FILE] [-bots human,strong,...] [-bot-pause D] [-canvas WxH] [-large-text] [-clean] [-overlay FILE] | -sandbox [-map M] [-players N] | -load FILE | -scenario FILE | -replay FILE | -spectate FILE|latest | validate [-json] FILE | run RECORD | selfplay | suggest | bots | render -o FILE.png | web"

// play checks the flags against the map, headless, and only then opens the
// window with run (render.Run). A bad flag (a player count the map does not
// seat, -names disagreeing with -players, an empty name, a map that does
// not load, a stray argument, an existing -record file, -load with setup
// flags) is a usage error: one line on stderr, exit status 2, no window.
func play(args []string, stderr io.Writer, run func(render.Options) error) int {
	fs := flag.NewFlagSet("notrueking", flag.ContinueOnError)
	fs.SetOutput(stderr)
	mapName := fs.String("map", "standard", "shipped map name, or map file path (./standard for a file called standard)")
	players := fs.Int("players", 0, "number of players (2-4 on the standard map); with -players or -names the start screen is skipped")
	names := fs.String("names", "", "comma-separated player names, in seat order")
	seed := fs.Uint64("seed", 0, "game seed for testers (the window then marks a tester's game); unset = a secret random seed")
	record := fs.String("record", "", "keep the game's record in this new file (replay it with: run FILE); an existing file is refused")
	load := fs.String("load", "", "resume the game of a record or save file")
	scenario := fs.String("scenario", "", "play from the position of a scenario file (docs/scenarios.md); a tester's game")
	botSeats := fs.String("bots", "", "who plays each seat, comma-separated: human, random, easy or strong (missing seats are human)")
	botPause := fs.Duration("bot-pause", 0, "pause between two bot moves (default 0.6s)")
	replay := fs.String("replay", "", "watch the game of a record or save file in the replay viewer (nothing is played or written)")
	canvas := fs.String("canvas", "", "draw on a fixed 1280x720 or 1920x1080 canvas, shown at a whole scale (sharp capture)")
	largeText := fs.Bool("large-text", false, "draw every text larger where there is room")
	clean := fs.Bool("clean", false, "a layout without menus or key labels for presenting (the keys still work)")
	overlay := fs.String("overlay", "", "rewrite this JSON file (and its .txt sibling) with the game's public facts after every action, for streaming software")
	spectate := fs.String("spectate", "", "open a spectator window that follows this save or record file (latest: the newest save) and shows the public view only")
	sandbox := fs.Bool("sandbox", false, "open the sandbox on the initial position of -map and -players: edit units, flags, agents and cards, then play from there (a tester's tool)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, usage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return 2
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "notrueking: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() > 0 {
		return fail("unexpected argument %q (%s)", short(fs.Arg(0)), usage)
	}
	if *load != "" {
		for _, f := range []string{"seed", "players", "names", "map", "scenario"} {
			if set[f] {
				return fail("-load resumes a game as it was set up; it takes no -%s", f)
			}
		}
	}
	if *scenario != "" {
		for _, f := range []string{"seed", "players", "names", "map"} {
			if set[f] {
				return fail("-scenario sets up the map, the players and the seed itself; it takes no -%s", f)
			}
		}
		// Checked here, headless: a broken file names file, line and key,
		// and no window opens.
		if _, err := scenarios.Load(*scenario); err != nil {
			return fail("-scenario: %s", firstProblem(err))
		}
	}
	if *replay != "" {
		// The viewer only reads the file: any other flag is a mistake.
		for _, f := range []string{"seed", "players", "names", "map", "load", "record", "bots", "bot-pause", "scenario"} {
			if set[f] {
				return fail("-replay watches a game as it was played; it takes no -%s", f)
			}
		}
		// The file is read here, headless, so that a bad one is refused
		// before any window opens.
		if _, err := loadGameAt("", *replay, -1, io.Discard); err != nil {
			return fail("-replay: %v", oneLine(err))
		}
	}
	if *sandbox && *load != "" {
		return fail("-sandbox starts from the map's setup; it takes no -load (open the game, then Edit position)")
	}
	if *record != "" {
		// Nothing is overwritten without the user's say-so: a record file
		// must be a new name.
		if _, err := os.Lstat(*record); err == nil {
			return fail("-record %s: the file exists; give a new name (nothing was overwritten)", short(*record))
		}
	}

	cw, ch := 0, 0
	if set["canvas"] {
		var ok bool
		if cw, ch, ok = render.ParseCanvas(*canvas); !ok {
			return fail("-canvas %q: the canvas is 1280x720 or 1920x1080", short(*canvas))
		}
	}
	if set["overlay"] {
		if err := render.CheckOverlay(*overlay); err != nil {
			return fail("-overlay: %v", err)
		}
	}
	if *spectate != "" {
		// The spectator only watches: it takes no setup and writes nothing
		// but the overlay file a streamer asks for (and the presenter's
		// options shape its picture).
		for _, f := range []string{"seed", "players", "names", "map", "load", "record", "bots", "bot-pause", "scenario", "replay"} {
			if set[f] {
				return fail("-spectate follows a game another window plays; it takes no -%s", f)
			}
		}
		return runOrFail(run(render.Options{Spectate: *spectate, CanvasW: cw, CanvasH: ch, LargeText: *largeText, Clean: *clean, Overlay: *overlay}), stderr)
	}

	m, err := maps.Load(*mapName)
	if err != nil {
		return fail("-map: %s", firstProblem(err))
	}
	seats := fmt.Sprintf("the %s map seats %d to %d players", m.ID, m.MinPlayers, m.MaxPlayers)

	var ps []string
	if set["names"] {
		for i, n := range strings.Split(*names, ",") {
			n = strings.TrimSpace(n)
			if n == "" {
				return fail("-names %q: name %d is empty", short(*names), i+1)
			}
			if r, what, bad := maps.UnsafeChar(n); bad {
				return fail("-names: name %d %q holds %s, U+%04X", i+1, short(n), what, r)
			}
			ps = append(ps, n)
		}
	}
	switch {
	case set["players"] && (*players < m.MinPlayers || *players > m.MaxPlayers):
		return fail("-players %d: %s", *players, seats)
	case set["players"] && set["names"] && len(ps) != *players:
		return fail("-players %d but -names lists %s", *players, words.Count(len(ps), "name"))
	case set["names"] && (len(ps) < m.MinPlayers || len(ps) > m.MaxPlayers):
		return fail("-names lists %s: %s", words.Count(len(ps), "name"), seats)
	case set["players"] && !set["names"]:
		for i := range *players {
			ps = append(ps, defaultName(i))
		}
	}
	if len(ps) > 0 {
		// What else the rules ask of the players (agent slots for them all).
		if _, err := rules.New(m, rules.Config{Players: ps, Seed: *seed}); err != nil {
			return fail("%v", err)
		}
	}

	opts := render.Options{Map: *mapName, RecordPath: *record, Load: *load, Scenario: *scenario, Players: ps, Seed: *seed, SeedSet: set["seed"], BotPause: *botPause, Replay: *replay,
		CanvasW: cw, CanvasH: ch, LargeText: *largeText, Clean: *clean, Overlay: *overlay}
	if opts.Bots, err = seatPlayers(*botSeats); err != nil {
		return fail("-bots: %v", err)
	}
	// Naming the players (or their number) is a complete setup: skip the start screen.
	opts.Quick = len(ps) > 0
	opts.Sandbox = *sandbox
	return runOrFail(run(opts), stderr)
}

// runOrFail is the exit status of the window's run: 1 (and the error on
// stderr) when it failed.
func runOrFail(err error, stderr io.Writer) int {
	if err != nil {
		fmt.Fprintln(stderr, "notrueking:", err)
		return 1
	}
	return 0
}

// oneLine is an error's message on one line (a file's problem may list
// several).
func oneLine(err error) string {
	return strings.Join(strings.Fields(strings.ReplaceAll(err.Error(), "\n", " · ")), " ")
}

// defaultName names seat i when the players are only counted.
func defaultName(i int) string {
	names := []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"}
	if i < len(names) {
		return names[i]
	}
	return fmt.Sprintf("Player %d", i+1)
}

// short cuts a flag's value for a message to 40 characters (%q escapes
// the rest of what could garble a terminal).
func short(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// firstProblem is the first line of a map error, and how many more
// problems "validate" would list.
func firstProblem(err error) string {
	var list maps.ErrorList
	if errors.As(err, &list) && len(list) > 1 {
		return fmt.Sprintf("%v (and %d more problems; validate lists them all)", list[0], len(list)-1)
	}
	return err.Error()
}

// runRecord is the "run" command: it replays a record headlessly, applying
// each action as it is read. The record file is bounded (rules.MaxRecordSize,
// regular files only); its map is resolved against the record's folder.
// A cut-off last line is ignored with a warning on stderr (exit status 0).
func runRecord(args []string, stdout, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: notrueking run RECORD")
		return 2
	}
	path := args[0]
	f, err := safefile.Open(path, rules.MaxRecordSize)
	if err != nil {
		fmt.Fprintln(stderr, "notrueking run:", err)
		return 1
	}
	defer f.Close()
	rr, err := rules.NewRecordReader(f)
	if err != nil {
		fmt.Fprintf(stderr, "notrueking run: %s: %v\n", path, err)
		return 1
	}
	h := rr.Header()
	if h.Scenario == session.StartRef {
		// A save of a game from a position holds that position itself.
		g, err := startOfSave(path, h)
		if err != nil {
			fmt.Fprintf(stderr, "notrueking run: %s: line %d: %v\n", path, rr.MapLine(), err)
			return 1
		}
		return runDone(path, rr, runJSON(stdout, func(step func(rules.RunStep) error) (rules.FinalState, error) {
			return rules.RunRecordFrom(g, rr, step)
		}), stderr)
	}
	if h.Scenario != "" {
		// The record starts from a scenario, found relative to the record.
		g, err := scenarios.LoadRef(filepath.Dir(path), h.Scenario, h.ScenarioSHA256)
		if err != nil {
			fmt.Fprintf(stderr, "notrueking run: %s: line %d: %v\n", path, rr.MapLine(), err)
			return 1
		}
		return runDone(path, rr, runJSON(stdout, func(step func(rules.RunStep) error) (rules.FinalState, error) {
			return rules.RunRecordFrom(g, rr, step)
		}), stderr)
	}
	m, err := records.LoadMap(maps.ShippedFS(), filepath.Dir(path), h.Map, h.MapSHA256)
	if err != nil {
		fmt.Fprintf(stderr, "notrueking run: %s: line %d: %v\n", path, rr.MapLine(), err)
		return 1
	}
	return runDone(path, rr, runJSON(stdout, func(step func(rules.RunStep) error) (rules.FinalState, error) {
		return rules.RunRecordReader(m, rr, step)
	}), stderr)
}

// runJSON writes a run as JSON lines: each step as it is played, then
// {"final":...}. HTML characters are not escaped: the lines are read by
// tools, not pasted into pages.
func runJSON(w io.Writer, run func(step func(rules.RunStep) error) (rules.FinalState, error)) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	final, err := run(func(s rules.RunStep) error { return enc.Encode(s) })
	if err != nil {
		return err
	}
	return enc.Encode(struct {
		Final rules.FinalState `json:"final"`
	}{final})
}

// startOfSave is the start position a save at path holds (its header).
func startOfSave(path string, h rules.Record) (*rules.Game, error) {
	data, err := safefile.ReadFile(path, store.MaxSave)
	if err != nil {
		return nil, err
	}
	m, _ := session.ReadMeta(safefile.TrimBOM(data))
	return session.StartGame(h, m)
}

// runDone reports the end of a replay: the reader's warning, the error.
func runDone(path string, rr *rules.RecordReader, err error, stderr io.Writer) int {
	if w := rr.Warning(); w != "" {
		fmt.Fprintf(stderr, "notrueking run: %s: warning: %s\n", path, w)
	}
	if err != nil {
		fmt.Fprintf(stderr, "notrueking run: %s: %v\n", path, err)
		return 1
	}
	return 0
}
