package table_test

import (
	"encoding/json"
	"errors"
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
	"reflect"
	"testing"

	"notrueking/board"
	"notrueking/internal/byclicks"
	"notrueking/internal/tabletest"
	"notrueking/rules"
	"notrueking/table"
	"notrueking/ui"
)

// Remote seats: the table reaches its game only through table.Game, whose
// every argument and answer is plain data. These tests put the game on
// the far side of a serialising boundary, as a game served by another
// process would be: each call is a request (the method and its arguments)
// encoded as JSON, the server decodes it, asks the rules game, and
// encodes the answer (an error as its words), which the table's side
// decodes. Nothing else passes between them.

// request is one call across the wire.
type request struct {
	Method string          `json:"method"`
	Args   json.RawMessage `json:"args,omitempty"`
}

// answer is its reply: the value, or an error's words.
type answer struct {
	Value json.RawMessage `json:"value,omitempty"`
	Err   string          `json:"err,omitempty"`
}

// eventFor is EventText's arguments.
type eventFor struct {
	E      rules.Event `json:"e"`
	Viewer rules.Seat  `json:"viewer"`
}

// tryArgs is TryMove's (and TryDestinations') arguments.
type tryArgs struct {
	H        board.HouseID
	From, To board.TerrID
	Units    [board.NumUnits]int
}

// serve is the server's side: one encoded request in, one encoded answer
// out, answered by g.
func serve(eng *rules.Game) func([]byte) ([]byte, error) {
	g := rules.HotSeat(eng)
	return func(in []byte) ([]byte, error) {
		var req request
		if err := json.Unmarshal(in, &req); err != nil {
			return nil, err
		}
		var (
			v   any
			err error
			a   rules.Action
			n   int
			s   rules.Seat
			e   eventFor
			tr  tryArgs
			bad error
		)
		arg := func(dst any) {
			if len(req.Args) > 0 {
				bad = json.Unmarshal(req.Args, dst)
			}
		}
		switch req.Method {
		case "Map":
			v = g.Map()
		case "Seats":
			v = g.Seats()
		case "View":
			arg(&s)
			v = g.View(s)
		case "ViewAt":
			var ns struct {
				N    int
				Seat rules.Seat
			}
			arg(&ns)
			v, err = g.ViewAt(ns.N, ns.Seat)
		case "EventText":
			arg(&e)
			v = g.EventText(e.E, e.Viewer)
		case "ToAct":
			v = g.ToAct()
		case "Over":
			v = g.Over()
		case "Legal":
			v = g.Legal()
		case "LegalFor":
			arg(&s)
			v = g.LegalFor(s)
		case "Check":
			arg(&a)
			err = g.Check(a)
		case "Len":
			v = g.Len()
		case "PublicActions":
			v = g.PublicActions()
		case "Holds":
			arg(&s)
			v = g.Holds(s)
		case "CanUndo":
			err = g.CanUndo()
		case "CanRedo":
			v = g.CanRedo()
		case "PreviewCombat":
			arg(&a)
			v, err = g.PreviewCombat(a)
		case "CombatResult":
			arg(&n)
			v, err = g.CombatResult(n)
		case "TryMove":
			arg(&tr)
			err = g.TryMove(tr.H, tr.From, tr.To, tr.Units)
		case "TryDestinations":
			arg(&tr)
			v = g.TryDestinations(tr.H, tr.From)
		case "Apply":
			arg(&a)
			v, err = g.Apply(a)
		case "Undo":
			err = g.Undo()
		case "Redo":
			v, err = g.Redo()
		default:
			return nil, fmt.Errorf("no method %q", req.Method)
		}
		if bad != nil {
			return nil, fmt.Errorf("%s: %v", req.Method, bad)
		}
		var ans answer
		if err != nil {
			ans.Err = err.Error()
		}
		if v != nil {
			b, merr := json.Marshal(v)
			if merr != nil {
				return nil, merr
			}
			ans.Value = b
		}
		return json.Marshal(ans)
	}
}

// remote is the table's side of the wire: a table.Game whose every call
// is encoded, sent to the server and its answer decoded.
type remote struct {
	t      testing.TB
	server func([]byte) ([]byte, error)
	calls  map[string]int
	bytes  int
}

var _ table.Game = (*remote)(nil)

func newRemote(t testing.TB, g *rules.Game) *remote {
	return &remote{t: t, server: serve(g), calls: map[string]int{}}
}

// call sends method with args and decodes the answer into out (nil: none
// expected); the error is the server's, rebuilt from its words.
func (r *remote) call(method string, args, out any) error {
	r.t.Helper()
	req := request{Method: method}
	if args != nil {
		b, err := json.Marshal(args)
		if err != nil {
			r.t.Fatalf("%s: encoding the arguments: %v", method, err)
		}
		req.Args = b
	}
	in, err := json.Marshal(req)
	if err != nil {
		r.t.Fatal(err)
	}
	outb, err := r.server(in)
	if err != nil {
		r.t.Fatalf("%s: the server: %v", method, err)
	}
	r.calls[method]++
	r.bytes += len(in) + len(outb)
	var ans answer
	if err := json.Unmarshal(outb, &ans); err != nil {
		r.t.Fatalf("%s: decoding the answer: %v", method, err)
	}
	if out != nil && len(ans.Value) > 0 {
		if err := json.Unmarshal(ans.Value, out); err != nil {
			r.t.Fatalf("%s: decoding %s: %v", method, ans.Value, err)
		}
	}
	if ans.Err != "" {
		return errors.New(ans.Err)
	}
	return nil
}

func (r *remote) Map() *board.Map {
	var m board.Map
	r.call("Map", nil, &m)
	m.Index() // the lookups are built where the map is read, as maps does
	return &m
}

func (r *remote) Seats() (s []string) { r.call("Seats", nil, &s); return s }

func (r *remote) View(seat rules.Seat) (v rules.View) { r.call("View", seat, &v); return v }

func (r *remote) ViewAt(n int, seat rules.Seat) (v rules.View, err error) {
	err = r.call("ViewAt", struct {
		N    int
		Seat rules.Seat
	}{n, seat}, &v)
	return v, err
}

func (r *remote) EventText(e rules.Event, viewer rules.Seat) (s string) {
	r.call("EventText", eventFor{e, viewer}, &s)
	return s
}

func (r *remote) ToAct() (s rules.Seat)      { r.call("ToAct", nil, &s); return s }
func (r *remote) Over() (b bool)             { r.call("Over", nil, &b); return b }
func (r *remote) Legal() (as []rules.Action) { r.call("Legal", nil, &as); return as }
func (r *remote) LegalFor(s rules.Seat) (as []rules.Action) {
	r.call("LegalFor", s, &as)
	return as
}
func (r *remote) Check(a rules.Action) error { return r.call("Check", a, nil) }
func (r *remote) Len() (n int)               { r.call("Len", nil, &n); return n }
func (r *remote) PublicActions() (as []rules.PublicAction) {
	r.call("PublicActions", nil, &as)
	return as
}
func (r *remote) Holds(s rules.Seat) (b bool) { r.call("Holds", s, &b); return b }
func (r *remote) CanUndo() error              { return r.call("CanUndo", nil, nil) }
func (r *remote) CanRedo() (b bool)           { r.call("CanRedo", nil, &b); return b }
func (r *remote) Undo() error                 { return r.call("Undo", nil, nil) }

func (r *remote) PreviewCombat(a rules.Action) (cv *rules.CombatView, err error) {
	err = r.call("PreviewCombat", a, &cv)
	return cv, err
}

func (r *remote) CombatResult(n int) (cv *rules.CombatView, err error) {
	err = r.call("CombatResult", n, &cv)
	return cv, err
}

func (r *remote) TryMove(h board.HouseID, from, to board.TerrID, units [board.NumUnits]int) error {
	return r.call("TryMove", tryArgs{h, from, to, units}, nil)
}

func (r *remote) TryDestinations(h board.HouseID, from board.TerrID) (ts []board.TerrID) {
	r.call("TryDestinations", tryArgs{H: h, From: from}, &ts)
	return ts
}

func (r *remote) Apply(a rules.Action) (evs []rules.Event, err error) {
	err = r.call("Apply", a, &evs)
	return evs, err
}

func (r *remote) Redo() (evs []rules.Event, err error) {
	err = r.call("Redo", nil, &evs)
	return evs, err
}

// reach clicks table u as a player would: a widget through the hit test
// at its centre (the topmost target there), a territory on the board.
func reach(t *testing.T, u *table.Table) byclicks.Reach {
	return byclicks.Reach{
		Widget: func(what string, pred func(ui.Widget) bool) {
			t.Helper()
			ws := u.Widgets(u.Layout())
			w, ok := ui.Find(ws, pred)
			if !ok {
				msg, _ := u.Message()
				t.Fatalf("no widget for %s (message %q)", what, msg)
			}
			x, y := w.R.Center()
			tg, _ := ui.HitTest(ws, x, y)
			u.Click(tg)
		},
		Terr: func(tr board.TerrID) { u.Click(ui.Target{Kind: ui.TTerritory, Terr: tr}) },
	}
}

// shows is what a table shows and holds: its widgets, the board's marks,
// its own state.
type shows struct {
	Widgets []ui.Widget
	Marks   []bool
	Sel     int
	State   table.State
}

func showing(u *table.Table) shows {
	hl, sel := u.Highlights()
	return shows{u.Widgets(u.Layout()), hl, sel, u.State()}
}

// sameShown fails unless the two tables show the same.
func sameShown(t *testing.T, where string, direct, wired *table.Table) {
	t.Helper()
	d, w := showing(direct), showing(wired)
	if reflect.DeepEqual(d, w) {
		return
	}
	if !reflect.DeepEqual(d.State, w.State) {
		t.Fatalf("%s: the tables hold\n%+v\nand through the wire\n%+v", where, d.State, w.State)
	}
	if !reflect.DeepEqual(d.Marks, w.Marks) || d.Sel != w.Sel {
		t.Fatalf("%s: the board's marks differ: %v %d, through the wire %v %d", where, d.Marks, d.Sel, w.Marks, w.Sel)
	}
	for i := range min(len(d.Widgets), len(w.Widgets)) {
		if !reflect.DeepEqual(d.Widgets[i], w.Widgets[i]) {
			t.Fatalf("%s: widget %d is\n%+v\nand through the wire\n%+v", where, i, d.Widgets[i], w.Widgets[i])
		}
	}
	t.Fatalf("%s: %d widgets, through the wire %d", where, len(d.Widgets), len(w.Widgets))
}

// TestWholeGameThroughAWire plays whole games at two tables side by side,
// one on a rules game directly and one on the same game served behind
// the wire, every step by clicks chosen from the legal actions (seeded):
// the hand-offs, a drawn card's and a combat's notices, a log entry's
// past and back, undo and redo, a hint, try mode. The served game ends
// where the direct one does, action for action, and at every step the
// two tables show the same widgets, the same marks and hold the same.
func TestWholeGameThroughAWire(t *testing.T) {
	for _, tc := range []struct {
		mapName string
		players []string
		seed    uint64
		variant rules.Variant
	}{
		{"standard", []string{"Ann", "Ben", "Cy"}, 4, rules.Plain},
		{"nine", []string{"Ann", "Ben"}, 7, rules.Plain},
		// The Citadel variant: its every verb played by clicks.
		{"standard", []string{"Ann", "Ben", "Cy"}, 21, rules.Citadel},
	} {
		direct, err := tabletest.RulesVariant(tc.mapName, tc.players, tc.seed, tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		served, err := tabletest.RulesVariant(tc.mapName, tc.players, tc.seed, tc.variant)
		if err != nil {
			t.Fatal(err)
		}
		wire := newRemote(t, served)
		o := table.Options{Seed: tc.seed, Tester: true}
		dt, wt := table.New(rules.HotSeat(direct), o), table.New(wire, o)
		both := func(f func(u *table.Table)) { f(dt); f(wt) }
		rng := rand.New(rand.NewSource(int64(tc.seed)))
		seen := map[string]bool{}
		steps := 0
		for ; !direct.Over() && steps < 3000; steps++ {
			where := fmt.Sprintf("%s seed %d step %d", tc.mapName, tc.seed, steps)
			// The hand-off, as the app makes it: the notices are read
			// and dismissed, the curtain lifted for the seat to act.
			for dt.Holding() {
				seen["notice "+dt.State().Notices[0].Kind] = true
				sameShown(t, where+" (notice)", dt, wt)
				both(func(u *table.Table) {
					reach(t, u).Widget("continue", func(w ui.Widget) bool { return w.T.Cmd.Kind == ui.CmdDismiss })
				})
			}
			if seat := direct.ToAct(); dt.Shown() != seat {
				both(func(u *table.Table) { u.Hide() })
				sameShown(t, where+" (curtain)", dt, wt)
				both(func(u *table.Table) { u.Reveal(seat) })
			}
			sameShown(t, where, dt, wt)
			legal := direct.Legal()
			pick := legal[rng.Intn(len(legal))]
			if pick.Verb == rules.VDone && len(legal) > 1 && rng.Intn(4) > 0 {
				pick = legal[rng.Intn(len(legal)-1)]
			}
			if pick.Verb == rules.VArrange {
				pick = rules.RandomArrangement(pick, randv2.New(randv2.NewPCG(tc.seed, uint64(steps))))
			}
			if c := tabletest.CitadelActions(legal); len(c) > 0 && rng.Intn(2) == 0 {
				pick = c[rng.Intn(len(c))] // the Citadel's verbs, often
			}
			switch {
			case steps%23 == 5 && direct.Len() > 3:
				// The past: a log entry's table, then back.
				n := rng.Intn(direct.Len())
				both(func(u *table.Table) { u.Do(ui.Command{Kind: ui.CmdLogEntry, N: n}) })
				sameShown(t, where+" (past)", dt, wt)
				seen["past"] = dt.State().Past == n
				both(func(u *table.Table) { u.Do(ui.Command{Kind: ui.CmdPresent}) })
			case steps%17 == 3:
				both(func(u *table.Table) { u.Hints().Show(table.Hint{Seat: direct.ToAct(), Action: pick}) })
				sameShown(t, where+" (hint)", dt, wt)
				seen["hint"] = true
			case steps%29 == 11 && pick.Verb == rules.VMove:
				// Try mode on the group about to move, then off.
				both(func(u *table.Table) {
					u.Do(ui.Command{Kind: ui.CmdTryMode})
					u.Click(ui.Target{Kind: ui.TTerritory, Terr: pick.From})
				})
				sameShown(t, where+" (try mode)", dt, wt)
				l := dt.Layout()
				if !reflect.DeepEqual(dt.TerritoryTip(pick.To, 400, 300, l.Message), wt.TerritoryTip(pick.To, 400, 300, l.Message)) {
					t.Fatalf("%s: try mode's answers differ through the wire", where)
				}
				both(func(u *table.Table) { u.Do(ui.Command{Kind: ui.CmdTryMode}) })
				seen["try"] = true
			}
			n := direct.Len()
			seen[pick.Verb.String()] = true
			both(func(u *table.Table) { byclicks.Play(u, pick, reach(t, u)) })
			for _, g := range []*rules.Game{direct, served} {
				if acts := g.Actions(); len(acts) != n+1 || acts[n] != pick {
					msg, _ := dt.Message()
					t.Fatalf("%s: wanted %q; the game has %d actions (was %d); message %q", where, pick.Format(direct.Map()), len(acts), n, msg)
				}
			}
			if steps%31 == 7 && direct.CanUndo() == nil && !dt.Holding() {
				// Undo and redo, through the table's buttons.
				both(func(u *table.Table) { u.Do(ui.Command{Kind: ui.CmdUndo}) })
				sameShown(t, where+" (undone)", dt, wt)
				both(func(u *table.Table) { u.Do(ui.Command{Kind: ui.CmdRedo}) })
				if direct.Len() != n+1 || served.Len() != n+1 {
					t.Fatalf("%s: undo and redo left %d and %d actions, want %d", where, direct.Len(), served.Len(), n+1)
				}
				seen["undo"] = true
			}
		}
		if !direct.Over() || !served.Over() {
			t.Fatalf("%s seed %d: not over after %d steps", tc.mapName, tc.seed, steps)
		}
		if !reflect.DeepEqual(direct.Position(), served.Position()) {
			t.Fatalf("%s seed %d: the served game ended elsewhere", tc.mapName, tc.seed)
		}
		both(func(u *table.Table) {
			for u.Holding() {
				u.Do(ui.Command{Kind: ui.CmdDismiss})
			}
			u.Hide()
		})
		if !reflect.DeepEqual(dt.Screens().End(false), wt.Screens().End(false)) {
			t.Fatalf("%s seed %d: the end screens differ", tc.mapName, tc.seed)
		}
		want := []string{"past", "hint", "undo", "notice result"}
		if tc.variant == rules.Citadel {
			want = append(want, "study", "gain", "uncover", "lost-orders", "ill-tidings", "notice roll")
		}
		for _, k := range want {
			if !seen[k] && tc.mapName == "standard" {
				t.Errorf("%s seed %d: no %s was tried through the wire", tc.mapName, tc.seed, k)
			}
		}
		t.Logf("%s seed %d: %d steps, %d calls (%d kinds), %d kB across the wire", tc.mapName, tc.seed, steps, total(wire.calls), len(wire.calls), wire.bytes/1000)
	}
}

func total(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
