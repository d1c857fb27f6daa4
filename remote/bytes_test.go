//go:build !js

package remote

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"sync"
	"testing"

	"notrueking/rules"
	"notrueking/session"
)

// tape keeps the messages one device got.
type tape struct {
	mu   sync.Mutex
	msgs [][]byte
}

func (t *tape) tap(b []byte) {
	t.mu.Lock()
	t.msgs = append(t.msgs, slices.Clone(b))
	t.mu.Unlock()
}

// deflated is the size of each message as permessage-deflate with context
// takeover sends it: one deflate stream, flushed after each message, the
// flush's last 4 bytes left off (RFC 7692).
func deflated(msgs [][]byte) []int {
	var buf bytes.Buffer
	w, _ := flate.NewWriter(&buf, flate.BestSpeed)
	out := make([]int, len(msgs))
	for i, m := range msgs {
		n := buf.Len()
		w.Write(m)
		w.Flush()
		out[i] = buf.Len() - n - 4
	}
	return out
}

// TestBytesNineHouses measures what a seat's device is sent in a
// nine-house game of 9 seats (every seat a device): the bytes of each
// update, raw and as permessage-deflate sends them, and of a full sync
// late in the game; and the bytes the server wrote on the wire with and
// without compression. It asserts only that the game ends and the
// devices agree with the host; the numbers are logged.
func TestBytesNineHouses(t *testing.T) {
	if os.Getenv("REMOTE_BYTES") == "" {
		t.Skip("two whole nine-house games of 9 devices (~35 s): REMOTE_BYTES=1 measures them")
	}
	for _, compress := range []bool{false, true} {
		gm := game{"nine", rules.Plain, nine(), []string{"remote", "remote", "remote", "remote", "remote", "remote", "remote", "remote", "remote"}, 13}
		r := newRig(t, gm, HostOptions{AdmitAuto: true, Rate: fast, Burst: fast, NoCompression: !compress})
		ids := newGame(t, gm).Seats()
		var clients []*Client
		bySeat := map[rules.Seat]*Client{}
		tp := &tape{}
		for i := range gm.names {
			o := ClientOptions{NoCompression: !compress}
			if i == 0 {
				o.tap = tp.tap
			}
			c := r.join(gm.names[i], ids[i], o)
			clients = append(clients, c)
			bySeat[rules.Seat(i)] = c
		}
		// A full sync to seat 0 late in the game (before the end opens
		// every seat's log).
		syncLate := func(step int) {
			if step != 1300 {
				return
			}
			r.m.Read(func(rd session.Reading) {
				var s sent
				b := marshal(s.sync(newShared(rd.Public()), rd.Desk(r.m.RemoteDesk(0)), r.host.epoch, r.host.version))
				t.Logf("a full sync to seat 0 after %d actions: %d bytes, deflated %d", rd.Public().Len(), len(b), deflated([][]byte{b})[0])
			})
		}
		steps := r.play(clients, bySeat, gm.seed, syncLate)
		var upd []int
		byKey := map[string]int{}
		for _, m := range tp.msgs {
			var k kindOf
			json.Unmarshal(m, &k)
			if k.T == KUpdate {
				upd = append(upd, len(m))
				var u Update
				json.Unmarshal(m, &u)
				for _, p := range u.Patches {
					for key, v := range p {
						byKey[key] += len(v)
					}
				}
			}
		}
		d := deflated(tp.msgs)
		var dupd []int
		for i, m := range tp.msgs {
			var k kindOf
			json.Unmarshal(m, &k)
			if k.T == KUpdate {
				dupd = append(dupd, d[i])
			}
		}
		// A full sync now, at the end of the game.
		var sync int
		r.m.Read(func(rd session.Reading) {
			var s sent
			b := marshal(s.sync(newShared(rd.Public()), rd.Desk(r.m.RemoteDesk(0)), r.host.epoch, r.host.version))
			sync = len(b)
			sync2 := deflated([][]byte{b})[0]
			t.Logf("a full sync at the end (every seat's log opened): %d bytes, deflated %d", sync, sync2)
		})
		sum := 0
		for _, n := range d {
			sum += n
		}
		t.Logf("compression %v: %d steps; seat 0 got %d updates: p50 %d p99 %d max %d bytes (deflated as sent: p50 %d p99 %d); all its messages deflated: %d bytes; the server wrote %d bytes in all to 9 devices",
			compress, steps, len(upd), pct(upd, .5), pct(upd, .99), pct(upd, 1), pct(dupd, .5), pct(dupd, .99), sum, r.wire.out.Load())
		var top []string
		for k, n := range byKey {
			if n > 50000 {
				top = append(top, fmt.Sprintf("%s %d", k, n))
			}
		}
		sort.Strings(top)
		t.Logf("fields patched most (bytes over the game): %v", top)
	}
}
