package render

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"strings"
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"notrueking/maps"
	"notrueking/render/rendertest"
	"notrueking/rules"
	"notrueking/table"
)

// replayLines replays a record given as text on the standard map.
func replayLines(t *testing.T, text string) *rules.Game {
	t.Helper()
	rec, err := rules.ParseRecord(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	m, err := maps.Standard()
	if err != nil {
		t.Fatal(err)
	}
	g, _, _, err := rules.ReplayRecord(m, rec)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func pixels(t *testing.T, g *rules.Game, shown rules.Seat) []byte {
	t.Helper()
	dst := ebiten.NewImage(960, 540)
	defer dst.Deallocate()
	if shown < 0 {
		if err := drawPublicTable(dst, rules.DeskOf(g)); err != nil {
			t.Fatal(err)
		}
	} else {
		u := table.New(rules.HotSeat(g).Frozen(), table.Options{})
		u.Reveal(shown)
		f := tableFrame(u)
		newPainter(t).DrawScene(dst, &f, -1)
	}
	buf := make([]byte, 4*960*540)
	dst.ReadPixels(buf)
	return buf
}

// TestPictureShowsNoSecret: the picture `render -o` draws is the same for
// two games that differ only in the conspiracies' loyalty cards, and it
// differs from the table shown to a seat (so the comparison can fail).
func TestPictureShowsNoSecret(t *testing.T) {
	needDisplay(t)
	data, err := os.ReadFile("../testdata/four-players.ntk")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	head := strings.Join(lines[:9], "\n") + "\n"
	var arrange, rest []string
	for _, l := range lines[9:19] {
		if strings.Contains(l, " arrange ") {
			arrange = append(arrange, l)
		} else {
			rest = append(rest, l)
		}
	}
	if len(arrange) != 4 || len(rest) != 6 {
		t.Fatalf("unexpected record opening: %d arrange lines", len(arrange))
	}
	// The same seats' cards in another order: every seat's secret changes.
	other := make([]string, len(arrange))
	for i, l := range arrange {
		f := strings.Fields(l)
		houses := f[2:]
		for j := 0; j < len(houses)/2; j++ {
			houses[j], houses[len(houses)-1-j] = houses[len(houses)-1-j], houses[j]
		}
		other[i] = strings.Join(append(f[:2], houses...), " ")
	}
	a := replayLines(t, head+strings.Join(append(arrange, rest...), "\n")+"\n")
	b := replayLines(t, head+strings.Join(append(other, rest...), "\n")+"\n")
	pa, pb := pixels(t, a, -1), pixels(t, b, -1)
	// Text drawn twice can differ by a rounding step where a glyph sits
	// elsewhere in Ebitengine's glyph cache: pixels count as changed only
	// beyond that.
	if rendertest.SamePicture(pa, pb) != nil {
		minX, minY, maxX, maxY := 960, 540, 0, 0
		for i := 0; i < len(pa); i += 4 {
			if rendertest.Changed(pa[i:i+4], pb[i:i+4]) {
				x, y := (i/4)%960, (i/4)/960
				minX, minY, maxX, maxY = min(minX, x), min(minY, y), max(maxX, x), max(maxY, y)
			}
		}
		if d := os.Getenv("NTK_PICTURE_DIFF"); d != "" {
			for name, px := range map[string][]byte{"a": pa, "b": pb} {
				img := image.NewRGBA(image.Rect(0, 0, 960, 540))
				copy(img.Pix, px)
				var buf bytes.Buffer
				if err := png.Encode(&buf, img); err == nil {
					_ = os.WriteFile(d+"/"+name+".png", buf.Bytes(), 0o644)
				}
			}
		}
		t.Logf("differ in x %d..%d, y %d..%d (of 960x540)", minX, maxX, minY, maxY)
		t.Fatal("the public picture changes with the loyalty cards: it shows a secret")
	}
	if rendertest.SamePicture(pa, pixels(t, a, a.ToAct())) == nil {
		t.Fatal("the public picture equals the table shown to a seat: the test cannot tell secrets apart")
	}
}
