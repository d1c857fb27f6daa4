package app

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image"
	"math/rand"
	randv2 "math/rand/v2"
	"reflect"
	"testing"
	"time"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/board"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/session"
	"notrueking/spectate"
	"notrueking/table"
	"notrueking/ui"
)

// spectatorShot is a spectator window that shows the positions it is
// given (a spectator of each, as of a file's first read), builds its
// frame (rebuild) and draws it at a small size, offscreen, as the window
// draws it (render.Painter.DrawScene), into pixels.
type spectatorShot struct {
	a   *App
	sp  *spectate.Spectator
	dst *ebiten.Image
	buf []byte
}

const shotW, shotH = 640, 360

func newSpectatorShot(t *testing.T) *spectatorShot {
	t.Helper()
	a := mustApp(t, Options{}, nil)
	sh := &spectatorShot{a: a, buf: make([]byte, 4*shotW*shotH)}
	if haveDisplay() {
		sh.dst = ebiten.NewImage(shotW, shotH)
		t.Cleanup(sh.dst.Deallocate)
	}
	return sh
}

// take shows position g in the spectator window and returns its frame
// (framed).
func (s *spectatorShot) take(g *rules.Game) painted {
	if s.sp == nil || s.sp.Game().Table().Map() != g.Map() {
		s.sp = spectate.Following(session.NewMatch(g, session.MatchOptions{}), func() (table.Game, uint64, []string) { return rules.DeskOf(g), 7, nil })
		s.sp.Poll(time.Now())
		s.a.mgr.goTo(&spectateScene{s: s.sp})
	} else {
		// Another position on the same table, as a resync puts it.
		s.sp.Game().Table().SetGame(rules.DeskOf(g), rules.Public)
	}
	s.a.rebuild()
	return framed(s.a)
}

// painted is what a painter is given to draw a frame (App.drawTo), as
// plain data: the widgets with their tooltips, the one hovered and the
// tooltip up, and the board — its camera's placement, the public view,
// the marks. Equal frames draw equal pictures
// (TestDrawingIsDeterministic): they are compared with reflect.DeepEqual.
type painted struct {
	Widgets, Behind []ui.Widget
	Hover           int
	Tips            []ui.Widget
	Geom            ui.BoardGeom
	Viewport        ui.Rect
	Controls        []ui.BoardControl
	Public          *rules.View
	Lit             []bool
	Sel             int
}

// framed is the frame of a's scene up.
func framed(a *App) painted {
	f := a.f.frame()
	p := painted{Widgets: f.Widgets, Behind: f.Behind, Hover: a.ptr.hover, Tips: a.tips(), Sel: -2}
	if b := f.Board; b != nil {
		cam := b.Camera
		p.Geom, p.Viewport, p.Controls, p.Public, p.Lit, p.Sel = cam.Geom(), cam.Viewport(), cam.Controls(), b.Public, b.Lit, b.Sel
	}
	return p
}

// pixels draws the frame last taken and returns a copy of its pixels.
func (s *spectatorShot) pixels() []byte {
	s.a.p.DrawScene(s.dst, s.a.f.frame(), -1)
	s.dst.ReadPixels(s.buf)
	return append([]byte(nil), s.buf...)
}

// save writes the last picture to NTK_SHOTS (when set) as name.png; it
// draws nothing when NTK_SHOTS is not set.
func (s *spectatorShot) save(t *testing.T, name string) {
	if s.dst == nil || !shotsWanted() {
		return
	}
	s.pixels()
	img := &image.RGBA{Pix: append([]byte(nil), s.buf...), Stride: 4 * shotW, Rect: image.Rect(0, 0, shotW, shotH)}
	saveShot(t, name, img)
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
	for s := range rules.Seat(len(g.Seats())) {
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
	hs := make([]board.HouseID, len(g.Map().Houses))
	for i, h := range rng.Perm(len(hs)) {
		hs[i] = board.HouseID(h)
	}
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
// end) and checks at every action that what the spectator window shows
// — its frame: every widget with its tooltip, the board's public view and
// marks — does not change when the seats' secrets do:
//
//   - a variant of the game with every secret dealt again
//     (RedealSecrets(Public): the face-down loyalty tokens, the hands, the
//     decks' order, the generator), same public history;
//   - a twin played alongside with other secrets from the start: other
//     loyalty cards arranged, other decks, so other cards drawn (other
//     private log lines); while its public view is the game's (until a card
//     it does not hold is played, when it is dealt again from the game),
//     its frame must be the game's.
//
// And the frame does change whenever the public log grows, so the
// comparison can fail. The frames are what the painter draws (equal
// frames draw equal pictures: TestDrawingIsDeterministic); the pictures
// themselves are compared too, at every tenth action and the last of
// each game (with -short: of the first game only, at its first and last
// actions): the game's, the variant's and the twin's, and the game's with
// the one of the action before. With -short the frames are compared at
// every third action. Set NTK_SHOTS=DIR for the pictures of a failure.
func TestSpectatorShowsNoSecret(t *testing.T) {
	every := 10 // the pictures are compared every tenth action
	stride := 1 // the frames at every action
	if testing.Short() {
		every, stride = 100, 3
	}
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
	pixels := haveDisplay()
	if pixels {
		needDisplay(t)
	}
	checked, twinChecked, secretDiffers, publicMoves, combats, ends, drawn := 0, 0, 0, 0, 0, 0, 0
	for i, tc := range cases {
		pictures := pixels && (i == 0 || !testing.Short())
		g := rulesGame(t, tc.mapName, caseNames[:tc.players], tc.seed)
		rng := rand.New(rand.NewSource(int64(tc.seed)))
		deal := randv2.New(randv2.NewPCG(tc.seed, 99))
		twin := g.RedealSecrets(rules.Public, deal)
		var prev painted
		var prevPix []byte
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
			// The pictures: every tenth action, the one before it (to see
			// the picture change), and the last.
			last := g.Over() || step == tc.steps
			if step%stride != 0 && !last && (step+1)%every != 0 {
				continue
			}
			draw := pictures && (step%every == 0 || last)
			pub := g.View(rules.Public)
			if pub.Phase == rules.PhaseCombat {
				combats++
			}
			h, gp := main.take(g), publicJSON(t, g)
			var hPix []byte
			if draw || pictures && (step+1)%every == 0 {
				hPix = main.pixels()
				drawn++
			}
			if n := len(pub.Log); prevLog >= 0 && n > prevLog {
				publicMoves++
				if reflect.DeepEqual(h, prev) {
					main.save(t, "spectator-unchanged")
					t.Fatalf("%s: the public log grew (%q) but the spectator's frame did not change", where, pub.Log[n-1].Text)
				}
				if hPix != nil && prevPix != nil && rendertest.SamePicture(hPix, prevPix) == nil {
					main.save(t, "spectator-unchanged")
					t.Fatalf("%s: the public log grew (%q) but the spectator's picture did not change", where, pub.Log[n-1].Text)
				}
			}
			prev, prevPix, prevLog = h, hPix, len(pub.Log)
			if g.Over() {
				ends++
				main.save(t, "spectator-end-"+tc.mapName)
				break // everything is public now
			}
			v := g.RedealSecrets(rules.Public, deal)
			if publicJSON(t, v) != gp {
				t.Fatalf("%s: the variant's public view differs: the test is broken", where)
			}
			if secretsJSON(t, v) != secretsJSON(t, g) {
				secretDiffers++
			}
			// other, a game with the same public view, must show what the
			// game shows: its frame and (draw) its picture.
			same := func(s *spectatorShot, other *rules.Game, name, what string) {
				t.Helper()
				if !reflect.DeepEqual(s.take(other), h) {
					main.save(t, "spectator-game")
					s.save(t, "spectator-"+name)
					t.Fatalf("%s: %s shows another frame: the spectator shows a secret", where, what)
				}
				if draw {
					if p := s.pixels(); rendertest.SamePicture(p, hPix) != nil {
						main.save(t, "spectator-game")
						s.save(t, "spectator-"+name)
						t.Fatalf("%s: %s shows another picture (pixels differ in %v): the spectator shows a secret", where, what, rendertest.DiffBox(hPix, p, shotW))
					}
				}
			}
			same(variant, v, "variant", "the variant with every secret dealt again")
			checked++
			if twin != nil && publicJSON(t, twin) == gp {
				same(twinShot, twin, "twin", "the twin with other secrets and other private events")
				twinChecked++
			}
			if step == 40 {
				main.save(t, "spectator-"+tc.mapName)
				checkContrast(t, where+" spectator", main.a.f.ws)
			}
		}
	}
	t.Logf("%d positions compared with a variant (secrets differed in %d), %d with the twin; %d public changes seen, %d in combat, %d ends; %d pictures of the game drawn",
		checked, secretDiffers, twinChecked, publicMoves, combats, ends, drawn)
	// The test must have compared what it means to.
	switch {
	case checked < 250/stride:
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
	case pixels && drawn < checked/every:
		t.Errorf("only %d pictures drawn", drawn)
	}
}
