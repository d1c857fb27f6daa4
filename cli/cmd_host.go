//go:build !js

package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"notrueking/gamefile"
	"notrueking/records"
	"notrueking/remote"
	"notrueking/rules"
	"notrueking/scenarios"
	"notrueking/session"
	"notrueking/store"
)

// hostStdin is where the host's console reads its commands (tests set
// it; hostconsole.go).
var hostStdin io.Reader = os.Stdin

// cmdHost hosts a game on the network without a window: its first line on
// stdout is the join link; it runs until the game ends (exit 0) or it is
// interrupted (exit 1: the game stays in its save, and host -load SAVE
// resumes it, its devices taking their seats back by themselves). Every
// seat -bots marks human (all, without -bots) waits for a device.
func cmdHost(args []string, stdout, stderr io.Writer) int {
	c := newFlags("host", stdout, stderr)
	s := addSetup(c)
	record := addRecord(c)
	load := c.String("load", "", "resume the hosted game of a save or record `FILE` (its seats and their devices' tokens with it)")
	scenario := c.String("scenario", "", "host the position of a scenario `FILE` (a tester's game)")
	botList := c.String("bots", "", "who plays each seat, comma-separated: human (a player who joins from a device) or a bot level (`human,LEVEL,...`; missing seats are human)")
	botPause := c.durationIn("bot-pause", 0, minBotPause, maxBotPause, "pause `D` between two bot moves (default 0.6s)")
	addr := c.String("addr", "", "listen at `HOST:PORT` (default: every address, port "+remote.DefaultPort+" or any free one)")
	admit := c.String("admit", "ask", "who may take a seat: ask (the host answers y or n on stdin for each device) or auto (every device that asks; for tests)")
	awayBot := c.String("away-bot", remote.DefaultAwayBot.String(), "hand a seat whose device is away longer than `DURATION,LEVEL` to that bot until the device returns (off: never)")
	noWatchTalk := c.Bool("no-spectator-talk", false, "hide the table's talk from spectators (a stream shows no chat; whispers never reach them)")
	overlay := c.String("overlay", "", "rewrite this JSON `FILE` (and its .txt sibling) with the game's public facts after every action, for streaming software")
	hp := addHostPage(c)
	pos, code, ok := c.parse(args)
	if !ok {
		return code
	}
	if len(pos) > 0 {
		return c.unexpected(pos[0])
	}
	away, err := remote.ParseAwayBot(*awayBot)
	if err != nil {
		return c.fail("-away-bot: %v", err)
	}
	if *admit != "ask" && *admit != "auto" {
		return c.fail("-admit %q: ask or auto", short(*admit))
	}
	if *load != "" && (s.given() != "" || *scenario != "") {
		return c.fail("-load resumes a game as it was set up; it takes no setup flags and no -scenario")
	}
	if err := checkRecord(*record); err != nil {
		return c.fail("%v", err)
	}
	if *overlay != "" {
		if err := session.CheckOverlay(*overlay); err != nil {
			return c.fail("-overlay: %v", err)
		}
	}
	seats, err := parseSeats(*botList)
	if err != nil {
		return c.fail("-bots: %v", err)
	}
	page, err := hp.page()
	if err != nil {
		return c.fail("%v", err)
	}
	saves, serr := store.OpenDefault()
	if serr != nil {
		fmt.Fprintf(stderr, "notrueking: the saves folder cannot be opened, so this game is not saved: %v\n", serr)
	}
	hg, err := hostedGame(s, seats, *load, *scenario, storeOrNil(saves))
	if err != nil {
		var u usageError
		if errors.As(err, &u) {
			return c.fail("%v", err)
		}
		fmt.Fprintln(stderr, "notrueking:", oneLine(err))
		return 1
	}
	if len(seats) > len(hg.g.Config().Players) {
		return c.fail("-bots names %d seats, but the game has %d players", len(seats), len(hg.g.Config().Players))
	}
	seats = hostSeats(hg, seats, c.isSet("bots"))
	pause := *botPause
	if pause <= 0 {
		pause = hg.pause
	}
	fo := hg.files
	fo.Saves, fo.StoreErr, fo.RecordPath, fo.OverlayPath = storeOrNil(saves), serr, *record, *overlay
	files := session.OpenFiles(hg.g, fo, seats, pause)
	m := session.NewMatch(hg.g, session.MatchOptions{Players: seats, Pause: pause, BotSeed: gamefile.SecretSeed(), OnSeats: files.KeepSeats}, files.Observers()...)
	m.Start()
	defer m.Close()

	sigCtx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ctx, quit := context.WithCancel(sigCtx)
	defer quit()
	k := &console{out: stdout, ids: hg.g.Seats(), quit: quit,
		names: func() (n []string) { m.Do(func(g *rules.Game) { n = g.Names() }); return n },
		save: func() (where string, err error) {
			m.Do(func(*rules.Game) { err = files.Save() })
			if id := files.SaveID(); id != "" && saves != nil {
				where = saves.File(id)
			}
			return where, err
		}}
	var h *remote.Host
	ho := remote.HostOptions{Match: m, AdmitAuto: *admit == "auto", Log: stderr, NoSpectators: *hp.noSpectators, NoSpectatorTalk: *noWatchTalk,
		NamedSeats: gamefile.NamedByHost(hg.g.Config().Players), AwayBot: away,
		Keep: func(room string, tokens []string) { m.Do(func(*rules.Game) { files.KeepHost(room, tokens) }) }}
	if hm := hg.host; hm != nil {
		ho.Room, ho.Tokens = hm.Room, hm.Tokens
	}
	if *admit == "ask" {
		ho.OnAsk = func() { k.ask() }
	}
	if page != nil {
		ho.Page = page
	}
	h, err = remote.NewHost(ho)
	if err != nil {
		fmt.Fprintln(stderr, "notrueking:", oneLine(err))
		return 1
	}
	k.host = h
	m.Do(func(*rules.Game) { files.KeepHost(h.Room(), h.Tokens()) })
	srv, err := remote.Listen(h, *addr)
	if err != nil {
		h.Close()
		fmt.Fprintln(stderr, "notrueking: cannot listen:", oneLine(err))
		return 1
	}
	defer srv.Close()
	fmt.Fprintln(stdout, srv.Link())
	fmt.Fprintln(stderr, "notrueking:", pageNote(page))
	if !*hp.noSpectators {
		fmt.Fprintln(stderr, "notrueking: spectators (the public table only) follow from:", srv.WatchLink())
	}
	if id := files.SaveID(); id != "" {
		fmt.Fprintf(stderr, "notrueking: hosting at %s; the game is saved in %s (host -load resumes it)\n", srv.Addr(), saves.File(id))
	}
	go k.read(hostStdin)
	over := m.Run(ctx, 20*time.Millisecond, func(n string) { fmt.Fprintln(stderr, "notrueking:", n) })
	m.Do(func(*rules.Game) { files.Close() })
	files.Leave()
	if !over {
		fmt.Fprintln(stderr, "notrueking: interrupted; the game stays in its save (host -load resumes it)")
		return 1
	}
	// The devices hear the end before the host goes away.
	time.Sleep(500 * time.Millisecond)
	fmt.Fprintln(stderr, "notrueking: the game is over")
	return 0
}

// usageError is a refusal of the command line's input (exit status 2).
type usageError struct{ error }

// hosted is a game to host and where its files go on.
type hosted struct {
	g     *rules.Game
	files session.FilesOptions
	seats []string
	pause time.Duration
	host  *gamefile.Host
}

// hostedGame is the game the host's flags name: a save or record (-load),
// a scenario, or a new game of the setup flags, who plays each seat
// (seats, -bots) with it (gamefile.Setup.New: the default players, a
// secret seed unless -seed).
func hostedGame(s *setup, seats []string, load, scenario string, saves store.Store) (*hosted, error) {
	switch {
	case load != "":
		l, err := session.Load(saves, load, gamefile.Loader)
		if errors.Is(err, session.ErrInUse) {
			return nil, usageError{fmt.Errorf("-load %s: the game is open in another window or host", short(load))}
		}
		if err != nil {
			return nil, usageError{fmt.Errorf("-load: %v", oneLine(err))}
		}
		return &hosted{g: l.Game, files: l.Files, seats: l.Seats, pause: l.Pause, host: l.Host}, nil
	case scenario != "":
		g, _, err := scenarios.LoadFile(scenario)
		if err != nil {
			return nil, usageError{fmt.Errorf("-scenario: %s", firstProblem(err))}
		}
		name, sum := records.MapIdentity(g.Map())
		return &hosted{g: g, files: session.FilesOptions{MapName: name, MapSum: sum, Scenario: scenario, Tester: true}}, nil
	}
	st, err := s.read()
	if err != nil {
		return nil, usageError{err}
	}
	st.Seats = seats
	g, err := st.New(nil)
	if err != nil {
		return nil, usageError{err}
	}
	name, sum := gamefile.MapName(st.Map, g.Map())
	return &hosted{g: g, files: session.FilesOptions{MapName: name, MapSum: sum, Tester: st.SeedSet}}, nil
}

// hostSeats is who plays each seat of a hosted game: -bots (chosen, when
// given) wins; else a loaded game's seats; a seat of a person is a
// device's (gamefile.SeatRemote): a headless host has no screen to play
// at.
func hostSeats(hg *hosted, chosen []string, given bool) []string {
	n := len(hg.g.Config().Players)
	out := make([]string, n)
	for i := range out {
		out[i] = gamefile.SeatRemote
		switch {
		case given && i < len(chosen) && !gamefile.IsPerson(chosen[i]):
			out[i] = chosen[i]
		case !given && i < len(hg.seats) && !gamefile.IsPerson(hg.seats[i]):
			out[i] = hg.seats[i]
		}
	}
	return out
}

// storeOrNil is st, or a nil interface for a nil folder.
func storeOrNil(st *store.Dir) store.Store {
	if st == nil {
		return nil
	}
	return st
}
