//go:build !js

package remote

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"notrueking/gamefile"
	"notrueking/maps"
	"notrueking/rules"
)

// TestHereAndBots: a seat played at the host's screen or by a bot cannot
// be claimed; a person's seat not played here can, and becomes a remote
// one; a device that says nothing after its hello is dropped.
func TestHereAndBots(t *testing.T) {
	gm := game{"standard", rules.Plain, []string{"Ann", "Ben", "Cy"}, []string{gamefile.SeatHuman, gamefile.SeatHuman, "easy"}, 3}
	r := newRig(t, gm, HostOptions{AdmitAuto: true, Here: []rules.Seat{0}, Silence: 200e6})
	ids := newGame(t, gm).Seats()
	for i, want := range []string{"played at the host's screen", "", "played by the easy bot"} {
		if want == "" {
			continue
		}
		d := r.raw()
		x := hello(r.host.Room(), "Eve")
		x.Seat = ids[i]
		d.send(x)
		var ref Refused
		d.next(KRefused, &ref)
		if !strings.Contains(ref.Text, want) {
			t.Errorf("asking for seat %d: %q", i, ref.Text)
		}
	}
	ben := r.join("Ben", "", ClientOptions{PingEvery: 50e6})
	if h := ben.Held(); len(h) != 1 || h[0] != 1 {
		t.Fatalf("Ben holds %v", h)
	}
	if p := r.m.Players(); p[1] != gamefile.SeatRemote {
		t.Fatalf("Ben's seat is played by %q", p[1])
	}
	pr := r.host.Presence()
	if pr[0].Kind != "host" || pr[1].Kind != "remote" || pr[1].Device != "Ben" || pr[2].Kind != "easy" {
		t.Fatalf("presence: %+v", pr)
	}
	r.same("Ben at his seat", []*Client{ben}, true)
	d := r.raw()
	x := hello(r.host.Room(), "Eve")
	x.Watch = true
	d.send(x)
	d.next(KSync, nil)
	if code, why := d.closed(); code != 1008 || !strings.Contains(why, "silent for") {
		t.Fatalf("a silent device: closed %v %q", code, why)
	}
}

// TestMapFromFile: a game on a map file that is not a shipped map goes to
// the device as the file's text, which it loads and checks.
func TestMapFromFile(t *testing.T) {
	data, err := maps.ShippedFS().Open("standard.toml")
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	buf.ReadFrom(data)
	buf.WriteString("\n# a copy of our own\n")
	path := filepath.Join(t.TempDir(), "ours.toml")
	if err := os.WriteFile(path, buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	m, err := maps.LoadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	g, err := rules.New(m, rules.Config{Players: []string{"Ann", "Ben"}, Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := mapRefOf(g.Map())
	if err != nil || ref.TOML != buf.String() {
		t.Fatalf("the map's reference: %v (%d bytes of text)", err, len(ref.TOML))
	}
	got, err := loadMap(ref)
	if err != nil || got.SHA256 != m.SHA256 {
		t.Fatalf("the device's map: %v", err)
	}
	ref.TOML += " "
	if _, err := loadMap(ref); err == nil || !strings.Contains(err.Error(), "differs") {
		t.Fatalf("a changed map file: %v", err)
	}
	sm, _ := maps.Load("nine")
	if ref, err := mapRefOf(sm); err != nil || ref.TOML != "" || ref.ID != "nine" {
		t.Fatalf("a shipped map's reference: %+v %v", ref, err)
	}
}
