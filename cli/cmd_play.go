package cli

import (
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"notrueking/app"
	"notrueking/bots"
	"notrueking/gamefile"
	"notrueking/remote"
	"notrueking/scenarios"
)

const playUsage = "[play] " + setupUsage + " [-record FILE] [-load FILE | -scenario FILE] [-bots human,LEVEL,...] [-bot-pause D] [-addr HOST:PORT] [-site DIR] [-no-spectators] [-join LINK [-name NAME] [-seat NAME] | -watch LINK] " + presenterUsage

// alias is a flag of the bare command kept from before the window's modes
// were commands: it runs its command with the flag's value as the
// argument (notrueking -replay FILE is notrueking replay FILE).
type alias struct {
	flag string
	arg  string // what the flag's value is ("FILE"); "" for a flag without one
	run  func(as string, args []string, stdout, stderr io.Writer) int
}

func aliases() []alias {
	return []alias{{"replay", "FILE", replay}, {"spectate", "FILE|latest", spectate}, {"sandbox", "", sandbox}}
}

// playFlags are play's flags.
type playFlags struct {
	setup                        *setup
	record, load, scenario, bots *string
	addr                         *string
	page                         hostPage
	join, watch, name, seat      *string
	botPause                     *time.Duration
	present                      *presenter
}

func declarePlay(c *cmdFlags) *playFlags {
	p := &playFlags{setup: addSetup(c), record: addRecord(c)}
	p.load = c.String("load", "", "resume the game of a record or save `FILE`")
	p.scenario = c.String("scenario", "", "play from the position of a scenario `FILE` (docs/scenarios.md); a tester's game")
	p.bots = c.String("bots", "", "who plays each seat, comma-separated: human, remote (a player who joins from another device: the window hosts the game), random, steady, easy or strong (`human,LEVEL,...`; missing seats are human)")
	p.botPause = c.durationIn("bot-pause", 0, minBotPause, maxBotPause, "pause `D` between two bot moves (default 0.6s)")
	p.addr = c.String("addr", "", "where a game this window hosts listens (`HOST:PORT`; default: every address, port "+remote.DefaultPort+" or any free one)")
	p.page = addHostPage(c)
	p.join = c.String("join", "", "join a game hosted on the network by its join `LINK` (the same as: notrueking join LINK; a page served by the host takes the room code alone: ?join=CODE)")
	p.watch = c.String("watch", "", "follow a game hosted on the network by its spectator `LINK` (the same as: notrueking spectate LINK; a page served by the host takes the code alone: ?watch=CODE)")
	p.name = c.String("name", "", "with -join: your `NAME` as the host and the others see it")
	p.seat = c.String("seat", "", "with -join: the seat to ask for (its conspiracy id: `NAME`)")
	p.present = addPresenter(c)
	for _, a := range aliases() {
		if a.arg == "" {
			c.Bool(a.flag, false, "the same as: notrueking "+a.flag)
		} else {
			c.String(a.flag, "", "the same as: notrueking "+a.flag+" `"+a.arg+"`")
		}
	}
	return p
}

// cmdPlay is the play command, and the bare command: it checks the flags
// against the map, headless, and only then opens the window. A bad flag (a
// player count the map does not seat, -names disagreeing with -players,
// an empty name, a map that does not load, a stray argument, an existing
// -record file, -load with setup flags) is a usage error: one line on
// stderr, exit status 2, no window. -replay, -spectate and -sandbox run
// their commands.
func cmdPlay(args []string, stdout, stderr io.Writer) int {
	c := newFlags("play", stdout, stderr)
	c.prefix = "notrueking: "
	p := declarePlay(c)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if a, args := aliasIn(c, args, pos); a != nil {
		return a.run("-"+a.flag, args, stdout, stderr)
	}
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	if *p.join != "" || *p.watch != "" {
		return joinFromPlay(c, p)
	}
	if *p.load != "" {
		if f := p.setup.given(); f != "" {
			return c.fail("-load resumes a game as it was set up; it takes no -%s", f)
		}
		if c.isSet("scenario") {
			return c.fail("-load resumes a game as it was set up; it takes no -scenario")
		}
	}
	if *p.scenario != "" {
		if f := p.setup.given(); f != "" {
			return c.fail("-scenario sets up the map, the players and the seed itself; it takes no -%s", f)
		}
		// Checked here, headless: a broken file names file, line and key,
		// and no window opens.
		if _, err := scenarios.Load(*p.scenario); err != nil {
			return c.fail("-scenario: %s", firstProblem(err))
		}
	}
	if err := checkRecord(*p.record); err != nil {
		return c.fail("%v", err)
	}
	o := app.Options{RecordPath: *p.record, Load: *p.load, Scenario: *p.scenario, BotPause: *p.botPause, HostAddr: *p.addr, NoSpectators: *p.page.noSpectators}
	if c.isSet("site") {
		// Read now, so that a bad folder is refused before a window opens;
		// without -site a hosting window reads the page it carries when it
		// hosts (app/network.go), not every window.
		page, err := p.page.page()
		if err != nil {
			return c.fail("%v", err)
		}
		o.HostPage = page
	}
	if err := p.present.set(&o); err != nil {
		return c.fail("%v", err)
	}
	st, err := p.setup.read()
	if err != nil {
		return c.fail("%v", err)
	}
	if st.Seats, err = parseSeats(*p.bots); err != nil {
		return c.fail("-bots: %v", err)
	}
	if err := p.setup.set(&o, st); err != nil {
		return c.fail("%v", err)
	}
	return open(o, stderr)
}

// aliasIn finds the first alias among the flags given to play (args),
// and the command line of its command: the other flags given, then the
// alias's value and the arguments (pos).
func aliasIn(c *cmdFlags, args, pos []string) (*alias, []string) {
	for _, arg := range args {
		if arg == "--" {
			break
		}
		if !strings.HasPrefix(arg, "-") {
			continue
		}
		name, _, _ := strings.Cut(strings.TrimLeft(arg, "-"), "=")
		i := slices.IndexFunc(aliases(), func(a alias) bool { return a.flag == name })
		if i < 0 {
			continue
		}
		a := aliases()[i]
		f := c.Lookup(a.flag)
		if a.arg == "" && f.Value.String() != "true" {
			continue
		}
		var line []string
		c.Visit(func(g *flag.Flag) {
			if g.Name != a.flag {
				line = append(line, "-"+g.Name+"="+g.Value.String())
			}
		})
		line = append(line, "--")
		if a.arg != "" {
			line = append(line, f.Value.String())
		}
		return &a, append(line, pos...)
	}
	return nil, nil
}

// The range of -bot-pause: the game's save keeps the pause as whole
// milliseconds, at most a minute (gamefile.MaxBotPause).
const (
	minBotPause = 10 * time.Millisecond
	maxBotPause = 60 * time.Second
)

// parseSeats reads -bots: who plays each seat, human, remote or a bot
// level, as a gamefile.Setup says it (gamefile.SeatHuman, SeatRemote, a
// level's name).
func parseSeats(list string) ([]string, error) {
	if strings.TrimSpace(list) == "" {
		return nil, nil
	}
	var out []string
	for _, s := range strings.Split(list, ",") {
		if who := strings.TrimSpace(s); strings.EqualFold(who, gamefile.SeatHuman) || who == "" {
			out = append(out, gamefile.SeatHuman)
			continue
		}
		if strings.EqualFold(strings.TrimSpace(s), gamefile.SeatRemote) {
			out = append(out, gamefile.SeatRemote)
			continue
		}
		l, err := bots.ParseLevel(s)
		if err != nil {
			return nil, fmt.Errorf("%v (or human, remote)", err)
		}
		out = append(out, l.String())
	}
	return out, nil
}

// botLevels is the window's word for who plays each seat (app.Options.Bots):
// app.Human, app.Remote or a bot level; nil for none.
func botLevels(seats []string) []int {
	if seats == nil {
		return nil
	}
	out := make([]int, len(seats))
	for i, who := range seats {
		switch who {
		case gamefile.SeatHuman, "":
			out[i] = app.Human
		case gamefile.SeatRemote:
			out[i] = app.Remote
		default:
			l, _ := bots.ParseLevel(who) // checked by parseSeats
			out[i] = int(l)
		}
	}
	return out
}

// joinFromPlay is play -join LINK or -watch LINK: the window joins a game
// hosted elsewhere as a device or a spectator (the page served by a host
// opens with ?join=CODE or ?watch=CODE). No game is set up here.
func joinFromPlay(c *cmdFlags, p *playFlags) int {
	if *p.join != "" && *p.watch != "" {
		return c.fail("-join and -watch: give one link")
	}
	for _, f := range []string{"load", "scenario", "record", "bots", "addr", "site"} {
		if c.isSet(f) {
			return c.fail("-join and -watch open a game hosted elsewhere; they take no -%s", f)
		}
	}
	if f := p.setup.given(); f != "" {
		return c.fail("-join and -watch open a game hosted elsewhere; they take no -%s", f)
	}
	link := pageLink("join", *p.join)
	if *p.watch != "" {
		link = pageLink("watch", *p.watch)
	}
	l, err := remote.ReadLink(link)
	if err != nil {
		return c.fail("%v", err)
	}
	if *p.watch != "" && !l.Watch {
		return c.fail("-watch %s is a join link: open it with -join", short(link))
	}
	if *p.join != "" && l.Watch {
		return c.fail("-join %s is a spectator link: open it with -watch", short(link))
	}
	if err := checkDeviceName(*p.name); err != nil {
		return c.fail("%v", err)
	}
	o := app.Options{Join: link, JoinSeat: strings.ToLower(*p.seat), JoinName: *p.name}
	if err := p.present.set(&o); err != nil {
		return c.fail("%v", err)
	}
	return open(o, c.stderr)
}
