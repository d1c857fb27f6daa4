//go:build !js

package remote

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/rules"
)

var update = flag.Bool("update", false, "rewrite the wire's golden files in testdata")

// The protocol's payloads are partly the engine's own types (rules.View,
// LogLine, PublicAction, Event, CombatView): a JSON tag renamed in rules
// changes what a device reads while Proto stays 1. TestWireGolden holds
// the wire still: a fixed game served to a seat's device and a
// spectator's, its every message kind (pending, welcome, sync, updates of
// an action, an undo and a seats change, results — a refusal, an
// accepted action, a stale one —, answers, notices, presence) encoded as
// the host sends it and compared byte for byte with
// testdata/wire-*.golden. A change of the wire fails it: bump Proto (and
// rewrite the files with go test -run TestWireGolden -update ./remote), or
// keep the wire.

// goldenToken is the token the seat's device proposes (the welcome
// hands it back).
const goldenToken = "0123456789abcdef0123456789abcdef"

var goldenEpoch = regexp.MustCompile(`"epoch":\d+`)

// goldenAt is a line of talk's time, the clock's.
var goldenAt = regexp.MustCompile(`"at":\d+`)

// goldenFrames are a device's messages but its presence and pongs (whose
// moments are the network's), one a line, the host's random epoch
// replaced by 1; then the last presence it got.
func goldenFrames(fs []wframe) []byte {
	var out, presence []byte
	for _, f := range fs {
		switch f.kind {
		case KPong:
		case KPresence:
			presence = f.b
		default:
			b := goldenEpoch.ReplaceAll(f.b, []byte(`"epoch":1`))
			out = append(out, goldenAt.ReplaceAll(b, []byte(`"at":1`))...)
			out = append(out, '\n')
		}
	}
	return append(append(out, presence...), '\n')
}

func TestWireGolden(t *testing.T) {
	gm := game{mapName: "standard", names: []string{"Ann", "Ben"}, players: []string{gamefile.SeatRemote, gamefile.SeatRemote}, seed: 5}
	r := newRig(t, gm, HostOptions{AdmitAuto: true})
	ws, _, err := ParseLink(r.link)
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxFor(t)
	room := r.host.Room()
	// Ann's device gives another name than the host's: her seat takes it.
	ann := dialWire(t, ctx, ws, 0, Hello{T: KHello, Proto: Proto, Name: "Annie", Room: room, Seat: "crown", NewToken: goldenToken}, true)
	defer ann.close()
	ann.at(1)
	eve := dialWire(t, ctx, ws, rules.Public, Hello{T: KHello, Proto: Proto, Name: "Eve", Room: room, Watch: true}, true)
	defer eve.close()
	eve.at(1)
	both := func(v uint64) { ann.at(v); eve.at(v) }
	// Talk: a line to the table, then a whisper to Ben, which the
	// spectator never gets; then a refusal.
	for _, say := range []Say{{To: -1, Text: "Good luck, all."}, {To: 1, Text: "Ben: Stark is mine."}, {To: 0, Text: "me"}} {
		ann.request(func(id int64, _, _ uint64) any { say.T, say.ID = KSay, id; return say })
	}
	eve.waitFor("the line to the table", func() bool {
		for _, f := range eve.frames {
			if f.kind == KTalk && bytes.Contains(f.b, []byte("Good luck")) {
				return true
			}
		}
		return false
	})

	// Another seat's action: refused. Then one of Ann's, taken back.
	if res := ann.act("torch arrange stark lannister baratheon greyjoy tyrell"); res.OK {
		t.Fatal("Ann's device played Torch's arrangement")
	}
	if res := ann.act("crown arrange stark lannister baratheon greyjoy tyrell"); !res.OK {
		t.Fatalf("Ann's arrangement: %s", res.Err)
	}
	both(2)
	undo := ann.request(func(id int64, epoch, ver uint64) any {
		return UndoRedo{T: KUndo, ID: id, Epoch: epoch, Version: ver}
	})
	if !bytes.Contains(undo, []byte(`"ok":true`)) {
		t.Fatalf("Ann's undo: %s", undo)
	}
	both(3)
	// The host hands Ben's seat to a bot: a seats change and a notice.
	if err := r.host.Free(1, "easy"); err != nil {
		t.Fatal(err)
	}
	both(4)
	// Questions: a refusal's reason, the view of the start.
	ann.ask(Ask{Q: QCheck, Line: "crown place stark lord"})
	ann.ask(Ask{Q: QViewAt, N: 0, Seat: 0})
	// An action at a version the game has left: stale, then a sync.
	ann.request(func(id int64, epoch, _ uint64) any {
		return Act{T: KAct, ID: id, Epoch: epoch, Version: 1, Line: "crown arrange stark lannister baratheon greyjoy tyrell"}
	})
	ann.waitFor("the sync after a stale action", func() bool {
		n := 0
		for _, f := range ann.frames {
			if f.kind == KSync {
				n++
			}
		}
		return n == 2
	})
	// The presence settles on Ben's seat played by the bot.
	for _, d := range []*wireDev{ann, eve} {
		d.waitFor("the presence of the bot at Ben's seat", func() bool {
			for i := len(d.frames) - 1; i >= 0; i-- {
				if d.frames[i].kind == KPresence {
					return bytes.Contains(d.frames[i].b, []byte(`{"seat":1,"kind":"easy"`))
				}
			}
			return false
		})
	}
	for _, c := range []struct {
		name string
		d    *wireDev
	}{{"seat", ann}, {"spectator", eve}} {
		got := goldenFrames(c.d.framesFrom(0))
		path := filepath.Join("testdata", "wire-"+c.name+".golden")
		if *update {
			if err := os.WriteFile(path, got, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		want, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%v (go test -run TestWireGolden -update ./remote writes it)", err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("the %s's device was sent other bytes than %s: the wire changed — bump Proto and rewrite the file (-update), or keep the wire.\n%s",
				c.name, path, lineDiff(want, got))
		}
	}
}

// lineDiff shows the first line where got parts from want.
func lineDiff(want, got []byte) string {
	w, g := strings.Split(string(want), "\n"), strings.Split(string(got), "\n")
	for i := range max(len(w), len(g)) {
		var a, b string
		if i < len(w) {
			a = w[i]
		}
		if i < len(g) {
			b = g[i]
		}
		if a != b {
			j := 0
			for j < len(a) && j < len(b) && a[j] == b[j] {
				j++
			}
			from := max(0, j-120)
			return fmt.Sprintf("line %d, from byte %d:\nwant %s\ngot  %s", i+1, from, a[from:min(len(a), j+240)], b[from:min(len(b), j+240)])
		}
	}
	return ""
}
