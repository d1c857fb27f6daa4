package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"image/png"
	"math/rand"
	randv2 "math/rand/v2"
	"notrueking/internal/tabletest"
	"os"
	"path/filepath"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/rules"
)

// spectatorShot draws the spectator window's picture of one position at a
// small size, offscreen, as the window draws it (spectateShow, rebuild,
// drawScene), into pixels.
type spectatorShot struct {
	a   *App
	dst *ebiten.Image
	buf []byte
}

const shotW, shotH = 640, 360

func newSpectatorShot(t *testing.T) *spectatorShot {
	t.Helper()
	a, err := newApp(Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	a.spec = &spectator{arg: "game.ntk", path: "game.ntk"}
	a.scene = sceneSpectate
	return &spectatorShot{a: a, dst: ebiten.NewImage(shotW, shotH), buf: make([]byte, 4*shotW*shotH)}
}

// take draws the spectator's picture of g and returns a copy of its
// pixels.
func (s *spectatorShot) take(g *rules.Game) []byte {
	s.a.spectateShow(g, 7)
	s.a.rebuild()
	s.a.drawScene(s.dst, -1)
	s.dst.ReadPixels(s.buf)
	return append([]byte(nil), s.buf...)
}

// save writes the last picture to NTK_SHOTS (when set) as name.png.
func (s *spectatorShot) save(t *testing.T, name string) {
	dir := os.Getenv("NTK_SHOTS")
	if dir == "" {
		return
	}
	img := &image.RGBA{Pix: append([]byte(nil), s.buf...), Stride: 4 * shotW, Rect: image.Rect(0, 0, shotW, shotH)}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// diffBox is the bounding box of the pixels where two pictures differ.
func diffBox(a, b []byte) image.Rectangle {
	var r image.Rectangle
	for i := 0; i+3 < len(a); i += 4 {
		if a[i] != b[i] || a[i+1] != b[i+1] || a[i+2] != b[i+2] {
			p := image.Pt((i/4)%shotW, (i/4)/shotW)
			r = r.Union(image.Rectangle{p, p.Add(image.Pt(1, 1))})
		}
	}
	return r
}

// publicJSON is everything the public may know of g: its public view and
// the seat to act.
func publicJSON(t *testing.T, g *rules.Game) string {
	t.Helper()
	b, err := json.Marshal(g.View(rules.Public))
	if err != nil {
		t.Fatal(err)
	}
	return fmt.Sprintf("%d %s", g.ToAct(), b)
}

// secretsJSON is what the seats keep secret, seat by seat: their views.
func secretsJSON(t *testing.T, g *rules.Game) string {
	t.Helper()
	var b bytes.Buffer
	for s := range g.Seats() {
		v := g.View(s)
		j, err := json.Marshal([]any{v.Players[s].Loyalty, v.Players[s].Hand})
		if err != nil {
			t.Fatal(err)
		}
		b.Write(j)
	}
	return b.String()
}

// randomArrange is a random loyalty card for the seat to act.
func randomArrange(g *rules.Game, rng *rand.Rand) rules.Action {
	hs := rng.Perm(len(g.Map().Houses))
	return rules.Action{Seat: g.ToAct(), Verb: rules.VArrange, Order: rules.NewArrangement(hs)}
}

// pickAction is a random legal action, Done less often and an attack
// more often (so that troops move and fight), a random loyalty card when
// one is arranged.
func pickAction(g *rules.Game, rng *rand.Rand) rules.Action {
	l := g.Legal()
	a := l[rng.Intn(len(l))]
	if rng.Intn(2) == 0 {
		for _, m := range l {
			if cv, err := g.PreviewCombat(m); m.Verb == rules.VMove && err == nil && cv != nil {
				return m
			}
		}
	}
	if a.Verb == rules.VDone && len(l) > 1 && rng.Intn(4) > 0 {
		a = l[rng.Intn(len(l)-1)]
	}
	if a.Verb == rules.VArrange {
		a = randomArrange(g, rng)
	}
	return a
}

// TestSpectatorShowsNoSecret plays random games (the standard map with
// four players, the nine map with five, the standard map with two to its
// end) and checks at every action that the spectator's picture does not
// change when the seats' secrets do:
//
//   - a variant of the game with every secret dealt again
//     (RedealSecrets(Public): the face-down loyalty tokens, the hands, the
//     decks' order, the generator), same public history;
//   - a twin played alongside with other secrets from the start: other
//     loyalty cards arranged, other decks, so other cards drawn (other
//     private log lines); while its public view is the game's (until a card
//     it does not hold is played, when it is dealt again from the game),
//     its picture must be the game's.
//
// And the picture does change whenever the public log grows, so the
// comparison can fail. Set NTK_SHOTS=DIR for the pictures of a failure.
func TestSpectatorShowsNoSecret(t *testing.T) {
	needDisplay(t)
	cases := []struct {
		mapName string
		players int
		steps   int
		seed    uint64
	}{
		{"standard", 4, 100, 3},
		{"nine", 5, 80, 4},
		{"standard", 2, 200, 5}, // to the end: the end screen is all public
	}
	main, variant, twinShot := newSpectatorShot(t), newSpectatorShot(t), newSpectatorShot(t)
	defer main.dst.Deallocate()
	defer variant.dst.Deallocate()
	defer twinShot.dst.Deallocate()
	checked, twinChecked, secretDiffers, publicMoves, combats, ends := 0, 0, 0, 0, 0, 0
	for _, tc := range cases {
		g, err := tabletest.RulesGame(tc.mapName, caseNames[:tc.players], tc.seed)
		if err != nil {
			t.Fatal(err)
		}
		rng := rand.New(rand.NewSource(int64(tc.seed)))
		deal := randv2.New(randv2.NewPCG(tc.seed, 99))
		twin := g.RedealSecrets(rules.Public, deal)
		var prev []byte
		prevLog := -1
		for step := 0; step <= tc.steps && !g.Over(); step++ {
			if step > 0 {
				a := pickAction(g, rng)
				if _, err := g.Apply(a); err != nil {
					t.Fatalf("%s step %d: %v", tc.mapName, step, err)
				}
				if twin != nil {
					b := a
					if a.Verb == rules.VArrange {
						b = randomArrange(twin, rng) // another card: other private events
					}
					if _, err := twin.Apply(b); err != nil || publicJSON(t, twin) != publicJSON(t, g) {
						twin = nil
					}
				}
				if twin == nil {
					twin = g.RedealSecrets(rules.Public, deal)
				}
			}
			where := fmt.Sprintf("%s %d players, after %d actions", tc.mapName, tc.players, g.Len())
			pub := g.View(rules.Public)
			if pub.Phase == rules.PhaseCombat {
				combats++
			}
			h := main.take(g)
			if n := len(pub.Log); prevLog >= 0 && n > prevLog {
				publicMoves++
				if samePicture(h, prev) == nil {
					main.save(t, "spectator-unchanged")
					t.Fatalf("%s: the public log grew (%q) but the spectator's picture did not change", where, pub.Log[n-1].Text)
				}
			}
			prev, prevLog = h, len(pub.Log)
			if g.Over() {
				ends++
				main.save(t, "spectator-end-"+tc.mapName)
				break // everything is public now
			}
			v := g.RedealSecrets(rules.Public, deal)
			if publicJSON(t, v) != publicJSON(t, g) {
				t.Fatalf("%s: the variant's public view differs: the test is broken", where)
			}
			if secretsJSON(t, v) != secretsJSON(t, g) {
				secretDiffers++
			}
			if samePicture(variant.take(v), h) != nil {
				main.save(t, "spectator-game")
				variant.save(t, "spectator-variant")
				t.Fatalf("%s: the spectator's picture changed with the secrets (pixels differ in %v)", where, diffBox(main.buf, variant.buf))
			}
			checked++
			if twin != nil && publicJSON(t, twin) == publicJSON(t, g) {
				if samePicture(twinShot.take(twin), h) != nil {
					main.save(t, "spectator-game")
					twinShot.save(t, "spectator-twin")
					t.Fatalf("%s: the twin with other secrets and other private events shows another picture (pixels differ in %v)", where, diffBox(main.buf, twinShot.buf))
				}
				twinChecked++
			}
			if step == 40 {
				main.save(t, "spectator-"+tc.mapName)
				checkContrast(t, where+" spectator", main.a.ws)
			}
		}
	}
	t.Logf("%d positions compared with a variant (secrets differed in %d), %d with the twin; %d public changes seen, %d in combat, %d ends",
		checked, secretDiffers, twinChecked, publicMoves, combats, ends)
	// The test must have compared what it means to.
	switch {
	case checked < 250:
		t.Errorf("only %d positions compared", checked)
	case secretDiffers < checked/2:
		t.Errorf("the variants' secrets differed in only %d of %d positions", secretDiffers, checked)
	case twinChecked < checked/4:
		t.Errorf("the twin was compared in only %d of %d positions", twinChecked, checked)
	case publicMoves < checked/2:
		t.Errorf("only %d public changes", publicMoves)
	case combats == 0:
		t.Error("no combat was shown")
	case ends == 0:
		t.Error("no game reached its end")
	}
}
