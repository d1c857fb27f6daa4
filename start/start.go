// Package start is the start screen's room: the choices of the next game
// (its map, its players and their names, who plays each seat and the
// bots' pause, the variant, whether it is hosted for other devices), the
// saved games to continue, export or delete and the room they take, the
// message line, the setup kept for the next start (Prefs), the screen's
// widgets and what its keys and buttons do — and what it starts (Next, a
// game's Seating). A normal game's seed is drawn when it starts and never
// shown here; a tester's seed (-seed) is shown and marks the game. Plain
// Go: the window (package app) keeps one Screen between games, starts the
// game it says and opens what its other buttons ask for.
package start

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"notrueking/gamefile"
	"notrueking/live"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/store"
	"notrueking/ui"
	"notrueking/words"
)

// Screen is the start screen's state.
type Screen struct {
	maps   []Map
	mapIdx int
	n      int
	names  []string
	focus  int // -1 none, 0.. names
	msg    string
	// msgErr says the message is a refusal or a failure (drawn on the
	// warning colour); else it is news (on the colour of success).
	msgErr bool
	// setupErr is why the last setup could not be kept (nil: kept).
	setupErr error
	// tester is set when a seed was typed (-seed): testSeed is then the
	// seed of every game started here.
	tester   bool
	testSeed uint64
	// saves are where the games to continue are (nil: none); conts the
	// unfinished ones, newest first; now the clock their times are told
	// against (a test sets it).
	saves store.Store
	conts []session.Summary
	now   func() time.Time
	// bots: who plays each seat, and the pause between bot moves.
	bots seats
	// watch is the save of a game Continue found open in another window:
	// the Watch button (W) follows it here ("" for none).
	watch string
	// room is what the saved games take; delAsked is set once "Delete
	// finished games" was pressed, the next press deleting them.
	room     session.Room
	delAsked bool
	// delGame is the save whose Delete was pressed once ("" none): the
	// next press of the same button deletes it.
	delGame string
	// variant is the next game's: the plain game, or the Citadel's
	// (the toggle, -variant).
	variant rules.Variant
	// hosted says the next game is hosted on the network: its seats may
	// be played from other devices that join (the toggle; -host), when
	// this build canHost.
	hosted, canHost bool
}

// Options are what the command line sets of the start screen.
type Options struct {
	// Map is the map's id or a map file's path ("": the first offered).
	Map string
	// Players are the names (their number: the players').
	Players []string
	// Seed is a tester's seed, when SeedSet.
	Seed    uint64
	SeedSet bool
	// Variant is the variant's name ("": the last setup's).
	Variant string
	// Bots are who plays each seat (Human, Remote or a bots.Level) and
	// BotPause the pause between two bot moves (0: the default).
	Bots     []int
	BotPause time.Duration
	// CanHost says this build can host a game on the network (a browser
	// page cannot).
	CanHost bool
}

// maxContinues is how many saved games the start screen offers.
const maxContinues = 8

// Map is a map offered: its id (a shipped map's name or a map file's
// path), its label, how many may play it, its conspiracies' names in seat
// order.
type Map struct {
	ID, Label string
	Min, Max  int
	Seats     []string
}

// StandardMap is the map offered when no other is (the window offers the
// shipped maps, so a new map file needs no code).
var StandardMap = Map{ID: "standard", Label: "Westeros (standard, 2–4 players)", Min: 2, Max: 4,
	Seats: []string{"Crown", "Torch", "Helm", "Gauntlet"}}

// DefaultNames name the seats of the largest map (nine) until the player
// types names: the names of a setup that only counts its players.
var DefaultNames = gamefile.DefaultNames(9)

// New is the start screen of options o, offering the standard map.
func New(o Options) *Screen {
	s := &Screen{n: gamefile.DefaultPlayers, focus: -1, canHost: o.CanHost}
	s.SetMaps([]Map{StandardMap}, o.Map)
	s.names = append([]string(nil), DefaultNames...)
	for i, n := range o.Players {
		if i < len(s.names) {
			s.names[i] = n
		}
	}
	if len(o.Players) >= 2 {
		s.n = len(o.Players)
	}
	s.clampPlayers()
	s.tester, s.testSeed = o.SeedSet, o.Seed
	s.variant, _ = rules.ParseVariant(o.Variant) // checked by the command line
	s.now = time.Now
	s.bots = newSeats(o)
	s.hosted = slices.Contains(s.bots.level[:], Remote)
	return s
}

// SetMaps offers maps ms, selecting want (an id or a file path, which is
// added to the list) or the first.
func (s *Screen) SetMaps(ms []Map, want string) {
	s.maps = append([]Map(nil), ms...)
	s.mapIdx = 0
	if want != "" {
		s.mapIdx = -1
		for i, m := range s.maps {
			if m.ID == want {
				s.mapIdx = i
			}
		}
		if s.mapIdx < 0 {
			s.maps = append(s.maps, Map{ID: want, Label: want, Min: 2, Max: 9})
			s.mapIdx = len(s.maps) - 1
		}
	}
	s.clampPlayers()
}

func (s *Screen) clampPlayers() {
	mc := s.maps[s.mapIdx]
	s.n = min(max(s.n, mc.Min), mc.Max, len(DefaultNames))
}

// Maps are the maps offered.
func (s *Screen) Maps() []Map { return s.maps }

// Next is the game the screen starts: its setup (the map, the players'
// names — a blank one is the default name —, the variant, a tester's
// seed when SeedSet, else the window draws a secret one, who plays each
// seat), the pause between two bot moves, and whether the game is hosted
// (the network's toggle).
type Next struct {
	gamefile.Setup
	Pause  time.Duration
	Hosted bool
}

// Next is the game the screen starts now.
func (s *Screen) Next() Next {
	nx := Next{Setup: gamefile.Setup{Map: s.maps[s.mapIdx].ID, Variant: s.variant, SeedSet: s.tester,
		Players: make([]string, s.n), Seats: seatsOf(s.bots.level[:s.n])}, Pause: s.bots.pause, Hosted: s.hosted}
	if s.tester {
		nx.Seed = s.testSeed
	}
	for i := range nx.Players {
		nx.Players[i] = strings.TrimSpace(s.names[i])
		if nx.Players[i] == "" {
			nx.Players[i] = DefaultNames[i]
		}
	}
	return nx
}

// Seating is who plays each seat of the next game (seed for its bots).
func (nx Next) Seating(seed uint64) live.Seating {
	st := live.Seating{Pause: nx.Pause, Seed: seed}
	if slices.ContainsFunc(nx.Seats, func(p string) bool { return p != gamefile.SeatHuman }) {
		st.Players = nx.Seats
	}
	return st
}

// edit edits the focused field; it reports whether anything changed.
func (s *Screen) edit(in ui.Input) bool {
	if s.focus < 0 {
		return false
	}
	changed := false
	field := &s.names[s.focus]
	for _, r := range in.Chars {
		if utf8.RuneCountInString(*field) >= rules.MaxNameRunes {
			continue // a longer name would be refused: the field stops there
		}
		*field += string(r)
		changed = true
	}
	if in.Backspace && len(*field) > 0 {
		rs := []rune(*field)
		*field = string(rs[:len(rs)-1])
		changed = true
	}
	if in.Tab {
		s.focus = (s.focus + 1) % s.n
		changed = true
	}
	return changed
}

// Keys: the focused name field takes the text; Left and Right choose
// fewer or more players, Up and Down the map; Esc leaves the field; 1
// continues the newest game (its button shows Enter). The rest press the
// buttons that show them.
func (s *Screen) Keys(in ui.Input) ([]ui.Key, bool) {
	changed := s.edit(in)
	var rest []ui.Key
	for _, k := range in.Pressed() {
		switch {
		case k == ui.KeyLeft || k == ui.KeyRight:
			s.Do(ui.Command{Kind: ui.CmdNextPlayer, N: map[ui.Key]int{ui.KeyLeft: -1, ui.KeyRight: 1}[k]})
			changed = true
		case k == ui.KeyUp || k == ui.KeyDown:
			s.Do(ui.Command{Kind: ui.CmdNextMap, N: map[ui.Key]int{ui.KeyUp: -1, ui.KeyDown: 1}[k]})
			changed = true
		case k == ui.KeyEsc && s.focus >= 0:
			s.focus = -1
			changed = true
		case s.focus >= 0 && (k.Types() || k == ui.KeySpace):
			// Typed into the name field, not a button's key.
		case k == ui.Key1 && len(s.conts) > 0:
			rest = append(rest, ui.KeyEnter) // the newest game's button shows Enter
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed
}

// Do carries out one of the screen's own commands — the choices, Delete,
// Delete finished — and reports whether cmd was one (Start, Continue,
// Watch, Export, Scenarios, Sandbox are the window's). Any command but a
// Delete forgets a Delete's question.
func (s *Screen) Do(cmd ui.Command) bool {
	if cmd.Kind != ui.CmdDeleteFinished {
		s.delAsked = false // only the very next press confirms
	}
	if cmd.Kind != ui.CmdDeleteGame || cmd.ID != s.delGame {
		s.delGame = "" // the same: only the next press of the same Delete
	}
	switch cmd.Kind {
	case ui.CmdDeleteFinished:
		s.deleteFinished()
	case ui.CmdDeleteGame:
		s.deleteGame(cmd.ID)
	case ui.CmdMap:
		if cmd.N >= 0 && cmd.N < len(s.maps) {
			s.mapIdx = cmd.N
			s.clampPlayers()
		}
	case ui.CmdNextMap:
		s.mapIdx = (s.mapIdx + cmd.N + len(s.maps)) % len(s.maps)
		s.clampPlayers()
	case ui.CmdPlayers:
		s.n = cmd.N
		s.clampPlayers()
	case ui.CmdNextPlayer:
		s.n += cmd.N
		s.clampPlayers()
	case ui.CmdEditName:
		s.focus = cmd.N
	case ui.CmdCancel:
		s.focus = -1
	case ui.CmdSeatLevel, ui.CmdBotPause:
		s.bots.do(cmd, s.hosted)
	case ui.CmdNetwork:
		s.hosted = !s.hosted && s.canHost
		for i, l := range s.bots.level {
			if l == Remote && !s.hosted {
				s.bots.level[i] = Human
			}
		}
	case ui.CmdVariant:
		if s.variant == rules.Citadel {
			s.variant = rules.Plain
		} else {
			s.variant = rules.Citadel
		}
	default:
		return false
	}
	if s.focus >= s.n {
		s.focus = -1
	}
	return true
}

// Click on nothing leaves the name field.
func (s *Screen) Click() { s.focus = -1 }

// Refresh reads the unfinished saved games of saves to offer (nil: none)
// and the room they take.
func (s *Screen) Refresh(saves store.Store) {
	s.saves = saves
	s.conts, s.room, s.delAsked, s.delGame = nil, session.Room{}, false, ""
	if saves == nil {
		return
	}
	l, room, err := session.Survey(saves)
	s.conts, s.room = l, room
	if err != nil {
		s.Say("Some saved games could not be read: "+err.Error(), true)
	}
}

// Home is the screen as a player comes back to it: its message and the
// game to watch forgotten, a setup that could not be kept said, the saved
// games read again.
func (s *Screen) Home(saves store.Store) {
	s.msg, s.watch = "", ""
	if s.setupErr != nil {
		s.Say("This setup could not be kept for the next start: "+s.setupErr.Error(), true)
	}
	s.Refresh(saves)
}

// Continues are the unfinished saved games offered, newest first.
func (s *Screen) Continues() []session.Summary { return s.conts }

// Say puts msg on the message line: a refusal or a failure when isErr,
// else news.
func (s *Screen) Say(msg string, isErr bool) { s.msg, s.msgErr = msg, isErr }

// Message is the message line and whether it says a refusal.
func (s *Screen) Message() (string, bool) { return s.msg, s.msgErr }

// Watch is the save of a game Continue found open in another window ("":
// none); SetWatch offers it (the Watch button), or forgets it ("").
func (s *Screen) Watch() string        { return s.watch }
func (s *Screen) SetWatch(save string) { s.watch = save }

// errLine is err's text on one line (errors.Join puts each on its own).
func errLine(err error) string { return strings.ReplaceAll(err.Error(), "\n", "; ") }

// deleteFinished is the Delete finished button: the first press asks, the
// second deletes.
func (s *Screen) deleteFinished() {
	if s.saves == nil || s.room.Finished == 0 {
		return
	}
	if !s.delAsked {
		s.delAsked = true
		s.Say(fmt.Sprintf("Press again to delete %s (%s) for good.", words.Count(s.room.Finished, "finished game"), roomSize(s.room.FinishedBytes)), true)
		return
	}
	s.delAsked = false
	n, bytes, err := session.DeleteFinished(s.saves, s.room)
	s.Refresh(s.saves)
	msg := fmt.Sprintf("Deleted %s (%s).", words.Count(n, "finished game"), roomSize(bytes))
	if err != nil {
		s.Say(msg+" Not deleted: "+errLine(err), true)
		return
	}
	s.Say(msg, false)
}

// deleteGame is a listed game's Delete button: the first press asks, the
// second deletes its save, unless another window holds it.
func (s *Screen) deleteGame(id string) {
	i := slices.IndexFunc(s.conts, func(x session.Summary) bool { return x.ID == id })
	if s.saves == nil || i < 0 {
		return
	}
	// The round and the time tell apart two games of the same players.
	_, when, _ := strings.Cut(s.conts[i].Label(s.clock()), " — ")
	who := fmt.Sprintf("the game of %s (%s)", words.List(s.conts[i].Players), when)
	if s.delGame != id {
		s.delGame = id
		s.Say("Press again to delete "+who+".", true)
		return
	}
	err := session.DeleteSave(s.saves, id)
	s.Refresh(s.saves)
	switch {
	case errors.Is(err, store.ErrInUse):
		s.Say("Not deleted: "+who+" is open in another window (close it there first).", true)
	case err != nil:
		s.Say("Not deleted: "+errLine(err), true)
	default:
		s.Say("Deleted "+who+".", false)
	}
}

// Export exports saves ids (the game of an Export button, in progress, or
// Export finished's: cmd says which) through keep — the desktop writes
// them into a folder, a page downloads them — and says on the message
// line where they went, and which could not be exported. A game in
// progress is a spoiler, and the message says so.
func (s *Screen) Export(cmd ui.Command, keep func([]session.ExportFile) (string, error)) {
	ids, inProgress := []string{cmd.ID}, true
	if cmd.Kind == ui.CmdExportFinished {
		ids, inProgress = s.room.FinishedIDs(), false
	}
	if s.saves == nil || len(ids) == 0 {
		return
	}
	files, err := session.ExportAll(s.saves, ids)
	errs := []error{err}
	var msg string
	if len(files) > 0 {
		m, err := keep(files)
		msg = m
		if inProgress && m != "" {
			msg += " A spoiler: it holds every secret of the game."
		}
		errs = append(errs, err)
	}
	if err := errors.Join(errs...); err != nil {
		s.Say(strings.TrimSpace(msg+" Not exported: "+errLine(err)), true)
		return
	}
	s.Say(msg, false)
}
