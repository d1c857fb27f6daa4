package rules_test

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"

	"notrueking/maps"
	"notrueking/rules"
)

// TestInformationOnTheWire: a seat's Information written as JSON reads
// back as the same information — the same JSON, and the same positions
// dealt from it with the same generator, so a bot at a device searches as
// the host's would — on both maps, plain and Citadel, at many points of
// random games; and the bytes depend on no other seat's secret (another
// seat's secrets dealt again change not one byte). A broken text is
// refused with the reason, never a panic.
func TestInformationOnTheWire(t *testing.T) {
	t.Parallel()
	cases := []struct {
		mapName string
		players int
		variant rules.Variant
	}{{"standard", 4, rules.Plain}, {"standard", 3, rules.Citadel}, {"nine", 6, rules.Citadel}}
	for k, c := range cases {
		m, err := maps.Load(c.mapName)
		if err != nil {
			t.Fatal(err)
		}
		g, err := rules.New(m, rules.Config{Players: []string{"A", "B", "C", "D", "E", "F"}[:c.players], Seed: uint64(40 + k), Variant: c.variant})
		if err != nil {
			t.Fatal(err)
		}
		r := rand.New(rand.NewPCG(uint64(k), 9))
		points, redealt, changed := 0, 0, 0
		for i := 0; !g.Over() && i < 4000; i++ {
			if i%7 == 0 {
				points++
				seat := g.ToAct()
				in := g.Information(seat)
				data, err := json.Marshal(in)
				if err != nil {
					t.Fatal(err)
				}
				back, err := rules.DecodeInformation(m, data)
				if err != nil {
					t.Fatalf("%s after %d actions: %v", c.mapName, i, err)
				}
				again, _ := json.Marshal(back)
				if !bytes.Equal(again, data) {
					t.Fatalf("%s after %d actions: the information does not read back the same", c.mapName, i)
				}
				a := everyView(in.Sample(rand.New(rand.NewPCG(3, 4))))
				b := everyView(back.Sample(rand.New(rand.NewPCG(3, 4))))
				if !bytes.Equal(a, b) {
					t.Fatalf("%s after %d actions: a deal from the information read back differs", c.mapName, i)
				}
				other := (seat + 1) % rules.Seat(c.players)
				h := g.RedealSecrets(seat, r)
				if hd, _ := json.Marshal(h.Information(seat)); !bytes.Equal(hd, data) {
					t.Fatalf("%s after %d actions: seat %d's information changed with another seat's secrets", c.mapName, i, seat)
				}
				hv, _ := json.Marshal(h.View(other))
				gv, _ := json.Marshal(g.View(other))
				if !bytes.Equal(hv, gv) {
					changed++ // the redeal changed another seat's secrets
				}
				if od, _ := json.Marshal(g.Information(other)); !bytes.Equal(od, data) {
					redealt++ // another seat's information is another text
				}
			}
			l := g.Legal()
			a := l[r.IntN(len(l))]
			if a.Verb == rules.VArrange {
				a = rules.RandomArrangement(a, r)
			}
			if _, err := g.Apply(a); err != nil {
				t.Fatal(err)
			}
		}
		if points < 10 || redealt < points/2 || changed < points/4 {
			t.Fatalf("%s: %d points, %d where another seat's information differed, %d where the redeal changed another seat's view: the test proves little", c.mapName, points, redealt, changed)
		}
		in, _ := json.Marshal(g.Information(0))
		for _, bad := range [][]byte{[]byte("{"), []byte(`{"players":["A"]}`), bytes.Replace(in, []byte(`"seat":0`), []byte(`"seat":9`), 1), bytes.Replace(in, []byte(`"len"`), []byte(`"lens"`), 1)} {
			if _, err := rules.DecodeInformation(m, bad); err == nil || !strings.Contains(err.Error(), "information") {
				t.Errorf("%s: a broken information was read: %v", c.mapName, err)
			}
		}
	}
}

// everyView is every seat's view of g as JSON: its whole position, each
// seat's secrets included.
func everyView(g *rules.Game) []byte {
	var out []byte
	for s := range rules.Seat(len(g.Seats())) {
		b, _ := json.Marshal(g.View(s))
		out = append(out, b...)
	}
	return out
}
