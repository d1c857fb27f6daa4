//go:build !js

package remote

import (
	"bytes"
	"encoding/json"
	"math/rand/v2"
	"reflect"
	"runtime"
	"strings"
	"testing"
	"weak"

	"notrueking/board"
	"notrueking/rules"
	"notrueking/session"
)

// applyPatch is what a device holding old makes of the host's patch from
// old to now; it fails unless old's value is left as it was.
func applyPatch(t *testing.T, old, now rules.View) (rules.View, ViewPatch) {
	t.Helper()
	before := enc(old)
	p := encodeView(now).patchFrom(encodeView(old))
	// The patch crosses the wire.
	var wire ViewPatch
	if err := json.Unmarshal(enc(p), &wire); err != nil {
		t.Fatal(err)
	}
	hv, err := holdView(old).patched(wire)
	if err != nil {
		t.Fatalf("patch %s: %v", enc(p), err)
	}
	if !bytes.Equal(enc(old), before) {
		t.Fatalf("applying a patch changed the view it was applied to:\nbefore %s\nafter  %s", clip2(before), clip2(enc(old)))
	}
	return hv.v, p
}

// TestViewPatchRoundTrip: over random games, the host's patch from each
// view to the next, applied by a device onto its copy, gives the next
// view, and leaves the copy it started from as it was; lists that kept
// their length travel as their changed elements.
func TestViewPatchRoundTrip(t *testing.T) {
	t.Parallel()
	elements, games := 0, uint64(2)
	if testing.Short() {
		games = 1
	}
	for seed := range games {
		g := newGame(t, game{mapName: "nine", names: []string{"Ann", "Ben", "Cy", "Dee"}, seed: seed + 1})
		r := rand.New(rand.NewPCG(seed, 9))
		seats := []rules.Seat{rules.Public, 0, 1, 2, 3}
		old := map[rules.Seat]rules.View{}
		for _, s := range seats {
			old[s] = noLog(g.View(s))
		}
		for step := 0; step < 100 && !g.Over(); step++ {
			if _, err := g.Apply(randomOf(g.Legal(), r)); err != nil {
				t.Fatal(err)
			}
			for _, s := range seats {
				now := noLog(g.View(s))
				got, p := applyPatch(t, old[s], now)
				if !sameData(reflect.ValueOf(got), reflect.ValueOf(now)) {
					t.Fatalf("seed %d step %d, seat %d: the patched view differs:\nwant %s\ngot  %s", seed, step, s, clip2(enc(now)), clip2(enc(got)))
				}
				for k := range p {
					if strings.Contains(k, ".") {
						elements++
					}
				}
				old[s] = now
			}
		}
	}
	if elements == 0 {
		t.Fatal("no list travelled as its changed elements")
	}
}

// TestViewPatchEmptied: a member the view's JSON now leaves out
// (omitempty) — a string, a list, a pointer — travels as null and reaches
// the device as the zero value; a member of a later host's, unknown here,
// is skipped; a patch of a list's element out of its range is refused.
func TestViewPatchEmptied(t *testing.T) {
	g := newGame(t, game{mapName: "standard", names: []string{"Ann", "Ben", "Cy"}, seed: 4})
	now := noLog(g.View(0))
	old := now
	old.TieBreak, old.Variant = "by the Iron Throne", "citadel"
	old.Winners = []rules.Seat{1}
	old.Peek = []board.CardID{2, 3}
	old.Combat = &rules.CombatView{}
	old.MusterPoints = 2
	got, p := applyPatch(t, old, now)
	for _, k := range []string{"tie_break", "variant", "winners", "peek", "combat"} {
		if string(p[k]) != "null" {
			t.Errorf("the emptied member %q travels as %s, want null", k, p[k])
		}
	}
	if string(p["muster_points"]) != "0" {
		t.Errorf("muster_points travels as %s, want 0", p["muster_points"])
	}
	if !sameData(reflect.ValueOf(got), reflect.ValueOf(now)) {
		t.Fatalf("the emptied members did not reach the device:\nwant %s\ngot  %s", enc(now), enc(got))
	}

	hv := holdView(now)
	later, err := hv.patched(ViewPatch{"weather": json.RawMessage(`"rain"`), "round": json.RawMessage("3")})
	if err != nil || later.v.Round != 3 {
		t.Fatalf("a patch with a member unknown here: round %d, %v", later.v.Round, err)
	}
	for _, bad := range []ViewPatch{
		{"players.99": json.RawMessage("{}")},
		{"prompt.0": json.RawMessage(`"x"`)},
		{"players.x": json.RawMessage("{}")},
	} {
		if _, err := hv.patched(bad); err == nil {
			t.Errorf("the patch %s was applied", enc(bad))
		}
	}
}

// TestSentKeepsOnlyTheLastViews: what a device was sent keeps the views
// of the last change only — an encoding of an earlier one is collected,
// whatever the patches worked out from it.
func TestSentKeepsOnlyTheLastViews(t *testing.T) {
	g := newGame(t, game{mapName: "standard", names: []string{"Ann", "Ben", "Cy"}, seed: 8})
	m := session.NewMatch(g, session.MatchOptions{})
	desks := []*session.Desk{m.RemoteDesk(0), m.RemoteDesk(), m.RemoteDesk()}
	sents := make([]sent, len(desks))
	var first []weak.Pointer[viewEnc]
	eachChange(t, g, m, 20, 8, func(step int, rd session.Reading) {
		sh := newShared(rd.Public())
		for i, d := range desks {
			sents[i].tell(step, sh, rd.Desk(d))
		}
		if step == 0 {
			for _, e := range sents[0].views {
				first = append(first, weak.Make(e))
			}
		}
	})
	runtime.GC()
	for i, w := range first {
		if w.Value() != nil {
			t.Errorf("view %d of the first change is still kept after 19 more", i)
		}
	}
	if len(sents[0].views) != 2 {
		t.Fatalf("seat 0's device holds %d views", len(sents[0].views))
	}
	runtime.KeepAlive(sents)
}
