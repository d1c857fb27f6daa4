package app

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"notrueking/gamefile"
	"notrueking/internal/version"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/spectate"
	"notrueking/store"
	"notrueking/table"
	"notrueking/ui"
	"notrueking/words"
)

// startScene is the start screen: map, players and names, who plays each
// seat, or a saved game to continue. A normal game's seed is drawn when it
// starts and never shown here; a tester's seed (-seed) is shown and marks
// the game. The app keeps it between games (App.home).
type startScene struct {
	maps   []mapChoice
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
	// conts are the unfinished saved games, newest first.
	conts []session.Summary
	now   func() time.Time
	// bots: who plays each seat, and the pause between bot moves.
	bots seatBotsConf
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
	// be played from other devices that join (the toggle; -host).
	hosted bool
}

// maxContinues is how many saved games the start screen offers.
const maxContinues = 8

type mapChoice struct {
	ID, Label string
	Min, Max  int
	Seats     []string // conspiracy display names, seat order
}

// startMaps lists the maps offered; the nine-player map is one more entry.
// (Run replaces it with the shipped maps, so a new map file needs no code.)
var startMaps = []mapChoice{{ID: "standard", Label: "Westeros (standard, 2–4 players)", Min: 2, Max: 4,
	Seats: []string{"Crown", "Torch", "Helm", "Gauntlet"}}}

var defaultNames = []string{"Alice", "Bob", "Carol", "Dave", "Erin", "Frank", "Grace", "Heidi", "Ivan"}

func newStartScene(o Options) *startScene {
	s := &startScene{n: 4, focus: -1}
	s.setMaps(startMaps, o.Map)
	s.names = append([]string(nil), defaultNames...)
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
	s.bots = newSeatBotsConf(o)
	s.hosted = slices.Contains(s.bots.level[:], Remote)
	return s
}

// setMaps offers the given maps, selecting want (an id or a file path,
// which is added to the list) or the first.
func (s *startScene) setMaps(ms []mapChoice, want string) {
	s.maps = append([]mapChoice(nil), ms...)
	s.mapIdx = 0
	if want != "" {
		s.mapIdx = -1
		for i, m := range s.maps {
			if m.ID == want {
				s.mapIdx = i
			}
		}
		if s.mapIdx < 0 {
			s.maps = append(s.maps, mapChoice{ID: want, Label: want, Min: 2, Max: 9})
			s.mapIdx = len(s.maps) - 1
		}
	}
	s.clampPlayers()
}

func (s *startScene) clampPlayers() {
	mc := s.maps[s.mapIdx]
	s.n = min(max(s.n, mc.Min), mc.Max, len(defaultNames))
}

func (s *startScene) mapID() string { return s.maps[s.mapIdx].ID }

func (s *startScene) playerNames() []string {
	out := make([]string, s.n)
	for i := range out {
		out[i] = strings.TrimSpace(s.names[i])
		if out[i] == "" {
			out[i] = defaultNames[i]
		}
	}
	return out
}

// seed is the seed of a game started now: the tester's, or a fresh one
// from the system's random source (a secret until the game ends).
func (s *startScene) seed() uint64 {
	if s.tester {
		return s.testSeed
	}
	return secretSeed()
}

// secretSeed draws a seed from crypto/rand: nobody can predict the deck
// order of a normal game.
func secretSeed() uint64 {
	var b [8]byte
	rand.Read(b[:]) // never fails (it crashes the program instead)
	return binary.LittleEndian.Uint64(b[:])
}

// edit edits the focused field; it reports whether anything changed.
func (s *startScene) edit(in ui.Input) bool {
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

// Show: the title, the choices, the games to continue.
func (s *startScene) Show(*Context) Shown { return Shown{Widgets: s.widgets()} }

// widgets are the start screen's.
func (s *startScene) widgets() []ui.Widget {
	ws := []ui.Widget{
		{R: ui.Rect{X: 0, Y: 0, W: ui.BaseW, H: ui.BaseH}, Kind: ui.WPanel, Fill: ui.ColBG},
		{R: ui.Rect{X: 0, Y: 70, W: ui.BaseW, H: 70}, Kind: ui.WText, Text: "No True King", Size: 60, Bold: true, Align: ui.AlignCenter, Ink: ui.ColGold},
		{R: ui.Rect{X: 0, Y: 150, W: ui.BaseW, H: 30}, Kind: ui.WText, Text: s.subtitle(), Size: 22, Align: ui.AlignCenter, Ink: ui.ColDim},
		// The build's stamp, small in the corner: which build a player
		// runs, for a bug report (notrueking -version prints it whole).
		{R: ui.Rect{X: ui.BaseW - 520, Y: ui.BaseH - 26, W: 508, H: 18}, Kind: ui.WText, Text: version.Get().Short(), Size: 13, Align: ui.AlignRight, Ink: ui.ColDim},
	}
	px := 450.0
	if len(s.conts) > 0 || s.room.Saves > 0 {
		px = 140 // the saved games take the right half
		ws = append(ws, s.continueWidgets(ui.Rect{X: 870, Y: 210, W: 590, H: 600})...)
		ws = append(ws, s.roomWidgets(ui.Rect{X: 870, Y: 818, W: 590, H: 36})...)
	}
	if s.watch != "" {
		// Continue found the game open in another window: watch it here,
		// as the spectator window does (Esc comes back).
		b := ui.Button(ui.Rect{X: 882, Y: 758, W: 566, H: 40}, "Watch it here, as a spectator", ui.CmdTarget(ui.Command{Kind: ui.CmdWatch}))
		b.Key, b.Fill = ui.KeyW, ui.ColOK
		b.Tip = "Follow the game the other window plays, public view only; Esc comes back here."
		ws = append(ws, b)
	}
	// Name rows close up for more than six players so that nine names, the
	// Start button and the hint fit the panel.
	pitch, ph := 50.0, 640.0
	if s.n > 6 {
		pitch = 36
	}
	ws = append(ws, ui.Panel(ui.Rect{X: px, Y: 210, W: 700, H: ph}, "")...)
	x := px + 40
	y := 240.0
	row := func(label string) {
		ws = append(ws, ui.Text(ui.Rect{X: x, Y: y + 8, W: 170, H: 30}, label, 22, ui.ColText))
	}
	// Every map is a choice of its own; Up and Down pick the one above
	// or below.
	row("Map")
	mh := math.Min(44, 104/float64(max(len(s.maps), 1)))
	for i, m := range s.maps {
		b := ui.Button(ui.Rect{X: x + 180, Y: y, W: 440, H: mh - 4}, m.Label, ui.CmdTarget(ui.Command{Kind: ui.CmdMap, N: i}))
		b.Size = 15
		b.Tip = "Up and Down choose the map."
		if i == s.mapIdx {
			b.Fill, b.Selected, b.Key = ui.ColOK, true, ui.KeyUpDown
		}
		ws = append(ws, b)
		y += mh
	}
	y += 20
	row("Players")
	mc := s.maps[s.mapIdx]
	for n := mc.Min; n <= mc.Max; n++ {
		b := ui.Button(ui.Rect{X: x + 180 + float64(n-mc.Min)*48, Y: y, W: 44, H: 44}, strconv.Itoa(n), ui.CmdTarget(ui.Command{Kind: ui.CmdPlayers, N: n}))
		b.Size = 20
		b.Tip = "Left and Right choose fewer or more players."
		if n == s.n {
			b.Fill, b.Selected = ui.ColOK, true
		}
		ws = append(ws, b)
	}
	ws = append(ws, ui.Widget{R: ui.Rect{X: x + 180 + float64(mc.Max-mc.Min+1)*48 + 4, Y: y + 12, W: 60, H: 20}, Kind: ui.WText, Text: "← →", Size: 15, Ink: ui.ColDim})
	y += 60
	for i := 0; i < s.n; i++ {
		seat := fmt.Sprintf("Seat %d", i+1)
		if i < len(mc.Seats) {
			seat = mc.Seats[i]
		}
		row(seat)
		f := ui.Widget{R: ui.Rect{X: x + 180, Y: y, W: 290, H: math.Min(40, pitch-6)}, Kind: ui.WField, Text: s.names[i], Size: 20, Fill: ui.ColPanelHi, Ink: ui.ColText, Edge: ui.SeatColor(rules.Seat(i)),
			T: ui.CmdTarget(ui.Command{Kind: ui.CmdEditName, N: i})}
		if s.focus == i {
			f.Text += "|"
			f.Selected = true
		}
		ws = append(ws, f, s.seatLevelWidget(i, ui.Rect{X: x + 480, Y: y, W: 140, H: math.Min(40, pitch-6)}))
		y += pitch
	}
	y += 14
	if s.tester {
		// A typed seed is no secret: say so before the game starts.
		row("Seed")
		ws = append(ws, ui.Widget{R: ui.Rect{X: x + 180, Y: y, W: 440, H: 40}, Kind: ui.WBox, Text: table.TesterText(s.testSeed), Size: 18, Bold: true, Fill: ui.ColWarn, Ink: ui.ColText})
		y += 56
	}
	b := ui.Button(ui.Rect{X: x + 180, Y: y, W: 260, H: 56}, "Start", ui.CmdTarget(ui.Command{Kind: ui.CmdStart}))
	b.Size, b.Fill, b.Key = 26, ui.ColOK, ui.KeyEnter
	if len(s.conts) > 0 {
		// Enter continues the newest game; N starts a new one.
		b.Key, b.Tip = ui.KeyN, "A new game of this map and these players (Enter continues the newest saved game)."
	}
	if canHost {
		// Two toggles, one above the other, left of Start.
		ws = append(ws, b, s.variantWidget(ui.Rect{X: x, Y: y, W: 170, H: 27}, false), s.networkWidget(ui.Rect{X: x, Y: y + 29, W: 170, H: 27}))
	} else {
		ws = append(ws, b, s.variantWidget(ui.Rect{X: x, Y: y, W: 170, H: 56}, true))
	}
	ws = append(ws, s.botPauseWidget(ui.Rect{X: x + 460, Y: y + 8, W: 160, H: 40})...)
	sbx := ui.Button(ui.Rect{X: x + 450, Y: y + 68, W: 170, H: 36}, "Sandbox", ui.CmdTarget(ui.Command{Kind: ui.CmdSandbox}))
	sbx.Tip = "Edit this map's starting position for these players (units, flags, agents, cards), then play from it: a tester's tool."
	scn := ui.Button(ui.Rect{X: x + 450, Y: y + 110, W: 170, H: 36}, "Scenarios", ui.CmdTarget(ui.Command{Kind: ui.CmdScenarios}))
	scn.Key, scn.Tip = ui.KeyF3, "The scenarios, shipped and saved, each with what to try: a click plays one from its position."
	ws = append(ws, sbx, scn)
	ws = append(ws, ui.Widget{R: ui.Rect{X: x, Y: y + 76, W: 440, H: 22}, Kind: ui.WText, Text: "Click a name to edit it · Tab: next name · F1: help", Size: 15, Ink: ui.ColDim})
	if s.msg != "" {
		// Red for a refusal or a failure, green for news (a file opened,
		// a map loaded).
		fill := ui.ColOK
		if s.msgErr {
			fill = ui.ColWarn
		}
		// A message longer than the bar (an export's path and its spoiler
		// warning, the game a Delete question names) takes two smaller
		// lines; what still does not fit is cut, whole in the tooltip.
		msg, size, y, h := s.msg, 18.0, 856.0, 36.0
		if rows := ui.WrapText(msg, size, 676, 0); len(rows) > 1 {
			size, y, h = 15, 852, 44
			if rows = ui.WrapText(msg, size, 676, 0); len(rows) > 1 {
				msg = rows[0] + "\n" + strings.Join(rows[1:], " ")
			}
		}
		ws = append(ws, ui.Widget{R: ui.Rect{X: px, Y: y, W: 700, H: h}, Kind: ui.WPanel, Fill: fill},
			ui.Widget{R: ui.Rect{X: px + 12, Y: y + (h-size*1.2*float64(strings.Count(msg, "\n")+1))/2, W: 676, H: h - 8}, Kind: ui.WText, Text: msg, Size: size, Ink: ui.ColText, Tip: s.msg})
	}
	return ws
}

// continueWidgets lists the unfinished saved games, newest first, as
// "Continue: Alice, Bob, Carol" / "round 2, 18:40" buttons, each with its
// Export and Delete.
func (s *startScene) continueWidgets(r ui.Rect) []ui.Widget {
	ws := ui.Panel(r, "Games in progress (saved after every action)")
	now := s.clock()
	for i, c := range s.conts[:min(len(s.conts), maxContinues)] {
		y := r.Y + 44 + float64(i)*62
		// The players on one line, the round and the time of the save on
		// the next: beside Export and Delete one line would cut them off.
		label := strings.Replace(c.Label(now), " — ", "\n", 1)
		b := ui.Button(ui.Rect{X: r.X + 16, Y: y, W: r.W - 32 - gameToolW - 6, H: 52}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdContinue, ID: c.ID}))
		b.Size, b.Key = 16, ui.Digit(i+1)
		if i == 0 {
			// The newest game is offered first: Enter (or 1) continues it.
			b.Key, b.Fill = ui.KeyEnter, ui.ColOK
		}
		if c.Tester {
			b.Text += "  (tester)"
		}
		ws = append(ws, b)
		ws = append(ws, s.gameTools(c, ui.Rect{X: r.X + r.W - 16 - gameToolW, Y: y, W: gameToolW, H: 52})...)
	}
	if len(s.conts) == 0 {
		ws = append(ws, ui.Text(ui.Rect{X: r.X + 16, Y: r.Y + 50, W: r.W - 32, H: 22}, "No game in progress.", 17, ui.ColDim))
	}
	if len(s.conts) > maxContinues {
		ws = append(ws, ui.Text(ui.Rect{X: r.X + 16, Y: r.Y + r.H - 30, W: r.W - 32, H: 22}, fmt.Sprintf("and %d older games", len(s.conts)-maxContinues), 15, ui.ColDim))
	}
	return ws
}

// clock is the time now (s.now, which a test sets; else time.Now).
func (s *startScene) clock() time.Time {
	if s.now != nil {
		return s.now()
	}
	return time.Now()
}

// gameToolW is the width of a listed game's Export and Delete buttons.
const gameToolW = 96

// gameTools are the small Export and Delete buttons of a listed game, one
// above the other in r: Delete turns red and asks on the first press.
func (s *startScene) gameTools(c session.Summary, r ui.Rect) []ui.Widget {
	h := (r.H - 4) / 2
	ex := ui.Button(ui.Rect{X: r.X, Y: r.Y, W: r.W, H: h}, "Export", ui.CmdTarget(ui.Command{Kind: ui.CmdExportGame, ID: c.ID}))
	ex.Size, ex.Tip = 14, exportTip
	del := ui.Button(ui.Rect{X: r.X, Y: r.Y + h + 4, W: r.W, H: h}, "Delete", ui.CmdTarget(ui.Command{Kind: ui.CmdDeleteGame, ID: c.ID}))
	del.Size = 14
	del.Tip = "Delete this game's save after a second press: the game can no longer be continued or replayed."
	if s.delGame == c.ID {
		del.Text, del.Fill = "Press again", ui.ColWarn
	}
	return []ui.Widget{ex, del}
}

// exportTip is the tooltip of the Export buttons: where the files go.
const exportTip = "Keep the save as a file (its record: the replay viewer and -load open it); on the desktop in the exports folder beside the saves, in a browser as a download. It holds every secret of the game."

// roomWidgets say how much room the saved games take and offer to delete
// the finished ones (Continue no longer offers them; their replays go
// with them), a second press confirming.
func (s *startScene) roomWidgets(r ui.Rect) []ui.Widget {
	rm := s.room
	line := fmt.Sprintf("%s %s %s", words.Count(rm.Saves, "saved game"), words.Agree(rm.Saves, "takes", "take"), roomSize(rm.Bytes))
	ws := []ui.Widget{{R: ui.Rect{X: r.X + 4, Y: r.Y + 8, W: 210, H: 22}, Kind: ui.WText, Text: line, Size: 15, Ink: ui.ColDim,
		Tip: line + ", in progress and finished (a finished game's save is its record: the replay viewer opens it)."}}
	if rm.Finished == 0 {
		return ws
	}
	ex := ui.Button(ui.Rect{X: r.X + 218, Y: r.Y, W: 136, H: r.H}, "Export finished", ui.CmdTarget(ui.Command{Kind: ui.CmdExportFinished}))
	ex.Size, ex.Tip = 15, exportTip
	ws = append(ws, ex)
	label := fmt.Sprintf("Delete %d finished (%s)", rm.Finished, roomSize(rm.FinishedBytes))
	if s.delAsked {
		label = "Press again to delete them"
	}
	b := ui.Button(ui.Rect{X: r.X + 360, Y: r.Y, W: r.W - 360, H: r.H}, label, ui.CmdTarget(ui.Command{Kind: ui.CmdDeleteFinished}))
	b.Size = 15
	b.Tip = fmt.Sprintf("Delete the saves of the %s that are over (%s), after a second press. Games in progress stay, and so does a save open in another window.",
		words.Count(rm.Finished, "game"), roomSize(rm.FinishedBytes))
	if s.delAsked {
		b.Fill = ui.ColWarn
	}
	return append(ws, b)
}

// roomSize words a number of bytes as a player reads it: "940 bytes",
// "12 KB", "1.4 MB".
func roomSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%d KB", (n+1<<9)>>10)
	}
	return words.Count(int(n), "byte")
}

// deleteFinished is the Delete finished button: the first press asks, the
// second deletes.
func (s *startScene) deleteFinished(c *Context) {
	saves := c.app.opts.Saves
	if saves == nil || s.room.Finished == 0 {
		return
	}
	if !s.delAsked {
		s.delAsked = true
		s.say(fmt.Sprintf("Press again to delete %s (%s) for good.", words.Count(s.room.Finished, "finished game"), roomSize(s.room.FinishedBytes)), true)
		return
	}
	s.delAsked = false
	n, bytes, err := session.DeleteFinished(saves, s.room)
	s.refresh(c)
	msg := fmt.Sprintf("Deleted %s (%s).", words.Count(n, "finished game"), roomSize(bytes))
	if err != nil {
		s.say(msg+" Not deleted: "+errLine(err), true)
		return
	}
	s.say(msg, false)
}

// deleteGame is a listed game's Delete button: the first press asks, the
// second deletes its save, unless another window holds it.
func (s *startScene) deleteGame(c *Context, id string) {
	saves := c.app.opts.Saves
	i := slices.IndexFunc(s.conts, func(x session.Summary) bool { return x.ID == id })
	if saves == nil || i < 0 {
		return
	}
	// The round and the time tell apart two games of the same players.
	_, when, _ := strings.Cut(s.conts[i].Label(s.clock()), " — ")
	who := fmt.Sprintf("the game of %s (%s)", words.List(s.conts[i].Players), when)
	if s.delGame != id {
		s.delGame = id
		s.say("Press again to delete "+who+".", true)
		return
	}
	err := session.DeleteSave(saves, id)
	s.refresh(c)
	switch {
	case errors.Is(err, store.ErrInUse):
		s.say("Not deleted: "+who+" is open in another window (close it there first).", true)
	case err != nil:
		s.say("Not deleted: "+errLine(err), true)
	default:
		s.say("Deleted "+who+".", false)
	}
}

// Keys: the focused name field takes the text; Left and Right choose
// fewer or more players, Up and Down the map; Esc leaves the field.
func (s *startScene) Keys(in ui.Input, c *Context) ([]ui.Key, bool) {
	changed := s.edit(in)
	var rest []ui.Key
	for _, k := range in.Pressed() {
		switch {
		case k == ui.KeyLeft || k == ui.KeyRight:
			s.Do(ui.Command{Kind: ui.CmdNextPlayer, N: map[ui.Key]int{ui.KeyLeft: -1, ui.KeyRight: 1}[k]}, c)
			changed = true
		case k == ui.KeyUp || k == ui.KeyDown:
			s.Do(ui.Command{Kind: ui.CmdNextMap, N: map[ui.Key]int{ui.KeyUp: -1, ui.KeyDown: 1}[k]}, c)
			changed = true
		case k == ui.KeyEsc && s.focus >= 0:
			s.focus = -1
			changed = true
		case s.focus >= 0 && (k.Types() || k == ui.KeySpace):
			// Typed into the name field, not a button's key.
		case k == ui.Key1 && len(s.conts) > 0:
			rest = append(rest, ui.KeyEnter) // the newest game's button shows Enter
		case k == ui.KeyF3:
			s.Do(ui.Command{Kind: ui.CmdScenarios}, c)
			changed = true
		default:
			rest = append(rest, k)
		}
	}
	return rest, changed
}

func (s *startScene) Do(cmd ui.Command, c *Context) {
	if cmd.Kind != ui.CmdDeleteFinished {
		s.delAsked = false // only the very next press confirms
	}
	if cmd.Kind != ui.CmdDeleteGame || cmd.ID != s.delGame {
		s.delGame = "" // the same: only the next press of the same Delete
	}
	switch cmd.Kind {
	case ui.CmdStart:
		s.open(c, startGame)
	case ui.CmdWatch:
		if s.watch != "" {
			s.watchGame(c)
		}
	case ui.CmdDeleteFinished:
		s.deleteFinished(c)
		return
	case ui.CmdDeleteGame:
		s.deleteGame(c, cmd.ID)
		return
	case ui.CmdExportGame:
		s.exportGames(c, []string{cmd.ID}, true)
	case ui.CmdExportFinished:
		s.exportGames(c, s.room.FinishedIDs(), false)
	case ui.CmdContinue:
		s.open(c, func(c *Context) (Scene, error) { return continueGame(c, cmd.ID) })
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
		s.startBotCommand(cmd)
	case ui.CmdScenarios:
		c.GoTo(newScenarioScene(c, s, nil))
	case ui.CmdSandbox:
		s.open(c, sandboxFromStart)
	case ui.CmdNetwork:
		s.hosted = !s.hosted && canHost
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
	}
	if s.focus >= s.n {
		s.focus = -1
	}
}

// open goes to the scene next opens, or says why it cannot.
func (s *startScene) open(c *Context, next func(*Context) (Scene, error)) {
	s.watch = ""
	sc, err := next(c)
	if err != nil {
		s.say(err.Error(), true)
		return
	}
	c.GoTo(sc)
}

// watchGame follows the game Continue found open in another window, as
// the spectator window does; Esc comes back to the start screen.
func (s *startScene) watchGame(c *Context) {
	f, err := spectate.Open(s.watch, mapLoader)
	if err != nil {
		s.say(err.Error(), true)
		return
	}
	s.msg, s.watch = "", ""
	c.GoTo(&spectateScene{s: f, fromHome: true})
}

// Click on nothing leaves the name field.
func (s *startScene) Click(ui.Target, *Context) { s.focus = -1 }

func (s *startScene) Tick(time.Time, *Context) bool { return false }

// refresh reads the unfinished saved games to offer.
func (s *startScene) refresh(c *Context) {
	s.conts, s.room, s.delAsked, s.delGame = nil, session.Room{}, false, ""
	saves := c.app.opts.Saves
	if saves == nil {
		return
	}
	l, room, err := session.Survey(saves)
	s.conts, s.room = l, room
	if err != nil {
		s.say("Some saved games could not be read: "+err.Error(), true)
	}
}

// goHome goes back to the start screen, its message cleared and its
// saved games read again.
func (c *Context) goHome() {
	h := c.app.home
	h.msg, h.watch = "", ""
	if h.setupErr != nil {
		h.say("This setup could not be kept for the next start: "+h.setupErr.Error(), true)
	}
	h.refresh(c)
	c.GoTo(h)
}

// say puts msg on the start screen's message line: a refusal or a
// failure when isErr, else news.
func (s *startScene) say(msg string, isErr bool) { s.msg, s.msgErr = msg, isErr }

// startGame starts a game of the map and players chosen on the start
// screen.
func startGame(c *Context) (Scene, error) {
	s := c.app.home
	names := s.playerNames()
	seed := s.seed()
	g, err := c.app.newGame(s.mapID(), names, seed, s.variant)
	if err != nil {
		return nil, err
	}
	s.keepSetup(c.app.opts.Prefs)
	id := gameID{tester: s.tester}
	id.mapName, id.mapSum = gamefile.MapName(s.mapID(), g.Map())
	lg, at := startMatch(c, g, id, s.botDriver(len(names), seed))
	if lg.Hosting() != nil {
		// The join link and its QR code first: the others need it.
		at = &netScene{under: at, lg: lg}
	}
	return at, nil
}

// variantWidget is the Citadel variant's toggle, left of Start: on, the
// next game is played with the Citadel's rules (docs/rules.md).
func (s *startScene) variantWidget(r ui.Rect, tall bool) ui.Widget {
	on := "off"
	if s.variant == rules.Citadel {
		on = "on"
	}
	label, size := "Citadel variant: "+on, 14.0
	if tall {
		label, size = "Citadel variant\n"+on, 16
	}
	b := ui.Button(r, label, ui.CmdTarget(ui.Command{Kind: ui.CmdVariant}))
	b.Size, b.Key = size, ui.KeyV
	b.Tip = "The Citadel variant (seed 000): a Maester may study at the Citadel instead of mustering, moving or drawing — a secret aim, a public roll of dice that grow with Crystals of Knowledge, ravens that become Dark Wings cards (Lost Orders, Ill Tidings). Off: the plain game. V toggles it."
	if s.variant == rules.Citadel {
		b.Fill, b.Selected = ui.ColOK, true
	}
	return b
}

// networkWidget is the toggle of hosting the next game on the network:
// on, a seat may be Remote — played by someone who joins from their own
// device with the game's link — and the game runs here, the host.
func (s *startScene) networkWidget(r ui.Rect) ui.Widget {
	label := "Host on network: off"
	if s.hosted {
		label = "Host on network: on"
	}
	b := ui.Button(r, label, ui.CmdTarget(ui.Command{Kind: ui.CmdNetwork}))
	b.Size = 14
	b.Tip = "Host the game on the network: players join from their own devices with its link (a seat's button then offers Remote). This computer runs the game and keeps its save; it is the dealer. Off: everyone plays at this screen."
	if s.hosted {
		b.Fill, b.Selected = ui.ColOK, true
	}
	return b
}

// subtitle says how the next game is played: at one screen, or hosted
// here for players at their own devices.
func (s *startScene) subtitle() string {
	if s.hosted {
		return "Puppet masters of the great houses — hosted here: the others join from their own devices"
	}
	return "Puppet masters of the great houses — a hot-seat game for one screen"
}
